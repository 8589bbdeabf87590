// The preview bridge against a client that skips the page's own size check (issue 15 §4): a frame over
// the protocol's limit costs that client its connection (ws closes it with 1009, the bridge logs a
// warning), never the preview's process; other pages, and pages connecting afterwards, are served as
// before. The page's transport handles its own socket's errors too. An uncaught `error` event would fail
// this file's run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createBridge } from '../../../common/contract/bridge';
import { MAX_INVOKE_FRAME_BYTES, parseServerMessage } from '../../../dev/preview/ws-protocol';
import { createWebSocketTransport, type SocketLike } from '../../../dev/preview/ws-transport';
import { recordingLogger } from '../../main/classcharts/helpers';
import { startPreview, type Preview } from '../../../dev/preview/server';

let dir: string;
let preview: Preview;
let bridgeUrl: string;
let origin: string;
const logger = recordingLogger();

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'preview-bridge-test-'));
  preview = await startPreview({ rendererDir: dir, logger, now: Date.parse('2026-11-23T10:15:00Z') });
  origin = preview.url.replace(/\/$/, '');
  bridgeUrl = `${origin.replace('http', 'ws')}/bridge`;
});

afterAll(async () => {
  await preview?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw `ws` client on the bridge (a page of this preview), once open and greeted with its `hello`. */
async function open(options: { perMessageDeflate?: boolean } = {}) {
  const socket = new WebSocket(bridgeUrl, { origin, ...options });
  const frames: string[] = [];
  socket.on('message', (data) => frames.push(String(data)));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  // The server closing the connection may reach this end as an error (e.g. ECONNRESET) too: not this test's.
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', () => reject(new Error('the bridge refused the connection')));
  });
  await until(() => frames.length > 0);
  return { socket, frames, closed };
}

/** Resolves once `done()` holds; fails the test after 5 s. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Sends an invoke and waits for its `result` frame. */
async function invoke(
  client: Awaited<ReturnType<typeof open>>,
  id: number,
  channel: string,
  request?: unknown,
) {
  client.socket.send(JSON.stringify({ type: 'invoke', id, channel, request }));
  let result: ReturnType<typeof parseServerMessage> = null;
  await until(() => {
    result =
      client.frames
        .map(parseServerMessage)
        .find((message) => message?.type === 'result' && message.id === id) ?? null;
    return result !== null;
  });
  return result as ReturnType<typeof parseServerMessage>;
}

describe('preview bridge: a frame over the limit', () => {
  it.each([
    { perMessageDeflate: true, sent: 'compressed (as browsers send it): too large once inflated' },
    { perMessageDeflate: false, sent: 'uncompressed: too large as received' },
  ])('closes only that connection with 1009 and keeps serving ($sent)', async ({ perMessageDeflate }) => {
    const bystander = await open();
    const offender = await open({ perMessageDeflate });
    const url = `https://example.org/${'a'.repeat(100 * 1024)}`;
    const frame = JSON.stringify({ type: 'invoke', id: 1, channel: 'shell:open-external', request: url });
    expect(Buffer.byteLength(frame)).toBeGreaterThan(MAX_INVOKE_FRAME_BYTES);
    const warnings = logger.entries.length;

    offender.socket.send(frame);

    expect(await offender.closed).toBe(1009);
    const warned = logger.entries.slice(warnings).filter((entry) => entry.level === 'warn');
    expect(warned).toEqual([
      {
        level: 'warn',
        message: 'preview bridge: closed a connection after a socket error',
        fields: { message: expect.stringMatching(/max payload size exceeded/i) as unknown },
      },
    ]);
    expect(preview.opened).not.toContain(url);

    // The page that behaved is still served…
    expect(await invoke(bystander, 1, 'shell:open-external', 'https://example.org/a')).toEqual({
      type: 'result',
      id: 1,
      ok: true,
    });
    // …and so is a page connecting afterwards: greeted, then answered.
    const next = await open({ perMessageDeflate });
    expect(parseServerMessage(next.frames[0] ?? '')?.type).toBe('hello');
    const state = await invoke(next, 1, 'state:get');
    expect(state?.type === 'result' && state.ok && state.value).toMatchObject({
      environment: { platform: 'browser' },
    });
    expect(preview.opened.at(-1)).toBe('https://example.org/a');
    bystander.socket.close();
    next.socket.close();
  });
});

describe("preview bridge: the page's end", () => {
  it('refuses a call too large to send and carries on over the same connection', async () => {
    const socket = new WebSocket(bridgeUrl, { origin });
    const api = createBridge(createWebSocketTransport(socket as unknown as SocketLike));
    const url = `https://example.org/${'a'.repeat(100 * 1024)}`;
    await expect(api.openExternal(url)).rejects.toThrow(
      'This request is too large for the preview (101 KB; the limit is 64 KB).',
    );
    await api.openExternal('https://example.org/after');
    expect(preview.opened.at(-1)).toBe('https://example.org/after');
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('handles an error on its socket: pending calls reject as a lost connection, nothing is thrown', async () => {
    // A page socket that cannot take the server's `hello` (larger than 16 bytes): ws reports an `error`.
    const socket = new WebSocket(bridgeUrl, { origin, maxPayload: 16 });
    const api = createBridge(createWebSocketTransport(socket as unknown as SocketLike));
    await expect(api.getState()).rejects.toThrow(/connection to the preview server was lost/);
    expect(socket.readyState).toBe(WebSocket.CLOSED);
    await expect(api.refresh()).rejects.toThrow(/lost/);
  });
});
