/**
 * `classcharts-tray --self-test` (and `npm run self-test`): checks, on the machine it runs on, the parts of
 * the Electron shell no test here can reach — the real Chromium, D-Bus, keyring, notification server, login
 * items, global shortcuts and the API session's cookie jar — and prints one line per check:
 *
 *   ok    key provider     v11: the Secret Service keyring (gnome_libsecret)
 *
 * a status word padded to {@link STATUS_WIDTH} (`ok`, `warn`, `fail`, `skip`), the check's name padded to
 * {@link NAME_WIDTH}, then a short detail. The exit code is 1 when any check failed, else 0 ({@link exitCode}).
 * `fail` is kept for what breaks the app's main job (signing in and staying signed in, notifications);
 * what only degrades it (no tray host, Wayland, no keyring, a refused shortcut) is `warn`. docs/self-test.md
 * says what each line means and what to do about it.
 *
 * Every Electron and OS dependency is a parameter (the checks are tested against test/mocks/electron.ts);
 * {@link selfTestCommand} wires them from the Electron module main/index.ts hands it. It starts no UI: no
 * tray, no window, no single-instance lock, and Electron's profile goes to a throwaway temporary folder.
 */
import type {
  App,
  ClientRequestConstructorOptions,
  GlobalShortcut,
  Notification as ElectronNotification,
  NotificationConstructorOptions,
} from 'electron';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { DEMO_CREDENTIALS } from '../app';
import { ClassChartsClient, type Credentials } from '../classcharts/client';
import { silentLogger, systemClock, type Clock } from '../ports';
import { autostartFile, entryEnabled, execArgs, windowsLoginItem } from './autostart';
import { inWaylandSession, runsNativeWayland } from './display-server';
import { APP_ID, AUTOSTART_ARG, DEFAULT_BASE_URL, serviceEnvironment } from './environment';
import {
  API_SESSION_PARTITION,
  createElectronFetch,
  type NetRequestLike,
  type SessionLike,
} from './net-fetch';
import { startSignInStandIn, STAND_IN_STUDENT } from './self-test-server';
import { probeKeychain, type SafeStorageAsync } from './vault';

/** The argument that turns the app into the self-test. */
export const SELF_TEST_ARG = '--self-test';

/** How a check came out. Only `fail` makes the exit code 1. */
export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

/** One line of the report. */
export interface CheckResult {
  status: CheckStatus;
  /** Short, fixed name (at most {@link NAME_WIDTH} − 1 characters), e.g. `key provider`. */
  name: string;
  /** One line for a person: what was found and, for `warn`/`fail`, what to do. */
  detail: string;
}

/** Columns of the status word (the longest, `warn`/`fail`/`skip`, plus two spaces). */
export const STATUS_WIDTH = 6;
/** Columns of the check's name. */
export const NAME_WIDTH = 17;

/** One report line: status and name in fixed-width columns, then the detail on one line. */
export function formatCheck(result: CheckResult): string {
  const detail = result.detail.replace(/\s+/g, ' ').trim();
  return `${result.status.padEnd(STATUS_WIDTH)}${result.name.padEnd(NAME_WIDTH)}${detail}`;
}

/** The checks, in the order they run and print (each line's name column). */
export const CHECK_NAMES = [
  'versions',
  'display',
  'tray host',
  'key provider',
  'notifications',
  'login item',
  'global shortcut',
  'sign-in cookie',
] as const;

/**
 * A report line read back (the inverse of {@link formatCheck}): `null` when the line does not start with a
 * status word in its column. For tools and tests that read the output of `--self-test`.
 */
export function parseCheckLine(line: string): CheckResult | null {
  const status = line.slice(0, STATUS_WIDTH).trim();
  if (!['ok', 'warn', 'fail', 'skip'].includes(status) || line[STATUS_WIDTH - 1] !== ' ') return null;
  return {
    status: status as CheckStatus,
    name: line.slice(STATUS_WIDTH, STATUS_WIDTH + NAME_WIDTH).trim(),
    detail: line.slice(STATUS_WIDTH + NAME_WIDTH).trim(),
  };
}

