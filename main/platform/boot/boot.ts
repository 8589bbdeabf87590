/**
 * The app's boot, in steps with a file each: the single instance and the app's events
 * (./app-instance.ts), the hardened session and web contents, the real ports (./electron-ports.ts), the
 * core (main/app/), the tray and the popover as one unit (./tray-popover.ts), IPC (../ipc.ts), power and
 * network (./power.ts), and what quitting undoes. A start by the user (not at login: launch.ts) opens the
 * popover once loaded; a native Wayland run (display-server.ts) gets the popover as a plain framed window.
 */
import { app, ipcMain, session, shell } from 'electron';
import { join } from 'node:path';
import type { NavigateTarget } from '../../../common/contract';
import { createApp } from '../../app';
import type { Logger } from '../../ports';
import { runsNativeWayland } from '../display-server';
import { isTrustedSender, registerIpc } from '../ipc';
import { startedAtLogin } from '../launch';
import { isRendererUrl, rendererLocation } from '../popover';
import { hardenSession, hardenWebContents } from '../security';
import { claimAppInstance } from './app-instance';
import { createElectronPorts, type UiLinks } from './electron-ports';
import { followPower } from './power';
import { createTrayPopover, type TrayPopover } from './tray-popover';

/** Boots the app: resolves once the core has started; rejects when a step fails (main/index.ts says so). */
export async function boot(logger: Logger, outDir: string): Promise<void> {
  const platform = process.platform;
  const instance = claimAppInstance(platform);
  if (!instance) return;
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
  let ui: TrayPopover | null = null;
  let navigate: (target: NavigateTarget, pupilId: number | null | undefined) => void = () => undefined;
  const links: UiLinks = {
    show: () => ui?.show(),
    toggle: () => ui?.toggle(),
    hide: () => ui?.popover.hide(),
    setHasNew: (hasNew) => ui?.tray.setHasNew(hasNew),
    navigate: (target, pupilId) => navigate(target, pupilId),
  };
  const { ports, cache, notifier, shortcut, attachments, updater } = createElectronPorts({
    baseUrl: instance.baseUrl,
    demo: instance.demo,
    platform,
    logger,
    resources,
    ui: links,
  });
  const core = createApp(ports);
  navigate = (target, pupilId) => core.navigate(target, pupilId);

  const unit = createTrayPopover({
    core,
    platform,
    location,
    outDir,
    resources,
    nativeWayland,
    quitting: instance.quitting,
    notifier,
    updater,
    logger,
  });
  ui = unit;
  instance.onShowRequest(unit.show);
  registerIpc({
    ipcMain,
    handlers: core.handlers,
    isTrusted: (event) => isTrustedSender(event, unit.popover, isAppUrl),
    logger,
  });
  const stopNetworkWatch = followPower(core);

  app.on('will-quit', () => {
    stopNetworkWatch();
    shortcut.dispose();
    unit.destroy();
    void core.stop();
    cache.flushSync(); // what is still waiting to be written, before the process ends
    void attachments.clear();
  });

  if (!atLogin) void unit.popover.loaded.then((ok) => ok && unit.show());

  await core.start();
}
