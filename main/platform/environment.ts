/**
 * Facts about this app and the service it talks to, decided once at start-up from the environment:
 * the app id (shared with electron-builder.yml), the ClassCharts base URL and demo mode. Pure: the
 * composition root passes `process.env`.
 */

/** Reverse-DNS app id: electron-builder `appId`, Windows AppUserModelID, Linux autostart file name. */
export const APP_ID = 'io.github.classchartstray';
/** Product name as users see it. */
export const PRODUCT_NAME = 'ClassCharts Tray';
/**
 * The command-line argument every login-time start carries (the XDG autostart entry's `Exec`, the Windows
 * login item's `args`): the app then starts quietly in the tray, while a start by the user opens the
 * popover (a GNOME desktop may show no tray icon at all). macOS login items pass no arguments; there
 * `getLoginItemSettings().wasOpenedAtLogin` says the same.
 */
export const AUTOSTART_ARG = '--autostart';
/** The real service (docs/classcharts-api.md, "The service"). */
export const DEFAULT_BASE_URL = 'https://www.classcharts.com';

/** The service settings derived from the environment. */
export interface ServiceEnvironment {
  /** Service root without a trailing slash. */
  baseUrl: string;
  /** Talking to the fake server (`npm run demo`): the sign-in screen offers the demo accounts. */
  demo: boolean;
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/**
 * `CLASSCHARTS_BASE_URL` (used by `npm run demo` to point at the fake server) is honoured only for an
 * https URL or plain http on this machine — credentials are never sent in clear over a network — else
 * the real service is used. `CLASSCHARTS_DEMO=1` turns demo mode on.
 */
export function serviceEnvironment(env: NodeJS.ProcessEnv): ServiceEnvironment {
  let baseUrl = DEFAULT_BASE_URL;
  const wanted = env.CLASSCHARTS_BASE_URL?.trim();
  if (wanted) {
    try {
      const url = new URL(wanted);
      const ok = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
      if (ok && !url.username && !url.password) baseUrl = url.href.replace(/\/+$/, '');
    } catch {
      // not a URL: keep the real service
    }
  }
  return { baseUrl, demo: env.CLASSCHARTS_DEMO === '1' };
}

/**
 * The data folder (Electron's `userData`: settings, cache, vault, single-instance lock) for a run against
 * `service`: `defaultFolder` for the real service; a sibling folder otherwise — `<default> (demo)` for
 * `npm run demo`, `<default> (<host name>)` for another server — so a demo never replays the real
 * account's remembered sign-in against the fake server, never mixes their cached data, and can run while
 * the installed app does.
 */
export function userDataFolder(defaultFolder: string, service: ServiceEnvironment): string {
  if (service.baseUrl === DEFAULT_BASE_URL && !service.demo) return defaultFolder;
  const label = service.demo ? 'demo' : new URL(service.baseUrl).hostname.replace(/[^\w.-]/g, '_');
  return `${defaultFolder} (${label})`;
}
