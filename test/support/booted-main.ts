/**
 * A main process booted under the shared electron mock, and playing its popover: main/index.ts from source
 * in composition.integration.test.ts, the built out/main/index.js in bundle.packaging.test.ts. `bootMain` starts the fake
 * ClassCharts server, points main at it (demo mode, a temporary XDG config folder), starts it as at login
 * (`--autostart` in argv: quietly, the popover hidden; linux-desktop.integration.test.ts covers a start by the user) and waits for the signed-out
 * tray; the popover helpers read the window, call a contract channel from its page over IPC, and read the
 * last state main sent it. The test file mocks `electron` with test/mocks/electron.ts, the module these use.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import { addDays, londonDate } from '../../common/dates';
import { AUTOSTART_ARG } from '../../main/platform/environment';
import type { AppState } from '../../common/contract';
import { startFakeClassCharts, type FakeClassCharts } from '../../dev/fake-classcharts/index';
import { FakeBrowserWindow, FakeTray, app, ipcMain, net, resetElectronMock } from '../mocks/electron';
import { emulatedNetRequest, type EmulatedRequestOptions } from '../mocks/net-request';

/** A booted main: the fake it talks to, its XDG config folder, and how to quit it. */
export interface BootedMain {
  fake: FakeClassCharts;
  /** XDG_CONFIG_HOME of the run (the Linux autostart file goes under it). */
  xdg: string;
  /** Quits main (`before-quit`, `will-quit`), restores the environment, closes the fake, removes `xdg`. */
  quit(): Promise<void>;
}

/**
 * Boots main by calling `load` (the test file's own `import()` of main, so its `electron` mock applies)
 * against a new fake ClassCharts on 127.0.0.1, `net.request` played by its node:http emulation; resolves
 * once IPC is registered and the tray says signed out (or waiting for a locked keyring). Rejects after
 * 10 s of either not happening. `before` runs on the fresh mock just before main loads (seed files, set
 * knobs).
 */
export async function bootMain(
  load: () => Promise<unknown>,
  options: { before?(): Promise<void> | void } = {},
): Promise<BootedMain> {
  const fake = await startFakeClassCharts({ port: 0 });
  const xdg = mkdtempSync(join(tmpdir(), 'cct-xdg-'));
  const saved = { ...process.env };
  const savedArgv = [...process.argv];
  resetElectronMock();
  net.request.mockImplementation((options: unknown) => emulatedNetRequest(options as EmulatedRequestOptions));
  Object.assign(process.env, { CLASSCHARTS_BASE_URL: fake.url, CLASSCHARTS_DEMO: '1', XDG_CONFIG_HOME: xdg });
  process.argv = [...savedArgv, AUTOSTART_ARG];
  await options.before?.();
  await load();
  await vi.waitFor(() => expect(ipcMain.handlers.size).toBeGreaterThan(0), { timeout: 10_000 });
  await vi.waitFor(() => expect(FakeTray.instances[0]?.tooltip).toMatch(/Signed out|Waiting for your/), {
    timeout: 10_000,
  });
  return {
    fake,
    xdg,
    async quit() {
      app.emit('before-quit');
      app.emit('will-quit');
      process.env = saved;
      process.argv = savedArgv;
      await fake.close();
      rmSync(xdg, { recursive: true, force: true });
    },
  };
}

/** The popover: the one window main creates at start. */
export const popover = () => FakeBrowserWindow.instances[0]!;

/** The state main holds now, as the popover's page asks for it (`state:get`). */
export const currentState = async (): Promise<AppState> => (await invoke('state:get')) as AppState;

/** Invokes a contract channel as the popover's page would; resolves with main's answer. */
export const invoke = (channel: string, ...args: unknown[]): Promise<unknown> =>
  ipcMain.invoke(channel, popover().webContents, args);

/**
 * The last `state:changed` main sent the popover (undefined before the first): only while it is visible,
 * and the current state just before it shows (ipc.ts `forwardEvents`). What main holds now: {@link currentState}.
 */
export const lastState = (): AppState | undefined =>
  popover()
    .webContents.send.mock.calls.filter(([channel]) => channel === 'state:changed')
    .map(([, state]) => state as AppState)
    .at(-1);

/**
 * Gives pupil `pupilId` of `fake` a new homework `id` titled `title`, set today (London) and due in 3 days:
 * the next refresh notifies it.
 */
export function setNewHomework(fake: FakeClassCharts, pupilId: number, id: number, title: string): void {
  const pupil = fake.dataset.pupils.find((p) => p.pupil.id === pupilId)!;
  const today = londonDate(Date.now());
  pupil.homeworks.push({ ...pupil.homeworks[0]!, id, title, issue_date: today, due_date: addDays(today, 3) });
}
