/**
 * The app's own updates end to end against a local generic-provider feed (docs/auto-update.md): a loopback
 * node:http server serves `latest-linux.yml` and a stub AppImage as electron-builder publishes them
 * (sha512 in base64), and electron-updater's real AppImageUpdater fetches them through the electron mock
 * (`net.request` played over node:http by test/mocks/net-request.ts, as electronHttpExecutor.js calls it;
 * `app-update.yml` read from `process.resourcesPath` of a packaged app, as ElectronAppAdapter.js does).
 * Each case asserts the one state the user sees and the tray item.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppUpdater } from 'electron-updater';
import type { TrayMenuActions } from '../../../main/platform/menu';
import type { Updater } from '../../../main/ports';
import type { UpdateState } from '../../../common/contract';
import { FakeClock } from '../../support/clock';
import { tempFolder } from '../../support/temp-folders';
import { june } from '../../support/fixtures';

vi.mock('electron', () => import('../../mocks/electron'));

const mock = await import('../../mocks/electron');
const { emulatedNetRequest } = await import('../../mocks/net-request');
const { AppImageUpdater, MacUpdater, NsisUpdater } = await import('electron-updater');
const { createElectronUpdater } = await import('../../../main/platform/updater');
const { createXdgAutostart } = await import('../../../main/platform/autostart');
const { trayMenuTemplate } = await import('../../../main/platform/menu');
const { createTray } = await import('../../../main/platform/tray');
const { createUpdateSchedule, FIRST_CHECK_DELAY_MS, CHECK_INTERVAL_MS } =
  await import('../../../main/update/update-schedule');
const { silentLogger } = await import('../../../main/ports');

/**
 * These tests run on a Linux host (CI's Linux legs and the development machines): electron-updater takes
 * the host's cache folder (XDG_CACHE_HOME only on Linux: AppAdapter.js `getAppCacheDir`) and, for
 * the default updater, the host's platform (AppUpdater.js `getUpdateInfoAndProvider`, `process.platform`),
 * so on macOS or Windows the AppImage feed and the pending folder they read would be another OS's. The
 * macOS and Windows updaters are exercised here by forcing their platform (`_testOnlyOptions`).
 */
const onLinuxHost = process.platform === 'linux';
const CACHE_DIR_NAME = 'classcharts-tray-updater';
const CHANNEL = `latest-linux${process.arch === 'x64' ? '' : `-${process.arch}`}.yml`;
const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

