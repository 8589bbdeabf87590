/**
 * `--self-test` (main/platform/self-test.ts) against the shared electron mock: each check says what a user
 * on that machine would need to know (a missing tray host, native Wayland, no keyring, a refused
 * notification, a login item pointing nowhere, a refused shortcut, a sign-in cookie lost between Chromium's
 * jar and the client), the report's exit code is 1 exactly when a check failed, and main/index.ts started
 * with `--self-test` prints the lines and exits without a window, a tray or the single-instance lock.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeClassCharts, type FakeClassCharts } from '../fake-classcharts/index';
import type * as ElectronMock from '../mocks/electron';
import { emulatedNetRequest, type EmulatedRequestOptions } from '../mocks/net-request';

vi.mock('electron', () => import('../mocks/electron'));

const electron = await import('../mocks/electron');
const {
  FakeNotification,
  Notification,
  app,
  electronMock,
  globalShortcut,
  resetElectronMock,
  safeStorage,
  session,
} = electron;
const selfTest = await import('../../main/platform/self-test');
const { startSignInStandIn, STAND_IN_STUDENT } = await import('../../main/platform/self-test-server');
const { createLoginItemAutostart, createXdgAutostart } = await import('../../main/platform/autostart');
const { APP_ID } = await import('../../main/platform/environment');
const { API_SESSION_PARTITION, createElectronFetch } = await import('../../main/platform/net-fetch');
const { DEMO_CREDENTIALS } = await import('../../main/app');
const { systemClock } = await import('../../main/ports');

const work = mkdtempSync(join(tmpdir(), 'cct-self-test-'));
let fake: FakeClassCharts;

beforeAll(async () => {
  fake = await startFakeClassCharts({ port: 0 });
});
afterAll(async () => {
  await fake.close();
  rmSync(work, { recursive: true, force: true });
});
beforeEach(() => resetElectronMock());

/** A command runner that answers per program; a program missing from `answers` is "not installed". */
function runner(answers: Record<string, { code?: number; stdout?: string; stderr?: string }>) {
  return vi.fn(async (file: string, _args: readonly string[]) => {
    const answer = answers[file];
    if (!answer) throw Object.assign(new Error(`spawn ${file} ENOENT`), { code: 'ENOENT' });
    return { code: answer.code ?? 0, stdout: answer.stdout ?? '', stderr: answer.stderr ?? '' };
  });
}

/** The API session's fetch, as main builds it, over the node:http emulation of `net.request`. */
function apiFetch() {
  return createElectronFetch(
    (options) => emulatedNetRequest(options as EmulatedRequestOptions),
    session.fromPartition(API_SESSION_PARTITION, { cache: false }),
  );
}

describe('the report', () => {
  it('prints fixed-width status and name columns, then the detail on one line', () => {
    const lines = [
      selfTest.formatCheck({ status: 'ok', name: 'key provider', detail: 'v11: the keyring' }),
      selfTest.formatCheck({ status: 'warn', name: 'tray host', detail: 'no watcher\n  (GNOME)' }),
    ];
    expect(lines[0]).toBe('ok    key provider     v11: the keyring');
    expect(lines[1]).toBe('warn  tray host        no watcher (GNOME)');
    // Read back by tools (the smoke test): the inverse of the format; anything else is not a check line.
    expect(selfTest.parseCheckLine(lines[0]!)).toEqual({
      status: 'ok',
      name: 'key provider',
      detail: 'v11: the keyring',
    });
    expect(selfTest.parseCheckLine('[1234:ERROR:bus.cc] Failed to connect')).toBeNull();
  });

  it('exits 1 only when a check failed: warnings and skips still exit 0', () => {
    const ok = { status: 'ok', name: 'a', detail: '' } as const;
    expect(selfTest.exitCode([ok, { ...ok, status: 'warn' }, { ...ok, status: 'skip' }])).toBe(0);
    expect(selfTest.exitCode([ok, { ...ok, status: 'fail' }])).toBe(1);
  });

  it('names the Electron, Chromium and Node versions and the app, and says when not in Electron', () => {
    const facts = { appVersion: '0.1.0', platform: 'linux', arch: 'x64' };
    expect(
      selfTest.checkVersions({
        ...facts,
        versions: { electron: '45.4.1', chrome: '153.0.1', node: '24.18.1' },
      }),
    ).toEqual({
      status: 'ok',
      name: 'versions',
      detail: 'Electron 45.4.1, Chromium 153.0.1, Node 24.18.1; app 0.1.0 on linux x64',
    });
    expect(selfTest.checkVersions({ ...facts, versions: { node: '24.21.0' } }).status).toBe('warn');
  });
});

