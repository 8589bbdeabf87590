/**
 * Command-line options of `npm run fake-server` (./cli.ts), parsed with node:util `parseArgs`.
 */
import { parseArgs } from 'node:util';
import { isIsoDate, londonDate } from '../../common/dates';
import { busyYearDataset } from './busy-year';
import { DEMO_YEARS } from './holidays';
import type { FakeServerOptions } from './index';
import type { PeriodNameStyle } from './timetable';

/** The usage text printed on a bad argument. */
export const USAGE = `usage: npm run fake-server -- [--port N] [--host H] [--session-ttl S] [--latency-ms N] [--data FILE] [--seed N]
                             [--renewal-grace S] [--today YYYY-MM-DD] [--expired-status 200|401] [--tes-sso]
                             [--parent-cookie-name parent_session_credentials|student_session_credentials]
                             [--busy-year 1|10|100] [--timetable-by-date] [--stale-token-renews S]
                             [--period-names number|letter|padded]`;

/** The two names of the parent login cookie: the real service's, and the one the spec gives. */
const PARENT_COOKIE_NAMES = ['parent_session_credentials', 'student_session_credentials'] as const;

function isParentCookieName(value: string): value is (typeof PARENT_COOKIE_NAMES)[number] {
  return (PARENT_COOKIE_NAMES as readonly string[]).includes(value);
}

/** Parses a non-negative integer option; `undefined` when absent. @throws Error when malformed. */
/** `--period-names`: one of the shapes of ./timetable.ts `PeriodNameStyle`, or absent. */
function periodNames(value: string | undefined): PeriodNameStyle | undefined {
  if (value === undefined) return undefined;
  if (value === 'number' || value === 'letter' || value === 'padded') return value;
  throw new Error(`--period-names must be number, letter or padded, got "${value}"`);
}

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`--${name} needs a whole number, got "${value}"`);
  return Number(value);
}

/**
 * Turns command-line arguments into server options.
 * @throws Error with a message for the user on an unknown option or a malformed value.
 */
export function parseCliOptions(argv: string[]): FakeServerOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'session-ttl': { type: 'string' },
      'renewal-grace': { type: 'string' },
      'latency-ms': { type: 'string' },
      data: { type: 'string' },
      seed: { type: 'string' },
      today: { type: 'string' },
      'expired-status': { type: 'string' },
      'tes-sso': { type: 'boolean' },
      'parent-cookie-name': { type: 'string' },
      'busy-year': { type: 'string' },
      'timetable-by-date': { type: 'boolean' },
      'period-names': { type: 'string' },
      'stale-token-renews': { type: 'string' },
    },
  });
  const expired = values['expired-status'];
  if (expired !== undefined && expired !== '200' && expired !== '401') {
    throw new Error(`--expired-status must be 200 or 401, got "${expired}"`);
  }
  const today = values.today;
  const year = Number(today?.slice(0, 4));
  if (today !== undefined && (!isIsoDate(today) || year < DEMO_YEARS.first || year > DEMO_YEARS.last)) {
    throw new Error(
      `--today needs a real date YYYY-MM-DD in ${DEMO_YEARS.first}–${DEMO_YEARS.last}, got "${today}"`,
    );
  }
  const cookie = values['parent-cookie-name'];
  if (cookie !== undefined && !isParentCookieName(cookie)) {
    throw new Error(`--parent-cookie-name must be ${PARENT_COOKIE_NAMES.join(' or ')}, got "${cookie}"`);
  }
  const busyYear = integer('busy-year', values['busy-year']);
  if (busyYear !== undefined && (busyYear < 1 || values.data !== undefined))
    throw new Error('--busy-year needs a scale ≥ 1 (1, 10, 100), and no --data');
  const options: FakeServerOptions = {
    port: integer('port', values.port) ?? 0,
    host: values.host ?? '127.0.0.1',
    sessionTtlSeconds: integer('session-ttl', values['session-ttl']),
    renewalGraceSeconds: integer('renewal-grace', values['renewal-grace']),
    latencyMs: integer('latency-ms', values['latency-ms']),
    // A busy school year at that scale (issue 30: a parent of 1, 3 or 6 pupils): ./busy-year.ts.
    data:
      busyYear === undefined
        ? values.data
        : busyYearDataset({
            scale: busyYear,
            today: values.today ?? londonDate(Date.now()),
            ...(values.seed === undefined ? {} : { seed: Number(values.seed) }),
          }),
    seed: integer('seed', values.seed),
    today: values.today,
    expiredStatus: expired === '401' ? 401 : 200,
    tesSso: values['tes-sso'] ?? false,
    parentCookieName: cookie,
    // `/timetable`'s `data` keyed by date (./index.ts `timetableByDate`); absent = the default, a list.
    timetableByDate: values['timetable-by-date'],
    // The school's shape of `period_name` (./index.ts `periodNames`): a Week A/B school is `letter`.
    periodNames: periodNames(values['period-names']),
    // Seconds after it timed out that a ping may still renew a token (./index.ts `staleTokenRenewsSeconds`).
    staleTokenRenewsSeconds: integer('stale-token-renews', values['stale-token-renews']),
  };
  // Absent options take the server's defaults.
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as FakeServerOptions;
}
