/**
 * The requests `cli doctor` (./doctor.ts) sends beyond the app's own calls, to settle what the sources
 * disagree on (issue 25 §5; docs/live-check.md says what each answer means):
 * - {@link askCodeHelpers}: what `POST /apiv2student/hasdob` (form `code`) and `GET
 *   /student/checkpupilcode/<code>` say about the pupil's code (`has_dob`), for a student: does this pupil
 *   sign in with a code only (docs/classcharts-api.md §2.3; daydreme/classcharts-server-mock
 *   `pkg/student/user/auth.go`; classchartspro `cdn/js/login.js` shows the date field only when `has_dob`);
 * - {@link askExpiry}: a ping with a made-up session token, once with `X-Requested-With: XMLHttpRequest` and
 *   once without: does an expired session come as HTTP 200 or 401 (§2.6; devramsean0 `authFetch.ts` and
 *   proffalken/ha-classcharts `api.py` key it on 401);
 * - {@link askStalePing} (only with `--stale-ping`): a token left unused past its 180 s, then pinged: does
 *   the service hand out a new session (skeffling/timetable-plus pings with a timed-out token) or say
 *   "expired".
 * No extra sign-in with wrong details is ever tried (a school may lock the account). Every answer is kept as
 * numbers, flags and fixed paths only; error texts are redacted with ../classcharts/transport.ts
 * `excerptOf`. None of these throws: a failure is reported as `unreachable`.
 *
 * Requests go through the client's own {@link Transport} (timeout, size cap, cookie jar of
 * ../classcharts/cookies.ts, the web app's headers) on the CLI's fetch; the expiry pings set or remove
 * `X-Requested-With` on the way out, so that header is the one difference between the two.
 */
import { randomInt } from 'node:crypto';
import { NetworkError } from '../main/classcharts/errors';
import { hasDobSchema } from '../main/classcharts/schemas';
import {
  excerptOf,
  isErrorEnvelope,
  type RawResponse,
  Transport,
  type TransportRequest,
} from '../main/classcharts/transport';
import { normaliseAccessCode } from '../main/classcharts/validate';
import { silentLogger, systemClock } from '../main/ports';
import { type CliDeps, createClient, type EnvConfig } from './env';
import { capturingFetch, type Exchange } from './probe';

/** How an endpoint answered: a success envelope, an error envelope, a redirect, no JSON, or nothing. */
export type Answered = 'success' | 'error' | 'redirect' | 'not-json' | 'none';

/**
 * An answer read without a schema (HTTP `status`, `body` as text): how it answered — a redirect (3xx),
 * not a JSON object, the error envelope (../classcharts/transport.ts `isErrorEnvelope`) or a success — and
 * its JSON object when it is one.
 */
export function answerOf(
  status: number,
  body: string,
): { answered: Answered; json: Record<string, unknown> | null } {
  if (status >= 300 && status < 400) return { answered: 'redirect', json: null };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { answered: 'not-json', json: null };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { answered: 'not-json', json: null };
  const record = json as Record<string, unknown>;
  return { answered: isErrorEnvelope(record) ? 'error' : 'success', json: record };
}

/** The body's `expired` flag: `true` for `1`/`"1"`/`true`, `false` for `0`/`"0"`/`false`, else `null`. */
function expiredFlag(json: Record<string, unknown> | null): boolean | null {
  const value = json?.expired;
  if (value === 1 || value === '1' || value === true) return true;
  if (value === 0 || value === '0' || value === false) return false;
  return null;
}

/** Why a request got no answer: `timed out`, `network failure`, or the error's name. */
export function unreachableReason(error: unknown): string {
  if (error instanceof NetworkError) return error.timedOut ? 'timed out' : 'network failure';
  return error instanceof Error ? error.name : 'unknown error';
}

/** The transport the extra requests go through: the CLI's fetch (or `fetch`), clock and timeout. */
function transportFor(config: EnvConfig, deps: CliDeps, fetch?: typeof globalThis.fetch): Transport {
  return new Transport({
    fetch: fetch ?? deps.fetch ?? globalThis.fetch,
    baseUrl: config.baseUrl,
    clock: deps.clock ?? systemClock,
    logger: silentLogger,
    timeoutMs: config.timeoutMs,
  });
}

/** The sign-in details, to redact from any text the service sends back. */
export function secretsOf(config: EnvConfig): string[] {
  const credentials = config.credentials;
  return credentials.kind === 'student'
    ? [credentials.code, credentials.dateOfBirth]
    : [credentials.email, credentials.password];
}

// ---------------------------------------------------------------------------------------------
// a. Is a blank date of birth accepted?
// ---------------------------------------------------------------------------------------------

