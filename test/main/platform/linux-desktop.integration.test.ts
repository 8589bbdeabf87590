/**
 * main/index.ts booted under the shared electron mock as on the Linux desktops users have, each in its own
 * module graph (vi.resetModules) against one fake server: what a user notices when there is no tray host
 * (stock GNOME), when the app runs as a native Wayland client, under XWayland/X11, in the tray menu, with
 * an AppImage updated under its autostart entry, and with a global shortcut on Wayland.
 *
 * What the mock models, and where it was read (test/mocks/electron.ts has the details):
 * - no StatusNotifierWatcher: the icon is never shown (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb
 *   shell/browser/ui/tray_icon_linux.cc L78-L94 falls back to an XEmbed GtkStatusIcon GNOME Shell does not show);
 * - native Wayland (Electron 38+ in a Wayland session without `--ozone-platform=x11`: docs/breaking-changes.md
 *   38.0; shell/app/electron_main_delegate.cc L325 writes the chosen platform into the command line): no
 *   positioning, no always-on-top, no focus so no blur (docs/api/browser-window.md "Platform notices",
 *   structures/base-window-options.md), cursor point {0,0} (shell/browser/api/electron_api_screen.cc L93-L97);
 * - X11: `skipTaskbar` does nothing (shell/browser/ui/native_window_views.cc L1264-L1279, Windows branch only);
 *   the window `type` becomes `_NET_WM_WINDOW_TYPE` (L384-L388), and Mutter keeps a TOOLBAR window out of the
 *   taskbar and Alt-Tab (GNOME/mutter@6b22394ef3d7717a315d2db1178a0cc0f1637a70 src/core/window.c
 *   `meta_window_recalc_skip_features`);
 * - Wayland global shortcuts go through a portal that may refuse silently while `register()` returns true
 *   (docs/api/global-shortcut.md "Usage on Linux" at electron@96f3996).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppState } from '../../../common/contract';
import { startFakeClassCharts, type FakeClassCharts } from '../../../dev/fake-classcharts/index';
import type * as ElectronMock from '../../mocks/electron';
import type { EmulatedRequestOptions } from '../../mocks/net-request';

vi.mock('electron', () => import('../../mocks/electron'));

const APP_ID = 'io.github.classchartstray';
let fake: FakeClassCharts;
const savedEnv = { ...process.env };
const savedArgv = [...process.argv];
const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
let xdg = '';
let running: typeof ElectronMock | null = null;

beforeAll(async () => {
  fake = await startFakeClassCharts({ port: 0 });
});
afterEach(() => {
  if (running) {
    running.app.emit('before-quit');
    running.app.emit('will-quit');
    running = null;
  }
  Object.defineProperty(process, 'platform', platform);
  process.env = { ...savedEnv };
  process.argv = [...savedArgv];
  if (xdg) rmSync(xdg, { recursive: true, force: true });
});
afterAll(async () => {
  await fake.close();
});

interface BootOptions {
  /** Knobs set on the mock before main starts. */
  knobs?: Partial<typeof ElectronMock.electronMock>;
  /** Arguments after the app path (`--autostart` for a login-time start). */
  args?: string[];
  /** Extra environment (XDG_SESSION_TYPE, APPIMAGE…). */
  env?: Record<string, string>;
  /** Runs once XDG_CONFIG_HOME exists, before main starts (to leave an autostart entry there). */
  before?: (xdgConfigHome: string) => void;
}

