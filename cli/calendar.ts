/**
 * `npm run cli -- calendar --out FILE [--weeks N]`: signs in from the environment (./env.ts) and writes the
 * pupil's lessons and homework as an iCalendar file (issue 28 §2), the same file the app keeps: last week
 * and `N` weeks from this one (default 4; 1–12; main/calendar/window.ts). The file is rewritten only when
 * its content changed, so a calendar app that imports or watches it sees a change only when there is one.
 *
 * Which pupil: a student's own; a parent's `CLASSCHARTS_PUPIL`, or without it one calendar for all the
 * parent's children, each event's summary starting with the child's first name.
 *
 * Round trips: login, `/ping` (+ `/pupils` for a parent; ./env.ts `signInFromEnv`), then per pupil one
 * homework request and one timetable request per weekday, four at a time (main/calendar/feed-data.ts).
 * Prints one line: `Written: FILE (N lessons, M homework, FROM to TO)` or `Unchanged: …`.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CalendarFileError, checkCalendarPath, writeCalendarFile } from '../main/calendar/calendar-file';
import { fetchFeedData } from '../main/calendar/feed-data';
import { buildCalendarWithCounts, type CalendarCounts } from '../main/calendar/ics';
import {
  DEFAULT_FEED_WEEKS,
  type FeedWindow,
  feedStamp,
  feedWindow,
  MAX_FEED_WEEKS,
  MIN_FEED_WEEKS,
} from '../main/calendar/window';
import { systemClock } from '../main/ports';
import { type CliDeps, signInFromEnv } from './env';
import { runCommand, UsageError } from './errors';
import type { CliIo } from './output';

/** What one `calendar` run did. */
export interface CalendarRun {
  /** The file's absolute path. */
  path: string;
  /** `true` when the file was written, `false` when it already held this calendar. */
  written: boolean;
  counts: CalendarCounts;
  window: FeedWindow;
  /** First names of the pupils in the calendar. */
  pupils: string[];
}

/** `--weeks` as a number, or a UsageError naming the allowed range. */
export function parseWeeks(text: string | undefined): number {
  if (text === undefined) return DEFAULT_FEED_WEEKS;
  const weeks = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!(weeks >= MIN_FEED_WEEKS && weeks <= MAX_FEED_WEEKS))
    throw new UsageError(`--weeks must be a whole number from ${MIN_FEED_WEEKS} to ${MAX_FEED_WEEKS}`);
  return weeks;
}

/** `fn()`, with a CalendarFileError (a missing folder, a folder given as the file) as a UsageError. */
function asUsage<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof CalendarFileError) throw new UsageError(`--out: ${error.message}`);
    throw error;
  }
}

/**
 * Signs in from `env`, fetches the feed's data and writes the calendar to `out` when it changed.
 * @throws UsageError a bad `--out` path or environment; the client's errors; what `fs` throws.
 */
export async function writeCalendar(
  out: string,
  weeks: number,
  env: NodeJS.ProcessEnv,
  deps: CliDeps = {},
): Promise<CalendarRun> {
  asUsage(() => checkCalendarPath(out)); // before signing in: a typo costs no round trip
  const { client, account, pupil, config } = await signInFromEnv(env, deps);
  const pupils = account.kind === 'parent' && config.pupil === null ? account.pupils : [pupil];
  const window = feedWindow((deps.clock ?? systemClock).now(), weeks);
  const data = await fetchFeedData(client, pupils, window);
  const { text, counts } = buildCalendarWithCounts({
    pupils: data,
    combined: pupils.length > 1,
    stamp: feedStamp(window),
  });
  const written = asUsage(() => writeCalendarFile(out, text));
  return { path: resolve(out), written, counts, window, pupils: pupils.map((p) => p.firstName) };
}

/** The one line a run prints, e.g. `Written: /home/a/cal.ics (75 lessons, 4 homework, 2026-11-16 to …)`. */
export function formatCalendarRun(run: CalendarRun): string {
  const { lessons, homework } = run.counts;
  return (
    `${run.written ? 'Written' : 'Unchanged'}: ${run.path} (${lessons} lessons, ${homework} homework, ` +
    `${run.window.from} to ${run.window.to}, ${run.pupils.join(', ')})\n`
  );
}

/** Runs `calendar` with its arguments (after the command name); returns the exit code. */
export function runCalendar(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  deps: CliDeps = {},
): Promise<number> {
  return runCommand(env, io, async () => {
    const { values } = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, weeks: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
    if (!values.out) throw new UsageError('calendar needs --out FILE (the .ics file to write)');
    const weeks = parseWeeks(values.weeks);
    return formatCalendarRun(await writeCalendar(values.out, weeks, env, deps));
  });
}