/** One answer of a code helper (`hasdob`, `checkpupilcode`). `path` has the code written `{code}`. */
export interface CodeHelperAnswer {
  method: 'GET' | 'POST';
  path: string;
  /** HTTP status, `null` when no answer came. */
  status: number | null;
  /** Why no answer came, else `null`. */
  unreachable: string | null;
  answered: Answered;
  /** `data.has_dob` of a success, read as the app reads flags; `null` when absent or no success. */
  hasDob: boolean | null;
}

/**
 * The blank-date-of-birth finding (student accounts only). `verdict`:
 * - `blank-accepted`: the doctor signed in with no date of birth (`CLASSCHARTS_DOB` unset), so the service
 *   takes a code alone for this pupil;
 * - `dob-on-record`: `hasdob` said `has_dob: true`: this pupil has a date of birth and is asked for it;
 * - `no-dob-on-record`: `hasdob` said `has_dob: false` for a code that signs in: the school gave a code only;
 * - `unknown`: `hasdob` gave no `has_dob`;
 * - `not-applicable`: a parent account.
 * `checkpupilcode` is reported beside it: the Go mock answers `true` there for every known code, which the
 * real service may or may not do.
 */
export interface BlankDobFinding {
  /** A date of birth was given (`null` for a parent). */
  dobGiven: boolean | null;
  hasdob: CodeHelperAnswer | null;
  checkpupilcode: CodeHelperAnswer | null;
  verdict: 'blank-accepted' | 'dob-on-record' | 'no-dob-on-record' | 'unknown' | 'not-applicable';
}

/** Sends one code helper request and reads its `has_dob`. */
async function askCodeHelper(
  transport: Transport,
  request: TransportRequest & { method: 'GET' | 'POST' },
  shownPath: string,
): Promise<CodeHelperAnswer> {
  const base = { method: request.method, path: shownPath };
  let response: RawResponse;
  try {
    response = await transport.send({ ...request, auth: false });
  } catch (error) {
    return { ...base, status: null, unreachable: unreachableReason(error), answered: 'none', hasDob: null };
  }
  const { answered, json } = answerOf(response.status, response.body);
  const parsed = answered === 'success' ? hasDobSchema.safeParse(json) : null;
  const hasDob = parsed?.success ? (parsed.data.data.has_dob ?? null) : null;
  return { ...base, status: response.status, unreachable: null, answered, hasDob };
}

/**
 * Asks `hasdob` and `checkpupilcode` about the signed-in pupil's code and gives the
 * {@link BlankDobFinding}. A parent gets `not-applicable` without a request. The code goes as the client
 * sends it (trimmed, upper-cased: ../classcharts/validate.ts `normaliseAccessCode`); the paths shown write it
 * `{code}`.
 */
export async function askCodeHelpers(config: EnvConfig, deps: CliDeps = {}): Promise<BlankDobFinding> {
  const credentials = config.credentials;
  if (credentials.kind !== 'student')
    return { dobGiven: null, hasdob: null, checkpupilcode: null, verdict: 'not-applicable' };
  const dobGiven = credentials.dateOfBirth.trim() !== '';
  let code: string;
  try {
    code = normaliseAccessCode(credentials.code);
  } catch {
    return { dobGiven, hasdob: null, checkpupilcode: null, verdict: dobGiven ? 'unknown' : 'blank-accepted' };
  }
  const transport = transportFor(config, deps);
  const hasdob = await askCodeHelper(
    transport,
    { method: 'POST', path: '/apiv2student/hasdob', form: { code } },
    '/apiv2student/hasdob',
  );
  const checkpupilcode = await askCodeHelper(
    transport,
    { method: 'GET', path: `/student/checkpupilcode/${encodeURIComponent(code)}` },
    '/student/checkpupilcode/{code}',
  );
  const verdict = !dobGiven
    ? 'blank-accepted'
    : hasdob.hasDob === true
      ? 'dob-on-record'
      : hasdob.hasDob === false
        ? 'no-dob-on-record'
        : 'unknown';
  return { dobGiven, hasdob, checkpupilcode, verdict };
}

// ---------------------------------------------------------------------------------------------
// d. Expiry: HTTP 200 or 401, with and without X-Requested-With?
// ---------------------------------------------------------------------------------------------

/** One answer to a made-up token. */
export interface ExpiryAnswer {
  /** `X-Requested-With: XMLHttpRequest` was sent. */
  xRequestedWith: boolean;
  status: number | null;
  unreachable: string | null;
  answered: Answered;
  /** The body's `expired` flag (`expired: 1` → `true`), `null` when it has none or is not JSON. */
  expired: boolean | null;
  /** The service's error text, redacted and shortened, or `null`. */
  error: string | null;
  /** Where a redirect pointed (host and path, no query), or `null`. */
  location: string | null;
}

