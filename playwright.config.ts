// Playwright Test: the browser and desktop tests (`npm run test:e2e`, scripts/run-e2e.ts). Two projects:
// - popover: the whole popover in Debian's Chromium against the preview (the real core and the fake
//   ClassCharts server), one fresh preview and browser context per test (test/e2e/fixtures.ts), with
//   visual snapshots of every view under test/e2e/__screenshots__/;
// - electron: the real Electron app through Playwright's `_electron`, skipped with one line where no
//   Electron binary (or, on Linux, no display) can be had.
// On failure each test keeps its trace, a screenshot and (where ffmpeg exists) a video in
// test-results/e2e/, and the HTML report goes to test-results/e2e-report/. docs/notes/ui.md ("Browser
// tests") says what runs where and why.
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, chromiumEnv, POPOVER } from './test/e2e/browser';

/** Set by scripts/run-e2e.ts when it found an ffmpeg for Playwright's video recorder. */
const video = process.env.CCT_E2E_VIDEO === '1' ? 'retain-on-failure' : 'off';

export default defineConfig({
  outputDir: 'test-results/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  // Two workers on the 2-core machine: each test's preview (core + fake server) runs in its worker and
  // Chromium in its own processes (docs/notes/bench.md, "e2e wall time").
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/e2e.json' }],
    ['html', { outputFolder: 'test-results/e2e-report', open: 'never' }],
  ],
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}{ext}',
  expect: {
    timeout: 15_000,
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      // Anti-aliasing moves a few edge pixels between Chromium releases (Debian updates it under us);
      // a changed padding, colour or line moves thousands.
      maxDiffPixels: 100,
    },
  },
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video,
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
  },
  projects: [
    {
      name: 'popover',
      testDir: 'test/e2e/popover',
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS, env: chromiumEnv() },
        headless: true,
        viewport: POPOVER,
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
        locale: 'en-GB',
        timezoneId: 'Europe/London',
      },
    },
    {
      name: 'electron',
      testDir: 'test/e2e/electron',
      timeout: 180_000,
    },
  ],
});
