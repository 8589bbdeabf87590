/**
 * Words and bands for More's behaviour chart and attendance year (views/more/BehaviourTrend.svelte,
 * views/more/AttendanceYear.svelte): short week labels, the colour band of a week's attendance and the
 * sentence on late marks. Pure; the arithmetic is common/school-year.ts. Imported by More's sections and
 * the week (views/WeekView.svelte, its range across a month), all loaded on demand: not the first load.
 */
import type { IsoDate } from '../../common/contract';
import { isIsoDate } from '../../common/dates';
import { type AttendanceTally, percentageOf } from '../../common/school-year';

const dayMonth = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });

/** `23 Nov` for a `YYYY-MM-DD` date (a week's Monday); a malformed date is returned unchanged. */
export function formatDayMonth(date: IsoDate): string {
  return isIsoDate(date) ? dayMonth.format(Date.parse(`${date}T00:00:00Z`)) : date;
}

/**
 * The colour band of a week's (or the year's) attendance: `good` at 95 % or more, `fair` from 90 % to under
 * 95 %, `low` under 90 % (England's Department for Education calls a pupil who misses 10 % or more of
 * sessions persistently absent; 95 % is the usual school target), `none` when no session counted (a
 * holiday week).
 */
export type AttendanceBand = 'good' | 'fair' | 'low' | 'none';

/** The {@link AttendanceBand} of a tally. */
export function attendanceBand(tally: AttendanceTally): AttendanceBand {
  const percentage = percentageOf(tally);
  if (percentage === null) return 'none';
  return percentage >= 95 ? 'good' : percentage >= 90 ? 'fair' : 'low';
}

/**
 * What each band means, for the legend and the strip's name: in percentages when the school shows them, else
 * in words (a school that hides percentages sees none here either).
 */
export function bandWords(showPercentage: boolean): Record<Exclude<AttendanceBand, 'none'>, string> {
  return showPercentage
    ? { good: '95%+', fair: '90–95%', low: 'under 90%' }
    : { good: 'nearly all', fair: 'some missed', low: 'more missed' };
}

/** `1 late mark`, `3 late marks`. */
function lateMarks(count: number): string {
  return `${count} late mark${count === 1 ? '' : 's'}`;
}

/**
 * The sentence on late marks: late counts as present, how many this school year, and the minutes late in
 * all when the register says how late (docs/classcharts-api.md §5.11 `late_minutes`).
 */
export function lateSentence(total: AttendanceTally): string {
  if (total.late === 0) return 'Late (L) counts as present. No late marks this school year.';
  const minutes = `${total.lateMinutes} minute${total.lateMinutes === 1 ? '' : 's'}`;
  const timed =
    total.lateTimed === 0
      ? ''
      : total.lateTimed === total.late
        ? `, ${minutes} late in all`
        : `; ${total.lateTimed} ${total.lateTimed === 1 ? 'says' : 'say'} how late: ${minutes} in all`;
  return `Late (L) counts as present: ${lateMarks(total.late)} this school year${timed}.`;
}
