/**
 * The app's two event streams: the contract's events for the popover and the tray (`state:changed`,
 * `ui:navigate`, common/contract/channels.ts), and the core's events for observers (`cli watch --json`,
 * tests). A listener that throws is logged and never stops the others.
 */
import type { EventChannel, EventChannels } from '../../common/contract';
import type { AppNotification, Logger } from '../ports';
import { errorText } from '../../common/errors';
import type { SessionEvent } from '../session/keeper';
import type { SyncEvent } from '../sync/sync-engine';

/** Events of the core for observers (`cli watch --json`); never hold secrets. */
export type CoreEvent =
  | SessionEvent
  | SyncEvent
  | { type: 'notification'; notification: AppNotification }
  | { type: 'error'; message: string };

type Listener<E extends EventChannel> = (payload: EventChannels[E]) => void;

/** The listeners of the contract's event channels, and the one observer of core events. */
export class AppEvents {
  private readonly listeners: { [E in EventChannel]: Set<Listener<E>> } = {
    'state:changed': new Set(),
    'ui:navigate': new Set(),
  };

  constructor(
    private readonly logger: Logger,
    private readonly onEvent: ((event: CoreEvent) => void) | undefined,
  ) {}

  /** Tells the observer (`CreateAppOptions.onEvent`) a core event. */
  core(event: CoreEvent): void {
    try {
      this.onEvent?.(event);
    } catch (error) {
      this.logger.error('core event listener failed', { error: errorText(error) });
    }
  }

  /** Sends `payload` to every listener of `channel`, in the order they subscribed. */
  emit<E extends EventChannel>(channel: E, payload: EventChannels[E]): void {
    for (const listener of [...this.listeners[channel]]) {
      try {
        listener(payload);
      } catch (error) {
        this.logger.error('event listener failed', { channel, error: errorText(error) });
      }
    }
  }

  /** Subscribes to `channel`; returns the unsubscribe function (`App.on`, main/ports.ts). */
  on<E extends EventChannel>(channel: E, listener: Listener<E>): () => void {
    const set = this.listeners[channel] as Set<Listener<E>>;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }
}
