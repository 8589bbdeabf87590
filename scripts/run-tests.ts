// `npm test`: runs every vitest project once and prints the closing line CI reads
// ("tests: N passed, N failed, N skipped"), summed over all suites from vitest's JSON report, plus one
// test of the runner's own: the run leaves its temp folder (TMPDIR, fresh for the run) empty.
// Extra arguments are passed to vitest (e.g. `npm test -- test/dev/fake-classcharts`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { nodeBin } from './node-bin';
import { settleRun } from './run-checks';
import { runTempFolder, TEMP_CHECK } from './run-temp-folder';
import { countVitestReport, readReport, VITEST_REPORT, type VitestJsonReport } from './test-reports';

const reportFile = VITEST_REPORT;
mkdirSync('test-results', { recursive: true });
rmSync(reportFile, { force: true });
const temp = runTempFolder();

// vitest's own bin through this Node (./node-bin.ts: `npx` cannot be spawned on Windows without a shell).
const run = spawnSync(
  process.execPath,
  [
    nodeBin('vitest'),
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
const counts = countVitestReport(readReport<VitestJsonReport>(reportFile));
const { skipped } = counts;
const { passed, failed, code } = settleRun('unit', counts, run.status, { name: TEMP_CHECK, problem });
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code);
