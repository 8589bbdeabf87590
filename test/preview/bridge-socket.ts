/**
 * The server side of the preview's WebSocket bridge (protocol: renderer/lib/ws-protocol.ts): every
 * `invoke` frame is checked (envelope with zod, argument with main/contract-schemas.ts parseRequest)
 * before createApp's handler runs; answers and events go back as JSON frames. Only pages served by this
 * preview (same Origin) may connect.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { INVOKE_CHANNELS, type ContractHandlers, type InvokeChannel } from '../../preload/contract';
import { parseRequest } from '../../main/contract-schemas';
import type { App, Logger } from '../../main/ports';
import { PREVIEW_BRIDGE_PATH, type ServerMessage } from '../../renderer/lib/ws-protocol';

/** The largest frame a page may send (a settings patch or a login is far smaller). */
const MAX_FRAME_BYTES = 64 * 1024;

const invokeSchema = z.strictObject({
  type: z.literal('invoke'),
  id: z.int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  channel: z.enum(INVOKE_CHANNELS),
  request: z.unknown().optional(),
});

/** What the bridge needs from the running app. */
export interface BridgeTarget {
  app: Pick<App, 'handlers' | 'on' | 'popoverShown'>;
  /** Main's clock (epoch ms), sent to the page so its countdowns agree. */
  now: () => number;
  logger: Logger;
}

/** A WebSocket endpoint for the bridge, attached to an HTTP server's `upgrade` event. */
export interface BridgeSocket {
  /** Handles an HTTP upgrade; refuses other paths and foreign origins. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open page connections. */
  readonly clients: ReadonlySet<WebSocket>;
  /** Closes every connection. */
  close(): Promise<void>;
}

/** Creates the bridge endpoint; `origin()` is this preview's own `http://127.0.0.1:PORT`. */
export function createBridgeSocket(target: BridgeTarget, origin: () => string): BridgeSocket {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  wss.on('connection', (ws) => {
    const send = (message: ServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    send({ type: 'hello', now: target.now() });
    const unsubscribe = [
      target.app.on('state:changed', (payload) => send({ type: 'event', channel: 'state:changed', payload })),
      target.app.on('ui:navigate', (payload) => send({ type: 'event', channel: 'ui:navigate', payload })),
    ];
    ws.on('close', () => unsubscribe.forEach((undo) => undo()));
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        ws.close(1003, 'text frames only');
        return;
      }
      void answer(data.toString('utf8'), send);
    });
    // A page connecting is the preview's "popover shown".
    target.app.popoverShown();
  });

  async function answer(text: string, send: (message: ServerMessage) => void): Promise<void> {
    let frame: z.infer<typeof invokeSchema>;
    try {
      frame = invokeSchema.parse(JSON.parse(text));
    } catch {
      target.logger.warn('preview bridge: dropped a malformed frame');
      return;
    }
    const { id, channel } = frame;
    try {
      const request = parseRequest(channel, frame.request);
      const handler = target.app.handlers[channel] as ContractHandlers[InvokeChannel] as (
        request: unknown,
      ) => Promise<unknown>;
      const value = await handler(request);
      send(value === undefined ? { type: 'result', id, ok: true } : { type: 'result', id, ok: true, value });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Request failed.';
      send({ type: 'result', id, ok: false, error: message });
    }
  }

  return {
    handleUpgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://preview');
      if (url.pathname !== PREVIEW_BRIDGE_PATH || request.headers.origin !== origin()) {
        target.logger.warn('preview bridge: refused a connection', {
          path: url.pathname,
          origin: request.headers.origin ?? null,
        });
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    },
    get clients() {
      return wss.clients;
    },
    close() {
      for (const client of wss.clients) client.terminate();
      return new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