describe('display (Linux)', () => {
  const x11 = { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0' };
  const wayland = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' };

  it('X11 is ok; a Wayland session is native Wayland (Electron ≥ 38) and warns that the popover cannot be placed', () => {
    expect(selfTest.checkDisplay({ platform: 'linux', env: x11, ozoneSwitch: '' })).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/^X11 \(/),
    });
    const native = selfTest.checkDisplay({ platform: 'linux', env: wayland, ozoneSwitch: '' });
    expect(native.status).toBe('warn');
    expect(native.detail).toMatch(/native Wayland.*not next to the tray.*--ozone-platform=x11/);
  });

  // Electron has an Ozone platform switch on Linux only, and so has the mock (ozonePlatform()).
  it.runIf(process.platform === 'linux')(
    '--ozone-platform=x11 in a Wayland session runs through XWayland: ok',
    () => {
      electronMock.sessionType = 'wayland';
      electronMock.ozonePlatformArg = 'x11';
      const result = selfTest.checkDisplay({
        platform: 'linux',
        env: wayland,
        ozoneSwitch: app.commandLine.getSwitchValue('ozone-platform'),
      });
      expect(result).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^X11 through XWayland/) });
    },
  );

  it('no display at all fails; other systems skip', () => {
    expect(selfTest.checkDisplay({ platform: 'linux', env: {}, ozoneSwitch: '' }).status).toBe('fail');
    expect(selfTest.checkDisplay({ platform: 'darwin', env: {}, ozoneSwitch: '' }).status).toBe('skip');
  });
});

describe('tray host (Linux D-Bus)', () => {
  it('asks the session bus whether org.kde.StatusNotifierWatcher has an owner: yes is ok', async () => {
    const run = runner({
      'dbus-send': { stdout: 'method return time=1 sender=org.freedesktop.DBus\n   boolean true\n' },
    });
    const result = await selfTest.checkTrayHost({ platform: 'linux', run });
    expect(result.status).toBe('ok');
    const [file, args] = run.mock.calls[0]!;
    expect(file).toBe('dbus-send');
    expect(args).toEqual(expect.arrayContaining(['--session', 'string:org.kde.StatusNotifierWatcher']));
  });

  it('no watcher warns with the GNOME remedy (the AppIndicator extension)', async () => {
    const run = runner({ 'dbus-send': { stdout: '   boolean false\n' } });
    const result = await selfTest.checkTrayHost({ platform: 'linux', run });
    expect(result.status).toBe('warn');
    expect(result.detail).toMatch(/tray icon will not show.*AppIndicator/);
  });

  it('falls back to gdbus when dbus-send is missing; neither installed is a skip; not Linux skips', async () => {
    const gdbus = runner({ gdbus: { stdout: '(true,)\n' } });
    expect((await selfTest.checkTrayHost({ platform: 'linux', run: gdbus })).status).toBe('ok');
    expect(gdbus.mock.calls.map(([file]) => file)).toEqual(['dbus-send', 'gdbus']);
    expect((await selfTest.checkTrayHost({ platform: 'linux', run: runner({}) })).status).toBe('skip');
    const unused = runner({});
    expect((await selfTest.checkTrayHost({ platform: 'win32', run: unused })).status).toBe('skip');
    expect(unused).not.toHaveBeenCalled();
  });

  it('a session bus that does not answer warns with its error', async () => {
    const run = runner({
      'dbus-send': { code: 1, stderr: 'Failed to open connection to "session" message bus\n' },
    });
    expect(await selfTest.checkTrayHost({ platform: 'linux', run })).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/Failed to open connection/),
    });
  });
});

