/**
 * The contract (common/contract) over Electron IPC, main side: one `ipcMain.handle` per invoke
 * channel, each of which
 *   1. refuses any sender but the popover's top frame showing our own page (docs/design.md "Contract
 *      style": main checks the sender is our window),
 *   2. validates its single argument with the channel's zod schema (`parseRequest`, main/contract-schemas.ts),
 *   3. calls the app's handler (main/app/channel-handlers.ts) and returns its answer.
 * Events the app emits (`state:changed`, `ui:navigate`) are forwarded to the popover: states only while it
 * is visible, and the current one just before it shows.
 *
 * Exhaustiveness is checked at compile time: `handlers` (ContractHandlers) and the schemas
 * (REQUEST_SCHEMAS) are mapped over every `InvokeChannel`, `INVOKE_CHANNELS` lists every channel
 * (contract.ts), and `_everyChannelRegistered` below fails to compile if the list this file registers
 * from ever misses one.
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import {
  type AppState,
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  type ContractHandlers,
  type EventChannel,
  type EventChannels,
  type InvokeChannel,
  type RequestOf,
} from '../../common/contract';
import { InvalidRequestError, parseRequest } from '../contract-schemas';
import type { App, Logger } from '../ports';

// Compile-time: the channel list registered below covers every invoke channel of the contract.
type Unregistered = Exclude<InvokeChannel, (typeof INVOKE_CHANNELS)[number]>;
const _everyChannelRegistered: [Unregistered] extends [never] ? true : never = true;
void _everyChannelRegistered;

/** The sender facts Electron gives a handler (`IpcMainInvokeEvent`). */
export type SenderEvent = {
  sender: { id: number };
  senderFrame: { url: string; parent: unknown } | null;
};

/** The Error a refused call rejects with (the renderer sees only the message). */
export class IpcRefusedError extends Error {
  override name = 'IpcRefusedError';
}

/**
 * True when the call comes from the popover's top frame while it shows our own page: not from another
 * window, a sub-frame, or a page the popover was somehow navigated to. A destroyed frame
 * (`senderFrame === null`) is refused.
 */
export function isTrustedSender(
  event: SenderEvent,
  popover: { ownsWebContents(id: number): boolean },
  isAppUrl: (url: string) => boolean,
): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  if (!popover.ownsWebContents(event.sender.id)) return false;
  return isAppUrl(frame.url);
}

/** Options for {@link registerIpc}. */
export interface RegisterIpcOptions {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  handlers: ContractHandlers;
  /** Sender check, usually {@link isTrustedSender} bound to the popover. */
  isTrusted(event: SenderEvent): boolean;
  logger?: Logger;
}

/**
 * Registers one handler per invoke channel and returns a function that removes them all.
 * A foreign sender or extra arguments reject with an {@link IpcRefusedError}; an argument its schema
 * rejects rejects with the schema's `InvalidRequestError` (message fit to show, e.g. "Enter your access
 * code."). Neither echoes the argument, which may hold a password. The app's own errors pass through with
 * their message (it is fit to show).
 */
export function registerIpc(options: RegisterIpcOptions): () => void {
  const { ipcMain, handlers, isTrusted, logger } = options;
  const register = <C extends InvokeChannel>(channel: C) => {
    const handler = handlers[channel] as (request: RequestOf<C>) => Promise<unknown>;
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      if (!isTrusted(event)) {
        logger?.warn('ipc: refused a call from a foreign sender', { channel, url: event.senderFrame?.url });
        throw new IpcRefusedError(`${channel}: refused (not the ClassCharts Tray window)`);
      }
      if (args.length > 1) {
        logger?.warn('ipc: refused a call with extra arguments', { channel, count: args.length });
        throw new IpcRefusedError(`${channel}: invalid request`);
      }
      let request: RequestOf<C>;
      try {
        request = parseRequest(channel, args[0]);
      } catch (error) {
        if (error instanceof InvalidRequestError) {
          logger?.warn('ipc: refused an invalid request', {
            channel,
            fields: error.issues.map((i) => i.path),
          });
        }
        throw error;
      }
      try {
        return await handler(request);
      } catch (error) {
        // Only the message crosses IPC; make sure there is a useful one.
        throw error instanceof Error ? error : new Error(String(error));
      }
    });
  };
  for (const channel of INVOKE_CHANNELS) register(channel);
  return () => {
    for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(channel);
  };
}

/** Where {@link forwardEvents} sends: the popover (`send` drops an event when the window is gone). */
export interface PopoverEvents {
  send<E extends EventChannel>(channel: E, payload: EventChannels[E]): void;
  /** Whether the popover is on screen; absent: always (every state is sent). */
  isVisible?(): boolean;
}

/** The forwarding {@link forwardEvents} started. */
export interface Forwarding {
  /** Sends the current state if the popover has not seen it: call just before the popover is shown. */
  beforeShow(): void;
  /** Stops forwarding. */
  stop(): void;
}

/**
 * Forwards the app's contract events to the popover. `ui:navigate` always goes; `state:changed` goes only
 * while the popover is visible: a hidden popover is sent nothing (at 10× a busy year each state was up to
 * 95 KB, once a minute in school hours, and the hidden page rendered each: issue 30), and
 * {@link Forwarding.beforeShow} sends it the app's current state just before it shows, so its first frame
 * is never stale. A state equal to the last one sent is not sent again.
 */
export function forwardEvents(app: Pick<App, 'on' | 'state'>, target: PopoverEvents): Forwarding {
  let lastSent: AppState | null = null;
  const sendState = (state: AppState) => {
    if (state === lastSent) return;
    lastSent = state;
    target.send('state:changed', state);
  };
  const stops = EVENT_CHANNELS.map((channel) =>
    channel === 'state:changed'
      ? app.on('state:changed', (state) => {
          if (target.isVisible?.() ?? true) sendState(state);
        })
      : app.on(channel, (payload) => target.send(channel, payload)),
  );
  return {
    beforeShow() {
      const state = app.state();
      // The app emits only states that differ; one equal to the last sent, by content, is the same.
      if (lastSent === null || JSON.stringify(state) !== JSON.stringify(lastSent)) sendState(state);
    },
    stop() {
      for (const stop of stops) stop();
    },
  };
}
