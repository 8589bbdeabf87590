// `npm test`: runs every vitest project once and prints the closing line CI reads
// ("tests: N passed, N failed, N skipped"), summed over all suites from vitest's JSON report.
// Extra arguments are passed to vitest (e.g. `npm test -- test/fake-classcharts`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const reportFile = 'test-results/vitest.json';
mkdirSync('test-results', { recursive: true });
rmSync(reportFile, { force: true });

const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

// When vitest died before writing a report, the run itself counts as one failure.
const report: VitestJsonReport = existsSync(reportFile)
  ? (JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJsonReport)
  : { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0 };
const passed = report.numPassedTests;
let failed = report.numFailedTests;
const skipped = report.numPendingTests + report.numTodoTests;
const code = run.status ?? 1;
if (code !== 0 && failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code);
