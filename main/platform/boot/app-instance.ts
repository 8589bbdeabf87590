/**
 * Boot step 1, before Electron is ready: which service the app talks to, its data folder, the single
 * instance, and the app's own events (a second start or macOS `activate` shows the popover; quitting,
 * including for an update, lets the popover close; no dock icon on macOS; the Windows app id).
 */
import { app, autoUpdater } from 'electron';
import { APP_ID, serviceEnvironment, userDataFolder } from '../environment';

/** The app instance once it holds the single-instance lock. */
export interface AppInstance {
  /** The service's address (`CLASSCHARTS_BASE_URL` in development; always the real service packaged). */
  baseUrl: string;
  /** Demo mode (`CLASSCHARTS_DEMO=1` in development). */
  demo: boolean;
  /** Whether the app is quitting (the popover then closes instead of hiding). */
  quitting(): boolean;
  /** What a second start (or macOS `activate`) does: set once the popover exists. */
  onShowRequest(show: () => void): void;
}

/**
 * Claims the single instance and wires the app's events; `null` when another instance runs (it shows
 * its popover through `second-instance`, and this one quits quietly).
 */
export function claimAppInstance(platform: NodeJS.Platform): AppInstance | null {
  // Packaged, the environment cannot redirect the app (and the pupil's credentials) to another host.
  const { baseUrl, demo } = serviceEnvironment(app.isPackaged ? {} : process.env);
  // A demo or test server gets its own data folder (and lock), before anything reads the default one.
  app.setPath('userData', userDataFolder(app.getPath('userData'), { baseUrl, demo }));
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  let quitting = false;
  let show: () => void = () => undefined;
  const showPopover = (): void => show();
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
  return {
    baseUrl,
    demo,
    quitting: () => quitting,
    onShowRequest: (next) => {
      show = next;
    },
  };
}