/** The process exit code for a report: 1 when any check failed, else 0. */
export function exitCode(results: readonly CheckResult[]): 0 | 1 {
  return results.some((result) => result.status === 'fail') ? 1 : 0;
}

function errorText(error: unknown): string {
  if (error instanceof Error)
    return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
  return String(error);
}

// -------------------------------------------------------------------------------------------------
// Versions
// -------------------------------------------------------------------------------------------------

/** What {@link checkVersions} reads: `process.versions`, the app's version, `process.platform` and `arch`. */
export interface VersionFacts {
  versions: Partial<Record<'electron' | 'chrome' | 'node', string>>;
  appVersion: string;
  platform: string;
  arch: string;
}

/** Electron, Chromium and Node versions and the app's version/platform/arch; `warn` when not in Electron. */
export function checkVersions(facts: VersionFacts): CheckResult {
  const { electron, chrome, node } = facts.versions;
  const app = `app ${facts.appVersion} on ${facts.platform} ${facts.arch}`;
  if (!electron)
    return {
      status: 'warn',
      name: 'versions',
      detail: `not running in Electron (Node ${node ?? '?'}); ${app}`,
    };
  return {
    status: 'ok',
    name: 'versions',
    detail: `Electron ${electron}, Chromium ${chrome ?? '?'}, Node ${node ?? '?'}; ${app}`,
  };
}

// -------------------------------------------------------------------------------------------------
// Linux display: X11 or Wayland, and which Ozone platform Electron uses
// -------------------------------------------------------------------------------------------------

/** What {@link checkDisplay} reads. */
export interface DisplayFacts {
  platform: string;
  env: NodeJS.ProcessEnv;
  /**
   * `app.commandLine.getSwitchValue('ozone-platform')`: the platform Electron runs on (it writes its choice
   * into its own command line; display-server.ts), `''` when not reported.
   */
  ozoneSwitch: string;
}

/**
 * Linux: the session type (X11 / Wayland) and the Ozone platform Electron runs on (display-server.ts
 * `runsNativeWayland`). Native Wayland is `warn`: there the popover cannot be placed next to the tray, kept
 * on top or reliably focused (Electron docs/api/browser-window.md: "it is generally not possible to …
 * position … windows" on Wayland), so the app shows it as an ordinary window. No display at all is `fail`.
 * Other systems: `skip`.
 */
export function checkDisplay(facts: DisplayFacts): CheckResult {
  const name = 'display';
  if (facts.platform !== 'linux') return { status: 'skip', name, detail: 'not Linux' };
  const { env } = facts;
  const session = env.XDG_SESSION_TYPE || 'unset';
  const where = `XDG_SESSION_TYPE=${session}, WAYLAND_DISPLAY=${env.WAYLAND_DISPLAY || 'unset'}, DISPLAY=${env.DISPLAY || 'unset'}`;
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY)
    return { status: 'fail', name, detail: `no display (${where}): the tray and popover cannot show` };
  const native = runsNativeWayland({ platform: facts.platform, env, ozonePlatform: facts.ozoneSwitch });
  const ozone = facts.ozoneSwitch.trim() || (native ? 'wayland' : 'x11');
  if (native)
    return {
      status: 'warn',
      name,
      detail:
        `native Wayland (${where}): the popover opens as an ordinary window, not next to the tray; ` +
        'start the app with --ozone-platform=x11 (as its desktop entry does) to run it through XWayland',
    };
  const via = session === 'wayland' ? 'X11 through XWayland' : 'X11';
  return { status: 'ok', name, detail: `${via} (${where}; Ozone ${ozone})` };
}

// -------------------------------------------------------------------------------------------------
// Linux tray host: a StatusNotifierWatcher on the session bus
// -------------------------------------------------------------------------------------------------

/** What a finished command gave: its exit code (`null` when killed), stdout and stderr. */
export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `file` with `args` (no shell) and resolves with its result, non-zero exits included. Rejects only
 * when it could not be started; an error with `code: 'ENOENT'` means the program is not installed.
 */
export type CommandRunner = (file: string, args: readonly string[]) => Promise<CommandResult>;

