/**
 * Which display server this run talks to on Linux, as a pure function of the environment and the Ozone
 * platform Electron reports. Packaged Linux builds ask for XWayland (`--ozone-platform=x11` in the deb's
 * desktop entry and in the autostart entry, electron-builder.yml `linux.executableArgs`), where the popover
 * can be placed next to the tray, kept on top and hidden on blur. A run that is nevertheless a native
 * Wayland client (an AppImage started by a double click, no XWayland, the flag removed) cannot do any of
 * that, and the popover is shown as an ordinary window instead (popover.ts `style: 'window'`).
 *
 * Sources (electron/electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb, the Electron 45 line):
 * - docs/breaking-changes.md 38.0: Electron runs as a native Wayland app in a Wayland session
 *   (`XDG_SESSION_TYPE=wayland`); `--ozone-platform=x11` forces XWayland.
 * - shell/app/electron_main_delegate.cc L325 calls Chromium's `ui::SetOzonePlatformForLinuxIfNeeded` on the
 *   browser process's command line, which appends `--ozone-platform=wayland` when XDG_SESSION_TYPE is
 *   `wayland` and `x11` otherwise, unless the switch was given (Chromium ui/linux/display_server_utils.cc,
 *   code search). So `app.commandLine.getSwitchValue('ozone-platform')` reads the platform in use; it is
 *   `''` when absent (docs/api/command-line.md).
 * - docs/api/browser-window.md "Platform notices" and structures/base-window-options.md: on Wayland windows
 *   cannot be positioned, kept on top, or focused without user input; docs/api/screen.md:
 *   `getCursorScreenPoint()` is not supported (it returns {0,0}: shell/browser/api/electron_api_screen.cc L93-L97).
 */

/** The command-line switch that runs Electron under XWayland in a Wayland session. */
export const X11_OZONE_ARG = '--ozone-platform=x11';

/**
 * True when the app runs as a native Wayland client on Linux. `ozonePlatform` is
 * `app.commandLine.getSwitchValue('ozone-platform')`: `wayland` → true; `x11` (or any other platform) →
 * false; `''` or `auto` (not reported) → judged from the session as Chromium does: XDG_SESSION_TYPE is
 * `wayland`, or a WAYLAND_DISPLAY without an X DISPLAY. Always false off Linux. Never throws.
 */
export function runsNativeWayland(options: {
  platform: string;
  env: NodeJS.ProcessEnv;
  ozonePlatform: string;
}): boolean {
  if (options.platform !== 'linux') return false;
  const reported = options.ozonePlatform.trim().toLowerCase();
  if (reported !== '' && reported !== 'auto') return reported === 'wayland';
  const { XDG_SESSION_TYPE, WAYLAND_DISPLAY, DISPLAY } = options.env;
  return XDG_SESSION_TYPE === 'wayland' || (Boolean(WAYLAND_DISPLAY) && !DISPLAY);
}

/**
 * True in a Linux Wayland session (XDG_SESSION_TYPE `wayland`, or a WAYLAND_DISPLAY), whether the app runs
 * natively or under XWayland. There a global shortcut is the desktop's to grant: natively through the
 * GlobalShortcuts portal (docs/api/global-shortcut.md "Usage on Linux"), under XWayland an X11 key grab
 * that the compositor passes on only while an X11 window has the focus (electron/electron#15863 GNOME,
 * #42573 Kubuntu; CherryHQ/cherry-studio#20524: `register()` true, the callback never fires). Either way
 * `register()` returning true does not mean it works. Always false off Linux. Never throws.
 */
export function inWaylandSession(options: { platform: string; env: NodeJS.ProcessEnv }): boolean {
  if (options.platform !== 'linux') return false;
  return options.env.XDG_SESSION_TYPE === 'wayland' || Boolean(options.env.WAYLAND_DISPLAY);
}

/**
 * The extra Electron arguments for running from a checkout (`npm start`, `npm run demo`) on `platform`:
 * `--ozone-platform=x11` in a Linux Wayland session that has an X display (XWayland), as the packaged app
 * gets from its desktop entry; none elsewhere (without XWayland Electron could not start on X11).
 */
export function xwaylandArgs(options: { platform: string; env: NodeJS.ProcessEnv }): string[] {
  const { XDG_SESSION_TYPE, DISPLAY } = options.env;
  return options.platform === 'linux' && XDG_SESSION_TYPE === 'wayland' && DISPLAY ? [X11_OZONE_ARG] : [];
}