/** Boots main/index.ts as on Linux with the given desktop; resolves once the tray says signed out. */
async function bootLinux(options: BootOptions = {}) {
  Object.defineProperty(process, 'platform', { ...platform, value: 'linux' });
  vi.resetModules();
  const mock = (await import('electron')) as unknown as typeof ElectronMock;
  mock.resetElectronMock();
  Object.assign(mock.electronMock, options.knobs ?? {});
  mock.net.request.mockImplementation((o: unknown) => mock.emulatedNetRequest(o as EmulatedRequestOptions));
  xdg = mkdtempSync(join(tmpdir(), 'cct-xdg-linux-'));
  options.before?.(xdg);
  Object.assign(process.env, {
    CLASSCHARTS_BASE_URL: fake.url,
    CLASSCHARTS_DEMO: '1',
    XDG_CONFIG_HOME: xdg,
    ...options.env,
  });
  process.argv = [process.argv[0]!, '/opt/ClassCharts Tray/resources/app.asar', ...(options.args ?? [])];
  running = mock;
  await import('../../../main/index');
  await vi.waitFor(() => expect(mock.ipcMain.handlers.size).toBeGreaterThan(0), { timeout: 10_000 });
  const tray = mock.FakeTray.instances[0]!;
  await vi.waitFor(() => expect(tray.tooltip).toContain('Signed out'), { timeout: 10_000 });
  const popover = mock.FakeBrowserWindow.instances[0]!;
  // The page has loaded (Electron's loadFile resolves on did-finish-load).
  await popover.loadFile.mock.results[0]?.value;
  const invoke = (channel: string, ...args: unknown[]) =>
    mock.ipcMain.invoke(channel, popover.webContents, args);
  // What the popover shows when opened (main sends a hidden popover no state: ipc.ts forwardEvents).
  const state = async () => (await invoke('state:get')) as AppState;
  return { mock, tray, popover, invoke, state };
}

const WAYLAND_ENV = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' };
const NO_BOUNDS = { x: 0, y: 0, width: 0, height: 0 };

