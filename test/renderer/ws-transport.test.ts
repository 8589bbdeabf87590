import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBridge } from '../../common/contract/bridge';
import { DEFAULT_SETTINGS, type AppState } from '../../common/contract';
import { followMainClock, now } from '../../renderer/lib/clock';
import { MAX_INVOKE_FRAME_BYTES } from '../../dev/preview/ws-protocol';
import { createWebSocketTransport, type SocketLike } from '../../dev/preview/ws-transport';
import { november } from '../support/fixtures';

/** A socket double: records sent frames and lets the test play the server. */
function fakeSocket() {
  const handlers: Record<string, ((event?: { data: unknown }) => void)[]> = {};
  const socket = {
    readyState: 0,
    sent: [] as string[],
    send(data: string) {
      this.sent.push(data);
    },
    addEventListener(type: string, listener: (event?: { data: unknown }) => void) {
      (handlers[type] ??= []).push(listener);
    },
    fire(type: string, data?: unknown) {
      if (type === 'open') socket.readyState = 1;
      if (type === 'close') socket.readyState = 3;
      for (const h of handlers[type] ?? []) h(data === undefined ? undefined : { data });
    },
    lastId(): number {
      return (JSON.parse(socket.sent.at(-1) ?? '{}') as { id: number }).id;
    },
  };
  return socket;
}

afterEach(() => followMainClock(Date.now()));

describe('WebSocket transport', () => {
  it('queues calls until the socket opens and resolves them by id', async () => {
    const socket = fakeSocket();
    const api = createBridge(createWebSocketTransport(socket as unknown as SocketLike));
    const pending = api.updateSettings({ launchAtLogin: true });
    expect(socket.sent).toHaveLength(0);
    socket.fire('open');
    expect(JSON.parse(socket.sent[0] ?? '')).toEqual({
      type: 'invoke',
      id: 1,
      channel: 'settings:update',
      request: { launchAtLogin: true },
    });
    const settings = { ...DEFAULT_SETTINGS, launchAtLogin: true };
    socket.fire('message', JSON.stringify({ type: 'result', id: 1, ok: true, value: settings }));
    await expect(pending).resolves.toEqual(settings);
  });

  it('rejects with the server error message, and on a lost connection', async () => {
    const socket = fakeSocket();
    const api = createBridge(createWebSocketTransport(socket as unknown as SocketLike));
    socket.fire('open');
    const refused = api.openExternal('file:///etc/passwd');
    socket.fire(
      'message',
      JSON.stringify({ type: 'result', id: socket.lastId(), ok: false, error: 'Not a web address' }),
    );
    await expect(refused).rejects.toThrow('Not a web address');

    const hanging = api.refresh();
    socket.fire('close');
    await expect(hanging).rejects.toThrow(/connection to the preview server was lost/);
    await expect(api.getState()).rejects.toThrow(/lost/);
  });

  it('delivers events to subscribers until they unsubscribe, and ignores junk frames', () => {
    const socket = fakeSocket();
    const api = createBridge(createWebSocketTransport(socket as unknown as SocketLike));
    const seen = vi.fn();
    const stop = api.onStateChanged(seen);
    const state = november.signedOutState();
    socket.fire('message', JSON.stringify({ type: 'event', channel: 'state:changed', payload: state }));
    socket.fire('message', 'not json');
    socket.fire('message', JSON.stringify({ type: 'event', channel: 'evil:channel', payload: 1 }));
    stop();
    socket.fire('message', JSON.stringify({ type: 'event', channel: 'state:changed', payload: state }));
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledWith(state);
  });

  it("follows main's clock from the hello frame", () => {
    const socket = fakeSocket();
    createWebSocketTransport(socket as unknown as SocketLike);
    const mainNow = Date.parse('2026-11-23T10:15:00Z');
    socket.fire('message', hello(november.signedOutState(), mainNow));
    expect(Math.abs(now() - mainNow)).toBeLessThan(1000);
  });
});

/** The server's first frame: main's clock and state. */
function hello(state: AppState, mainNow = Date.now()): string {
  return JSON.stringify({ type: 'hello', now: mainNow, state });
}

