/**
 * Signing in from the environment, shared by `cli today`, `cli records` and `cli watch`:
 * - `CLASSCHARTS_BASE_URL`: service root (default `https://www.classcharts.com`; the fake server's URL in
 *   tests and demos);
 * - a student: `CLASSCHARTS_CODE`, and `CLASSCHARTS_DOB` (DD/MM/YYYY or YYYY-MM-DD) unless the school gave a
 *   code only;
 * - or a parent: `CLASSCHARTS_EMAIL` + `CLASSCHARTS_PASSWORD`, and optionally `CLASSCHARTS_PUPIL` (a pupil
 *   id, or a first name, case-insensitive; default the first pupil);
 * - `CLASSCHARTS_TIMEOUT_MS`: per-request timeout (default 15 000);
 * - `CLASSCHARTS_DEBUG=1`: client logs and stack traces on stderr.
 * Secrets stay in memory; nothing here prints or logs them.
 */
import { ClassChartsClient, type Credentials } from '../main/classcharts/client';
import type { Account, Pupil } from '../common/domain';
import { type Clock, type Logger, silentLogger, systemClock } from '../main/ports';
import { UsageError } from './errors';

/** The production service root. */
export const DEFAULT_BASE_URL = 'https://www.classcharts.com';

/** What the environment says: where, who, and which pupil. */
export interface EnvConfig {
  baseUrl: string;
  credentials: Credentials;
  /** `CLASSCHARTS_PUPIL` as given (an id or a first name), or `null`. */
  pupil: string | null;
  /** Per-request timeout in ms, or `undefined` for the client's default. */
  timeoutMs: number | undefined;
  debug: boolean;
}

/** Injectable pieces (tests pass their own); defaults: global fetch, system clock, stderr logger if debug. */
export interface CliDeps {
  fetch?: typeof fetch;
  clock?: Clock;
  logger?: Logger;
}

/** A signed-in client with the account and the chosen pupil. */
export interface SignedIn {
  client: ClassChartsClient;
  account: Account;
  pupil: Pupil;
  config: EnvConfig;
}

/** Trimmed value of a variable, or `null` when unset or blank. */
function read(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

/**
 * Reads the configuration from `env`. Throws UsageError when neither (or both) sign-in pairs are set,
 * when a pair is incomplete, or when the base URL or timeout is unusable. Sign-in details are checked
 * further (format) by the client's `login()`.
 */
export function readEnv(env: NodeJS.ProcessEnv): EnvConfig {
  const baseUrl = read(env, 'CLASSCHARTS_BASE_URL') ?? DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError('CLASSCHARTS_BASE_URL is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UsageError('CLASSCHARTS_BASE_URL must start with https:// or http://');

  const code = read(env, 'CLASSCHARTS_CODE');
  const dob = read(env, 'CLASSCHARTS_DOB');
  const email = read(env, 'CLASSCHARTS_EMAIL');
  const password = env.CLASSCHARTS_PASSWORD ?? null;
  const student = code !== null || dob !== null;
  const parent = email !== null || (password !== null && password !== '');
  if (student && parent)
    throw new UsageError(
      'set either CLASSCHARTS_CODE (+ CLASSCHARTS_DOB) or CLASSCHARTS_EMAIL + CLASSCHARTS_PASSWORD, not both',
    );
  let credentials: Credentials;
  if (student) {
    // CLASSCHARTS_DOB is left out by a pupil whose school gave a code only (docs/classcharts-api.md §2.3).
    if (code === null)
      throw new UsageError(
        'a student sign-in needs CLASSCHARTS_CODE (and CLASSCHARTS_DOB, DD/MM/YYYY, if asked)',
      );
    credentials = { kind: 'student', code, dateOfBirth: dob ?? '' };
  } else if (parent) {
    if (email === null || password === null || password === '')
      throw new UsageError('a parent sign-in needs both CLASSCHARTS_EMAIL and CLASSCHARTS_PASSWORD');
    credentials = { kind: 'parent', email, password };
  } else {
    throw new UsageError(
      'no sign-in details: set CLASSCHARTS_CODE (+ CLASSCHARTS_DOB if your school asks for it) for a ' +
        'student, or CLASSCHARTS_EMAIL + CLASSCHARTS_PASSWORD for a parent',
    );
  }

  const timeout = read(env, 'CLASSCHARTS_TIMEOUT_MS');
  let timeoutMs: number | undefined;
  if (timeout !== null) {
    timeoutMs = Number(timeout);
    if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 100)
      throw new UsageError('CLASSCHARTS_TIMEOUT_MS must be a whole number of milliseconds, at least 100');
  }
  const debug = read(env, 'CLASSCHARTS_DEBUG') === '1';
  return {
    baseUrl: url.href.replace(/\/+$/, ''),
    credentials,
    pupil: read(env, 'CLASSCHARTS_PUPIL'),
    timeoutMs,
    debug,
  };
}

/** A logger writing one line per entry to stderr (debug mode only); fields never hold secrets. */
export const stderrLogger: Logger = {
  debug: (message, fields) =>
    process.stderr.write(`debug ${message} ${fields ? JSON.stringify(fields) : ''}\n`),
  info: (message, fields) =>
    process.stderr.write(`info  ${message} ${fields ? JSON.stringify(fields) : ''}\n`),
  warn: (message, fields) =>
    process.stderr.write(`warn  ${message} ${fields ? JSON.stringify(fields) : ''}\n`),
  error: (message, fields) =>
    process.stderr.write(`error ${message} ${fields ? JSON.stringify(fields) : ''}\n`),
};

/** A client for the configuration (not signed in yet). */
export function createClient(config: EnvConfig, deps: CliDeps = {}): ClassChartsClient {
  return new ClassChartsClient({
    fetch: deps.fetch ?? globalThis.fetch,
    baseUrl: config.baseUrl,
    clock: deps.clock ?? systemClock,
    logger: deps.logger ?? (config.debug ? stderrLogger : silentLogger),
    timeoutMs: config.timeoutMs,
  });
}

/**
 * The pupil `selector` names (an id, or a first name, case-insensitive), or the first pupil when
 * `selector` is `null`. Throws UsageError when none matches (the message lists the first names).
 */
export function selectPupil(pupils: readonly Pupil[], selector: string | null): Pupil {
  const first = pupils[0];
  if (first === undefined) throw new UsageError('this account has no pupils');
  if (selector === null) return first;
  const wanted = selector.trim().toLowerCase();
  const match =
    pupils.find((p) => String(p.id) === wanted) ??
    pupils.find((p) => p.firstName.toLowerCase() === wanted) ??
    pupils.find((p) => p.name.toLowerCase() === wanted);
  if (match === undefined)
    throw new UsageError(
      `CLASSCHARTS_PUPIL matches no pupil (this account has: ${pupils.map((p) => p.firstName).join(', ')})`,
    );
  return match;
}

/**
 * Reads the environment, signs in and loads the account: student = login + `/ping`; parent = login +
 * `/ping` + `/pupils`, then picks the pupil named by `CLASSCHARTS_PUPIL` (a student's own pupil otherwise).
 * @throws UsageError, and the client's errors (WrongCredentialsError, NetworkError, …).
 */
export async function signInFromEnv(env: NodeJS.ProcessEnv, deps: CliDeps = {}): Promise<SignedIn> {
  const config = readEnv(env);
  const client = createClient(config, deps);
  await client.login(config.credentials);
  const account = await client.account();
  const pupil =
    account.kind === 'parent' ? selectPupil(account.pupils, config.pupil) : selectPupil(account.pupils, null);
  return { client, account, pupil, config };
}
