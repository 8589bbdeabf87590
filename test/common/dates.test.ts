/**
 * The shared Europe/London calendar (common/dates.ts) against @date-fns/tz itself: the fast paths (an offset
 * kept per UTC hour, read with Intl; day numbers kept per date; issue 30) must give what the library gives,
 * across the clock changes. Also main's wall clock → instant (main/classcharts/dates.ts) and the calendar as
 * the popover uses it.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  dayOfWeek,
  isWeekend,
  londonDate,
  londonMinuteOfDay,
  londonTime,
  parseInstant,
  toLondonInstant,
} from '../../common/dates';
import { nextLondonMidnight } from '../../main/classcharts/dates';

const reference = (ms: number, pattern: string) => format(new TZDate(ms, 'Europe/London'), pattern);

// 1990 to 2060, and the instants either side of the 2026 clock changes (29 March and 25 October, 01:00 UTC).
const instants = fc.oneof(
  fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }),
  fc.integer({ min: Date.UTC(2026, 2, 29, 0, 58), max: Date.UTC(2026, 2, 29, 1, 2) }),
  fc.integer({ min: Date.UTC(2026, 9, 25, 0, 58), max: Date.UTC(2026, 9, 25, 1, 2) }),
);

describe('London wall clock', () => {
  it('gives the date, time, minute of day and offset instant @date-fns/tz gives', () => {
    fc.assert(
      fc.property(instants, (ms) => {
        expect(londonDate(ms)).toBe(reference(ms, 'yyyy-MM-dd'));
        expect(londonTime(ms)).toBe(reference(ms, 'HH:mm'));
        const tz = new TZDate(ms, 'Europe/London');
        expect(londonMinuteOfDay(ms)).toBe(tz.getHours() * 60 + tz.getMinutes());
        expect(toLondonInstant(ms)).toBe(reference(ms, "yyyy-MM-dd'T'HH:mm:ssxxx"));
      }),
      { numRuns: 2000 },
    );
  });

  it('changes the offset at 01:00 UTC on the days the clocks change', () => {
    expect(toLondonInstant(Date.UTC(2026, 2, 29, 0, 59, 59))).toBe('2026-03-29T00:59:59+00:00');
    expect(toLondonInstant(Date.UTC(2026, 2, 29, 1, 0, 0))).toBe('2026-03-29T02:00:00+01:00');
    expect(toLondonInstant(Date.UTC(2026, 9, 25, 0, 59, 59))).toBe('2026-10-25T01:59:59+01:00');
    expect(toLondonInstant(Date.UTC(2026, 9, 25, 1, 0, 0))).toBe('2026-10-25T01:00:00+00:00');
    // 23:30 UTC on a summer evening is already tomorrow in London.
    expect(londonDate(Date.UTC(2026, 5, 15, 23, 30))).toBe('2026-06-16');
    expect(nextLondonMidnight(Date.UTC(2026, 2, 28, 12))).toBe(Date.UTC(2026, 2, 29, 0));
    expect(nextLondonMidnight(Date.UTC(2026, 2, 29, 12))).toBe(Date.UTC(2026, 2, 29, 23));
  });
});

describe('calendar arithmetic', () => {
  const dates = fc
    .integer({ min: Date.UTC(1900, 0, 1) / 86_400_000, max: Date.UTC(2100, 0, 1) / 86_400_000 })
    .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

  it('adds days, counts days between and names the weekday as UTC calendar arithmetic does', () => {
    fc.assert(
      fc.property(dates, dates, fc.integer({ min: -800, max: 800 }), (a, b, n) => {
        const utc = (d: string) => Date.parse(`${d}T00:00:00Z`);
        expect(addDays(a, n)).toBe(new Date(utc(a) + n * 86_400_000).toISOString().slice(0, 10));
        expect(daysBetween(a, b)).toBe(Math.round((utc(b) - utc(a)) / 86_400_000));
        expect(dayOfWeek(a)).toBe(new Date(utc(a)).getUTCDay());
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a malformed date with a RangeError, also after a good one was seen', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    for (const bad of ['2026-02-30', '2026-2-3', '0001-01-01', 'tomorrow', '']) {
      expect(() => addDays(bad, 1)).toThrow(RangeError);
      expect(() => daysBetween('2026-01-01', bad)).toThrow(RangeError);
      expect(() => dayOfWeek(bad)).toThrow(RangeError);
    }
  });
});

describe('calendar as the popover uses it', () => {
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
  });
});

describe('trusted instants', () => {
  // One rule for main and the popover (issue 27): the popover's own parser took placeholder years as dates.
  it('reads only an ISO instant with an offset, from 1900 on', () => {
    expect(parseInstant('2026-06-15T08:45:00+01:00')).toBe(Date.UTC(2026, 5, 15, 7, 45));
    expect(parseInstant('2026-06-15T07:45:00.5Z')).toBe(Date.UTC(2026, 5, 15, 7, 45, 0, 500));
    expect(parseInstant('2026-06-15T08:45:00')).toBeNull();
    expect(parseInstant('2023-08-24:00:00+00:00')).toBeNull();
    expect(parseInstant('0001-01-01T00:00:00+00:00')).toBeNull();
    expect(parseInstant(null)).toBeNull();
  });
});