describe('no tray host (stock GNOME without the AppIndicator extension)', () => {
  it('started by the user, the popover opens by itself once its page has loaded', async () => {
    const { tray, popover } = await bootLinux({ knobs: { trayHost: false } });
    expect(tray.isShownToUser()).toBe(false); // nothing to click
    await vi.waitFor(() => expect(popover.visible).toBe(true));
  });

  it('started at login (--autostart), it stays quiet in the tray', async () => {
    const { popover } = await bootLinux({ knobs: { trayHost: false }, args: ['--autostart'] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(popover.visible).toBe(false);
  });
});

describe('native Wayland (no --ozone-platform=x11)', () => {
  it('the popover is an ordinary framed, movable window that the tray, Escape and its close button hide', async () => {
    const { tray, popover, invoke } = await bootLinux({
      knobs: { sessionType: 'wayland' },
      env: WAYLAND_ENV,
      args: ['--autostart'],
    });
    tray.emit('click', {}, NO_BOUNDS);
    expect(popover.visible).toBe(true);
    // A title bar with a close button, movable: the compositor places it, the user can move it.
    expect(popover.options).toMatchObject({ frame: true, movable: true });
    expect(popover.isKeptOnTop()).toBe(false);
    expect(popover.setBounds).not.toHaveBeenCalled();
    expect(popover.removeMenu).toHaveBeenCalled(); // no default menu bar under the title bar
    // It never had focus to lose (so no blur will hide it): the tray click closes it instead.
    tray.emit('click', {}, NO_BOUNDS);
    expect(popover.visible).toBe(false);
    tray.emit('click', {}, NO_BOUNDS);
    await invoke('popover:hide'); // Escape
    expect(popover.visible).toBe(false);
    tray.emit('click', {}, NO_BOUNDS);
    let prevented = false;
    popover.emit('close', { preventDefault: () => (prevented = true) }); // its close button
    expect([prevented, popover.visible]).toEqual([true, false]);
  });

  it('a global shortcut is "requested" (the desktop must approve it), never claimed as working', async () => {
    const { mock, invoke, state } = await bootLinux({
      knobs: { sessionType: 'wayland' },
      env: WAYLAND_ENV,
      args: ['--autostart'],
    });
    await invoke('settings:update', { shortcut: 'CommandOrControl+Shift+K' });
    expect(mock.globalShortcut.trigger('CommandOrControl+Shift+K')).toBe(false); // refused, silently
    expect((await state()).environment.shortcut).toBe('requested');
  });
});

describe('X11, or Wayland through XWayland (--ozone-platform=x11)', () => {
  it('the frameless popover opens at the tray click and stays out of the taskbar and Alt-Tab', async () => {
    const { mock, tray, popover } = await bootLinux({
      knobs: { sessionType: 'wayland', ozonePlatformArg: 'x11', cursor: { x: 1800, y: 10 } },
      env: WAYLAND_ENV,
      args: ['--autostart'],
    });
    tray.emit('click', {}, NO_BOUNDS);
    expect(popover.visible).toBe(true);
    expect(popover.options.frame).toBe(false);
    expect(popover.isKeptOnTop()).toBe(true);
    expect(popover.isInTaskbar()).toBe(false);
    expect(popover.bounds.x + popover.bounds.width).toBeGreaterThan(1700); // next to the cursor
    popover.blur();
    expect(popover.visible).toBe(false);
    expect(mock.screen.getCursorScreenPoint).toHaveBeenCalled();
  });

  // Under XWayland an X11 key grab fires only while an X11 window has the focus (electron/electron#15863,
  // #42573; CherryHQ/cherry-studio#20524): register() says true, so the status must not claim it works.
  it('in a Wayland session a global shortcut is "requested", not "active", also under XWayland', async () => {
    const wayland = await bootLinux({
      knobs: { sessionType: 'wayland', ozonePlatformArg: 'x11' },
      env: WAYLAND_ENV,
      args: ['--autostart'],
    });
    await wayland.invoke('settings:update', { shortcut: 'CommandOrControl+Shift+K' });
    expect(wayland.mock.globalShortcut.trigger('CommandOrControl+Shift+K')).toBe(false);
    expect((await wayland.state()).environment.shortcut).toBe('requested');
  });

  it('on an X11 session a global shortcut is "active"', async () => {
    const x11 = await bootLinux({
      env: { XDG_SESSION_TYPE: 'x11', WAYLAND_DISPLAY: '', DISPLAY: ':0' },
      args: ['--autostart'],
    });
    await x11.invoke('settings:update', { shortcut: 'CommandOrControl+Shift+K' });
    expect(x11.mock.globalShortcut.trigger('CommandOrControl+Shift+K')).toBe(true);
    expect((await x11.state()).environment.shortcut).toBe('active');
  });
});

describe('the Linux tray menu', () => {
  it('starts with the next lesson (a label, since GNOME shows no tooltip), then Open', async () => {
    const { tray, invoke } = await bootLinux({ args: ['--autostart'] });
    expect(await invoke('auth:login', { kind: 'demo', as: 'student' })).toEqual({ ok: true });
    await vi.waitFor(() => expect(tray.tooltip).not.toContain('Signed out'), { timeout: 10_000 });
    const [first, second] = tray.contextMenu!.items;
    expect(first?.enabled).toBe(false);
    expect(tray.tooltip.split('\n')).toContain(first?.label);
    expect(second?.label).toBe('Open');
  });
});

describe('AppImage autostart entry', () => {
  const entryWith = (exec: string, extra = '') =>
    `[Desktop Entry]\nType=Application\nName=ClassCharts Tray\nExec=${exec}\n${extra}X-GNOME-Autostart-enabled=true\n`;
  const file = () => join(xdg, 'autostart', `${APP_ID}.desktop`);
  const leave = (content: string) => (config: string) => {
    mkdirSync(join(config, 'autostart'), { recursive: true });
    writeFileSync(join(config, 'autostart', `${APP_ID}.desktop`), content);
  };

  it('an entry left by the previous version now starts the current AppImage', async () => {
    const { state } = await bootLinux({
      env: { APPIMAGE: '/home/pupil/Apps/classcharts-tray-0.2.0-linux-x86_64.AppImage' },
      args: ['--autostart'],
      knobs: { isPackaged: true }, // an AppImage is a packaged app (a checkout never repoints the entry)
      before: leave(entryWith('/home/pupil/Apps/classcharts-tray-0.1.0-linux-x86_64.AppImage')),
    });
    expect(readFileSync(file(), 'utf8')).toMatch(
      /^Exec=\/home\/pupil\/Apps\/classcharts-tray-0\.2\.0-linux-x86_64\.AppImage --ozone-platform=x11 --autostart$/m,
    );
    expect((await state()).settings.launchAtLogin).toBe(true);
  });

  it('an entry the user turned off in their desktop settings is left alone', async () => {
    const off = entryWith('/home/pupil/Apps/classcharts-tray-0.1.0-linux-x86_64.AppImage', 'Hidden=true\n');
    await bootLinux({
      env: { APPIMAGE: '/home/pupil/Apps/classcharts-tray-0.2.0-linux-x86_64.AppImage' },
      args: ['--autostart'],
      knobs: { isPackaged: true },
      before: leave(off),
    });
    expect(readFileSync(file(), 'utf8')).toBe(off);
  });
});
