/**
 * The two timers of the refresher (./refresher.ts): the interval refresh and the midnight refresh, set
 * through the injected clock, each remembering when it fires (for `nextRefreshAt`).
 */
import type { Clock } from '../ports';

/** Which refresh timer: the interval one (./schedule.ts `nextRefreshDelay`) or the midnight one. */
export type RefreshTimer = 'interval' | 'midnight';

/** A timer that is set: the clock's handle, and when it fires (epoch ms). */
interface ScheduledTimer {
  handle: unknown;
  at: number;
}

/** At most one timer of each kind; see the file header. */
export class RefreshTimers {
  private readonly clock: Clock;
  private readonly timers: Record<RefreshTimer, ScheduledTimer | null> = { interval: null, midnight: null };

  constructor(clock: Clock) {
    this.clock = clock;
  }

  /** When the first timer set fires (epoch ms), or `null` when none is set. */
  get nextAt(): number | null {
    const due = [this.timers.interval, this.timers.midnight].flatMap((timer) => (timer ? [timer.at] : []));
    return due.length === 0 ? null : Math.min(...due);
  }

  /**
   * Clears the `which` timer if set, then, unless `delay` is `null`, sets it to run `fire` in `delay` ms
   * (the timer counts as unset from then on, so `fire` may set it again).
   */
  set(which: RefreshTimer, delay: number | null, fire: () => void): void {
    this.cancel(which);
    if (delay === null) return;
    const handle = this.clock.setTimeout(() => {
      this.timers[which] = null;
      fire();
    }, delay);
    this.timers[which] = { handle, at: this.clock.now() + delay };
  }

  /** Clears both timers. */
  clear(): void {
    this.cancel('interval');
    this.cancel('midnight');
  }

  private cancel(which: RefreshTimer): void {
    const timer = this.timers[which];
    if (timer !== null) this.clock.clearTimeout(timer.handle);
    this.timers[which] = null;
  }
}
