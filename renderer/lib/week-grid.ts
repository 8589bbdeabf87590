/**
 * The Week view's timetable grid (views/WeekView.svelte), as a pupil's paper timetable has it: one row per
 * period, one column per school day, each cell the lessons of that period that day (two in a split class,
 * none in a free period). Breaks are left out: the grid is for where to be. Pure, no DOM.
 */
import type { DayView, LessonView } from '../../common/contract';
import { londonMinuteOfDay, parseInstant } from '../../common/dates';

/** One period's row: its label, when it starts (minutes after London midnight), and a cell per day. */
export interface WeekRow {
  /** The period as the school names it (`"P1"`, `"Tut"`), or the start time (`"08:45"`) when it has none. */
  period: string;
  /** The earliest start of the period in the week, minutes after midnight Europe/London; for ordering. */
  startMinute: number;
  /** The lessons in this period on each day, in the order of `days`. */
  cells: LessonView[][];
}

/** Minutes after London midnight of a lesson's start, or the end of the day when it is unknown. */
function startMinute(lesson: LessonView): number {
  const start = parseInstant(lesson.start);
  return start === null ? 24 * 60 : londonMinuteOfDay(start);
}

/** The row label of a lesson: its period, else its start time (`"08:45"`), else `"–"`. */
function periodOf(lesson: LessonView): string {
  if (lesson.period.trim() !== '') return lesson.period.trim();
  const minute = startMinute(lesson);
  if (minute >= 24 * 60) return '–';
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/**
 * The rows of the grid for `days` (Monday to Friday, each a `day:get` answer): one per period taught in the
 * week, ordered by the earliest time it starts, each with a cell per day (lessons in start order).
 */
export function weekGrid(days: readonly DayView[]): WeekRow[] {
  const rows = new Map<string, WeekRow>();
  days.forEach((day, index) => {
    for (const lesson of day.lessons) {
      if (lesson.isBreak) continue;
      const period = periodOf(lesson);
      let row = rows.get(period);
      if (!row) {
        row = { period, startMinute: startMinute(lesson), cells: days.map(() => []) };
        rows.set(period, row);
      }
      row.startMinute = Math.min(row.startMinute, startMinute(lesson));
      row.cells[index]!.push(lesson);
    }
  });
  return [...rows.values()].sort((a, b) => a.startMinute - b.startMinute);
}

/**
 * Short names British schools print on timetables for subjects whose full name does not fit a column of
 * the week (about 60 px at 380 px, 50 at 125 % zoom), by the lower-cased full name.
 */
const SHORT_SUBJECTS: Readonly<Record<string, string>> = {
  mathematics: 'Maths',
  'further mathematics': 'Further Maths',
  'english language': 'Eng Lang',
  'english literature': 'Eng Lit',
  'physical education': 'PE',
  'core pe': 'PE',
  'religious studies': 'RS',
  'religious education': 'RE',
  'design & technology': 'D&T',
  'design and technology': 'D&T',
  'food technology': 'Food Tech',
  'food preparation and nutrition': 'Food',
  geography: 'Geog',
  computing: 'Comp',
  'computer science': 'Comp Sci',
  'information technology': 'IT',
  'personal, social and health education': 'PSHE',
  'modern foreign languages': 'MFL',
  citizenship: 'Citizen',
  biology: 'Bio',
  chemistry: 'Chem',
  psychology: 'Psych',
  sociology: 'Soc',
  economics: 'Econ',
  'business studies': 'Business',
  'performing arts': 'Perf Arts',
  photography: 'Photo',
  tutor: 'Tutor',
};

/**
 * The name a week's cell shows for a subject: the short name a timetable prints (`"Maths"`, `"PE"`,
 * `"D&T"`) when it is a well-known long one, else the subject as the school wrote it (the cell's title and
 * the table's text for screen readers keep the full name).
 */
export function shortSubject(subject: string): string {
  const key = subject.trim().replace(/\s+/g, ' ').toLowerCase();
  return Object.hasOwn(SHORT_SUBJECTS, key) ? SHORT_SUBJECTS[key]! : subject.trim();
}

/** The rota week of the week shown (`"Week A"`): the first of its days that names one, else `null`. */
export function weekRota(days: readonly DayView[]): string | null {
  return days.find((day) => day.rotaWeek !== null)?.rotaWeek ?? null;
}
