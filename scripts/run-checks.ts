/**
 * The runners' own tests (today: "the suite leaves the temp folder as it found it", scripts/run-temp-folder.ts),
 * written beside the reporters' JSON as `test-results/run-checks-<suite>.json`, so the CI total
 * (scripts/ci-summary.ts) counts them from files too.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

/** One check of a runner: its name, and what went wrong (null when it passed). */
export interface RunCheck {
  name: string;
  problem: string | null;
}

/** Where the checks of `suite` (`unit` or `e2e`) are written. */
export function runChecksFile(suite: string): string {
  return `test-results/run-checks-${suite}.json`;
}

/** Writes the checks of `suite`, replacing the last run's. */
export function writeRunChecks(suite: string, checks: RunCheck[]): void {
  mkdirSync('test-results', { recursive: true });
  writeFileSync(runChecksFile(suite), `${JSON.stringify(checks, null, 2)}\n`);
}

/** Reads the checks of `suite`; null when the runner wrote none (it did not get that far). */
export function readRunChecks(suite: string): RunCheck[] | null {
  const file = runChecksFile(suite);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RunCheck[]) : null;
}

/** A runner's totals once its own checks are counted, and the exit code it ends with. */
export interface RunTotals {
  passed: number;
  failed: number;
  code: number;
}

/**
 * Counts a runner's temp-folder check (`problem`: what the run left behind, or null) with the reporter's
 * `counts`, writes the checks of `suite`, and prints the check when it failed. `status` is the test
 * process's exit status (null when it was killed); a non-zero one without a counted failure counts one.
 */
export function settleRun(
  suite: string,
  counts: { passed: number; failed: number },
  status: number | null,
  check: RunCheck,
): RunTotals {
  let { passed, failed } = counts;
  let code = status ?? 1;
  if (code !== 0 && failed === 0) failed = 1;
  if (check.problem) {
    failed++;
    code = 1;
    console.log(`\n  ✗ ${check.name}\n    ${check.problem}`);
  } else passed++;
  writeRunChecks(suite, [check]);
  return { passed, failed, code };
}
