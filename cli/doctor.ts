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
 * Then one `info` line per finding of issue 25 §5 ({@link DoctorFindings}; facts about the service, never
 * a failure, so they change neither `ok` nor the exit code):
 * - `blank-dob`: what `hasdob` and `checkpupilcode` say about the pupil's code (./live-facts.ts);
 * - `encoded-names`: how many text fields hold an HTML character reference (./answer-facts.ts);
 * - `timetable-shape`: `/timetable`'s `data` a list, an object keyed by date, or else (./answer-facts.ts);
 * - `expiry-status`: the status of a made-up token's ping with and without `X-Requested-With`;
 * - `stale-ping`: with `--stale-ping` (over 3 minutes), whether a token left unused 190 s still renews.
 *
 * `--json` prints {@link DoctorReport}: `{ version: 2, today, account, pupils: {count, checked}, ok,
 * checks: DoctorCheck[], findings: DoctorFindings }` (version 1 had no `findings`).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { NetworkError } from '../main/classcharts/errors';
import { compareFields, type MissingField } from '../main/classcharts/schema-fields';
import { excerptOf } from '../main/classcharts/transport';
import type { IsoDate } from '../common/domain';
import {
  encodedNames,
  type EncodedNamesFinding,
  timetableShapes,
  type TimetableShapeFinding,
} from './answer-facts';
import type { CliDeps } from './env';
import { EXIT, reportingErrors } from './errors';
import {
  type Answered,
  askCodeHelpers,
  askExpiry,
  askStalePing,
  type BlankDobFinding,
  type CodeHelperAnswer,
  type ExpiryAnswer,
  type ExpiryStatusFinding,
  answerOf,
  secretsOf,
  skippedStalePing,
  type StalePingFinding,
  type StalePingOptions,
  unreachableReason,
} from './live-facts';
import type { CliIo } from './output';
import { probeAccount, type ProbeCall, type ProbeResult } from './probe';

export type { Answered } from './live-facts';

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

/**
 * What the doctor found out about the service (issue 25 §5; docs/live-check.md says what each verdict
 * means): flags, counts, statuses and fixed paths only.
 */
export interface DoctorFindings {
  /** a. Does this pupil sign in with a code only? (`not-applicable` for a parent.) */
  blankDob: BlankDobFinding;
  /** b. Do text fields arrive HTML-encoded? */
  encodedNames: EncodedNamesFinding;
  /** c. `/timetable`'s `data`: a list, or an object keyed by date? */
  timetableShape: TimetableShapeFinding;
  /** d. An expired session: HTTP 200 or 401, with and without `X-Requested-With`? */
  expiryStatus: ExpiryStatusFinding;
  /** e. Does a token left unused past its life still renew? (`skipped` without `--stale-ping`.) */
  stalePing: StalePingFinding;
}

/** The `doctor --json` report. Version 2 added `findings`; the other fields are as in version 1. */
export interface DoctorReport {
  version: 2;
  today: IsoDate;
  account: 'student' | 'parent';
  pupils: { count: number; checked: number[] };
  /** Every check parsed. */
  ok: boolean;
  checks: DoctorCheck[];
  findings: DoctorFindings;
}

/** The findings that need requests of their own (./live-facts.ts); the others come from the probe. */
export type LiveFindings = Pick<DoctorFindings, 'blankDob' | 'expiryStatus' | 'stalePing'>;

