/**
 * The first screen's decisions (issue 24, docs/notes/ui.md "The first screen"), as pure functions of the
 * snapshot and the minute clock, so the component tests and the browser tests share one rule:
 * - which day it shows: today, until its last lesson (and anything after it, such as a detention) has
 *   ended; then the next school day main looked up (`AppState.nextSchoolDay`); or none in three weeks;
 * - which homework its Due part lists: to do, overdue first, then the soonest, with "N more";
 * - the words: a due day (`Today`, `Tomorrow`, `Thursday`, `Mon 7 Dec`), a homework title without the
 *   subject it repeats, a parent's line per child.
 *
 * Dates are `YYYY-MM-DD` in Europe/London; `nowMs` is epoch milliseconds. No DOM, no Svelte.
 */
import type {
  AppState,
  DayView,
  HomeworkSummary,
  HomeworkGroup,
  IsoDate,
  LessonState,
  PupilView,
} from '../../common/contract';
import { daysBetween, londonDate, parseInstant } from '../../common/dates';
import { dayLessonStates, lessonEndMs } from '../../common/lessons';
import { formatDayShort, formatTime } from './format';

/**
 * What the first screen shows: `today` (the snapshot's day), `next` (the next school day: today is over,
 * or has no lessons), or `none` (no lessons found up to `searchedTo`: a holiday with the timetable cleared).
 */
export type Glance =
  { kind: 'today' } | { kind: 'next'; day: DayView } | { kind: 'none'; searchedTo: IsoDate };

/**
 * Whether today still has something to come at `nowMs`: a lesson not yet ended, or the selected pupil's
 * detention today not yet over (its end, else its start, else the end of the day when it has no time).
 */
export function todayHasMore(state: AppState, pupil: PupilView | null, nowMs: number): boolean {
  const today = state.today;
  // A lesson's end by the rule the tray and the lesson list follow (common/lessons.ts).
  if (today?.lessons.some((l) => !l.isBreak && (lessonEndMs(l, today.lessons) ?? 0) > nowMs)) return true;
  const detention = pupil?.nextDetention;
  if (!detention || detention.date !== londonDate(nowMs)) return false;
  const until = parseInstant(detention.end) ?? parseInstant(detention.start);
  return until === null || until > nowMs;
}

/**
 * The day of the first screen at `nowMs` ({@link Glance}). Today stays until it has nothing more to come
 * ({@link todayHasMore}) and while the next school day is not known yet (the lookup follows a refresh).
 */
export function glanceOf(state: AppState, pupil: PupilView | null, nowMs: number): Glance {
  if (state.today === null || todayHasMore(state, pupil, nowMs)) return { kind: 'today' };
  const next = state.nextSchoolDay;
  if (next === null) return { kind: 'today' };
  return next.day === null ? { kind: 'none', searchedTo: next.searchedTo } : { kind: 'next', day: next.day };
}

/**
 * The first screen's heading word for its day, relative to `today`: `Today`, `Tomorrow`, else `Next school
 * day` (the heading's date names the weekday: "Next school day · Monday 30 November").
 */
export function glanceDayName(date: IsoDate, today: IsoDate): string {
  const days = daysBetween(today, date);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return 'Next school day';
}

const weekdayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });

/** The weekday of a date (`YYYY-MM-DD`): `Monday`. */
export function weekdayOf(date: IsoDate): string {
  return weekdayFormat.format(Date.parse(`${date}T12:00:00Z`));
}

/**
 * A due day in words, relative to `today`: `Today`, `Tomorrow`, a weekday within six days (`Thursday`),
 * else a short date (`Mon 7 Dec`); `Overdue` before today; `No due date` without one.
 */
export function dueDayWord(dueDate: IsoDate | null, today: IsoDate): string {
  if (dueDate === null) return 'No due date';
  let days: number;
  try {
    days = daysBetween(today, dueDate);
  } catch {
    return 'No due date';
  }
  if (days < 0) return 'Overdue';
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days < 7) return weekdayOf(dueDate);
  return formatDayShort(dueDate);
}

/**
 * A homework's title as a row shows it beside its subject: a title that starts with the subject (`Mathematics:
 * Pythagoras`, `Mathematics - Pythagoras`, case aside) drops that repeated prefix; anything else is kept
 * whole, as is a title that would be left empty.
 */
export function titleWithoutSubject(title: string, subject: string | null): string {
  const trimmed = title.trim();
  const name = subject?.trim();
  if (!name || trimmed.length <= name.length) return trimmed;
  if (trimmed.slice(0, name.length).toLocaleLowerCase('en-GB') !== name.toLocaleLowerCase('en-GB'))
    return trimmed;
  const rest = trimmed.slice(name.length).replace(/^\s*[:\-–—|·]\s*/u, '');
  // Only a separator makes it a prefix ("Art: Collage", not "Artemis project").
  if (rest === trimmed.slice(name.length) || rest.trim() === '') return trimmed;
  // What was the middle of a sentence starts it now: "Music: the blues scale" → "The blues scale".
  const [first = ''] = rest.trim();
  return first.toLocaleUpperCase('en-GB') + rest.trim().slice(first.length);
}

/** The Due part of the first screen: the homework it lists, and how many more the Homework tab has. */
export interface DueList {
  items: HomeworkSummary[];
  /** To-do homework not listed here (the Homework tab has them). */
  more: number;
}

