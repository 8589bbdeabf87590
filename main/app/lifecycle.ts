/**
 * The app's life between start and stop: awake or asleep (one {@link LifecyclePhase}), the minute tick
 * that keeps the popover's clock and the time-based notifications going, wake-ups (reported by the system,
 * or noticed from a late tick) and the user coming back. Sign-in is ./sign-in.ts; this decides only when
 * the refresh timers and the tick run.
 */
import type { AppPorts } from '../ports';
import type { SessionKeeper } from '../session/keeper';
import { nextMinuteDelay, popoverShouldRefresh } from '../sync/schedule';
import type { CoreClient, SyncEngine } from '../sync/sync-engine';
import type { UpdateSchedule } from '../update/update-schedule';
import type { NotificationDispatch } from './notification-dispatch';

/**
 * A minute tick this much later than planned (ms) means the computer slept, or the clock jumped, without
 * a wake-up being reported (timers do not run during sleep): the app then does what a wake-up does.
 */
export const MISSED_WAKE_MS = 90_000;

/** `stopped`: before start or after stop; `awake`: running; `asleep`: the computer is suspended. */
export type LifecyclePhase = 'stopped' | 'awake' | 'asleep';

/** What the lifecycle drives. */
export interface LifecycleDeps {
  ports: AppPorts;
  keeper: SessionKeeper<CoreClient>;
  engine: SyncEngine;
  updates: UpdateSchedule | null;
  notifications: NotificationDispatch;
  /** Emits the state when it changed. */
  publish(): void;
}

/** Start, sleep, wake-up and the minute tick. */
export class Lifecycle {
  /** Where the app is in its life. */
  phase: LifecyclePhase = 'stopped';
  /** When the user last looked (the popover shown), epoch ms: a session is kept alive for a while after. */
  lastSeenAt: number | null = null;
  private tickTimer: unknown = null;
  /** When the planned minute tick is due (epoch ms): a tick far later than that means a missed wake-up. */
  private tickDueAt = 0;
  /** When the app last did what a wake-up does (epoch ms). */
  private lastWakeAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: LifecycleDeps) {}

  /** From `stopped` to `awake`; `false` when already started (start then does nothing). */
  begin(): boolean {
    if (this.phase !== 'stopped') return false;
    this.phase = 'awake';
    return true;
  }

  /** Stops the tick, the renewals, the refreshes and the update checks. */
  stop(): void {
    this.phase = 'stopped';
    this.deps.updates?.stop();
    this.stopTick();
    this.deps.keeper.stop();
    this.deps.engine.stop();
  }

  /** The computer goes to sleep: no tick, no renewal, no refresh until a wake-up. */
  suspend(): void {
    if (this.phase === 'awake') this.phase = 'asleep';
    this.stopTick();
    this.deps.keeper.suspend();
    this.deps.engine.pause();
  }

  /** Someone is signing in: the computer is awake, whether or not a wake-up was reported. */
  awake(): void {
    if (this.phase === 'asleep') this.phase = 'awake';
  }

  /**
   * A wake-up: renews the session (signed in) and refreshes, once per wake-up however many times it is
   * told; while waiting for the user to sign in again, only the tick comes back.
   */
  resume(): void {
    const { keeper, engine, updates, ports } = this.deps;
    const wasAsleep = this.phase === 'asleep';
    if (this.phase === 'stopped') return;
    this.phase = 'awake';
    updates?.resume();
    // One wake-up told twice (the late minute tick, then the system's own event): renew once. Not
    // while offline, where the network coming back must be tried at once.
    const now = ports.clock.now();
    const online = !engine.freshness.offline;
    if (!wasAsleep && online && keeper.status === 'signed-in' && now - this.lastWakeAt < MISSED_WAKE_MS)
      return;
    this.lastWakeAt = now;
    // Called whatever the status: it also ends the keeper's sleep, without which a later sign-in would
    // never schedule a renewal.
    const renewed = keeper.resume();
    if (keeper.status !== 'signed-in') {
      this.scheduleTick(); // data still shown while waiting for the user keeps its clock
      this.deps.publish();
      return;
    }
    void (async () => {
      await renewed;
      if (keeper.status !== 'signed-in' || this.phase !== 'awake') return;
      await engine.refresh('resume');
      this.beginSignedIn();
    })();
    this.scheduleTick();
  }

  /**
   * Someone is at the computer (the popover shown): a sleep whose wake-up was never reported ends here;
   * data older than the popover's limit is refreshed, else a lapsed session comes back in the background.
   */
  userReturned(): void {
    const { keeper, engine, ports } = this.deps;
    if (this.phase === 'stopped') return;
    this.lastSeenAt = ports.clock.now();
    if (this.phase === 'asleep') {
      this.resume();
      return;
    }
    if (keeper.status !== 'signed-in') return;
    if (popoverShouldRefresh(engine.updatedAt, ports.clock.now())) void engine.refresh('popover');
    else void keeper.wake(); // a session let lapse comes back before the user's next click needs it
  }

  /**
   * After the first refresh of a sign-in, a start-up or a resume: starts the refresh timers and the minute
   * tick — only while still signed in, since a sign-out or refused credentials may have come while the
   * refresh ran (restarting the engine then would refresh a session that no longer exists).
   */
  beginSignedIn(): void {
    if (this.phase !== 'awake' || this.deps.keeper.status !== 'signed-in') return;
    this.deps.engine.start();
    this.scheduleTick();
  }

  /**
   * Plans the next minute tick: while awake, and signed in or still showing data (waiting for the user to
   * sign in again). Signed out with nothing shown, no tick.
   */
  scheduleTick(): void {
    const { clock } = this.deps.ports;
    this.stopTick();
    if (this.phase !== 'awake') return;
    if (this.deps.keeper.status !== 'signed-in' && this.deps.engine.known === null) return;
    const delay = nextMinuteDelay(clock.now());
    this.tickDueAt = clock.now() + delay;
    this.tickTimer = clock.setTimeout(() => this.tick(), delay);
  }

  /** Cancels the planned minute tick, if any. */
  stopTick(): void {
    if (this.tickTimer !== null) this.deps.ports.clock.clearTimeout(this.tickTimer);
    this.tickTimer = null;
  }

  /**
   * At each minute boundary: time-based rules (lesson soon, due tomorrow, detention today, the day's
   * lesson changes from 07:00) when signed in, then the state.
   */
  private tick(): void {
    const { ports, engine, keeper, notifications } = this.deps;
    this.tickTimer = null;
    if (ports.clock.now() - this.tickDueAt > MISSED_WAKE_MS) {
      // The computer slept (or the clock jumped) and no wake-up was reported: do what a wake-up does.
      ports.logger.info('the minute tick came late: treating it as a wake-up', {
        lateMs: ports.clock.now() - this.tickDueAt,
      });
      this.resume();
      return;
    }
    const known = engine.known;
    if (known !== null && keeper.status === 'signed-in') notifications.notify(known, known, null);
    this.deps.publish();
    this.scheduleTick();
  }
}
