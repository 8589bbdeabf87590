/**
 * The tray's words and icon state, as pure functions of the snapshot (`AppState`, common/contract)
 * and the time: the macOS menu-bar title (short, capped: notch and crowded bars), the tooltip (all
 * platforms, capped to what Windows shows) and which icon to draw. Minutes to the next lesson are
 * counted from `now`, not from the snapshot, so a redraw at each minute boundary stays right between
 * refreshes (docs/design.md "What users asked for": top request 2 and "tray text too long").
 *
 * No electron import; main/platform/tray.ts applies the result.
 */
import { keychainWord, type AppState, type PupilView } from '../../common/contract';
import { currentAndNext } from '../../common/lessons';
import { daysBetween, londonDate, londonTime, parseInstant } from '../../common/dates';

/** Longest menu-bar title (characters, ellipsis included); longer titles are cut. */
export const TITLE_MAX = 28;
/** Longest tooltip (characters): Windows cuts tray tooltips at 127 (NOTIFYICONDATA szTip[128]). */
export const TOOLTIP_MAX = 127;
/** Product name shown first in the tooltip. */
export const PRODUCT_NAME = 'ClassCharts Tray';

/**
 * Which tray icon to show. `signed-out` covers both "never signed in" and "stored credentials were
 * refused: sign in again" (`needs-sign-in`), which is the state users must not miss.
 */
export type TrayIconState = 'normal' | 'new' | 'signed-out' | 'offline';

/** The tray's text at one moment. `title` is `''` when there is nothing worth the menu-bar space. */
export interface TrayText {
  title: string;
  tooltip: string;
  /**
   * The one line about the next (or current) lesson of the selected pupil, also in the tooltip, for the
   * first item of the Linux tray menu; `''` when signed out or nothing is loaded yet.
   */
  headline: string;
}

/** Options for {@link trayText}. */
export interface TrayTextOptions {
  /**
   * `true` (default): "in 5 min" while under an hour, and "Updated 3 min ago", so the text changes each
   * minute. `false` (Linux: every tooltip change rebuilds the tray's D-Bus menu): clock times only
   * ("Next: Maths 10:15 · B12", "Updated at 08:00"), so the text changes only with the lesson or the state.
   */
  countdown?: boolean;
}

/**
 * Cuts `text` to at most `max` characters (code points), ending with `…` when cut. Runs of spaces and
 * tabs become one space; line breaks are kept (tooltip lines).
 */
export function capText(text: string, max: number): string {
  const tidy = text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim();
  const chars = Array.from(tidy);
  if (chars.length <= max) return chars.join('');
  return `${chars
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}…`;
}

/** Whole minutes from `nowMs` until `startMs`, rounded up (a lesson 30 s away is "in 1 min"). */
export function minutesUntil(startMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((startMs - nowMs) / 60_000));
}

/** "5 min", "1 h 5 min", "2 h": a short duration for the tray. `minutes` ≥ 0. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** "Maths · B12 · 5 min" style parts for the next lesson (room left out when unknown). */
function nextLessonParts(subject: string, room: string, startMs: number, nowMs: number): string[] {
  const minutes = minutesUntil(startMs, nowMs);
  const when = minutes < 60 ? formatMinutes(minutes) : londonTime(startMs);
  return room ? [subject, room, when] : [subject, when];
}

/** "Maths 10:15 · B12": a lesson by its clock time, for text that must not change every minute. */
function atClockTime(subject: string, room: string, startMs: number): string {
  return `${subject} ${londonTime(startMs)}${room ? ` · ${room}` : ''}`;
}

/**
 * A later day as the tray names it, relative to `today` (`YYYY-MM-DD`, Europe/London): `Tomorrow`, a
 * weekday within the week (`Monday`), else a short date (`Mon 4 Jan`).
 */
