/**
 * `npm run cli -- today [--date YYYY-MM-DD] [--json]`: signs in from the environment (./env.ts) and prints
 * the pupil's day: lessons, and homework not completed that is due that day or in the next 14 days.
 *
 * Round trips: student = login, then timetable + homeworks in parallel, then `/ping` for the pupil's id
 * and name; parent = login, then `/ping` and `/pupils` together (client.ts `account`), then timetable +
 * homeworks in parallel.
 *
 * The `--json` shape is stable (status bars parse it; documented in docs/notes/client.md):
 * `{ pupil: {id, name}, date, lessons: [{start, end, period, subject, room, teacher, isBreak,
 * isAlternative}], homework: [{id, title, subject, dueDate, status}] }`.
 */
import { parseArgs } from 'node:util';
import { addDays, dayOfWeek, londonDate } from '../common/dates';
import type { Homework, HomeworkStatus, Instant, IsoDate, Lesson } from '../common/domain';
import { checkDate } from '../main/classcharts/validate';
import { systemClock } from '../main/ports';
import { type CliDeps, createClient, readEnv, selectPupil } from './env';
import { runCommand } from './errors';
import { type CliIo, clockTime, table } from './output';

/** How many days after the date homework is listed (inclusive window: the date + 14 days). */
export const HOMEWORK_WINDOW_DAYS = 14;

/** A lesson in `today --json`. Instants carry the UK offset; `null` when the service sent garbage. */
export interface TodayLesson {
  start: Instant | null;
  end: Instant | null;
  period: string;
  subject: string;
  room: string;
  teacher: string;
  isBreak: boolean;
  isAlternative: boolean;
}

/** A homework in `today --json`: never `completed`; `dueDate` YYYY-MM-DD. */
export interface TodayHomework {
  id: number;
  title: string;
  subject: string | null;
  dueDate: IsoDate;
  status: Exclude<HomeworkStatus, 'completed'>;
}

/** The whole `today --json` object. */
export interface TodayJson {
  pupil: { id: number; name: string };
  date: IsoDate;
  lessons: TodayLesson[];
  homework: TodayHomework[];
}

/** Lessons → their `--json` form (service order kept). */
export function lessonRows(lessons: readonly Lesson[]): TodayLesson[] {
  return lessons.map((l) => ({
    start: l.start,
    end: l.end,
    period: l.period,
    subject: l.subject,
    room: l.room,
    teacher: l.teacher,
    isBreak: l.isBreak,
    isAlternative: l.isAlternative,
  }));
}

/**
 * Homework worth listing on `date`: not completed, due on `date` or within the next 14 days; sorted by
 * due date, then subject, then title.
 */
export function upcomingHomework(homeworks: readonly Homework[], date: IsoDate): TodayHomework[] {
  const last = addDays(date, HOMEWORK_WINDOW_DAYS);
  const rows: TodayHomework[] = [];
  for (const h of homeworks) {
    if (h.status === 'completed' || h.dueDate === null || h.dueDate < date || h.dueDate > last) continue;
    rows.push({ id: h.id, title: h.title, subject: h.subject, dueDate: h.dueDate, status: h.status });
  }
  return rows.sort(
    (a, b) =>
      a.dueDate.localeCompare(b.dueDate) ||
      (a.subject ?? '').localeCompare(b.subject ?? '') ||
      a.title.localeCompare(b.title),
  );
}

/**
 * Signs in from `env` and loads the day (`date` YYYY-MM-DD, Europe/London).
 * @throws UsageError, and the client's errors.
 */
export async function loadToday(
  env: NodeJS.ProcessEnv,
  date: IsoDate,
  deps: CliDeps = {},
): Promise<TodayJson> {
  const config = readEnv(env);
  const client = createClient(config, deps);
  await client.login(config.credentials);
  const homeworkQuery = {
    from: date,
    to: addDays(date, HOMEWORK_WINDOW_DAYS),
    displayDate: 'due_date',
  } as const;
  if (config.credentials.kind === 'student') {
    const [lessons, homeworks] = await Promise.all([client.timetable(date), client.homeworks(homeworkQuery)]);
    const pupil = await client.studentInfo();
    return {
      pupil: { id: pupil.id, name: pupil.name },
      date,
      lessons: lessonRows(lessons),
      homework: upcomingHomework(homeworks, date),
    };
  }
  const account = await client.account();
  const pupil = selectPupil(account.pupils, config.pupil);
  const [lessons, homeworks] = await Promise.all([
    client.timetable(date, pupil.id),
    client.homeworks(homeworkQuery, pupil.id),
  ]);
  return {
    pupil: { id: pupil.id, name: pupil.name },
    date,
    lessons: lessonRows(lessons),
    homework: upcomingHomework(homeworks, date),
  };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const STATUS_WORDS: Record<TodayHomework['status'], string> = {
  todo: 'to do',
  ticked: 'ticked',
  late: 'handed in late',
  submitted: 'handed in',
  missed: 'not handed in',
  excused: 'excused',
  other: 'marked by teacher',
};

/** The readable form of a day: a heading, a lesson table and a homework table. */
export function formatToday(today: TodayJson): string {
  let text = `${today.pupil.name} - ${WEEKDAYS[dayOfWeek(today.date)]} ${today.date}\n\n`;
  if (today.lessons.length === 0) text += '  No lessons on this day.\n';
  else
    text += table(
      ['Time', 'Period', 'Subject', 'Room', 'Teacher'],
      today.lessons.map((l) => [
        `${clockTime(l.start)}-${clockTime(l.end)}`,
        l.period,
        (l.isBreak ? l.subject || 'Break' : l.subject) + (l.isAlternative ? ' (changed)' : ''),
        l.room,
        l.teacher,
      ]),
    );
  text += `\nHomework due by ${addDays(today.date, HOMEWORK_WINDOW_DAYS)}\n`;
  if (today.homework.length === 0) text += '  Nothing due.\n';
  else
    text += table(
      ['Due', 'Subject', 'Title', 'Status'],
      today.homework.map((h) => [h.dueDate, h.subject ?? '', h.title, STATUS_WORDS[h.status]]),
    );
  return text;
}

/** Runs `today` with its arguments (after the command name); returns the exit code. */
export function runToday(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  deps: CliDeps = {},
): Promise<number> {
  return runCommand(env, io, async () => {
    const { values } = parseArgs({
      args: argv,
      options: { date: { type: 'string' }, json: { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: false,
    });
    const date = values.date ?? londonDate((deps.clock ?? systemClock).now());
    checkDate('--date', date);
    const today = await loadToday(env, date, deps);
    return values.json ? `${JSON.stringify(today)}\n` : formatToday(today);
  });
}
