/**
 * Why this process was started: by the login session (quietly, into the tray) or by the user (who then
 * expects to see the app: on a GNOME desktop without a tray host the icon is never shown, so the popover
 * opens). A pure function; the composition root passes `process.argv` and, on macOS, the login item's
 * `wasOpenedAtLogin`.
 */
import { AUTOSTART_ARG } from './environment';

/**
 * True when the login session started the app: `argv` carries {@link AUTOSTART_ARG} (`--autostart`, written
 * into the XDG autostart entry's Exec and the Windows login item's args), or `loginItemOpenedAtLogin` is
 * true (macOS `app.getLoginItemSettings().wasOpenedAtLogin`, since macOS login items pass no arguments).
 * Only the exact argument counts (`--autostart=no` does not).
 */
export function startedAtLogin(options: {
  argv: readonly string[];
  loginItemOpenedAtLogin?: boolean;
}): boolean {
  return options.argv.includes(AUTOSTART_ARG) || options.loginItemOpenedAtLogin === true;
}

/**
 * The arguments for `app.relaunch({ args })` (which otherwise reuses `process.argv.slice(1)`): this process's
 * own arguments after the executable, with {@link AUTOSTART_ARG} present exactly when `quiet` (a restart
 * into the tray, as at login) and absent otherwise (the new process opens the popover, as a user's start).
 */
export function relaunchArgs(options: { argv: readonly string[]; quiet: boolean }): string[] {
  const args = options.argv.slice(1).filter((arg) => arg !== AUTOSTART_ARG);
  return options.quiet ? [...args, AUTOSTART_ARG] : args;
}
