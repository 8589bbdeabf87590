/** The `notifications` check of `--self-test`: can the app show one, and does the OS say it did? */
import type { Clock } from '../../ports';
import { errorText } from '../../../common/errors';
import type { CheckResult } from '../report';

/** What {@link checkNotifications} passes to the `Notification` constructor (electron.d.ts 45.4.1). */
export interface SelfTestNotificationOptions {
  title: string;
  body: string;
  silent: boolean;
}

/**
 * The members of an Electron `Notification` the check uses: `show`, `close`, and its `show` and `failed`
 * events (electron.d.ts 45.4.1 `Notification`; Electron's satisfies this structurally).
 */
export interface SelfTestNotification {
  show(): void;
  close(): void;
  on(event: 'show', listener: (event: unknown) => void): unknown;
  on(event: 'failed', listener: (event: unknown, error: string) => void): unknown;
}

/** The `Notification` class, or a test fake with the same shape. */
export interface SelfTestNotificationClass {
  new (options: SelfTestNotificationOptions): SelfTestNotification;
  isSupported(): boolean;
}

/** How long {@link checkNotifications} waits for `show` or `failed`, in milliseconds. */
export const NOTIFICATION_WAIT_MS = 5_000;

/** The title of the self-test's notification. */
export const SELF_TEST_NOTIFICATION_TITLE = 'ClassCharts Tray self-test';

/**
 * Shows one silent notification and waits (up to `waitMs`, through `clock`) for its `show` or `failed`
 * event, then closes it. `show` is `ok`; `failed` is `fail` with the OS's error (unsigned macOS builds get
 * it since Electron 42: docs/breaking-changes.md "Planned Breaking API Changes (42.0)", notifications use
 * UNNotification, which needs a code-signed app); no event in time is `warn`; `isSupported()` false is
 * `fail` (the app's notifications cannot work). Events may come synchronously from `show()` or later.
 */
export async function checkNotifications(facts: {
  Notification: SelfTestNotificationClass;
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  platform: string;
  waitMs?: number;
}): Promise<CheckResult> {
  const name = 'notifications';
  const waitMs = facts.waitMs ?? NOTIFICATION_WAIT_MS;
  if (!facts.Notification.isSupported())
    return {
      status: 'fail',
      name,
      detail:
        "Notification.isSupported() is false: no notification server (Linux: start one, e.g. the desktop's own or dunst)",
    };
  let notification: SelfTestNotification;
  try {
    notification = new facts.Notification({
      title: SELF_TEST_NOTIFICATION_TITLE,
      body: 'Checking that notifications can be shown. Nothing to do.',
      silent: true,
    });
  } catch (error) {
    return { status: 'fail', name, detail: `could not create one: ${errorText(error)}` };
  }
  const outcome = await new Promise<
    { event: 'show' } | { event: 'failed'; error: string } | { event: 'timeout' }
  >((resolve) => {
    let done = false;
    const finish = (value: { event: 'show' } | { event: 'failed'; error: string } | { event: 'timeout' }) => {
      if (done) return;
      done = true;
      facts.clock.clearTimeout(timer);
      resolve(value);
    };
    const timer = facts.clock.setTimeout(() => finish({ event: 'timeout' }), waitMs);
    notification.on('show', () => finish({ event: 'show' }));
    notification.on('failed', (_event, error) => finish({ event: 'failed', error: String(error) }));
    try {
      notification.show();
    } catch (error) {
      finish({ event: 'failed', error: errorText(error) });
    }
  });
  try {
    notification.close();
  } catch {
    // already gone
  }
  if (outcome.event === 'show')
    return { status: 'ok', name, detail: 'a test notification was shown and closed' };
  if (outcome.event === 'failed')
    return {
      status: 'fail',
      name,
      detail:
        `the OS refused the test notification: ${outcome.error}` +
        (facts.platform === 'darwin' ? ' (macOS shows notifications only for a code-signed app)' : ''),
    };
  return {
    status: 'warn',
    name,
    detail: `no "show" or "failed" event within ${waitMs / 1000} s: notifications may not appear (do not disturb, or the OS blocks the app?)`,
  };
}
