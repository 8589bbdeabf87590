// The fake's register and behaviour for More's attendance year and behaviour chart (issue 28 §3): marks for
// every weekday from 1 September (and 30 weeks back, over the summer, early in a school year), `#` on the
// half term and the summer, the exceptions where they were; weekly behaviour buckets from any Monday asked.
import { describe, expect, it } from 'vitest';
import { dayOfWeek, mondayOf } from '../../../common/dates';
import { schoolYearStart, trendFetchStart } from '../../../common/school-year';
import { behaviour } from '../../../dev/fake-classcharts/api';
import {
  generateAttendance,
  lateMark,
  registerStart,
} from '../../../dev/fake-classcharts/dataset-attendance';
import { generateDataset } from '../../../dev/fake-classcharts/dataset';
import { demoHolidays } from '../../../dev/fake-classcharts/holidays';

describe('the fake register', () => {
  it('holds every weekday from 1 September, `#` in the October half term, the exceptions in place', () => {
    const today = '2026-11-23';
    const marks = generateAttendance(today, demoHolidays(today), [
      { schoolDaysAgo: 1, session: 'AM', mark: lateMark(8) },
    ]);
    const dates = Object.keys(marks).sort();
    expect(dates[0]! <= schoolYearStart(today)).toBe(true);
    expect(dates.at(-1)).toBe(today);
    expect(dates.every((d) => dayOfWeek(d) >= 1 && dayOfWeek(d) <= 5)).toBe(true);
    expect(marks['2026-09-01']?.['AM']?.code).toBe('#'); // the last day of the summer holidays
    expect(marks['2026-09-02']?.['AM']?.status).toBe('present');
    for (const d of ['2026-10-12', '2026-10-16']) expect(marks[d]?.['PM']).toMatchObject({ code: '#' });
    expect(marks['2026-11-20']?.['AM']).toMatchObject({ code: 'L', late_minutes: 8 });
    expect(marks[today]?.['PM']).toMatchObject({ code: '', status: 'ignore' });
  });

  it('reaches back over the summer early in the year, past what the behaviour chart asks for', () => {
    const today = '2026-09-16';
    expect(registerStart(today) <= trendFetchStart(today)).toBe(true);
    const marks = generateAttendance(today, demoHolidays(today), []);
    expect(marks['2026-07-20']?.['AM']?.status).toBe('present');
    expect(marks['2026-08-10']?.['AM']?.code).toBe('#');
    expect(Object.keys(marks).sort()[0]).toBe(registerStart(today));
  });

  it('is the same for the same today (no PRNG)', () => {
    const today = '2026-11-23';
    expect(generateAttendance(today, demoHolidays(today), [])).toEqual(
      generateAttendance(today, demoHolidays(today), []),
    );
  });
});

describe('the fake behaviour buckets', () => {
  it('are Monday to Sunday from the Monday asked, 24 of them for the chart, the points counted', () => {
    const today = '2026-11-26';
    const amelia = generateDataset({ seed: 2026, today }).pupils[0]!;
    const body = behaviour(amelia, { from: trendFetchStart(today), to: today }, today) as {
      data: { timeline: { start: string; end: string; positive: number; negative: number }[] };
    };
    const timeline = body.data.timeline;
    expect(timeline).toHaveLength(24);
    expect(timeline.every((w) => mondayOf(w.start) === w.start)).toBe(true);
    expect(timeline.at(-1)).toMatchObject({ start: '2026-11-23', end: today });
    expect(timeline.at(-1)!.positive).toBeGreaterThan(0);
    const inWeek = (start: string, end: string) =>
      amelia.activity.filter(
        (p) => p.type === 'behaviour' && p.timestamp.slice(0, 10) >= start && p.timestamp.slice(0, 10) <= end,
      );
    for (const week of timeline)
      expect(week.positive + week.negative).toBe(inWeek(week.start, week.end).length);
  });
});
