/**
 * THE shared `electron` mock for every glue test (the real module would try to download the Electron
 * binary, which cannot work here: docs/toolchain.md "Electron under Node"). Use it with
 *
 *   vi.mock('electron', () => import('../mocks/electron'));
 *
 * and call `resetElectronMock()` in `beforeEach`. It offers the named exports and a `default` (what
 * electron-store imports). Fakes keep what the code under test did (window options, tray title, handlers,
 * notifications) and let a test play the user or the OS (click the tray, emit `suspend`, invoke a channel
 * from a renderer). Knobs for a test live on `electronMock` (platform-like facts: keychain, displays,
 * single-instance lock, online). Only the API surface the glue uses is modelled.
 */
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync } from 'node:fs';
import { Module, createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { vi } from 'vitest';
import { tempFolder } from '../support/temp-folders';
import { EmulatedCookies } from './net-request';

/**
 * Test helper (not an Electron export): the `net.request` emulation of the same module graph as this
 * mock, whose cookie jars are the ones this mock's sessions hold — for tests that boot main/index.ts
 * again after `vi.resetModules()`.
 */
export { emulatedNetRequest } from './net-request';

/** A rectangle in DIP (Electron `Rectangle`). */
export interface FakeRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A display as Electron's `screen` reports it (the fields the glue reads). */
export interface FakeDisplay {
  id: number;
  bounds: FakeRect;
  workArea: FakeRect;
  scaleFactor: number;
}

/** What a test can set before (or while) the code under test runs. Reset by `resetElectronMock()`. */
export const electronMock = {
  /** `safeStorage.isAsyncEncryptionAvailable()` resolves to this. */
  encryptionAvailable: true,
  /**
   * `safeStorage.getSelectedStorageBackend()` (Linux): picked once from the desktop's name
   * (`XDG_CURRENT_DESKTOP`), NOT from whether a keyring runs — see `keyring`.
   */
  storageBackend: 'gnome_libsecret' as
    'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown',
  /**
   * Linux: what the Secret Service (gnome-keyring, KWallet) did for this run. `open`: it gave its key, so
   * safeStorage encrypts with it (tag `v11`). `locked` (still locked at login, unlock prompt dismissed) and
   * `none` (no keyring running): its key is missing, so new ciphertext falls back to the fixed public key
   * (tag `v10`) and a `v11` ciphertext is "temporarily unavailable". Sources: electron/electron@96f3996d
   * shell/browser/browser_process_impl.cc (Linux providers: SecretPortal 15, Freedesktop 10, Posix 5),
   * shell/browser/api/electron_api_safe_storage.cc (the two rejection messages); Chromium
   * components/os_crypt/async/common/encryptor.cc (`temporarily_unavailable` when the tag's key is absent).
   */
  keyring: 'open' as 'open' | 'locked' | 'none',
  /** `decryptStringAsync` reports `shouldReEncrypt` (the OS rotated its key) even when nothing else would. */
  shouldReEncrypt: false,
  /** `app.requestSingleInstanceLock()` returns this. */
  singleInstanceLock: true,
  /** `app.isPackaged`. */
  isPackaged: false,
  /**
   * `app.getPath('userData')`: a fresh folder per reset, `userData` in a temporary folder of its own that
   * also takes the siblings main makes (`userData (demo)`); removed after the test file
   * (test/support/temp-folders.ts).
   */
  userData: '',
  /** `screen.getAllDisplays()`; the first is the primary display. */
  displays: [
    {
      id: 1,
      bounds: { x: 0, y: 0, width: 1920, height: 1080 },
      workArea: { x: 0, y: 0, width: 1920, height: 1040 },
      scaleFactor: 1,
    },
  ] as FakeDisplay[],
  /** `screen.getCursorScreenPoint()`. */
  cursor: { x: 100, y: 100 },
  /** `net.isOnline()`. */
  online: true,
  /** Accelerators `globalShortcut.register` refuses (taken by another app). */
  takenShortcuts: new Set<string>(),
  /** `Notification.isSupported()`. */
  notificationsSupported: true,
  /**
   * Linux: the kind of desktop session (`XDG_SESSION_TYPE`). With `'wayland'` and no
   * `--ozone-platform=x11`, Electron 38+ runs as a native Wayland client ({@link nativeWayland}).
   */
  sessionType: 'x11' as 'x11' | 'wayland',
  /** Linux: the `--ozone-platform` switch the app was started with (`''`: none given). */
  ozonePlatformArg: '' as '' | 'x11' | 'wayland',
  /**
   * Linux: a StatusNotifierWatcher (tray host) runs on the session bus. Without one (stock GNOME without
   * the AppIndicator extension) the tray icon exists for the app but is never shown, so never clicked.
   */
  trayHost: true,
  /**
   * Native Wayland only: the desktop's GlobalShortcuts portal approved the app's shortcut. `register()`
   * returns true either way; a refused shortcut just never fires.
   */
  shortcutPortalApproves: false,
  /**
   * A Wayland session running the app under XWayland (`--ozone-platform=x11`): the compositor passes keys
   * to an X11 key grab only while an X11 window has the focus, so `register()` says true and the shortcut
   * fires from few apps or none (electron/electron#15863 GNOME, #42573 Kubuntu; CherryHQ/cherry-studio#20524:
   * "`--ozone-platform=x11` (XWayland): `register()` true, callback fires on key press: no"). True plays a
   * desktop that passes them anyway (KDE's "Legacy X11 app support" set to allow them).
   */
  xwaylandShortcutsReachApp: false,
  /**
   * The platform the fakes behave as (notification timing, login items, `Notification.handleActivation`):
   * `process.platform` when the mock is reset, so a test that fakes `process.platform` first gets both.
   */
  platform: process.platform as NodeJS.Platform,
  /**
   * The app bundle is code-signed. macOS shows notifications only from a signed app since Electron 42
   * (UNNotification): an unsigned one's notifications emit `failed` instead of `show`
   * (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb docs/breaking-changes.md "42.0", docs/api/notification.md).
   */
  codeSigned: true,
  /**
   * macOS, a signed app: signed ad hoc (no Developer ID), whose designated requirement is its own cdhash,
   * so Squirrel.Mac rejects every update (electron-userland/electron-builder#1098, #4166: "Code signature
   * at URL … did not pass validation: code failed to satisfy specified code requirement(s)").
   */
  adHocSigned: false,
  /**
   * macOS: the SMAppService status `setLoginItemSettings({ openAtLogin: true })` leaves (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb
   * shell/common/platform_util_mac.mm `SetLoginItemEnabled` registers the main app service and only logs
   * a failure). `requires-approval`: the user must allow it in System Settings › General › Login Items;
   * `not-found`: macOS could not find the app's service (e.g. an unsigned or moved app).
   */
  macLoginItemStatusOnRegister: 'enabled' as 'enabled' | 'requires-approval' | 'not-found',
  /**
   * Windows: the user disabled the app in Task Manager › Startup apps (the StartupApproved\\Run value is no
   * longer 00/02…): the Run entry stays, but the app is not started at login (browser_win.cc).
   */
  windowsStartupDisabled: false,
};

/**
 * The Ozone platform Electron ends up with on Linux, as `app.commandLine.getSwitchValue('ozone-platform')`
 * reports it: the switch given, else `wayland` in a Wayland session and `x11` otherwise — Electron's
 * browser process writes the choice into its own command line (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb
 * shell/app/electron_main_delegate.cc L325 `ui::SetOzonePlatformForLinuxIfNeeded(*command_line)`;
 * Chromium ui/linux/display_server_utils.cc appends `wayland` when XDG_SESSION_TYPE is `wayland`, else `x11`;
 * docs/breaking-changes.md 38.0). `''` off Linux.
 */
export function ozonePlatform(): '' | 'x11' | 'wayland' {
  if (process.platform !== 'linux') return '';
  return electronMock.ozonePlatformArg || (electronMock.sessionType === 'wayland' ? 'wayland' : 'x11');
}

/**
 * True when the app runs as a native Wayland client. Then (docs/api/browser-window.md "Platform notices"
 * and structures/base-window-options.md at electron@96f3996): windows cannot be positioned (`setPosition`,
 * `setBounds` x/y ignored), `alwaysOnTop` is not supported, `focus()` does not take focus (the compositor
 * may flash the app instead) — so no `blur` ever follows — and `screen.getCursorScreenPoint()` returns
 * {0,0} (shell/browser/api/electron_api_screen.cc L93-L97: `if (x11_util::IsWayland()) return {};`).
 */
export function nativeWayland(): boolean {
  return ozonePlatform() === 'wayland';
}

/**
 * Linux X11 window types (`type` option → `_NET_WM_WINDOW_TYPE`, native_window_views.cc L384-L388) that
 * Mutter keeps out of the taskbar and Alt-Tab (GNOME/mutter@6b22394ef3d7717a315d2db1178a0cc0f1637a70
 * src/core/window.c `meta_window_recalc_skip_features`: desktop, dock, toolbar, menu, utility, splashscreen,
 * notification… force skip_taskbar and skip_pager). `skipTaskbar` itself does nothing on Linux
 * (native_window_views.cc L1264-L1279 `SetSkipTaskbar` has only a Windows branch).
 */
const LINUX_TYPES_OFF_TASKBAR = new Set([
  'desktop',
  'dock',
  'toolbar',
  'menu',
  'utility',
  'splash',
  'notification',
]);

/**
 * The `failed` error of an unsigned macOS app's notification. Electron passes the NSError's
 * localizedDescription (shell/browser/notifications/mac/cocoa_notification.mm L202-L216); this wording is
 * the mock's own (what UNErrorCodeNotificationsNotAllowed says, unverified): the app must not depend on it.
 */
export const UNSIGNED_NOTIFICATION_ERROR = 'Notifications are not allowed for this application';

let nextWebContentsId = 1;

/** Electron's AppUserModelID on Windows before `setAppUserModelId`: `electron.app.` + the product name. */
const DEFAULT_APP_USER_MODEL_ID = 'electron.app.ClassCharts Tray';

/** A fake `WebFrameMain`: only what a sender check reads. */
export class FakeWebFrame {
  constructor(
    public url: string,
    public parent: FakeWebFrame | null = null,
  ) {}
}

/**
 * A fake `Session`: records the permission handlers so tests can call them, the partition and options it
 * was made with (`session.fromPartition`), and has an in-memory cookie store that the `net.request`
 * emulation (test/mocks/net-request.ts) fills and reads.
 */
export class FakeSession {
  constructor(
    readonly partition = '',
    readonly options: { cache?: boolean } = {},
  ) {}
  readonly cookies = new EmulatedCookies();
  permissionRequestHandler: ((...args: unknown[]) => void) | null = null;
  permissionCheckHandler: ((...args: unknown[]) => boolean) | null = null;
  devicePermissionHandler: ((...args: unknown[]) => boolean) | null = null;
  displayMediaRequestHandler: ((...args: unknown[]) => void) | null = null;
  setPermissionRequestHandler = vi.fn((handler: ((...args: unknown[]) => void) | null) => {
    this.permissionRequestHandler = handler;
  });
  setPermissionCheckHandler = vi.fn((handler: ((...args: unknown[]) => boolean) | null) => {
    this.permissionCheckHandler = handler;
  });
  setDevicePermissionHandler = vi.fn((handler: ((...args: unknown[]) => boolean) | null) => {
    this.devicePermissionHandler = handler;
  });
  setDisplayMediaRequestHandler = vi.fn((handler: ((...args: unknown[]) => void) | null) => {
    this.displayMediaRequestHandler = handler;
  });
}

/** A fake `WebContents`: an EventEmitter that records `send` and the window-open handler. */
export class FakeWebContents extends EventEmitter {
  readonly id = nextWebContentsId++;
  readonly session = new FakeSession();
  mainFrame = new FakeWebFrame('about:blank');
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null;
  destroyed = false;
  send = vi.fn((_channel: string, ..._args: unknown[]) => undefined);
  setWindowOpenHandler = vi.fn((handler: (details: { url: string }) => { action: 'allow' | 'deny' }) => {
    this.windowOpenHandler = handler;
  });
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getURL(): string {
    return this.mainFrame.url;
  }
  openDevTools = vi.fn<(options?: { mode?: string; activate?: boolean }) => void>();
  /** Test helper: emits `will-navigate` like Electron 45 (details event first) and says if it was prevented. */
  navigate(url: string): boolean {
    let prevented = false;
    const event = { url, isMainFrame: true, preventDefault: () => (prevented = true) };
    this.emit('will-navigate', event, url);
    return prevented;
  }
}

/** A fake `BrowserWindow`: keeps its options, bounds and visibility. */
export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  bounds: FakeRect;
  visible = false;
  focused = false;
  destroyed = false;
  loaded: { file?: string; url?: string } = {};
  constructor(public readonly options: Record<string, unknown> = {}) {
    super();
    this.bounds = {
      x: 0,
      y: 0,
      width: Number(options.width ?? 800),
      height: Number(options.height ?? 600),
    };
    this.visible = options.show !== false;
    FakeBrowserWindow.instances.push(this);
  }
  /**
   * Loads `file` as Electron does (`loadURL` of a file: URL made from the path, lib/browser/api/web-contents.ts
   * `loadFile` at electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb): the main frame's URL is the URL as
   * Chromium canonicalises it. A Windows path (`c:\…`) becomes `file:///C:/…` with the drive letter upper-cased
   * (Chromium url/url_canon_fileurl.cc `FileDoDriveSpec`: "Normalize Windows drive letters to uppercase"),
   * the rest of the path keeping its case, percent-encoded.
   */
  loadFile = vi.fn(async (file: string) => {
    this.loaded = { file };
    const url = /^[a-zA-Z]:[\\/]/.test(file)
      ? pathToFileURL(file, { windows: true }).href.replace(
          /^file:\/\/\/([a-z]):/,
          (_, d: string) => `file:///${d.toUpperCase()}:`,
        )
      : `file://${file}`;
    this.webContents.mainFrame = new FakeWebFrame(url);
  });
  loadURL = vi.fn(async (url: string) => {
    this.loaded = { url };
    this.webContents.mainFrame = new FakeWebFrame(url);
  });
  /** Shows and (except on native Wayland, where the compositor decides) activates the window. */
  show = vi.fn(() => {
    this.visible = true;
    if (!nativeWayland()) this.focused = true;
    this.emit('show');
  });
  hide = vi.fn(() => {
    if (!this.visible) return;
    this.visible = false;
    this.emit('hide');
  });
  /** Takes focus; on native Wayland a client cannot (nothing happens, so no `blur` follows later). */
  focus = vi.fn(() => {
    if (!nativeWayland()) this.focused = true;
  });
  isVisible(): boolean {
    return this.visible;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy = vi.fn(() => {
    this.destroyed = true;
    this.emit('closed');
  });
  /**
   * Closes as the user or the OS asks to (docs/api/browser-window.md `win.close()`): emits `close` with an
   * event whose `preventDefault()` keeps the window; otherwise it is destroyed (`closed`).
   */
  close = vi.fn(() => {
    if (this.destroyed) return;
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) this.destroy();
  });
  getBounds(): FakeRect {
    return { ...this.bounds };
  }
  getSize(): [number, number] {
    return [this.bounds.width, this.bounds.height];
  }
  /** Moves and sizes the window; on native Wayland only the size applies (the compositor places it). */
  setBounds = vi.fn((bounds: Partial<FakeRect>) => {
    const { x, y, ...size } = bounds;
    this.bounds = nativeWayland()
      ? { ...this.bounds, ...size }
      : { ...this.bounds, ...size, ...pick({ x, y }) };
  });
  /** Moves the window; ignored on native Wayland ("Not supported on Wayland"). */
  setPosition = vi.fn((x: number, y: number) => {
    if (!nativeWayland()) this.bounds = { ...this.bounds, x, y };
  });
  setVisibleOnAllWorkspaces = vi.fn<(visible: boolean, options?: Record<string, unknown>) => void>();
  setAlwaysOnTop = vi.fn<(flag: boolean, level?: string, relativeLevel?: number) => void>();
  setMenuBarVisibility = vi.fn<(visible: boolean) => void>();
  removeMenu = vi.fn<() => void>();
  /** Test helper: the window loses focus (user clicked elsewhere) — only if it had focus to lose. */
  blur(): void {
    if (!this.focused) return;
    this.focused = false;
    this.emit('blur');
  }
  /** Test helper: the window is kept above others (`alwaysOnTop`; not supported on native Wayland). */
  isKeptOnTop(): boolean {
    const asked = this.setAlwaysOnTop.mock.calls.at(-1)?.[0] ?? this.options.alwaysOnTop;
    return Boolean(asked) && !nativeWayland();
  }
  /**
   * Test helper: the shown window has an entry in the taskbar (and Alt-Tab). Windows/macOS: unless
   * `skipTaskbar`. Linux: `skipTaskbar` is ignored; on X11 the window `type` decides
   * ({@link LINUX_TYPES_OFF_TASKBAR}); on native Wayland `type` is not applied (X11 only) so it always has one.
   */
  isInTaskbar(): boolean {
    if (!this.visible) return false;
    if (process.platform !== 'linux') return !this.options.skipTaskbar;
    if (nativeWayland()) return true;
    return !LINUX_TYPES_OFF_TASKBAR.has(String(this.options.type ?? ''));
  }
}