/** The real {@link CommandRunner}: `execFile` with a 5 s timeout. */
export const execFileRunner: CommandRunner = (file, args) =>
  new Promise((resolve, reject) => {
    execFile(file, [...args], { timeout: 5_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (typeof code === 'string') {
        reject(error);
        return;
      }
      const exit = error ? ((error as { code?: number | null }).code ?? null) : 0;
      resolve({ code: exit, stdout, stderr });
    });
  });

/** The D-Bus name a StatusNotifierItem host (a tray) registers (freedesktop StatusNotifierItem spec). */
export const STATUS_NOTIFIER_WATCHER = 'org.kde.StatusNotifierWatcher';

/** Two ways to ask the session bus `NameHasOwner(watcher)`; the first installed one is used. */
const DBUS_QUERIES: readonly { file: string; args: readonly string[] }[] = [
  {
    file: 'dbus-send',
    args: [
      '--session',
      '--dest=org.freedesktop.DBus',
      '--type=method_call',
      '--print-reply',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.NameHasOwner',
      `string:${STATUS_NOTIFIER_WATCHER}`,
    ],
  },
  {
    file: 'gdbus',
    args: [
      'call',
      '--session',
      '--dest',
      'org.freedesktop.DBus',
      '--object-path',
      '/org/freedesktop/DBus',
      '--method',
      'org.freedesktop.DBus.NameHasOwner',
      STATUS_NOTIFIER_WATCHER,
    ],
  },
];

/** The boolean of a `NameHasOwner` reply: dbus-send `   boolean true`, gdbus `(true,)`; `null` if neither. */
export function parseNameHasOwner(stdout: string): boolean | null {
  const match = /\bboolean\s+(true|false)\b/.exec(stdout) ?? /\(\s*(true|false)\s*,\s*\)/.exec(stdout);
  return match ? match[1] === 'true' : null;
}

/**
 * Linux: is there a tray host? Electron's tray is a StatusNotifierItem; without a StatusNotifierWatcher on
 * the session bus it falls back to an XEmbed icon that GNOME Shell and Wayland never show
 * (electron/electron shell/browser/ui/tray_icon_linux.cc). No watcher is `warn` with the remedy; no
 * `dbus-send` or `gdbus` is `skip`; not Linux is `skip`.
 */
export async function checkTrayHost(facts: { platform: string; run: CommandRunner }): Promise<CheckResult> {
  const name = 'tray host';
  if (facts.platform !== 'linux') return { status: 'skip', name, detail: 'not Linux' };
  for (const query of DBUS_QUERIES) {
    let result: CommandResult;
    try {
      result = await facts.run(query.file, query.args);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return { status: 'warn', name, detail: `${query.file} could not run: ${errorText(error)}` };
    }
    if (result.code !== 0) {
      const why = result.stderr.trim().split('\n')[0] || `exit code ${String(result.code)}`;
      return {
        status: 'warn',
        name,
        detail: `the session D-Bus did not answer (${why}): no tray host can be found`,
      };
    }
    const owned = parseNameHasOwner(result.stdout);
    if (owned === null)
      return {
        status: 'warn',
        name,
        detail: `unreadable ${query.file} reply: ${result.stdout.trim().slice(0, 80)}`,
      };
    if (owned)
      return {
        status: 'ok',
        name,
        detail: `${STATUS_NOTIFIER_WATCHER} is on the session bus: the tray icon has a host`,
      };
    return {
      status: 'warn',
      name,
      detail:
        `no ${STATUS_NOTIFIER_WATCHER} on the session bus: the tray icon will not show. GNOME: install and ` +
        'enable the AppIndicator extension (gnome-shell-extension-appindicator), then log in again; other ' +
        'desktops: enable their system tray / status notifier applet',
    };
  }
  return {
    status: 'skip',
    name,
    detail: 'neither dbus-send nor gdbus is installed: cannot ask the session bus',
  };
}

// -------------------------------------------------------------------------------------------------
// Key provider (safeStorage)
// -------------------------------------------------------------------------------------------------

function keychainName(platform: string, desktopBackend: string | null): string {
  if (platform === 'darwin') return 'the macOS Keychain';
  if (platform === 'win32') return 'Windows DPAPI';
  return `the Secret Service keyring (${desktopBackend ?? 'unknown backend'})`;
}