/** A generic-provider feed: `latest-linux.yml` for `version`, its artefact, and what was asked of it. */
async function startFeed(options: {
  version: string;
  artefact: Buffer;
  publishedSha512?: string;
  /** The channel file and the artefact's extension: `latest-linux.yml` and AppImage unless given. */
  channel?: string;
  extension?: string;
  /** The server goes away after sending this many bytes of the artefact (its Content-Length says all). */
  cutAfter?: number;
  /** The artefact's answer waits for this (a slow download). */
  hold?: Promise<void>;
}) {
  const channel = options.channel ?? CHANNEL;
  const name = `ClassCharts-Tray-${options.version}.${options.extension ?? 'AppImage'}`;
  const sha = options.publishedSha512 ?? sha512(options.artefact);
  // The shape electron-builder writes (app-builder-lib src/publish/updateInfoBuilder.ts).
  const yml = [
    `version: ${options.version}`,
    'files:',
    `  - url: ${name}`,
    `    sha512: ${sha}`,
    `    size: ${options.artefact.length}`,
    `path: ${name}`,
    `sha512: ${sha}`,
    "releaseDate: '2026-11-20T10:00:00.000Z'",
  ].join('\n');
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://feed').pathname;
    requests.push(path);
    if (path === `/${channel}`) response.end(yml);
    else if (path === `/${name}` && options.cutAfter !== undefined) {
      response.writeHead(200, { 'content-length': options.artefact.length });
      response.write(options.artefact.subarray(0, options.cutAfter), () => response.destroy());
    } else if (path === `/${name}`)
      void (options.hold ?? Promise.resolve()).then(() =>
        response.writeHead(200, { 'content-length': options.artefact.length }).end(options.artefact),
      );
    else response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    artefactName: name,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (the server is down). */
async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/`;
}

let resources: string;
let cache: string;
const savedResourcesPath = process.resourcesPath;

beforeEach(() => {
  mock.resetElectronMock();
  mock.electronMock.isPackaged = true;
  mock.net.request.mockImplementation((options: unknown) => emulatedNetRequest(options as never));
  resources = tempFolder('cct-update-resources-');
  cache = tempFolder('cct-update-cache-');
  const appImage = join(tempFolder('cct-update-appimage-'), 'ClassCharts-Tray-0.1.0.AppImage');
  writeFileSync(appImage, 'the running AppImage 0.1.0');
  vi.stubEnv('APPIMAGE', appImage);
  vi.stubEnv('XDG_CACHE_HOME', cache);
  // Electron sets process.resourcesPath; electron-updater reads app-update.yml there when packaged.
  Object.assign(process, { resourcesPath: resources });
});
afterEach(() => {
  vi.unstubAllEnvs();
  Object.assign(process, { resourcesPath: savedResourcesPath });
});

/** The packaged app's `app-update.yml` (what electron-builder writes from `publish:`) pointing at `url`. */
function publishTo(url: string, extra = ''): void {
  writeFileSync(
    join(resources, 'app-update.yml'),
    `provider: generic\nurl: ${url}\nupdaterCacheDirName: ${CACHE_DIR_NAME}\n${extra}`,
  );
}

/** The port over `appUpdater` (an AppImageUpdater unless given) as on `platform`, and the states it reported. */
function makeUpdater<T extends AppUpdater = InstanceType<typeof AppImageUpdater>>(
  appUpdater: T = new AppImageUpdater() as unknown as T,
  platform = 'linux',
) {
  const updater = createElectronUpdater({
    offReason: null,
    load: async () => appUpdater,
    platform,
    logger: silentLogger,
    now: () => Date.parse('2026-11-25T10:32:00Z'),
  });
  const states: UpdateState[] = [];
  updater.onState((state) => states.push(state));
  return { appUpdater, updater, states };
}

/** The app's schedule driving `updater` on a fake clock, started, with its checks spied on. */
function scheduled(updater: Updater) {
  const clock = new FakeClock('2026-11-25T10:00:00Z');
  const check = vi.spyOn(updater, 'check');
  const schedule = createUpdateSchedule({
    clock,
    updater,
    enabled: () => true,
    busy: () => false,
    logger: silentLogger,
  });
  schedule.start();
  return { clock, check, schedule };
}

/** Tray menu actions: spies, with `installUpdate` as given. */
const menuActions = (installUpdate: () => void) => {
  const others = [
    'open',
    'refresh',
    'selectPupil',
    'setLaunchAtLogin',
    'setNotifications',
    'signOut',
    'quit',
  ];
  return {
    ...Object.fromEntries(others.map((name) => [name, vi.fn()])),
    installUpdate,
  } as unknown as TrayMenuActions;
};

/** The tray menu's labels (and items) for a student with `update` as the app's update state. */
const menuLabels = (update: UpdateState, installUpdate = vi.fn()) => {
  const state = june.studentState();
  const items = trayMenuTemplate(
    { ...state, environment: { ...state.environment, update } },
    menuActions(installUpdate),
  );
  return { labels: items.map((i) => i.label), items };
};

const pendingFiles = () => {
  const pending = join(cache, CACHE_DIR_NAME, 'pending');
  return existsSync(pending) ? readdirSync(pending) : [];
};

describe.skipIf(!onLinuxHost)('auto-update against a local generic feed', () => {
  it('a newer version: downloaded, sha512 verified, ready, and the tray offers "Restart to update to 0.2.0"', async () => {
    const artefact = Buffer.from('stub AppImage 0.2.0\n'.repeat(1000));
    const feed = await startFeed({ version: '0.2.0', artefact });
    publishTo(feed.url);
    const { appUpdater, updater, states } = makeUpdater();

    await updater.check();

    expect(updater.state()).toEqual({ status: 'ready', version: '0.2.0' });
    // One state at a time: checking, then downloading 0.2.0 (with its progress), then ready.
    const steps = states.map((s) => s.status).filter((s, i, all) => s !== all[i - 1]);
    expect(steps).toEqual(['checking', 'downloading', 'ready']);
    expect(states.filter((s) => s.status === 'downloading').at(-1)).toEqual({
      status: 'downloading',
      version: '0.2.0',
      percent: 100,
    });
    expect(feed.requests).toContain(`/${feed.artefactName}`);
    // The verified file is kept, byte for byte, where the install on quit takes it from.
    const pending = join(cache, CACHE_DIR_NAME, 'pending', feed.artefactName);
    expect(existsSync(pending)).toBe(true);
    expect(sha512(readFileSync(pending))).toBe(sha512(artefact));
    // Through Electron's net on its own partition, as electronHttpExecutor.js does.
    expect(mock.session.fromPartition).toHaveBeenCalledWith('electron-updater', { cache: false });

    const install = vi.spyOn(appUpdater, 'quitAndInstall').mockImplementation(() => undefined);
    const { labels, items } = menuLabels(
      updater.state(),
      vi.fn(() => updater.quitAndInstall()),
    );
    expect(labels).toContain('Restart to update to 0.2.0');
    expect(labels.indexOf('Restart to update to 0.2.0')).toBe(labels.indexOf('Quit ClassCharts Tray') - 1);
    items.find((i) => i.label === 'Restart to update to 0.2.0')?.click?.({} as never, undefined, {} as never);
    expect(install).toHaveBeenCalledWith(true, true);
    // Nothing restarts by itself.
    expect(mock.app.quit).not.toHaveBeenCalled();

    // The running tray (Linux: the menu the panel shows) gains the item when the state becomes ready.
    const tray = createTray({
      electron: {
        Tray: mock.Tray as never,
        Menu: mock.Menu as never,
        nativeImage: mock.nativeImage as never,
      },
      iconDir: '/app/resources/tray',
      platform: 'linux',
      clock: new FakeClock('2026-11-25T10:32:00Z'),
      actions: menuActions(vi.fn()),
      onClick: vi.fn(),
      cursor: () => ({ x: 0, y: 0 }),
    });
    const student = june.studentState();
    tray.render({ ...student, environment: { ...student.environment, update: { status: 'idle' } } });
    const panel = () => mock.FakeTray.instances.at(-1)?.contextMenu;
    expect(panel()?.find('Restart to update to 0.2.0')).toBeUndefined();
    tray.render({ ...student, environment: { ...student.environment, update: updater.state() } });
    expect(panel()?.find('Restart to update to 0.2.0')).toBeDefined();
    tray.destroy();
    await feed.close();
  });

  // AppImageUpdater.js doInstall (electron-updater 6.8): an AppImage whose file name holds a version is
  // replaced by a file with the new version's name, and the old one is deleted; the XDG autostart entry
  // must follow it before the process exits, or the app does not start at the next login. The install
  // runs the new file (`execFileSync`), so the stub artefact is a shell script: POSIX only.
  it.skipIf(process.platform === 'win32')(
    'installed on quit: a versioned AppImage is replaced by the new name, and the autostart entry follows it at once',
    async () => {
      const artefact = Buffer.from('#!/bin/sh\nexit 0\n');
      const feed = await startFeed({ version: '0.2.0', artefact });
      publishTo(feed.url);
      const running = process.env.APPIMAGE!;
      const config = tempFolder('cct-update-xdg-');
      const autostart = createXdgAutostart({
        appId: 'io.github.classchartstray',
        env: { XDG_CONFIG_HOME: config },
        homeDir: config,
        entry: { name: 'ClassCharts Tray', comment: 'test', exec: [running, '--autostart'] },
      });
      await autostart.setEnabled(true);
      const appUpdater = new AppImageUpdater();
      const moved: string[] = [];
      const updater = createElectronUpdater({
        offReason: null,
        load: async () => appUpdater,
        onAppImageMoved: (path) => {
          moved.push(path);
          autostart.follow(path);
        },
        platform: 'linux',
        logger: silentLogger,
        now: () => Date.parse('2026-11-25T10:32:00Z'),
      });
      await updater.check();
      expect(updater.state()).toEqual({ status: 'ready', version: '0.2.0' });

      // The app quits (exit code 0): electron-updater's quit handler installs (install on quit).
      mock.app.emit('quit', {}, 0);

      const installed = join(dirname(running), 'ClassCharts-Tray-0.2.0.AppImage');
      expect(moved).toEqual([installed]);
      expect(existsSync(running)).toBe(false);
      expect(readFileSync(installed, 'utf8')).toBe(artefact.toString());
      const exec = readFileSync(autostart.file, 'utf8')
        .split('\n')
        .find((line) => line.startsWith('Exec='));
      expect(exec).toBe(`Exec=${installed} --autostart`);
      await feed.close();
    },
  );

  it('the same version: up to date, nothing downloaded, no tray item', async () => {
    const feed = await startFeed({ version: '0.1.0', artefact: Buffer.from('same') });
    publishTo(feed.url);
    const { updater } = makeUpdater();

    await updater.check();

    expect(updater.state()).toEqual({ status: 'up-to-date', checkedAt: Date.parse('2026-11-25T10:32:00Z') });
    expect(feed.requests).toEqual([`/${CHANNEL}`]);
    expect(menuLabels(updater.state()).labels.some((l) => l?.startsWith('Restart to update'))).toBe(false);
    await feed.close();
  });

  it('a bad sha512 (the artefact differs from latest-linux.yml): an error that says so, the file not kept, no tray item', async () => {
    const feed = await startFeed({
      version: '0.2.0',
      artefact: Buffer.from('tampered AppImage'),
      publishedSha512: sha512(Buffer.from('the AppImage that was published')),
    });
    publishTo(feed.url);
    const { updater } = makeUpdater();

    await expect(updater.check()).resolves.toBeUndefined();

    expect(updater.state()).toMatchObject({
      status: 'error',
      message: 'The download was damaged (checksum mismatch) and was discarded.',
    });
    expect(feed.requests).toContain(`/${feed.artefactName}`);
    expect(pendingFiles()).toEqual([]);
    expect(menuLabels(updater.state()).labels.some((l) => l?.startsWith('Restart to update'))).toBe(false);
    await feed.close();
  });

  it('the server down: "Couldn\'t reach the update server", no crash, and the next scheduled check still happens', async () => {
    publishTo(await closedPortUrl());
    const { updater, states } = makeUpdater();
    const { clock, check, schedule } = scheduled(updater);

    await clock.advance(FIRST_CHECK_DELAY_MS);
    await check.mock.results[0]?.value;
    expect(updater.state()).toMatchObject({ status: 'error', message: "Couldn't reach the update server." });
    expect(menuLabels(updater.state()).labels.some((l) => l?.startsWith('Restart to update'))).toBe(false);

    // 6 hours later the schedule asks again (and says the same, one state, while the server stays down).
    await clock.advance(CHECK_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(2);
    await check.mock.results[1]?.value;
    expect(states.map((s) => s.status)).toEqual(['checking', 'error', 'checking', 'error']);
    expect(updater.state()).toMatchObject({ status: 'error', message: "Couldn't reach the update server." });
    schedule.stop();
  });

  it('a check while the download is still running (e.g. after a wake-up) joins it: one download, the state stays downloading', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const feed = await startFeed({ version: '0.2.0', artefact: Buffer.from('stub AppImage 0.2.0'), hold });
    publishTo(feed.url);
    const { updater, states } = makeUpdater();

    const first = updater.check();
    await vi.waitFor(() => expect(feed.requests).toContain(`/${feed.artefactName}`));
    expect(updater.state()).toMatchObject({ status: 'downloading', version: '0.2.0' });
    // electron-updater dedupes checkForUpdates only while the check itself runs (AppUpdater.js
    // checkForUpdatesPromise); a new one during the download emits checking-for-update again.
    const second = updater.check();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(updater.state()).toMatchObject({ status: 'downloading', version: '0.2.0' });
    release();
    await Promise.all([first, second]);

    expect(updater.state()).toEqual({ status: 'ready', version: '0.2.0' });
    expect(states.map((s) => s.status).filter((s, i, all) => s !== all[i - 1])).toEqual([
      'checking',
      'downloading',
      'ready',
    ]);
    expect(feed.requests.filter((p) => p === `/${feed.artefactName}`)).toHaveLength(1);
    await feed.close();
  });

  it('the server goes away mid-download: "The download was interrupted", the partial file not kept, no tray item', async () => {
    const artefact = Buffer.from('stub AppImage 0.2.0\n'.repeat(5000));
    const feed = await startFeed({ version: '0.2.0', artefact, cutAfter: 40_000 });
    publishTo(feed.url);
    const { updater, states } = makeUpdater();

    await expect(updater.check()).resolves.toBeUndefined();

    expect(updater.state()).toMatchObject({
      status: 'error',
      message: 'The download was interrupted. The next check tries again.',
    });
    expect(states.map((s) => s.status)).toContain('downloading');
    expect(pendingFiles()).toEqual([]);
    expect(menuLabels(updater.state()).labels.some((l) => l?.startsWith('Restart to update'))).toBe(false);
    await feed.close();
  });

  it('a build without a feed (a configuration with `publish: null` writes no app-update.yml): off with a reason, no error, no further checks', async () => {
    // app-builder-lib 26.17 out/publish/PublishManager.js: getPublishConfigs returns null for `publish:
    // null`, and app-update.yml is written only when there is a publish configuration; electron-updater
    // then fails every check reading it (AppUpdater.js loadUpdateConfig: ENOENT).
    const { updater, states } = makeUpdater();
    const { clock, check, schedule } = scheduled(updater);

    await clock.advance(FIRST_CHECK_DELAY_MS);
    await check.mock.results[0]?.value;
    expect(updater.state()).toEqual({
      status: 'off',
      reason: "This build has no update server set, so it doesn't update itself.",
    });
    expect(states.some((s) => s.status === 'error')).toBe(false);

    await clock.advance(CHECK_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(1);
    schedule.stop();
  });

  it('electron-updater is loaded at the first check, not before; a load that fails is an error and the next check loads again', async () => {
    const feed = await startFeed({ version: '0.1.0', artefact: Buffer.from('unused') });
    publishTo(feed.url);
    const load = vi
      .fn<() => Promise<InstanceType<typeof AppImageUpdater>>>()
      .mockRejectedValueOnce(new Error('Cannot find module chunks/electron-updater.js'))
      .mockImplementation(async () => new AppImageUpdater());
    const updater = createElectronUpdater({
      offReason: null,
      load,
      platform: 'linux',
      logger: silentLogger,
      now: () => Date.parse('2026-11-25T10:32:00Z'),
    });
    // Creating the port loads nothing: main/index.ts import()s electron-updater only when asked to check.
    expect(load).not.toHaveBeenCalled();
    expect(updater.state()).toEqual({ status: 'idle' });

    await updater.check();
    expect(updater.state()).toMatchObject({
      status: 'error',
      message: 'The update failed: Cannot find module chunks/electron-updater.js',
    });
    expect(feed.requests).toEqual([]);

    await updater.check();
    await updater.check();
    expect(load).toHaveBeenCalledTimes(2);
    expect(updater.state()).toMatchObject({ status: 'up-to-date' });
    expect(feed.requests).toEqual([`/${CHANNEL}`, `/${CHANNEL}`]);
    await feed.close();
  });
});