/** The defined fields of a partial point (`setBounds` may move along one axis only). */
function pick(point: { x: number | undefined; y: number | undefined }): Partial<FakeRect> {
  return Object.fromEntries(Object.entries(point).filter(([, v]) => v !== undefined));
}

/** A fake `NativeImage` that remembers the file it came from. */
export class FakeNativeImage {
  template = false;
  constructor(public readonly path: string) {}
  setTemplateImage = vi.fn((template: boolean) => {
    this.template = template;
  });
  isTemplateImage(): boolean {
    return this.template;
  }
  isEmpty(): boolean {
    return this.path === '';
  }
}

/** `nativeImage` module fake. */
export const nativeImage = {
  createFromPath: vi.fn((path: string) => new FakeNativeImage(path)),
  createEmpty: vi.fn(() => new FakeNativeImage('')),
};

/** A menu item as the fake Menu keeps it: the constructor options plus the resolved sub-menu. */
export interface FakeMenuItem {
  label?: string;
  type?: string;
  checked?: boolean;
  enabled?: boolean;
  visible?: boolean;
  role?: string;
  click?: (...args: unknown[]) => void;
  submenu?: FakeMenu;
}

/** A fake `Menu` built from a template. */
export class FakeMenu {
  readonly items: FakeMenuItem[];
  constructor(template: readonly Record<string, unknown>[]) {
    this.items = template.map((t) => {
      const { submenu, ...rest } = t;
      const item = { ...rest } as FakeMenuItem;
      if (Array.isArray(submenu)) item.submenu = new FakeMenu(submenu as Record<string, unknown>[]);
      return item;
    });
  }
  /** Test helper: the item with this label (searching sub-menus), or undefined. */
  find(label: string): FakeMenuItem | undefined {
    for (const item of this.items) {
      if (item.label === label) return item;
      const inner = item.submenu?.find(label);
      if (inner) return inner;
    }
    return undefined;
  }
}

