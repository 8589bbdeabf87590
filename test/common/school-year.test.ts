// Weeks, school weeks and the school year (common/school-year.ts, issue 28 §3): where the school year
// starts, which weeks the behaviour chart counts (a half term dropped, this week kept, every calendar week
// when the school shows no attendance), and the year's attendance (present and late attended, absent and
// excused missed, unknown not counted), per week and in all.
import { describe, expect, it } from 'vitest';
import type { Attendance, AttendanceDay, AttendanceMark, BehaviourSummary } from '../../common/domain';
import { addDays, dayOfWeek } from '../../common/dates';
import {
  attendanceYear,
  percentageOf,
  recentRegister,
  registerFetchStart,
  schoolWeeks,
  schoolYearStart,
  summaryOfWeeks,
  tallyOf,
  trendFetchStart,
} from '../../common/school-year';

function mark(status: AttendanceMark['status'], late: number | null = null, session = 'AM'): AttendanceMark {
  return { session, code: '', status, lateMinutes: late, lesson: null, room: null };
}

/** AM and PM present on every weekday from `from` to `to`, `#` (unknown) on the dates in `closed`. */
function register(from: string, to: string, closed: (date: string) => boolean = () => false): Attendance {
  const days: AttendanceDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (dayOfWeek(date) % 6 === 0) continue;
    const status = closed(date) ? 'unknown' : 'present';
    days.push({ date, marks: [mark(status, null, 'AM'), mark(status, null, 'PM')] });
  }
  return { days, sessions: ['AM', 'PM'], percentage: null, percentageSinceAugust: null };
}

describe('the school year', () => {
  it('starts on the most recent 1 September on or before today', () => {
    expect(schoolYearStart('2026-11-23')).toBe('2026-09-01');
    expect(schoolYearStart('2026-09-01')).toBe('2026-09-01');
    expect(schoolYearStart('2026-08-31')).toBe('2025-09-01');
    expect(schoolYearStart('2027-01-04')).toBe('2026-09-01');
  });

  it('the register is fetched from the earlier of 1 September and the chart’s first Monday', () => {
    expect(trendFetchStart('2026-11-25')).toBe('2026-06-15'); // a Monday, 23 weeks before this one
    expect(registerFetchStart('2026-11-25')).toBe('2026-06-15');
    expect(registerFetchStart('2027-06-16')).toBe('2026-09-01');
  });
});

