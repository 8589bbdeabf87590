/**
 * The `tray host` check of `--self-test` (Linux): is there a StatusNotifierWatcher on the session bus? It
 * asks D-Bus through `dbus-send` or `gdbus`, run by a {@link CommandRunner}.
 */
import { execFile } from 'node:child_process';
import { errorText } from '../../../common/errors';
import type { CheckResult } from '../report';

/** What a finished command gave: its exit code (`null` when killed), stdout and stderr. */
export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `file` with `args` (no shell) and resolves with its result, non-zero exits included. Rejects only
 * when it could not be started; an error with `code: 'ENOENT'` means the program is not installed.
 */
export type CommandRunner = (file: string, args: readonly string[]) => Promise<CommandResult>;

/** The real {@link CommandRunner}: `execFile` with a 5 s timeout. */
export const execFileRunner: CommandRunner = (file, args) =>
  new Promise((resolve, reject) => {
    execFile(file, [...args], { timeout: 5_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (typeof code === 'string') {
        reject(error);
        return;
      }
      const exit = error ? ((error as { code?: number | null }).code ?? null) : 0;
      resolve({ code: exit, stdout, stderr });
    });
  });

/** The D-Bus name a StatusNotifierItem host (a tray) registers (freedesktop StatusNotifierItem spec). */
export const STATUS_NOTIFIER_WATCHER = 'org.kde.StatusNotifierWatcher';

/** Two ways to ask the session bus `NameHasOwner(watcher)`; the first installed one is used. */
const DBUS_QUERIES: readonly { file: string; args: readonly string[] }[] = [
  {
    file: 'dbus-send',
    args: [
      '--session',
      '--dest=org.freedesktop.DBus',
      '--type=method_call',
      '--print-reply',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.NameHasOwner',
      `string:${STATUS_NOTIFIER_WATCHER}`,
    ],
  },
  {
    file: 'gdbus',
    args: [
      'call',
      '--session',
      '--dest',
      'org.freedesktop.DBus',
      '--object-path',
      '/org/freedesktop/DBus',
      '--method',
      'org.freedesktop.DBus.NameHasOwner',
      STATUS_NOTIFIER_WATCHER,
    ],
  },
];

/** The boolean of a `NameHasOwner` reply: dbus-send `   boolean true`, gdbus `(true,)`; `null` if neither. */
export function parseNameHasOwner(stdout: string): boolean | null {
  const match = /\bboolean\s+(true|false)\b/.exec(stdout) ?? /\(\s*(true|false)\s*,\s*\)/.exec(stdout);
  return match ? match[1] === 'true' : null;
}

/**
 * Linux: is there a tray host? Electron's tray is a StatusNotifierItem; without a StatusNotifierWatcher on
 * the session bus it falls back to an XEmbed icon that GNOME Shell and Wayland never show
 * (electron/electron shell/browser/ui/tray_icon_linux.cc). No watcher is `warn` with the remedy; no
 * `dbus-send` or `gdbus` is `skip`; not Linux is `skip`.
 */
export async function checkTrayHost(facts: { platform: string; run: CommandRunner }): Promise<CheckResult> {
  const name = 'tray host';
  if (facts.platform !== 'linux') return { status: 'skip', name, detail: 'not Linux' };
  for (const query of DBUS_QUERIES) {
    let result: CommandResult;
    try {
      result = await facts.run(query.file, query.args);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return { status: 'warn', name, detail: `${query.file} could not run: ${errorText(error)}` };
    }
    if (result.code !== 0) {
      const why = result.stderr.trim().split('\n')[0] || `exit code ${String(result.code)}`;
      return {
        status: 'warn',
        name,
        detail: `the session D-Bus did not answer (${why}): no tray host can be found`,
      };
    }
    const owned = parseNameHasOwner(result.stdout);
    if (owned === null)
      return {
        status: 'warn',
        name,
        detail: `unreadable ${query.file} reply: ${result.stdout.trim().slice(0, 80)}`,
      };
    if (owned)
      return {
        status: 'ok',
        name,
        detail: `${STATUS_NOTIFIER_WATCHER} is on the session bus: the tray icon has a host`,
      };
    return {
      status: 'warn',
      name,
      detail:
        `no ${STATUS_NOTIFIER_WATCHER} on the session bus: the tray icon will not show. GNOME: install and ` +
        'enable the AppIndicator extension (gnome-shell-extension-appindicator), then log in again; other ' +
        'desktops: enable their system tray / status notifier applet',
    };
  }
  return {
    status: 'skip',
    name,
    detail: 'neither dbus-send nor gdbus is installed: cannot ask the session bus',
  };
}
