// `npm run test:e2e`: runs Playwright Test (playwright.config.ts: the popover in Debian's Chromium, the real
// Electron app where a binary exists) in a temp folder of its own, and prints the closing line CI reads
// ("e2e: N passed, N failed, N skipped"), counted from Playwright's JSON report plus one test of the
// runner's own: the run leaves its temp folder empty. Extra arguments go to `playwright test`
// (`-- -g "homework"`, `-- --update-snapshots`, `-- --project popover`), except `--update-docs`: it runs
// only test/e2e/popover/docs-screenshots.spec.ts, which then rewrites the README's two screenshots
// (docs/images/today-light.png, today-dark.png) instead of only checking them.
//
// Video of a failed test needs ffmpeg: Playwright's own (`npx playwright install ffmpeg`) or, on Linux, the
// system's (`apt-get install -y ffmpeg`), which is offered to Playwright through a private registry folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { nodeBin } from './node-bin';
import { runTempFolder, TEMP_CHECK } from './run-temp-folder';
import { CHROMIUM } from '../test/e2e/browser';
import { settleRun } from './run-checks';
import {
  countPlaywrightReport,
  PLAYWRIGHT_REPORT,
  readReport,
  type PlaywrightJsonReport,
} from './test-reports';

const REPORT = PLAYWRIGHT_REPORT;

/** The ffmpeg revision this playwright-core records in its browsers.json. */
function ffmpegRevision(): string | null {
  // browsers.json sits beside package.json, which the package exports.
  const packageJson = createRequire(import.meta.url).resolve('playwright-core/package.json');
  const browsers = JSON.parse(
    readFileSync(path.join(path.dirname(packageJson), 'browsers.json'), 'utf8'),
  ) as {
    browsers: { name: string; revision: string }[];
  };
  return browsers.browsers.find((b) => b.name === 'ffmpeg')?.revision ?? null;
}

/** The folder on PATH holding `name`, or null. */
function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/**
 * Environment that lets Playwright record video, and a line saying where its ffmpeg comes from; or no
 * video, and why. Playwright looks for `<registry>/ffmpeg-<revision>/ffmpeg-linux`; its registry defaults
 * to ~/.cache/ms-playwright and moves with PLAYWRIGHT_BROWSERS_PATH.
 */
function videoSetup(): { env: Record<string, string>; line: string } {
  const revision = ffmpegRevision();
  const registry = process.env.PLAYWRIGHT_BROWSERS_PATH ?? path.join(os.homedir(), '.cache', 'ms-playwright');
  const own = revision ? path.join(registry, `ffmpeg-${revision}`) : null;
  if (own && existsSync(own)) return { env: { CCT_E2E_VIDEO: '1' }, line: `video on failure: ${own}` };
  const system = process.platform === 'linux' ? onPath('ffmpeg') : null;
  if (revision && system) {
    const privateRegistry = path.resolve('node_modules/.cache/playwright-registry');
    const dir = path.join(privateRegistry, `ffmpeg-${revision}`);
    mkdirSync(dir, { recursive: true });
    const link = path.join(dir, 'ffmpeg-linux');
    rmSync(link, { force: true });
    symlinkSync(system, link);
    return {
      env: { CCT_E2E_VIDEO: '1', PLAYWRIGHT_BROWSERS_PATH: privateRegistry },
      line: `video on failure: ${system}`,
    };
  }
  return {
    env: {},
    line: 'video on failure: off (no ffmpeg: `apt-get install -y ffmpeg` or `npx playwright install ffmpeg`)',
  };
}

const started = Date.now();
mkdirSync('test-results', { recursive: true });
rmSync(REPORT, { force: true });
const temp = runTempFolder();
const video = videoSetup();
console.log(video.line);

// Playwright's compiled test files are a cache of the project's (kept between runs, like Vite's), not
// something the run leaves behind in its temp folder.
const transformCache = {
  PLAYWRIGHT_TRANSFORM_CACHE_DIR: path.resolve('node_modules/.cache/playwright-transform'),
};
// `--update-docs` is ours, not Playwright's: it becomes an environment variable the docs spec reads.
const updateDocs = process.argv.includes('--update-docs');
const playwrightArgs = process.argv.slice(2).filter((arg) => arg !== '--update-docs');
if (updateDocs) playwrightArgs.unshift('test/e2e/popover/docs-screenshots.spec.ts', '--project=popover');
// Playwright's own bin through this Node (./node-bin.ts: `npx` cannot be spawned on Windows without a shell).
const run = spawnSync(
  process.execPath,
  [nodeBin('@playwright/test', 'playwright'), 'test', ...playwrightArgs],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...temp.env,
      ...video.env,
      ...transformCache,
      ...(updateDocs ? { CCT_UPDATE_DOCS: '1' } : {}),
    },
  },
);
const problem = temp.leftoverProblem();
temp.remove();

// When Playwright died before writing its report, the run itself counts as one failure.
const counts = countPlaywrightReport(readReport<PlaywrightJsonReport>(REPORT));
// A browser update can change what a page reports (Chromium 156 began reporting inline handlers at parse
// time): the run names the browser its tests ran on, as each test's `browser` annotation recorded it.
if (counts.browsers.length > 0)
  console.log(`popover tests ran on ${counts.browsers.join(', ')} (${CHROMIUM})`);
for (const skip of counts.skips) console.log(`  - skipped: ${skip}`);
for (const failure of counts.failures) console.log(`  ✗ ${failure}`);
const { passed, failed, code } = settleRun('e2e', counts, run.status, { name: TEMP_CHECK, problem });
if (counts.failures.length > 0)
  console.log('  traces, screenshots and videos: test-results/e2e/; report: test-results/e2e-report/');
console.log(`e2e finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`e2e: ${passed} passed, ${failed} failed, ${counts.skipped} skipped`);
process.exit(code);
