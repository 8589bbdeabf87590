/**
 * The `Notifier` port (main/ports.ts) on Electron's main-process `Notification`. A click opens the
 * popover at the notification's item (`onClick(target)`: the composition root shows the popover and calls
 * `app.navigate(target)`). Text arrives already worded by the core (privacy mode applied); this adapter
 * only displays it.
 *
 * Shown notifications are kept referenced until clicked, dismissed or refused (the newest
 * {@link KEEP_NOTIFICATIONS} at most): otherwise the garbage collector may drop the JS object and its click
 * handler while the OS still shows the toast. The tray's "new" icon follows the OS's `show` event, never
 * show() itself: macOS (Electron 42+, UNNotification) refuses every notification of an unsigned app with
 * `failed` (docs/breaking-changes.md "42.0"), and that reason goes to the core ({@link Notifier.onDelivery}).
 */
import type {
  ActivationArguments,
  Notification as ElectronNotification,
  NotificationConstructorOptions,
} from 'electron';
import type { NavigateTarget } from '../../common/contract';
import type { AppNotification, Logger, NotificationDelivery, Notifier } from '../ports';

/** The `Notification` class (or a test fake with the same shape). */
export interface NotificationClass {
  new (options: NotificationConstructorOptions): Pick<ElectronNotification, 'show' | 'close' | 'on'>;
  isSupported(): boolean;
  /** Windows only (Electron 42+; undefined elsewhere): every activation, also of toasts whose object is gone. */
  handleActivation?(callback: (details: ActivationArguments) => void): void;
}

/** Options for {@link createElectronNotifier}. */
export interface ElectronNotifierOptions {
  Notification: NotificationClass;
  /** The user clicked a notification: open the popover at `target`. */
  onClick(target: NavigateTarget, notification: AppNotification): void;
  /**
   * The OS says a notification is on screen (its `show` event: after show() returned on macOS and Windows,
   * during it on Linux): the tray switches to its "something new" icon.
   */
  onShown?(notification: AppNotification): void;
  /**
   * The OS refused a notification (its `failed` event; macOS: every one of an unsigned app). `reason` is
   * the OS's error text; `notification` is `null` for a {@link ElectronNotifier.notice}. If it had been
   * shown it no longer counts in {@link ElectronNotifier.unseen}.
   */
  onFailed?(reason: string, notification: AppNotification | null): void;
  /** `process.platform`; on `win32` {@link ElectronNotifier.handleActivations} registers its callback. */
  platform?: string;
  /** Icon file for Windows/Linux toasts (macOS always uses the app icon). */
  icon?: string;
  logger?: Logger;
}

/** The notifier: the port plus what the composition root reads and tells it. */
export interface ElectronNotifier extends Notifier {
  /** Notifications currently referenced (so their click handlers survive); at most {@link KEEP_NOTIFICATIONS}. */
  readonly pending: number;
  /** Item notifications the OS showed (and did not then refuse) since {@link seen}. */
  readonly unseen: number;
  /** The user looked (the popover opened): nothing shown so far is unseen. */
  seen(): void;
  /** Calls `listener` each time the OS reports a notification shown or refused. */
  onDelivery(listener: (delivery: NotificationDelivery) => void): void;
  /** A notice from the app itself (e.g. a tray action that failed): no item to open, not "something new". */
  notice(title: string, body: string): void;
  /**
   * Windows (a no-op elsewhere): `callback` runs for every click on a toast, also one whose JS object is
   * gone (collected, or shown before a restart) and the click that started the app, which Electron hands
   * over at once (`Notification.handleActivation`; the toast activator is registered first, through
   * `Notification.isSupported()`). Call it once what the callback needs exists. It also
   * runs for clicks the toast's own `click` reports, so it must be harmless twice (show the popover).
   */
  handleActivations(callback: () => void): void;
}

/**
 * How many shown notifications stay referenced. A notification is let go when clicked, dismissed or
 * refused, but macOS and Linux may never report one left in the notification centre, and a Windows toast
 * that timed out stays clickable in Action Center: the oldest beyond this many are let go (their clicks
 * then reach only `Notification.handleActivation` on Windows).
 */
export const KEEP_NOTIFICATIONS = 20;

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
export function createElectronNotifier(options: ElectronNotifierOptions): ElectronNotifier {
  // Shown toasts stay referenced (newest last) until clicked, dismissed or refused, or pushed out by newer
  // ones, so none is collected while the OS may still report a click on it.
  const live = new Set<object>();
  // Item notifications the OS reported shown since the popover was last opened.
  const unseen = new Set<object>();
  const listeners: ((delivery: NotificationDelivery) => void)[] = [];
  const deliver = (delivery: NotificationDelivery) => listeners.forEach((listener) => listener(delivery));

  function keep(shown: object): void {
    live.add(shown);
    for (const oldest of live) {
      if (live.size <= KEEP_NOTIFICATIONS) break;
      live.delete(oldest);
    }
  }

  /** Shows a toast for `item` (null: a notice); `id` names it in the log. */
  function toast(title: string, body: string, id: string, item: AppNotification | null): void {
    if (!options.Notification.isSupported()) {
      options.logger?.info('notifier: notifications not supported here', { id });
      return;
    }
    const shown = new options.Notification({
      title: cut(title, TITLE_MAX),
      body: cut(body, BODY_MAX),
      silent: false,
      ...(options.icon ? { icon: options.icon } : {}),
    });
    keep(shown);
    const release = () => live.delete(shown);
    shown.on('show', () => {
      deliver({ status: 'ok' });
      if (!item) return;
      unseen.add(shown);
      options.onShown?.(item);
    });
    shown.on('click', () => {
      release();
      if (item) options.onClick(item.target, item);
    });
    shown.on('close', (details) => {
      // Windows: 'timedOut' means moved to Action Center, where it can still be clicked.
      if (details?.reason !== 'timedOut') release();
    });
    shown.on('failed', (_event, error) => {
      release();
      unseen.delete(shown);
      options.logger?.warn('notifier: the OS refused a notification', { id, error });
      deliver({ status: 'failed', reason: error });
      options.onFailed?.(error, item);
    });
    shown.show();
  }

  return {
    get pending() {
      return live.size;
    },
    get unseen() {
      return unseen.size;
    },
    seen() {
      unseen.clear();
    },
    onDelivery(listener) {
      listeners.push(listener);
    },
    show(notification) {
      toast(notification.title, notification.body, notification.id, notification);
    },
    notice(title, body) {
      toast(title, body, 'notice', null);
    },
    handleActivations(callback) {
      if (options.platform !== 'win32') return;
      // Windows hands toast clicks to this process only once Electron's notification presenter exists (it
      // registers the toast activator), which `isSupported()` creates and `handleActivation` does not
      // (electron@96f3996d shell/browser/api/electron_api_notification.cc; notifications/win/
      // notification_presenter_win.cc `Create`): without it a click before the first toast is lost.
      options.Notification.isSupported();
      options.Notification.handleActivation?.(() => callback());
    },
  };
}
