/**
 * `--self-test` in the Electron glue: {@link selfTestCommand} wires the checks of main/self-test/runner.ts
 * to the Electron module main/index.ts hands it (the app, safeStorage, Notification, globalShortcut, and
 * the API session's `net` fetch), on a throwaway Electron profile. It starts no UI: no tray, no window, no
 * single-instance lock.
 */
import type { App, ClientRequestConstructorOptions } from 'electron';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../ports';
import type { SelfTestNotificationClass } from '../self-test/checks/notifications';
import type { SelfTestGlobalShortcut } from '../self-test/checks/shortcut';
import { execFileRunner, type CommandRunner } from '../self-test/checks/tray-host';
import type { VersionFacts } from '../self-test/checks/versions';
import { errorText } from '../../common/errors';
import { exitCode, formatCheck } from '../self-test/report';
import { runSelfTest, signInTarget } from '../self-test/runner';
import { autostartFile } from './autostart';
import { APP_ID } from './environment';
import {
  API_SESSION_PARTITION,
  createElectronFetch,
  type NetRequestLike,
  type SessionLike,
} from './net-fetch';
import type { SafeStorageAsync } from './vault';

/** The argument that turns the app into the self-test. */
export const SELF_TEST_ARG = '--self-test';

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
  globalShortcut: SelfTestGlobalShortcut;
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
