/**
 * The rota week ("Week A", "Week B") a school's timetable is in, read from the lessons' `period_name`
 * (docs/classcharts-api.md §5.7). The service has no field for it; schools that teach a two-week (or longer)
 * cycle name their periods with the week in front. Shapes seen in the real service:
 * - `"ATue:1"`, `"BWed:3"`: a week letter, the weekday, the period (NikDeKur/ClassCharts-Extension@827270c
 *   `DataSetClassChartsService.kt`, a real export);
 * - `"2Tue:P1"`: a week number, the weekday, the period (the project's fixtures, §5.7);
 * - `"W02:D01:01"`: week, day and period numbered (skeffling/timetable-plus@bb0bc0b `extension/common.js`).
 *
 * Any other shape (`"1:1"`, phillprice/classcharts-calendar-ics@556d1c1 `tests/test_main.py`, whose parts
 * are not known) carries no week. A letter names a rota week outright; a number is shown only once a week
 * other than 1 has been seen, so a school that numbers every week "1" (a one-week timetable) is not labelled
 * "Week 1" for ever (decisions: "The rota week from period names").
 */

const WEEKDAY = '(?:mon|tue|wed|thu|fri|sat|sun)';
const LETTER_WEEK = new RegExp(`^([a-z])${WEEKDAY}:`, 'i');
const NUMBER_WEEK = new RegExp(`^(\\d{1,2})${WEEKDAY}:`, 'i');
const PADDED_WEEK = /^w(\d{1,2}):d\d{1,2}:/i;

/**
 * The rota week a `period_name` carries: `{ letter: "A" }` for `"ATue:1"`, `{ number: 2 }` for `"2Tue:P1"`
 * or `"W02:D01:01"`; `null` for any other shape or `""`.
 */
export function rotaWeekOf(periodName: string): { letter: string } | { number: number } | null {
  const letter = LETTER_WEEK.exec(periodName);
  if (letter) return { letter: letter[1]!.toUpperCase() };
  const number = NUMBER_WEEK.exec(periodName) ?? PADDED_WEEK.exec(periodName);
  if (number) {
    const n = Number(number[1]);
    return n > 0 ? { number: n } : null;
  }
  return null;
}

/**
 * The highest week number the lessons' period names carry, or `seen` if higher (`0` when none is numbered):
 * what a pupil's timetable has shown of its cycle so far, kept with the known data so that week 1 of a
 * two-week rota is labelled once week 2 has been seen.
 */
export function rotaCycleSeen(lessons: readonly { periodName: string }[], seen = 0): number {
  let cycle = seen;
  for (const lesson of lessons) {
    const week = rotaWeekOf(lesson.periodName);
    if (week && 'number' in week) cycle = Math.max(cycle, week.number);
  }
  return cycle;
}

/**
 * The label of the rota week a day's lessons are in: `"Week A"` from a letter, `"Week 2"` from a number
 * when `cycleSeen` ({@link rotaCycleSeen}) is 2 or more; `null` when the lessons carry no week (breaks are
 * ignored) or only week numbers of a cycle not known to be longer than one week. The most common week among
 * the lessons wins (a school's period names agree within a day).
 */
export function rotaWeekLabel(
  lessons: readonly { periodName: string; isBreak: boolean }[],
  cycleSeen: number,
): string | null {
  const counts = new Map<string, number>();
  for (const lesson of lessons) {
    if (lesson.isBreak) continue;
    const week = rotaWeekOf(lesson.periodName);
    if (week === null) continue;
    if ('number' in week && Math.max(cycleSeen, week.number) < 2) continue;
    const label = `Week ${'letter' in week ? week.letter : week.number}`;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [label, count] of counts) if (best === null || count > counts.get(best)!) best = label;
  return best;
}
