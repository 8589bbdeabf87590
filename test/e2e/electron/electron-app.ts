/**
 * What the `_electron` specs of this folder share: whether the real app can run here (an Electron binary
 * and, on Linux, a display) and the one-line reason when not; the out/ build under its lock; launching the
 * built app against a fake ClassCharts server (demo mode) with an app-data folder of the test's own; and
 * reading or driving the popover window from the main process (`app.evaluate`).
 *
 * Nothing here downloads anything: without a binary every spec is skipped with {@link skipReason} — unless
 * {@link REQUIRE_ELECTRON_ENV} is `1` (set by .github/workflows/ci.yml), where that same reason fails
 * every spec instead: in CI the real app must run, never silently skip.
 */
import { _electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { electronArgs, electronPackageDir, findElectronBinary } from '../../../scripts/launch';
import { acquireOutDirLock } from '../../packaging/out-dir-lock';
import { buildApp, ROOT } from '../../packaging/pack';
import { startFakeClassCharts, type FakeClassCharts } from '../../../dev/fake-classcharts/index';

/** The Electron executable, or `null` when it is not installed. */
export const binary = findElectronBinary({
  env: process.env,
  platform: process.platform,
  electronDir: electronPackageDir(),
});
const noDisplay = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;

/** Why the real app cannot run here, or `null` when it can. */
export const skipReason: string | null = !binary
  ? 'no Electron binary: none is installed here (it downloads on first use; see `npm start`)'
  : noDisplay
    ? 'no display: run under xvfb-run'
    : null;

/**
 * The environment variable that turns "cannot run here" into a failure: `CCT_REQUIRE_ELECTRON=1`. CI sets
 * it on the job that downloaded Electron and runs under `xvfb-run` (.github/workflows/ci.yml), so a
 * missing binary or display there fails the build instead of skipping the only tests of the real app.
 */
export const REQUIRE_ELECTRON_ENV = 'CCT_REQUIRE_ELECTRON';

/** The failure message where {@link REQUIRE_ELECTRON_ENV} is set and the real app cannot run. */
export function requiredButMissing(reason: string): string {
  return `${REQUIRE_ELECTRON_ENV}=1 but the real app cannot run: ${reason}`;
}

/**
 * Where the real app cannot run, skips the calling `describe` with its one-line reason — or, when
 * {@link REQUIRE_ELECTRON_ENV} is `1`, fails each of its tests with that reason (a `beforeAll` registered
 * before the spec's own, so no setup is attempted). Otherwise runs the `describe` serially.
 */
export function requireElectron(): void {
  test.describe.configure({ mode: 'serial' });
  if (skipReason !== null && process.env[REQUIRE_ELECTRON_ENV] === '1') {
    const message = requiredButMissing(skipReason);
    test.beforeAll(() => {
      throw new Error(message);
    });
    return;
  }
  test.skip(skipReason !== null, skipReason ?? '');
}

/**
 * How long a spec's `beforeAll` may take, in milliseconds: it waits for the out/ lock, which another spec
 * file of this folder (two workers) holds until it is done with its app, then builds and launches.
 */
export const SETUP_TIMEOUT_MS = 15 * 60_000;

/**
 * Builds out/ (electron-vite) under the out/ lock; resolves with the function that releases the lock,
 * to call once the spec is done with out/ (afterAll): a running app loads the popover's chunks lazily, so
 * no other build may replace them meanwhile. Give the hook {@link SETUP_TIMEOUT_MS}.
 */
export async function buildOnce(): Promise<() => void> {
  const release = await acquireOutDirLock();
  try {
    await buildApp();
    return release;
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * The environment of a launched app: this process's, pointed at `fake` in demo mode, without
 * ELECTRON_RUN_AS_NODE, plus `extra`. `appData` moves Electron's `appData` (hence userData) where an
 * environment variable can: `XDG_CONFIG_HOME` on Linux (also where the autostart entry goes), `APPDATA`
 * on Windows (Electron docs/api/app.md `app.getPath('appData')`); macOS has none.
 */
export function appEnv(fake: FakeClassCharts, appData?: string, extra: Record<string, string> = {}) {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  Object.assign(env, { CLASSCHARTS_BASE_URL: fake.url, CLASSCHARTS_DEMO: '1' }, extra);
  if (appData) Object.assign(env, { XDG_CONFIG_HOME: appData, APPDATA: appData });
  delete env.ELECTRON_RUN_AS_NODE;
  return env;
}

/** A launched app and its popover page. */
export interface LaunchedApp {
  app: ElectronApplication;
  popover: Page;
}

/** Launches the built app (this folder) against `fake`, optionally with its own app-data folder. */
export async function launchApp(fake: FakeClassCharts, appData?: string): Promise<LaunchedApp> {
  const app = await _electron.launch({
    executablePath: binary!,
    args: electronArgs({ platform: process.platform, env: process.env, root: process.getuid?.() === 0 }),
    cwd: ROOT,
    env: appEnv(fake, appData),
    timeout: 60_000,
  });
  const popover = await app.firstWindow();
  return { app, popover };
}

/** A spec file's app: built, launched against a fake of its own, popover shown; `stop()` undoes it all. */
export interface RunningDemo extends LaunchedApp {
  fake: FakeClassCharts;
  /** Closes the app and the fake and releases the out/ lock (afterAll). */
  stop(): Promise<void>;
}

/**
 * For a spec's `beforeAll` (give it {@link SETUP_TIMEOUT_MS}): builds out/ under its lock, starts the fake
 * ClassCharts server on 127.0.0.1, launches the app against it (demo mode) and shows the popover as a tray
 * click would (main also shows it by itself on a start by the user; showing it again is a no-op).
 */
export async function startDemo(): Promise<RunningDemo> {
  const release = await buildOnce();
  let fake: FakeClassCharts | null = null;
  try {
    fake = await startFakeClassCharts({ port: 0 });
    const launched = await launchApp(fake);
    await showPopover(launched.app);
    const running = fake;
    return {
      ...launched,
      fake: running,
      async stop() {
        await launched.app.close();
        await running.close();
        release();
      },
    };
  } catch (error) {
    await fake?.close();
    release();
    throw error;
  }
}

// The popover is the app's one window with a page of its own (a test may open an `about:blank` one to
// take the focus away); the functions given to `app.evaluate` run in main, so each finds it itself.

/** Shows the popover as a tray click would (the tray icon itself cannot be clicked from here). */
export async function showPopover(app: ElectronApplication): Promise<void> {
  await app.evaluate(({ BrowserWindow }) => {
    const window = BrowserWindow.getAllWindows().find((w) => !w.webContents.getURL().startsWith('about:'));
    window?.show();
    window?.focus();
  });
}

/** Whether the popover window is shown, as main sees it. */
export function popoverVisible(app: ElectronApplication): Promise<boolean> {
  return app.evaluate(
    ({ BrowserWindow }) =>
      BrowserWindow.getAllWindows()
        .find((w) => !w.webContents.getURL().startsWith('about:'))
        ?.isVisible() ?? false,
  );
}

/** Waits (up to 10 s) until the popover is shown (`true`) or hidden (`false`). */
export async function expectPopoverVisible(app: ElectronApplication, visible: boolean): Promise<void> {
  await expect.poll(() => popoverVisible(app), { timeout: 10_000 }).toBe(visible);
}

/** Waits for the Today view (lessons, or the day's empty state): the user is signed in and data came. */
export async function waitForToday(popover: Page): Promise<void> {
  await popover.getByRole('navigation', { name: 'Sections' }).waitFor({ timeout: 30_000 });
  await popover
    .getByRole('list', { name: /^Lessons/ })
    .or(popover.getByText(/^No lessons/))
    .first()
    .waitFor({ timeout: 30_000 });
}
