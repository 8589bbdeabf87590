import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AppState,
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  type ContractHandlers,
  type EventChannel,
  type EventChannels,
} from '../../../common/contract';
import { june } from '../../support/fixtures';

vi.mock('electron', () => import('../../mocks/electron'));

const { FakeBrowserWindow, FakeWebContents, FakeWebFrame, ipcMain, resetElectronMock } =
  await import('../../mocks/electron');
const { forwardEvents, isTrustedSender, registerIpc } = await import('../../../main/platform/ipc');
const { isRendererUrl, rendererLocation } = await import('../../../main/platform/popover');

const location = rendererLocation({ env: {}, isPackaged: true, outDir: join(process.cwd(), 'out') });
const PAGE = pathToFileURL(join(process.cwd(), 'out', 'renderer', 'index.html')).href;

function fakeHandlers(): ContractHandlers {
  return {
    'state:get': vi.fn(async () => june.studentState()),
    'auth:login': vi.fn(async () => ({ ok: true as const })),
    'auth:logout': vi.fn(async () => undefined),
    'pupil:select': vi.fn(async () => undefined),
    'sync:refresh': vi.fn(async () => undefined),
    'day:get': vi.fn(async () => ({ date: '2026-06-15', lessons: [], minutesToNext: null, rotaWeek: null })),
    'records:get': vi.fn(async () => {
      throw new Error('ClassCharts is not answering right now.');
    }),
    'homework:tick': vi.fn(async () => {
      throw new Error('ClassCharts did not tick off this homework. Try again in a moment.');
    }),
    'settings:update': vi.fn(async () => june.studentState().settings),
    'shell:open-external': vi.fn(async () => undefined),
    'attachment:open': vi.fn(async () => ({ action: 'opened' as const })),
    'attachment:reveal': vi.fn(async () => undefined),
    'announcement:read': vi.fn(async () => undefined),
    'announcement:get': vi.fn(async () => ({ id: 900, descriptionHtml: '<p>Trip</p>' })),
    'homework:get': vi.fn(async () => ({ id: 1, descriptionHtml: '<p>Worksheet</p>' })),
    'popover:hide': vi.fn(async () => undefined),
    'calendar:choose-file': vi.fn(async () => june.studentState().settings),
    'calendar:copy-url': vi.fn(async () => undefined),
    'calendar:renew-secret': vi.fn(async () => undefined),
    'notifications:history': vi.fn(async () => ({ entries: [], unseen: 0 })),
  };
}

let popoverContents: InstanceType<typeof FakeWebContents>;
let handlers: ContractHandlers;

beforeEach(() => {
  resetElectronMock();
  popoverContents = new FakeWebContents();
  popoverContents.mainFrame = new FakeWebFrame(PAGE);
  handlers = fakeHandlers();
  const popover = { ownsWebContents: (id: number) => id === popoverContents.id };
  registerIpc({
    ipcMain: ipcMain as never,
    handlers,
    isTrusted: (event) => isTrustedSender(event, popover, (url) => isRendererUrl(url, location)),
  });
});