export function dayWord(date: string, today: string): string {
  const days = daysBetween(today, date);
  if (days === 1) return 'Tomorrow';
  const noon = new Date(`${date}T12:00:00Z`);
  const weekday = noon.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  if (days > 1 && days < 7) return weekday;
  return noon.toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

function pupilLine(pupil: PupilView, nowMs: number, countdown: boolean): string | null {
  const start = pupil.nextLesson ? parseInstant(pupil.nextLesson.start) : null;
  if (!pupil.nextLesson || start === null || start <= nowMs) return null;
  const today = londonDate(nowMs);
  if (pupil.nextLesson.date !== today)
    return `${pupil.firstName}: ${dayWord(pupil.nextLesson.date, today)} ${atClockTime(pupil.nextLesson.subject, pupil.nextLesson.room, start)}`;
  if (!countdown)
    return `${pupil.firstName}: ${atClockTime(pupil.nextLesson.subject, pupil.nextLesson.room, start)}`;
  const minutes = minutesUntil(start, nowMs);
  const room = pupil.nextLesson.room ? ` in ${pupil.nextLesson.room}` : '';
  const when = minutes < 60 ? `in ${formatMinutes(minutes)}` : `at ${londonTime(start)}`;
  return `${pupil.firstName}: ${pupil.nextLesson.subject}${room} ${when}`;
}

/**
 * Title, tooltip and headline for the tray at `nowMs` (epoch ms). Signed out / needs sign-in say so;
 * offline and stale data are flagged in the tooltip; a parent's tooltip lists every pupil's next lesson.
 * `options.countdown: false` leaves out every per-minute count ({@link TrayTextOptions}).
 */
export function trayText(state: AppState, nowMs: number, options: TrayTextOptions = {}): TrayText {
  const countdown = options.countdown ?? true;
  let headline = '';
  const cap = (title: string, lines: string[]): TrayText => ({
    title: capText(title.replace(/\s+/g, ' '), TITLE_MAX),
    tooltip: capText([PRODUCT_NAME, ...lines].join('\n'), TOOLTIP_MAX),
    headline: capText(headline.replace(/\s+/g, ' '), TOOLTIP_MAX),
  });

  if (state.auth === 'needs-sign-in') return cap('Sign in', ['Sign in again to see your timetable']);
  if (state.auth === 'signed-out' && state.environment.keychain === 'locked') {
    // A remembered sign-in waits for the keychain (vault.ts): say so where GNOME shows it, the menu too.
    headline = `Waiting for your ${keychainWord(state.environment.platform)}`;
    return cap('', [`${headline} to open your saved sign-in`]);
  }
  if (state.auth === 'signed-out') return cap('', ['Signed out']);
  if (state.auth === 'starting' || state.auth === 'signing-in') {
    if (!state.today) return cap('', ['Signing in…']);
  }

  const lines: string[] = [];
  let title = '';
  // The lesson now and the next one by the rule the popover shows (common/lessons.ts).
  const { current, next } = currentAndNext(state.today?.lessons ?? [], nowMs);
  const nextStart = next ? parseInstant(next.start) : null;
  if (next && nextStart !== null) {
    const parts = nextLessonParts(next.subject, next.room, nextStart, nowMs);
    title = parts.join(' · ');
    const minutes = minutesUntil(nextStart, nowMs);
    const room = next.room ? ` in ${next.room}` : '';
    const when =
      minutes < 60
        ? `in ${formatMinutes(minutes)} (${londonTime(nextStart)})`
        : `at ${londonTime(nextStart)}`;
    lines.push(
      countdown
        ? `Next: ${next.subject}${room} ${when}`
        : `Next: ${atClockTime(next.subject, next.room, nextStart)}`,
    );
  } else if (current) {
    const end = parseInstant(current.end);
    title = current.subject;
    lines.push(
      `Now: ${current.subject}${current.room ? ` in ${current.room}` : ''}${end ? ` until ${londonTime(end)}` : ''}`,
    );
  } else if (state.today) {
    // Today is over (or has no lessons): the next school day's first lesson, as the first screen shows it.
    const first = state.nextSchoolDay?.day?.lessons.find((l) => !l.isBreak && parseInstant(l.start) !== null);
    const firstStart = first ? parseInstant(first.start) : null;
    if (first && firstStart !== null) {
      const day = dayWord(first.date, londonDate(nowMs));
      title = `${day} ${londonTime(firstStart)} ${first.subject}`;
      lines.push(`Next: ${day} ${atClockTime(first.subject, first.room, firstStart)}`);
    } else lines.push('No more lessons today');
  }
  headline = lines[0] ?? '';

  if (state.account?.kind === 'parent' && state.pupils.length > 1) {
    const selected = state.pupils.find((p) => p.id === state.selectedPupilId);
    if (selected && title) title = `${selected.firstName}: ${title}`;
    lines.length = 0;
    for (const pupil of state.pupils) {
      const line = pupilLine(pupil, nowMs, countdown) ?? `${pupil.firstName}: no more lessons today`;
      lines.push(line);
      if (pupil.id === state.selectedPupilId) headline = line;
    }
  }

  if (state.freshness.offline) lines.push('Offline: showing saved data');
  else if (state.freshness.stale && state.freshness.updatedAt) {
    const updated = parseInstant(state.freshness.updatedAt);
    if (updated !== null)
      lines.push(
        countdown
          ? `Updated ${formatMinutes(Math.max(0, Math.floor((nowMs - updated) / 60_000)))} ago`
          : `Updated at ${londonTime(updated)}`,
      );
  }
  return cap(title, lines);
}

/**
 * Which icon the tray shows: sign-in problems first (the user must act), then offline, then "something
 * new" (`hasNew`: notifications the user has not looked at since the popover was last opened).
 */
export function trayIconState(state: AppState, hasNew: boolean): TrayIconState {
  if (state.auth === 'signed-out' || state.auth === 'needs-sign-in') return 'signed-out';
  if (state.freshness.offline) return 'offline';
  return hasNew ? 'new' : 'normal';
}

/** Milliseconds from `nowMs` to the next whole minute (1–60 000): when the tray redraws next. */
export function msUntilNextMinute(nowMs: number): number {
  return 60_000 - (((nowMs % 60_000) + 60_000) % 60_000);
}
