/**
 * The preview's WebSocket protocol: the contract (preload/contract.ts) carried as JSON text frames
 * between the page (ws-transport.ts) and the preview server (test/preview/server.ts), which validates each
 * invoke with main/contract-schemas.ts before calling createApp's handler.
 *
 * Page → server: `invoke`. Server → page: `hello` (once, on connect), `result` (one per invoke, matched by
 * `id`), `event` (state:changed, ui:navigate).
 */
import type { EventChannel, EventChannels, InvokeChannel } from '../../preload/contract';

/** Path of the bridge WebSocket on the preview server's origin. */
export const PREVIEW_BRIDGE_PATH = '/bridge';

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

/** Sent first on every connection: main's clock (epoch ms), so the page's countdowns follow it. */
export interface HelloMessage {
  type: 'hello';
  now: number;
}

/** Anything the server sends. */
export type ServerMessage = ResultMessage | EventMessage | HelloMessage;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses a server frame; returns `null` for anything that is not a well-formed ServerMessage envelope
 * (payloads are typed by the contract and trusted as main's own output).
 */
export function parseServerMessage(text: string): ServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  if (value.type === 'hello' && typeof value.now === 'number') return { type: 'hello', now: value.now };
  if (value.type === 'event' && (value.channel === 'state:changed' || value.channel === 'ui:navigate')) {
    return value as unknown as EventMessage;
  }
  if (value.type === 'result' && typeof value.id === 'number' && typeof value.ok === 'boolean') {
    if (value.ok) return { type: 'result', id: value.id, ok: true, value: value.value };
    return { type: 'result', id: value.id, ok: false, error: String(value.error ?? 'Request failed') };
  }
  return null;
}
