/**
 * The pure decisions about how this run was started: which display server the app talks to (native
 * Wayland or X11/XWayland), whether the user or the login session started it, and what `npm start` passes
 * Electron on a Wayland desktop.
 *
 * Sources: Electron 38+ picks native Wayland in a Wayland session unless `--ozone-platform=x11` is given
 * (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb docs/breaking-changes.md "Removed:
 * ELECTRON_OZONE_PLATFORM_HINT"), and writes its choice into its own command line, so
 * `app.commandLine.getSwitchValue('ozone-platform')` reads `wayland` or `x11` (shell/app/electron_main_delegate.cc
 * L325 → Chromium ui/linux/display_server_utils.cc `SetOzonePlatformForLinuxIfNeeded`: `wayland` when
 * XDG_SESSION_TYPE is `wayland`, else `x11`). `getSwitchValue` returns '' for an absent switch
 * (docs/api/command-line.md).
 */
import { describe, expect, it } from 'vitest';
import { X11_OZONE_ARG, runsNativeWayland } from '../../../main/platform/display-server';
import { relaunchArgs, startedAtLogin } from '../../../main/platform/launch';
import { electronArgs } from '../../../scripts/launch';

describe('runsNativeWayland', () => {
  const wayland = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' };

  it('follows the Ozone platform Electron reports', () => {
    expect(runsNativeWayland({ platform: 'linux', env: wayland, ozonePlatform: 'wayland' })).toBe(true);
    expect(runsNativeWayland({ platform: 'linux', env: wayland, ozonePlatform: 'x11' })).toBe(false);
    expect(runsNativeWayland({ platform: 'linux', env: {}, ozonePlatform: 'wayland' })).toBe(true);
  });

  it('without a reported platform (or "auto"), judges from the session as Chromium does', () => {
    expect(runsNativeWayland({ platform: 'linux', env: wayland, ozonePlatform: '' })).toBe(true);
    expect(runsNativeWayland({ platform: 'linux', env: wayland, ozonePlatform: 'auto' })).toBe(true);
    expect(runsNativeWayland({ platform: 'linux', env: { DISPLAY: ':0' }, ozonePlatform: '' })).toBe(false);
    expect(
      runsNativeWayland({
        platform: 'linux',
        env: { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0' },
        ozonePlatform: '',
      }),
    ).toBe(false);
  });

  it('is never true off Linux', () => {
    for (const platform of ['darwin', 'win32'])
      expect(runsNativeWayland({ platform, env: wayland, ozonePlatform: 'wayland' })).toBe(false);
  });
});

describe('startedAtLogin', () => {
  it('a login-time start carries --autostart (XDG entry, Windows login item)', () => {
    expect(
      startedAtLogin({ argv: ['/usr/bin/classcharts-tray', '--ozone-platform=x11', '--autostart'] }),
    ).toBe(true);
    expect(startedAtLogin({ argv: ['/usr/bin/classcharts-tray'] })).toBe(false);
    expect(startedAtLogin({ argv: ['/usr/bin/classcharts-tray', '--autostart=no'] })).toBe(false);
  });

  it('on macOS, the login item says so instead (wasOpenedAtLogin)', () => {
    expect(
      startedAtLogin({ argv: ['/Applications/X.app/Contents/MacOS/X'], loginItemOpenedAtLogin: true }),
    ).toBe(true);
    expect(
      startedAtLogin({ argv: ['/Applications/X.app/Contents/MacOS/X'], loginItemOpenedAtLogin: false }),
    ).toBe(false);
  });
});

describe('relaunchArgs', () => {
  const argv = ['/usr/bin/classcharts-tray', '--ozone-platform=x11', '--autostart'];

  it('restarts as the user started it (no --autostart: the popover opens), keeping the other arguments', () => {
    expect(relaunchArgs({ argv, quiet: false })).toEqual(['--ozone-platform=x11']);
    expect(
      startedAtLogin({ argv: ['/usr/bin/classcharts-tray', ...relaunchArgs({ argv, quiet: false })] }),
    ).toBe(false);
  });

  it('restarts quietly into the tray with --autostart once, however it was started', () => {
    expect(relaunchArgs({ argv, quiet: true })).toEqual(['--ozone-platform=x11', '--autostart']);
    expect(relaunchArgs({ argv: ['/usr/bin/electron', '.'], quiet: true })).toEqual(['.', '--autostart']);
  });
});

describe('npm start / npm run demo on Linux', () => {
  it('runs Electron under XWayland in a Wayland session that has an X display', () => {
    const env = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' };
    expect(electronArgs({ platform: 'linux', env, root: false })).toEqual(['.', X11_OZONE_ARG]);
    expect(electronArgs({ platform: 'linux', env, root: true })).toEqual([
      '.',
      X11_OZONE_ARG,
      '--no-sandbox',
    ]);
  });

  it('leaves Electron alone without XWayland, on X11 and off Linux', () => {
    expect(
      electronArgs({
        platform: 'linux',
        env: { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'w' },
        root: false,
      }),
    ).toEqual(['.']);
    expect(
      electronArgs({ platform: 'linux', env: { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0' }, root: false }),
    ).toEqual(['.']);
    expect(
      electronArgs({ platform: 'darwin', env: { XDG_SESSION_TYPE: 'wayland', DISPLAY: ':0' }, root: false }),
    ).toEqual(['.']);
  });
});
