/**
 * The `global shortcut` check (main/self-test/checks/shortcut.ts): a harmless accelerator registered and
 * released; refused or in a Wayland session, a warning.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../../../mocks/electron'));

const { electronMock, globalShortcut, resetElectronMock } = await import('../../../mocks/electron');
const { checkShortcut } = await import('../../../../main/self-test/checks/shortcut');

beforeEach(() => resetElectronMock());

describe('global shortcut', () => {
  it('registers a harmless accelerator and releases it: ok', () => {
    const result = checkShortcut({ globalShortcut, waylandSession: false });
    expect(result.status).toBe('ok');
    expect(globalShortcut.register).toHaveBeenCalledWith(
      'CommandOrControl+Alt+Shift+F12',
      expect.any(Function),
    );
    expect(globalShortcut.registered.size).toBe(0);
  });

  it('refused warns; in a Wayland session (native or XWayland) a yes still warns that the desktop decides', () => {
    expect(checkShortcut({ globalShortcut, waylandSession: true })).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/the desktop decides.*GlobalShortcuts portal.*XWayland/),
    });
    electronMock.takenShortcuts.add('CommandOrControl+Alt+Shift+F12');
    expect(checkShortcut({ globalShortcut, waylandSession: false })).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/refused/),
    });
  });
});
