// The closing lines of `.ci/run`: the counts of the unit suites (vitest's JSON report) and of the browser
// and desktop suites (Playwright's JSON report), plus the runners' own checks (test-results/run-checks-*.json)
// and the steps that count as one test each (typecheck, lint), summed into exactly "N passed, N failed".
// Arguments: `<unit exit status> <e2e exit status> <failed steps>`. Exits 1 unless everything passed.
import { readRunChecks } from './run-checks';
import {
  countPlaywrightReport,
  countVitestReport,
  PLAYWRIGHT_REPORT,
  readReport,
  VITEST_REPORT,
  type PlaywrightJsonReport,
  type ReportCounts,
  type VitestJsonReport,
} from './test-reports';

const [unitStatus, e2eStatus, failedSteps] = process.argv.slice(2).map(Number);

/** A suite's counts with its runner's checks; a suite that exited non-zero without a failure counts one. */
function suite(name: string, counts: ReportCounts, status: number | undefined, suiteName: string) {
  const checks = readRunChecks(suiteName) ?? [
    { name: `${name}: the runner finished`, problem: 'it wrote no checks' },
  ];
  const passed = counts.passed + checks.filter((c) => !c.problem).length;
  let failed = counts.failed + checks.filter((c) => c.problem).length;
  // A missing status (NaN) is not 0 either.
  if (status !== 0 && failed === 0) failed = 1;
  console.log(`${name}: ${passed} passed, ${failed} failed, ${counts.skipped} skipped`);
  for (const skip of counts.skips) console.log(`  skipped: ${skip}`);
  return { passed, failed, skipped: counts.skipped };
}

const unit = suite(
  'unit (vitest)',
  countVitestReport(readReport<VitestJsonReport>(VITEST_REPORT)),
  unitStatus,
  'unit',
);
const e2e = suite(
  'browser and desktop (Playwright)',
  countPlaywrightReport(readReport<PlaywrightJsonReport>(PLAYWRIGHT_REPORT)),
  e2eStatus,
  'e2e',
);
const steps = Number.isFinite(failedSteps) ? failedSteps! : 1;
if (steps > 0) console.log(`typecheck/lint: ${steps} failed`);
const passed = unit.passed + e2e.passed;
const failed = unit.failed + e2e.failed + steps;
// .ci/run puts the project's Node first on PATH (scripts/use-node.sh) for the suites and for this summary.
console.log(`node: ${process.version} ran the suites`);
console.log(`skipped: ${unit.skipped + e2e.skipped}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