/** A feed whose latest-mac.yml offers version 0.2.0 as a `extension` file, and a real MacUpdater on it. */
async function macFeed(extension: 'zip' | 'dmg') {
  const feed = await startFeed({
    version: '0.2.0',
    artefact: Buffer.from(`stub ${extension} 0.2.0\n`.repeat(100)),
    channel: 'latest-mac.yml',
    extension,
  });
  publishTo(feed.url);
  const appUpdater = new MacUpdater();
  // electron-updater's own test hook: the provider asks for latest-mac.yml as on macOS; full download.
  Object.assign(appUpdater, { _testOnlyOptions: { platform: 'darwin', isUseDifferentialDownload: false } });
  return { feed, ...makeUpdater(appUpdater, 'darwin') };
}

describe.skipIf(!onLinuxHost)(
  'auto-update on macOS (MacUpdater over Electron autoUpdater, Squirrel.Mac)',
  () => {
    it('an unsigned app: Squirrel.Mac refuses it, the state says so and stays off (no "Restart to update" that cannot work, no download every 6 h)', async () => {
      mock.electronMock.platform = 'darwin';
      mock.electronMock.codeSigned = false;
      // MacUpdater takes the zip from latest-mac.yml (MacUpdater.js doDownloadUpdate `findFile(files, "zip")`).
      const { feed, appUpdater, updater, states } = await macFeed('zip');

      // MacUpdater's download promise waits for Squirrel.Mac, which never starts here: not awaited.
      void updater.check();
      await vi.waitFor(() => expect(mock.autoUpdater.setFeedURL).toHaveBeenCalled());
      // MacUpdater.js updateDownloaded: setFeedURL (Electron emits the signature error at once), then
      // dispatchUpdateDownloaded — the error must win.
      await vi.waitFor(() => expect(states.at(-1)?.status).not.toBe('downloading'));
      const unsigned = {
        status: 'off',
        reason:
          "This copy isn't signed, so macOS won't let it update itself: download the new version instead.",
      };
      expect(updater.state()).toEqual(unsigned);
      expect(menuLabels(updater.state()).labels.some((l) => l?.startsWith('Restart to update'))).toBe(false);
      await updater.check();
      expect(feed.requests.filter((p) => p.endsWith('.zip'))).toHaveLength(1);
      expect(updater.state()).toEqual(unsigned);

      (appUpdater as unknown as { closeServerIfExists(): void }).closeServerIfExists();
      await feed.close();
    });

    it('an ad hoc signed app: ready at first (MacUpdater reports the zip downloaded before Squirrel.Mac checks it), then off once Squirrel.Mac rejects the signature', async () => {
      mock.electronMock.platform = 'darwin';
      mock.electronMock.adHocSigned = true;
      const { feed, appUpdater, updater, states } = await macFeed('zip');

      void updater.check();
      await vi.waitFor(() => expect(updater.state().status).toBe('off'));
      expect(states.map((s) => s.status)).toContain('ready');
      expect(updater.state()).toEqual({
        status: 'off',
        reason:
          "This copy isn't signed, so macOS won't let it update itself: download the new version instead.",
      });
      expect(menuLabels(updater.state()).labels.some((l) => l?.startsWith('Restart to update'))).toBe(false);

      (appUpdater as unknown as { closeServerIfExists(): void }).closeServerIfExists();
      await feed.close();
    });

    it('a feed with only a dmg (a release without its macOS zip): off with a reason, not an error every 6 hours', async () => {
      // app-builder-lib writes latest-mac.yml from the dmg when no zip is built (dmg-builder out/dmg.js
      // `isWriteUpdateInfo`); MacUpdater then throws ERR_UPDATER_ZIP_FILE_NOT_FOUND (MacUpdater.js doDownloadUpdate).
      const { feed, updater, states } = await macFeed('dmg');
      const { clock, check, schedule } = scheduled(updater);

      await clock.advance(FIRST_CHECK_DELAY_MS);
      await check.mock.results[0]?.value;
      expect(updater.state()).toEqual({
        status: 'off',
        reason:
          "This build can't update itself on macOS (its update server offers no zip): download the new version instead.",
      });
      expect(states.some((s) => s.status === 'error')).toBe(false);
      await clock.advance(CHECK_INTERVAL_MS);
      expect(check).toHaveBeenCalledTimes(1);
      schedule.stop();
      await feed.close();
    });
  },
);