/** `Menu` fake. */
export const Menu = {
  buildFromTemplate: vi.fn((template: readonly Record<string, unknown>[]) => new FakeMenu(template)),
  setApplicationMenu: vi.fn<(menu: FakeMenu | null) => void>(),
};

/** A fake `Tray`: keeps image, title, tooltip and menus. */
export class FakeTray extends EventEmitter {
  static instances: FakeTray[] = [];
  image: FakeNativeImage;
  title = '';
  titleOptions: unknown = undefined;
  tooltip = '';
  contextMenu: FakeMenu | null = null;
  bounds: FakeRect = { x: 0, y: 0, width: 0, height: 0 };
  /**
   * Linux: how often the StatusNotifierItem's D-Bus menu was rebuilt and re-sent to the tray host. Chromium's
   * `StatusIconLinuxDbus::SetToolTip` calls `UpdateMenuImpl(menu, send_signal: true)` before setting the
   * tooltip, and `UpdatePlatformContextMenu` (`setContextMenu`) does too (Chromium
   * chrome/browser/ui/views/status_icons/status_icon_linux_dbus.cc, code search; Electron's TrayIconLinux
   * forwards both, electron@96f3996 shell/browser/ui/tray_icon_linux.cc). An open menu may flicker or reset.
   */
  menuRebuilds = 0;
  destroyed = false;
  constructor(image: FakeNativeImage | string) {
    super();
    this.image = typeof image === 'string' ? new FakeNativeImage(image) : image;
    FakeTray.instances.push(this);
  }
  setImage = vi.fn((image: FakeNativeImage | string) => {
    this.image = typeof image === 'string' ? new FakeNativeImage(image) : image;
  });
  setTitle = vi.fn((title: string, options?: unknown) => {
    this.title = title;
    this.titleOptions = options;
  });
  setToolTip = vi.fn((tooltip: string) => {
    this.tooltip = tooltip;
    if (process.platform === 'linux') this.menuRebuilds++;
  });
  setContextMenu = vi.fn((menu: FakeMenu | null) => {
    this.contextMenu = menu;
    if (process.platform === 'linux') this.menuRebuilds++;
  });
  /**
   * Test helper: the icon is visible somewhere the user can click it. Not on Linux without a tray host
   * (`electronMock.trayHost`): Electron then falls back to a GtkStatusIcon (electron@96f3996
   * shell/browser/ui/tray_icon_linux.cc L78-L94 `OnImplInitializationFailed`), an XEmbed icon GNOME Shell
   * does not show and Wayland does not have.
   */
  isShownToUser(): boolean {
    return process.platform !== 'linux' || electronMock.trayHost;
  }
  popUpContextMenu = vi.fn((_menu?: FakeMenu) => undefined);
  setIgnoreDoubleClickEvents = vi.fn<(ignore: boolean) => void>();
  getBounds(): FakeRect {
    return { ...this.bounds };
  }
  destroy = vi.fn(() => {
    this.destroyed = true;
  });
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

/** What `Notification.handleActivation`'s callback receives (Electron `ActivationArguments`). */
export interface FakeActivation {
  type: 'click' | 'action' | 'reply';
  arguments: string;
}

/**
 * A fake `Notification`: records every instance; `click()` plays the user clicking it.
 * `show()` reports back as the platform does (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb):
 * - macOS: `show` or, for an unsigned app ({@link electronMock}.codeSigned false), `failed` with an error
 *   string, both AFTER show() returned (cocoa_notification.mm: the UNUserNotificationCenter completion
 *   handler posts NotificationDisplayed / NotificationFailed as a task);
 * - Windows: `show` after show() returned (windows_toast_notification.cc posts the toast to a task runner
 *   and calls NotificationDisplayed once Show succeeded); `timeOut()` plays the toast moving to Action
 *   Center (`close` with `{ reason: 'timedOut' }`, electron.d.ts NotificationCloseEventParams) — it stays
 *   clickable there;
 * - Linux: `show` during show() (libnotify_notification.cc calls NotificationDisplayed in Show).
 * `Notification.handleActivation` exists on Windows only (lib/browser/api/notification.ts): elsewhere the
 * fake throws the TypeError calling an undefined static would. Windows hands activations to the process
 * only once its notification presenter exists, which registers the toast's COM activator: Electron creates
 * it lazily, in `new Notification` or `Notification.isSupported()`, never in `handleActivation`
 * (shell/browser/api/electron_api_notification.cc L72-L75, L322-L326;
 * shell/browser/notifications/win/notification_presenter_win.cc `Create` → `RegisterActivator`).
 */
export class FakeNotification extends EventEmitter {
  static instances: FakeNotification[] = [];
  static isSupported(): boolean {
    FakeNotification.createPresenter();
    return electronMock.notificationsSupported;
  }
  /** Whether Electron made its notification presenter yet (Windows: the toast activator is registered). */
  static presenterCreated = false;
  private static createPresenter(): void {
    FakeNotification.presenterCreated = true;
    FakeNotification.deliver();
  }
  /** Hands waiting activations to the `handleActivation` callback once both it and the presenter exist. */
  private static deliver(): void {
    const callback = FakeNotification.activationHandler;
    if (!callback || !FakeNotification.presenterCreated) return;
    for (const details of FakeNotification.unhandledActivations.splice(0)) callback(details);
  }
  /** The callback registered with `handleActivation` (Windows), or null. */
  static activationHandler: ((details: FakeActivation) => void) | null = null;
  /** Activations that came before any callback was registered (a cold start from a toast). */
  static unhandledActivations: FakeActivation[] = [];
  /**
   * `Notification.handleActivation(callback)` (Windows): the callback gets every activation, also of
   * toasts whose object is gone; one that already happened is passed to it at once (electron.d.ts
   * `handleActivation`).
   */
  static handleActivation = vi.fn((callback: (details: FakeActivation) => void) => {
    if (electronMock.platform !== 'win32')
      throw new TypeError('Notification.handleActivation is not a function');
    FakeNotification.activationHandler = callback;
    FakeNotification.deliver();
  });
  /**
   * Test helper: the user clicks a toast whose JS object no longer exists (collected after the app let
   * go of it, or from before a restart): only the `handleActivation` callback hears it, or it waits for one.
   */
  static activateCollected(details: FakeActivation = { type: 'click', arguments: '' }): void {
    FakeNotification.unhandledActivations.push(details);
    FakeNotification.deliver();
  }
  shown = false;
  constructor(public readonly options: Record<string, unknown>) {
    super();
    FakeNotification.createPresenter();
    FakeNotification.instances.push(this);
  }
  show = vi.fn(() => {
    this.shown = true;
    const platform = electronMock.platform;
    const report = () => {
      if (platform === 'darwin' && !electronMock.codeSigned)
        this.emit('failed', {}, UNSIGNED_NOTIFICATION_ERROR);
      else this.emit('show', {});
    };
    if (platform === 'darwin' || platform === 'win32') setImmediate(report);
    else report();
  });
  close = vi.fn(() => {
    this.emit('close', {});
  });
  /** Test helper: the user clicks the notification (on Windows this also reaches `handleActivation`). */
  click(): void {
    this.emit('click', {});
    if (electronMock.platform === 'win32')
      FakeNotification.activationHandler?.({ type: 'click', arguments: '' });
  }
  /** Test helper (Windows): the toast times out into Action Center, where it can still be clicked. */
  timeOut(): void {
    this.emit('close', { reason: 'timedOut' });
  }
}

/** An `IpcMainInvokeEvent`-like object for {@link ipcMain.invoke}. */
export interface FakeInvokeEvent {
  sender: FakeWebContents;
  senderFrame: FakeWebFrame | null;
  frameId: number;
  processId: number;
}

type InvokeHandler = (event: FakeInvokeEvent, ...args: unknown[]) => unknown;

/** `ipcMain` fake: keeps handlers; `invoke` plays a renderer calling `ipcRenderer.invoke`. */
export const ipcMain = Object.assign(new EventEmitter(), {
  handlers: new Map<string, InvokeHandler>(),
  handle: vi.fn((channel: string, handler: InvokeHandler) => {
    if (ipcMain.handlers.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    }
    ipcMain.handlers.set(channel, handler);
  }),
  removeHandler: vi.fn((channel: string) => {
    ipcMain.handlers.delete(channel);
  }),
  /**
   * Test helper: calls the handler for `channel` as Electron would for a renderer in `sender`
   * (its main frame unless `senderFrame` is given). Rejects like Electron when no handler exists.
   */
  async invoke(
    channel: string,
    sender: FakeWebContents,
    args: unknown[],
    senderFrame: FakeWebFrame | null = sender.mainFrame,
  ): Promise<unknown> {
    const handler = ipcMain.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler({ sender, senderFrame, frameId: 1, processId: 1 }, ...args);
  },
});

/** `ipcRenderer` fake (preload tests): `invoke` is a vi.fn a test can program; events go through `emit`. */
export const ipcRenderer = Object.assign(new EventEmitter(), {
  invoke: vi.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => undefined),
  send: vi.fn<(channel: string, ...args: unknown[]) => void>(),
  sendSync: vi.fn<(channel: string, ...args: unknown[]) => unknown>(),
});

