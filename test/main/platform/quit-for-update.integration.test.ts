/**
 * "Restart to update" must be able to quit the app. On macOS electron-updater's MacUpdater installs through
 * Electron's own autoUpdater (MacUpdater.js `handleUpdateDownloaded` → `nativeUpdater.quitAndInstall()`),
 * which closes every window BEFORE `app`'s `before-quit` (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb
 * shell/browser/api/electron_api_auto_updater.cc L116-L128; docs/api/auto-updater.md "Event:
 * 'before-quit-for-update'"). The popover only hides on `close` unless the app is quitting, so main must
 * count `before-quit-for-update` as quitting, or the update is never installed. The mock's `autoUpdater`
 * plays that native sequence (test/mocks/electron.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootMain, popover, type BootedMain } from '../../support/booted-main';

vi.mock('electron', () => import('../../mocks/electron'));

const { app, autoUpdater } = await import('../../mocks/electron');

let booted: BootedMain;

beforeAll(async () => {
  booted = await bootMain(() => import('../../../main/index'));
});

afterAll(() => booted.quit());

describe('quit and install', () => {
  it('the native quit-and-install closes the popover and quits (macOS: before-quit comes after the windows close)', () => {
    // Closing the popover (Alt+F4) outside a quit only hides it.
    popover().close();
    expect(popover().isDestroyed()).toBe(false);

    autoUpdater.quitAndInstall();

    expect(popover().isDestroyed()).toBe(true);
    expect(autoUpdater.installed).toBe(true);
    expect(app.quit).toHaveBeenCalled();
  });
});
