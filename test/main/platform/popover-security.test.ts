import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../../mocks/electron'));

const electron = await import('../../mocks/electron');
const {
  BrowserWindow,
  FakeBrowserWindow,
  FakeWebContents,
  electronMock,
  resetElectronMock,
  screen,
  session,
  shell,
} = electron;
const {
  BLUR_CLICK_GRACE_MS,
  POPOVER_SIZE,
  createPopover,
  isRendererUrl,
  popoverWindowOptions,
  rendererLocation,
} = await import('../../../main/platform/popover');
const { hardenSession, hardenWebContents } = await import('../../../main/platform/security');

const OUT = join(process.cwd(), 'out');
const FILE = rendererLocation({ env: {}, isPackaged: true, outDir: OUT });

function makePopover(overrides: { now?: () => number; quitting?: boolean; focusApp?: () => void } = {}) {
  const onShown = vi.fn();
  const popover = createPopover({
    BrowserWindow: BrowserWindow as never,
    screen: screen as never,
    location: FILE,
    preload: join(OUT, 'preload/index.cjs'),
    platform: 'linux',
    devTools: false,
    backgroundColor: '#ffffff',
    now: overrides.now ?? (() => 1_000_000),
    onShown,
    isQuitting: () => overrides.quitting ?? false,
    ...(overrides.focusApp ? { focusApp: overrides.focusApp } : {}),
  });
  const window = FakeBrowserWindow.instances.at(-1)!;
  return { popover, window, onShown };
}

beforeEach(() => resetElectronMock());

