/**
 * `npm run cli -- homework tick <homework id> [--json]` and `homework untick <homework id> [--json]`: signs
 * in from the environment (./env.ts, students only) and ticks the homework off, or unticks it, as the pupil
 * does in the ClassCharts app, then prints the state ClassCharts confirmed.
 *
 * The homework id is the one `today --json` prints (`homework[].id`), looked up among the homework due in
 * the popover's window (main/sync/schedule.ts `homeworkWindow`: 28 days back to 28 days ahead). The
 * client then reads it again, toggles only when its tick differs and re-reads to confirm
 * (main/classcharts/client.ts `setHomeworkTicked`), so running the command twice is harmless.
 *
 * Round trips: login, `/ping` (the pupil's id), the homework list, then the client's read, toggle (only if
 * needed) and confirming read.
 *
 * `--json` prints `{ ticked, homework: {id, title, subject, dueDate, status} }` (stable; docs/notes/client.md).
 * Exit codes (./errors.ts): 0 done (also when it already was in that state); 2 a bad id, a homework not in
 * the window, one whose status is the teacher's (completed, late), or a parent account; 3 the service.
 */
import { parseArgs } from 'node:util';
import { londonDate } from '../common/dates';
import type { Homework, HomeworkStatus, IsoDate } from '../common/domain';
import { systemClock } from '../main/ports';
import { homeworkWindow } from '../main/sync/schedule';
import { type CliDeps, signInFromEnv } from './env';
import { runCommand, UsageError } from './errors';
import type { CliIo } from './output';

/** The `homework --json` object: the confirmed state and the homework as ClassCharts shows it now. */
export interface HomeworkTickJson {
  ticked: boolean;
  homework: {
    id: number;
    title: string;
    subject: string | null;
    dueDate: IsoDate | null;
    status: HomeworkStatus;
  };
}

/**
 * Signs in from `env` and sets the tick of homework `homeworkId` (ticked or not); `today` (YYYY-MM-DD)
 * places the window the homework is looked up in.
 * @throws UsageError a parent account, or no homework with that id due in the window; the client's errors
 *   (HomeworkTickError, …).
 */
export async function tickHomework(
  homeworkId: number,
  ticked: boolean,
  today: IsoDate,
  env: NodeJS.ProcessEnv,
  deps: CliDeps = {},
): Promise<HomeworkTickJson> {
  const { client, account, pupil } = await signInFromEnv(env, deps);
  if (account.kind !== 'student')
    throw new UsageError('only a student account can tick homework off (ClassCharts has no parent tick)');
  const window = homeworkWindow(today);
  const listed = (await client.homeworks({ ...window, displayDate: 'due_date' })).find(
    (h) => h.id === homeworkId,
  );
  if (listed === undefined)
    throw new UsageError(`no homework with id ${homeworkId} is due between ${window.from} and ${window.to}`);
  const confirmed: Homework = await client.setHomeworkTicked(listed, ticked, pupil.id);
  const { id, title, subject, dueDate, status } = confirmed;
  return { ticked: status === 'ticked', homework: { id, title, subject, dueDate, status } };
}

/** The readable form: one line, e.g. `Ticked off: Science - Cell diagram (due 2026-11-25, id 5489249)`. */
export function formatHomeworkTick(result: HomeworkTickJson): string {
  const { homework } = result;
  const name = homework.subject ? `${homework.subject} - ${homework.title}` : homework.title;
  const due = homework.dueDate ? `due ${homework.dueDate}, ` : '';
  return `${result.ticked ? 'Ticked off' : 'Not ticked'}: ${name} (${due}id ${homework.id})\n`;
}

/** Runs `homework` with its arguments (after the command name); returns the exit code. */
export function runHomework(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  deps: CliDeps = {},
): Promise<number> {
  return runCommand(env, io, async () => {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { json: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
    const [action, idText, ...extra] = positionals;
    if ((action !== 'tick' && action !== 'untick') || idText === undefined || extra.length > 0)
      throw new UsageError('homework needs "tick" or "untick" and one homework id');
    const homeworkId = /^\d{1,15}$/.test(idText) ? Number(idText) : 0;
    if (!Number.isSafeInteger(homeworkId) || homeworkId <= 0)
      throw new UsageError(`"${idText}" is not a homework id (the id today --json prints)`);
    const today = londonDate((deps.clock ?? systemClock).now());
    const result = await tickHomework(homeworkId, action === 'tick', today, env, deps);
    return values.json ? `${JSON.stringify(result)}\n` : formatHomeworkTick(result);
  });
}
