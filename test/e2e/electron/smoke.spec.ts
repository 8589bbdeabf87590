/**
 * The real Electron app, driven by Playwright's `_electron` (project `electron`): build, start against the
 * fake ClassCharts server (demo mode), sign in with the demo student from the popover, see today's lessons;
 * then `--self-test` against the same fake (docs/self-test.md).
 *
 * Runs only where an Electron binary is installed (and, on Linux, a display — e.g. `xvfb-run npm run
 * test:e2e`); elsewhere it is skipped with one line saying why. It never downloads anything.
 */
import { expect, test } from '@playwright/test';
import { londonDate } from '../../../main/classcharts/dates';
import { runSelfTestBinary } from '../../../scripts/self-test';
import { ROOT } from '../../electron/pack';
import { startFakeClassCharts, type FakeClassCharts } from '../../fake-classcharts/index';
import {
  appEnv,
  binary,
  buildOnce,
  SETUP_TIMEOUT_MS,
  launchApp,
  requireElectron,
  showPopover,
  type LaunchedApp,
} from './electron-app';

test.describe('real Electron app (Playwright _electron)', () => {
  requireElectron();

  let fake: FakeClassCharts;
  let launched: LaunchedApp | null = null;
  let release: () => void = () => undefined;

  test.beforeAll(async () => {
    test.setTimeout(SETUP_TIMEOUT_MS);
    release = await buildOnce();
    fake = await startFakeClassCharts({ port: 0 });
    launched = await launchApp(fake);
    // Started by the user (no --autostart), main shows the popover once its page has loaded; show it
    // here too (a no-op when already shown), as a tray click would, so the test does not race that.
    await showPopover(launched.app);
  });

  test.afterAll(async () => {
    await launched?.app.close();
    await fake?.close();
    release();
  });

  test('signs in to the demo and shows today', async () => {
    const popover = launched!.popover;
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

  test('--self-test prints one line per check and exits 0 when none failed; the sign-in cookie works', async () => {
    // The running app holds the single-instance lock; the self-test must not need it.
    const from = fake.requests.length;
    const run = await runSelfTestBinary({ binary: binary!, cwd: ROOT, env: appEnv(fake) });
    const report = `${run.lines.join('\n')}\n--- stderr ---\n${run.stderr.slice(-2000)}`;
    const names = run.lines.map((line) => line.slice(6, 23).trim());
    expect(names, report).toEqual([
      'versions',
      'display',
      'tray host',
      'key provider',
      'notifications',
      'login item',
      'global shortcut',
      'sign-in cookie',
    ]);
    expect(run.lines[0], report).toMatch(/^ok {4}versions +Electron 45\./);
    expect(run.lines.at(-1), report).toMatch(/^ok {4}sign-in cookie +302 → session cookie → token/);
    // The app of the first test is signed in already and may call the fake meanwhile: only the self-test signs in.
    const paths = fake.requests.slice(from).map((r) => r.path);
    const login = paths.indexOf('/student/login');
    expect(login, paths.join(', ')).toBeGreaterThanOrEqual(0);
    expect(paths.slice(login + 1)).toContain('/apiv2student/ping');
    // Exit 0 exactly when no line says `fail` (a CI display may have no notification server: that fails
    // the notifications line, and then the exit code must say so).
    const failed = run.lines.filter((line) => line.startsWith('fail'));
    expect(run.code, report).toBe(failed.length > 0 ? 1 : 0);
  });
});
