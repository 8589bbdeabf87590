/**
 * Pure formatting for the popover: Europe/London dates and times, countdowns, "updated N min ago",
 * homework due labels and status wording. No DOM, no bridge, no state: every function takes `now`
 * (epoch milliseconds) explicitly so it can be tested and redrawn at minute boundaries.
 *
 * Uses Intl (built into Chromium and Node) rather than date-fns to keep the renderer bundle small; the
 * calendar itself (London dates and times, trusted instants, date arithmetic) is common/dates.ts.
 * Dates are `YYYY-MM-DD` in Europe/London (the school's zone); instants are ISO strings with an offset
 * (common/domain.ts, docs/classcharts-api.md §6).
 */
import type {
  AttendanceMark,
  AttendanceStatus,
  DetentionStatus,
  HomeworkGroupKey,
  HomeworkStatus,
  Instant,
  IsoDate,
  UpdateState,
} from '../../common/contract';
import { daysBetween, isIsoDate, londonDate, londonTime, parseInstant } from '../../common/dates';

const MINUTE_MS = 60_000;

const longDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});
const shortDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/** A `YYYY-MM-DD` date at 00:00 UTC (epoch ms, a calendar handle for the UTC formatters), or `null`. */
function dateHandle(date: IsoDate): number | null {
  return isIsoDate(date) ? Date.parse(`${date}T00:00:00Z`) : null;
}

/** `HH:MM` (24 h, Europe/London) of an instant, or `–` when it is missing or malformed. */
export function formatTime(value: Instant | null): string {
  const ms = parseInstant(value);
  return ms === null ? '–' : londonTime(ms);
}

/** `08:45–09:45`, or whichever side is known. */
export function formatTimeRange(start: Instant | null, end: Instant | null): string {
  return `${formatTime(start)}–${formatTime(end)}`;
}

/** A day heading: `Monday 23 November`. Malformed dates (see `isIsoDate`) are returned unchanged. */
export function formatDayLong(date: IsoDate): string {
  const t = dateHandle(date);
  return t === null ? date : longDay.format(t).replace(',', '');
}

/** A short day: `Mon 23 Nov`. Malformed dates (see `isIsoDate`) are returned unchanged. */
export function formatDayShort(date: IsoDate): string {
  const t = dateHandle(date);
  return t === null ? date : shortDay.format(t).replace(',', '');
}

/**
 * How far a day is from today, for the day heading: `Today`, `Tomorrow`, `Yesterday`, `In 3 days`,
 * `5 days ago` (both `YYYY-MM-DD`). Throws a RangeError on a malformed date.
 */
export function relativeDayName(date: IsoDate, today: IsoDate): string {
  const diff = daysBetween(today, date);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Tomorrow';
  if (diff === -1) return 'Yesterday';
  return diff > 0 ? `In ${diff} days` : `${-diff} days ago`;
}

/** Minutes as `7 min`, `1 h`, `1 h 5 min`. */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest === 0 ? `${h} h` : `${h} h ${rest} min`;
}

/**
 * Whole minutes from `now` until an instant, rounded up (a lesson 30 s away is "in 1 min"), or `null`
 * when the instant is missing. Negative values mean it is already past.
 */
export function minutesUntil(value: Instant | null, now: number): number | null {
  const ms = parseInstant(value);
  if (ms === null) return null;
  return Math.ceil((ms - now) / MINUTE_MS);
}

/** `in 12 min`, `in 1 h 5 min`, `now` (≤ 0), or `null` when the start is unknown. */
export function formatCountdown(start: Instant | null, now: number): string | null {
  const minutes = minutesUntil(start, now);
  if (minutes === null) return null;
  return minutes <= 0 ? 'now' : `in ${formatDuration(minutes)}`;
}

/** How far through a lesson `now` is: 0–1, or `null` when either time is missing. */
export function lessonProgress(start: Instant | null, end: Instant | null, now: number): number | null {
  const s = parseInstant(start);
  const e = parseInstant(end);
  if (s === null || e === null || e <= s) return null;
  return Math.min(1, Math.max(0, (now - s) / (e - s)));
}

/**
 * The footer's freshness: `Updated just now`, `Updated 12 min ago`, `Updated at 09:14` (same day, an hour
 * or more ago), `Updated Fri 20 Nov at 09:14`, or `Not updated yet`.
 */
export function formatUpdated(updatedAt: Instant | null, now: number): string {
  const ms = parseInstant(updatedAt);
  if (ms === null) return 'Not updated yet';
  const minutes = Math.floor((now - ms) / MINUTE_MS);
  if (minutes < 1) return 'Updated just now';
  if (minutes < 60) return `Updated ${minutes} min ago`;
  const time = londonTime(ms);
  const day = londonDate(ms);
  if (day === londonDate(now)) return `Updated at ${time}`;
  return `Updated ${formatDayShort(day)} at ${time}`;
}

/** When the shown data is from, for banners: `08:05` (today) or `Fri 20 Nov, 16:00`; `null` if unknown. */
export function formatDataTime(updatedAt: Instant | null, now: number): string | null {
  const ms = parseInstant(updatedAt);
  if (ms === null) return null;
  const day = londonDate(ms);
  const time = londonTime(ms);
  return day === londonDate(now) ? time : `${formatDayShort(day)}, ${time}`;
}

/**
 * A homework's due date as the list shows it: `Due today`, `Due tomorrow`, `Due Fri 27 Nov`,
 * `Overdue by 3 days`, or `No due date` (none, or malformed). Both dates `YYYY-MM-DD`.
 */
