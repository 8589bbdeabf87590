/**
 * Boot step 2, once Electron is ready: the real ports the core is built from (main/ports.ts) — net.request
 * as fetch in a memory-only session, the safeStorage vault, electron-store, the remembered-data folder,
 * Notification, login items or XDG autostart, the global shortcut, the attachment folders, the shell and
 * electron-updater. What the ports do to the UI (show or hide the popover, the tray's "new" mark, a
 * notification's click) goes through {@link UiLinks}, since the UI is built after the core.
 */
import {
  app,
  clipboard,
  dialog,
  globalShortcut,
  net,
  Notification,
  safeStorage,
  session,
  shell,
} from 'electron';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { NavigateTarget } from '../../../common/contract';
import { createAttachmentFolder, sweepAttachmentFolders } from '../../adapters/attachment-folder';
import { createDownloadMarker } from '../../adapters/download-mark';
import { createDownloadsFolder } from '../../adapters/downloads-folder';
import { createFolderStore, REMEMBERED_DATA_FOLDER } from '../../adapters/folder-store';
import { type AppPorts, type Logger, systemClock } from '../../ports';
import { autostartIcon, createLoginItemAutostart, createXdgAutostart, launchCommand } from '../autostart';
import { createElectronClipboard } from '../clipboard';
import { inWaylandSession } from '../display-server';
import { APP_ID, PRODUCT_NAME } from '../environment';
import { relaunchArgs } from '../launch';
import { API_SESSION_PARTITION, createElectronFetch } from '../net-fetch';
import { createElectronNotifier } from '../notifier';
import { createOpenPath } from '../open-path';
import { createSaveDialogs } from '../save-dialog';
import { createShortcut } from '../shortcut';
import { createElectronStore } from '../store';
import { createElectronUpdater, updaterOffReason } from '../updater';
import { createSafeStorageVault } from '../vault';

/** What the ports do to the UI and the core, bound once both exist (before then, nothing). */
export interface UiLinks {
  /** Shows the popover at the tray. */
  show(): void;
  /** Shows or hides the popover (the global shortcut). */
  toggle(): void;
  /** Hides the popover. */
  hide(): void;
  /** Sets or clears the tray's "new" mark. */
  setHasNew(hasNew: boolean): void;
  /** Shows a view of the popover for a pupil (a notification's click). */
  navigate(target: NavigateTarget, pupilId: number | null | undefined): void;
}

/** The ports, and the adapters boot needs again at quit and for the tray. */
export interface ElectronPorts {
  ports: AppPorts;
  cache: ReturnType<typeof createFolderStore>;
  notifier: ReturnType<typeof createElectronNotifier>;
  shortcut: ReturnType<typeof createShortcut>;
  attachments: ReturnType<typeof createAttachmentFolder>;
  updater: ReturnType<typeof createElectronUpdater>;
}

/** Builds the Electron ports; `ui` is read at each use, so it may be filled in later. */
export function createElectronPorts(options: {
  baseUrl: string;
  demo: boolean;
  platform: NodeJS.Platform;
  logger: Logger;
  /** The app's resources folder (icons). */
  resources: string;
  ui: UiLinks;
}): ElectronPorts {
  const { baseUrl, demo, platform, logger, resources, ui } = options;
  const store = createElectronStore({ name: 'classcharts-tray' });
  // A remembered account's data, a file per piece, apart from the settings (folder-store.ts, issue 30).
  const cache = createFolderStore(join(app.getPath('userData'), REMEMBERED_DATA_FOLDER), { logger });
  const vault = createSafeStorageVault({
    safeStorage,
    store: createElectronStore({ name: 'vault' }),
    platform,
    logger,
  });
  const xdgAutostart = platform === 'linux' ? createLinuxAutostart(resources) : null;
  const autostart: AppPorts['autostart'] =
    xdgAutostart ?? createLoginItemAutostart(app, { platform, appId: APP_ID });
  const notifier = createElectronNotifier({
    Notification,
    icon: join(resources, 'icon.png'),
    logger,
    platform,
    onShown: () => ui.setHasNew(true),
    // A notification the OS refused (every one of an unsigned macOS app) is not "something new".
    onFailed: () => {
      if (notifier.unseen === 0) ui.setHasNew(false);
    },
    onClick: (target, notification) => {
      ui.show();
      ui.navigate(target, notification.pupilId);
    },
  });
  // The core registers the settings' shortcut through this port and tells the popover if it was refused.
  // In a Wayland session the desktop decides whether a shortcut reaches the app (display-server.ts).
  const shortcut = createShortcut(
    globalShortcut,
    () => ui.toggle(),
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
      (requestOptions) => net.request(requestOptions),
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
      hidePopover: () => ui.hide(),
      // A new process reads the keychain's keys again (ports.ts `Shell.relaunch`); quiet: into the tray.
      relaunch: ({ quiet }) => {
        app.relaunch({ args: relaunchArgs({ argv: process.argv, quiet }) });
        app.quit();
      },
    },
    logger,
    shortcut,
    // Downloaded attachments: one private temporary folder per run, removed on quit and at sign-out.
    attachments,
    // Files of a type it never opens, and files the service did not virus-check: saved as a browser would.
    downloads,
    updater,
    // The calendar feed: its URL is copied in main (never sent to the popover); its file chosen here.
    clipboard: createElectronClipboard(clipboard),
    dialogs: createSaveDialogs(dialog, app.getPath('documents'), () => ui.show()),
    config: { baseUrl, demo, version: app.getVersion(), platform },
  };
  return { ports, cache, notifier, shortcut, attachments, updater };
}

/** The XDG autostart entry of this copy of the app (Linux). */
function createLinuxAutostart(resources: string): ReturnType<typeof createXdgAutostart> {
  return createXdgAutostart({
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
  });
}