describe('key provider', () => {
  // The mock tags ciphertext as Electron does on this test machine's platform (Linux).
  it.runIf(process.platform === 'linux')('an open keyring (v11) is ok and named', async () => {
    expect(await selfTest.checkKeyProvider(safeStorage, 'linux')).toEqual({
      status: 'ok',
      name: 'key provider',
      detail: 'v11: the Secret Service keyring (gnome_libsecret)',
    });
  });

  it.runIf(process.platform === 'linux')(
    'no keyring (v10, the fixed public key) warns, even though the desktop names a keyring backend',
    async () => {
      electronMock.keyring = 'none';
      const result = await selfTest.checkKeyProvider(safeStorage, 'linux');
      expect(result.status).toBe('warn');
      expect(result.detail).toMatch(
        /^v10: no keyring: a remembered sign-in is protected only by a public key/,
      );
    },
  );

  it('a key provider that never answers (an unlock prompt nobody sees) warns instead of hanging', async () => {
    let fire: (() => void) | null = null;
    const clock = {
      setTimeout: (callback: () => void) => ((fire = callback), 1),
      clearTimeout: () => undefined,
    };
    const waiting = {
      ...safeStorage,
      isAsyncEncryptionAvailable: () => new Promise<boolean>(() => undefined),
    };
    const result = selfTest.checkKeyProvider(waiting, 'linux', { clock, waitMs: 15_000 });
    await vi.waitFor(() => expect(fire).not.toBeNull());
    fire!();
    expect(await result).toMatchObject({ status: 'warn', detail: expect.stringMatching(/within 15 s/) });
  });

  it('no encryption at all warns (signing in still works without "remember me"), never fails', async () => {
    electronMock.encryptionAvailable = false;
    const result = await selfTest.checkKeyProvider(safeStorage, process.platform);
    expect(result.status).toBe('warn');
    expect(result.detail).toMatch(/no encryption.*remember me/);
  });
});

describe('notifications', () => {
  const clock = systemClock;

  it('shows one silent notification, waits for its show event, closes it: ok', async () => {
    const result = await selfTest.checkNotifications({
      Notification: Notification as never,
      clock,
      platform: 'linux',
    });
    expect(result.status).toBe('ok');
    const shown = FakeNotification.instances[0]!;
    expect(shown.options).toMatchObject({ title: 'ClassCharts Tray self-test', silent: true });
    expect(shown.close).toHaveBeenCalled();
  });

  it('a show event that comes later (not from show() itself) is still ok', async () => {
    class Later extends FakeNotification {
      override show = vi.fn(() => void setTimeout(() => this.emit('show', {}), 20));
    }
    const result = await selfTest.checkNotifications({
      Notification: Later as never,
      clock,
      platform: 'linux',
    });
    expect(result.status).toBe('ok');
  });

  it('a failed event fails with the OS error (an unsigned macOS app since Electron 42)', async () => {
    class Refused extends FakeNotification {
      override show = vi.fn(
        () =>
          void setTimeout(
            () => this.emit('failed', {}, 'Notifications are not allowed for this application'),
            20,
          ),
      );
    }
    const result = await selfTest.checkNotifications({
      Notification: Refused as never,
      clock,
      platform: 'darwin',
    });
    expect(result.status).toBe('fail');
    expect(result.detail).toMatch(/Notifications are not allowed.*code-signed/);
    expect(FakeNotification.instances[0]!.close).toHaveBeenCalled();
  });

  it('no event within the wait warns; unsupported notifications fail', async () => {
    class Silent extends FakeNotification {
      override show = vi.fn(() => undefined);
    }
    let fire: () => void = () => undefined;
    const manual = {
      setTimeout: (callback: () => void, ms: number) => {
        expect(ms).toBe(5_000);
        fire = callback;
        return 1;
      },
      clearTimeout: () => undefined,
    };
    const pending = selfTest.checkNotifications({
      Notification: Silent as never,
      clock: manual,
      platform: 'win32',
    });
    await Promise.resolve();
    fire();
    expect((await pending).status).toBe('warn');
    electronMock.notificationsSupported = false;
    expect(
      (await selfTest.checkNotifications({ Notification: Notification as never, clock, platform: 'linux' }))
        .status,
    ).toBe('fail');
  });
});

