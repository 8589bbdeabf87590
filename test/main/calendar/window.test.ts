// The calendar feed's dates (main/calendar/window.ts): from the Monday of last week through the Sunday of
// the week `weeks − 1` after this one, the week taken from the London date (not the UTC one), weekdays
// only for the timetable, and a stamp that moves only with the window.
import { describe, expect, it } from 'vitest';
import { feedStamp, feedWindow, schoolDays } from '../../../main/calendar/window';

describe('feedWindow', () => {
  it("on a Monday: last week's Monday to the Sunday three weeks after this one", () => {
    expect(feedWindow(Date.parse('2026-11-23T08:00:00Z'))).toEqual({ from: '2026-11-16', to: '2026-12-20' });
  });

  it('on a Sunday: the week is still the one that began six days before', () => {
    expect(feedWindow(Date.parse('2026-11-22T22:00:00Z'))).toEqual({ from: '2026-11-09', to: '2026-12-13' });
  });

  it('around the October clock change, by the London date', () => {
    // Sunday 25 October 2026 23:30 GMT (clocks went back at 02:00 that morning): still that Sunday.
    expect(feedWindow(Date.parse('2026-10-25T23:30:00Z'))).toEqual({ from: '2026-10-12', to: '2026-11-15' });
    // Monday 26 October 00:30 GMT: the new week.
    expect(feedWindow(Date.parse('2026-10-26T00:30:00Z'))).toEqual({ from: '2026-10-19', to: '2026-11-22' });
    // Monday 19 October 00:30 BST is Sunday 23:30 in UTC: the London Monday decides.
    expect(feedWindow(Date.parse('2026-10-18T23:30:00Z'))).toEqual({ from: '2026-10-12', to: '2026-11-15' });
  });

  it('takes 1 to 12 weeks and refuses anything else', () => {
    const monday = Date.parse('2026-11-23T08:00:00Z');
    expect(feedWindow(monday, 1)).toEqual({ from: '2026-11-16', to: '2026-11-29' });
    expect(feedWindow(monday, 12).to).toBe('2027-02-14');
    for (const weeks of [0, 13, 2.5, Number.NaN]) expect(() => feedWindow(monday, weeks)).toThrow(RangeError);
  });
});

describe('schoolDays and feedStamp', () => {
  it('lists Monday to Friday of every week in the window, 25 days for five weeks', () => {
    const days = schoolDays({ from: '2026-11-16', to: '2026-12-20' });
    expect(days).toHaveLength(25);
    expect(days.slice(0, 6)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-23',
    ]);
    expect(days.at(-1)).toBe('2026-12-18');
  });

  it("stamps a feed with midnight UTC of the window's first day, the same all week", () => {
    const monday = feedWindow(Date.parse('2026-11-23T08:00:00Z'));
    const friday = feedWindow(Date.parse('2026-11-27T16:00:00Z'));
    expect(feedStamp(monday)).toBe(Date.parse('2026-11-16T00:00:00Z'));
    expect(feedStamp(friday)).toBe(feedStamp(monday));
  });
});