/** Overdue homework listed first, at most; the rest waits behind "N more". */
export const DUE_OVERDUE_MAX = 2;
/** Homework due from today on listed: at least this many, whatever is overdue. */
export const DUE_UPCOMING_MIN = 2;
/** Homework listed when nothing is overdue (overdue work takes these places first, down to the minimum). */
export const DUE_LISTED = 3;

/**
 * The to-do homework of `groups` (main's, common/contract `AppState.homework`) for the first screen:
 * overdue first (up to {@link DUE_OVERDUE_MAX}), then the soonest due (at least {@link DUE_UPCOMING_MIN};
 * up to three with nothing overdue), by due date; homework without a due date last. `keep` lists homework
 * ticked off in this popover, kept in its place (ticked) so a mis-tick can be undone where it happened.
 */
export function dueList(
  groups: readonly HomeworkGroup[],
  today: IsoDate,
  keep: Readonly<Record<number, HomeworkSummary>> = {},
): DueList {
  // Main lists each homework in one group; one ticked off here may have left main's list (overdue work).
  const todo = groups
    .filter((group) => group.key !== 'marked')
    .flatMap((group) => group.items)
    .filter((homework) => homework.status === 'todo' || homework.id in keep);
  const listed = new Set(todo.map((homework) => homework.id));
  todo.push(...Object.values(keep).filter((homework) => !listed.has(homework.id)));
  todo.sort((a, b) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') || a.id - b.id);
  const overdue = todo.filter((h) => h.dueDate !== null && h.dueDate < today);
  const upcoming = todo.filter((h) => h.dueDate === null || h.dueDate >= today);
  const shownOverdue = overdue.slice(0, DUE_OVERDUE_MAX);
  const room = Math.max(DUE_UPCOMING_MIN, DUE_LISTED - shownOverdue.length);
  const items = [...shownOverdue, ...upcoming.slice(0, room)];
  // Homework ticked off here counts as listed, not as more to do.
  const stillToDo = (h: HomeworkSummary) => !(h.id in keep) || h.status === 'todo';
  return { items, more: Math.max(0, todo.filter(stillToDo).length - items.filter(stillToDo).length) };
}

/**
 * Where each lesson of `day` stands at `nowMs` (epoch ms), by lesson id, judged live by the rule main and the
 * tray follow (common/lessons.ts `dayLessonStates`; today `YYYY-MM-DD` Europe/London): the day view and the
 * week redraw with it between snapshots. A lesson the rule gives no state keeps the one main sent.
 */
export function lessonStatesById(day: DayView, today: IsoDate, nowMs: number): Record<string, LessonState> {
  const list = dayLessonStates(day.date, today, day.lessons, nowMs);
  return Object.fromEntries(day.lessons.map((lesson, index) => [lesson.id, list[index] ?? lesson.state]));
}

/** Homework of `groups` due on `date` (to do or ticked off), for the Due part of another day's view. */
export function dueOn(groups: readonly HomeworkGroup[], date: IsoDate): HomeworkSummary[] {
  // Main lists each homework in one group (main/sync/snapshot.ts groupHomework).
  return groups
    .filter((g) => g.key !== 'marked')
    .flatMap((g) => g.items)
    .filter((h) => h.dueDate === date);
}

/** The lesson part of a parent's line for one child ({@link familyLine}). */
export interface FamilyLesson {
  /** Before the subject: `Now`, or when it starts (`14:10`, `Tomorrow 08:45`, `Mon 30 Nov 08:45`). */
  when: string | null;
  /** The subject, or `null` when there is no lesson to name. */
  subject: string | null;
  /** After the subject: `next` for today's next lesson; or the sentence when there is no lesson. */
  note: string | null;
  /** The room (school text: shown isolated), `''` when none. */
  room: string;
}

/**
 * A parent's line for one child, in words (issue 24 §2): what they have now or next (subject, room, time),
 * then homework and a detention, e.g. "Now Science · S3" and "3 due this week · 1 overdue ·
 * detention Thursday" (`extras`, joined with `·` by the popover).
 */
export function familyLine(pupil: PupilView, nowMs: number): { lesson: FamilyLesson; extras: string[] } {
  const today = londonDate(nowMs);
  let lesson: FamilyLesson;
  const current = pupil.currentLesson;
  const next = pupil.nextLesson;
  if (current && (parseInstant(current.end) ?? 0) > nowMs) {
    lesson = { when: 'Now', subject: current.subject, note: null, room: current.room };
  } else if (next && (parseInstant(next.start) ?? 0) > nowMs) {
    const day = next.date === today ? '' : `${dueDayWord(next.date, today)} `;
    lesson = {
      when: `${day}${formatTime(next.start)}`,
      subject: next.subject,
      note: next.date === today ? 'next' : null,
      room: next.room,
    };
  } else lesson = { when: null, subject: null, note: 'No more lessons today', room: '' };
  const extras: string[] = [];
  extras.push(
    pupil.homeworkDueThisWeek > 0 ? `${pupil.homeworkDueThisWeek} due this week` : 'nothing due this week',
  );
  if (pupil.homeworkOverdue > 0) extras.push(`${pupil.homeworkOverdue} overdue`);
  const detention = pupil.nextDetention;
  if (detention) {
    const word = dueDayWord(detention.date, today);
    const when =
      detention.date === today
        ? `today${detention.start ? ` ${formatTime(detention.start)}` : ''}`
        : word === 'Tomorrow'
          ? 'tomorrow'
          : word;
    extras.push(`detention ${when}`);
  }
  return { lesson, extras };
}
