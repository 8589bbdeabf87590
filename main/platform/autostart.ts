/**
 * The `Autostart` port (main/ports.ts): start the app when the user logs in.
 * - macOS and Windows: Electron login items (`app.setLoginItemSettings`), which work there only.
 * - Linux: an XDG autostart entry `${XDG_CONFIG_HOME:-~/.config}/autostart/<appId>.desktop`
 *   (Desktop Entry spec 1.5, "Exec key" quoting), whose Exec is the AppImage file (`$APPIMAGE`) when
 *   packaged as an AppImage — the running executable lives in a temporary mount that is gone after exit —
 *   followed by `--ozone-platform=x11` (XWayland: display-server.ts) and `--autostart` (a quiet start:
 *   launch.ts). Each start brings an enabled entry's Exec up to date (`refresh`), since an AppImage's file
 *   name changes with every update.
 * Source: docs/toolchain.md "Electron under Node".
 *
 * The file content is a pure function ({@link desktopEntry}); the writer takes the environment and the
 * home folder as arguments so tests use a temporary XDG_CONFIG_HOME.
 */
import type { App as ElectronApp, LoginItemSettings } from 'electron';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { Autostart, AutostartStatus, AutostartWithStatus } from '../ports';
import { X11_OZONE_ARG } from './display-server';
import { AUTOSTART_ARG } from './environment';

/** Characters that force an Exec argument into double quotes (Desktop Entry spec, "Exec key"). */
const RESERVED = /[\s"'\\><~|&;$*?#()`]/;

/**
 * Quotes one Exec argument: plain when safe, else `"…"` with `"`, `` ` ``, `$` and `\` backslash-escaped;
 * `%` is doubled (it starts field codes); then backslashes are doubled again for the string-value escape
 * the spec applies before quoting. Throws a RangeError on a control character or an empty argument.
 */
export function quoteExecArg(arg: string): string {
  if (arg === '') throw new RangeError('empty Exec argument');
  if (Array.from(arg).some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    throw new RangeError('control character in Exec argument');
  }
  const percent = arg.replace(/%/g, '%%');
  const quoted = RESERVED.test(arg) ? `"${percent.replace(/(["`$\\])/g, '\\$1')}"` : percent;
  return quoted.replace(/\\/g, '\\\\');
}

/** Escapes a Desktop Entry string value (Name, Comment): backslash, newline, tab, carriage return. */
function escapeValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
}

/** What goes into the autostart entry. */
export interface DesktopEntryOptions {
  /** Shown in the desktop's "Startup Applications" list. */
  name: string;
  comment: string;
  /** Program and arguments, unquoted: `[appImagePath]` or `[electronPath, appPath]`. */
  exec: readonly string[];
  /** Icon name or absolute path; left out when `undefined`. */
  icon?: string;
}

/** The `Exec=` line for a command (each argument quoted with {@link quoteExecArg}; throws as it does). */
function execLineOf(exec: readonly string[]): string {
  return `Exec=${exec.map(quoteExecArg).join(' ')}`;
}

/**
 * The arguments an XDG `Exec=` value runs, unquoted as the Desktop Entry spec says ("Exec key": the
 * string-value escapes undone first, then arguments split on spaces, `"…"` holding spaces with `\"`,
 * `` \` ``, `\$` and `\\` escaped inside; `%%` is `%`; field codes such as `%U` are dropped). The
 * inverse of {@link quoteExecArg}. Never throws; an unterminated quote runs to the end.
 */
export function execArgs(exec: string): string[] {
  const value = exec
    .trim()
    .replace(/\\(.)/g, (_, c: string) => (c === 's' ? ' ' : c === '\\' ? '\\' : `\\${c}`));
  const args: string[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /\s/.test(value[i]!)) i++;
    if (i >= value.length) break;
    let arg = '';
    let quoted = false;
    if (value[i] === '"') {
      quoted = true;
      for (i++; i < value.length && value[i] !== '"'; i++) {
        if (value[i] === '\\' && i + 1 < value.length) i++;
        arg += value[i];
      }
      i++;
    } else {
      for (; i < value.length && !/\s/.test(value[i]!); i++) arg += value[i];
    }
    if (!quoted && /^%[a-zA-Z]$/.test(arg)) continue; // a field code (%U, %f…)
    args.push(arg.replace(/%%/g, '%'));
  }
  return args;
}

