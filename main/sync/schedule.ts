/**
 * The refresh schedule, as pure functions of the time (epoch ms) and what was fetched when: the interval
 * refresh with backoff after failures, the Europe/London midnight refresh, the minute tick, the lower
 * cadence of the background kinds, the popover's "older than 5 minutes" rule, and the date windows the
 * requests ask for. Applied by ./refresher.ts and ./refresh-timers.ts through the injected clock.
 *
 * Cadence (issue 25 §4): the user's interval from 07:00 to 22:00 London every day (nothing may come later in
 * waking hours), every {@link OVERNIGHT_INTERVAL_MS} overnight, plus the midnight refresh; today's lessons
 * are asked for at most hourly once none of them is still to come ({@link todayLessonsDue}). A remembered
 * session lapses between uses when that is cheaper (main/session/renewal-policy.ts `worthKeepingAlive`).
 * Requests per day: `npm run bench -- --only day` (docs/benchmarks.md).
 */
import { addDays, londonDate, londonMinuteOfDay, parseInstant } from '../../common/dates';
import { londonLocalToInstant, nextLondonMidnight } from '../classcharts/dates';
import type { IsoDate, Lesson } from '../../common/domain';
import { backoffDelay } from '../session/renewal-policy';

/** The popover refreshes on opening when the data is older than this (5 min). */
export const POPOVER_STALE_AFTER_MS = 5 * 60_000;

/** Background kinds (activity, badges, detentions, announcements) are fetched this often (60 min). */
export const EXTRAS_INTERVAL_MS = 60 * 60_000;

/** On-demand records (`records:get`) and other days (`day:get`) are reused for this long (2 min). */
export const ON_DEMAND_TTL_MS = 2 * 60_000;

/** The midnight refresh runs this long after Europe/London midnight, so the service's day has turned. */
export const MIDNIGHT_MARGIN_MS = 5_000;

/**
 * The shortest wait before a scheduled refresh (1 s), whatever the inputs: an overdue refresh runs after
 * it, and no mistake elsewhere can make the refresh timer spin at 0 ms.
 */
export const MIN_REFRESH_DELAY_MS = 1_000;

/** First retry after a failed refresh (15 s); doubles per failure up to the refresh interval (≤ 10 min). */
export const REFRESH_RETRY_BASE_MS = 15_000;
const REFRESH_RETRY_CAP_MS = 10 * 60_000;

/** Homework is fetched by due date from this many days back (overdue work still open)… */
export const HOMEWORK_DAYS_BACK = 28;
/** …to this many days ahead (new homework due later than the 14 shown still gets its notification). */
export const HOMEWORK_FETCH_DAYS_AHEAD = 28;
/** Behaviour points of the last this-many days feed the notification rules. */
export const ACTIVITY_DAYS_BACK = 7;

/**
 * Milliseconds until the next interval refresh: `intervalMs` after the last success (longer overnight:
 * {@link intervalRefreshDue}), or after `failures`
 * consecutive failures a backoff (15 s, 30 s, 60 s … capped at the interval and at 10 minutes). Never
 * less than {@link MIN_REFRESH_DELAY_MS}: overdue (or never succeeded, no failure) gives that minimum.
 */
export function nextRefreshDelay(input: {
  intervalMs: number;
  /** Epoch ms of the last successful refresh, or `null` if none. */
  lastSuccessAt: number | null;
  failures: number;
  now: number;
  /** `false`: the interval day and night (`cli watch --interval`); default `true`, less overnight. */
  quietNights?: boolean;
}): number {
  const { intervalMs, lastSuccessAt, failures, now, quietNights = true } = input;
  const delay =
    failures > 0
      ? backoffDelay(
          failures,
          REFRESH_RETRY_BASE_MS,
          Math.max(REFRESH_RETRY_BASE_MS, Math.min(intervalMs, REFRESH_RETRY_CAP_MS)),
        )
      : lastSuccessAt === null
        ? 0
        : (quietNights ? intervalRefreshDue(lastSuccessAt, intervalMs) : lastSuccessAt + intervalMs) - now;
  // `Number.isFinite`: a NaN from a damaged input must not slip past Math.max as a 0 ms timer.
  return Number.isFinite(delay) ? Math.max(MIN_REFRESH_DELAY_MS, delay) : MIN_REFRESH_DELAY_MS;
}

/** Overnight, 22:00–07:00 London, the interval refresh runs this often (3 h), not the user's interval. */
export const OVERNIGHT_INTERVAL_MS = 3 * 60 * 60_000;

/** Waking hours, London minutes of the day: from 07:00 to 22:00 the user's interval always applies. */
export const WAKING_HOURS = { from: 7 * 60, to: 22 * 60 } as const;

