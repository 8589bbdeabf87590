/** A second copy of the app (the single-instance lock is taken) quits at once and builds nothing. */
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../../mocks/electron'));

const { FakeBrowserWindow, FakeTray, app, electronMock, ipcMain, resetElectronMock } =
  await import('../../mocks/electron');

describe('single instance', () => {
  it('quits without a window, tray or IPC handler when another instance holds the lock', async () => {
    resetElectronMock();
    electronMock.singleInstanceLock = false;
    await import('../../../main/index');
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled());
    expect(app.whenReady).not.toHaveBeenCalled();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
    expect(FakeTray.instances).toHaveLength(0);
    expect(ipcMain.handlers.size).toBe(0);
  });
});
