// `npm test`: runs every vitest project once and prints the closing line CI reads
// ("tests: N passed, N failed, N skipped"), summed over all suites from vitest's JSON report, plus one
// test of the runner's own: the run leaves its temp folder (TMPDIR, fresh for the run) empty.
// Extra arguments are passed to vitest (e.g. `npm test -- test/fake-classcharts`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { runTempFolder, TEMP_CHECK } from './run-temp-folder';

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const reportFile = 'test-results/vitest.json';
mkdirSync('test-results', { recursive: true });
rmSync(reportFile, { force: true });
const temp = runTempFolder();

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
  { stdio: 'inherit', env: { ...process.env, ...temp.env } },
);
const problem = temp.leftoverProblem();
temp.remove();

// When vitest died before writing a report, the run itself counts as one failure.
const report: VitestJsonReport = existsSync(reportFile)
  ? (JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJsonReport)
  : { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0 };
let passed = report.numPassedTests;
let failed = report.numFailedTests;
const skipped = report.numPendingTests + report.numTodoTests;
let code = run.status ?? 1;
if (code !== 0 && failed === 0) failed = 1;
if (problem) {
  failed++;
  code = 1;
  console.log(`\n  ✗ ${TEMP_CHECK}\n    ${problem}`);
} else passed++;
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code);