describe('the first state comes with the hello frame', () => {
  it('answers a getState made before the hello from it without asking; later ones ask main', async () => {
    const socket = fakeSocket();
    const api = createBridge(createWebSocketTransport(socket as unknown as SocketLike));
    const first = api.getState();
    socket.fire('open');
    socket.fire('message', hello(november.signedOutState()));
    await expect(first).resolves.toEqual(november.signedOutState());
    expect(socket.sent).toEqual([]);

    const later = api.getState();
    expect(JSON.parse(socket.sent[0] ?? '')).toEqual({ type: 'invoke', id: 1, channel: 'state:get' });
    socket.fire(
      'message',
      JSON.stringify({ type: 'result', id: 1, ok: true, value: november.studentState() }),
    );
    await expect(later).resolves.toEqual(november.studentState());
  });

  it('takes frames the socket received before the transport was attached, in order', async () => {
    const socket = fakeSocket();
    socket.fire('open');
    const signedIn = november.studentState();
    const refreshed = november.studentState({ freshness: { ...signedIn.freshness, refreshing: true } });
    const event = JSON.stringify({ type: 'event', channel: 'state:changed', payload: refreshed });
    const api = createBridge(
      createWebSocketTransport(socket as unknown as SocketLike, { received: [hello(signedIn), event] }),
    );
    // The first getState takes the newest state main pushed; the next one asks main.
    await expect(api.getState()).resolves.toEqual(refreshed);
    expect(socket.sent).toEqual([]);
    const next = api.getState();
    expect(JSON.parse(socket.sent[0] ?? '')).toEqual({ type: 'invoke', id: 1, channel: 'state:get' });
    socket.fire('message', JSON.stringify({ type: 'result', id: 1, ok: true, value: signedIn }));
    await expect(next).resolves.toEqual(signedIn);
  });

  it("a second hello (the socket's own, after the one served in the page) arrives as a state change", async () => {
    const socket = fakeSocket();
    const served = november.signedOutState();
    const api = createBridge(
      createWebSocketTransport(socket as unknown as SocketLike, { received: [hello(served)] }),
    );
    await expect(api.getState()).resolves.toEqual(served); // no socket needed for the first frame
    const changes: AppState[] = [];
    api.onStateChanged((state) => changes.push(state));
    socket.fire('open');
    socket.fire('message', hello(november.studentState()));
    expect(changes).toEqual([november.studentState()]);
    expect(socket.sent).toEqual([]);
  });

  it('asks the server when the first frame is not a hello', async () => {
    const socket = fakeSocket();
    const api = createBridge(createWebSocketTransport(socket as unknown as SocketLike));
    const first = api.getState();
    socket.fire('open');
    socket.fire('message', JSON.stringify({ type: 'hello', now: Date.now() }));
    expect(JSON.parse(socket.sent[0] ?? '')).toEqual({ type: 'invoke', id: 1, channel: 'state:get' });
    socket.fire(
      'message',
      JSON.stringify({ type: 'result', id: 1, ok: true, value: november.studentState() }),
    );
    await expect(first).resolves.toEqual(november.studentState());
  });

  it('rejects a getState waiting for the hello when the connection closes, or had closed', async () => {
    const socket = fakeSocket();
    const api = createBridge(createWebSocketTransport(socket as unknown as SocketLike));
    const waiting = api.getState();
    socket.fire('close');
    await expect(waiting).rejects.toThrow(/connection to the preview server was lost/);

    const closed = fakeSocket();
    closed.fire('close');
    const late = createBridge(createWebSocketTransport(closed as unknown as SocketLike));
    await expect(late.getState()).rejects.toThrow(/lost/);
  });

  it('drops frames whose envelope is wrong', async () => {
    const socket = fakeSocket();
    const api = createBridge(createWebSocketTransport(socket as unknown as SocketLike));
    socket.fire('open');
    socket.fire('message', hello(november.signedOutState()));
    const pending = api.refresh();
    const id = socket.lastId();
    socket.fire('message', JSON.stringify({ type: 'result', id: String(id), ok: true }));
    socket.fire('message', JSON.stringify({ type: 'result', id, ok: false }));
    socket.fire('message', JSON.stringify({ type: 'result', id, ok: 'yes' }));
    socket.fire('message', JSON.stringify({ type: 'event', channel: 'state:changed', payload: 'signed-in' }));
    const settled = vi.fn();
    pending.then(settled, settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    socket.fire('message', JSON.stringify({ type: 'result', id, ok: false, error: 'No network.' }));
    await expect(pending).rejects.toThrow('No network.');
  });
});

describe('a call too large for the server', () => {
  it('rejects with a message fit to show, sends nothing, and the next call goes through', async () => {
    const socket = fakeSocket();
    const api = createBridge(createWebSocketTransport(socket as unknown as SocketLike));
    socket.fire('open');
    const link = `https://example.org/${'a'.repeat(100 * 1024)}`;
    await expect(api.openExternal(link)).rejects.toThrow(
      new Error('This request is too large for the preview (101 KB; the limit is 64 KB).'),
    );
    expect(socket.sent).toEqual([]);

    const small = api.openExternal('https://example.org/homework');
    expect(JSON.parse(socket.sent[0] ?? '')).toMatchObject({
      type: 'invoke',
      channel: 'shell:open-external',
      request: 'https://example.org/homework',
    });
    socket.fire('message', JSON.stringify({ type: 'result', id: socket.lastId(), ok: true }));
    await expect(small).resolves.toBeUndefined();
    expect(socket.sent).toHaveLength(1);
  });

  it('counts bytes of UTF-8, not characters, and never queues an oversized call for the open', async () => {
    const socket = fakeSocket();
    const api = createBridge(createWebSocketTransport(socket as unknown as SocketLike));
    const frame = (id: number, request: string) =>
      JSON.stringify({ type: 'invoke', id, channel: 'shell:open-external', request });
    const prefix = 'https://example.org/';
    // Over the limit in bytes (3 each), a third of it in characters.
    const euros = prefix + '€'.repeat(Math.ceil(MAX_INVOKE_FRAME_BYTES / 3));
    await expect(api.openExternal(euros)).rejects.toThrow(/too large for the preview/);
    // As many bytes as characters: exactly the limit.
    const ascii = prefix + 'a'.repeat(MAX_INVOKE_FRAME_BYTES - frame(2, prefix).length);
    expect(frame(2, ascii).length).toBe(MAX_INVOKE_FRAME_BYTES);
    const fits = api.openExternal(ascii);
    socket.fire('open');
    expect(socket.sent).toEqual([frame(socket.lastId(), ascii)]);
    socket.fire('message', JSON.stringify({ type: 'result', id: socket.lastId(), ok: true }));
    await expect(fits).resolves.toBeUndefined();
  });
});
