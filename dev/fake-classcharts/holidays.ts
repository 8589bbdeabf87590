/**
 * The school holidays of the generated dataset: an English state school's year, computed for any year, so
 * the timetable answers `[]` on those days as the service does on a day without lessons
 * (docs/classcharts-api.md §5.7, "empty array on non-school days / holidays").
 *
 * Real dates differ from one local authority or academy to the next, so these are rules, not a list:
 * - February half term: the week of the third Monday in February;
 * - Easter holidays: two weeks, from the Monday before Easter Sunday to the Friday after Easter Monday
 *   (so Good Friday and Easter Monday fall inside);
 * - the early May bank holiday: the first Monday in May;
 * - May half term: the week of the spring bank holiday (the last Monday in May);
 * - summer holidays: 23 July to 1 September;
 * - October half term: the week that starts 13 days before the clocks go back (the last Sunday in
 *   October), e.g. 12–16 October 2026. Most schools take the week right after the change, but keeping
 *   school days on both sides of it lets a client see `+01:00` and `+00:00` lessons on the Friday and the
 *   Monday around it, which the client tests compare (2026-10-23 and 2026-10-26), and `today` 2026-11-04
 *   of those tests keeps its week after;
 * - Christmas holidays: the two weeks before the first Monday after New Year's Day.
 */
import { addDays, dayOfWeek, isIsoDate, mondayOf } from '../../common/dates';
import type { FakeHolidayRange, IsoDate } from './types';

/** `YYYY-MM-DD` of a year, month (1–12) and day. */
function isoOf(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The first Monday on or after `date`. */
function mondayFrom(date: IsoDate): IsoDate {
  return addDays(date, (8 - dayOfWeek(date)) % 7);
}

/** Monday to Friday of the week starting on `monday`. */
function schoolWeek(monday: IsoDate, name: string): FakeHolidayRange {
  return { from: monday, to: addDays(monday, 4), name };
}

/**
 * Easter Sunday of a Gregorian year, `YYYY-MM-DD` (the anonymous Gregorian algorithm, Meeus/Jones/Butcher).
 */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoOf(year, month, day);
}

/**
 * The school holidays that begin in `year` (see the module comment for the rules), in date order. The
 * Christmas holidays run into January of the next year.
 * @throws RangeError when a date falls outside 1900–9999 (`year` must be 1900–9998).
 */
export function englishSchoolHolidays(year: number): FakeHolidayRange[] {
  const easter = easterSunday(year);
  const lastSundayInOctober = addDays(isoOf(year, 10, 31), -dayOfWeek(isoOf(year, 10, 31)));
  const backToSchool = mondayFrom(isoOf(year + 1, 1, 2));
  const earlyMay = mondayFrom(isoOf(year, 5, 1));
  return [
    schoolWeek(addDays(mondayFrom(isoOf(year, 2, 1)), 14), 'February half term'),
    { from: addDays(easter, -6), to: addDays(easter, 5), name: 'Easter holidays' },
    { from: earlyMay, to: earlyMay, name: 'Early May bank holiday' },
    schoolWeek(mondayFrom(isoOf(year, 5, 25)), 'May half term'),
    { from: isoOf(year, 7, 23), to: isoOf(year, 9, 1), name: 'Summer holidays' },
    schoolWeek(addDays(lastSundayInOctober, -13), 'October half term'),
    { from: addDays(backToSchool, -14), to: addDays(backToSchool, -3), name: 'Christmas holidays' },
  ];
}

/**
 * Cuts short the holiday that covers the demo's anchor day, so the demo always opens on a school week:
 * the anchor is `today`, or the Monday after it when `today` is a Saturday or Sunday. A holiday covering
 * the anchor that began before the anchor's week now ends the Sunday before that week (the school came back
 * early); one that began in the anchor's week now begins the day after the anchor (it breaks up later).
 * Other holidays are kept as they are.
 */
export function openOn(today: IsoDate, holidays: readonly FakeHolidayRange[]): FakeHolidayRange[] {
  const weekend = dayOfWeek(today) === 0 || dayOfWeek(today) === 6;
  const anchor = weekend ? mondayFrom(today) : today;
  const week = mondayOf(anchor);
  return holidays.flatMap((h) => {
    if (anchor < h.from || anchor > h.to) return [h];
    const cut = h.from < week ? { ...h, to: addDays(week, -1) } : { ...h, from: addDays(anchor, 1) };
    return cut.from <= cut.to ? [cut] : [];
  });
}

/** The first and last years {@link demoHolidays} (and so the generated dataset) can be built around. */
export const DEMO_YEARS = { first: 1901, last: 9997 } as const;

/**
 * The generated dataset's school holidays around `today` (`YYYY-MM-DD`, Europe/London): those beginning
 * from the year before `today`'s to the year after, with the one covering the demo's first school day cut
 * short by {@link openOn}.
 * @throws RangeError when `today` is not a date in the years {@link DEMO_YEARS}.
 */
export function demoHolidays(today: IsoDate): FakeHolidayRange[] {
  const year = Number(today.slice(0, 4));
  if (!isIsoDate(today) || year < DEMO_YEARS.first || year > DEMO_YEARS.last) {
    throw new RangeError(
      `today must be a YYYY-MM-DD date in ${DEMO_YEARS.first}–${DEMO_YEARS.last}, got ${today}`,
    );
  }
  const all = [year - 1, year, year + 1].flatMap(englishSchoolHolidays);
  return openOn(today, all);
}
