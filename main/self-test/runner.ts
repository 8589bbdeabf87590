/**
 * `classcharts-tray --self-test` (and `npm run self-test`): checks, on the machine it runs on, the parts of
 * the Electron shell no test here can reach — the real Chromium, D-Bus, keyring, notification server, login
 * items, global shortcuts and the API session's cookie jar — and prints one line per check (the format and
 * the exit code: ./report.ts; one file per check in ./checks/). docs/self-test.md says what each line means
 * and what to do about it.
 *
 * Every Electron and OS dependency is a parameter (the checks are tested against test/mocks/electron.ts);
 * main/platform/self-test-command.ts `selfTestCommand` wires them from the Electron module main/index.ts
 * hands it. It starts no UI: no tray, no window, no single-instance lock, and Electron's profile goes to a
 * throwaway temporary folder.
 */
import { DEMO_CREDENTIALS } from '../../common/demo-accounts';
import { errorText } from '../../common/errors';
import { inWaylandSession } from '../platform/display-server';
import { DEFAULT_BASE_URL, serviceEnvironment } from '../platform/environment';
import type { SafeStorageAsync } from '../platform/vault';
import type { Clock } from '../ports';
import { checkApiSession, type SignInTarget } from './checks/api-session';
import { checkDisplay } from './checks/display';
import { checkKeyProvider } from './checks/key-provider';
import { checkLoginItem, type LoginItemFacts } from './checks/login-item';
import { checkNotifications, type SelfTestNotificationClass } from './checks/notifications';
import { checkShortcut, type SelfTestGlobalShortcut } from './checks/shortcut';
import { checkTrayHost, type CommandRunner } from './checks/tray-host';
import { checkVersions, type VersionFacts } from './checks/versions';
import { formatCheck, type CheckResult } from './report';
import { startSignInStandIn, STAND_IN_STUDENT } from './stand-in-server';

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
  globalShortcut: SelfTestGlobalShortcut;
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
 * fake, with its demo student), else a stand-in started here on 127.0.0.1 (./stand-in-server.ts). Never
 * the real service: the self-test must not send anything to ClassCharts.
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
