/**
 * The composition root (main/index.ts) booted for real under the shared electron mock: the real core
 * (main/app.ts) against the fake ClassCharts server on 127.0.0.1, `net.request` played by its node:http emulation
 * (test/mocks/net-request.ts, which keeps Electron's redirect semantics).
 * What a user would notice: the popover signs in to the demo over IPC, the tray follows the state,
 * the tray menu's Sign out asks first, a second launch opens the popover, waking the computer refreshes.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FakeClassCharts } from '../../../../dev/fake-classcharts/index';
import type { AppState } from '../../../../common/contract';
import { netRequestCalls } from '../../../mocks/net-request';
import {
  bootMain,
  currentState,
  invoke,
  lastState,
  popover,
  setNewHomework,
  type BootedMain,
} from '../../../support/booted-main';

vi.mock('electron', () => import('../../../mocks/electron'));

const electron = await import('../../../mocks/electron');
const { FakeBrowserWindow, FakeTray, app, ipcMain, powerMonitor, session, shell } = electron;

let fake: FakeClassCharts;
let xdg: string;
let booted: BootedMain;

const tray = () => FakeTray.instances[0]!;

beforeAll(async () => {
  booted = await bootMain(() => import('../../../../main/index'));
  ({ fake, xdg } = booted);
});

afterAll(() => booted.quit());

describe('the app as wired by main/index.ts', () => {
  it('starts as a tray app: one hidden popover, a tray icon saying signed out, no dock icon', () => {
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    expect(popover().visible).toBe(false);
    expect(popover().options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    expect(tray().image.path).toMatch(/tray-signed-out/);
    expect(app.listenerCount('window-all-closed')).toBe(1);
  });

  it('the demo keeps its own data folder, chosen before the single-instance lock', () => {
    expect(app.getPath('userData')).toMatch(/ \(demo\)$/);
    const [setPathOrder] = app.setPath.mock.invocationCallOrder;
    const [lockOrder] = app.requestSingleInstanceLock.mock.invocationCallOrder;
    expect(setPathOrder).toBeLessThan(lockOrder!);
  });

  it('offers the demo, signs in from the popover over IPC, and the tray follows', async () => {
    const initial = (await invoke('state:get')) as AppState;
    expect(initial.environment).toMatchObject({ demo: true, keychain: 'available' });
    await expect(invoke('auth:login', { kind: 'demo', as: 'student' })).resolves.toEqual({ ok: true });
    await vi.waitFor(async () => expect((await currentState()).auth).toBe('signed-in'), { timeout: 10_000 });
    expect((await currentState()).account?.kind).toBe('student');
    expect(tray().tooltip).not.toContain('Signed out');
    expect(tray().image.path).not.toMatch(/tray-signed-out/);
    expect(fake.requests.some((r) => r.path.startsWith('/apiv2student/'))).toBe(true);
    expect(fake.requests.every((r) => r.headers.host?.startsWith('127.0.0.1'))).toBe(true);
  });

  it('talks to the service through its own in-memory session, with session cookies and no cache', () => {
    expect(session.fromPartition).toHaveBeenCalledTimes(1);
    const [partition, options] = session.fromPartition.mock.calls[0]!;
    expect(partition).not.toMatch(/^persist:/); // in memory: the cookies never reach the disk
    expect(options).toEqual({ cache: false });
    const apiSession = session.fromPartition.mock.results[0]!.value;
    expect(apiSession).not.toBe(session.defaultSession);
    expect(netRequestCalls.length).toBeGreaterThan(0);
    for (const call of netRequestCalls)
      expect(call).toMatchObject({ session: apiSession, useSessionCookies: true, cache: 'no-store' });
  });

  it('refuses the same call from a window that is not the popover', async () => {
    const other = new electron.FakeWebContents();
    other.mainFrame = popover().webContents.mainFrame;
    await expect(ipcMain.invoke('state:get', other, [])).rejects.toThrow(/refused/);
  });

  // Issue 26 §3 wired for real: a PDF opens from the private folder, marked; a .zip goes to the Downloads
  // folder Electron names, is never opened, and is shown in its folder only when asked.
  it('opens an allowed file with the system, saves any other to Downloads and shows it only when asked', async () => {
    const pupilId = fake.accounts.student.pupilId;
    const homework = fake.dataset.pupils
      .find((p) => p.pupil.id === pupilId)!
      .homeworks.find((h) => h.validated_attachments[0]?.scan_status === 'pass')!;
    Object.assign(homework, {
      due_date: '2026-11-24',
      status: { ...homework.status, state: null, ticked: 'no' },
    });
    await invoke('sync:refresh');
    const request = { kind: 'homework', itemId: homework.id, index: 0 };
    await expect(invoke('attachment:open', request)).resolves.toEqual({ action: 'opened' });
    const opened = String(shell.openPath.mock.lastCall?.[0]);
    expect(opened.startsWith(app.getPath('downloads'))).toBe(false);

    homework.validated_attachments[0]!.filename = 'Revision pack.zip';
    await invoke('sync:refresh');
    shell.openPath.mockClear();
    await expect(invoke('attachment:open', request)).resolves.toMatchObject({
      action: 'saved',
      reason: 'type',
    });
    expect(shell.openPath).not.toHaveBeenCalled();
    const saved = join(app.getPath('downloads'), 'Revision pack.zip');
    expect(existsSync(saved)).toBe(true);
    expect(shell.showItemInFolder).not.toHaveBeenCalled();
    await invoke('attachment:reveal', request);
    expect(shell.showItemInFolder).toHaveBeenCalledWith(saved);
  });

  it('a second launch shows the popover instead of a second app', () => {
    app.emit('second-instance', {}, [], '/');
    expect(popover().visible).toBe(true);
    popover().blur();
    expect(popover().visible).toBe(false);
  });

  it('waking the computer renews and refreshes against the service', async () => {
    const before = fake.requests.length;
    powerMonitor.emit('suspend');
    powerMonitor.emit('resume');
    await vi.waitFor(() => expect(fake.requests.length).toBeGreaterThan(before), { timeout: 10_000 });
  });

  it('Escape in the popover (popover:hide) hides it', async () => {
    app.emit('second-instance', {}, [], '/');
    expect(popover().visible).toBe(true);
    await invoke('popover:hide');
    expect(popover().visible).toBe(false);
  });

  it('"Sign out" in the tray menu asks first: the popover opens on Settings\' question; still signed in', async () => {
    popover().blur();
    const menu = electron.Menu.buildFromTemplate.mock.results.at(-1)!.value as InstanceType<
      typeof electron.FakeMenu
    >;
    const sent = popover().webContents.send.mock.calls.length;
    menu.find('Sign out')!.click!();
    expect(popover().visible).toBe(true);
    const navigations = popover()
      .webContents.send.mock.calls.slice(sent)
      .filter(([channel]) => channel === 'ui:navigate');
    expect(navigations).toEqual([['ui:navigate', { view: 'settings', confirmSignOut: true }]]);
    expect((await currentState()).auth).toBe('signed-in');
    expect(tray().tooltip).not.toContain('Signed out');
  });

  it('answering the question "Sign out" (auth:logout) signs out, and the tray says so', async () => {
    await invoke('auth:logout');
    await vi.waitFor(() => expect(tray().tooltip).toContain('Signed out'), { timeout: 10_000 });
    expect(tray().image.path).toMatch(/tray-signed-out/);
  });

  it('signing in as the parent after "Sign out" sends none of the student\'s cookies', async () => {
    const studentCookie = fake.requests.filter((r) => r.path.startsWith('/apiv2student/')).at(-1)?.headers[
      'cookie'
    ];
    expect(studentCookie).toMatch(/student_session_credentials=/);
    await expect(invoke('auth:login', { kind: 'demo', as: 'parent' })).resolves.toEqual({ ok: true });
    await vi.waitFor(async () => expect((await currentState()).account?.kind).toBe('parent'), {
      timeout: 10_000,
    });
    const login = fake.requests.filter((r) => r.path === '/parent/login').at(-1);
    expect(login?.headers['cookie']).toBeUndefined();
    const parentCookie = fake.requests.filter((r) => r.path.startsWith('/apiv2parent/')).at(-1)?.headers[
      'cookie'
    ];
    expect(parentCookie).toMatch(/parent_session_credentials=/);
    expect(parentCookie).not.toMatch(/student_session_credentials=/);
  });
});

describe('tray checkboxes', () => {
  // The entry is an XDG autostart file on Linux only; macOS and Windows keep login items in the OS.
  it.runIf(process.platform === 'linux')(
    'a "Launch at login" that cannot be written puts the checkbox back and says why',
    async () => {
      // A file where the autostart folder should be: the entry cannot be written.
      rmSync(join(xdg, 'autostart'), { recursive: true, force: true });
      writeFileSync(join(xdg, 'autostart'), 'not a folder');
      const menu = () =>
        electron.Menu.buildFromTemplate.mock.results.at(-1)!.value as InstanceType<typeof electron.FakeMenu>;
      const item = menu().find('Launch at login')!;
      expect(item.checked).toBe(false);
      const shown = electron.FakeNotification.instances.length;
      item.checked = true; // Electron flips it on click
      item.click!();
      await vi.waitFor(() => expect(electron.FakeNotification.instances.length).toBe(shown + 1), {
        timeout: 10_000,
      });
      const notice = electron.FakeNotification.instances.at(-1)!;
      expect(notice.options.body).toMatch(/launch at login/i);
      expect(notice.shown).toBe(true);
      expect(menu().find('Launch at login')!.checked).toBe(false);
      rmSync(join(xdg, 'autostart'), { force: true });
    },
  );
});

describe('notifications', () => {
  it("a parent's notification about the other child opens the popover on that child, at that homework", async () => {
    if ((await currentState()).account?.kind !== 'parent') {
      // Run on its own (or out of order): sign in as the demo parent first.
      if ((await currentState()).auth === 'signed-in') await invoke('auth:logout');
      await expect(invoke('auth:login', { kind: 'demo', as: 'parent' })).resolves.toEqual({ ok: true });
    }
    await vi.waitFor(async () => expect((await currentState()).account?.kind).toBe('parent'), {
      timeout: 10_000,
    });
    const state = await currentState();
    const other = state.pupils.find((p) => p.id !== state.selectedPupilId)!;
    setNewHomework(fake, other.id, 9_999_101, 'Poster on volcanoes');
    const shown = electron.FakeNotification.instances.length;
    await invoke('sync:refresh');
    await vi.waitFor(() => expect(electron.FakeNotification.instances.length).toBeGreaterThan(shown), {
      timeout: 10_000,
    });
    const notice = electron.FakeNotification.instances.at(-1)!;
    expect(String(notice.options.body)).toContain('Poster on volcanoes');
    popover().hide();
    notice.click();
    expect(popover().visible).toBe(true);
    // The popover was hidden while the state changed: showing it sent the state it shows (forwardEvents).
    await vi.waitFor(() => expect(lastState()?.selectedPupilId).toBe(other.id));
    const navigations = popover()
      .webContents.send.mock.calls.filter(([channel]) => channel === 'ui:navigate')
      .map(([, target]) => target as Record<string, unknown>);
    expect(navigations.at(-1)).toEqual({ view: 'homework', homeworkId: 9_999_101 });
  });
});
