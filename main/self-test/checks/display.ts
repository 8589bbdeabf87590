/** The `display` check of `--self-test`: X11 or Wayland, and which Ozone platform Electron uses (Linux). */
import { runsNativeWayland } from '../../platform/display-server';
import type { CheckResult } from '../report';

/** What {@link checkDisplay} reads. */
export interface DisplayFacts {
  platform: string;
  env: NodeJS.ProcessEnv;
  /**
   * `app.commandLine.getSwitchValue('ozone-platform')`: the platform Electron runs on (it writes its choice
   * into its own command line; main/platform/display-server.ts), `''` when not reported.
   */
  ozoneSwitch: string;
}

/**
 * Linux: the session type (X11 / Wayland) and the Ozone platform Electron runs on
 * (main/platform/display-server.ts `runsNativeWayland`). Native Wayland is `warn`: there the popover cannot
 * be placed next to the tray, kept on top or reliably focused (Electron docs/api/browser-window.md: "it is
 * generally not possible to … position … windows" on Wayland), so the app shows it as an ordinary window.
 * No display at all is `fail`. Other systems: `skip`.
 */
export function checkDisplay(facts: DisplayFacts): CheckResult {
  const name = 'display';
  if (facts.platform !== 'linux') return { status: 'skip', name, detail: 'not Linux' };
  const { env } = facts;
  const session = env.XDG_SESSION_TYPE || 'unset';
  const where = `XDG_SESSION_TYPE=${session}, WAYLAND_DISPLAY=${env.WAYLAND_DISPLAY || 'unset'}, DISPLAY=${env.DISPLAY || 'unset'}`;
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY)
    return { status: 'fail', name, detail: `no display (${where}): the tray and popover cannot show` };
  const native = runsNativeWayland({ platform: facts.platform, env, ozonePlatform: facts.ozoneSwitch });
  const ozone = facts.ozoneSwitch.trim() || (native ? 'wayland' : 'x11');
  if (native)
    return {
      status: 'warn',
      name,
      detail:
        `native Wayland (${where}): the popover opens as an ordinary window, not next to the tray; ` +
        'start the app with --ozone-platform=x11 (as its desktop entry does) to run it through XWayland',
    };
  const via = session === 'wayland' ? 'X11 through XWayland' : 'X11';
  return { status: 'ok', name, detail: `${via} (${where}; Ozone ${ozone})` };
}