describe('popover window', () => {
  it('is created hidden, frameless, about 380×560, and starts loading the built renderer', () => {
    const { window } = makePopover();
    expect(window.options).toMatchObject({
      show: false,
      frame: false,
      resizable: false,
      skipTaskbar: true,
      ...POPOVER_SIZE,
    });
    expect(window.visible).toBe(false);
    expect(window.loadFile).toHaveBeenCalledWith(join(OUT, 'renderer', 'index.html'));
  });

  it('is a toolbar window on Linux only (skipTaskbar does nothing there; on Windows toolbar changes the style)', () => {
    // electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb shell/browser/native_window_views.cc: SetSkipTaskbar
    // has a Windows body only (L1264-L1279); `type` becomes _NET_WM_WINDOW_TYPE on X11 (L384-L388) and
    // WS_EX_TOOLWINDOW for 'toolbar' on Windows (L417-L418).
    const base = { preload: '/p.cjs', devTools: false, backgroundColor: '#fff' };
    expect(popoverWindowOptions({ ...base, platform: 'linux' }).type).toBe('toolbar');
    expect(popoverWindowOptions({ ...base, platform: 'win32' }).type).toBeUndefined();
    expect(popoverWindowOptions({ ...base, platform: 'darwin' }).type).toBeUndefined();
    expect(popoverWindowOptions({ ...base, platform: 'linux', style: 'window' }).type).toBeUndefined();
    // The plain-window style (native Wayland) keeps every security option.
    expect(popoverWindowOptions({ ...base, style: 'window' }).webPreferences).toEqual(
      popoverWindowOptions(base).webPreferences,
    );
    const { window } = makePopover();
    window.show();
    expect(window.isInTaskbar()).toBe(false);
  });

  it('has the security options: context isolation, sandbox, no Node, web security, no webview', () => {
    const { window } = makePopover();
    expect(window.options.webPreferences).toMatchObject({
      preload: join(OUT, 'preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
  });

  it('shows next to the tray icon, clamped to the work area, and reports that it was shown', () => {
    electronMock.displays = [
      {
        id: 1,
        bounds: { x: 0, y: 0, width: 1920, height: 1080 },
        workArea: { x: 0, y: 0, width: 1920, height: 1040 },
        scaleFactor: 1,
      },
    ];
    const { popover, window, onShown } = makePopover();
    popover.showAt({ x: 1900, y: 1044, width: 20, height: 32 });
    expect(window.visible).toBe(true);
    expect(window.bounds).toEqual({ x: 1920 - 380, y: 1040 - 560 - 6, width: 380, height: 560 });
    expect(onShown).toHaveBeenCalledTimes(1);
  });

  it('opens on the display that holds the tray, not the primary one', () => {
    electronMock.displays = [
      {
        id: 1,
        bounds: { x: 0, y: 0, width: 1920, height: 1080 },
        workArea: { x: 0, y: 0, width: 1920, height: 1040 },
        scaleFactor: 1,
      },
      {
        id: 2,
        bounds: { x: 1920, y: 0, width: 2560, height: 1440 },
        workArea: { x: 1920, y: 25, width: 2560, height: 1415 },
        scaleFactor: 2,
      },
    ];
    const { popover, window } = makePopover();
    popover.showAt({ x: 4000, y: 0, width: 22, height: 24 });
    expect(window.bounds.x).toBeGreaterThanOrEqual(1920);
    expect(window.bounds.y).toBe(25 + 6);
  });

  it('brings the app forward before taking focus when asked (macOS shortcut from another app)', () => {
    const focusApp = vi.fn();
    const { popover, window } = makePopover({ focusApp });
    popover.showAt(null);
    expect(focusApp).toHaveBeenCalledTimes(1);
    expect(window.focused).toBe(true);
  });

  it('hides when it loses focus', () => {
    const { popover, window } = makePopover();
    popover.showAt(null);
    window.blur();
    expect(window.visible).toBe(false);
  });

  it('a tray click that caused the blur does not reopen it; a later click does', () => {
    let now = 1_000_000;
    const { popover, window } = makePopover({ now: () => now });
    popover.showAt(null);
    window.blur();
    now += 50;
    popover.toggle(null);
    expect(window.visible).toBe(false);
    now += BLUR_CLICK_GRACE_MS + 1;
    popover.toggle(null);
    expect(window.visible).toBe(true);
    popover.toggle(null);
    expect(window.visible).toBe(false);
  });

  it('closing (Alt+F4) only hides it unless the app is quitting', () => {
    const { popover, window } = makePopover();
    popover.showAt(null);
    let prevented = false;
    window.emit('close', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(window.visible).toBe(false);

    const quitting = makePopover({ quitting: true });
    let preventedWhileQuitting = false;
    quitting.window.emit('close', { preventDefault: () => (preventedWhileQuitting = true) });
    expect(preventedWhileQuitting).toBe(false);
  });

  it('sends events only while the window exists', () => {
    const { popover, window } = makePopover();
    popover.send('ui:navigate', { view: 'settings' });
    expect(window.webContents.send).toHaveBeenCalledWith('ui:navigate', { view: 'settings' });
    window.destroy();
    popover.send('ui:navigate', { view: 'today' });
    expect(window.webContents.send).toHaveBeenCalledTimes(1);
  });
});

describe('renderer location', () => {
  it('uses the electron-vite dev server only when not packaged and on this machine', () => {
    expect(
      rendererLocation({
        env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' },
        isPackaged: false,
        outDir: OUT,
      }),
    ).toEqual({
      kind: 'url',
      url: 'http://localhost:5173/',
    });
    expect(
      rendererLocation({
        env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' },
        isPackaged: true,
        outDir: OUT,
      }).kind,
    ).toBe('file');
    expect(
      rendererLocation({
        env: { ELECTRON_RENDERER_URL: 'https://evil.example' },
        isPackaged: false,
        outDir: OUT,
      }).kind,
    ).toBe('file');
  });

  it('recognises its own page (with a hash) and nothing else', () => {
    const own = pathToFileURL(join(OUT, 'renderer', 'index.html')).href;
    expect(isRendererUrl(own, FILE)).toBe(true);
    expect(isRendererUrl(`${own}#/settings`, FILE)).toBe(true);
    expect(isRendererUrl(pathToFileURL('/etc/passwd').href, FILE)).toBe(false);
    expect(isRendererUrl('https://www.classcharts.com/', FILE)).toBe(false);
    expect(isRendererUrl('not a url', FILE)).toBe(false);
  });
});

describe('web contents hardening', () => {
  function harden() {
    const contents = new FakeWebContents();
    hardenWebContents(contents as never, {
      openExternal: shell.openExternal,
      isAppUrl: (url) => isRendererUrl(url, FILE),
    });
    return contents;
  }

  it('denies new windows and hands http(s) links to the default browser', () => {
    const contents = harden();
    expect(contents.windowOpenHandler!({ url: 'https://www.classcharts.com/homework/1' })).toEqual({
      action: 'deny',
    });
    expect(shell.openExternal).toHaveBeenCalledWith('https://www.classcharts.com/homework/1');
  });

  it('never opens file:, javascript: or custom-scheme links', () => {
    const contents = harden();
    const refused = [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://server/share',
      'ms-settings:privacy',
      'https://user:pw@example.com/',
    ];
    for (const url of refused) {
      expect(contents.windowOpenHandler!({ url })).toEqual({ action: 'deny' });
    }
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('blocks navigation away from the app page', () => {
    const contents = harden();
    expect(contents.navigate('https://evil.example/')).toBe(true);
    expect(contents.navigate(pathToFileURL('/etc/passwd').href)).toBe(true);
    expect(contents.navigate(`${pathToFileURL(join(OUT, 'renderer', 'index.html')).href}#x`)).toBe(false);
  });

  it('refuses <webview> attachment', () => {
    const contents = harden();
    let prevented = false;
    contents.emit('will-attach-webview', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });

  it('denies every permission request and check', () => {
    const ses = session.defaultSession;
    hardenSession(ses as never);
    const callback = vi.fn();
    ses.permissionRequestHandler!({}, 'media', callback, {});
    ses.permissionRequestHandler!({}, 'notifications', callback, {});
    expect(callback.mock.calls).toEqual([[false], [false]]);
    expect(ses.permissionCheckHandler!(null, 'geolocation', 'file://', {})).toBe(false);
    expect(ses.devicePermissionHandler!({})).toBe(false);
  });
});
