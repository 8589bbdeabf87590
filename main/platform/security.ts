/**
 * Electron hardening for the popover (Electron's security checklist; issue "Security"):
 * - webPreferences: context isolation, the Chromium sandbox, no Node in the renderer, web security on,
 *   no `<webview>`, no insecure content, no navigation by drag-and-drop.
 * - `setWindowOpenHandler`: every `window.open` / `target=_blank` is denied; http(s) links go to the
 *   default browser through `shell.openExternal`, anything else (file:, javascript:, custom schemes) is dropped.
 * - `will-navigate` / `will-frame-navigate`: the popover never navigates away from its own page.
 * - Session: every permission request (camera, notifications, geolocation, …) and check is denied.
 * The strict CSP lives in renderer/index.html (the renderer's own file).
 */
import type { Session, WebContents, WebPreferences } from 'electron';
import { isWebUrl } from '../contract-schemas';

/**
 * The popover's webPreferences. `preload` is the absolute path of the built preload (CommonJS: a
 * sandboxed preload cannot be an ES module). `devTools` only when not packaged.
 */
export function popoverWebPreferences(preload: string, options: { devTools: boolean }): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    experimentalFeatures: false,
    enableBlinkFeatures: '',
    safeDialogs: true,
    spellcheck: false,
    devTools: options.devTools,
    // A hidden popover does no work: timers and animations throttle while hidden (battery).
    backgroundThrottling: true,
  };
}

/** Options for {@link hardenWebContents}. */
export interface HardenOptions {
  /** Opens an http(s) URL in the default browser (`shell.openExternal`); only `isWebUrl` ones get here. */
  openExternal(url: string): Promise<void> | void;
  /** True for a URL of the app's own page (where navigation may go: reloads of the renderer). */
  isAppUrl(url: string): boolean;
}

type NavigateDetails = { url: string; preventDefault(): void };

/**
 * Installs the window-open and navigation guards on one WebContents. Safe to call on every
 * WebContents the app creates (`app.on('web-contents-created')`).
 */
export function hardenWebContents(
  contents: Pick<WebContents, 'setWindowOpenHandler' | 'on'>,
  options: HardenOptions,
): void {
  const openOutside = (url: string) => {
    if (!isWebUrl(url)) return;
    void Promise.resolve(options.openExternal(url)).catch(() => undefined);
  };
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  const guard = (details: NavigateDetails) => {
    if (options.isAppUrl(details.url)) return;
    details.preventDefault();
    openOutside(details.url);
  };
  // Electron 45 passes the details object (with `url`) first; the positional url argument is deprecated.
  contents.on('will-navigate', guard as (details: Parameters<typeof guard>[0]) => void);
  contents.on('will-frame-navigate', (details) => {
    if (!details.isMainFrame && !options.isAppUrl(details.url)) details.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Denies every permission request and check in `session` (the popover needs none). */
export function hardenSession(
  session: Pick<
    Session,
    'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
  >,
): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