/** `contextBridge` fake: keeps what was exposed. */
export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld: vi.fn((key: string, api: unknown) => {
    contextBridge.exposed.set(key, api);
  }),
};

/**
 * The key tag safeStorage puts before new ciphertext: on Linux `v11` with the keyring's key, `v10` with the
 * fixed fallback key; on macOS and Windows `v10` with the OS-protected key (`process.platform` decides).
 */
function currentKeyTag(): 'v10' | 'v11' {
  return process.platform === 'linux' && electronMock.keyring === 'open' ? 'v11' : 'v10';
}

/**
 * `safeStorage` fake: a reversible, visibly-not-plain "encryption" (key tag + hex) that behaves as
 * Electron 45's async API does with `electronMock.keyring` (Linux) and `electronMock.encryptionAvailable`.
 */
export const safeStorage = {
  isAsyncEncryptionAvailable: vi.fn(async () => electronMock.encryptionAvailable),
  getSelectedStorageBackend: vi.fn(() => electronMock.storageBackend),
  encryptStringAsync: vi.fn(async (plainText: string) => {
    if (!electronMock.encryptionAvailable)
      throw new Error('Error while encrypting the text provided to safeStorage.encryptStringAsync.');
    return Buffer.from(`${currentKeyTag()}${Buffer.from(plainText, 'utf8').toString('hex')}`, 'latin1');
  }),
  decryptStringAsync: vi.fn(async (encrypted: Buffer) => {
    if (encrypted.length === 0) return { result: '', shouldReEncrypt: false };
    const text = encrypted.toString('latin1');
    const tag = text.slice(0, 3);
    const payload = text.slice(3);
    const keyringTag = process.platform === 'linux' && tag === 'v11';
    if (keyringTag && electronMock.keyring !== 'open')
      throw new Error('safeStorage.decryptStringAsync is temporarily unavailable. Please try again.');
    if ((tag !== 'v10' && tag !== 'v11') || !/^(?:[0-9a-f]{2})*$/.test(payload))
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptStringAsync.');
    return {
      result: Buffer.from(payload, 'hex').toString('utf8'),
      // Chromium asks to re-encrypt what a lower-precedence key opened once a better one is there.
      shouldReEncrypt: electronMock.shouldReEncrypt || tag !== currentKeyTag(),
    };
  }),
  // The deprecated synchronous API must not be used: these throw so a test notices.
  isEncryptionAvailable: vi.fn(() => {
    throw new Error('sync safeStorage API is deprecated in Electron 45: use the async API');
  }),
  encryptString: vi.fn(() => {
    throw new Error('sync safeStorage API is deprecated in Electron 45: use the async API');
  }),
  decryptString: vi.fn(() => {
    throw new Error('sync safeStorage API is deprecated in Electron 45: use the async API');
  }),
};

