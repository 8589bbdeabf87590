/**
 * Where each lesson of a day stands at a moment: the one rule main's snapshot (main/sync/snapshot.ts), the
 * popover's live redraw between snapshots (renderer/views/Today.svelte) and the tray's words
 * (main/platform/tray-text.ts) all follow, so the three never disagree about which lesson is now and which
 * is next (docs/decisions.md "One rule for the lesson now and the next one").
 *
 * Lesson times are ISO instants with an offset (docs/classcharts-api.md §6); a time that is missing or
 * malformed counts as unknown. `nowMs` is epoch milliseconds.
 */
import type { LessonState } from './contract/view-model';
import { parseInstant } from './dates';
import type { Instant, IsoDate } from './domain';

/** What the rule reads of a lesson: its times and whether it is a break. */
export interface TimedLesson {
  /** Start, ISO instant with offset; `null` or malformed when unknown. */
  start: Instant | null;
  /** End, ISO instant with offset; `null` or malformed when unknown. */
  end: Instant | null;
  /** A break or lunch: never "next", never the lesson "now". */
  isBreak: boolean;
}

/**
 * The start (epoch ms) of the next lesson after `nowMs`: the earliest start later than now among the
 * lessons that are not breaks; `null` when none is left.
 */
export function nextLessonStart(lessons: readonly TimedLesson[], nowMs: number): number | null {
  let earliest: number | null = null;
  for (const lesson of lessons) {
    if (lesson.isBreak) continue;
    const start = parseInstant(lesson.start);
    if (start !== null && start > nowMs && (earliest === null || start < earliest)) earliest = start;
  }
  return earliest;
}

/**
 * When a lesson ends (epoch ms): its end time; when that is unknown, the next start of any lesson or break
 * of the day after its own start, or its own start when nothing follows (no way to tell, so it counts as
 * over once begun, as the first screen counts it); `null` when neither time is known.
 */
export function lessonEndMs(lesson: TimedLesson, lessons: readonly TimedLesson[]): number | null {
  const end = parseInstant(lesson.end);
  if (end !== null) return end;
  const start = parseInstant(lesson.start);
  if (start === null) return null;
  let following: number | null = null;
  for (const other of lessons) {
    const otherStart = parseInstant(other.start);
    if (otherStart !== null && otherStart > start && (following === null || otherStart < following))
      following = otherStart;
  }
  return following ?? start;
}

/**
 * Each lesson's state on its own day at `nowMs`, in the order given:
 * - `past` once it has ended ({@link lessonEndMs});
 * - `current` from its start until its end (a break too);
 * - `next` for every lesson, not a break, starting at {@link nextLessonStart} (split classes that start
 *   together are all next);
 * - `later` otherwise, and for a lesson whose start is unknown and whose end has not come.
 */
export function lessonStatesAt(lessons: readonly TimedLesson[], nowMs: number): LessonState[] {
  const nextStart = nextLessonStart(lessons, nowMs);
  return lessons.map((lesson) => {
    const start = parseInstant(lesson.start);
    const end = lessonEndMs(lesson, lessons);
    if (end !== null && end <= nowMs) return 'past';
    if (start !== null && start <= nowMs) return 'current';
    if (!lesson.isBreak && start !== null && start === nextStart) return 'next';
    return 'later';
  });
}

/**
 * The states of a day's lessons (`date`, YYYY-MM-DD Europe/London) seen on `today`: all `past` on an
 * earlier day, all `later` on a later one, and {@link lessonStatesAt} on today itself.
 */
export function dayLessonStates(
  date: IsoDate,
  today: IsoDate,
  lessons: readonly TimedLesson[],
  nowMs: number,
): LessonState[] {
  if (date < today) return lessons.map(() => 'past');
  if (date > today) return lessons.map(() => 'later');
  return lessonStatesAt(lessons, nowMs);
}

/**
 * The lesson now and the next one among lessons whose states are already judged (`states[i]` is the state
 * of `lessons[i]`, as {@link lessonStatesAt} or a snapshot's `LessonView.state` gives it): the first
 * lesson, not a break, that is current, and the first that is next; `null` when there is none.
 */
export function currentAndNextOf<L extends Pick<TimedLesson, 'isBreak'>>(
  lessons: readonly L[],
  states: readonly LessonState[],
): { current: L | null; next: L | null } {
  let current: L | null = null;
  let next: L | null = null;
  lessons.forEach((lesson, index) => {
    if (lesson.isBreak) return;
    if (!current && states[index] === 'current') current = lesson;
    if (!next && states[index] === 'next') next = lesson;
  });
  return { current, next };
}

/** The lesson now and the next one at `nowMs` ({@link currentAndNextOf} over {@link lessonStatesAt}). */
export function currentAndNext<L extends TimedLesson>(
  lessons: readonly L[],
  nowMs: number,
): { current: L | null; next: L | null } {
  return currentAndNextOf(lessons, lessonStatesAt(lessons, nowMs));
}
