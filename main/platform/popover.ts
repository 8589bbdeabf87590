/**
 * The popover: one frameless window (about 380×560) created hidden at start and kept rendered, so opening
 * it is instant. Shown next to the tray icon (position.ts), hidden on blur and on `popover:hide` (the
 * renderer sends it on Escape), toggled by the tray click and the global shortcut. Closing it (Alt+F4,
 * Cmd+W) only hides it; the app quits from the tray menu.
 *
 * As a native Wayland client (display-server.ts) a window can be neither placed, kept on top nor focused by
 * the app, so no blur would ever hide it: there it is an ordinary framed, movable window instead
 * (`style: 'window'`), which the compositor places and the user closes with its close button, Escape or the
 * tray.
 *
 * Owns the renderer's location (built file or the electron-vite dev server) and the check that a URL is
 * that page — ipc.ts uses it to trust a sender, security.ts to allow navigation.
 */
import type { BrowserWindow, BrowserWindowConstructorOptions, Screen } from 'electron';
import { join, posix, win32 } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventChannel, EventChannels } from '../../common/contract';
import { popoverPosition, type Edge, type Rect } from './position';
import { popoverWebPreferences } from './security';

/** The popover's size in DIP. */
export const POPOVER_SIZE = { width: 380, height: 560 } as const;

/** A click on the tray within this many ms after a blur-hide is the click that caused the blur. */
export const BLUR_CLICK_GRACE_MS = 300;

/** Where the renderer page is: the built `index.html`, or the dev server's URL (`electron-vite dev`). */
export type RendererLocation = { kind: 'file'; path: string } | { kind: 'url'; url: string };

/**
 * The renderer page: `ELECTRON_RENDERER_URL` (set by `electron-vite dev`) when not packaged and an
 * http(s) URL on this machine, else `<outDir>/renderer/index.html`.
 */
export function rendererLocation(options: {
  env: NodeJS.ProcessEnv;
  isPackaged: boolean;
  outDir: string;
}): RendererLocation {
  const devUrl = options.env.ELECTRON_RENDERER_URL;
  if (!options.isPackaged && devUrl) {
    try {
      const url = new URL(devUrl);
      if (/^https?:$/.test(url.protocol) && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
        return { kind: 'url', url: url.href };
      }
    } catch {
      // fall through to the built file
    }
  }
  return { kind: 'file', path: join(options.outDir, 'renderer', 'index.html') };
}

/** A Windows path: a drive letter (`c:\…`, `C:/…`) or a UNC share (`\\server\…`). */
const WINDOWS_PATH = /^(?:[a-zA-Z]:[\\/]|\\\\)/;

/**
 * True when `url` is the renderer page itself (any hash or query), never another file or origin.
 * A file page is compared as a path, not as a string: for a Windows path Chromium upper-cases the drive
 * letter of the URL it loaded (url/url_canon_fileurl.cc `FileDoDriveSpec`) while `location.path` keeps the
 * case the app was started with (`c:\…`), and Windows paths are case-insensitive, so those two paths are
 * compared ignoring case. Whether the path is a Windows one is read from its shape, not from the platform.
 */
export function isRendererUrl(url: string, location: RendererLocation): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (location.kind === 'url') return parsed.origin === new URL(location.url).origin;
  if (parsed.protocol !== 'file:') return false;
  const windows = WINDOWS_PATH.test(location.path);
  let loaded: string;
  try {
    parsed.hash = '';
    parsed.search = '';
    loaded = fileURLToPath(parsed, { windows });
  } catch {
    return false; // not a path on this kind of system (a host, an encoded separator, no drive letter)
  }
  if (!windows) return loaded === posix.normalize(location.path);
  return loaded.toLowerCase() === win32.normalize(location.path).toLowerCase();
}

/**
 * How the popover is shown: `anchored` (frameless, next to the tray, on top, hidden on blur) or `window`
 * (an ordinary framed, movable window with a close button, for native Wayland: display-server.ts).
 */
export type PopoverStyle = 'anchored' | 'window';

/**
 * The window `type` of the anchored popover on Linux X11/XWayland: `toolbar`. `skipTaskbar` does nothing on
 * Linux (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb shell/browser/native_window_views.cc L1264-L1279,
 * a Windows-only body); the type becomes `_NET_WM_WINDOW_TYPE_TOOLBAR` (L384-L388), which Mutter keeps out of
 * the taskbar and Alt-Tab (GNOME/mutter src/core/window.c `meta_window_recalc_skip_features`) while the
 * window still takes focus when asked (docs/notes/electron.md, "The Linux popover is a toolbar window").
 */
export const LINUX_POPOVER_TYPE = 'toolbar';

/** The popover's BrowserWindow options (tested: the security options must never regress). */
export function popoverWindowOptions(options: {
  preload: string;
  devTools: boolean;
  backgroundColor: string;
  /** `process.platform`; Linux gets {@link LINUX_POPOVER_TYPE}. Defaults to none (no `type`). */
  platform?: string;
  /** Defaults to `anchored`. */
  style?: PopoverStyle;
}): BrowserWindowConstructorOptions {
  const common = {
    width: POPOVER_SIZE.width,
    height: POPOVER_SIZE.height,
    useContentSize: true,
    show: false,
    resizable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    title: 'ClassCharts Tray',
    backgroundColor: options.backgroundColor,
    webPreferences: popoverWebPreferences(options.preload, { devTools: options.devTools }),
  };
  if (options.style === 'window') {
    return { ...common, frame: true, movable: true, skipTaskbar: false, alwaysOnTop: false };
  }
  return {
    ...common,
    frame: false,
    movable: false,
    skipTaskbar: true,
    alwaysOnTop: true,
    hasShadow: true,
    ...(options.platform === 'linux' ? { type: LINUX_POPOVER_TYPE } : {}),
  };
}

