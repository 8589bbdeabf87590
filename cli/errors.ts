/**
 * How the CLI reports failure: one line on stderr, never a stack trace (unless CLASSCHARTS_DEBUG=1), and an
 * exit code a status bar (waybar, polybar, xbar) or a script can act on:
 * - 0 ok;
 * - 2 wrong credentials or bad arguments (the user must fix something: env, flags, sign-in details, a
 *   homework that is not there or not the pupil's to tick);
 * - 3 the service is unreachable or broken (network failure, timeout, HTML or off-schema answers,
 *   the service refusing, a fresh session reported expired);
 * - 1 a bug in the CLI itself (anything unexpected).
 */
import { errorText } from '../common/errors';
import {
  ClassChartsError,
  HomeworkTickError,
  InvalidInputError,
  NoPupilsError,
  SessionExpiredError,
  WrongCredentialsError,
} from '../main/classcharts/errors';

/** Exit codes of `npm run cli`. */
export const EXIT = { ok: 0, bug: 1, usage: 2, service: 3 } as const;

/** A bad command line or environment (unknown flag, missing CLASSCHARTS_* variable, unknown pupil). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The exit code for an error thrown while running a command (see the module comment). */
export function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (
    error instanceof WrongCredentialsError ||
    error instanceof InvalidInputError ||
    error instanceof NoPupilsError ||
    (error instanceof HomeworkTickError && error.failure !== 'not-confirmed')
  )
    return EXIT.usage;
  if (error instanceof ClassChartsError) return EXIT.service;
  if (isParseArgsError(error)) return EXIT.usage;
  return EXIT.bug;
}

/**
 * The one line to print for an error: the client's `userMessage` (free of secrets), the usage message, or
 * for a bug the error's message. With `debug`, the technical message and stack follow on later lines.
 */
export function errorLines(error: unknown, debug: boolean): string {
  let line: string;
  // The CLI signs in on every run: a session that ended meanwhile is the service's doing, not the user's.
  if (error instanceof SessionExpiredError)
    line = 'ClassCharts ended the session straight after signing in. Try again in a minute.';
  else if (error instanceof ClassChartsError) line = error.userMessage;
  else if (error instanceof UsageError || isParseArgsError(error))
    line = `${(error as Error).message} (see: npm run cli -- help)`;
  else line = `unexpected error: ${errorText(error)}`;
  const detail = debug && error instanceof Error ? `\n${error.stack ?? error.message}` : '';
  return `classcharts: ${line}${detail}\n`;
}

/**
 * Runs a command's body and turns a thrown error into its one stderr line (./errors.ts `errorLines`) and
 * exit code (`exitCodeFor`). Never throws.
 */
export async function reportingErrors(
  env: NodeJS.ProcessEnv,
  err: (text: string) => void,
  run: () => Promise<number>,
): Promise<number> {
  try {
    return await run();
  } catch (error) {
    err(errorLines(error, env.CLASSCHARTS_DEBUG === '1'));
    return exitCodeFor(error);
  }
}

/** `util.parseArgs` throws TypeErrors with `ERR_PARSE_ARGS_*` codes for unknown or malformed flags. */
function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

/**
 * Runs one command's body and turns the outcome into an exit code: what the body returns is printed on
 * stdout (exit 0); a failure prints its one line on stderr ({@link errorLines}) and exits with
 * {@link exitCodeFor}. Never throws.
 */
export function runCommand(
  env: NodeJS.ProcessEnv,
  io: { out(text: string): void; err(text: string): void },
  body: () => Promise<string>,
): Promise<number> {
  return reportingErrors(env, io.err, async () => {
    io.out(await body());
    return EXIT.ok;
  });
}