/** How long {@link checkKeyProvider} waits for the key provider, in milliseconds. */
export const KEY_PROBE_WAIT_MS = 15_000;

/**
 * Which key protects a remembered sign-in (main/platform/vault.ts `probeKeychain`: a fresh ciphertext's
 * tag). Never `fail`: the app works without "remember me" (the sign-in screen says why it is off), so no
 * keyring (Linux `v10`, Chromium's fixed public key) and no encryption at all are both `warn`. A provider
 * that has not answered within `waitMs` (a keyring's unlock prompt nobody answers, on an unattended
 * machine) is `warn` too, so the self-test never hangs there.
 */
export async function checkKeyProvider(
  safeStorage: SafeStorageAsync,
  platform: string,
  options: { clock?: Pick<Clock, 'setTimeout' | 'clearTimeout'>; waitMs?: number } = {},
): Promise<CheckResult> {
  const name = 'key provider';
  const clock = options.clock ?? systemClock;
  const waitMs = options.waitMs ?? KEY_PROBE_WAIT_MS;
  let timer: unknown = null;
  const late = new Promise<null>((resolve) => {
    timer = clock.setTimeout(() => resolve(null), waitMs);
  });
  const probe = await Promise.race([probeKeychain(safeStorage, platform), late]);
  clock.clearTimeout(timer);
  if (probe === null)
    return {
      status: 'warn',
      name,
      detail: `no answer from the key provider within ${waitMs / 1000} s: is a keyring unlock prompt waiting?`,
    };
  const tag = probe.tag ?? 'untagged';
  if (probe.status === 'available')
    return { status: 'ok', name, detail: `${tag}: ${keychainName(platform, probe.desktopBackend)}` };
  if (probe.status === 'basic-text')
    return {
      status: 'warn',
      name,
      detail:
        `${tag}: no keyring: a remembered sign-in is protected only by a public key ` +
        `(desktop backend ${probe.desktopBackend ?? 'unknown'}); start or unlock gnome-keyring or KWallet`,
    };
  return {
    status: 'warn',
    name,
    detail: `no encryption (${probe.error ?? 'unknown error'}): "remember me" is refused; signing in still works`,
  };
}

// -------------------------------------------------------------------------------------------------
// Notifications
// -------------------------------------------------------------------------------------------------

/** The `Notification` class, or a test fake with the same shape. */
export interface SelfTestNotificationClass {
  new (options: NotificationConstructorOptions): Pick<ElectronNotification, 'show' | 'close' | 'on'>;
  isSupported(): boolean;
}

/** How long {@link checkNotifications} waits for `show` or `failed`, in milliseconds. */
export const NOTIFICATION_WAIT_MS = 5_000;

/** The title of the self-test's notification. */
export const SELF_TEST_NOTIFICATION_TITLE = 'ClassCharts Tray self-test';

/**
 * Shows one silent notification and waits (up to `waitMs`, through `clock`) for its `show` or `failed`
 * event, then closes it. `show` is `ok`; `failed` is `fail` with the OS's error (unsigned macOS builds get
 * it since Electron 42: docs/breaking-changes.md "Planned Breaking API Changes (42.0)", notifications use
 * UNNotification, which needs a code-signed app); no event in time is `warn`; `isSupported()` false is
 * `fail` (the app's notifications cannot work). Events may come synchronously from `show()` or later.
 */
