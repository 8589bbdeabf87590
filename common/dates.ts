/**
 * The Europe/London calendar main, the CLI and the popover share: which strings are dates and trusted
 * instants, an instant's London date and time, and calendar arithmetic (the date-of-birth rule built on it
 * is common/date-of-birth.ts).
 * ClassCharts is school-local: query dates are `YYYY-MM-DD`, lesson times carry the UK offset (+01:00 BST,
 * +00:00 GMT), activity timestamps are naive UK local time (docs/classcharts-api.md §6).
 *
 * Intl only (built into Chromium and Node): the popover loads this module on its first screen, where
 * date-fns would cost more than its budget. Wall clock → instant (`londonLocalToInstant`,
 * `nextLondonMidnight`) needs @date-fns/tz and lives in main/classcharts/dates.ts. Instants here are epoch
 * milliseconds unless typed `Instant`; dates are `YYYY-MM-DD` in Europe/London.
 */
import type { Instant, IsoDate } from './domain';

/** The school time zone (docs/classcharts-api.md §6). */
export const SCHOOL_TIME_ZONE = 'Europe/London';

/**
 * The first year a service date may fall in. Earlier years are placeholders, not dates: `.NET`'s
 * `DateTime.MinValue` (`0001-01-01T00:00:00+00:00`) and PHP's zero date both mean "no date".
 */
export const EARLIEST_YEAR = 1900;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An ISO date-time with an explicit offset: the only instant form trusted (Date.parse is too lenient). */
const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * True when `value` is a real calendar date written `YYYY-MM-DD` in year {@link EARLIEST_YEAR} or later
 * (rejects `2026-02-30` and the placeholder `0001-01-01`).
 */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < EARLIEST_YEAR) return false;
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

/**
 * Parses an ISO 8601 date-time that carries an offset or `Z` into epoch ms; `null` for anything else
 * (absent, naive times, malformed strings such as `2023-08-24:00:00+00:00`, placeholder years before
 * {@link EARLIEST_YEAR}). The one rule for a trusted instant, in main and in the popover alike.
 */
export function parseInstant(value: unknown): number | null {
  if (typeof value !== 'string' || !OFFSET_DATE_TIME.test(value)) return null;
  if (Number(value.slice(0, 4)) < EARLIEST_YEAR) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Most entries each of this module's kept maps holds; past it the map starts again empty. */
const KEPT_MAX = 8192;

/** `map`'s value for `key`, computed by `compute` (which may throw) and kept the first time it is asked. */
function kept<K, V>(map: Map<K, V>, key: K, compute: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = compute();
    if (map.size >= KEPT_MAX) map.clear();
    map.set(key, value);
  }
  return value;
}

/**
 * Europe/London's offset from UTC (ms, +3,600,000 in summer time) per UTC hour (epoch ms / 3,600,000),
 * as far as asked. The UK changes its clocks at 01:00 UTC, on the hour, so the offset is the same for
 * every instant of a UTC hour. Kept because the rules and the snapshot ask for the London date of each of
 * thousands of items at a busy year's scale (issue 30), and a zone lookup costs microseconds.
 */
const londonOffsets = new Map<number, number>();

/** Names the London offset of an instant (`GMT+01:00`); made on first use, as the popover may not need it. */
let offsetFormat: Intl.DateTimeFormat | undefined;

function londonOffsetMs(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  return kept(londonOffsets, hour, () => {
    offsetFormat ??= new Intl.DateTimeFormat('en-GB', {
      timeZone: SCHOOL_TIME_ZONE,
      timeZoneName: 'longOffset',
    });
    // `01/06/2026, GMT+01:00`: `GMT` alone at +00:00 on some engines, seconds only before 1847.
    const m = /([+-])(\d\d):(\d\d)(?::(\d\d))?$/.exec(offsetFormat.format(hour * HOUR_MS));
    return m ? Number(`${m[1]}1`) * (Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0)) * 1000 : 0;
  });
}

/** The Europe/London wall clock of an instant (epoch ms), ISO without offset: `YYYY-MM-DDTHH:MM…`. */
function londonWallClock(ms: number): string {
  return new Date(ms + londonOffsetMs(ms)).toISOString();
}

/** The Europe/London calendar date of an instant (epoch ms), as `YYYY-MM-DD`. */
export function londonDate(ms: number): IsoDate {
  return londonWallClock(ms).slice(0, 10);
}

/** The Europe/London wall-clock time of an instant (epoch ms), as `HH:MM` (24 h). */
export function londonTime(ms: number): string {
  return londonWallClock(ms).slice(11, 16);
}

/** Minutes since Europe/London midnight for an instant (epoch ms), 0–1439. */
export function londonMinuteOfDay(ms: number): number {
  const wall = londonWallClock(ms);
  return Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16));
}

/** An instant (epoch ms) as an ISO string with the Europe/London offset, e.g. `2026-06-15T08:45:00+01:00`. */
export function toLondonInstant(ms: number): Instant {
  const offset = londonOffsetMs(ms);
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${new Date(ms + offset).toISOString().slice(0, 19)}${sign}${hh}:${mm}`;
}

/**
 * Days since 1970-01-01 of the dates asked for: a busy year's homework list has a few hundred distinct due
 * dates among thousands of items, grouped at every state (issue 30).
 */
const dayNumbers = new Map<string, number>();

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. Throws a RangeError on a malformed date. */
function dayNumber(date: IsoDate): number {
  return kept(dayNumbers, date, () => {
    if (!isIsoDate(date)) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
    return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
  });
}

/**
 * Calendar arithmetic on `YYYY-MM-DD` (no time zone involved). Throws a RangeError on a malformed date
 * (not {@link isIsoDate}).
 */
export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (`b − a`), both `YYYY-MM-DD`. Throws a RangeError on a malformed date. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return dayNumber(b) - dayNumber(a);
}

/** Day of week of a `YYYY-MM-DD` date: 0 = Sunday … 6 = Saturday. Throws a RangeError on a malformed date. */
export function dayOfWeek(date: IsoDate): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

/** The Monday on or before a `YYYY-MM-DD` date (the school week's first day). Throws a RangeError if malformed. */
export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/** True when a `YYYY-MM-DD` date is a Saturday or a Sunday; `false` for a malformed one. */
export function isWeekend(date: IsoDate): boolean {
  return isIsoDate(date) && dayOfWeek(date) % 6 === 0;
}