/** What the rest of the shell does with the popover. */
export interface Popover {
  readonly window: BrowserWindow;
  /** Resolves `true` once the page has loaded (`did-finish-load`), `false` if it failed; never rejects. */
  readonly loaded: Promise<boolean>;
  /**
   * Shows the popover next to `anchor` (tray bounds or cursor point; `null`: the taskbar corner). The
   * `window` style ignores `anchor`: the compositor places it.
   */
  showAt(anchor: Rect | null): void;
  hide(): void;
  /** Tray click: hide if shown; show unless this click is the one that just hid it by blurring. */
  toggle(anchor: Rect | null): void;
  isVisible(): boolean;
  /** True when the given WebContents id is the popover's. */
  ownsWebContents(id: number): boolean;
  /** Sends a contract event to the renderer (dropped if the window is gone). */
  send<E extends EventChannel>(channel: E, payload: EventChannels[E]): void;
  /** Really closes the window (quit). */
  destroy(): void;
}

/** Options for {@link createPopover}. */
export interface PopoverOptions {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay'>;
  location: RendererLocation;
  preload: string;
  platform: string;
  /** Defaults to `anchored`; `window` on native Wayland (display-server.ts `runsNativeWayland`). */
  style?: PopoverStyle;
  devTools: boolean;
  backgroundColor: string;
  /** Epoch ms (injected for tests). */
  now(): number;
  /** Just before the window shows: the page is sent the current state (ipc.ts `forwardEvents`). */
  beforeShow?(): void;
  /** The popover was shown (the core refreshes stale data; the tray clears "new"). */
  onShown(): void;
  /** Edge assumed when no taskbar can be seen and there is no anchor. */
  fallbackEdge?: Edge;
  /** True while the app is quitting: `close` then really closes. */
  isQuitting(): boolean;
  /** A load failure (missing build); logged by the caller. */
  onLoadError?(error: unknown): void;
  /**
   * Brings the app to the front before the popover takes focus (macOS: `app.focus({ steal: true })`, or
   * a popover opened by the shortcut from another app would not get keys or blur events).
   */
  focusApp?(): void;
}

/** Creates the hidden popover window and starts loading the renderer into it. */
export function createPopover(options: PopoverOptions): Popover {
  const anchored = options.style !== 'window';
  const window = new options.BrowserWindow(
    popoverWindowOptions({
      preload: options.preload,
      devTools: options.devTools,
      backgroundColor: options.backgroundColor,
      platform: options.platform,
      style: options.style ?? 'anchored',
    }),
  );
  if (options.platform === 'darwin') window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true });
  // A framed window on Linux/Windows would show Electron's default menu bar.
  if (!anchored) window.removeMenu();

  let lastBlurHide = Number.NEGATIVE_INFINITY;

  const hide = () => {
    if (!window.isDestroyed() && window.isVisible()) window.hide();
  };

  window.on('blur', () => {
    if (!anchored || !window.isVisible()) return;
    lastBlurHide = options.now();
    hide();
  });
  window.on('close', (event) => {
    if (options.isQuitting()) return;
    event.preventDefault();
    hide();
  });

  const load =
    options.location.kind === 'url'
      ? window.loadURL(options.location.url)
      : window.loadFile(options.location.path);
  const loaded = load.then(
    () => true,
    (error: unknown) => {
      options.onLoadError?.(error);
      return false;
    },
  );

  const showAt = (anchor: Rect | null) => {
    if (window.isDestroyed()) return;
    options.beforeShow?.();
    if (!anchored) {
      window.show();
      window.focus(); // the compositor may refuse; nothing relies on it
      options.onShown();
      return;
    }
    const primary = options.screen.getPrimaryDisplay();
    const others = options.screen.getAllDisplays().filter((d) => d.id !== primary.id);
    const { width, height } = window.getBounds();
    const point = popoverPosition({
      anchor,
      displays: [primary, ...others],
      size: { width, height },
      ...(options.fallbackEdge ? { fallbackEdge: options.fallbackEdge } : {}),
    });
    window.setBounds({ x: point.x, y: point.y, width, height });
    window.show();
    options.focusApp?.();
    window.focus();
    options.onShown();
  };

  return {
    window,
    loaded,
    showAt,
    hide,
    toggle(anchor) {
      if (window.isVisible()) hide();
      else if (options.now() - lastBlurHide > BLUR_CLICK_GRACE_MS) showAt(anchor);
    },
    isVisible: () => !window.isDestroyed() && window.isVisible(),
    ownsWebContents: (id) => !window.isDestroyed() && window.webContents.id === id,
    send(channel, payload) {
      if (window.isDestroyed() || window.webContents.isDestroyed()) return;
      window.webContents.send(channel, payload);
    },
    destroy() {
      if (!window.isDestroyed()) window.destroy();
    },
  };
}