export async function checkNotifications(facts: {
  Notification: SelfTestNotificationClass;
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  platform: string;
  waitMs?: number;
}): Promise<CheckResult> {
  const name = 'notifications';
  const waitMs = facts.waitMs ?? NOTIFICATION_WAIT_MS;
  if (!facts.Notification.isSupported())
    return {
      status: 'fail',
      name,
      detail:
        "Notification.isSupported() is false: no notification server (Linux: start one, e.g. the desktop's own or dunst)",
    };
  let notification: Pick<ElectronNotification, 'show' | 'close' | 'on'>;
  try {
    notification = new facts.Notification({
      title: SELF_TEST_NOTIFICATION_TITLE,
      body: 'Checking that notifications can be shown. Nothing to do.',
      silent: true,
    });
  } catch (error) {
    return { status: 'fail', name, detail: `could not create one: ${errorText(error)}` };
  }
  const outcome = await new Promise<
    { event: 'show' } | { event: 'failed'; error: string } | { event: 'timeout' }
  >((resolve) => {
    let done = false;
    const finish = (value: { event: 'show' } | { event: 'failed'; error: string } | { event: 'timeout' }) => {
      if (done) return;
      done = true;
      facts.clock.clearTimeout(timer);
      resolve(value);
    };
    const timer = facts.clock.setTimeout(() => finish({ event: 'timeout' }), waitMs);
    notification.on('show', () => finish({ event: 'show' }));
    notification.on('failed', (_event, error) => finish({ event: 'failed', error: String(error) }));
    try {
      notification.show();
    } catch (error) {
      finish({ event: 'failed', error: errorText(error) });
    }
  });
  try {
    notification.close();
  } catch {
    // already gone
  }
  if (outcome.event === 'show')
    return { status: 'ok', name, detail: 'a test notification was shown and closed' };
  if (outcome.event === 'failed')
    return {
      status: 'fail',
      name,
      detail:
        `the OS refused the test notification: ${outcome.error}` +
        (facts.platform === 'darwin' ? ' (macOS shows notifications only for a code-signed app)' : ''),
    };
  return {
    status: 'warn',
    name,
    detail: `no "show" or "failed" event within ${waitMs / 1000} s: notifications may not appear (do not disturb, or the OS blocks the app?)`,
  };
}

// -------------------------------------------------------------------------------------------------
// Login item
// -------------------------------------------------------------------------------------------------

/** What {@link checkLoginItem} reads. */
export interface LoginItemFacts {
  platform: string;
  /** macOS and Windows: `app.getLoginItemSettings`. */
  getLoginItemSettings: App['getLoginItemSettings'];
  /** Linux: the XDG autostart file (autostart.ts `autostartFile`). */
  autostartFile: string;
  readFile(path: string): string | null;
  exists(path: string): boolean;
}

/**
 * Whether the app starts at login, as the OS sees it (information: `ok` either way), with the cases that
 * need the user as `warn`: macOS `requires-approval` (System Settings › General › Login Items), a Windows
 * Run entry deactivated in Task Manager, a Linux autostart entry whose `Exec` points at a file that no
 * longer exists (an AppImage moved or updated). Sources: electron.d.ts 45.4.1 `LoginItemSettings`
 * (`status` darwin, `executableWillLaunchAtLogin` win32).
 */
export function checkLoginItem(facts: LoginItemFacts): CheckResult {
  const name = 'login item';
  if (facts.platform === 'darwin') {
    const { status } = facts.getLoginItemSettings();
    if (status === 'enabled') return { status: 'ok', name, detail: 'enabled: starts at login' };
    if (status === 'requires-approval')
      return {
        status: 'warn',
        name,
        detail: 'requires approval: allow ClassCharts Tray in System Settings › General › Login Items',
      };
    return { status: 'ok', name, detail: `off (${status})` };
  }
  if (facts.platform === 'win32') {
    const item = windowsLoginItem(facts.getLoginItemSettings({ args: [AUTOSTART_ARG] }), APP_ID);
    if (item === 'on') return { status: 'ok', name, detail: 'on: Windows starts this executable at login' };
    if (item === 'disabled')
      return {
        status: 'warn',
        name,
        detail: 'registered but disabled: turn ClassCharts Tray on in Task Manager › Startup apps',
      };
    return { status: 'ok', name, detail: 'off (no Run entry for this executable)' };
  }
  if (facts.platform !== 'linux')
    return { status: 'skip', name, detail: `not supported on ${facts.platform}` };
  const content = facts.readFile(facts.autostartFile);
  if (content === null) return { status: 'ok', name, detail: `off (no ${facts.autostartFile})` };
  if (!entryEnabled(content))
    return {
      status: 'ok',
      name,
      detail: `off (${facts.autostartFile} is disabled in the desktop's settings)`,
    };
  const exec = /^Exec\s*=(.*)$/m.exec(content)?.[1];
  const program = execArgs(exec ?? '')[0] || null;
  if (program === null)
    return { status: 'warn', name, detail: `${facts.autostartFile} has no Exec line: it starts nothing` };
  if (isAbsolute(program) && !facts.exists(program))
    return {
      status: 'warn',
      name,
      detail: `on, but ${facts.autostartFile} starts ${program}, which no longer exists: turn "Launch at login" off and on again`,
    };
  return { status: 'ok', name, detail: `on: ${facts.autostartFile} starts ${program}` };
}

