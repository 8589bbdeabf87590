/**
 * A BridgeTransport over a WebSocket, for the browser preview (dev/preview/): the page has no
 * `window.classcharts`, so bridge.ts builds the same createBridge over this transport instead of Electron
 * IPC. Loaded only in that case (a separate chunk), so the Electron popover never contains a socket.
 *
 * Invokes sent before the socket opens wait for it; when the socket closes, pending and later invokes
 * reject with an Error fit to show. The page's first `state:get` is answered without a round trip, from
 * the state the server's `hello` frame carries (main's state at connection, or as the page was served:
 * the server puts a first `hello` in the page), or from a `state:changed` pushed since: main pushes
 * every change over this same socket, in order, so that is what main would answer. A later `hello` (the
 * socket's own, after the page's) is delivered as a `state:changed`. Calls made before the first `hello`
 * wait for it; later calls go to main as usual.
 *
 * A call whose frame would exceed MAX_INVOKE_FRAME_BYTES (e.g. a link with a 100 KB address) is never
 * sent: the server would close the whole connection (1009). That call alone rejects, with an Error fit to
 * show; the connection stays usable.
 */
import { createBridge } from '../../common/contract/bridge';
import type {
  AppState,
  BridgeTransport,
  ClassChartsApi,
  EventChannel,
  EventChannels,
  InvokeChannel,
  RequestOf,
  ResponseOf,
} from '../../common/contract';
import { followMainClock } from '../../renderer/lib/clock';
import { MAX_INVOKE_FRAME_BYTES, parseServerMessage, type InvokeMessage } from './ws-protocol';
import type * as Declared from 'classcharts-preview-bridge';

/** The subset of the DOM WebSocket this transport uses (so tests can pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** Options of {@link createWebSocketTransport}. */
export interface WebSocketTransportOptions {
  /**
   * `data` of the messages the socket received before this transport was attached, oldest first
   * (bridge.ts opens the socket while this module is still loading, and holds what arrives meanwhile).
   */
  received?: readonly unknown[];
}

const OPEN = 1;
const CLOSING = 2;
const CLOSED_MESSAGE = 'The connection to the preview server was lost. Restart `npm run preview` and reload.';

/** Bytes of `frame` as UTF-8, or 0 when it is surely within the limit (at most 3 bytes per UTF-16 unit). */
function oversizeBytes(frame: string): number {
  if (frame.length * 3 <= MAX_INVOKE_FRAME_BYTES) return 0;
  const bytes = new TextEncoder().encode(frame).length;
  return bytes > MAX_INVOKE_FRAME_BYTES ? bytes : 0;
}

/** The rejection of a call too large to send; sizes in KB (1,024 bytes), rounded up. */
function tooLargeMessage(bytes: number): string {
  const kb = (n: number) => Math.ceil(n / 1024);
  return `This request is too large for the preview (${kb(bytes)} KB; the limit is ${kb(MAX_INVOKE_FRAME_BYTES)} KB).`;
}

