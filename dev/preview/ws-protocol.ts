/**
 * The preview's WebSocket protocol: the contract (common/contract) carried as JSON text frames
 * between the page (ws-transport.ts) and the preview server (./bridge-socket.ts). Both sides
 * validate what they receive with the zod schemas below (zod/mini, so the page's preview-only chunk stays
 * small); the server then checks each invoke's argument with main/contract-schemas.ts before calling
 * createApp's handler.
 *
 * Page → server: `invoke`. Server → page: `hello` (once, first, on connect: main's clock and main's
 * state at that moment, so the page shows it without asking), `result` (one per invoke, matched by
 * `id`), `event` (state:changed, ui:navigate).
 *
 * Loaded only by the preview (a separate chunk, see renderer/lib/bridge.ts): never by the Electron popover.
 */
import * as z from 'zod/mini';
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  type AppState,
  type EventChannel,
  type EventChannels,
  type InvokeChannel,
} from '../../common/contract';
import { PREVIEW_BRIDGE_PATH } from '../../renderer/lib/preview-path';

export { PREVIEW_BRIDGE_PATH };

/**
 * The largest frame the page may send, in bytes of UTF-8 text (64 KB; a settings patch or a login is far
 * smaller). The page refuses to send a larger invoke (ws-transport.ts rejects that call with a message
 * fit to show); the server (`maxPayload`, counted after inflating a compressed frame) closes a connection
 * that sends one anyway, with code 1009, and keeps serving the others.
 */
export const MAX_INVOKE_FRAME_BYTES = 64 * 1024;

/** A contract call from the page. `id` is unique per connection; `request` is absent for `void` requests. */
export interface InvokeMessage {
  type: 'invoke';
  id: number;
  channel: InvokeChannel;
  request?: unknown;
}

/** The answer to one invoke: the handler's value, or the message of the Error it rejected with. */
export type ResultMessage =
  | { type: 'result'; id: number; ok: true; value?: unknown }
  | { type: 'result'; id: number; ok: false; error: string };

/** An event pushed by main. */
export interface EventMessage<E extends EventChannel = EventChannel> {
  type: 'event';
  channel: E;
  payload: EventChannels[E];
}

/**
 * Sent first on every connection: main's clock (epoch ms), so the page's countdowns follow it, and
 * main's state (`state:get`'s answer) at that moment, so the page needs no round trip to show it.
 */
export interface HelloMessage {
  type: 'hello';
  now: number;
  state: AppState;
}

/** Anything the server sends. */
export type ServerMessage = ResultMessage | EventMessage | HelloMessage;

/** A frame id: a non-negative safe integer. */
const frameId = z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));

/** Page → server: checked by the server before anything else (then the argument, per channel). */
export const invokeMessageSchema = z.strictObject({
  type: z.literal('invoke'),
  id: frameId,
  channel: z.enum(INVOKE_CHANNELS),
  request: z.optional(z.unknown()),
});

/**
 * main's snapshot or a navigation target as the page receives it: an object. Their fields are typed by
 * the contract and trusted as main's own output (main builds them; the envelope is what is checked).
 */
function contractObject<T>() {
  return z.custom<T>((value) => typeof value === 'object' && value !== null && !Array.isArray(value));
}

/** Server → page: every frame the page accepts. Anything else is dropped. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), now: z.number(), state: contractObject<AppState>() }),
  z.discriminatedUnion('ok', [
    z.object({ type: z.literal('result'), id: frameId, ok: z.literal(true), value: z.optional(z.unknown()) }),
    z.object({ type: z.literal('result'), id: frameId, ok: z.literal(false), error: z.string() }),
  ]),
  z.object({
    type: z.literal('event'),
    channel: z.enum(EVENT_CHANNELS),
    payload: contractObject<EventChannels[EventChannel]>(),
  }),
]);

/** Parses an invoke frame (server side); `null` for anything that is not one. */
export function parseInvokeMessage(text: string): InvokeMessage | null {
  const result = invokeMessageSchema.safeParse(parseJson(text));
  return result.success ? result.data : null;
}

/** Parses a server frame (page side); `null` for anything that is not a well-formed ServerMessage. */
export function parseServerMessage(text: string): ServerMessage | null {
  const result = serverMessageSchema.safeParse(parseJson(text));
  // The schema checks the envelope; a payload's type follows from its channel (see contractObject).
  return result.success ? (result.data as ServerMessage) : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
