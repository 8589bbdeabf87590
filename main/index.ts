/**
 * Electron composition root: builds the real ports (net.request as fetch, safeStorage vault, electron-store,
 * Notification, login items / XDG autostart, shell, electron-updater), creates the core (main/app/), and
 * wires the tray, the popover, IPC, the global shortcut and power events to it. One instance only; no dock
 * icon on macOS. A start by the user (not at login: launch.ts) opens the popover once loaded; a native
 * Wayland run (display-server.ts) gets the popover as a plain framed window.
 *
 * Owns only wiring: every decision lives in the core or in a main/platform/ adapter with its own tests.
 * This is one of the three places allowed to import `electron` (with main/platform/ and preload/index.ts).
 *
 * Environment: CLASSCHARTS_BASE_URL and CLASSCHARTS_DEMO=1 (`npm run demo`, environment.ts),
 * CLASSCHARTS_DEBUG=1 (debug log lines), ELECTRON_RENDERER_URL (set by `electron-vite dev`).
 * `--self-test` runs the checks of main/self-test/ instead of the app and exits (docs/self-test.md).
 */
import {
  BrowserWindow,
  Menu,
  Notification,
  Tray,
  app,
  autoUpdater,
  dialog,
  globalShortcut,
  ipcMain,
  nativeImage,
  nativeTheme,
  net,
  powerMonitor,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createAttachmentFolder, sweepAttachmentFolders } from './adapters/attachment-folder';
import { createDownloadMarker } from './adapters/download-mark';
import { createDownloadsFolder } from './adapters/downloads-folder';
import { createApp, type CoreApp } from './app';
import {
  autostartIcon,
  createLoginItemAutostart,
  createXdgAutostart,
  launchCommand,
} from './platform/autostart';
import { inWaylandSession, runsNativeWayland } from './platform/display-server';
import { APP_ID, PRODUCT_NAME, serviceEnvironment, userDataFolder } from './platform/environment';
import { type Forwarding, forwardEvents, isTrustedSender, registerIpc } from './platform/ipc';
import { relaunchArgs, startedAtLogin } from './platform/launch';
import { createConsoleLogger } from './platform/logger';
import { API_SESSION_PARTITION, createElectronFetch } from './platform/net-fetch';
import { createElectronNotifier } from './platform/notifier';
import { createOpenPath } from './platform/open-path';
import { createPopover, isRendererUrl, rendererLocation, type Popover } from './platform/popover';
import type { Rect } from './platform/position';
import { hardenSession, hardenWebContents } from './platform/security';
import { SELF_TEST_ARG, selfTestCommand } from './platform/self-test-command';
import { createShortcut } from './platform/shortcut';
import { createElectronStore } from './platform/store';
import { createFolderStore, REMEMBERED_DATA_FOLDER } from './adapters/folder-store';
import { createTray, startMinuteTicker, type TrayController } from './platform/tray';
import { createElectronUpdater, updaterOffReason } from './platform/updater';
import { createSafeStorageVault } from './platform/vault';
import { systemClock, type AppPorts } from './ports';
import type { AppState } from '../common/contract';

const logger = createConsoleLogger({ debug: process.env.CLASSCHARTS_DEBUG === '1' });
const platform = process.platform;
/** out/ (this file is out/main/index.js once built). */
const outDir = join(import.meta.dirname, '..');

