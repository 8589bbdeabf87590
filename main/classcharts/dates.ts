/**
 * Europe/London wall clock → instant (date-fns + @date-fns/tz): the direction that needs the zone's rules
 * for a local time, kept out of the shared calendar (common/dates.ts) so the popover does not load date-fns.
 * Activity timestamps and a detention's date and time arrive as naive UK local time
 * (docs/classcharts-api.md §6).
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { addDays, isIsoDate, londonDate, parseInstant, SCHOOL_TIME_ZONE } from '../../common/dates';
import type { Instant } from '../../common/domain';

const LOCAL_TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const DAY_MS = 86_400_000;

/**
 * The instant of a Europe/London wall-clock time on a date, as an ISO string with the UK offset in force
 * (`2026-06-15T08:45:00+01:00`, `2026-12-15T08:45:00+00:00`). `date` is `YYYY-MM-DD`, `time` is `HH:MM` or
 * `HH:MM:SS`. Returns `null` when either part is malformed (the service's data is not always well-formed).
 */
export function londonLocalToInstant(date: string, time: string): Instant | null {
  const tm = LOCAL_TIME.exec(time);
  if (!tm || !isIsoDate(date)) return null;
  const [h, mi, s] = [Number(tm[1]), Number(tm[2]), Number(tm[3] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return null;
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  return format(new TZDate(y, mo - 1, d, h, mi, s, SCHOOL_TIME_ZONE), "yyyy-MM-dd'T'HH:mm:ssxxx");
}

/** The next Europe/London midnight strictly after `ms` (epoch ms), handling 23- and 25-hour days. */
export function nextLondonMidnight(ms: number): number {
  const tomorrow = addDays(londonDate(ms), 1);
  const instant = londonLocalToInstant(tomorrow, '00:00');
  return parseInstant(instant) ?? ms + DAY_MS;
}
