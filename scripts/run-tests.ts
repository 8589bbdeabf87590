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
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJsonReport;
  passed = report.numPassedTests;
  failed = report.numFailedTests;
  skipped = report.numPendingTests + report.numTodoTests;
} else {
  failed = 1; // vitest died before writing a report: count the run itself as one failure
}
const code = run.status ?? 1;
if (code !== 0 && failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code);