async function boot(): Promise<void> {
  // Packaged, the environment cannot redirect the app (and the pupil's credentials) to another host.
  const { baseUrl, demo } = serviceEnvironment(app.isPackaged ? {} : process.env);
  // A demo or test server gets its own data folder (and lock), before anything reads the default one.
  app.setPath('userData', userDataFolder(app.getPath('userData'), { baseUrl, demo }));
  if (!app.requestSingleInstanceLock()) {
    // Another instance runs: it shows its popover (`second-instance`); this one leaves quietly.
    app.quit();
    return;
  }

  let quitting = false;
  let popover: Popover | null = null;
  let tray: TrayController | null = null;
  let core: CoreApp | null = null;

  const anchor = (): Rect | null => tray?.bounds() ?? null;
  const showPopover = () => popover?.showAt(anchor());

  app.on('second-instance', showPopover);
  // macOS keeps one instance itself: opening the app again from Finder or Spotlight emits `activate`.
  if (platform === 'darwin') app.on('activate', showPopover);
  app.on('before-quit', () => {
    quitting = true;
  });
  // Installing an update quits too. On macOS electron-updater hands over to Electron's autoUpdater, whose
  // quitAndInstall closes every window before `before-quit` (docs/api/auto-updater.md): the popover,
  // which only hides on `close` outside a quit, would otherwise keep the app and the update from going.
  autoUpdater.on('before-quit-for-update', () => {
    quitting = true;
  });
  // A tray app keeps running with no window open (the popover is hidden, never closed).
  app.on('window-all-closed', () => undefined);
  if (platform === 'darwin') app.dock?.hide();
  if (platform === 'win32') app.setAppUserModelId(APP_ID);

  await app.whenReady();

  // A native Wayland client cannot place, raise or focus its windows: the popover is then a plain window.
  const nativeWayland = runsNativeWayland({
    platform,
    env: process.env,
    ozonePlatform: app.commandLine.getSwitchValue('ozone-platform'),
  });
  // Started by the user (not at login): show the popover, since a desktop may show no tray icon at all.
  const atLogin = startedAtLogin({
    argv: process.argv,
    ...(platform === 'darwin' ? { loginItemOpenedAtLogin: app.getLoginItemSettings().wasOpenedAtLogin } : {}),
  });

  const location = rendererLocation({ env: process.env, isPackaged: app.isPackaged, outDir });
  const isAppUrl = (url: string) => isRendererUrl(url, location);
  hardenSession(session.defaultSession);
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, { openExternal: (url) => shell.openExternal(url), isAppUrl }),
  );

  const resources = join(app.getAppPath(), 'resources');
  const store = createElectronStore({ name: 'classcharts-tray' });
  // A remembered account's data, a file per piece, apart from the settings (folder-store.ts, issue 30).
  const cache = createFolderStore(join(app.getPath('userData'), REMEMBERED_DATA_FOLDER), { logger });
  const vault = createSafeStorageVault({
    safeStorage,
    store: createElectronStore({ name: 'vault' }),
    platform,
    logger,
  });
  const xdgAutostart =
    platform === 'linux'
      ? createXdgAutostart({
          appId: APP_ID,
          env: process.env,
          homeDir: homedir(),
          // A checkout (`npm start`) must not take over the installed app's entry of the same name.
          repairExec: app.isPackaged,
          entry: {
            name: PRODUCT_NAME,
            comment: 'Next lesson in the tray; timetable and homework in a popover',
            exec: launchCommand({
              env: process.env,
              execPath: process.execPath,
              isPackaged: app.isPackaged,
              appPath: app.getAppPath(),
            }),
            icon: autostartIcon({
              env: process.env,
              isPackaged: app.isPackaged,
              iconFile: join(resources, 'icon.png'),
            }),
          },
        })
      : null;
  const autostart: AppPorts['autostart'] =
    xdgAutostart ?? createLoginItemAutostart(app, { platform, appId: APP_ID });
  const notifier = createElectronNotifier({
    Notification,
    icon: join(resources, 'icon.png'),
    logger,
    platform,
    onShown: () => tray?.setHasNew(true),
    // A notification the OS refused (every one of an unsigned macOS app) is not "something new".
    onFailed: () => {
      if (notifier.unseen === 0) tray?.setHasNew(false);
    },
    onClick: (target, notification) => {
      showPopover();
      core?.navigate(target, notification.pupilId);
    },
  });

  // The core registers the settings' shortcut through this port and tells the popover if it was refused.
  // In a Wayland session the desktop decides whether a shortcut reaches the app (display-server.ts).
  const shortcut = createShortcut(
    globalShortcut,
    () => popover?.toggle(anchor()),
    logger,
    inWaylandSession({ platform, env: process.env }),
  );
  // What a crash, or a file Windows kept locked at quit, left of earlier runs' attachments goes first.
  sweepAttachmentFolders({ logger });
  const mark = createDownloadMarker();
  const attachments = createAttachmentFolder({ logger, mark });
  const downloads = createDownloadsFolder({ folder: () => app.getPath('downloads'), mark });
  // The app's own updates (electron-updater; off in a demo, a development run, a Linux .deb). The core
  // decides when.
  const updater = createElectronUpdater({
    offReason: updaterOffReason({
      demo,
      isPackaged: app.isPackaged,
      platform,
      appImage: process.env.APPIMAGE,
    }),
    // Loaded at the first check, not at start-up: electron-updater is a third of main's bundle.
    load: async () => (await import('electron-updater')).autoUpdater,
    // An update installed on quit may rename the AppImage (its old name had a version in it): the
    // autostart entry follows it before the process exits, or the app would not start at the next login.
    onAppImageMoved: (path) => {
      try {
        xdgAutostart?.follow(path);
      } catch (error) {
        logger.warn('autostart entry not repointed', { error: String(error) });
      }
    },
    platform,
    logger,
    now: () => systemClock.now(),
  });
  const ports: AppPorts = {
    // The API's own session, in memory only (no `persist:`): its cookies never reach the disk (net-fetch.ts).
    fetch: createElectronFetch(
      (options) => net.request(options),
      session.fromPartition(API_SESSION_PARTITION, { cache: false }),
    ),
    clock: systemClock,
    vault,
    store,
    cache,
    notifier,
    autostart,
    shell: {
      openExternal: (url) => shell.openExternal(url),
      openPath: createOpenPath(shell),
      showItemInFolder: (path) => shell.showItemInFolder(path),
      hidePopover: () => popover?.hide(),
      // A new process reads the keychain's keys again (ports.ts `Shell.relaunch`); quiet: into the tray.
      relaunch: ({ quiet }) => {
        app.relaunch({ args: relaunchArgs({ argv: process.argv, quiet }) });
        app.quit();
      },
    },
    logger,
    shortcut,
    // Downloaded attachments: one private temporary folder per run, removed on quit (below) and sign-out.
    attachments,
    // Files of a type it never opens, and files the service did not virus-check: saved as a browser would.
    downloads,
    updater,
    config: { baseUrl, demo, version: app.getVersion(), platform },
  };
  core = createApp(ports);
  const running = core;

  let forwarding: Forwarding | null = null;
  popover = createPopover({
    BrowserWindow,
    screen,
    location,
    preload: join(outDir, 'preload', 'index.cjs'),
    platform,
    style: nativeWayland ? 'window' : 'anchored',
    devTools: !app.isPackaged,
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#1b1c20' : '#ffffff',
    now: () => systemClock.now(),
    beforeShow: () => forwarding?.beforeShow(),
    onShown: () => {
      notifier.seen();
      tray?.setHasNew(false);
      running.userReturned(); // the popover was shown
    },
    isQuitting: () => quitting,
    onLoadError: (error) => logger.error('the popover page did not load', { error: String(error) }),
    ...(platform === 'darwin' ? { focusApp: () => app.focus({ steal: true }) } : {}),
  });
  const view = popover;
  // Windows: a click on a toast whose object is gone (Action Center, or the click that started the app).
  notifier.handleActivations(showPopover);
  registerIpc({
    ipcMain,
    handlers: running.handlers,
    isTrusted: (event) => isTrustedSender(event, view, isAppUrl),
    logger,
  });
  // States go to the popover while it is shown, and the current one just before it shows (issue 30).
  forwarding = forwardEvents(running, view);

  const settle = (action: string, work: Promise<unknown>) =>
    void work.catch((error: unknown) => logger.warn(`tray: ${action} failed`, { error: String(error) }));
  // A checkbox Electron already flipped: on failure put it back and say why (the popover is closed).
  const toggle = (action: string, work: Promise<unknown>) =>
    void work.catch((error: unknown) => {
      logger.warn(`tray: ${action} failed`, { error: String(error) });
      tray?.redrawMenu();
      notifier.notice(
        PRODUCT_NAME,
        error instanceof Error ? error.message : `${action} could not be changed.`,
      );
    });
  tray = createTray({
    electron: { Tray, Menu, nativeImage },
    iconDir: join(resources, 'tray'),
    platform,
    clock: systemClock,
    cursor: () => screen.getCursorScreenPoint(),
    onClick: (at) => view.toggle(at),
    actions: {
      open: () => view.showAt(anchor()),
      refresh: () => settle('refresh', running.handlers['sync:refresh']()),
      selectPupil: (id) => settle('select pupil', running.handlers['pupil:select'](id)),
      setLaunchAtLogin: (on) =>
        toggle('Launch at login', running.handlers['settings:update']({ launchAtLogin: on })),
      setNotifications: (on) =>
        toggle('Notifications', running.handlers['settings:update']({ notifications: { enabled: on } })),
      // Signing out forgets a saved sign-in: the popover asks first, on Settings' "Sign out?" question.
      signOut: () => {
        view.showAt(anchor());
        running.navigate({ view: 'settings', confirmSignOut: true });
      },
      quit: () => app.quit(),
      installUpdate: () => updater.quitAndInstall(),
    },
  });
  const trayView = tray;

  running.on('state:changed', (state: AppState) => trayView.render(state));
  trayView.render(running.state());

  // Sleep, wake and the network coming back: the core renews the session and refreshes. An unlocked
  // screen refreshes only data older than 5 minutes (or ends a sleep whose wake-up went unreported), and
  // restarts the app quietly when a remembered sign-in waits for a locked keychain.
  powerMonitor.on('suspend', () => running.suspend());
  powerMonitor.on('resume', () => running.resume());
  powerMonitor.on('unlock-screen', () => running.screenUnlocked());
  let online = net.isOnline();
  const stopNetworkWatch = startMinuteTicker(systemClock, () => {
    const now = net.isOnline();
    if (now && !online) running.resume();
    online = now;
  });

  app.on('will-quit', () => {
    stopNetworkWatch();
    shortcut.dispose();
    trayView.destroy();
    view.destroy();
    void running.stop();
    cache.flushSync(); // what is still waiting to be written, before the process ends
    void attachments.clear();
  });

  if (!atLogin) void view.loaded.then((ok) => ok && showPopover());

  await running.start();
}

if (process.argv.includes(SELF_TEST_ARG)) {
  // Checks and exits: no tray, no window, no single-instance lock, a throwaway profile
  // (platform/self-test-command.ts).
  const electron = { app, safeStorage, Notification, globalShortcut, net, session };
  const io = { env: process.env, platform, arch: process.arch, versions: process.versions };
  void selfTestCommand(electron, { ...io, print: (line) => console.log(line) }).then((code) =>
    app.exit(code),
  );
} else {
  boot().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    logger.error('ClassCharts Tray could not start', { error: message });
    dialog.showErrorBox(`${PRODUCT_NAME} could not start`, message);
    app.exit(1);
  });
}