export function formatDue(dueDate: IsoDate | null, today: IsoDate): string {
  if (!dueDate) return 'No due date';
  let diff: number;
  try {
    diff = daysBetween(today, dueDate);
  } catch {
    return 'No due date';
  }
  if (diff === 0) return 'Due today';
  if (diff === 1) return 'Due tomorrow';
  if (diff < 0) return `Overdue by ${-diff} ${-diff === 1 ? 'day' : 'days'}`;
  return `Due ${formatDayShort(dueDate)}`;
}

const HOMEWORK_GROUP_TITLES: Record<HomeworkGroupKey, string> = {
  overdue: 'Overdue',
  today: 'Due today',
  tomorrow: 'Due tomorrow',
  'this-week': 'This week',
  later: 'Later',
  marked: 'Marked',
};

/** The title of a homework group, as the Homework view heads it (main groups the homework). */
export function homeworkGroupTitle(key: HomeworkGroupKey): string {
  return HOMEWORK_GROUP_TITLES[key];
}

/** Homework status wording (docs/classcharts-api.md §5.6: "To-do" as clients compute it). */
export function homeworkStatusLabel(status: HomeworkStatus): string {
  switch (status) {
    case 'todo':
      return 'To do';
    case 'ticked':
      return 'Ticked';
    case 'completed':
      return 'Completed';
    case 'late':
      return 'Handed in late';
    case 'submitted':
      return 'Handed in';
    case 'missed':
      return 'Not handed in';
    case 'excused':
      return 'Excused';
    case 'other':
      return 'Marked by teacher';
  }
}

/** Detention attendance wording (docs/classcharts-api.md §5.10). */
export function detentionStatusLabel(status: DetentionStatus): string {
  switch (status) {
    case 'pending':
      return 'Upcoming';
    case 'attended':
      return 'Attended';
    case 'missed':
      return 'Missed';
    case 'upscaled':
      return 'Escalated';
  }
}

/** Attendance mark wording (common/contract `AttendanceStatus`). */
export function attendanceStatusLabel(status: AttendanceStatus): string {
  switch (status) {
    case 'present':
      return 'Present';
    case 'late':
      return 'Late';
    case 'absent':
      return 'Absent';
    case 'excused':
      return 'Excused';
    case 'unknown':
      return 'No mark';
  }
}

/**
 * A register mark as read aloud and shown in full: `AM: Late, 8 minutes`, `PM: Excused absence`,
 * `PM: No mark` (no colour needed to tell them apart).
 */
export function attendanceMarkLabel(mark: AttendanceMark): string {
  const status = mark.status === 'excused' ? 'Excused absence' : attendanceStatusLabel(mark.status);
  const late =
    mark.status === 'late' && mark.lateMinutes !== null
      ? `, ${mark.lateMinutes} minute${mark.lateMinutes === 1 ? '' : 's'}`
      : '';
  return `${mark.session}: ${status}${late}`;
}

/** A percentage as `93.5%` (at most one decimal, a whole number without one). */
export function formatPercentage(value: number): string {
  return `${Math.round(value * 10) / 10}%`;
}

/** A homework's estimated time, e.g. `30 minutes`, or `null`. */
export function formatEstimate(estimate: { value: number; unit: string } | null): string | null {
  if (!estimate || !(estimate.value > 0)) return null;
  const unit = estimate.value === 1 ? estimate.unit.replace(/s$/, '') : estimate.unit;
  return `${estimate.value} ${unit}`;
}

/**
 * When a detention is, as the More view shows it: `Mon 23 Nov, 15:30`, `Mon 23 Nov` (no time), or
 * `Date to be confirmed` when the school has not set a date yet (a time alone means little then, so it is
 * left out). `date` is `YYYY-MM-DD` (Europe/London), `time` `HH:MM` (docs/classcharts-api.md §5.10).
 */
export function formatDetentionWhen(date: IsoDate | null, time: string | null): string {
  if (!date) return 'Date to be confirmed';
  return `${formatDayShort(date)}${time ? `, ${time}` : ''}`;
}

/**
 * `text` as a sentence for running prose (banners): trimmed, with a full stop added unless it already ends
 * in `.`, `!`, `?` or `…` (main's messages may or may not have one). Empty text stays empty.
 */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The known parts of a detail line, empty ones skipped: `['Mr J Doe', '10C/Ma1']`, shown joined by ` · `,
 * each part isolated in its own `<bdi>` (More.svelte), so one field's bidi controls cannot reorder the next.
 */
export function detailParts(...parts: (string | null | undefined | false)[]): string[] {
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '');
}

/**
 * The one line Settings shows about the app's own updates (docs/auto-update.md), e.g. `Up to date ·
 * checked 10:32` (Europe/London, as every time in the app), `Version 0.2.0 is ready — restart to update`.
 */
export function updateStatusText(update: UpdateState): string {
  switch (update.status) {
    case 'off':
      return update.reason;
    case 'idle':
      return 'Not checked yet.';
    case 'checking':
      return 'Checking for updates…';
    case 'up-to-date':
      return `Up to date · checked ${formatTime(new Date(update.checkedAt).toISOString())}`;
    case 'downloading':
      return `Downloading version ${update.version}… ${update.percent}%`;
    case 'ready':
      return `Version ${update.version} is ready — restart to update from the tray menu, or it installs when you quit.`;
    case 'error':
      return update.message;
  }
}