describe('school weeks', () => {
  // Today Wednesday 25 November 2026; the October half term (12–16 October) and the summer (to 1 September)
  // are `#`; the register reaches back to 15 June.
  const today = '2026-11-25';
  const from = trendFetchStart(today);
  const closed = (d: string) =>
    (d >= '2026-07-23' && d <= '2026-09-01') || (d >= '2026-10-12' && d <= '2026-10-16');

  it('are the weeks with a counted mark: the half term drops out, this week is the last', () => {
    const weeks = schoolWeeks(today, from, register(from, today, closed));
    expect(weeks).toEqual([
      '2026-08-31', // 2–4 September
      '2026-09-07',
      '2026-09-14',
      '2026-09-21',
      '2026-09-28',
      '2026-10-05',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
  });

  it('reach back over the summer early in the year', () => {
    const early = '2026-09-16';
    const start = trendFetchStart(early);
    const weeks = schoolWeeks(early, start, register(start, early, closed));
    expect(weeks).toHaveLength(12);
    expect(weeks.slice(-3)).toEqual(['2026-08-31', '2026-09-07', '2026-09-14']);
    expect(weeks.at(-4)).toBe('2026-07-20'); // 20–22 July, before the summer
    expect(weeks).not.toContain('2026-07-27');
  });

  it('keep the current week even in a holiday with no marks', () => {
    const inHalfTerm = '2026-10-14';
    const weeks = schoolWeeks(inHalfTerm, from, register(from, inHalfTerm, closed));
    expect(weeks.at(-1)).toBe('2026-10-12');
    expect(weeks.at(-2)).toBe('2026-10-05');
  });

  it('are every calendar week when the school shows no attendance', () => {
    const weeks = schoolWeeks(today, from, null);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe('2026-09-07');
    expect(weeks).toContain('2026-10-12');
    expect(weeks.at(-1)).toBe('2026-11-23');
  });
});

describe('the behaviour summary of the school weeks', () => {
  it('takes a week per Monday, zero where the service sent no bucket, and recounts the totals', () => {
    const summary: BehaviourSummary = {
      weeks: [
        { start: '2026-11-02', end: '2026-11-08', positive: 4, negative: 1 },
        { start: '2026-11-09', end: '2026-11-15', positive: 9, negative: 9 },
        { start: '2026-11-16', end: '2026-11-22', positive: 3, negative: 2 },
        { start: '2026-11-23', end: '2026-11-25', positive: 1, negative: 0 },
      ],
      positiveReasons: { Effort: 17 },
      negativeReasons: {},
      totalPositive: 17,
      totalNegative: 12,
    };
    const cut = summaryOfWeeks(summary, ['2026-10-26', '2026-11-02', '2026-11-16', '2026-11-23']);
    expect(cut.weeks).toEqual([
      { start: '2026-10-26', end: '2026-11-01', positive: 0, negative: 0 },
      { start: '2026-11-02', end: '2026-11-08', positive: 4, negative: 1 },
      { start: '2026-11-16', end: '2026-11-22', positive: 3, negative: 2 },
      { start: '2026-11-23', end: '2026-11-25', positive: 1, negative: 0 },
    ]);
    expect([cut.totalPositive, cut.totalNegative]).toEqual([8, 3]);
    expect(cut.positiveReasons).toEqual({ Effort: 17 });
  });
});

describe('attendance over the school year', () => {
  it('counts present and late as attended, absent and excused as missed, unknown not at all', () => {
    const tally = tallyOf([
      { date: '2026-11-23', marks: [mark('present'), mark('late', 8), mark('late'), mark('unknown')] },
      { date: '2026-11-24', marks: [mark('absent'), mark('excused'), mark('late', 12)] },
    ]);
    expect(tally).toEqual({
      attended: 4,
      counted: 6,
      late: 3,
      lateMinutes: 20,
      lateTimed: 2,
      absent: 1,
      excused: 1,
    });
    expect(percentageOf(tally)).toBeCloseTo(66.67, 2);
    expect(percentageOf(tallyOf([{ date: '2026-11-23', marks: [mark('unknown')] }]))).toBeNull();
  });

  it('runs from 1 September, a week each to this one, holiday weeks counting nothing', () => {
    const closed = (d: string) => d <= '2026-09-01' || (d >= '2026-10-12' && d <= '2026-10-16');
    const data = register('2026-06-15', '2026-11-23', closed);
    const absent = data.days.find((d) => d.date === '2026-11-19')!;
    absent.marks = [mark('absent'), mark('late', 5, 'PM')];
    const year = attendanceYear(data, '2026-11-23');
    expect(year.from).toBe('2026-09-01');
    expect(year.weeks.map((w) => w.start)).toHaveLength(13);
    expect(year.weeks[0]).toMatchObject({ start: '2026-08-31', counted: 6, attended: 6 });
    expect(year.weeks.find((w) => w.start === '2026-10-12')).toMatchObject({ counted: 0 });
    expect(year.weeks.find((w) => w.start === '2026-11-16')).toMatchObject({
      counted: 10,
      attended: 9,
      late: 1,
      absent: 1,
    });
    // 2–4 September, 10 full weeks and Monday 23 November: 54 days, 108 sessions; one missed.
    expect(year.total).toMatchObject({ counted: 108, attended: 107, late: 1, lateMinutes: 5 });
    expect(recentRegister(data, '2026-11-23').days.map((d) => d.date)).toEqual([
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-23',
    ]);
  });
});
