import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_EVENTS, BRIDGE_METHODS, type ClassChartsApi } from '../../common/contract';
import { june } from '../support/fixtures';

vi.mock('electron', () => import('../mocks/electron'));

const { contextBridge, ipcRenderer, resetElectronMock } = await import('../mocks/electron');

// Loading the preload runs it: it exposes the API once, as in a renderer.
resetElectronMock();
await import('../../preload/index');
const exposed = new Map(contextBridge.exposed);
const loadPreload = async (): Promise<ClassChartsApi> => exposed.get('classcharts') as ClassChartsApi;

beforeEach(() => resetElectronMock());

describe('preload', () => {
  it('exposes exactly one thing, window.classcharts, with one function per message and no ipcRenderer', async () => {
    const api = await loadPreload();
    expect([...exposed.keys()]).toEqual(['classcharts']);
    expect(Object.keys(api).sort()).toEqual(
      [...Object.keys(BRIDGE_METHODS), ...Object.keys(BRIDGE_EVENTS)].sort(),
    );
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    expect(Object.values(api)).not.toContain(ipcRenderer);
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('invokes the contract channel, with no argument for request-less messages', async () => {
    const api = await loadPreload();
    ipcRenderer.invoke.mockResolvedValueOnce(june.studentState());
    await expect(api.getState()).resolves.toMatchObject({ auth: 'signed-in' });
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('state:get');
    await api.selectPupil(7654321);
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('pupil:select', 7654321);
  });

  it("turns Electron's wrapped error back into the message main meant to show", async () => {
    const api = await loadPreload();
    ipcRenderer.invoke.mockRejectedValueOnce(
      new Error("Error invoking remote method 'records:get': Error: ClassCharts is not answering right now."),
    );
    await expect(api.getRecords({ kind: 'badges' })).rejects.toThrow(
      /^ClassCharts is not answering right now\.$/,
    );
  });

  it('hands events to subscribers without the IPC event object, and unsubscribes', async () => {
    const api = await loadPreload();
    const seen: unknown[] = [];
    const stop = api.onNavigate((target) => seen.push(target));
    ipcRenderer.emit('ui:navigate', { sender: 'secret' }, { view: 'settings' });
    stop();
    ipcRenderer.emit('ui:navigate', { sender: 'secret' }, { view: 'today' });
    expect(seen).toEqual([{ view: 'settings' }]);
    expect(ipcRenderer.listenerCount('ui:navigate')).toBe(0);
  });
});
