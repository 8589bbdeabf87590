/**
 * Expands a {@link FakeTimetable} cycle into the timetable rows the service sends for one date
 * (docs/classcharts-api.md §5.7): ISO start/end times with the UK offset in force that day (+01:00 in BST,
 * +00:00 in GMT), `period_name` like `"2Tue:P1"` (or another school's shape, {@link PeriodNameStyle}), and
 * no rows on weekends without lessons and on holidays (single dates or ranges).
 */
import { dayOfWeek, daysBetween, mondayOf } from '../../common/dates';
import { londonLocalToInstant } from '../../main/classcharts/dates';
import type { FakeHoliday, FakeLessonTemplate, FakeTimetable, IsoDate, RawLesson, Weekday } from './types';

/** Weekday names by `Date#getUTCDay()` index (0 = Sunday). */
export const WEEKDAYS: readonly Weekday[] = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 1-based cycle week of `date` in `timetable` (weeks before `cycleStart` count backwards too). */
export function cycleWeek(timetable: FakeTimetable, date: IsoDate): number {
  const weeks = Math.max(1, timetable.weeks.length);
  const offset = Math.floor(daysBetween(timetable.cycleStart, mondayOf(date)) / 7);
  return (((offset % weeks) + weeks) % weeks) + 1;
}

/**
 * How a school's `period_name` carries cycle week, weekday and period (docs/classcharts-api.md §5.7), each
 * seen in the real service:
 * - `number`: `"2Tue:P1"`, week number, weekday, the period's `period_number` (the project's fixtures);
 * - `letter`: `"BTue:2"`, a rota week letter (A for week 1), weekday, the period's place in the school day
 *   (NikDeKur/ClassCharts-Extension@827270c `DataSetClassChartsService.kt`, a real export: `"ATue:1"`);
 * - `padded`: `"W02:D02:02"`, week, weekday (Monday 1) and the period's place, each two digits
 *   (skeffling/timetable-plus@bb0bc0b `extension/common.js`).
 */
export type PeriodNameStyle = 'number' | 'letter' | 'padded';

/** The `period_name` of a lesson in cycle `week` (1-based) on `day`, in the `period`'s place (1-based). */
function periodName(style: PeriodNameStyle, week: number, day: Weekday, periodNumber: string, place: number) {
  const two = (n: number) => String(n).padStart(2, '0');
  switch (style) {
    case 'number':
      return `${week}${day}:${periodNumber}`;
    case 'letter':
      return `${String.fromCharCode(64 + week)}${day}:${place}`;
    case 'padded':
      return `W${two(week)}:D${two(WEEKDAYS.indexOf(day))}:${two(place)}`;
  }
}

/** True when `date` (`YYYY-MM-DD`) is one of `holidays` or lies in one of its ranges. */
export function isHoliday(holidays: readonly FakeHoliday[], date: IsoDate): boolean {
  return holidays.some((h) => (typeof h === 'string' ? h === date : h.from <= date && date <= h.to));
}

/** The lesson templates of `date`, with that date's changes applied, before expansion. */
function templatesOn(timetable: FakeTimetable, date: IsoDate, week: number): FakeLessonTemplate[] {
  if (isHoliday(timetable.holidays, date)) return [];
  const day = WEEKDAYS[dayOfWeek(date)] as Weekday;
  let templates = [...(timetable.weeks[week - 1]?.[day] ?? [])];
  for (const change of timetable.changes[date] ?? []) {
    const at = templates.findIndex((t) => t.period_number === change.period_number);
    if (at === -1) {
      templates.push(change);
    } else {
      templates = templates.filter((t) => t.period_number !== change.period_number);
      templates.splice(at, 0, change);
    }
  }
  return templates;
}

/**
 * The timetable rows of `date` (`YYYY-MM-DD`), ordered by start time, shaped exactly like the service's
 * `/timetable` `data[]`, with period names in `style` ({@link PeriodNameStyle}, default `number`). A
 * template whose period is unknown and that has no own `start`/`end` is skipped.
 */
export function lessonsOn(
  timetable: FakeTimetable,
  date: IsoDate,
  style: PeriodNameStyle = 'number',
): RawLesson[] {
  const week = cycleWeek(timetable, date);
  const day = WEEKDAYS[dayOfWeek(date)] as Weekday;
  const rows: RawLesson[] = [];
  for (const template of templatesOn(timetable, date, week)) {
    const place = timetable.periods.findIndex((p) => p.number === template.period_number) + 1;
    const period = timetable.periods[place - 1];
    const start = template.start ?? period?.start_time;
    const end = template.end ?? period?.end_time;
    const startTime = start === undefined ? null : londonLocalToInstant(date, start);
    const endTime = end === undefined ? null : londonLocalToInstant(date, end);
    if (startTime === null || endTime === null) continue;
    const row: RawLesson = {
      teacher_name: template.teacher_name,
      lesson_id: template.lesson_id,
      lesson_name: template.lesson_name,
      subject_name: template.subject_name,
      is_alternative_lesson: template.is_alternative_lesson,
      ...(template.is_break === undefined ? {} : { is_break: template.is_break }),
      period_name: periodName(style, week, day, template.period_number, place),
      period_number: template.period_number,
      room_name: template.room_name,
      date,
      start_time: startTime,
      end_time: endTime,
      key: template.key,
      note_abstract: template.note_abstract,
      note: template.note,
      pupil_note_abstract: template.pupil_note_abstract,
      pupil_note: template.pupil_note,
      pupil_note_raw: template.pupil_note_raw,
    };
    rows.push(row);
  }
  // ISO strings of one day share their offset, so text order is time order.
  return rows.sort((a, b) => a.start_time.localeCompare(b.start_time));
}

/**
 * `/timetable`'s `data` for one day: the list of `lessons` as a rule, or with `byDate` the object keyed by
 * the day, `{"2026-11-04": [lesson, …]}` (an empty list under the key on a day without lessons). Both shapes
 * come from the real service: skeffling/timetable-plus@1bfce46dc9 extension/common.js `lessonsOf` ("an
 * array, or occasionally keyed by date") and C-HBZ/ClassCharts@0fa93fcaa2 classcharts_sync.py
 * `cc_get_timetable` read both (docs/classcharts-api.md §5.7).
 */
export function timetableData(
  lessons: RawLesson[],
  day: IsoDate,
  byDate: boolean,
): RawLesson[] | Record<IsoDate, RawLesson[]> {
  return byDate ? { [day]: lessons } : lessons;
}