/**
 * The expiry-status finding. `verdict`, from the statuses of the two answers:
 * - `http-200`: both HTTP 200 with the error envelope (the legacy docs' "no different status code");
 * - `http-401`: both HTTP 401;
 * - `http-401-with-header-only`: 401 with `X-Requested-With`, 200 without;
 * - `http-401-without-header-only`: the other way round;
 * - `other`: anything else (a redirect, an HTML page, no answer): read the two answers.
 */
export interface ExpiryStatusFinding {
  method: 'POST';
  /** `/apiv2student/ping` or `/apiv2parent/ping`. */
  path: string;
  withHeader: ExpiryAnswer;
  withoutHeader: ExpiryAnswer;
  verdict: 'http-200' | 'http-401' | 'http-401-with-header-only' | 'http-401-without-header-only' | 'other';
}

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A session token no one holds: 32 random `[a-z0-9]` (node:crypto), the shape of a real one
 * (docs/classcharts-api.md §2.1); 36^32 ≈ 6 × 10^49 of them, so it cannot name a live session.
 */
export function madeUpToken(): string {
  let token = '';
  for (let i = 0; i < 32; i++) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}

/** How an answer reads for the verdict: `200` (error envelope at 200), `401`, or `other`. */
function expiryReading(answer: ExpiryAnswer): '200' | '401' | 'other' {
  if (answer.status === 401) return '401';
  return answer.status === 200 && answer.answered === 'error' ? '200' : 'other';
}

/** The host and path a redirect points to (no query: it may carry a return URL), or `null`. */
function locationOf(response: RawResponse): string | null {
  const location = response.headers.get('location');
  if (!location) return null;
  try {
    const url = new URL(location, 'http://relative.invalid');
    return url.host === 'relative.invalid' ? url.pathname : `${url.host}${url.pathname}`;
  } catch {
    return '(unreadable)';
  }
}

/**
 * Pings with a made-up token twice, `X-Requested-With: XMLHttpRequest` on the first only; both with the web
 * app's `Accept` and `Referer: <base>/mobile/<kind>` the transport sends on every request
 * (../classcharts/transport.ts `webAppHeaders`), the form `include_data=true`, and the cookies of an
 * anonymous visit of the sign-in page (`GET /<kind>/login`, which sets `cc-session`: without cookies the
 * service may send every API call to TES instead, §2.7). Gives the {@link ExpiryStatusFinding}.
 */
export async function askExpiry(config: EnvConfig, deps: CliDeps = {}): Promise<ExpiryStatusFinding> {
  const kind = config.credentials.kind;
  const path = `/apiv2${kind}/ping`;
  const inner = deps.fetch ?? globalThis.fetch;
  let ajax = false;
  const editing: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    if (ajax) headers.set('X-Requested-With', 'XMLHttpRequest');
    else headers.delete('X-Requested-With');
    return inner(input, { ...init, headers });
  };
  const transport = transportFor(config, deps, editing);
  try {
    await transport.send({ method: 'GET', path: `/${kind}/login`, auth: false });
  } catch {
    // No cookies then: the pings still tell something.
  }
  const ask = async (xRequestedWith: boolean): Promise<ExpiryAnswer> => {
    ajax = xRequestedWith;
    const token = madeUpToken();
    transport.token = token;
    const none = { xRequestedWith, expired: null, error: null, location: null };
    let response: RawResponse;
    try {
      response = await transport.send({ method: 'POST', path, form: { include_data: 'true' } });
    } catch (error) {
      return { ...none, status: null, unreachable: unreachableReason(error), answered: 'none' };
    } finally {
      transport.token = null;
    }
    const { answered, json } = answerOf(response.status, response.body);
    const text = typeof json?.error === 'string' ? json.error : null;
    return {
      ...none,
      status: response.status,
      unreachable: null,
      answered,
      expired: expiredFlag(json),
      error: text === null ? null : excerptOf(text, [token, ...secretsOf(config)]),
      location: answered === 'redirect' ? locationOf(response) : null,
    };
  };
  const withHeader = await ask(true);
  const withoutHeader = await ask(false);
  const readings = `${expiryReading(withHeader)}/${expiryReading(withoutHeader)}`;
  const verdict =
    readings === '200/200'
      ? 'http-200'
      : readings === '401/401'
        ? 'http-401'
        : readings === '401/200'
          ? 'http-401-with-header-only'
          : readings === '200/401'
            ? 'http-401-without-header-only'
            : 'other';
  return { method: 'POST', path, withHeader, withoutHeader, verdict };
}

// ---------------------------------------------------------------------------------------------
// e. Does a stale token ping?
// ---------------------------------------------------------------------------------------------

/** How long the stale-ping check leaves its token unused: 190 s, past the token's 180 s (§2.5). */
export const STALE_WAIT_MS = 190_000;

