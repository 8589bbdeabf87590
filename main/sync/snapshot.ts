/**
 * The snapshot: builds the contract's `AppState` view model (common/contract) from what is known
 * (../known.ts) and the time. Pure functions: the same input always gives the same state, so the app
 * can rebuild it at every minute boundary and emit `state:changed` only when something visible changed.
 *
 * Dates are Europe/London calendar dates (`YYYY-MM-DD`); `now` is epoch milliseconds.
 */
import type {
  AppState,
  AuthStatus,
  DayView,
  HomeworkSummary,
  HomeworkGroupKey,
  LessonView,
  NextSchoolDay,
  PupilView,
  Settings,
} from '../../common/contract';
import {
  addDays,
  dayOfWeek,
  daysBetween,
  londonDate,
  parseInstant,
  toLondonInstant,
} from '../../common/dates';
import type { Homework, IsoDate, Lesson } from '../../common/domain';
import { isHomeworkOpen, type KnownData, type KnownPupil } from '../known';
import { currentAndNextOf, dayLessonStates, nextLessonStart } from '../../common/lessons';
import { rotaCycleSeen, rotaWeekLabel } from '../../common/rota';

/** Homework due up to this many days ahead is shown (and counted as due, as is homework with no due date). */
export const HOMEWORK_DAYS_AHEAD = 14;

/** The counters of a pupil the service sent none for (or cached by an older version). */
const NO_COUNTERS = {
  homeworkToDo: null,
  homeworkLate: null,
  detentionsPending: null,
  announcements: null,
} as const;

/** Marked homework stays listed (the "marked" group) this many days after its due date. */
export const MARKED_DAYS_BACK = 14;

/**
 * True when the teacher has marked a homework or left feedback on it. Read defensively: a homework cached by
 * an older version has neither field until the next refresh.
 */
export function isHomeworkMarked(homework: Homework): boolean {
  return Boolean(homework.mark) || homework.hasFeedback === true;
}

function startMs(lesson: Lesson): number | null {
  return parseInstant(lesson.start);
}

/** Lessons in time order (lessons without a valid start last, then by period label). */
export function sortLessons(lessons: readonly Lesson[]): Lesson[] {
  return [...lessons].sort((a, b) => {
    const sa = startMs(a) ?? Number.POSITIVE_INFINITY;
    const sb = startMs(b) ?? Number.POSITIVE_INFINITY;
    return sa === sb ? a.period.localeCompare(b.period, 'en', { numeric: true }) : sa - sb;
  });
}

/**
 * A day's lessons as the popover shows them, at `now`, sorted by start:
 * - `state`: common/lessons.ts `dayLessonStates` (all `past` on an earlier date, all `later` on a later
 *   one; today: past, current, next or later, the one rule the popover and the tray follow too);
 * - `minutesToNext`: minutes until the next lesson starts, rounded up; `null` when none is left or the
 *   day is not today;
 * - `roomChanged`: the room differs from the one this lesson had when first seen that day.
 */
export function buildDayView(
  date: IsoDate,
  lessons: readonly Lesson[],
  now: number,
  firstSeenRooms: Readonly<Record<string, string>> = {},
  rotaCycle = 0,
): DayView {
  const today = londonDate(now);
  const sorted = sortLessons(lessons);
  const states = dayLessonStates(date, today, sorted, now);
  const nextStart = date === today ? nextLessonStart(sorted, now) : null;
  const views = sorted.map((lesson, index): LessonView => ({
    ...lesson,
    state: states[index] ?? 'later',
    roomChanged: lesson.id in firstSeenRooms && firstSeenRooms[lesson.id] !== lesson.room,
  }));
  return {
    date,
    lessons: views,
    minutesToNext: nextStart === null ? null : Math.ceil((nextStart - now) / 60_000),
    rotaWeek: rotaWeekLabel(sorted, rotaCycleSeen(sorted, rotaCycle)),
  };
}

/** Which group a due date falls in, relative to `today`; `null` when it is beyond the window. */
export function homeworkGroupKey(dueDate: IsoDate | null, today: IsoDate): HomeworkGroupKey | null {
  if (dueDate === null) return 'later';
  const days = daysBetween(today, dueDate);
  if (days < 0) return 'overdue';
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days > HOMEWORK_DAYS_AHEAD) return null;
  // The school week ends on Sunday: days until then (0 on a Sunday).
  const daysToSunday = (7 - dayOfWeek(today)) % 7;
  return days <= daysToSunday ? 'this-week' : 'later';
}

const GROUP_ORDER: readonly HomeworkGroupKey[] = [
  'overdue',
  'today',
  'tomorrow',
  'this-week',
  'later',
  'marked',
];