/**
 * When the interval refresh after a success at `lastSuccessAt` is due (epoch ms): `intervalMs` later, unless
 * that falls overnight (22:00–07:00 London), where nothing can be seen and little changes: then
 * {@link OVERNIGHT_INTERVAL_MS} after the success, but never later than the next 07:00, so the first refresh
 * of the waking day is on time. Never later than `lastSuccessAt + intervalMs` in waking hours.
 */
export function intervalRefreshDue(lastSuccessAt: number, intervalMs: number): number {
  const due = lastSuccessAt + intervalMs;
  if (!Number.isFinite(due)) return due; // a damaged input: the caller falls back to its minimum delay
  const minute = londonMinuteOfDay(due);
  if (minute >= WAKING_HOURS.from && minute < WAKING_HOURS.to) return due;
  const morningDate = minute >= WAKING_HOURS.to ? addDays(londonDate(due), 1) : londonDate(due);
  const morning = parseInstant(londonLocalToInstant(morningDate, '07:00')) ?? due;
  return Math.max(due, Math.min(lastSuccessAt + OVERNIGHT_INTERVAL_MS, morning));
}

/**
 * Once no lesson of the day is still to come (after the last one ended, or on a day without lessons), the
 * day's timetable is asked for again at most this often (60 min): a change then can neither be seen as
 * "now" or "next" nor be acted on, and the next school day has its own hourly lookup.
 */
export const SETTLED_DAY_INTERVAL_MS = 60 * 60_000;

/**
 * Whether today's timetable must be asked for in a refresh at `now` (epoch ms): yes unless `day` is today's,
 * fetched after its last lesson ended, or with no lessons at or after 07:00 (a timetable published early in
 * the morning is not missed), less than {@link SETTLED_DAY_INTERVAL_MS} ago. A lesson whose end cannot be
 * read keeps the day unsettled. A refresh the user asks for reads the lessons whatever this says.
 */
export function todayLessonsDue(
  day: { date: IsoDate; fetchedAt: number; lessons: readonly Pick<Lesson, 'end'>[] } | null | undefined,
  today: IsoDate,
  now: number,
): boolean {
  if (!day || day.date !== today) return true;
  if (now - day.fetchedAt >= SETTLED_DAY_INTERVAL_MS || now < day.fetchedAt) return true;
  if (day.lessons.length === 0) return londonMinuteOfDay(day.fetchedAt) < WAKING_HOURS.from;
  return !day.lessons.every((lesson) => {
    const end = parseInstant(lesson.end);
    return end !== null && end <= day.fetchedAt;
  });
}

/** Milliseconds until the refresh after the next Europe/London midnight (23- and 25-hour days included). */
export function midnightRefreshDelay(now: number): number {
  return nextLondonMidnight(now) - now + MIDNIGHT_MARGIN_MS;
}

/** Milliseconds until the next whole minute (the tray and lesson states change only then). */
export function nextMinuteDelay(now: number): number {
  return 60_000 - (((now % 60_000) + 60_000) % 60_000);
}

/** True when the popover should refresh on opening: never fetched, or older than 5 minutes. */
export function popoverShouldRefresh(updatedAt: number | null, now: number): boolean {
  return updatedAt === null || now - updatedAt >= POPOVER_STALE_AFTER_MS;
}

/** True when a background kind fetched at `fetchedAt` (or never) is due again. */
export function extrasDue(fetchedAt: number | null, now: number, intervalMs = EXTRAS_INTERVAL_MS): boolean {
  return fetchedAt === null || now - fetchedAt >= intervalMs || now < fetchedAt;
}

/**
 * The next school day found is looked up again this often (60 min, with the background kinds: a cover
 * lesson set for tomorrow shows within the hour); a search that found none within its three weeks (a
 * summer holiday) only every 6 hours, as it costs a request a day searched.
 */
export const NEXT_DAY_INTERVAL_MS = { found: 60 * 60_000, none: 6 * 60 * 60_000 } as const;

/**
 * True when the next school day after `today` must be looked up (again): never looked up, looked up on
 * another day, or older than {@link NEXT_DAY_INTERVAL_MS} (`now`, `fetchedAt`: epoch ms).
 */
export function nextDayDue(
  lookup: { after: IsoDate; fetchedAt: number; date: IsoDate | null } | null | undefined,
  today: IsoDate,
  now: number,
): boolean {
  if (!lookup || lookup.after !== today) return true;
  return extrasDue(
    lookup.fetchedAt,
    now,
    lookup.date === null ? NEXT_DAY_INTERVAL_MS.none : NEXT_DAY_INTERVAL_MS.found,
  );
}

/** The due-date window homework is fetched for (`display_date=due_date`). */
export function homeworkWindow(today: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: addDays(today, -HOMEWORK_DAYS_BACK), to: addDays(today, HOMEWORK_FETCH_DAYS_AHEAD) };
}

/** The date window of behaviour points fetched for the rules. */
export function activityWindow(today: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: addDays(today, -ACTIVITY_DAYS_BACK), to: today };
}