/** How the stale-ping check waits; tests pass a short wait, or one that moves a fake clock. */
export interface StalePingOptions {
  /** Milliseconds the token is left unused; default {@link STALE_WAIT_MS}. */
  waitMs?: number;
  /** Waits `ms` milliseconds; default a timer of the CLI's clock (`deps.clock`). */
  wait?: (ms: number) => Promise<void>;
  /** Called once before the wait, with its length in ms (the doctor says so on stderr). */
  onWait?: (ms: number) => void;
}

/**
 * The stale-ping finding. `verdict`:
 * - `skipped`: not asked (run with `--stale-ping`);
 * - `sign-in-failed`: the check's own sign-in failed (`unreachable` says why);
 * - `renewed`: the ping with the stale token answered a success with a new `meta.session_id`
 *   (`newTokenWorks`: a second ping with that new token succeeded);
 * - `expired`: it answered the error envelope with `expired` set or "not logged in", HTTP 401, or a
 *   redirect (to sign in);
 * - `other`: anything else (a success without a new session, another error, an HTML page, no answer).
 */
export interface StalePingFinding {
  /** Seconds the token was left unused, `null` when skipped. */
  waitedSeconds: number | null;
  method: 'POST';
  path: string;
  status: number | null;
  unreachable: string | null;
  answered: Answered;
  expired: boolean | null;
  /** The service's error text, redacted and shortened, or `null`. */
  error: string | null;
  /** The answer carried a new `meta.session_id` (`null` when skipped or none came). */
  newSession: boolean | null;
  /** A second ping with the new token succeeded; `null` when there was no new token. */
  newTokenWorks: boolean | null;
  verdict: 'skipped' | 'sign-in-failed' | 'renewed' | 'expired' | 'other';
}

/** The finding when `--stale-ping` was not given. */
export function skippedStalePing(config: EnvConfig): StalePingFinding {
  return {
    waitedSeconds: null,
    method: 'POST',
    path: `/apiv2${config.credentials.kind}/ping`,
    status: null,
    unreachable: null,
    answered: 'none',
    expired: null,
    error: null,
    newSession: null,
    newTokenWorks: null,
    verdict: 'skipped',
  };
}

/**
 * Signs in once more with the same (right) details through the client, leaves the token unused for
 * `waitMs` (default 190 s), then renews it as the app does (`client.renew()`: POST `/ping`,
 * `include_data=true`) and reads what came back (see {@link StalePingFinding}). Run it last: a later
 * sign-in might end the session it waits on.
 */
export async function askStalePing(
  config: EnvConfig,
  deps: CliDeps = {},
  options: StalePingOptions = {},
): Promise<StalePingFinding> {
  const waitMs = options.waitMs ?? STALE_WAIT_MS;
  const clock = deps.clock ?? systemClock;
  const wait =
    options.wait ?? ((ms: number) => new Promise<void>((resolve) => void clock.setTimeout(resolve, ms)));
  const log: Exchange[] = [];
  const client = createClient(config, {
    ...deps,
    fetch: capturingFetch(deps.fetch ?? globalThis.fetch, log),
  });
  const finding = { ...skippedStalePing(config), waitedSeconds: waitMs / 1000 };
  try {
    await client.login(config.credentials);
  } catch (error) {
    return { ...finding, unreachable: unreachableReason(error), verdict: 'sign-in-failed' };
  }
  options.onWait?.(waitMs);
  await wait(waitMs);
  const before = log.length;
  let thrown: unknown = null;
  try {
    await client.renew();
  } catch (error) {
    thrown = error;
  }
  const exchange = log.slice(before).at(-1);
  if (exchange === undefined) return { ...finding, unreachable: unreachableReason(thrown), verdict: 'other' };
  const { answered, json } = answerOf(exchange.status, exchange.body);
  const meta = json?.meta;
  const sessionId =
    typeof meta === 'object' && meta !== null ? (meta as { session_id?: unknown }).session_id : null;
  const newSession = answered === 'success' && typeof sessionId === 'string' && sessionId.trim() !== '';
  let newTokenWorks: boolean | null = null;
  if (newSession && thrown === null) {
    try {
      await client.renew();
      newTokenWorks = true;
    } catch {
      newTokenWorks = false;
    }
  }
  client.signOut();
  const expired = expiredFlag(json);
  const text = typeof json?.error === 'string' ? json.error : null;
  const notLoggedIn = answered === 'error' && (expired === true || /not logged in/i.test(text ?? ''));
  const verdict = newSession
    ? 'renewed'
    : notLoggedIn || answered === 'redirect' || exchange.status === 401
      ? 'expired'
      : 'other';
  return {
    ...finding,
    status: exchange.status,
    answered,
    expired,
    error: text === null ? null : excerptOf(text, secretsOf(config)),
    newSession,
    newTokenWorks,
    verdict,
  };
}
