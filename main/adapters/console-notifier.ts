/**
 * A Notifier (main/ports.ts) that writes each notification as one line instead of showing a desktop
 * notification: JSON for `cli watch --json`, or readable text. No electron imports.
 */
import type { AppNotification, Notifier } from '../ports';

/** Options for {@link createConsoleNotifier}. */
export interface ConsoleNotifierOptions {
  /** Where lines go; defaults to `console.log`. */
  write?: (line: string) => void;
  /** `json`: `{"event":"notification",…}` per line; `text`: `title — body`. Default `text`. */
  format?: 'json' | 'text';
  /** Epoch ms for the `at` field of JSON lines; defaults to `Date.now`. */
  now?: () => number;
}

/** A Notifier that prints. Also keeps every notification shown, newest last, in `shown`. */
export function createConsoleNotifier(options: ConsoleNotifierOptions = {}): Notifier & {
  readonly shown: AppNotification[];
} {
  const write = options.write ?? ((line: string) => console.log(line));
  const now = options.now ?? Date.now;
  const shown: AppNotification[] = [];
  return {
    shown,
    show(notification) {
      shown.push(notification);
      write(
        options.format === 'json'
          ? JSON.stringify({ event: 'notification', at: new Date(now()).toISOString(), ...notification })
          : `${notification.title} — ${notification.body}`,
      );
    },
  };
}