describe('login item', () => {
  const files = { readFile: () => null, exists: () => true, autostartFile: '/nowhere' };

  it('macOS reports the login item status; requires-approval warns with where to approve it', () => {
    const settings = (status: string) => () => ({ ...app.getLoginItemSettings(), status }) as never;
    const check = (status: string) =>
      selfTest.checkLoginItem({ platform: 'darwin', getLoginItemSettings: settings(status), ...files });
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
    expect(selfTest.checkLoginItem(facts)).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/^off/),
    });
    await autostart.setEnabled(true);
    expect(selfTest.checkLoginItem(facts)).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/^on/),
    });
    electronMock.windowsStartupDisabled = true; // Task Manager › Startup apps › Disable
    expect(selfTest.checkLoginItem(facts)).toMatchObject({
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
    expect(selfTest.checkLoginItem(facts)).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/^off/),
    });
    await autostart.setEnabled(true);
    expect(selfTest.checkLoginItem(facts)).toMatchObject({
      status: 'warn',
      detail: expect.stringContaining(`starts ${program}, which no longer exists`),
    });
    writeFileSync(program, '');
    expect(selfTest.checkLoginItem(facts)).toEqual({
      status: 'ok',
      name: 'login item',
      detail: `on: ${autostart.file} starts ${program}`,
    });
  });
});

describe('global shortcut', () => {
  it('registers a harmless accelerator and releases it: ok', () => {
    const result = selfTest.checkShortcut({ globalShortcut, waylandSession: false });
    expect(result.status).toBe('ok');
    expect(globalShortcut.register).toHaveBeenCalledWith(
      'CommandOrControl+Alt+Shift+F12',
      expect.any(Function),
    );
    expect(globalShortcut.registered.size).toBe(0);
  });

  it('refused warns; in a Wayland session (native or XWayland) a yes still warns that the desktop decides', () => {
    expect(selfTest.checkShortcut({ globalShortcut, waylandSession: true })).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/the desktop decides.*GlobalShortcuts portal.*XWayland/),
    });
    electronMock.takenShortcuts.add('CommandOrControl+Alt+Shift+F12');
    expect(selfTest.checkShortcut({ globalShortcut, waylandSession: false })).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/refused/),
    });
  });
});

