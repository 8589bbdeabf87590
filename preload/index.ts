/**
 * Preload (sandboxed, context-isolated): exposes `window.classcharts` — createBridge (bridge.ts) over
 * Electron IPC, one function per contract message. Never exposes `ipcRenderer` itself, nor any channel
 * outside the contract. Built as one CommonJS file (a sandboxed preload cannot be an ES module or load
 * other files), so it imports only `electron` and the transport-agnostic bridge.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createBridge } from '../common/contract/bridge';
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  type BridgeTransport,
  type EventChannel,
  type InvokeChannel,
} from '../common/contract';

const invokeChannels: ReadonlySet<string> = new Set<InvokeChannel>(INVOKE_CHANNELS);
const eventChannels: ReadonlySet<string> = new Set<EventChannel>(EVENT_CHANNELS);

/** Electron prefixes a handler's error message ("Error invoking remote method 'x': Error: …"); drop it. */
function cleanIpcError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(message.replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, ''));
}

/** The contract over `ipcRenderer`: invoke for requests, `on` for events (returns an unsubscribe). */
const ipcTransport: BridgeTransport = {
  async invoke(channel, request) {
    if (!invokeChannels.has(channel)) throw new Error(`unknown channel ${String(channel)}`);
    try {
      // A request-less message carries no argument at all (main's schema expects `undefined`).
      return request === undefined
        ? await ipcRenderer.invoke(channel)
        : await ipcRenderer.invoke(channel, request);
    } catch (error) {
      throw cleanIpcError(error);
    }
  },
  on(channel, listener) {
    if (!eventChannels.has(channel)) throw new Error(`unknown event ${String(channel)}`);
    // Only the payload reaches the page: the IPC event object (with `sender`) stays here.
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload as never);
    ipcRenderer.on(channel, wrapped);
    return () => {
      ipcRenderer.removeListener(channel, wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('classcharts', createBridge(ipcTransport));
