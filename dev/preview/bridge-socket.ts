/**
 * The server side of the preview's WebSocket bridge (protocol: ./ws-protocol.ts): every
 * `invoke` frame is checked (envelope with the protocol's zod schema, argument with
 * main/contract-schemas.ts parseRequest) before createApp's handler runs; answers and events go back as
 * JSON frames. A connection is greeted with main's clock and state (`hello`), so the page shows the
 * state without asking for it. Only pages served by this preview may connect: the upgrade's `Host` and
 * `Origin` must both name this machine on the preview's port (main/loopback-host.ts).
 *
 * A frame over MAX_INVOKE_FRAME_BYTES (the page refuses to send one; a client that skips that check) or
 * one ws cannot read costs that connection only: ws closes it (code 1009 for the size) and reports an
 * `error`, which is logged as a warning here; the process and the other connections carry on.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ContractHandlers, InvokeChannel } from '../../common/contract';
import { parseRequest } from '../../main/contract-schemas';
import { isAllowedHost, isAllowedOrigin } from '../../main/loopback-host';
import type { App, Logger } from '../../main/ports';
import {
  MAX_INVOKE_FRAME_BYTES,
  PREVIEW_BRIDGE_PATH,
  parseInvokeMessage,
  type InvokeMessage,
  type ServerMessage,
} from './ws-protocol';

/** What the bridge needs from the running app. */
export interface BridgeTarget {
  app: Pick<App, 'handlers' | 'on' | 'userReturned' | 'state'>;
  /** Main's clock (epoch ms), sent to the page so its countdowns agree. */
  now: () => number;
  logger: Logger;
}

/** A WebSocket endpoint for the bridge, attached to an HTTP server's `upgrade` event. */
export interface BridgeSocket {
  /** Handles an HTTP upgrade; refuses other paths, foreign hosts and foreign origins (403). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open page connections. */
  readonly clients: ReadonlySet<WebSocket>;
  /** Closes every connection. */
  close(): Promise<void>;
}

/** The `hello` frame: main's clock (epoch ms) and state now. Sent on connect, and served in the page. */
export function helloFrame(target: Pick<BridgeTarget, 'app' | 'now'>): ServerMessage {
  return { type: 'hello', now: target.now(), state: target.app.state() };
}

/** Creates the bridge endpoint; `port()` is the port this preview listens on. */
export function createBridgeSocket(target: BridgeTarget, port: () => number): BridgeSocket {
  // permessage-deflate: the `hello` frame (a signed-in state, ~7 KB of JSON) goes as ~2 KB. Chromium reads
  // a new WebSocket 1,000 bytes at a time (net/websockets/websocket_basic_stream.cc, kSmallReadBufferSize),
  // one task each, so the uncompressed frame reached the page ~12 ms after a small one on the bench
  // machine. Frames under 1 KB (ws's threshold) go uncompressed; maxPayload bounds the inflated size.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_INVOKE_FRAME_BYTES,
    perMessageDeflate: true,
  });
  // Not emitted with `noServer` today; handled so that a future one cannot end the process.
  wss.on('error', (error) => target.logger.warn('preview bridge: server error', { message: error.message }));

  wss.on('connection', (ws) => {
    // An oversized or unreadable frame: ws has already closed this connection (1009 when too large). An
    // unhandled `error` event would end the preview's process, and every other page's connection with it.
    ws.on('error', (error) =>
      target.logger.warn('preview bridge: closed a connection after a socket error', {
        message: error.message,
      }),
    );
    const send = (message: ServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    send(helloFrame(target));
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
    target.app.userReturned();
  });

  async function answer(text: string, send: (message: ServerMessage) => void): Promise<void> {
    const frame: InvokeMessage | null = parseInvokeMessage(text);
    if (!frame) {
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
      if (
        url.pathname !== PREVIEW_BRIDGE_PATH ||
        !isAllowedHost(request.headers.host, port()) ||
        !isAllowedOrigin(request.headers.origin, port())
      ) {
        target.logger.warn('preview bridge: refused a connection', {
          path: url.pathname,
          host: request.headers.host ?? null,
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