function primary(): FakeDisplay {
  const first = electronMock.displays[0];
  if (!first) throw new Error('electronMock.displays is empty');
  return first;
}

/** `screen` fake driven by `electronMock.displays` and `electronMock.cursor`. */
export const screen = Object.assign(new EventEmitter(), {
  getAllDisplays: vi.fn(() => electronMock.displays.map((d) => ({ ...d }))),
  getPrimaryDisplay: vi.fn(() => ({ ...primary() })),
  /** The cursor; `{x: 0, y: 0}` on native Wayland (electron_api_screen.cc L93-L97). */
  getCursorScreenPoint: vi.fn(() => (nativeWayland() ? { x: 0, y: 0 } : { ...electronMock.cursor })),
  getDisplayNearestPoint: vi.fn((point: { x: number; y: number }) => {
    const hit = electronMock.displays.find(
      (d) =>
        point.x >= d.bounds.x &&
        point.x < d.bounds.x + d.bounds.width &&
        point.y >= d.bounds.y &&
        point.y < d.bounds.y + d.bounds.height,
    );
    return { ...(hit ?? primary()) };
  }),
  getDisplayMatching: vi.fn((rect: FakeRect) =>
    screen.getDisplayNearestPoint({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }),
  ),
});

/** `powerMonitor` fake: tests `emit('suspend')` etc. */
export const powerMonitor = new EventEmitter();

