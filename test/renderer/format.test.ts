import { describe, expect, it } from 'vitest';
import {
  addDays,
  asSentence,
  formatDetentionWhen,
  formatCountdown,
  formatDayLong,
  formatDue,
  formatEstimate,
  formatTime,
  formatUpdated,
  isWeekend,
  lessonProgress,
  londonDate,
  parseDateOfBirth,
  relativeDayName,
} from '../../renderer/lib/format';
import { NOW } from '../support/fixtures/views';

describe('format', () => {
  it('shows lesson times in London time, whatever offset the service used', () => {
    expect(formatTime('2026-06-15T08:45:00+01:00')).toBe('08:45');
    expect(formatTime('2026-06-15T07:45:00Z')).toBe('08:45');
    expect(formatTime('2026-12-15T08:45:00+00:00')).toBe('08:45');
    expect(formatTime(null)).toBe('–');
    expect(formatTime('2023-08-24:00:00+00:00')).toBe('–');
  });

  it('knows the London date across midnight in summer time', () => {
    // 23:30 UTC on 14 June is 00:30 on 15 June in London (BST).
    expect(londonDate(Date.parse('2026-06-14T23:30:00Z'))).toBe('2026-06-15');
    expect(londonDate(Date.parse('2026-12-14T23:30:00Z'))).toBe('2026-12-14');
  });

  it('moves between days across month ends and names weekends', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(isWeekend('2026-11-21')).toBe(true);
    expect(isWeekend('2026-11-23')).toBe(false);
    expect(formatDayLong('2026-11-23')).toBe('Monday 23 November');
  });

  it('counts down to a lesson and measures progress through one', () => {
    expect(formatCountdown('2026-11-23T10:27:00+00:00', NOW)).toBe('in 12 min');
    expect(formatCountdown('2026-11-23T11:20:00+00:00', NOW)).toBe('in 1 h 5 min');
    expect(formatCountdown('2026-11-23T10:15:30+00:00', NOW)).toBe('in 1 min');
    expect(lessonProgress('2026-11-23T10:00:00+00:00', '2026-11-23T11:00:00+00:00', NOW)).toBeCloseTo(0.25);
    expect(lessonProgress(null, '2026-11-23T11:00:00+00:00', NOW)).toBeNull();
  });

  it('says how fresh the data is', () => {
    expect(formatUpdated('2026-11-23T10:14:40+00:00', NOW)).toBe('Updated just now');
    expect(formatUpdated('2026-11-23T10:03:00+00:00', NOW)).toBe('Updated 12 min ago');
    expect(formatUpdated('2026-11-23T08:05:00+00:00', NOW)).toBe('Updated at 08:05');
    expect(formatUpdated('2026-11-20T16:00:00+00:00', NOW)).toBe('Updated Fri 20 Nov at 16:00');
    expect(formatUpdated(null, NOW)).toBe('Not updated yet');
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

  it('accepts a date of birth as DD/MM/YYYY and rejects impossible or future dates', () => {
    expect(parseDateOfBirth('14/05/2012', NOW)).toEqual({ value: '14/05/2012' });
    expect(parseDateOfBirth(' 1/5/2012 ', NOW)).toEqual({ value: '01/05/2012' });
    // Issue 25 §1: YYYY-MM-DD as the JSON login takes it, and empty for a code-only pupil.
    expect(parseDateOfBirth('2012-05-14', NOW)).toEqual({ value: '14/05/2012' });
    expect(parseDateOfBirth('  ', NOW)).toEqual({ value: '' });
    expect(parseDateOfBirth('14 May 2012', NOW)).toEqual({ problem: 'format' });
    expect(parseDateOfBirth('2012-02-30', NOW)).toEqual({ problem: 'not-a-date' });
    expect(parseDateOfBirth('31/02/2012', NOW)).toEqual({ problem: 'not-a-date' });
    expect(parseDateOfBirth('05/14/2012', NOW)).toEqual({ problem: 'not-a-date' });
    expect(parseDateOfBirth('01/01/2030', NOW)).toEqual({ problem: 'future' });
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
