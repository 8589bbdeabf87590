/**
 * createBridge(transport): the typed `window.classcharts` API, one function per contract message,
 * independent of how messages travel (Electron IPC in preload/index.ts, a WebSocket in the preview,
 * a direct call in tests). Imports only the contract: no electron, node or DOM.
 */
import {
  BRIDGE_EVENTS,
  BRIDGE_METHODS,
  type BridgeTransport,
  type ClassChartsApi,
  type EventChannel,
  type InvokeChannel,
} from './channels';

/**
 * Builds the renderer-facing API over a transport. Methods return the transport's promise (rejected
 * with an Error whose message is fit to show); `on…` subscriptions return an unsubscribe function.
 * The returned object is frozen and holds only functions, so it is safe to expose through contextBridge.
 */
export function createBridge(transport: BridgeTransport): ClassChartsApi {
  const api: Record<string, unknown> = {};
  for (const [method, channel] of Object.entries(BRIDGE_METHODS) as [string, InvokeChannel][]) {
    api[method] = (request?: unknown) => transport.invoke(channel, request as never);
  }
  for (const [method, channel] of Object.entries(BRIDGE_EVENTS) as [string, EventChannel][]) {
    api[method] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${method} needs a listener function`);
      return transport.on(channel, listener as never);
    };
  }
  return Object.freeze(api) as ClassChartsApi;
}