/**
 * `autoUpdater` fake: Electron's own (Squirrel.Mac on macOS, Squirrel.Windows), which electron-updater's
 * MacUpdater drives and whose `before-quit-for-update` BaseUpdater emits before its `app.quit()`.
 * `quitAndInstall()` does what electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb
 * shell/browser/api/electron_api_auto_updater.cc `AutoUpdater::QuitAndInstall` (L116-L128) does: emit
 * `before-quit-for-update`, then close every window (WindowList::CloseAllWindows — each window's `close`
 * may be prevented), and only once all are closed (`OnWindowAllClosed`) quit to install. `app`'s
 * `before-quit` is NOT emitted before the windows close (docs/api/auto-updater.md "Event:
 * 'before-quit-for-update'"). Here "quit to install" is `app.quit()`, recorded as `installed`.
 */
export const autoUpdater = Object.assign(new EventEmitter(), {
  /** Test helper: whether the native quit-and-install ran (all windows had closed). */
  installed: false,
  /** Whether `setFeedURL` made Squirrel.Mac's updater (`g_updater`); `checkForUpdates` needs one. */
  feedSet: false,
  /**
   * macOS, an unsigned app ({@link electronMock}.codeSigned false): Squirrel.Mac cannot read the running
   * app's signature, `SQRLUpdater` throws, and Electron catches it and emits `error` with "Could not get
   * code signature for running application" — no updater is made (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb
   * shell/browser/auto_updater_mac.mm L90-L104; spec/api-autoupdater-darwin-spec.ts "should fail to set
   * the feed URL when the app is not signed").
   */
  setFeedURL: vi.fn((_options: unknown) => {
    autoUpdater.feedSet = false;
    if (electronMock.platform === 'darwin' && !electronMock.codeSigned) {
      const message = 'Could not get code signature for running application';
      autoUpdater.emit('error', new Error(message), message);
      return;
    }
    autoUpdater.feedSet = true;
  }),
  /**
   * Without an updater (`g_updater` nil, auto_updater_mac.mm `CheckForUpdates`) nothing happens at all.
   * With one, Squirrel.Mac's download is not modelled, only its verdict on an ad hoc signed app
   * ({@link electronMock}.adHocSigned): `error` once the update is checked against the running app's
   * designated requirement (auto_updater_mac.mm L149-L164 joins the description and the failure reason).
   */
  checkForUpdates: vi.fn(() => {
    if (!autoUpdater.feedSet || !electronMock.adHocSigned) return;
    const message =
      'Code signature at URL file:///Users/pupil/Library/Caches/io.github.classchartstray.ShipIt/update.x1/ClassCharts%20Tray.app/ did not pass validation: code failed to satisfy specified code requirement(s)';
    setImmediate(() => autoUpdater.emit('error', new Error(message), message));
  }),
  quitAndInstall: vi.fn(() => {
    autoUpdater.emit('before-quit-for-update');
    const open = () => FakeBrowserWindow.instances.filter((w) => !w.isDestroyed());
    for (const window of open()) window.close();
    if (open().length > 0) return; // a window refused: Electron waits for it, nothing is installed
    autoUpdater.installed = true;
    app.quit();
  }),
});

/** `nativeTheme` fake. */
export const nativeTheme = Object.assign(new EventEmitter(), {
  shouldUseDarkColors: false,
  themeSource: 'system',
});

/** `globalShortcut` fake: keeps registrations; `trigger` plays the user pressing one. */
export const globalShortcut = {
  registered: new Map<string, () => void>(),
  register: vi.fn((accelerator: string, callback: () => void) => {
    if (!/^[\w+]+$/.test(accelerator))
      throw new TypeError(`Error processing argument: invalid accelerator ${accelerator}`);
    if (electronMock.takenShortcuts.has(accelerator)) return false;
    globalShortcut.registered.set(accelerator, callback);
    return true;
  }),
  unregister: vi.fn((accelerator: string) => {
    globalShortcut.registered.delete(accelerator);
  }),
  unregisterAll: vi.fn(() => {
    globalShortcut.registered.clear();
  }),
  isRegistered: vi.fn((accelerator: string) => globalShortcut.registered.has(accelerator)),
  /**
   * Test helper: the user pressed `accelerator` in another app. On native Wayland the GlobalShortcuts portal
   * delivers it only once the desktop approved it (`electronMock.shortcutPortalApproves`); under XWayland
   * in a Wayland session only where the desktop passes keys to X11 grabs
   * (`electronMock.xwaylandShortcutsReachApp`); `register` said true anyway (docs/api/global-shortcut.md
   * "Usage on Linux" at electron@96f3996). Returns whether it fired.
   */
  trigger(accelerator: string): boolean {
    const callback = globalShortcut.registered.get(accelerator);
    if (!callback) throw new Error(`${accelerator} is not registered`);
    if (nativeWayland() && !electronMock.shortcutPortalApproves) return false;
    const xwayland = electronMock.sessionType === 'wayland' && !nativeWayland();
    if (xwayland && !electronMock.xwaylandShortcutsReachApp) return false;
    callback();
    return true;
  },
};

