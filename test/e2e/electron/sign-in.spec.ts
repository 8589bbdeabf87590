/**
 * Signing in through the real app's popover (Playwright `_electron`) against the fake ClassCharts server:
 * a student and a parent with the sign-in form, and "Remember me" surviving a restart. The fake runs in
 * TES mode (`tesSso`), where every API call without the sign-in's `cc-session` cookie is bounced: data only
 * loads when the cookie of the sign-in's 302 — which Electron hides from the redirect event — was read
 * back from the API session's jar and sent back by Chromium (main/platform/net-fetch.ts).
 *
 * Runs only where an Electron binary and a display exist; elsewhere skipped with one line (electron-app.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  startFakeClassCharts,
  type FakeClassCharts,
  type RecordedRequest,
} from '../../../dev/fake-classcharts/index';
import {
  buildOnce,
  SETUP_TIMEOUT_MS,
  launchApp,
  requireElectron,
  showPopover,
  waitForToday,
  type LaunchedApp,
} from './electron-app';

/** The requests after `from` whose path starts with `prefix`. */
const since = (fake: FakeClassCharts, from: number, prefix: string): RecordedRequest[] =>
  fake.requests.slice(from).filter((r) => r.path.startsWith(prefix));

/** The sign-in answered 302, and the data calls after it carried its cookie back and were answered 200. */
function expectCookieSessionWorked(fake: FakeClassCharts, from: number, kind: 'student' | 'parent'): void {
  const [login] = since(fake, from, `/${kind}/login`);
  expect(login?.status, 'the sign-in answered with the 302').toBe(302);
  const data = since(fake, from, `/apiv2${kind}/`).filter((r) => !r.path.endsWith('/ping'));
  expect(data.length, 'data was read after the sign-in').toBeGreaterThan(0);
  for (const request of data) {
    expect(request.headers.cookie ?? '', `${request.path} carried the sign-in's cookie`).toContain(
      'cc-session=',
    );
    expect(request.status, `${request.path} was answered`).toBe(200);
  }
}

test.describe('signing in through the popover (Playwright _electron)', () => {
  requireElectron();

  let fake: FakeClassCharts;
  let release: () => void = () => undefined;
  let launched: LaunchedApp | null = null;
  const appData: string[] = [];
  const newAppData = () => {
    const folder = mkdtempSync(join(tmpdir(), 'cct-e2e-appdata-'));
    appData.push(folder);
    return folder;
  };

  test.beforeAll(async () => {
    test.setTimeout(SETUP_TIMEOUT_MS);
    release = await buildOnce();
    fake = await startFakeClassCharts({ port: 0, tesSso: true });
  });

  test.afterEach(async () => {
    await launched?.app.close();
    launched = null;
  });

  test.afterAll(async () => {
    await fake?.close();
    for (const folder of appData) rmSync(folder, { recursive: true, force: true });
    release();
  });

  test('a student signs in with the form; the 302 cookie carries the session to the data calls', async () => {
    const from = fake.requests.length;
    launched = await launchApp(fake, newAppData());
    const { app, popover } = launched;
    await showPopover(app);
    await popover.getByLabel('Access code').fill(fake.accounts.student.code, { timeout: 30_000 });
    await popover.getByLabel('Date of birth').fill(fake.accounts.student.dateOfBirth);
    await popover.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForToday(popover);
    expectCookieSessionWorked(fake, from, 'student');
  });

  test('a parent signs in with the form; the 302 cookie carries the session to the data calls', async () => {
    const from = fake.requests.length;
    launched = await launchApp(fake, newAppData());
    const { app, popover } = launched;
    await showPopover(app);
    await popover.getByRole('button', { name: 'Parent', exact: true }).click({ timeout: 30_000 });
    await popover.getByLabel('Email').fill(fake.accounts.parent.email);
    await popover.getByLabel('Password').fill(fake.accounts.parent.password);
    await popover.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForToday(popover);
    expectCookieSessionWorked(fake, from, 'parent');
    expect(since(fake, from, '/apiv2parent/pupils').length).toBeGreaterThan(0);
  });

  test('"Remember me" survives a restart: the app opens signed in, without the form', async () => {
    test.skip(process.platform === 'darwin', 'macOS keeps app data under ~/Library: no variable moves it');
    const folder = newAppData();
    launched = await launchApp(fake, folder);
    await showPopover(launched.app);
    const first = launched.popover;
    await first.getByLabel('Access code').fill(fake.accounts.student.code, { timeout: 30_000 });
    await first.getByLabel('Date of birth').fill(fake.accounts.student.dateOfBirth);
    await first.getByRole('checkbox', { name: /Remember me/ }).check();
    await first.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForToday(first);
    await launched.app.close();
    launched = null;

    const from = fake.requests.length;
    launched = await launchApp(fake, folder);
    await showPopover(launched.app);
    await waitForToday(launched.popover);
    await expect(launched.popover.getByLabel('Access code')).toHaveCount(0);
    // Signed in again from the remembered details (the in-memory session died with the first run).
    expectCookieSessionWorked(fake, from, 'student');
  });
});
