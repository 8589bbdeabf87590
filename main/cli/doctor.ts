/**
 * `npm run cli -- doctor [--json]`: checks the app's client against the live ClassCharts in one command,
 * for a real user to run and send back (docs/live-check.md). Signs in from the environment (./env.ts),
 * calls every endpoint the app uses once (./probe.ts) and prints one line per call:
 * - reached: HTTP status and milliseconds (or why not);
 * - answered: the success envelope, or the service's error text;
 * - parsed: whether the app's schema (main/classcharts/schemas.ts) accepts it, or the first problems;
 * - the fields the service sent that the schema does not know, and the fields the schema expects that it
 *   did not send (names only, main/classcharts/schema-fields.ts).
 * No value is printed: no token, cookie, name, code, id or text of the account. Pupils are "pupil 1 of 2".
 *
 * Exit codes (./errors.ts): 0 every answer parsed; 3 one did not (or did not come); 2 wrong sign-in
 * details or bad arguments.
 *
 * `--json` prints {@link DoctorReport}: `{ version: 1, today, account, pupils: {count, checked}, ok,
 * checks: DoctorCheck[] }`.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { NetworkError } from '../classcharts/errors';
import { compareFields, type MissingField } from '../classcharts/schema-fields';
import { excerptOf } from '../classcharts/transport';
import type { IsoDate } from '../classcharts/types';
import type { CliDeps } from './env';
import { EXIT, reportingErrors } from './errors';
import type { CliIo } from './output';
import { probeAccount, type ProbeCall, type ProbeResult } from './probe';

/** How an endpoint answered. */
export type Answered = 'success' | 'error' | 'redirect' | 'not-json' | 'none';

/** The verdict on one call. Holds no value of the account: paths, numbers of the exchange, names. */
export interface DoctorCheck {
  endpoint: string;
  /** 1-based pupil position (`pupil 1 of 2`), `null` for sign-in, ping and pupils. */
  pupil: number | null;
  method: string;
  /** Path with the pupil id written `{pupil}`. */
  path: string;
  /** HTTP status, `null` when no answer came. */
  status: number | null;
  ms: number | null;
  /** Why no answer came (`timed out`, `network failure`), else `null`. */
  unreachable: string | null;
  answered: Answered;
  /** The service's error text (secrets redacted), when `answered` is `error`. */
  error: string | null;
  /** The schema accepted the answer. Always `true` for the sign-in (it has no JSON). */
  parsed: boolean;
  /** The schema's first three distinct problems (`data[].id: Invalid input`), when not parsed. */
  issues: string[];
  /** Fields sent that the schema does not know (JSON paths). */
  unknownFields: string[];
  /** Fields the schema expects that were not sent. */
  missingFields: MissingField[];
}

/** The `doctor --json` report. */
export interface DoctorReport {
  version: 1;
  today: IsoDate;
  account: 'student' | 'parent';
  pupils: { count: number; checked: number[] };
  /** Every check parsed. */
  ok: boolean;
  checks: DoctorCheck[];
}

/** Envelope keys the transport reads itself (./transport.ts `check`), so no schema declares them. */
const ENVELOPE_KEYS = ['success'];

/** Is this a `success: 0`-style envelope (or an `error` without data)? Mirrors the transport's check. */
function isErrorEnvelope(json: Record<string, unknown>): boolean {
  const failed = json.success === 0 || json.success === '0' || json.success === false;
  return failed || (typeof json.error === 'string' && json.error !== '' && json.data === undefined);
}

/** An issue path with array indices written `[]`, e.g. `data[].id`. */
function issuePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path)
    text += typeof part === 'number' ? '[]' : `${text === '' ? '' : '.'}${String(part)}`;
  return text || '(root)';
}

