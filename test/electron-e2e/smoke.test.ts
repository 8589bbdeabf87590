/**
 * The real Electron app, driven by Playwright's `_electron`: build, start against the fake ClassCharts
 * server (demo mode), sign in with the demo student from the popover, see today's lessons.
 *
 * Runs only where an Electron binary is installed (and, on Linux, a display — e.g. `xvfb-run npm test`);
 * elsewhere it is skipped and says why, once, on the console. It never downloads anything.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDate } from '../../main/classcharts/dates';
import { electronPackageDir, findElectronBinary } from '../../scripts/launch';
import { startFakeClassCharts, type FakeClassCharts } from '../fake-classcharts/index';
import { acquireOutDirLock } from '../electron/out-dir-lock';

const root = process.cwd();
const binary = findElectronBinary({
  env: process.env,
  platform: process.platform,
  electronDir: electronPackageDir(),
});
const noDisplay = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const skipReason = !binary
  ? 'no Electron binary is installed here (it downloads on first use; see `npm start`)'
  : noDisplay
    ? 'no display (run under xvfb-run)'
    : null;
if (skipReason) console.warn(`[electron-e2e] SKIPPED the real-Electron smoke test: ${skipReason}.`);

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], {
      cwd: root,
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`electron-vite build exited ${code}`)),
    );
  });
}

describe.skipIf(skipReason !== null)('real Electron app (Playwright _electron)', () => {
  let fake: FakeClassCharts;
  let app: ElectronApplication;
  let popover: Page;
  let release: () => void = () => undefined;

  beforeAll(async () => {
    release = await acquireOutDirLock();
    await build();
    fake = await startFakeClassCharts({ port: 0 });
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
    Object.assign(env, { CLASSCHARTS_BASE_URL: fake.url, CLASSCHARTS_DEMO: '1' });
    delete env.ELECTRON_RUN_AS_NODE;
    const rootUser = process.platform === 'linux' && process.getuid?.() === 0;
    app = await _electron.launch({
      executablePath: binary!,
      args: rootUser ? ['.', '--no-sandbox'] : ['.'],
      cwd: root,
      env,
      timeout: 60_000,
    });
    popover = await app.firstWindow();
    // The popover starts hidden next to the tray; show it as a tray click would.
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.show());
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await fake?.close();
    release();
  });

  it('signs in to the demo and shows today', async () => {
    await popover.getByRole('button', { name: 'Use demo student' }).click({ timeout: 30_000 });
    const today = londonDate(Date.now());
    const weekend = [0, 6].includes(new Date(`${today}T12:00:00Z`).getUTCDay());
    if (weekend) {
      await popover.getByText("No lessons — it's the weekend.").waitFor({ timeout: 30_000 });
    } else {
      const lessons = popover.getByRole('list', { name: /^Lessons,/ });
      await lessons.waitFor({ timeout: 30_000 });
      expect(await lessons.getByRole('listitem').count()).toBeGreaterThan(0);
    }
    expect(fake.requests.some((r) => r.path.startsWith('/apiv2student/timetable'))).toBe(true);
  }, 120_000);
});

describe.skipIf(skipReason === null)('real Electron app (Playwright _electron)', () => {
  it.skip(`skipped: ${skipReason ?? ''}`, () => undefined);
});
