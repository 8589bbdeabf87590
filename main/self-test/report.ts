/**
 * The report of `--self-test`: one line per check,
 *
 *   ok    key provider     v11: the Secret Service keyring (gnome_libsecret)
 *
 * a status word padded to {@link STATUS_WIDTH} (`ok`, `warn`, `fail`, `skip`), the check's name padded to
 * {@link NAME_WIDTH}, then a short detail. The exit code is 1 when any check failed, else 0
 * ({@link exitCode}). `fail` is kept for what breaks the app's main job (signing in and staying signed in,
 * notifications); what only degrades it (no tray host, Wayland, no keyring, a refused shortcut) is `warn`.
 * docs/self-test.md says what each line means and what to do about it.
 */

/** How a check came out. Only `fail` makes the exit code 1. */
export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

/** One line of the report. */
export interface CheckResult {
  status: CheckStatus;
  /** Short, fixed name (at most {@link NAME_WIDTH} − 1 characters), e.g. `key provider`. */
  name: string;
  /** One line for a person: what was found and, for `warn`/`fail`, what to do. */
  detail: string;
}

/** Columns of the status word (the longest, `warn`/`fail`/`skip`, plus two spaces). */
export const STATUS_WIDTH = 6;
/** Columns of the check's name. */
export const NAME_WIDTH = 17;

/** One report line: status and name in fixed-width columns, then the detail on one line. */
export function formatCheck(result: CheckResult): string {
  const detail = result.detail.replace(/\s+/g, ' ').trim();
  return `${result.status.padEnd(STATUS_WIDTH)}${result.name.padEnd(NAME_WIDTH)}${detail}`;
}

/** The checks, in the order they run and print (each line's name column). */
export const CHECK_NAMES = [
  'versions',
  'display',
  'tray host',
  'key provider',
  'notifications',
  'login item',
  'global shortcut',
  'sign-in cookie',
] as const;

/**
 * A report line read back (the inverse of {@link formatCheck}): `null` when the line does not start with a
 * status word in its column. For tools and tests that read the output of `--self-test`.
 */
export function parseCheckLine(line: string): CheckResult | null {
  const status = line.slice(0, STATUS_WIDTH).trim();
  if (!['ok', 'warn', 'fail', 'skip'].includes(status) || line[STATUS_WIDTH - 1] !== ' ') return null;
  return {
    status: status as CheckStatus,
    name: line.slice(STATUS_WIDTH, STATUS_WIDTH + NAME_WIDTH).trim(),
    detail: line.slice(STATUS_WIDTH + NAME_WIDTH).trim(),
  };
}

/** The process exit code for a report: 1 when any check failed, else 0. */
export function exitCode(results: readonly CheckResult[]): 0 | 1 {
  return results.some((result) => result.status === 'fail') ? 1 : 0;
}
