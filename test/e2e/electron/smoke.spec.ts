/**
 * The real Electron app, driven by Playwright's `_electron` (project `electron`): build, start against the
 * fake ClassCharts server (demo mode), sign in with the demo student from the popover, see today's lessons;
 * then `--self-test` against the same fake (docs/self-test.md).
 *
 * Runs only where an Electron binary is installed (and, on Linux, a display — e.g. `xvfb-run npm run
 * test:e2e`); elsewhere it is skipped with one line saying why. It never downloads anything.
 */
import { expect, test } from '@playwright/test';
import { londonDate } from '../../../common/dates';
import { CHECK_NAMES, parseCheckLine } from '../../../main/self-test/report';
import { runSelfTestBinary } from '../../../scripts/self-test';
import { ROOT } from '../../packaging/pack';
import {
  appEnv,
  binary,
  requireElectron,
  SETUP_TIMEOUT_MS,
  startDemo,
  type RunningDemo,
} from './electron-app';

test.describe('real Electron app (Playwright _electron)', () => {
  requireElectron();

  let demo: RunningDemo;

  test.beforeAll(async () => {
    test.setTimeout(SETUP_TIMEOUT_MS);
    demo = await startDemo();
  });

  test.afterAll(async () => {
    await demo?.stop();
  });

  test('signs in to the demo and shows today', async () => {
    const { popover, fake } = demo;
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
    const { fake } = demo;
    const from = fake.requests.length;
    const run = await runSelfTestBinary({ binary: binary!, cwd: ROOT, env: appEnv(fake) });
    const report = `${run.lines.join('\n')}\n--- stderr ---\n${run.stderr.slice(-2000)}`;
    const names = run.lines.map((line) => parseCheckLine(line)?.name);
    expect(names, report).toEqual([...CHECK_NAMES]);
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
