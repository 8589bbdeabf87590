/**
 * The real Electron app, driven by Playwright's `_electron` (project `electron`): build, start against the
 * fake ClassCharts server (demo mode), sign in with the demo student from the popover, see today's lessons.
 *
 * Runs only where an Electron binary is installed (and, on Linux, a display — e.g. `xvfb-run npm run
 * test:e2e`); elsewhere it is skipped with one line saying why. It never downloads anything.
 */
import { _electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { londonDate } from '../../../main/classcharts/dates';
import { electronPackageDir, findElectronBinary } from '../../../scripts/launch';
import { startFakeClassCharts, type FakeClassCharts } from '../../fake-classcharts/index';
import { acquireOutDirLock } from '../../electron/out-dir-lock';
import { buildApp, ROOT } from '../../electron/pack';

const binary = findElectronBinary({
  env: process.env,
  platform: process.platform,
  electronDir: electronPackageDir(),
});
const noDisplay = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
/** Why the real app cannot run here, or null when it can. */
const skipReason = !binary
  ? 'no Electron binary: none is installed here (it downloads on first use; see `npm start`)'
  : noDisplay
    ? 'no display: run under xvfb-run'
    : null;

test.describe('real Electron app (Playwright _electron)', () => {
  test.skip(skipReason !== null, skipReason ?? '');
  test.describe.configure({ mode: 'serial' });

  let fake: FakeClassCharts;
  let app: ElectronApplication;
  let popover: Page;
  let release: () => void = () => undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    release = await acquireOutDirLock();
    await buildApp();
    fake = await startFakeClassCharts({ port: 0 });
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
    Object.assign(env, { CLASSCHARTS_BASE_URL: fake.url, CLASSCHARTS_DEMO: '1' });
    delete env.ELECTRON_RUN_AS_NODE;
    const rootUser = process.platform === 'linux' && process.getuid?.() === 0;
    app = await _electron.launch({
      executablePath: binary!,
      args: rootUser ? ['.', '--no-sandbox'] : ['.'],
      cwd: ROOT,
      env,
      timeout: 60_000,
    });
    popover = await app.firstWindow();
    // Started by the user (no --autostart), main shows the popover once its page has loaded; show it
    // here too (a no-op when already shown), as a tray click would, so the test does not race that.
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.show());
  });

  test.afterAll(async () => {
    await app?.close();
    await fake?.close();
    release();
  });

  test('signs in to the demo and shows today', async () => {
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
  });
});
