/**
 * main/index.ts booted under the shared electron mock as on macOS and on Windows (the composition test
 * covers Linux), signed in to the demo over IPC: what differs per platform is wired as the platform
 * wants it. macOS: no dock icon, template tray images, no double-click delay, login items,
 * focus taken when the popover shows. Windows: an AppUserModelID (toasts), colour icons, no title, login
 * items. Each platform boots in its own module graph (vi.resetModules), against one fake server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppState } from '../../../../common/contract';
import { startFakeClassCharts, type FakeClassCharts } from '../../../../dev/fake-classcharts/index';
import type * as ElectronMock from '../../../mocks/electron';
import type { EmulatedRequestOptions } from '../../../mocks/net-request';
import { setNewHomework } from '../../../support/booted-main';

vi.mock('electron', () => import('../../../mocks/electron'));

let fake: FakeClassCharts;
const saved = { ...process.env };
const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
const xdg = mkdtempSync(join(tmpdir(), 'cct-xdg-platforms-'));

beforeAll(async () => {
  fake = await startFakeClassCharts({ port: 0 });
  Object.assign(process.env, { CLASSCHARTS_BASE_URL: fake.url, CLASSCHARTS_DEMO: '1', XDG_CONFIG_HOME: xdg });
});

afterAll(async () => {
  Object.defineProperty(process, 'platform', platform);
  process.env = saved;
  await fake.close();
  rmSync(xdg, { recursive: true, force: true });
});

/**
 * Boots main/index.ts as on `os`, signs in as the demo student over IPC; returns the mock and the state.
 * `before` plays the OS on the fresh mock before main starts (e.g. the toast click that starts the app).
 */
async function bootAs(os: 'darwin' | 'win32', before?: (mock: typeof ElectronMock) => void) {
  Object.defineProperty(process, 'platform', { ...platform, value: os });
  vi.resetModules();
  const electron = await import('electron');
  const mock = electron as unknown as typeof ElectronMock;
  mock.resetElectronMock();
  before?.(mock);
  // The emulation of the mock's own module graph: its cookie jars are the ones the mock's sessions hold.
  mock.net.request.mockImplementation((options: unknown) =>
    mock.emulatedNetRequest(options as EmulatedRequestOptions),
  );
  await import('../../../../main/index');
  await vi.waitFor(() => expect(mock.ipcMain.handlers.size).toBeGreaterThan(0), { timeout: 10_000 });
  const popover = mock.FakeBrowserWindow.instances[0]!;
  const result = await mock.ipcMain.invoke('auth:login', popover.webContents, [
    { kind: 'demo', as: 'student' },
  ]);
  expect(result, JSON.stringify(result)).toEqual({ ok: true });
  const tray = mock.FakeTray.instances[0]!;
  await vi.waitFor(() => expect(tray.tooltip).toMatch(/Next|Now|No more lessons|lesson/i), {
    timeout: 10_000,
  });
  const state = () =>
    popover.webContents.send.mock.calls
      .filter(([channel]) => channel === 'state:changed')
      .map(([, s]) => s as AppState)
      .at(-1);
  return { mock, popover, tray, state };
}

/** Quits as Electron would: the app stops its timers and the core (main/index.ts `will-quit`). */
function quit(mock: typeof ElectronMock): void {
  mock.app.emit('before-quit');
  mock.app.emit('will-quit');
}

