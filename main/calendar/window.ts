/**
 * The calendar feed's dates (issue 28 §2: "one week back to four ahead"): from the Monday of last week
 * through the Sunday of the week `weeks − 1` after this one. With the default 4 weeks that is last week,
 * this week and three more: 5 weeks, 35 days. Dates are `YYYY-MM-DD` in Europe/London (common/dates.ts).
 */
import { addDays, isWeekend, londonDate, mondayOf } from '../../common/dates';
import type { IsoDate } from '../../common/domain';

/** Weeks the feed shows from this one on, unless asked otherwise (this week and three more). */
export const DEFAULT_FEED_WEEKS = 4;
/** The fewest weeks ahead a feed may ask for (this week only). */
export const MIN_FEED_WEEKS = 1;
/** The most weeks ahead a feed may ask for: a term's half, and at most 60 timetable requests per pupil. */
export const MAX_FEED_WEEKS = 12;

/** The feed's dates, both ends inclusive, `YYYY-MM-DD` Europe/London. */
export interface FeedWindow {
  /** The Monday of last week. */
  from: IsoDate;
  /** The Sunday of the last week shown. */
  to: IsoDate;
}

/**
 * The feed's window at `now` (epoch ms; its Europe/London date decides the week): the Monday of last week
 * through the Sunday of the week `weeks − 1` after this one (`weeks` 1–12, default 4).
 * @throws RangeError `weeks` is not a whole number from {@link MIN_FEED_WEEKS} to {@link MAX_FEED_WEEKS}.
 */
export function feedWindow(now: number, weeks: number = DEFAULT_FEED_WEEKS): FeedWindow {
  if (!Number.isInteger(weeks) || weeks < MIN_FEED_WEEKS || weeks > MAX_FEED_WEEKS)
    throw new RangeError(`weeks must be a whole number from ${MIN_FEED_WEEKS} to ${MAX_FEED_WEEKS}`);
  const thisMonday = mondayOf(londonDate(now));
  return { from: addDays(thisMonday, -7), to: addDays(thisMonday, 7 * weeks - 1) };
}

/** The window's Monday-to-Friday dates, in order: the days a timetable is asked for. */
export function schoolDays(window: FeedWindow): IsoDate[] {
  const days: IsoDate[] = [];
  for (let date = window.from; date <= window.to; date = addDays(date, 1))
    if (!isWeekend(date)) days.push(date);
  return days;
}

/**
 * The `DTSTAMP` of a feed over `window` (epoch ms): 00:00 UTC on the window's first day. Fixed for as long
 * as the window is, so the same data gives the same text (main/calendar/ics.ts `CalendarInput.stamp`).
 */
export function feedStamp(window: FeedWindow): number {
  return Date.parse(`${window.from}T00:00:00Z`);
}
