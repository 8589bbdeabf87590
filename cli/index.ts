/**
 * `npm run cli -- <command>`: the ClassCharts core from a terminal (and a status bar: waybar, polybar,
 * xbar). Commands:
 * - `today [--date YYYY-MM-DD] [--json]` (./today.ts);
 * - `records <kind> [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json]` (./records.ts);
 * - `homework tick|untick <homework id> [--json]` (./homework.ts, students);
 * - `watch …` (./watch.ts, loaded on demand);
 * - `doctor [--json]` (./doctor.ts): every endpoint once, checked against the schemas, no values shown;
 * - `record --out DIR` (./record.ts): every answer saved redacted, plus a fake-server dataset;
 * - `calendar --out FILE [--weeks N]` (./calendar.ts): lessons and homework as an iCalendar file;
 * - `help`.
 * Sign-in comes from the environment (./env.ts). Exit codes: 0 ok, 2 wrong credentials or bad
 * arguments, 3 service unreachable or broken, 1 a bug (./errors.ts). Failures print one line.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CliDeps } from './env';
import { errorLines, EXIT, UsageError } from './errors';
import { runHomework } from './homework';
import { type CliIo, processIo } from './output';
import { runCalendar } from './calendar';
import { runDoctor } from './doctor';
import { runRecord } from './record';
import { RECORD_KINDS, runRecords } from './records';
import { runToday } from './today';

/** The help text (`cli help`, `cli --help`). */
export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  today [--date YYYY-MM-DD] [--json]      the day's lessons and homework due in the next 14 days
  records <kind> [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json]
                                          one kind of record: ${RECORD_KINDS.join(', ')}
  homework tick|untick <homework id> [--json]
                                          tick a homework off, or untick it (students; the id
                                          today --json prints), and print what ClassCharts confirms
  watch [options]                         stay signed in and print what changes (JSON lines)
  doctor [--json] [--stale-ping]          check every endpoint against the app's schemas (safe to share:
                                          field names only, no values)
  record --out DIR                        save every answer, redacted, and a dataset for the fake server
  calendar --out FILE [--weeks N]         lessons and homework from last week to the end of the N-th week
                                          from this one (N 1-12, default 4) as an iCalendar file, rewritten
                                          only when it changed (a parent's children all in one without
                                          CLASSCHARTS_PUPIL)
  help                                    this text

Environment:
  CLASSCHARTS_CODE, CLASSCHARTS_DOB       a student's access code and date of birth (DD/MM/YYYY;
                                          leave CLASSCHARTS_DOB out if your school gave a code only)
  CLASSCHARTS_EMAIL, CLASSCHARTS_PASSWORD a parent's sign-in
  CLASSCHARTS_PUPIL                       a parent's child: pupil id or first name (default: the first)
  CLASSCHARTS_BASE_URL                    service root (default https://www.classcharts.com)
  CLASSCHARTS_TIMEOUT_MS                  per-request timeout in ms (default 15000)
  CLASSCHARTS_DEBUG=1                     request log and stack traces on stderr

Exit codes: 0 ok, 2 wrong credentials or bad arguments, 3 service unreachable or broken.
`;

/**
 * Runs the CLI with `argv` (the words after `cli`), the environment and where to write. Returns the exit
 * code; never throws.
 */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CliIo = processIo,
  deps: CliDeps = {},
): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'today':
        return await runToday(rest, env, io, deps);
      case 'records':
        return await runRecords(rest, env, io, deps);
      case 'doctor':
        return await runDoctor(rest, env, io, deps);
      case 'calendar':
        return await runCalendar(rest, env, io, deps);
      case 'record':
        return await runRecord(rest, env, io, deps);
      case 'homework':
        return await runHomework(rest, env, io, deps);
      case 'watch': {
        // Loaded on demand: the core it runs is not needed by `today` or `records`.
        const { runWatch } = await import('./watch');
        return await runWatch(rest, env);
      }
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return EXIT.ok;
      default:
        throw new UsageError(command === undefined ? 'no command given' : `unknown command "${command}"`);
    }
  } catch (error) {
    io.err(errorLines(error, env.CLASSCHARTS_DEBUG === '1'));
    return error instanceof UsageError ? EXIT.usage : EXIT.bug;
  }
}

/** True when this file is the program being run (`tsx cli/index.ts`), not imported by a test. */
function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) process.exitCode = await runCli(process.argv.slice(2), process.env);