/**
 * Open homework (see {@link isHomeworkOpen}) grouped by due date: overdue, today, tomorrow, the rest of
 * this week (to Sunday), later (up to {@link HOMEWORK_DAYS_AHEAD} days ahead, and homework without a due
 * date, last). Homework the pupil ticked off stays in its group from today on, so it can be unticked (as in
 * the ClassCharts app); ticked overdue work is done and past, and is left out. Empty groups are left out;
 * items within a group are by due date, then subject and title.
 *
 * Last, "marked": homework in none of those groups that the teacher marked or left feedback on
 * ({@link isHomeworkMarked}), due in the last {@link MARKED_DAYS_BACK} days (or marked early, due within the
 * window ahead), newest due date first. It is done work: never counted as due or overdue, never reminded.
 */
export function groupHomework(
  items: readonly Homework[],
  today: IsoDate,
): { key: HomeworkGroupKey; items: Homework[] }[] {
  const groups = new Map<HomeworkGroupKey, Homework[]>();
  const sorted = [...items].sort(
    (a, b) =>
      (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') ||
      (a.subject ?? '').localeCompare(b.subject ?? '') ||
      a.title.localeCompare(b.title),
  );
  const marked: Homework[] = [];
  for (const homework of sorted) {
    const key = homeworkGroupKey(homework.dueDate, today);
    if (key !== null && (isHomeworkOpen(homework) || (homework.status === 'ticked' && key !== 'overdue')))
      groups.set(key, [...(groups.get(key) ?? []), homework]);
    else if (
      isHomeworkMarked(homework) &&
      homework.dueDate !== null &&
      key !== null &&
      daysBetween(today, homework.dueDate) >= -MARKED_DAYS_BACK
    )
      marked.push(homework);
  }
  // Newest due date first; the same day keeps subject and title order.
  const newestFirst = marked.sort((a, b) => (b.dueDate ?? '').localeCompare(a.dueDate ?? ''));
  if (newestFirst.length > 0) groups.set('marked', newestFirst);
  return GROUP_ORDER.filter((key) => groups.has(key)).map((key) => ({ key, items: groups.get(key) ?? [] }));
}

/** Today's view for a known pupil, or `null` when today's lessons are not known (yet). */
export function todayView(known: KnownPupil, now: number): DayView | null {
  if (known.day === null || known.day.date !== londonDate(now)) return null;
  return buildDayView(known.day.date, known.day.lessons, now, known.day.firstSeenRooms, known.rotaCycle);
}

/**
 * The selected pupil's next school day as the contract shows it (every lesson `later`), or `null` when it
 * was not looked up today (a cache from yesterday, or the lookup still running).
 */
export function nextSchoolDayView(known: KnownPupil, now: number): NextSchoolDay | null {
  const lookup = known.nextDay;
  if (!lookup || lookup.after !== londonDate(now)) return null;
  return {
    day: lookup.date === null ? null : buildDayView(lookup.date, lookup.lessons, now, {}, known.rotaCycle),
    searchedTo: lookup.searchedTo,
  };
}

/** The first lesson (not a break) of the next school day looked up today, or `undefined`. */
function firstLessonOfNextSchoolDay(known: KnownPupil, now: number): Lesson | undefined {
  const lookup = known.nextDay;
  if (!lookup || lookup.after !== londonDate(now)) return undefined;
  return sortLessons(lookup.lessons).find((l) => !l.isBreak && l.start !== null);
}

/**
 * The last day of the school week `today` falls in: the coming Sunday (today on a Sunday); on a Saturday
 * or Sunday the Sunday after, so a weekend looks at the week ahead.
 */
export function schoolWeekEnd(today: IsoDate): IsoDate {
  const weekday = dayOfWeek(today);
  const toSunday = (7 - weekday) % 7;
  return addDays(today, weekday === 6 || weekday === 0 ? toSunday + 7 : toSunday);
}

/** The pupil's first pending detention not over at `now` (its end: start + length, else its day's end). */
function nextDetention(known: KnownPupil, now: number): PupilView['nextDetention'] {
  const today = londonDate(now);
  let best: (PupilView['nextDetention'] & { order: number }) | null = null;
  for (const detention of known.detentions?.items ?? []) {
    if (detention.status !== 'pending' || detention.date === null || detention.date < today) continue;
    const start = parseInstant(detention.start);
    const endMs =
      start !== null && detention.lengthMinutes !== null ? start + detention.lengthMinutes * 60_000 : null;
    if (endMs !== null ? endMs <= now : start !== null && detention.date === today && start <= now) continue;
    const order = start ?? Date.parse(`${detention.date}T23:59:59Z`);
    if (best !== null && best.order <= order) continue;
    best = {
      date: detention.date,
      start: start === null ? null : toLondonInstant(start),
      end: endMs === null ? null : toLondonInstant(endMs),
      location: detention.location,
      order,
    };
  }
  if (best === null) return null;
  const { order: _order, ...view } = best;
  return view;
}

/**
 * A pupil for the switcher and the family glance: open homework counts, the lesson now and the next one
 * (today's, else the next school day's first), and the next detention. The counts are of what the
 * homework list shows ({@link groupHomework}): `homeworkOverdue` the overdue group, `homeworkDue` every
 * other group — homework without a due date too (it is shown under "later", and still to do).
 */
export function pupilView(known: KnownPupil, now: number): PupilView {
  const today = londonDate(now);
  const weekEnd = schoolWeekEnd(today);
  let homeworkDue = 0;
  let homeworkOverdue = 0;
  let homeworkDueThisWeek = 0;
  for (const homework of known.homework?.items ?? []) {
    if (!isHomeworkOpen(homework)) continue;
    const key = homeworkGroupKey(homework.dueDate, today);
    if (key === 'overdue') homeworkOverdue += 1;
    else if (key !== null) homeworkDue += 1;
    if (key !== 'overdue' && homework.dueDate !== null && homework.dueDate <= weekEnd)
      homeworkDueThisWeek += 1;
  }
  const lessons = todayView(known, now)?.lessons ?? [];
  // The view's states were judged at `now` by common/lessons.ts: read them rather than judging again.
  const { current, next: nextToday } = currentAndNextOf(
    lessons,
    lessons.map((l) => l.state),
  );
  const next =
    nextToday ??
    (lessons.some((l) => l.state === 'current' || l.state === 'later')
      ? undefined
      : firstLessonOfNextSchoolDay(known, now));
  return {
    id: known.pupil.id,
    name: known.pupil.name,
    firstName: known.pupil.firstName,
    homeworkDue,
    homeworkOverdue,
    homeworkDueThisWeek,
    currentLesson:
      current?.start && current.end
        ? { subject: current.subject, room: current.room, start: current.start, end: current.end }
        : null,
    nextLesson: next?.start
      ? { subject: next.subject, room: next.room, start: next.start, date: next.date }
      : null,
    nextDetention: nextDetention(known, now),
    counters: known.pupil.counters ?? NO_COUNTERS,
    // `=== true`: a pupil cached by an older version has no attendance flags; it shows none.
    attendance: {
      shown: known.pupil.features.attendance === true,
      percentage:
        known.pupil.features.attendance === true && known.pupil.features.attendancePercentage === true,
    },
  };
}

/** Everything {@link buildAppState} needs besides the known data. */
export interface SnapshotInput {
  auth: AuthStatus;
  known: KnownData | null;
  selectedPupilId: number | null;
  now: number;
  settings: Settings;
  freshness: { stale: boolean; offline: boolean; refreshing: boolean; error: string | null };
  environment: AppState['environment'];
}

/**
 * The `AppState` for the popover and tray. The selected pupil falls back to the first one when the
 * given id is not on the account. With no known data (signed out, or before the first load) the lists
 * are empty and `today` is `null`.
 */
export function buildAppState(input: SnapshotInput): AppState {
  const { known, now } = input;
  const selected =
    known?.pupils.find((p) => p.pupil.id === input.selectedPupilId) ?? known?.pupils[0] ?? null;
  return {
    auth: input.auth,
    account: known ? { ...known.account } : null,
    pupils: known ? known.pupils.map((p) => pupilView(p, now)) : [],
    selectedPupilId: selected?.pupil.id ?? null,
    today: selected ? todayView(selected, now) : null,
    nextSchoolDay: selected ? nextSchoolDayView(selected, now) : null,
    homework: selected?.homework
      ? groupHomework(selected.homework.items, londonDate(now)).map((group) => ({
          ...group,
          items: group.items.map(homeworkSummary),
        }))
      : [],
    freshness: {
      updatedAt: known?.updatedAt != null ? toLondonInstant(known.updatedAt) : null,
      ...input.freshness,
    },
    settings: input.settings,
    environment: { ...input.environment },
  };
}

/**
 * A homework as the state carries it (common/contract `HomeworkSummary`): everything but the
 * description, which `homework:get` gives the detail (issue 30: a busy year's descriptions made each state
 * over 50 KB).
 */
export function homeworkSummary(homework: Homework): HomeworkSummary {
  const { descriptionHtml, ...rest } = homework;
  return { ...rest, hasDescription: descriptionHtml.trim() !== '' };
}
