/**
 * Playing the popover of a main process booted under the shared electron mock (main/index.ts from source
 * in composition.test.ts, the built out/main/index.js in bundle.test.ts): the popover window, a contract
 * call from its page over IPC, and the last state main sent it. The test file mocks `electron` with
 * test/mocks/electron.ts, the module these read.
 */
import type { AppState } from '../../preload/contract';
import { FakeBrowserWindow, ipcMain } from '../mocks/electron';

/** The popover: the one window main creates at start. */
export const popover = () => FakeBrowserWindow.instances[0]!;

/** Invokes a contract channel as the popover's page would; resolves with main's answer. */
export const invoke = (channel: string, ...args: unknown[]): Promise<unknown> =>
  ipcMain.invoke(channel, popover().webContents, args);

/** The last `state:changed` main sent the popover (undefined before the first). */
export const lastState = (): AppState | undefined =>
  popover()
    .webContents.send.mock.calls.filter(([channel]) => channel === 'state:changed')
    .map(([, state]) => state as AppState)
    .at(-1);
