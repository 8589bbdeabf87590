/**
 * The `login item` check (main/self-test/checks/login-item.ts): the macOS status, the Windows Run entry
 * and the Linux autostart entry the app writes, each with what needs the user.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../../../mocks/electron'));

const { app, electronMock, resetElectronMock } = await import('../../../mocks/electron');
const { checkLoginItem } = await import('../../../../main/self-test/checks/login-item');
const { createLoginItemAutostart, createXdgAutostart } = await import('../../../../main/platform/autostart');
const { APP_ID } = await import('../../../../main/platform/environment');

const work = mkdtempSync(join(tmpdir(), 'cct-self-test-login-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeEach(() => resetElectronMock());

describe('login item', () => {
  const files = { readFile: () => null, exists: () => true, autostartFile: '/nowhere' };

  it('macOS reports the login item status; requires-approval warns with where to approve it', () => {
    const settings = (status: string) => () => ({ ...app.getLoginItemSettings(), status }) as never;
    const check = (status: string) =>
      checkLoginItem({ platform: 'darwin', getLoginItemSettings: settings(status), ...files });
    expect(check('enabled')).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^enabled/) });
    expect(check('not-registered')).toMatchObject({ status: 'ok', detail: 'off (not-registered)' });
    expect(check('requires-approval')).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/Login Items/),
    });
  });

  // electron@96f3996d shell/browser/browser_win.cc: the app's Run value carries --autostart and is named
  // by its AppUserModelID; asked without those args, openAtLogin is false whatever Task Manager says.
  it('Windows: the Run entry the app writes is found; deactivated in Task Manager, it warns', async () => {
    electronMock.platform = 'win32';
    app.setAppUserModelId(APP_ID);
    const facts = { platform: 'win32', getLoginItemSettings: app.getLoginItemSettings as never, ...files };
    const autostart = createLoginItemAutostart(app as never, { platform: 'win32', appId: APP_ID });
    expect(checkLoginItem(facts)).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/^off/),
    });
    await autostart.setEnabled(true);
    expect(checkLoginItem(facts)).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/^on/),
    });
    electronMock.windowsStartupDisabled = true; // Task Manager › Startup apps › Disable
    expect(checkLoginItem(facts)).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/Task Manager/),
    });
  });

  it('Linux: the autostart entry the app writes is found and its Exec checked; a moved AppImage warns', async () => {
    const xdg = join(work, 'xdg');
    const program = join(work, 'My Apps', 'ClassCharts Tray $1.AppImage');
    mkdirSync(join(work, 'My Apps'), { recursive: true });
    const autostart = createXdgAutostart({
      appId: 'io.github.classchartstray',
      env: { XDG_CONFIG_HOME: xdg },
      homeDir: work,
      entry: { name: 'ClassCharts Tray', comment: 'c', exec: [program, '--autostart'] },
    });
    const { readFileSync, existsSync } = await import('node:fs');
    const facts = {
      platform: 'linux',
      getLoginItemSettings: app.getLoginItemSettings as never,
      autostartFile: autostart.file,
      readFile: (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : null),
      exists: existsSync,
    };
    expect(checkLoginItem(facts)).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/^off/),
    });
    await autostart.setEnabled(true);
    expect(checkLoginItem(facts)).toMatchObject({
      status: 'warn',
      detail: expect.stringContaining(`starts ${program}, which no longer exists`),
    });
    writeFileSync(program, '');
    expect(checkLoginItem(facts)).toEqual({
      status: 'ok',
      name: 'login item',
      detail: `on: ${autostart.file} starts ${program}`,
    });
  });
});