/** The `.desktop` file content for an autostart entry (UTF-8, LF line ends, trailing newline). */
export function desktopEntry(options: DesktopEntryOptions): string {
  const lines = [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.5',
    `Name=${escapeValue(options.name)}`,
    `Comment=${escapeValue(options.comment)}`,
    execLineOf(options.exec),
    ...(options.icon ? [`Icon=${escapeValue(options.icon)}`] : []),
    'Terminal=false',
    'StartupNotify=false',
    'Categories=Education;',
    'X-GNOME-Autostart-enabled=true',
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * The autostart entry's icon: the icon-theme name the deb installs (electron-builder names it after
 * `executableName`; the packaged icon file sits inside app.asar, where the desktop cannot read it); none
 * for an AppImage, whose icon is inside the image and installed nowhere (the desktop shows its generic
 * one rather than a name it cannot find); the file itself when running unpackaged.
 */
export function autostartIcon(options: {
  env: NodeJS.ProcessEnv;
  isPackaged: boolean;
  iconFile: string;
}): string | undefined {
  if (options.env.APPIMAGE) return undefined;
  return options.isPackaged ? 'classcharts-tray' : options.iconFile;
}

/**
 * The autostart entry's command: the AppImage file when `env.APPIMAGE` is set, the packaged executable
 * otherwise, and `electron <appPath>` when running unpackaged (development); then `--ozone-platform=x11`
 * (XWayland in a Wayland session, as the deb's desktop entry) and `--autostart` (a login-time start stays
 * in the tray).
 */
export function launchCommand(options: {
  env: NodeJS.ProcessEnv;
  execPath: string;
  isPackaged: boolean;
  appPath: string;
}): string[] {
  const program = options.env.APPIMAGE
    ? [options.env.APPIMAGE]
    : options.isPackaged
      ? [options.execPath]
      : [options.execPath, options.appPath];
  return [...program, X11_OZONE_ARG, AUTOSTART_ARG];
}

/** The autostart file path: `$XDG_CONFIG_HOME/autostart/<appId>.desktop`, `~/.config` when unset or relative. */
export function autostartFile(appId: string, env: NodeJS.ProcessEnv, homeDir: string): string {
  const configured = env.XDG_CONFIG_HOME;
  // The XDG spec says a relative path here is invalid and must be ignored. isAbsolute is `/`-first on Linux,
  // and takes `C:\…` where this runs on Windows (the tests, on every CI runner).
  const base = configured && isAbsolute(configured) ? configured : join(homeDir, '.config');
  return join(base, 'autostart', `${appId}.desktop`);
}

/** Options for {@link createXdgAutostart}. */
export interface XdgAutostartOptions {
  /** Reverse-DNS app id, also the file name (`electron-builder.yml` appId). */
  appId: string;
  env: NodeJS.ProcessEnv;
  homeDir: string;
  entry: DesktopEntryOptions;
  /**
   * Whether `refresh()` may point an entry at this copy (default true). False when running unpackaged
   * (`npm start`): the entry's file name is the installed app's too, and a checkout must not take it over.
   */
  repairExec?: boolean;
}

/**
 * True when an autostart entry's content lets the desktop start it: no `Hidden=true` and no
 * `X-GNOME-Autostart-enabled=false`, which a user may set from their desktop's settings (XDG Autostart spec).
 */
export function entryEnabled(content: string): boolean {
  return (
    !/^Hidden\s*=\s*true\s*$/m.test(content) && !/^X-GNOME-Autostart-enabled\s*=\s*false\s*$/m.test(content)
  );
}

/** The file's content, or `null` when it cannot be read (missing). */
async function readEntry(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * An enabled entry's `content` with its Exec pointed at `exec` (program first), keeping the arguments the
 * user added; `null` when there is nothing to change (turned off by the user, or already that program —
 * then whatever the user changed in it stays).
 */
function repointed(content: string, exec: readonly string[]): string | null {
  if (!entryEnabled(content)) return null;
  const lines = content.split('\n');
  const at = lines.findIndex((line) => /^Exec\s*=/.test(line));
  const current = at >= 0 ? execArgs(lines[at]!.replace(/^Exec\s*=/, '')) : [];
  if (current[0] !== undefined && current[0] === exec[0]) return null;
  const extra = current.slice(1).filter((arg) => !exec.includes(arg));
  const line = execLineOf([...exec, ...extra]);
  if (at >= 0) lines[at] = line;
  else lines.splice(lines[0]?.startsWith('[Desktop Entry]') ? 1 : 0, 0, line);
  return lines.join('\n');
}

/**
 * Linux autostart: `setEnabled(true)` writes the entry (creating the folder), `setEnabled(false)` removes
 * it; `isEnabled()` is true when the file exists and the desktop would start it (not `Hidden=true` or
 * `X-GNOME-Autostart-enabled=false`, which a user may set from their desktop settings); `refresh()`
 * points the Exec line of an enabled entry at this copy when it starts another program (a replaced
 * AppImage), keeping the arguments the user added and the rest of the file; an entry for this same program
 * is left as it is, and nothing is rewritten when `repairExec` is false. Rejects with the file system's
 * error when the folder cannot be written.
 */
export function createXdgAutostart(options: XdgAutostartOptions): Required<Autostart> & {
  readonly file: string;
  /**
   * Synchronously points an enabled entry at `program` (an absolute path), keeping its arguments: for
   * electron-updater's `appimage-filename-updated`, which fires while the app quits to install an update
   * that renamed the AppImage (AppImageUpdater.js `doInstall`), when an async write would not finish.
   * `true` when it rewrote the entry. Throws the file system's error when the entry cannot be written.
   */
  follow(program: string): boolean;
} {
  const file = autostartFile(options.appId, options.env, options.homeDir);
  return {
    file,
    async isEnabled() {
      const content = await readEntry(file);
      return content !== null && entryEnabled(content);
    },
    async refresh() {
      if (options.repairExec === false) return false;
      const content = await readEntry(file);
      const next = content === null ? null : repointed(content, options.entry.exec);
      if (next === null) return false;
      await writeFile(file, next, { encoding: 'utf8', mode: 0o644 });
      return true;
    },
    follow(program) {
      if (options.repairExec === false) return false;
      let content: string;
      try {
        content = readFileSync(file, 'utf8');
      } catch {
        return false;
      }
      const next = repointed(content, [program, ...options.entry.exec.slice(1)]);
      if (next === null) return false;
      writeFileSync(file, next, { encoding: 'utf8', mode: 0o644 });
      return true;
    },
    async setEnabled(enabled) {
      if (!enabled) {
        await rm(file, { force: true });
        return;
      }
      await mkdir(join(file, '..'), { recursive: true });
      await writeFile(file, desktopEntry(options.entry), { encoding: 'utf8', mode: 0o644 });
    },
  };
}

/** Options for {@link createLoginItemAutostart}. */
export interface LoginItemAutostartOptions {
  /** `process.platform`: `darwin` reads the SMAppService status, `win32` the Run entry with its argument. */
  platform: string;
  /** Windows: the AppUserModelID the app set (`APP_ID`), which names its Run value. */
  appId: string;
}

/**
 * This app's Windows login item as `app.getLoginItemSettings()` lists it: the Run value named `appId`
 * (the AppUserModelID the app set), `on`, `disabled` (turned off in Task Manager › Startup apps) or `off`
 * (none). Matched by name: `launchItems[].args` holds only non-switch arguments, so `--autostart` never
 * shows there. Source: electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb shell/browser/browser_win.cc
 * (`GetLoginItemSettingsHelper`: name = the value's name, args = `CommandLine::GetArgs()`, enabled from
 * StartupApproved\\Run).
 */
export function windowsLoginItem(
  settings: Pick<LoginItemSettings, 'launchItems'>,
  appId: string,
): 'on' | 'disabled' | 'off' {
  const ours = settings.launchItems.find((item) => item.name === appId);
  if (!ours) return 'off';
  return ours.enabled ? 'on' : 'disabled';
}

/**
 * macOS / Windows autostart through Electron login items (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb):
 * - macOS (shell/browser/browser_mac.mm, shell/common/platform_util_mac.mm): registering never fails
 *   visibly, so `setEnabled` reads the SMAppService `status` back: `enabled` is on; `requires-approval`
 *   resolves, reported by `status()` as `needs-approval` (the user must allow the app in System Settings ›
 *   General › Login Items, and it is not off); any other status after switching on rejects, so the switch
 *   goes back.
 * - Windows (shell/browser/browser_win.cc): the Run entry starts the app with {@link AUTOSTART_ARG}; it is
 *   read back with the same `args` (Electron compares the whole command line), and it is off when the user
 *   disabled it in Task Manager (`launchItems[].enabled` / `executableWillLaunchAtLogin`). Switching on
 *   enables it again (Electron's `enabled` defaults to true).
 * `setEnabled` rejects with an Error saying what the system did when the read-back disagrees.
 */
export function createLoginItemAutostart(
  app: Pick<ElectronApp, 'getLoginItemSettings' | 'setLoginItemSettings'>,
  options: LoginItemAutostartOptions,
): AutostartWithStatus {
  const windows = options.platform === 'win32';
  const args = [AUTOSTART_ARG];

  function read(): AutostartStatus {
    if (options.platform === 'darwin') {
      const { status } = app.getLoginItemSettings();
      if (status === 'enabled') return 'on';
      return status === 'requires-approval' ? 'needs-approval' : 'off';
    }
    if (!windows) return app.getLoginItemSettings().openAtLogin ? 'on' : 'off';
    const settings = app.getLoginItemSettings({ args });
    return settings.openAtLogin && windowsLoginItem(settings, options.appId) === 'on' ? 'on' : 'off';
  }

  return {
    async status() {
      return read();
    },
    async isEnabled() {
      return read() !== 'off';
    },
    async setEnabled(enabled) {
      app.setLoginItemSettings(windows ? { openAtLogin: enabled, args } : { openAtLogin: enabled });
      const now = read();
      if (enabled && now === 'off') {
        const status = options.platform === 'darwin' ? ` (status: ${app.getLoginItemSettings().status})` : '';
        throw new Error(`The system did not add ClassCharts Tray to the login items${status}.`);
      }
      if (!enabled && now !== 'off') {
        throw new Error('The system did not remove ClassCharts Tray from the login items.');
      }
    },
  };
}
