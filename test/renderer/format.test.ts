import { describe, expect, it } from 'vitest';
import {
  asSentence,
  formatDetentionWhen,
  formatCountdown,
  formatDayLong,
  formatDue,
  formatEstimate,
  formatTime,
  formatUpdated,
  lessonProgress,
  relativeDayName,
} from '../../renderer/lib/format';
import { november } from '../support/fixtures';

describe('format', () => {
  it('shows lesson times in London time, whatever offset the service used', () => {
    expect(formatTime('2026-06-15T08:45:00+01:00')).toBe('08:45');
    expect(formatTime('2026-06-15T07:45:00Z')).toBe('08:45');
    expect(formatTime('2026-12-15T08:45:00+00:00')).toBe('08:45');
    expect(formatTime(null)).toBe('–');
    expect(formatTime('2023-08-24:00:00+00:00')).toBe('–');
    // A placeholder year is no time, as in main (common/dates.ts parseInstant).
    expect(formatTime('0001-01-01T00:00:00+00:00')).toBe('–');
  });

  // The calendar itself (London dates, days between, weekends): test/common/dates.test.ts; dates of birth:
  // test/common/date-of-birth.test.ts.
  it('names a day in full', () => {
    expect(formatDayLong('2026-11-23')).toBe('Monday 23 November');
  });

  it('counts down to a lesson and measures progress through one', () => {
    expect(formatCountdown('2026-11-23T10:27:00+00:00', november.NOW)).toBe('in 12 min');
    expect(formatCountdown('2026-11-23T11:20:00+00:00', november.NOW)).toBe('in 1 h 5 min');
    expect(formatCountdown('2026-11-23T10:15:30+00:00', november.NOW)).toBe('in 1 min');
    expect(
      lessonProgress('2026-11-23T10:00:00+00:00', '2026-11-23T11:00:00+00:00', november.NOW),
    ).toBeCloseTo(0.25);
    expect(lessonProgress(null, '2026-11-23T11:00:00+00:00', november.NOW)).toBeNull();
  });

  it('says how fresh the data is', () => {
    expect(formatUpdated('2026-11-23T10:14:40+00:00', november.NOW)).toBe('Updated just now');
    expect(formatUpdated('2026-11-23T10:03:00+00:00', november.NOW)).toBe('Updated 12 min ago');
    expect(formatUpdated('2026-11-23T08:05:00+00:00', november.NOW)).toBe('Updated at 08:05');
    expect(formatUpdated('2026-11-20T16:00:00+00:00', november.NOW)).toBe('Updated Fri 20 Nov at 16:00');
    expect(formatUpdated(null, november.NOW)).toBe('Not updated yet');
  });

  it('words due dates relative to today', () => {
    expect(formatDue('2026-11-23', '2026-11-23')).toBe('Due today');
    expect(formatDue('2026-11-24', '2026-11-23')).toBe('Due tomorrow');
    expect(formatDue('2026-11-27', '2026-11-23')).toBe('Due Fri 27 Nov');
    expect(formatDue('2026-11-20', '2026-11-23')).toBe('Overdue by 3 days');
    expect(formatDue(null, '2026-11-23')).toBe('No due date');
    expect(formatEstimate({ value: 1, unit: 'hours' })).toBe('1 hour');
    expect(formatEstimate({ value: 0, unit: 'minutes' })).toBeNull();
  });

  it('names how far a day is from today', () => {
    expect(relativeDayName('2026-11-23', '2026-11-23')).toBe('Today');
    expect(relativeDayName('2026-11-24', '2026-11-23')).toBe('Tomorrow');
    expect(relativeDayName('2026-11-22', '2026-11-23')).toBe('Yesterday');
    expect(relativeDayName('2026-12-01', '2026-11-23')).toBe('In 8 days');
    expect(relativeDayName('2026-11-20', '2026-11-23')).toBe('3 days ago');
  });

  it('says a detention without a date is to be confirmed, leaving out a lone time', () => {
    expect(formatDetentionWhen('2026-11-25', '15:30')).toBe('Wed 25 Nov, 15:30');
    expect(formatDetentionWhen('2026-11-25', null)).toBe('Wed 25 Nov');
    expect(formatDetentionWhen(null, '15:15')).toBe('Date to be confirmed');
    expect(formatDetentionWhen(null, null)).toBe('Date to be confirmed');
  });

  it('makes a message a sentence without doubling its full stop', () => {
    expect(asSentence('Cannot reach ClassCharts')).toBe('Cannot reach ClassCharts.');
    expect(asSentence(' It may be down; try again later. ')).toBe('It may be down; try again later.');
    expect(asSentence('Really?')).toBe('Really?');
    expect(asSentence('')).toBe('');
  });
});