// -------------------------------------------------------------------------------------------------
// Global shortcut
// -------------------------------------------------------------------------------------------------

/** The accelerator the self-test registers and releases at once: unlikely to be anyone's. */
export const SELF_TEST_ACCELERATOR = 'CommandOrControl+Alt+Shift+F12';

/**
 * Registers {@link SELF_TEST_ACCELERATOR} and releases it. Refused (`false`) is `warn` (the app's own
 * shortcut is optional; another app may hold this one); a throw is `fail`. On native Wayland `register()`
 * goes through the GlobalShortcuts portal, which may ask the user or refuse silently while returning
 * true (Electron docs/api/global-shortcut.md, "Usage on Linux"), so it is `warn` there.
 */
export function checkShortcut(facts: {
  globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>;
  /** A Linux Wayland session, native or XWayland (display-server.ts `inWaylandSession`). */
  waylandSession: boolean;
}): CheckResult {
  const name = 'global shortcut';
  let registered: boolean;
  try {
    registered = facts.globalShortcut.register(SELF_TEST_ACCELERATOR, () => undefined);
  } catch (error) {
    return { status: 'fail', name, detail: `register(${SELF_TEST_ACCELERATOR}) threw: ${errorText(error)}` };
  }
  if (!registered)
    return {
      status: 'warn',
      name,
      detail: `${SELF_TEST_ACCELERATOR} was refused: another app holds it, or this desktop allows no global shortcuts`,
    };
  facts.globalShortcut.unregister(SELF_TEST_ACCELERATOR);
  if (facts.waylandSession)
    return {
      status: 'warn',
      name,
      detail: `${SELF_TEST_ACCELERATOR} registered, but in a Wayland session the desktop decides whether it reaches the app (the GlobalShortcuts portal natively; under XWayland only while an X11 window has the focus)`,
    };
  return { status: 'ok', name, detail: `${SELF_TEST_ACCELERATOR} registered and released` };
}

// -------------------------------------------------------------------------------------------------
// The API session: sign-in cookie through Electron's net and the session's jar
// -------------------------------------------------------------------------------------------------

/** Where {@link checkApiSession} signs in: a server and the account it accepts. */
export interface SignInTarget {
  baseUrl: string;
  credentials: Credentials;
  /** For the line: `the fake at http://…` or `a stand-in on 127.0.0.1:…`. */
  label: string;
}

/**
 * Signs in with the app's real client (main/classcharts/client.ts) through `fetch` (the app's
 * `createElectronFetch` on the API session), then makes the one follow-up request the client makes (`/ping`,
 * which the server accepts only with the sign-in's cookie and token back). `ok` means the 302's
 * `Set-Cookie` reached the client through the session's jar and the jar sent it back; any error is `fail`.
 */
export async function checkApiSession(facts: {
  fetch: typeof fetch;
  target: SignInTarget;
  clock?: Clock;
  timeoutMs?: number;
}): Promise<CheckResult> {
  const name = 'sign-in cookie';
  const client = new ClassChartsClient({
    fetch: facts.fetch,
    baseUrl: facts.target.baseUrl,
    clock: facts.clock ?? systemClock,
    logger: silentLogger,
    timeoutMs: facts.timeoutMs ?? 10_000,
  });
  try {
    await client.login(facts.target.credentials);
    await client.account();
    return {
      status: 'ok',
      name,
      detail: `302 → session cookie → token, accepted back (${facts.target.label})`,
    };
  } catch (error) {
    return { status: 'fail', name, detail: `${errorText(error)} (${facts.target.label})` };
  } finally {
    client.signOut();
  }
}