describe('as on macOS', () => {
  it('no dock icon, template tray images, no double-click delay, login items, focus on show', async () => {
    const { mock, popover, tray, state } = await bootAs('darwin');
    try {
      expect(mock.app.dock.hide).toHaveBeenCalled();
      expect(mock.app.setAppUserModelId).not.toHaveBeenCalled();
      expect(tray.image.path).toMatch(/Template\.png$/);
      expect(tray.image.isTemplateImage()).toBe(true);
      expect(tray.setIgnoreDoubleClickEvents).toHaveBeenCalledWith(true);
      expect(state()?.environment.platform).toBe('darwin');
      await mock.ipcMain.invoke('settings:update', popover.webContents, [{ launchAtLogin: true }]);
      expect(mock.app.setLoginItemSettings).toHaveBeenLastCalledWith(
        expect.objectContaining({ openAtLogin: true }),
      );
      mock.app.emit('second-instance', {}, [], '/');
      expect(popover.visible).toBe(true);
      expect(mock.app.focus).toHaveBeenCalled();
    } finally {
      quit(mock);
    }
  });

  it('unsigned: a notification macOS refuses leaves the tray icon alone, and Settings learns why', async () => {
    // Electron 42+ (UNNotification): an unsigned app's notifications emit `failed`, never `show`
    // (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb docs/breaking-changes.md L493-L499; the mock's
    // FakeNotification with codeSigned false).
    const { mock, popover, tray, state } = await bootAs('darwin');
    try {
      mock.electronMock.codeSigned = false;
      setNewHomework(fake, state()!.selectedPupilId!, 9_999_201, 'Unsigned app homework');
      const before = mock.FakeNotification.instances.length;
      await mock.ipcMain.invoke('sync:refresh', popover.webContents, []);
      await vi.waitFor(() => expect(mock.FakeNotification.instances.length).toBeGreaterThan(before), {
        timeout: 10_000,
      });
      const notice = mock.FakeNotification.instances.at(-1)!;
      await new Promise<void>((resolve) => notice.once('failed', () => setImmediate(resolve)));
      expect(tray.image.path).not.toMatch(/tray-new/);
      await vi.waitFor(() =>
        expect(state()?.environment.notifications).toEqual({
          status: 'failed',
          reason: mock.UNSIGNED_NOTIFICATION_ERROR,
        }),
      );
    } finally {
      quit(mock);
    }
  });

  it('"Launch at login" waiting for approval in System Settings stays on and says so', async () => {
    // SMAppService status `requires-approval` (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb
    // shell/common/platform_util_mac.mm L195-L209): openAtLogin is false, yet the item is registered.
    const { mock, popover, state } = await bootAs('darwin');
    try {
      mock.electronMock.macLoginItemStatusOnRegister = 'requires-approval';
      await mock.ipcMain.invoke('settings:update', popover.webContents, [{ launchAtLogin: true }]);
      await vi.waitFor(() => expect(state()?.environment.launchAtLogin).toBe('needs-approval'));
      expect(state()?.settings.launchAtLogin).toBe(true);
    } finally {
      quit(mock);
    }
  });

  it('opening the app again from Finder or Spotlight shows the popover', async () => {
    // macOS keeps one instance itself: a re-launch from Finder emits `activate` (applicationShouldHandleReopen,
    // electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb shell/browser/mac/electron_application_delegate.mm
    // L127-L132; docs/api/app.md "Event: 'activate'" and requestSingleInstanceLock), not `second-instance`.
    const { mock, popover } = await bootAs('darwin');
    try {
      popover.hide();
      mock.app.emit('activate', {}, false);
      expect(popover.visible).toBe(true);
    } finally {
      quit(mock);
    }
  });
});

describe('as on Windows', () => {
  it('an AppUserModelID for toasts, colour tray icons without a title, login items', async () => {
    const { mock, popover, tray, state } = await bootAs('win32');
    try {
      expect(mock.app.setAppUserModelId).toHaveBeenCalledWith('io.github.classchartstray');
      expect(mock.app.dock.hide).not.toHaveBeenCalled();
      expect(tray.image.path).not.toMatch(/Template/);
      expect(tray.setTitle).not.toHaveBeenCalled();
      expect(tray.setIgnoreDoubleClickEvents).not.toHaveBeenCalled();
      expect(state()?.environment.platform).toBe('win32');
      await mock.ipcMain.invoke('settings:update', popover.webContents, [{ launchAtLogin: true }]);
      // The login item starts the app quietly in the tray (environment.ts AUTOSTART_ARG).
      expect(mock.app.setLoginItemSettings).toHaveBeenLastCalledWith({
        openAtLogin: true,
        args: ['--autostart'],
      });
      expect(state()?.environment.launchAtLogin).toBe('on');
    } finally {
      quit(mock);
    }
  });

  it('a toast click waiting when the app starts opens the popover once it exists', async () => {
    // handleActivation hands an activation that came before it was registered to the callback at once
    // (electron.d.ts 45.4.1 L11263-L11266), so it must be registered after the popover exists. A login
    // start (--autostart) does not show the popover by itself: only the activation can.
    const argv = process.argv;
    process.argv = [...argv, '--autostart'];
    try {
      const { mock, popover } = await bootAs('win32', (fresh) => fresh.FakeNotification.activateCollected());
      try {
        expect(popover.visible).toBe(true);
      } finally {
        quit(mock);
      }
    } finally {
      process.argv = argv;
    }
  });

  it('a click on a toast in Action Center whose object is gone still opens the popover', async () => {
    // Notification.handleActivation (win32): every activation, also of collected toasts and cold starts
    // (electron.d.ts 45.4.1 L11255-L11274; lib/browser/api/notification.ts at electron@96f3996).
    const { mock, popover } = await bootAs('win32');
    try {
      popover.hide();
      mock.FakeNotification.activateCollected();
      expect(popover.visible).toBe(true);
    } finally {
      quit(mock);
    }
  });
});
