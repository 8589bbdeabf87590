/**
 * A BridgeTransport over a WebSocket, for the browser preview (test/preview/): the page has no
 * `window.classcharts`, so bridge.ts builds the same createBridge over this transport instead of Electron
 * IPC. Loaded only in that case (a separate chunk), so the Electron popover never contains a socket.
 *
 * Invokes sent before the socket opens wait for it; when the socket closes, pending and later invokes
 * reject with an Error fit to show.
 */
import type {
  BridgeTransport,
  EventChannel,
  EventChannels,
  InvokeChannel,
  RequestOf,
  ResponseOf,
} from '../../preload/contract';
import { followMainClock } from './clock';
import { parseServerMessage, type InvokeMessage } from './ws-protocol';

/** The subset of the DOM WebSocket this transport uses (so tests can pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

const OPEN = 1;
const CLOSED_MESSAGE = 'The connection to the preview server was lost. Restart `npm run preview` and reload.';

/**
 * Creates the transport on an already-constructed socket (`new WebSocket('ws://127.0.0.1:PORT/bridge')`).
 * Events are delivered to listeners in arrival order; a `hello` frame aligns clock.ts with main's clock.
 */
export function createWebSocketTransport(socket: SocketLike): BridgeTransport {
  let nextId = 1;
  let closed = false;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const queued: string[] = [];
  const listeners = new Map<EventChannel, Set<(payload: never) => void>>();

  socket.addEventListener('open', () => {
    for (const frame of queued.splice(0)) socket.send(frame);
  });
  socket.addEventListener('close', () => {
    closed = true;
    for (const { reject } of pending.values()) reject(new Error(CLOSED_MESSAGE));
    pending.clear();
  });
  socket.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return;
    const message = parseServerMessage(event.data);
    if (!message) return;
    if (message.type === 'hello') {
      followMainClock(message.now);
    } else if (message.type === 'result') {
      const waiter = pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id);
      if (message.ok) waiter.resolve(message.value);
      else waiter.reject(new Error(message.error));
    } else {
      for (const listener of listeners.get(message.channel) ?? []) {
        (listener as (payload: unknown) => void)(message.payload);
      }
    }
  });

  return {
    invoke<C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
      if (closed) return Promise.reject(new Error(CLOSED_MESSAGE));
      const id = nextId++;
      const message: InvokeMessage = { type: 'invoke', id, channel };
      if (request !== undefined) message.request = request;
      const frame = JSON.stringify(message);
      return new Promise<ResponseOf<C>>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        if (socket.readyState === OPEN) socket.send(frame);
        else queued.push(frame);
      });
    },
    on<E extends EventChannel>(channel: E, listener: (payload: EventChannels[E]) => void): () => void {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
  };
}
