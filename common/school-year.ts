/**
 * Weeks, school weeks and the school year, for More's behaviour chart and attendance year (issue 28 §3).
 * Pure arithmetic on `YYYY-MM-DD` dates (Europe/London, common/dates.ts) and on the register
 * (`Attendance`, docs/classcharts-api.md §5.11) and the weekly behaviour buckets (`BehaviourSummary`,
 * §5.5). The service gives no term dates, so school weeks and the school year are inferred here:
 * - the school year starts on the most recent 1 September on or before today ({@link schoolYearStart});
 * - a school week is one whose register has a counted mark ({@link schoolWeeks});
 * - a session counts as attended when present or late, as missed when absent or excused, and not at all
 *   when unknown (code `#`, not registered): {@link tallyOf}.
 */
import type { Attendance, AttendanceDay, AttendanceStatus, BehaviourSummary, IsoDate } from './domain';
import { addDays, mondayOf } from './dates';

/** Days of attendance More shows in detail, today included: a week back (a Monday still shows last week). */
export const ATTENDANCE_DAYS = 7;

/** School weeks the behaviour chart shows, this week the last. */
export const TREND_WEEKS = 12;

/**
 * Weeks, this one included, of behaviour (and register) fetched to find {@link TREND_WEEKS} school weeks: 12
 * plus the longest run of holiday weeks a 24-week window can hold (the summer's six, a half term, and the
 * Easter fortnight in a September window).
 */
export const TREND_FETCH_WEEKS = 24;

/** One week of behaviour points: Monday `start`, Sunday (or the last day asked) `end`. */
export type BehaviourWeek = BehaviourSummary['weeks'][number];

/** The most recent 1 September on or before `today` (`YYYY-MM-DD`): the start of the school year. */
export function schoolYearStart(today: IsoDate): IsoDate {
  const year = Number(today.slice(0, 4)) - (today.slice(5) < '09-01' ? 1 : 0);
  return `${String(year).padStart(4, '0')}-09-01`;
}

/** The Monday {@link TREND_FETCH_WEEKS} − 1 weeks before this week's: where the behaviour fetch starts. */
export function trendFetchStart(today: IsoDate): IsoDate {
  return addDays(mondayOf(today), -7 * (TREND_FETCH_WEEKS - 1));
}

/**
 * Where the register fetch starts: the earlier of {@link schoolYearStart} and {@link trendFetchStart}, so one
 * answer serves the attendance year, the last seven days and the behaviour chart's school weeks.
 */
export function registerFetchStart(today: IsoDate): IsoDate {
  const year = schoolYearStart(today);
  const trend = trendFetchStart(today);
  return year < trend ? year : trend;
}

/** True for the statuses a percentage counts (present, late, absent, excused); `unknown` is not counted. */
export function isCounted(status: AttendanceStatus): boolean {
  return status !== 'unknown';
}

/**
 * The Mondays of the last {@link TREND_WEEKS} school weeks up to `today`, oldest first, from the Monday of
 * `from` on. Rule (issue 28 §3; the service has no term dates): when the pupil's school shows attendance
 * (`register` not `null`), a week is a school week when the register has at least one counted mark
 * (present, late, absent or excused: {@link isCounted}) from its Monday to its Sunday, so half terms and
 * the summer drop out; with no register (the school shows none) every Monday–Sunday week counts. The
 * current week always counts. Fewer than {@link TREND_WEEKS} when the range holds fewer.
 */
export function schoolWeeks(today: IsoDate, from: IsoDate, register: Attendance | null): IsoDate[] {
  const thisWeek = mondayOf(today);
  const marked = new Set<IsoDate>();
  for (const day of register?.days ?? [])
    if (day.marks.some((m) => isCounted(m.status))) marked.add(mondayOf(day.date));
  const weeks: IsoDate[] = [thisWeek];
  for (let week = addDays(thisWeek, -7); week >= mondayOf(from) && weeks.length < TREND_WEEKS;) {
    if (register === null || marked.has(week)) weeks.unshift(week);
    week = addDays(week, -7);
  }
  return weeks;
}

/**
 * The behaviour summary cut to the weeks of `mondays` (oldest first): one week each, from the service's
 * bucket that starts in it (`start` within Monday–Sunday), else zero points; the totals are recounted from
 * those weeks. The reasons stay the service's over the whole range it answered (it gives none per week).
 */
