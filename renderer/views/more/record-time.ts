/**
 * When a record of More happened, as its detail line says it (Europe/London).
 */
import { londonDate, parseInstant } from '../../../common/dates';
import { formatDayShort, formatTime } from '../../lib/format';

/**
 * A record's instant (ISO 8601 with offset) as `Mon 23 Nov, 10:15` in Europe/London; `''` when it is
 * missing or malformed.
 */
export function dayAndTime(instant: string | null): string {
  const ms = parseInstant(instant);
  return ms === null || !instant ? '' : `${formatDayShort(londonDate(ms))}, ${formatTime(instant)}`;
}