// -------------------------------------------------------------------------------------------------
// The whole run
// -------------------------------------------------------------------------------------------------

/** Everything the checks need, injected. */
export interface SelfTestDeps {
  platform: string;
  arch: string;
  env: NodeJS.ProcessEnv;
  versions: VersionFacts['versions'];
  appVersion: string;
  ozoneSwitch: string;
  run: CommandRunner;
  safeStorage: SafeStorageAsync;
  Notification: SelfTestNotificationClass;
  clock: Clock;
  notificationWaitMs?: number;
  login: Omit<LoginItemFacts, 'platform'>;
  globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>;
  /** The fetch of the API session (main/platform/net-fetch.ts). */
  fetch: typeof fetch;
  /** Where to sign in; resolved just before that check, and `release` called after it. */
  signIn(): Promise<SignInTarget & { release(): Promise<void> }>;
  /** Called with each line as soon as its check is done. */
  print?(line: string): void;
}

/**
 * Runs every check in order (versions, display, tray host, key provider, notifications, login item, global
 * shortcut, sign-in cookie), prints each line as it comes and resolves with the results. Never rejects: a
 * check that throws becomes a `fail` line.
 */
export async function runSelfTest(deps: SelfTestDeps): Promise<CheckResult[]> {
  const checks: { name: string; run(): CheckResult | Promise<CheckResult> }[] = [
    {
      name: 'versions',
      run: () =>
        checkVersions({
          versions: deps.versions,
          appVersion: deps.appVersion,
          platform: deps.platform,
          arch: deps.arch,
        }),
    },
    {
      name: 'display',
      run: () => checkDisplay({ platform: deps.platform, env: deps.env, ozoneSwitch: deps.ozoneSwitch }),
    },
    { name: 'tray host', run: () => checkTrayHost({ platform: deps.platform, run: deps.run }) },
    {
      name: 'key provider',
      run: () => checkKeyProvider(deps.safeStorage, deps.platform, { clock: deps.clock }),
    },
    {
      name: 'notifications',
      run: () =>
        checkNotifications({
          Notification: deps.Notification,
          clock: deps.clock,
          platform: deps.platform,
          ...(deps.notificationWaitMs !== undefined ? { waitMs: deps.notificationWaitMs } : {}),
        }),
    },
    { name: 'login item', run: () => checkLoginItem({ platform: deps.platform, ...deps.login }) },
    {
      name: 'global shortcut',
      run: () =>
        checkShortcut({
          globalShortcut: deps.globalShortcut,
          waylandSession: inWaylandSession({ platform: deps.platform, env: deps.env }),
        }),
    },
    {
      name: 'sign-in cookie',
      run: async () => {
        const target = await deps.signIn();
        try {
          return await checkApiSession({ fetch: deps.fetch, target, clock: deps.clock });
        } finally {
          await target.release();
        }
      },
    },
  ];
  const results: CheckResult[] = [];
  for (const check of checks) {
    let result: CheckResult;
    try {
      result = await check.run();
    } catch (error) {
      result = { status: 'fail', name: check.name, detail: `the check itself failed: ${errorText(error)}` };
    }
    results.push(result);
    deps.print?.(formatCheck(result));
  }
  return results;
}

/**
 * Where `--self-test` signs in: the server `CLASSCHARTS_BASE_URL` names when the app is unpackaged (the
 * fake, with its demo student), else a stand-in started here on 127.0.0.1 (main/platform/self-test-server.ts).
 * Never the real service: the self-test must not send anything to ClassCharts.
 */
export async function signInTarget(options: {
  env: NodeJS.ProcessEnv;
  isPackaged: boolean;
}): Promise<SignInTarget & { release(): Promise<void> }> {
  const { baseUrl } = serviceEnvironment(options.isPackaged ? {} : options.env);
  if (baseUrl !== DEFAULT_BASE_URL)
    return {
      baseUrl,
      credentials: DEMO_CREDENTIALS.student,
      label: `the server at ${baseUrl}`,
      release: async () => undefined,
    };
  const standIn = await startSignInStandIn();
  return {
    baseUrl: standIn.url,
    credentials: { ...STAND_IN_STUDENT },
    label: `a stand-in on ${standIn.url.replace(/^http:\/\//, '')}`,
    release: () => standIn.close(),
  };
}

