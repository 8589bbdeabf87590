/**
 * Boot step 3: the tray icon and the popover as one unit (as menubar does): a click on the icon toggles
 * the popover at the icon, the menu's actions call the core's commands directly (`App.commands`, typed:
 * not validated again as a renderer's request is), the tray shows each state, and the popover gets the
 * states while it is shown (ipc.ts `forwardEvents`).
 */
import { app, BrowserWindow, Menu, nativeImage, nativeTheme, screen, Tray } from 'electron';
import { join } from 'node:path';
import type { CoreApp } from '../../app';
import { type Logger, systemClock } from '../../ports';
import { PRODUCT_NAME } from '../environment';
import { forwardEvents, type Forwarding } from '../ipc';
import type { createElectronNotifier } from '../notifier';
import { createPopover, type Popover, type RendererLocation } from '../popover';
import { createTray, type TrayController } from '../tray';
import type { createElectronUpdater } from '../updater';

/** The tray icon and its popover. */
export interface TrayPopover {
  readonly popover: Popover;
  readonly tray: TrayController;
  /** Shows the popover at the tray icon. */
  show(): void;
  /** Shows or hides the popover at the tray icon. */
  toggle(): void;
  /** Removes the icon and the window (at quit). */
  destroy(): void;
}

/** What the unit is built from. */
export interface TrayPopoverOptions {
  core: CoreApp;
  platform: NodeJS.Platform;
  location: RendererLocation;
  /** out/ (the preload is out/preload/index.cjs). */
  outDir: string;
  /** The app's resources folder (tray icons). */
  resources: string;
  /** A native Wayland client cannot place its windows: the popover is then a plain window. */
  nativeWayland: boolean;
  quitting(): boolean;
  notifier: ReturnType<typeof createElectronNotifier>;
  updater: ReturnType<typeof createElectronUpdater>;
  logger: Logger;
}

/** Creates the popover, then the tray that shows it; the tray renders the core's state from now on. */
export function createTrayPopover(options: TrayPopoverOptions): TrayPopover {
  const { core, platform, notifier, logger } = options;
  let tray: TrayController | null = null;
  let forwarding: Forwarding | null = null;
  const anchor = () => tray?.bounds() ?? null;
  const popover = createPopover({
    BrowserWindow,
    screen,
    location: options.location,
    preload: join(options.outDir, 'preload', 'index.cjs'),
    platform,
    style: options.nativeWayland ? 'window' : 'anchored',
    devTools: !app.isPackaged,
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#1b1c20' : '#ffffff',
    now: () => systemClock.now(),
    beforeShow: () => forwarding?.beforeShow(),
    onShown: () => {
      notifier.seen();
      tray?.setHasNew(false);
      core.userReturned(); // the popover was shown
    },
    isQuitting: options.quitting,
    onLoadError: (error) => logger.error('the popover page did not load', { error: String(error) }),
    ...(platform === 'darwin' ? { focusApp: () => app.focus({ steal: true }) } : {}),
  });
  const show = (): void => popover.showAt(anchor());
  // Windows: a click on a toast whose object is gone (Action Center, or the click that started the app).
  notifier.handleActivations(show);
  // States go to the popover while it is shown, and the current one just before it shows (issue 30).
  forwarding = forwardEvents(core, popover);

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
  const { commands } = core;
  tray = createTray({
    electron: { Tray, Menu, nativeImage },
    iconDir: join(options.resources, 'tray'),
    platform,
    clock: systemClock,
    cursor: () => screen.getCursorScreenPoint(),
    onClick: (at) => popover.toggle(at),
    actions: {
      open: show,
      refresh: () => settle('refresh', commands.refresh()),
      selectPupil: (id) => settle('select pupil', commands.selectPupil(id)),
      setLaunchAtLogin: (on) => toggle('Launch at login', commands.updateSettings({ launchAtLogin: on })),
      setNotifications: (on) =>
        toggle('Notifications', commands.updateSettings({ notifications: { enabled: on } })),
      // Signing out forgets a saved sign-in: the popover asks first, on Settings' "Sign out?" question.
      signOut: () => {
        show();
        core.navigate({ view: 'settings', confirmSignOut: true });
      },
      quit: () => app.quit(),
      installUpdate: () => options.updater.quitAndInstall(),
    },
  });
  const trayView = tray;
  core.on('state:changed', (state) => trayView.render(state));
  trayView.render(core.state());
  return {
    popover,
    tray: trayView,
    show,
    toggle: () => popover.toggle(anchor()),
    destroy: () => {
      trayView.destroy();
      popover.destroy();
    },
  };
}