export function summaryOfWeeks(summary: BehaviourSummary, mondays: readonly IsoDate[]): BehaviourSummary {
  const weeks = mondays.map((monday): BehaviourWeek => {
    const inWeek = summary.weeks.filter((w) => mondayOf(w.start) === monday);
    return {
      start: monday,
      end: inWeek.at(-1)?.end ?? addDays(monday, 6),
      positive: inWeek.reduce((sum, w) => sum + w.positive, 0),
      negative: inWeek.reduce((sum, w) => sum + w.negative, 0),
    };
  });
  return {
    ...summary,
    weeks,
    totalPositive: weeks.reduce((sum, w) => sum + w.positive, 0),
    totalNegative: weeks.reduce((sum, w) => sum + w.negative, 0),
  };
}

/** Sessions of a stretch of the register, by what they count as. */
export interface AttendanceTally {
  /** Sessions present or late (attended). */
  attended: number;
  /** Sessions counted: attended, absent or excused (unknown marks are not counted). */
  counted: number;
  /** Late marks (counted as attended). */
  late: number;
  /** Minutes late in all, over the late marks that say how late (`lateMinutes`). */
  lateMinutes: number;
  /** Late marks that say how late. */
  lateTimed: number;
  /** Absences without a reason accepted (`absent`). */
  absent: number;
  /** Authorised absences (`excused`). */
  excused: number;
}

/** The {@link AttendanceTally} of `days`' marks. */
export function tallyOf(days: readonly AttendanceDay[]): AttendanceTally {
  const tally: AttendanceTally = {
    attended: 0,
    counted: 0,
    late: 0,
    lateMinutes: 0,
    lateTimed: 0,
    absent: 0,
    excused: 0,
  };
  for (const mark of days.flatMap((d) => d.marks)) {
    if (!isCounted(mark.status)) continue;
    tally.counted++;
    if (mark.status === 'present' || mark.status === 'late') tally.attended++;
    if (mark.status === 'absent') tally.absent++;
    if (mark.status === 'excused') tally.excused++;
    if (mark.status === 'late') {
      tally.late++;
      if (mark.lateMinutes !== null) {
        tally.lateTimed++;
        tally.lateMinutes += mark.lateMinutes;
      }
    }
  }
  return tally;
}

/** Attended sessions as a percentage of counted ones (0–100, unrounded), or `null` when none counted. */
export function percentageOf(tally: AttendanceTally): number | null {
  return tally.counted === 0 ? null : (tally.attended / tally.counted) * 100;
}

/** A week of the attendance year: its Monday and its tally (only the days of the school year so far). */
export interface AttendanceWeek extends AttendanceTally {
  start: IsoDate;
}

/** The school year so far, as More's attendance shows it. */
export interface AttendanceYear {
  /** The first day: {@link schoolYearStart}. */
  from: IsoDate;
  /** Today. */
  to: IsoDate;
  /** The whole year's tally. */
  total: AttendanceTally;
  /** Every week from the one holding `from` to this one, oldest first; holiday weeks count nothing. */
  weeks: AttendanceWeek[];
}

/** The school year up to `today` from a register that reaches back to its start (or further). */
export function attendanceYear(register: Attendance, today: IsoDate): AttendanceYear {
  const from = schoolYearStart(today);
  const days = register.days.filter((d) => d.date >= from && d.date <= today);
  const weeks: AttendanceWeek[] = [];
  for (let week = mondayOf(from); week <= today; week = addDays(week, 7)) {
    const end = addDays(week, 6);
    weeks.push({ start: week, ...tallyOf(days.filter((d) => d.date >= week && d.date <= end)) });
  }
  return { from, to: today, total: tallyOf(days), weeks };
}

/**
 * The register of the last {@link ATTENDANCE_DAYS} days up to `today`, from a longer one: its days cut,
 * its sessions and percentages as they were.
 */
export function recentRegister(register: Attendance, today: IsoDate): Attendance {
  const from = addDays(today, 1 - ATTENDANCE_DAYS);
  return { ...register, days: register.days.filter((d) => d.date >= from && d.date <= today) };
}