describe('sign-in cookie (the API session)', () => {
  /** Signs in to a new stand-in through the API session's fetch (`apiFetch`); the stand-in is closed after. */
  async function signInToStandIn() {
    const standIn = await startSignInStandIn();
    try {
      const result = await selfTest.checkApiSession({
        fetch: apiFetch(),
        target: { baseUrl: standIn.url, credentials: { ...STAND_IN_STUDENT }, label: 'stand-in' },
      });
      return { result, requests: standIn.requests };
    } finally {
      await standIn.close();
    }
  }
  const apiSession = () => session.fromPartition(API_SESSION_PARTITION, { cache: false });

  it('signs in to the stand-in through the API session: the 302 cookie reaches the client and goes back', async () => {
    const { result, requests } = await signInToStandIn();
    expect(result).toEqual({
      status: 'ok',
      name: 'sign-in cookie',
      detail: '302 → session cookie → token, accepted back (stand-in)',
    });
    expect(requests).toEqual([
      { method: 'POST', path: '/student/login', cookie: false, token: false },
      { method: 'POST', path: '/apiv2student/ping', cookie: true, token: true },
    ]);
  });

  it('fails when the session jar loses the 302 cookie (the Electron redirect hides Set-Cookie)', async () => {
    // A jar that keeps nothing: what the client would see if Chromium did not store the redirect's cookies.
    vi.spyOn(apiSession().cookies, 'storeFrom').mockResolvedValue(undefined);
    const { result } = await signInToStandIn();
    expect(result.status).toBe('fail');
    expect(result.detail).toMatch(/WrongCredentials|credentials|refused/i);
  });

  it('fails when the session jar keeps the cookie but does not send it back with the next request', async () => {
    // Chromium attaches the jar's cookies, not the client's header: a jar that attaches none loses the session.
    vi.spyOn(apiSession().cookies, 'header').mockResolvedValue(null);
    const { result, requests } = await signInToStandIn();
    expect(result.status).toBe('fail');
    expect(result.detail).toMatch(/not logged in/);
    expect(requests.at(-1)).toMatchObject({ path: '/apiv2student/ping', cookie: false, token: true });
  });

  it('an unpackaged app with CLASSCHARTS_BASE_URL signs in to that server (the fake) as the demo student', async () => {
    const target = await selfTest.signInTarget({
      env: { CLASSCHARTS_BASE_URL: fake.url },
      isPackaged: false,
    });
    expect(target).toMatchObject({ baseUrl: fake.url, credentials: DEMO_CREDENTIALS.student });
    const before = fake.requests.length;
    expect((await selfTest.checkApiSession({ fetch: apiFetch(), target })).status).toBe('ok');
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(['/student/login', '/apiv2student/ping']);
  });

  it('a packaged app ignores CLASSCHARTS_BASE_URL and signs in to a stand-in on 127.0.0.1, never the real service', async () => {
    const target = await selfTest.signInTarget({ env: { CLASSCHARTS_BASE_URL: fake.url }, isPackaged: true });
    try {
      expect(target.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(target.baseUrl).not.toBe(fake.url);
    } finally {
      await target.release();
    }
  });
});

describe('selfTestCommand', () => {
  it('runs every check in order on a throwaway profile, printing one line each, and exits 0 with no failure', async () => {
    net();
    const lines: string[] = [];
    const code = await selfTest.selfTestCommand(electron as never, {
      env: { DISPLAY: ':0', XDG_SESSION_TYPE: 'x11', XDG_CONFIG_HOME: join(work, 'empty-xdg') },
      platform: 'linux',
      arch: 'x64',
      versions: { electron: '45.4.1', chrome: '153.0.1', node: '24.18.1' },
      print: (line) => lines.push(line),
      run: runner({ 'dbus-send': { stdout: 'boolean true' } }),
    });
    expect(lines.map((line) => selfTest.parseCheckLine(line)?.name)).toEqual([...selfTest.CHECK_NAMES]);
    expect(
      lines.every((line) => /^(ok|warn|skip) {2,4}\S/.test(line)),
      lines.join('\n'),
    ).toBe(true);
    expect(code).toBe(0);
    const [name, profile] = app.setPath.mock.calls[0]!;
    expect(name).toBe('userData');
    expect(profile).toMatch(/classcharts-tray-self-test-/);
    expect(app.setPath.mock.invocationCallOrder[0]).toBeLessThan(app.whenReady.mock.invocationCallOrder[0]!);
  });

  // Without the app's own AppUserModelID the first toast would rewrite the installed Start-menu shortcut's id
  // (electron@96f3996d shell/browser/notifications/win/windows_toast_activator.cc `EnsureShortcut`).
  it("on Windows takes the app's AppUserModelID before anything touches notifications", async () => {
    net();
    electronMock.platform = 'win32';
    const supported = vi.spyOn(FakeNotification, 'isSupported');
    await selfTest.selfTestCommand(electron as never, {
      env: {},
      platform: 'win32',
      arch: 'x64',
      versions: {},
      print: () => undefined,
      run: runner({}),
    });
    expect(app.setAppUserModelId).toHaveBeenCalledWith(APP_ID);
    expect(supported).toHaveBeenCalled();
    expect(app.setAppUserModelId.mock.invocationCallOrder[0]).toBeLessThan(
      supported.mock.invocationCallOrder[0]!,
    );
    supported.mockRestore();
  });

  it('exits 1 when a check fails', async () => {
    net();
    electronMock.notificationsSupported = false;
    const lines: string[] = [];
    const code = await selfTest.selfTestCommand(electron as never, {
      env: { DISPLAY: ':0' },
      platform: 'linux',
      arch: 'x64',
      versions: {},
      print: (line) => lines.push(line),
      run: runner({}),
    });
    expect(lines.filter((line) => line.startsWith('fail'))).toEqual([
      expect.stringMatching(/^fail {2}notifications/),
    ]);
    expect(code).toBe(1);
  });
});

function net(): void {
  electron.net.request.mockImplementation((options: unknown) =>
    emulatedNetRequest(options as EmulatedRequestOptions),
  );
}

describe('main/index.ts with --self-test', () => {
  const savedArgv = process.argv;
  const savedEnv = { ...process.env };
  afterAll(() => {
    process.argv = savedArgv;
    process.env = savedEnv;
  });

  /** Boots main in a fresh module graph with `--self-test`; resolves with what it printed and its exit code. */
  async function bootSelfTest(setUp: (mock: typeof ElectronMock) => void) {
    vi.resetModules();
    const mock = (await import('electron')) as unknown as typeof ElectronMock;
    mock.resetElectronMock();
    mock.net.request.mockImplementation((options: unknown) =>
      mock.emulatedNetRequest(options as EmulatedRequestOptions),
    );
    setUp(mock);
    process.argv = [...savedArgv, '--self-test'];
    // A display, as Electron needs one on Linux (this test machine has none).
    Object.assign(process.env, {
      CLASSCHARTS_BASE_URL: fake.url,
      XDG_CONFIG_HOME: join(work, 'boot-xdg'),
      DISPLAY: ':0',
    });
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await import('../../main/index');
      await vi.waitFor(() => expect(mock.app.exit).toHaveBeenCalled(), { timeout: 15_000 });
      return {
        mock,
        lines: log.mock.calls.map(([line]) => String(line)),
        code: mock.app.exit.mock.calls[0]![0],
      };
    } finally {
      log.mockRestore();
    }
  }

  it('prints the checks, exits 0, and starts no window, no tray and no single-instance lock', async () => {
    const before = fake.requests.length;
    const { mock, lines, code } = await bootSelfTest(() => undefined);
    expect(lines).toHaveLength(8);
    expect(lines.find((line) => line.includes('sign-in cookie'))).toMatch(
      /^ok {4}sign-in cookie +302 → session cookie/,
    );
    expect(code, lines.join('\n')).toBe(0);
    expect(mock.FakeBrowserWindow.instances).toHaveLength(0);
    expect(mock.FakeTray.instances).toHaveLength(0);
    expect(mock.app.requestSingleInstanceLock).not.toHaveBeenCalled();
    expect(mock.ipcMain.handlers.size).toBe(0);
    expect(mock.app.getPath('userData')).toMatch(/classcharts-tray-self-test-/);
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(['/student/login', '/apiv2student/ping']);
  });

  it('exits 1 when a check fails (notifications unsupported)', async () => {
    const { lines, code } = await bootSelfTest((mock) => {
      mock.electronMock.notificationsSupported = false;
    });
    expect(lines.some((line) => line.startsWith('fail  notifications'))).toBe(true);
    expect(code).toBe(1);
  });
});
