// How the page finds main: Electron's preload API when it is there (no socket, no preview code), else the
// preview's WebSocket, opened as soon as the bundle starts — and whatever the server says before the
// transport's code has loaded still reaches the page. WebSocket is a double here: nothing leaves jsdom.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassChartsApi } from '../../common/contract';
import { createMockBridge } from './mock-bridge';
import { november } from '../support/fixtures';

/** A WebSocket double: records what the page sends; the test plays the server. */
class FakeWebSocket extends EventTarget {
  static opened: FakeWebSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeWebSocket.opened.push(this);
  }
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.readyState = 3;
  }
  serverOpens(): void {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  serverSends(data: string): void {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

beforeEach(() => {
  FakeWebSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.resetModules();
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.classcharts;
});

describe('resolveBridge', () => {
  it("uses Electron's preload API and opens no socket", async () => {
    const api: ClassChartsApi = createMockBridge(november.studentState()).api;
    window.classcharts = api;
    await import('../../renderer/lib/preview-socket');
    const { resolveBridge } = await import('../../renderer/lib/bridge');
    await expect(resolveBridge()).resolves.toBe(api);
    expect(FakeWebSocket.opened).toEqual([]);
  });

  it('in the preview, opens the socket when the bundle starts and shows what main sent meanwhile', async () => {
    // main.ts imports preview-socket first: evaluating it opens the socket.
    await import('../../renderer/lib/preview-socket');
    expect(FakeWebSocket.opened.map((s) => s.url)).toEqual([`ws://${location.host}/bridge`]);
    const socket = FakeWebSocket.opened[0]!;
    // The server greets the page before the transport's chunk has loaded.
    socket.serverOpens();
    socket.serverSends(JSON.stringify({ type: 'hello', now: Date.now(), state: november.studentState() }));

    const { resolveBridge } = await import('../../renderer/lib/bridge');
    const api = await resolveBridge();
    await expect(api.getState()).resolves.toEqual(november.studentState());
    expect(socket.sent).toEqual([]);
    expect(FakeWebSocket.opened).toHaveLength(1);
  });
});