describe('IPC main side', () => {
  it('registers exactly one handler per contract channel', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
  });

  it('passes a valid request from the popover to the app, normalised by the schema', async () => {
    const result = await ipcMain.invoke('auth:login', popoverContents, [
      { kind: 'student', code: ' DEMO2026 ', dateOfBirth: '14/05/2012', remember: true },
    ]);
    expect(result).toEqual({ ok: true });
    expect(handlers['auth:login']).toHaveBeenCalledWith({
      kind: 'student',
      code: 'DEMO2026',
      dateOfBirth: '14/05/2012',
      remember: true,
    });
    await expect(ipcMain.invoke('state:get', popoverContents, [])).resolves.toMatchObject({
      auth: 'signed-in',
    });
  });

  it('rejects a bad argument without calling the app, and never echoes a password', async () => {
    await expect(ipcMain.invoke('pupil:select', popoverContents, ['1234567'])).rejects.toThrow();
    await expect(ipcMain.invoke('day:get', popoverContents, [{ date: '2026-02-30' }])).rejects.toThrow(
      /YYYY-MM-DD/,
    );
    const attempt = ipcMain.invoke('auth:login', popoverContents, [
      { kind: 'parent', email: 'not-an-email', password: 'hunter2-secret', remember: false },
    ]);
    await expect(attempt).rejects.toThrow(/email/i);
    await attempt.catch((error: Error) => expect(error.message).not.toContain('hunter2-secret'));
    await expect(
      ipcMain.invoke('shell:open-external', popoverContents, ['file:///etc/passwd']),
    ).rejects.toThrow(/web links/);
    expect(handlers['pupil:select']).not.toHaveBeenCalled();
    expect(handlers['day:get']).not.toHaveBeenCalled();
    expect(handlers['auth:login']).not.toHaveBeenCalled();
    expect(handlers['shell:open-external']).not.toHaveBeenCalled();
  });

  it('rejects extra arguments', async () => {
    await expect(ipcMain.invoke('pupil:select', popoverContents, [1234567, 'extra'])).rejects.toThrow(
      /invalid request/,
    );
    expect(handlers['pupil:select']).not.toHaveBeenCalled();
  });

  it('rejects a call from another window', async () => {
    const stranger = new FakeWebContents();
    stranger.mainFrame = new FakeWebFrame(PAGE);
    await expect(ipcMain.invoke('state:get', stranger, [])).rejects.toThrow(/refused/);
    expect(handlers['state:get']).not.toHaveBeenCalled();
  });

  it('trusts the popover on Windows when the app was started from a lowercase drive letter, and no other file', async () => {
    // Chromium upper-cases the drive letter of the file: URL the popover loads (url_canon_fileurl.cc
    // FileDoDriveSpec), while the path main computed keeps `c:` (the mock's loadFile models both).
    const folder = 'c:\\Users\\Pupil\\AppData\\Local\\Programs\\ClassCharts Tray\\resources\\app.asar\\out';
    const page = { kind: 'file' as const, path: `${folder}\\renderer\\index.html` };
    const window = new FakeBrowserWindow({ show: false });
    await window.loadFile(page.path);
    expect(window.webContents.mainFrame.url).toMatch(/^file:\/\/\/C:\/Users\/Pupil\//);
    const stranger = new FakeBrowserWindow({ show: false });
    await stranger.loadFile(`${folder}\\renderer\\other.html`);
    ipcMain.handlers.clear();
    const owned = new Set([window.webContents.id, stranger.webContents.id]);
    registerIpc({
      ipcMain: ipcMain as never,
      handlers,
      isTrusted: (event) =>
        isTrustedSender(event, { ownsWebContents: (id) => owned.has(id) }, (url) => isRendererUrl(url, page)),
    });
    await expect(ipcMain.invoke('state:get', window.webContents, [])).resolves.toMatchObject({
      auth: 'signed-in',
    });
    await expect(ipcMain.invoke('state:get', stranger.webContents, [])).rejects.toThrow(/refused/);
  });

  it('rejects a call from a sub-frame, a foreign page in the popover, or a gone frame', async () => {
    const sub = new FakeWebFrame(PAGE, popoverContents.mainFrame);
    await expect(ipcMain.invoke('auth:logout', popoverContents, [], sub)).rejects.toThrow(/refused/);
    await expect(
      ipcMain.invoke('auth:logout', popoverContents, [], new FakeWebFrame('https://evil.example/')),
    ).rejects.toThrow(/refused/);
    await expect(ipcMain.invoke('auth:logout', popoverContents, [], null)).rejects.toThrow(/refused/);
    expect(handlers['auth:logout']).not.toHaveBeenCalled();
  });

  it("passes the app's own error message through", async () => {
    await expect(ipcMain.invoke('records:get', popoverContents, [{ kind: 'badges' }])).rejects.toThrow(
      'ClassCharts is not answering right now.',
    );
  });

  it('can remove every handler', () => {
    ipcMain.handlers.clear();
    const stop = registerIpc({ ipcMain: ipcMain as never, handlers, isTrusted: () => true });
    stop();
    expect(ipcMain.handlers.size).toBe(0);
  });
});

describe('event forwarding', () => {
  /** An app whose events the test emits, and whose current state it sets. */
  function fakeApp() {
    const listeners = new Map<EventChannel, (payload: unknown) => void>();
    let current = june.studentState();
    return {
      listeners,
      setState(state: AppState) {
        current = state;
        listeners.get('state:changed')?.(state);
      },
      on: <E extends EventChannel>(channel: E, listener: (payload: EventChannels[E]) => void) => {
        listeners.set(channel, listener as (payload: unknown) => void);
        return () => listeners.delete(channel);
      },
      state: () => current,
    };
  }

  it('forwards every contract event to a visible popover until stopped', () => {
    const app = fakeApp();
    const sent: [string, unknown][] = [];
    const forwarding = forwardEvents(app, { send: (channel, payload) => sent.push([channel, payload]) });
    expect([...app.listeners.keys()].sort()).toEqual([...EVENT_CHANNELS].sort());
    app.listeners.get('ui:navigate')!({ view: 'homework', homeworkId: 5 });
    const next = { ...june.studentState(), selectedPupilId: 7 };
    app.setState(next);
    expect(sent).toEqual([
      ['ui:navigate', { view: 'homework', homeworkId: 5 }],
      ['state:changed', next],
    ]);
    forwarding.stop();
    expect(app.listeners.size).toBe(0);
  });

  // Issue 30: every change pushed a whole state to the hidden popover (once a minute in school hours, up to
  // 95 KB at 10× a busy year), and the hidden page rendered each one.
  it('sends a hidden popover no state, and the current one just before it shows', () => {
    const app = fakeApp();
    let visible = false;
    const sent: [string, unknown][] = [];
    const forwarding = forwardEvents(app, {
      send: (channel, payload) => sent.push([channel, payload]),
      isVisible: () => visible,
    });
    const states = [1, 2, 3].map((n) => ({ ...june.studentState(), selectedPupilId: n }));
    for (const state of states) app.setState(state);
    app.listeners.get('ui:navigate')!({ view: 'today' }); // a notification click still says where to go
    expect(sent).toEqual([['ui:navigate', { view: 'today' }]]);
    forwarding.beforeShow();
    visible = true;
    expect(sent.at(-1)).toEqual(['state:changed', states[2]]);
    forwarding.beforeShow(); // shown again with nothing new: nothing sent
    expect(sent).toHaveLength(2);
    visible = false;
    forwarding.beforeShow();
    expect(sent).toHaveLength(2);
  });
});
