/**
 * The `display` check (main/self-test/checks/display.ts): X11 is ok, native Wayland warns that the popover
 * cannot be placed, no display fails.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../../../mocks/electron'));

const { app, electronMock, resetElectronMock } = await import('../../../mocks/electron');
const { checkDisplay } = await import('../../../../main/self-test/checks/display');

beforeEach(() => resetElectronMock());

describe('display (Linux)', () => {
  const x11 = { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0' };
  const wayland = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' };

  it('X11 is ok; a Wayland session is native Wayland (Electron ≥ 38) and warns that the popover cannot be placed', () => {
    expect(checkDisplay({ platform: 'linux', env: x11, ozoneSwitch: '' })).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/^X11 \(/),
    });
    const native = checkDisplay({ platform: 'linux', env: wayland, ozoneSwitch: '' });
    expect(native.status).toBe('warn');
    expect(native.detail).toMatch(/native Wayland.*not next to the tray.*--ozone-platform=x11/);
  });

  // Electron has an Ozone platform switch on Linux only, and so has the mock (ozonePlatform()).
  it.runIf(process.platform === 'linux')(
    '--ozone-platform=x11 in a Wayland session runs through XWayland: ok',
    () => {
      electronMock.sessionType = 'wayland';
      electronMock.ozonePlatformArg = 'x11';
      const result = checkDisplay({
        platform: 'linux',
        env: wayland,
        ozoneSwitch: app.commandLine.getSwitchValue('ozone-platform'),
      });
      expect(result).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^X11 through XWayland/) });
    },
  );

  it('no display at all fails; other systems skip', () => {
    expect(checkDisplay({ platform: 'linux', env: {}, ozoneSwitch: '' }).status).toBe('fail');
    expect(checkDisplay({ platform: 'darwin', env: {}, ozoneSwitch: '' }).status).toBe('skip');
  });
});