interface Waiter {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Creates the transport on a socket to the preview's bridge (`new WebSocket('ws://127.0.0.1:PORT/bridge')`),
 * which may already be open, or closed. Events are delivered to listeners in arrival order; the `hello`
 * frame aligns clock.ts with main's clock and answers the first `state:get`.
 */
export function createWebSocketTransport(
  socket: SocketLike,
  options: WebSocketTransportOptions = {},
): BridgeTransport {
  let nextId = 1;
  let closed = socket.readyState >= CLOSING;
  /** The first frame (the server's `hello`) has arrived. */
  let greeted = false;
  const pending = new Map<number, Waiter>();
  /** `state:get` calls made before the `hello` frame. */
  const awaitingHello: Waiter[] = [];
  /** The state main last pushed, until the first `state:get` takes it. */
  let unclaimed: AppState | null = null;
  const queued: string[] = [];
  const listeners = new Map<EventChannel, Set<(payload: never) => void>>();

  function send(channel: InvokeChannel, request: unknown, waiter: Waiter): void {
    const id = nextId++;
    const message: InvokeMessage = { type: 'invoke', id, channel };
    if (request !== undefined) message.request = request;
    const frame = JSON.stringify(message);
    const oversize = oversizeBytes(frame);
    if (oversize > 0) {
      waiter.reject(new Error(tooLargeMessage(oversize)));
      return;
    }
    pending.set(id, waiter);
    if (socket.readyState === OPEN) socket.send(frame);
    else queued.push(frame);
  }

  function greet(state: AppState | null): void {
    greeted = true;
    const waiters = awaitingHello.splice(0);
    if (state === null) {
      // No hello (a server speaking another protocol): ask the ordinary way.
      for (const waiter of waiters) send('state:get', undefined, waiter);
    } else if (waiters.length === 0) {
      unclaimed = state;
    } else {
      for (const [index, waiter] of waiters.entries())
        waiter.resolve(index === 0 ? state : structuredClone(state));
    }
  }

  function receive(data: unknown): void {
    if (typeof data !== 'string') return;
    const message = parseServerMessage(data);
    const first = !greeted;
    if (first) greet(message?.type === 'hello' ? message.state : null);
    if (!message) return;
    if (message.type === 'hello') {
      followMainClock(message.now);
      if (!first) deliver('state:changed', message.state);
    } else if (message.type === 'result') {
      const waiter = pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id);
      if (message.ok) waiter.resolve(message.value);
      else waiter.reject(new Error(message.error));
    } else {
      deliver(message.channel, message.payload);
    }
  }

  function deliver(channel: EventChannel, payload: unknown): void {
    if (channel === 'state:changed' && unclaimed !== null) unclaimed = payload as AppState;
    for (const listener of listeners.get(channel) ?? []) (listener as (payload: unknown) => void)(payload);
  }

  socket.addEventListener('open', () => {
    for (const frame of queued.splice(0)) socket.send(frame);
  });
  socket.addEventListener('close', () => {
    closed = true;
    const error = new Error(CLOSED_MESSAGE);
    for (const { reject } of [...pending.values(), ...awaitingHello.splice(0)]) reject(error);
    pending.clear();
  });
  // A socket error is followed by `close`, which rejects what is pending. Listening keeps it from going
  // unhandled: with Node's `ws` as the socket (the preview's tests), an unhandled one would throw.
  socket.addEventListener('error', () => {});
  socket.addEventListener('message', (event) => receive(event.data));
  for (const data of options.received ?? []) receive(data);

  return {
    invoke<C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
      if (closed) return Promise.reject(new Error(CLOSED_MESSAGE));
      return new Promise<ResponseOf<C>>((resolve, reject) => {
        const waiter: Waiter = { resolve: resolve as (value: unknown) => void, reject };
        if (channel === 'state:get' && !greeted) {
          awaitingHello.push(waiter);
        } else if (channel === 'state:get' && unclaimed !== null) {
          waiter.resolve(unclaimed);
          unclaimed = null;
        } else {
          send(channel, request, waiter);
        }
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

/**
 * The contract API over the preview's socket: createBridge (common/contract/bridge.ts, as in Electron) on
 * {@link createWebSocketTransport}. One entry point, so the preview's code is one chunk to load.
 */
export function createWebSocketBridge(
  socket: SocketLike,
  options: WebSocketTransportOptions = {},
): ClassChartsApi {
  return createBridge(createWebSocketTransport(socket, options));
}

/**
 * Fails to compile when {@link createWebSocketBridge} no longer fits what renderer/lib/bridge.ts imports
 * (the `classcharts-preview-bridge` module of renderer/lib/preview-bridge.d.ts). A type only.
 */
export type FitsRendererDeclaration = Fits<
  typeof createWebSocketBridge,
  typeof Declared.createWebSocketBridge
>;
type Fits<Actual extends Expected, Expected> = [Actual, Expected];