/** `shell` fake. */
export const shell = {
  openExternal: vi.fn(async (_url: string) => undefined),
  /**
   * Like Electron's: resolves `''` once opened, or with a message saying why not (never rejects). Here a
   * file that exists opens; anything else resolves with a message (the wording is this mock's own).
   */
  openPath: vi.fn(async (path: string) => (existsSync(path) ? '' : `Failed to open path: ${path}`)),
  /** Like Electron's: shows the file in the file manager, returns nothing (here: recorded only). */
  showItemInFolder: vi.fn((_path: string) => undefined),
};

/**
 * `clipboard` fake: like Electron 45's, `writeText(text)` resolves once written (electron.d.ts: "A promise
 * that resolves once the text has been written to the clipboard"); `readText()` resolves with it. The text
 * is kept here (`text`) for a test to read; emptied by `resetElectronMock`.
 */
export const clipboard = {
  text: '',
  writeText: vi.fn(async (text: string): Promise<void> => {
    clipboard.text = text;
  }),
  readText: vi.fn(async (): Promise<string> => clipboard.text),
};

/**
 * `net` fake: `fetch` and `request` refuse (tests never reach a network through Electron unless they
 * plug in test/mocks/net-request.ts, the node:http emulation of `net.request`); `isOnline` is a knob.
 */
export const net = {
  fetch: vi.fn(async (_input: unknown, _init?: unknown): Promise<Response> => {
    throw new Error('net.fetch is not available in tests: inject a fetch');
  }),
  request: vi.fn((_options: unknown): unknown => {
    throw new Error('net.request is not available in tests: use test/mocks/net-request.ts');
  }),
  isOnline: vi.fn(() => electronMock.online),
};

/** `session` fake. `fromPartition` gives the same FakeSession for the same partition, as Electron does. */
export const session = {
  defaultSession: new FakeSession(),
  /** The sessions `fromPartition` made, by partition. */
  partitions: new Map<string, FakeSession>(),
  fromPartition: vi.fn((partition: string, options?: { cache?: boolean }): FakeSession => {
    const known = session.partitions.get(partition);
    if (known) return known;
    const made = new FakeSession(partition, options ?? {});
    session.partitions.set(partition, made);
    return made;
  }),
};

/** `app` fake: an EventEmitter with the calls the composition root makes. */
export const app = Object.assign(new EventEmitter(), {
  getPath: vi.fn((_name: string) => electronMock.userData),
  /** `app.setPath('userData', …)` moves the mock's userData folder (other names are ignored). */
  setPath: vi.fn((name: string, path: string) => {
    if (name === 'userData') electronMock.userData = path;
  }),
  getVersion: vi.fn(() => '0.1.0'),
  getName: vi.fn(() => 'ClassCharts Tray'),
  getAppPath: vi.fn(() => process.cwd()),
  requestSingleInstanceLock: vi.fn(() => electronMock.singleInstanceLock),
  whenReady: vi.fn(async () => undefined),
  isReady: vi.fn(() => true),
  quit: vi.fn<() => void>(),
  exit: vi.fn<(exitCode?: number) => void>(),
  /** `app.relaunch`: recorded; Electron starts the new process when this one exits. */
  relaunch: vi.fn<(options?: { args?: string[]; execPath?: string }) => void>(),
  /**
   * Windows AppUserModelID: Electron's default is `electron.app.<product name>`
   * (electron@96f3996d shell/common/application_info_win.cc) until `setAppUserModelId`; it also names the
   * Run value a login item is kept under (shell/browser/browser_win.cc, `GetAppUserModelID()`).
   */
  appUserModelId: DEFAULT_APP_USER_MODEL_ID,
  setAppUserModelId: vi.fn((id: string) => {
    app.appUserModelId = id;
  }),
  focus: vi.fn<(options?: { steal: boolean }) => void>(),
  /**
   * Login items as each platform keeps them (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb):
   * - macOS (browser_mac.mm, platform_util_mac.mm): one SMAppService whose status is `not-registered`
   *   until registered, then {@link electronMock}.macLoginItemStatusOnRegister; `openAtLogin` is
   *   `status === 'enabled'`.
   * - Windows (browser_win.cc): a Run value `"exe" args…` named by the AppUserModelID at the time it was
   *   set; `openAtLogin` is true only when the value under the current AppUserModelID equals the `path`
   *   and `args` given to get (the command lines are compared as strings); `launchItems` list the Run
   *   values that start this exe, with the value's name and only its non-switch arguments
   *   (`CommandLine::GetArgs()` leaves out `--switches`); `executableWillLaunchAtLogin` and
   *   `launchItems[].enabled` also say whether Task Manager disabled it
   *   ({@link electronMock}.windowsStartupDisabled); setting it with `enabled` (default true) clears that.
   * - elsewhere: the plain switch (Electron documents these calls for macOS and Windows only).
   */
  setLoginItemSettings: vi.fn(
    (settings: { openAtLogin?: boolean; path?: string; args?: string[]; enabled?: boolean }) => {
      const on = Boolean(settings.openAtLogin);
      app.loginItem = {
        macStatus: on ? electronMock.macLoginItemStatusOnRegister : 'not-registered',
        run: on
          ? {
              name: app.appUserModelId,
              path: settings.path ?? process.execPath,
              args: [...(settings.args ?? [])],
            }
          : null,
      };
      electronMock.windowsStartupDisabled = on && settings.enabled === false;
    },
  ),
  getLoginItemSettings: vi.fn((options: { path?: string; args?: string[] } = {}) => {
    const { macStatus, run } = app.loginItem;
    if (electronMock.platform === 'darwin') {
      return { openAtLogin: macStatus === 'enabled', wasOpenedAtLogin: false, status: macStatus };
    }
    if (electronMock.platform !== 'win32') return { openAtLogin: run !== null };
    const command = (path: string, args: readonly string[]) => [path, ...args].map((a) => `"${a}"`).join(' ');
    const enabled = run !== null && !electronMock.windowsStartupDisabled;
    return {
      openAtLogin:
        run !== null &&
        run.name === app.appUserModelId &&
        command(run.path, run.args) === command(options.path ?? process.execPath, options.args ?? []),
      executableWillLaunchAtLogin: enabled,
      launchItems: run
        ? [
            {
              name: run.name,
              path: run.path,
              args: run.args.filter((arg) => !/^(--|-|\/)/.test(arg)),
              scope: 'user',
              enabled,
            },
          ]
        : [],
    };
  }),
  /** `app.commandLine`: only the Ozone platform switch is modelled ({@link ozonePlatform}). */
  commandLine: {
    getSwitchValue: vi.fn((name: string) => (name === 'ozone-platform' ? ozonePlatform() : '')),
    hasSwitch: vi.fn((name: string) => name === 'ozone-platform' && ozonePlatform() !== ''),
    appendSwitch: vi.fn<(name: string, value?: string) => void>(),
  },
  /** The login item the fakes above keep (per platform, see there). */
  loginItem: { macStatus: 'not-registered', run: null } as {
    macStatus: 'not-registered' | 'enabled' | 'requires-approval' | 'not-found';
    run: { name: string; path: string; args: string[] } | null;
  },
  dock: { hide: vi.fn<() => void>(), show: vi.fn<() => Promise<void>>(async () => undefined) },
});