/** Envelope keys the transport reads itself (./transport.ts `check`), so no schema declares them. */
const ENVELOPE_KEYS = ['success'];

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
        ? unreachableReason(call.error)
        : `not asked (${call.error instanceof Error ? call.error.name : 'unknown error'})`;
    return { ...base, status: null, ms: null, unreachable, answered: 'none', parsed: false };
  }
  const reached = { ...base, status: exchange.status, ms: exchange.ms, unreachable: null };
  if (call.endpoint === 'login') return { ...reached, answered: 'success', parsed: true };
  const { answered, json } = answerOf(exchange.status, exchange.body);
  if (json === null) return { ...reached, answered, parsed: false };
  if (answered === 'error') {
    const text = json.error;
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

/** Live findings when none were asked: every one reported as not asked (`unknown`, `other`, `skipped`). */
function notAsked(probe: ProbeResult): LiveFindings {
  const path = `/apiv2${probe.kind}/ping`;
  const none: Omit<ExpiryAnswer, 'xRequestedWith'> = {
    status: null,
    unreachable: 'not asked',
    answered: 'none',
    expired: null,
    error: null,
    location: null,
  };
  return {
    blankDob: {
      dobGiven: null,
      hasdob: null,
      checkpupilcode: null,
      verdict: probe.kind === 'student' ? 'unknown' : 'not-applicable',
    },
    expiryStatus: {
      method: 'POST',
      path,
      withHeader: { ...none, xRequestedWith: true },
      withoutHeader: { ...none, xRequestedWith: false },
      verdict: 'other',
    },
    stalePing: skippedStalePing(probe.config),
  };
}

/**
 * The report of a probe (see {@link DoctorReport}); `live` holds the findings of ./live-facts.ts (without
 * it they read "not asked"), the others are read from the probe's answers.
 */
export function doctorReport(probe: ProbeResult, live: LiveFindings = notAsked(probe)): DoctorReport {
  const secrets = secretsOf(probe.config);
  const checks = probe.calls.map((call) => judge(call, secrets));
  return {
    version: 2,
    today: probe.today,
    account: probe.kind,
    pupils: { count: probe.pupilCount, checked: probe.checked },
    ok: checks.every((check) => check.parsed),
    checks,
    findings: {
      blankDob: live.blankDob,
      encodedNames: encodedNames(probe.calls),
      timetableShape: timetableShapes(probe.calls),
      expiryStatus: live.expiryStatus,
      stalePing: live.stalePing,
    },
  };
}

/**
 * Sends the doctor's own requests (./live-facts.ts) after the probe: the code helpers (students), the two
 * expiry pings, then, when `stalePing` is given, the stale-ping check (its sign-in last, so no later one can
 * end the session it waits on). Never throws: what fails is reported in the finding.
 */
export async function askLiveFindings(
  probe: ProbeResult,
  deps: CliDeps = {},
  stalePing: StalePingOptions | null = null,
): Promise<LiveFindings> {
  const blankDob = await askCodeHelpers(probe.config, deps);
  const expiryStatus = await askExpiry(probe.config, deps);
  const stale =
    stalePing === null ? skippedStalePing(probe.config) : await askStalePing(probe.config, deps, stalePing);
  return { blankDob, expiryStatus, stalePing: stale };
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
  lines.push(...formatFindings(report));
  lines.push(
    report.ok
      ? 'All answers parsed. This report holds no names, codes or tokens: you can send it as it is.'
      : 'Some answers did not parse (FAIL). This report holds no names, codes or tokens: you can send it as it is.',
  );
  return `${lines.join('\n')}\n`;
}

/** A status for a finding's line: `HTTP 200`, or `not reached (timed out)`. */
function reached(answer: { status: number | null; unreachable: string | null }): string {
  return answer.status === null
    ? `not reached (${answer.unreachable ?? 'no answer'})`
    : `HTTP ${answer.status}`;
}

/** What an answer said, for a finding's line: `expired: 1`, `success`, `redirected to …`, `not JSON`. */
function saidOf(answer: {
  answered: Answered;
  expired: boolean | null;
  location?: string | null;
}): string | null {
  if (answer.answered === 'none') return null;
  if (answer.answered === 'redirect') return `redirected${answer.location ? ` to ${answer.location}` : ''}`;
  if (answer.answered === 'not-json') return 'not JSON';
  if (answer.answered === 'success') return 'success';
  return `error, ${answer.expired === null ? 'no expired flag' : `expired: ${answer.expired ? 1 : 0}`}`;
}

/** A code helper's answer for the `blank-dob` line. */
function codeHelperText(name: string, answer: CodeHelperAnswer | null): string {
  if (answer === null) return `${name}: not asked`;
  const parts = [reached(answer)];
  if (answer.answered === 'success')
    parts.push(answer.hasDob === null ? 'no has_dob' : `has_dob ${answer.hasDob}`);
  else if (answer.answered !== 'none') parts.push(saidOf({ ...answer, expired: null }) ?? '');
  return `${answer.method} ${answer.path}: ${parts.join(', ')}`;
}

/** What each `blank-dob` verdict means, for the line. */
const BLANK_DOB_MEANING: Record<BlankDobFinding['verdict'], string> = {
  'blank-accepted': 'signed in with no date of birth: a blank one is accepted',
  'dob-on-record': 'this code has a date of birth on record: the service asks for it',
  'no-dob-on-record': 'this code has no date of birth on record: the school signs pupils in with a code only',
  unknown: 'the service did not say whether this code has a date of birth',
  'not-applicable': 'not asked (student accounts only)',
};

/** What each `expiry-status` verdict means, for the line. */
const EXPIRY_MEANING: Record<ExpiryStatusFinding['verdict'], string> = {
  'http-200': 'an expired session comes as HTTP 200',
  'http-401': 'an expired session comes as HTTP 401',
  'http-401-with-header-only': 'an expired session comes as HTTP 401 only with X-Requested-With',
  'http-401-without-header-only': 'an expired session comes as HTTP 401 only without X-Requested-With',
  other: 'neither answer reads as an expired session: see the statuses',
};

/** What each `stale-ping` verdict means, for the line. */
const STALE_MEANING: Record<StalePingFinding['verdict'], string> = {
  skipped: 'skipped (run with --stale-ping, takes 3 min)',
  'sign-in-failed': 'its sign-in failed',
  renewed: 'a stale token still renews: the service sent a new session',
  expired: 'a stale token does not renew: the service said expired',
  other: 'the answer was neither a new session nor "expired"',
};

/** The `info` lines of the findings (see {@link DoctorFindings}), one per finding. */
export function formatFindings(report: DoctorReport): string[] {
  const { blankDob, encodedNames: names, timetableShape, expiryStatus, stalePing } = report.findings;
  const lines: string[] = [];

  const dob =
    blankDob.verdict === 'not-applicable'
      ? [BLANK_DOB_MEANING[blankDob.verdict]]
      : [
          blankDob.dobGiven === false ? 'no date of birth given' : 'a date of birth given',
          codeHelperText('hasdob', blankDob.hasdob),
          codeHelperText('checkpupilcode', blankDob.checkpupilcode),
          `${BLANK_DOB_MEANING[blankDob.verdict]} (${blankDob.verdict})`,
        ];
  lines.push(`info blank-dob: ${dob.join(' | ')}`);

  const fields = names.byField
    .filter((f) => f.encoded > 0)
    .map((f) => {
      const twice = f.doubleEncoded > 0 ? ` (${f.doubleEncoded} twice)` : '';
      return `${f.endpoint} ${f.field} ${f.encoded} of ${f.values}${twice}`;
    });
  const counts =
    `${names.encoded} of ${names.fields} text fields hold a character reference, ` +
    `${names.doubleEncoded} encoded twice`;
  lines.push(
    `info encoded-names: ${[counts, ...(fields.length > 0 ? [fields.join(', ')] : [])].join(' | ')} ` +
      `(${names.verdict})`,
  );

  const shapes = timetableShape.shapes.map(
    (s) => `${s.pupil === null ? 'account' : `pupil ${s.pupil} of ${report.pupils.count}`}: ${s.shape}`,
  );
  const shapeList = shapes.length > 0 ? shapes.join(', ') : 'no timetable asked';
  lines.push(`info timetable-shape: ${shapeList} (${timetableShape.verdict})`);

  const expiry = (label: string, answer: ExpiryAnswer) =>
    `${label}: ${[reached(answer), saidOf(answer)].filter((p) => p !== null).join(', ')}`;
  lines.push(
    `info expiry-status ${expiryStatus.method} ${expiryStatus.path} with a made-up token: ` +
      [
        expiry('with X-Requested-With', expiryStatus.withHeader),
        expiry('without', expiryStatus.withoutHeader),
        `${EXPIRY_MEANING[expiryStatus.verdict]} (${expiryStatus.verdict})`,
      ].join(' | '),
  );

  if (stalePing.verdict === 'skipped') lines.push(`info stale-ping: ${STALE_MEANING.skipped}`);
  else {
    const parts = [`token unused ${stalePing.waitedSeconds ?? 0} s`];
    if (stalePing.verdict === 'sign-in-failed') parts.push(`not reached (${stalePing.unreachable ?? ''})`);
    else {
      parts.push([reached(stalePing), saidOf(stalePing)].filter((p) => p !== null).join(', '));
      if (stalePing.newSession)
        parts.push(`a new session, which works: ${stalePing.newTokenWorks ? 'yes' : 'no'}`);
    }
    parts.push(`${STALE_MEANING[stalePing.verdict]} (${stalePing.verdict})`);
    lines.push(`info stale-ping ${stalePing.method} ${stalePing.path}: ${parts.join(' | ')}`);
  }
  return lines;
}

/** How `doctor --stale-ping` waits (tests shorten it); default {@link StalePingOptions}' defaults. */
export type DoctorOptions = Omit<StalePingOptions, 'onWait'>;

/**
 * Runs `doctor` with its arguments (after the command name: `--json`, `--stale-ping`); returns the exit
 * code. `options` sets the stale-ping wait (tests); the wait is announced on `io.err`.
 */
export async function runDoctor(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  deps: CliDeps = {},
  options: DoctorOptions = {},
): Promise<number> {
  return reportingErrors(env, io.err, async () => {
    const { values } = parseArgs({
      args: argv,
      options: {
        json: { type: 'boolean', default: false },
        'stale-ping': { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
    const probe = await probeAccount(env, deps);
    const stale: StalePingOptions | null = values['stale-ping']
      ? {
          ...options,
          onWait: (ms) =>
            io.err(
              `doctor: leaving a new session token unused for ${Math.round(ms / 1000)} s (--stale-ping)…\n`,
            ),
        }
      : null;
    const report = doctorReport(probe, await askLiveFindings(probe, deps, stale));
    io.out(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatDoctor(report));
    return report.ok ? EXIT.ok : EXIT.service;
  });
}