/** The parts of the Electron module {@link selfTestCommand} uses (main/index.ts passes the real ones). */
export interface SelfTestElectron {
  app: Pick<
    App,
    | 'whenReady'
    | 'setPath'
    | 'getVersion'
    | 'isPackaged'
    | 'getLoginItemSettings'
    | 'setAppUserModelId'
    | 'dock'
  > & {
    commandLine: Pick<App['commandLine'], 'getSwitchValue'>;
  };
  safeStorage: SafeStorageAsync;
  Notification: SelfTestNotificationClass;
  globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>;
  net: { request(options: ClientRequestConstructorOptions): unknown };
  session: { fromPartition(partition: string, options?: { cache?: boolean }): unknown };
}

/**
 * The `--self-test` run: points Electron's profile (`userData`) at a new temporary folder (before
 * `whenReady`, so nothing is written to the app's real data folder), waits for ready, runs the checks
 * printing each line with `print`, removes the folder (best effort) and resolves with the exit code. Never
 * rejects: a failure to run at all is printed as a `fail` line and resolves 1. macOS: the dock icon is hidden.
 * Takes no single-instance lock and creates no window or tray. `proc` is `process` (or a test's stand-in).
 */
export async function selfTestCommand(
  electron: SelfTestElectron,
  proc: {
    env: NodeJS.ProcessEnv;
    platform: string;
    arch: string;
    versions: VersionFacts['versions'];
    print(line: string): void;
    run?: CommandRunner;
    homeDir?: string;
  },
): Promise<0 | 1> {
  const { app } = electron;
  let profile: string | null = null;
  try {
    profile = mkdtempSync(join(tmpdir(), 'classcharts-tray-self-test-'));
    app.setPath('userData', profile);
    if (proc.platform === 'darwin') app.dock?.hide();
    // As main does: without it Electron's default id (`electron.app.ClassCharts Tray`) would name the login
    // item looked up, and the first notification would rewrite the installed Start-menu shortcut's id
    // (electron@96f3996d shell/common/application_info_win.cc, shell/browser/notifications/win/
    // windows_toast_activator.cc `EnsureShortcut`), breaking the running app's toasts.
    if (proc.platform === 'win32') app.setAppUserModelId(APP_ID);
    await app.whenReady();
    const apiSession = electron.session.fromPartition(API_SESSION_PARTITION, { cache: false }) as SessionLike;
    const fetch = createElectronFetch(
      (options) => electron.net.request(options as ClientRequestConstructorOptions) as NetRequestLike,
      apiSession,
    );
    const results = await runSelfTest({
      platform: proc.platform,
      arch: proc.arch,
      env: proc.env,
      versions: proc.versions,
      appVersion: app.getVersion(),
      ozoneSwitch: app.commandLine.getSwitchValue('ozone-platform'),
      run: proc.run ?? execFileRunner,
      safeStorage: electron.safeStorage,
      Notification: electron.Notification,
      clock: systemClock,
      login: {
        getLoginItemSettings: (options) => app.getLoginItemSettings(options),
        autostartFile: autostartFile(APP_ID, proc.env, proc.homeDir ?? homedir()),
        readFile: (path) => {
          try {
            return readFileSync(path, 'utf8');
          } catch {
            return null;
          }
        },
        exists: existsSync,
      },
      globalShortcut: electron.globalShortcut,
      fetch,
      signIn: () => signInTarget({ env: proc.env, isPackaged: app.isPackaged }),
      print: proc.print,
    });
    return exitCode(results);
  } catch (error) {
    proc.print(
      formatCheck({ status: 'fail', name: 'self-test', detail: `could not run: ${errorText(error)}` }),
    );
    return 1;
  } finally {
    // Best effort: Chromium may still hold files there until the process exits.
    if (profile) rmSync(profile, { recursive: true, force: true, maxRetries: 2 });
  }
}