// `app.isPackaged` follows the knob (a getter: `Object.assign` above would copy a getter's value once).
Object.defineProperty(app, 'isPackaged', { get: () => electronMock.isPackaged, enumerable: true });

/** A new empty userData folder (see `electronMock.userData`). */
function newUserData(): string {
  const folder = join(tempFolder('cct-userdata-'), 'userData');
  mkdirSync(folder);
  return folder;
}

/**
 * Puts every fake back to a fresh state: knobs to their defaults, instances and registrations
 * forgotten, call histories cleared, a new temporary userData folder. Call it in `beforeEach`.
 */
export function resetElectronMock(): void {
  Object.assign(electronMock, {
    encryptionAvailable: true,
    storageBackend: 'gnome_libsecret',
    keyring: 'open',
    shouldReEncrypt: false,
    singleInstanceLock: true,
    isPackaged: false,
    userData: newUserData(),
    displays: [
      {
        id: 1,
        bounds: { x: 0, y: 0, width: 1920, height: 1080 },
        workArea: { x: 0, y: 0, width: 1920, height: 1040 },
        scaleFactor: 1,
      },
    ],
    cursor: { x: 100, y: 100 },
    online: true,
    takenShortcuts: new Set<string>(),
    notificationsSupported: true,
    sessionType: 'x11',
    ozonePlatformArg: '',
    trayHost: true,
    shortcutPortalApproves: false,
    xwaylandShortcutsReachApp: false,
    platform: process.platform,
    codeSigned: true,
    adHocSigned: false,
    macLoginItemStatusOnRegister: 'enabled',
    windowsStartupDisabled: false,
  });
  vi.resetAllMocks(); // call histories cleared, implementations back to the ones given to vi.fn
  FakeBrowserWindow.instances = [];
  FakeTray.instances = [];
  FakeNotification.instances = [];
  FakeNotification.activationHandler = null;
  FakeNotification.unhandledActivations = [];
  FakeNotification.presenterCreated = false;
  ipcMain.handlers.clear();
  ipcMain.removeAllListeners();
  ipcRenderer.removeAllListeners();
  contextBridge.exposed.clear();
  clipboard.text = '';
  globalShortcut.registered.clear();
  powerMonitor.removeAllListeners();
  screen.removeAllListeners();
  app.removeAllListeners();
  autoUpdater.removeAllListeners();
  autoUpdater.installed = false;
  autoUpdater.feedSet = false;
  app.loginItem = { macStatus: 'not-registered', run: null };
  app.appUserModelId = DEFAULT_APP_USER_MODEL_ID;
  session.defaultSession = new FakeSession();
  session.partitions.clear();
}
resetElectronMock();

/**
 * `dialog`: the error box main shows when it cannot start (main/index.ts), recorded for a test to read; and
 * `showSaveDialog(options)` (or `(window, options)`), which like Electron's resolves with `{ canceled,
 * filePath }`, `filePath` `''` when cancelled (electron.d.ts `SaveDialogReturnValue`). Here the user
 * cancels, unless a test answers for them (`showSaveDialog.mockResolvedValueOnce({ canceled: false,
 * filePath })`).
 */
export const dialog = {
  showErrorBox: vi.fn((_title: string, _content: string) => undefined),
  showSaveDialog: vi.fn(async (..._args: unknown[]): Promise<{ canceled: boolean; filePath: string }> => ({
    canceled: true,
    filePath: '',
  })),
};

export { FakeBrowserWindow as BrowserWindow, FakeTray as Tray, FakeNotification as Notification };

const electron = {
  app,
  autoUpdater,
  BrowserWindow: FakeBrowserWindow,
  Tray: FakeTray,
  Notification: FakeNotification,
  Menu,
  nativeImage,
  nativeTheme,
  ipcMain,
  ipcRenderer,
  contextBridge,
  safeStorage,
  screen,
  powerMonitor,
  globalShortcut,
  shell,
  clipboard,
  net,
  session,
  dialog,
};
export default electron;

/**
 * CommonJS packages that main bundles (electron-updater: ElectronAppAdapter.js, electronHttpExecutor.js)
 * call `require("electron")` when they run. `vi.mock` does not reach a `require()` made inside a package
 * vitest leaves to Node (measured: electron-updater's `require("electron")` loaded
 * node_modules/electron/index.js, which tries to download the binary, even with the package in
 * `server.deps.inline`). So this mock also sits in Node's require cache under that file's name — in
 * Electron, `require('electron')` gives the built-in module the same way. Each evaluation of this file (a
 * `vi.resetModules()`) puts its own instance there, the one the test imports.
 */
const nodeRequire = createRequire(import.meta.url);
const electronEntry = nodeRequire.resolve('electron');
const cached = new Module(electronEntry);
cached.filename = electronEntry;
cached.loaded = true;
cached.exports = electron;
nodeRequire.cache[electronEntry] = cached;