describe.skipIf(!onLinuxHost)('auto-update on Windows (NsisUpdater)', () => {
  it('an installer not signed by the publisher: an error that says so, the installer not kept, no tray item', async () => {
    const feed = await startFeed({
      version: '0.2.0',
      artefact: Buffer.from('MZ stub installer 0.2.0'),
      channel: 'latest.yml',
      extension: 'exe',
    });
    // electron-builder writes publisherName into app-update.yml for a signed Windows build
    // (app-builder-lib 26.17 out/publish/PublishManager.js getAppUpdatePublishConfiguration); NsisUpdater
    // then checks the downloaded installer's Authenticode signer against it (NsisUpdater.js verifySignature).
    publishTo(feed.url, 'publisherName: ClassCharts Tray contributors\n');
    const appUpdater = new NsisUpdater();
    Object.assign(appUpdater, { _testOnlyOptions: { platform: 'win32', isUseDifferentialDownload: false } });
    // What the default verifier (PowerShell Get-AuthenticodeSignature) resolves with for an installer signed
    // by another certificate: windowsExecutableCodeSignatureVerifier.js `publisherNames: …, raw info: …`.
    const verify = vi.fn(
      async (names: string[]) =>
        `publisherNames: ${names.join(' | ')}, raw info: ${JSON.stringify({ Status: 0, SignerCertificate: { Subject: 'CN=Someone Else' } }, null, 2)}`,
    );
    appUpdater.verifyUpdateCodeSignature = verify;
    const { updater } = makeUpdater(appUpdater, 'win32');

    await updater.check();

    expect(verify).toHaveBeenCalledWith(['ClassCharts Tray contributors'], expect.stringContaining('.exe'));
    expect(updater.state()).toMatchObject({
      status: 'error',
      message: "The update isn't signed by the app's publisher, so it was discarded.",
    });
    expect(pendingFiles()).toEqual([]);
    expect(menuLabels(updater.state()).labels.some((l) => l?.startsWith('Restart to update'))).toBe(false);
    await feed.close();
  });
});
