/**
 * The `Notifier` port (main/ports.ts) on Electron's main-process `Notification`. A click opens the
 * popover at the notification's item (`onClick(target)`: the composition root shows the popover and calls
 * `app.navigate(target)`). Text arrives already worded by the core (privacy mode applied); this adapter
 * only displays it.
 *
 * Shown notifications are kept referenced until closed or clicked: otherwise the garbage collector may
 * drop the JS object and its click handler while the OS still shows the toast.
 */
import type { Notification as ElectronNotification, NotificationConstructorOptions } from 'electron';
import type { NavigateTarget } from '../../preload/contract';
import type { AppNotification, Logger, Notifier } from '../ports';

/** The `Notification` class (or a test fake with the same shape). */
export interface NotificationClass {
  new (options: NotificationConstructorOptions): Pick<ElectronNotification, 'show' | 'close' | 'on'>;
  isSupported(): boolean;
}

/** Options for {@link createElectronNotifier}. */
export interface ElectronNotifierOptions {
  Notification: NotificationClass;
  /** The user clicked a notification: open the popover at `target`. */
  onClick(target: NavigateTarget, notification: AppNotification): void;
  /** Called after each notification is shown (the tray switches to its "something new" icon). */
  onShown?(notification: AppNotification): void;
  /** Icon file for Windows/Linux toasts (macOS always uses the app icon). */
  icon?: string;
  logger?: Logger;
}

/** Title and body lengths the OS toasts show in full, roughly; longer text is cut with an ellipsis. */
const TITLE_MAX = 64;
const BODY_MAX = 240;

function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * Creates the notifier. Where the OS offers no notifications (`Notification.isSupported()` false, e.g. a
 * Linux session without a notification daemon) `show` logs and does nothing rather than throwing: a missed
 * toast must not break a refresh.
 */
export function createElectronNotifier(
  options: ElectronNotifierOptions,
): Notifier & { readonly pending: number; notice(title: string, body: string): void } {
  // Shown toasts are kept referenced until clicked, closed or refused, so none is collected while shown.
  const live = new Set<object>();

  /** Shows a toast; `onClick` runs when the user clicks it. `id` names it in the log. */
  function toast(title: string, body: string, id: string, onClick?: () => void): boolean {
    if (!options.Notification.isSupported()) {
      options.logger?.info('notifier: notifications not supported here', { id });
      return false;
    }
    const shown = new options.Notification({
      title: cut(title, TITLE_MAX),
      body: cut(body, BODY_MAX),
      silent: false,
      ...(options.icon ? { icon: options.icon } : {}),
    });
    live.add(shown);
    const release = () => live.delete(shown);
    shown.on('click', () => {
      release();
      onClick?.();
    });
    shown.on('close', release);
    shown.on('failed', (_event, error) => {
      release();
      options.logger?.warn('notifier: the OS refused a notification', { id, error });
    });
    shown.show();
    return true;
  }

  return {
    get pending() {
      return live.size;
    },
    show(notification) {
      const shown = toast(notification.title, notification.body, notification.id, () =>
        options.onClick(notification.target, notification),
      );
      if (shown) options.onShown?.(notification);
    },
    /** A notice from the app itself (e.g. a tray action that failed): no item to open, not "something new". */
    notice(title, body) {
      toast(title, body, 'notice');
    },
  };
}