/** The verdict on one probed call; `secrets` (the sign-in details) are redacted from error texts. */
export function judge(call: ProbeCall, secrets: readonly string[]): DoctorCheck {
  const base = {
    endpoint: call.endpoint,
    pupil: call.pupil,
    method: call.method,
    path: call.path,
    error: null,
    issues: [],
    unknownFields: [],
    missingFields: [],
  };
  const exchange = call.exchange;
  if (exchange === null) {
    const unreachable =
      call.error instanceof NetworkError
        ? call.error.timedOut
          ? 'timed out'
          : 'network failure'
        : `not asked (${call.error instanceof Error ? call.error.name : 'unknown error'})`;
    return { ...base, status: null, ms: null, unreachable, answered: 'none', parsed: false };
  }
  const reached = { ...base, status: exchange.status, ms: exchange.ms, unreachable: null };
  if (call.endpoint === 'login') return { ...reached, answered: 'success', parsed: true };
  if (exchange.status >= 300 && exchange.status < 400)
    return { ...reached, answered: 'redirect', parsed: false };
  let json: unknown;
  try {
    json = JSON.parse(exchange.body);
  } catch {
    return { ...reached, answered: 'not-json', parsed: false };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { ...reached, answered: 'not-json', parsed: false };
  if (isErrorEnvelope(json as Record<string, unknown>)) {
    const text = (json as { error?: unknown }).error;
    return {
      ...reached,
      answered: 'error',
      error: excerptOf(typeof text === 'string' ? text : '(no error text)', secrets),
      parsed: false,
    };
  }
  const result = z.safeParse(call.schema, json);
  const fields = compareFields(call.schema, json, { alsoKnown: ENVELOPE_KEYS });
  return {
    ...reached,
    answered: 'success',
    parsed: result.success && exchange.status < 400,
    issues: result.success
      ? []
      : [...new Set(result.error.issues.map((issue) => `${issuePath(issue.path)}: ${issue.message}`))].slice(
          0,
          3,
        ),
    unknownFields: fields.unknown,
    missingFields: fields.missing,
  };
}

/** The report of a probe (see {@link DoctorReport}). */
export function doctorReport(probe: ProbeResult): DoctorReport {
  const credentials = probe.config.credentials;
  const secrets =
    credentials.kind === 'student'
      ? [credentials.code, credentials.dateOfBirth]
      : [credentials.email, credentials.password];
  const checks = probe.calls.map((call) => judge(call, secrets));
  return {
    version: 1,
    today: probe.today,
    account: probe.kind,
    pupils: { count: probe.pupilCount, checked: probe.checked },
    ok: checks.every((check) => check.parsed),
    checks,
  };
}

/** A list of paths for a line: all of them, comma-separated, or `none`. */
function listed(paths: readonly string[]): string {
  return paths.length === 0 ? 'none' : paths.join(', ');
}

/** The readable report: a heading, then one line per check. */
export function formatDoctor(report: DoctorReport): string {
  const checked =
    report.pupils.checked.length === report.pupils.count
      ? `all ${report.pupils.count}`
      : report.pupils.checked.map((n) => `pupil ${n}`).join(', ');
  const lines = [
    `ClassCharts doctor, ${report.today}: ${report.account} account, ${report.pupils.count} pupil(s), checked ${checked}`,
  ];
  for (const check of report.checks) {
    const who = check.pupil === null ? '' : ` (pupil ${check.pupil} of ${report.pupils.count})`;
    const head = `${check.parsed ? 'ok  ' : 'FAIL'} ${check.endpoint}${who} ${check.method} ${check.path}`;
    if (check.status === null) {
      lines.push(`${head}: not reached: ${check.unreachable ?? ''}`);
      continue;
    }
    const parts = [`HTTP ${check.status} in ${check.ms} ms`];
    if (check.answered === 'error') parts.push(`service error: ${check.error ?? ''}`);
    else if (check.answered !== 'success')
      parts.push(check.answered === 'redirect' ? 'redirected' : 'not JSON');
    else if (check.endpoint === 'login') parts.push('signed in');
    else {
      parts.push('success');
      parts.push(check.parsed ? 'parsed' : `NOT parsed: ${check.issues.join('; ')}`);
      parts.push(`unknown fields: ${listed(check.unknownFields)}`);
      parts.push(
        `missing fields: ${listed(check.missingFields.map((m) => (m.required ? `${m.path} (required)` : m.path)))}`,
      );
    }
    lines.push(`${head}: ${parts.join(' | ')}`);
  }
  lines.push(
    report.ok
      ? 'All answers parsed. This report holds no names, codes or tokens: you can send it as it is.'
      : 'Some answers did not parse (FAIL). This report holds no names, codes or tokens: you can send it as it is.',
  );
  return `${lines.join('\n')}\n`;
}

/** Runs `doctor` with its arguments (after the command name); returns the exit code. */
export async function runDoctor(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  deps: CliDeps = {},
): Promise<number> {
  return reportingErrors(env, io.err, async () => {
    const { values } = parseArgs({
      args: argv,
      options: { json: { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: false,
    });
    const report = doctorReport(await probeAccount(env, deps));
    io.out(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatDoctor(report));
    return report.ok ? EXIT.ok : EXIT.service;
  });
}
