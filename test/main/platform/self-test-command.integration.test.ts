/**
 * `--self-test` in the Electron glue (main/platform/self-test-command.ts) against the shared electron mock:
 * the checks run in order on a throwaway profile, the exit code is 1 exactly when a check failed, and
 * main/index.ts started with `--self-test` prints the lines and exits without a window, a tray or the
 * single-instance lock. The checks themselves: test/main/self-test/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeClassCharts, type FakeClassCharts } from '../../../dev/fake-classcharts/index';
import type * as ElectronMock from '../../mocks/electron';
import { emulatedNetRequest, type EmulatedRequestOptions } from '../../mocks/net-request';
import { runner } from '../self-test/helpers';

vi.mock('electron', () => import('../../mocks/electron'));

const electron = await import('../../mocks/electron');
const { FakeNotification, app, electronMock, resetElectronMock } = electron;
const { selfTestCommand } = await import('../../../main/platform/self-test-command');
const { CHECK_NAMES, parseCheckLine } = await import('../../../main/self-test/report');
const { APP_ID } = await import('../../../main/platform/environment');

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

describe('selfTestCommand', () => {
  it('runs every check in order on a throwaway profile, printing one line each, and exits 0 with no failure', async () => {
    net();
    const lines: string[] = [];
    const code = await selfTestCommand(electron as never, {
      env: { DISPLAY: ':0', XDG_SESSION_TYPE: 'x11', XDG_CONFIG_HOME: join(work, 'empty-xdg') },
      platform: 'linux',
      arch: 'x64',
      versions: { electron: '45.4.1', chrome: '153.0.1', node: '24.18.1' },
      print: (line) => lines.push(line),
      run: runner({ 'dbus-send': { stdout: 'boolean true' } }),
    });
    expect(lines.map((line) => parseCheckLine(line)?.name)).toEqual([...CHECK_NAMES]);
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
    await selfTestCommand(electron as never, {
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
    const code = await selfTestCommand(electron as never, {
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
      await import('../../../main/index');
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
