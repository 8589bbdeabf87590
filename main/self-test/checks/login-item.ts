/** The `login item` check of `--self-test`: whether the app starts at login, as the OS sees it. */
import { isAbsolute } from 'node:path';
import { entryEnabled, execArgs, windowsLoginItem } from '../../platform/autostart';
import { APP_ID, AUTOSTART_ARG } from '../../platform/environment';
import type { CheckResult } from '../report';

/** The Windows `launchItems` that main/platform/autostart.ts `windowsLoginItem` looks through. */
type WindowsLaunchItems = Parameters<typeof windowsLoginItem>[0];

/**
 * The part of Electron's `LoginItemSettings` the check reads (electron.d.ts 45.4.1): macOS `status`, and
 * the Windows `launchItems`.
 */
export interface LoginItemSettingsLike extends WindowsLaunchItems {
  /** macOS: `enabled`, `requires-approval`, `not-registered` or `not-found`. */
  status: string;
}

/** What {@link checkLoginItem} reads. */
export interface LoginItemFacts {
  platform: string;
  /** macOS and Windows: `app.getLoginItemSettings`. */
  getLoginItemSettings(options?: { args?: string[] }): LoginItemSettingsLike;
  /** Linux: the XDG autostart file (main/platform/autostart.ts `autostartFile`). */
  autostartFile: string;
  readFile(path: string): string | null;
  exists(path: string): boolean;
}

/**
 * Whether the app starts at login, as the OS sees it (information: `ok` either way), with the cases that
 * need the user as `warn`: macOS `requires-approval` (System Settings › General › Login Items), a Windows
 * Run entry deactivated in Task Manager, a Linux autostart entry whose `Exec` points at a file that no
 * longer exists (an AppImage moved or updated). Sources: electron.d.ts 45.4.1 `LoginItemSettings`
 * (`status` darwin, `executableWillLaunchAtLogin` win32).
 */
export function checkLoginItem(facts: LoginItemFacts): CheckResult {
  const name = 'login item';
  if (facts.platform === 'darwin') {
    const { status } = facts.getLoginItemSettings();
    if (status === 'enabled') return { status: 'ok', name, detail: 'enabled: starts at login' };
    if (status === 'requires-approval')
      return {
        status: 'warn',
        name,
        detail: 'requires approval: allow ClassCharts Tray in System Settings › General › Login Items',
      };
    return { status: 'ok', name, detail: `off (${status})` };
  }
  if (facts.platform === 'win32') {
    const item = windowsLoginItem(facts.getLoginItemSettings({ args: [AUTOSTART_ARG] }), APP_ID);
    if (item === 'on') return { status: 'ok', name, detail: 'on: Windows starts this executable at login' };
    if (item === 'disabled')
      return {
        status: 'warn',
        name,
        detail: 'registered but disabled: turn ClassCharts Tray on in Task Manager › Startup apps',
      };
    return { status: 'ok', name, detail: 'off (no Run entry for this executable)' };
  }
  if (facts.platform !== 'linux')
    return { status: 'skip', name, detail: `not supported on ${facts.platform}` };
  const content = facts.readFile(facts.autostartFile);
  if (content === null) return { status: 'ok', name, detail: `off (no ${facts.autostartFile})` };
  if (!entryEnabled(content))
    return {
      status: 'ok',
      name,
      detail: `off (${facts.autostartFile} is disabled in the desktop's settings)`,
    };
  const exec = /^Exec\s*=(.*)$/m.exec(content)?.[1];
  const program = execArgs(exec ?? '')[0] || null;
  if (program === null)
    return { status: 'warn', name, detail: `${facts.autostartFile} has no Exec line: it starts nothing` };
  if (isAbsolute(program) && !facts.exists(program))
    return {
      status: 'warn',
      name,
      detail: `on, but ${facts.autostartFile} starts ${program}, which no longer exists: turn "Launch at login" off and on again`,
    };
  return { status: 'ok', name, detail: `on: ${facts.autostartFile} starts ${program}` };
}
