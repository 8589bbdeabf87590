/**
 * Output helpers of the CLI: where text goes (injectable for tests) and a plain-text table for the
 * readable (non-`--json`) form. Times are shown as Europe/London wall-clock `HH:MM`.
 */
import { londonTime, parseInstant } from '../common/dates';
import type { Instant } from '../common/domain';

/** Where a command writes: `out` is stdout (results), `err` is stderr (the one-line failure). */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/** The process's stdout and stderr. */
export const processIo: CliIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/** `HH:MM` (Europe/London) of an instant, or `--:--` when unknown. */
export function clockTime(instant: Instant | null): string {
  const ms = parseInstant(instant);
  return ms === null ? '--:--' : londonTime(ms);
}

/**
 * A left-aligned text table: a header row, a rule, then one line per row, columns two spaces apart,
 * each line indented by two spaces. Cells are single-line (newlines and tabs become spaces).
 */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const clean = (cell: string) => cell.replace(/\s+/g, ' ').trim();
  const all = [headers.map(clean), ...rows.map((row) => row.map(clean))];
  const widths = headers.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
  const line = (row: readonly string[]) =>
    `  ${row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd()}`;
  const [head, ...body] = all;
  return [line(head ?? []), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n') + '\n';
}
