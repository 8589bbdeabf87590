/**
 * Session renewal, the keeper's timer (./keeper.ts): renews the session token `renewEveryMs` (default 170 s)
 * after the last token was asked for, through the injected clock; backs off exponentially while renewals go
 * unanswered (./renewal-policy.ts); when a renewal falls due for a remembered sign-in that the `keepAlive`
 * option says no one needs, lets the session lapse instead (issue 25 §4); and stops for sleep (`suspend`)
 * until `resume`. A session found gone is handed to recovery (./recovery.ts) through
 * {@link SessionRecoverer}. One renewal or sign-in at a time: every attempt runs through the state's single
 * flight (./session-state.ts).
 */
import type { Clock, Logger } from '../ports';
import { classifyFailure, nextRenewalDelay, type RenewalPolicy } from './renewal-policy';
import { errorText } from '../../common/errors';
import { type ReSignInReason, type SessionClient, type SessionState } from './session-state';

/** What renewal asks of recovery (./recovery.ts) when it finds the session gone. */
export interface SessionRecoverer {
  /** Pings with the old token, else signs in again with the held credentials; throws what that throws. */
  reviveOrSignIn(reason: ReSignInReason, gen: number): Promise<void>;
  /** Signs in again with the held credentials; throws the sign-in's error after updating the state. */
  signInAgain(reason: ReSignInReason, gen: number): Promise<void>;
}

/** What {@link SessionRenewal} is built from. */
export interface SessionRenewalOptions {
  clock: Clock;
  logger: Logger;
  /** The whole policy (defaults already applied), all in ms. */
  policy: RenewalPolicy;
  /**
   * Asked when a renewal falls due for a remembered sign-in: `true` renews, `false` lets the session lapse
   * (./renewal-policy.ts `worthKeepingAlive`). Absent: always renew.
   */
  keepAlive?: () => boolean;
  /** Gets a gone session back (./recovery.ts). */
  recoverer: SessionRecoverer;
}

/** The renewal timer of one keeper; see the file header. `C` is the client type requests use. */
export class SessionRenewal<C extends SessionClient> {
  private timer: unknown = null;
  private suspended = false;
  private renewedAt = 0;
  private failures = 0;
  private isLapsed = false;

  constructor(
    private readonly state: SessionState<C>,
    private readonly options: SessionRenewalOptions,
  ) {}

  /** The renewal was skipped on purpose: the token is left to time out; the next request wakes it. */
  get lapsed(): boolean {
    return this.isLapsed;
  }

  /** When (epoch ms) the sign-in or ping that produced the current token was sent; 0 before any. */
  get lastRenewedAt(): number {
    return this.renewedAt;
  }

  /** The machine is awake (a sign-in or start-up): renewals may be scheduled again. */
  awake(): void {
    this.suspended = false;
  }

  /** Stops the renewal timer; none is scheduled until {@link resume} or {@link awake}. */
  suspend(): void {
    this.suspended = true;
    this.stopTimer();
  }

  /**
   * After sleep or a clock jump: renews now (or signs in when there is no session) unless signed out or
   * lapsed (a lapsed session stays lapsed: the next request wakes it). Never throws.
   */
  async resume(): Promise<void> {
    this.suspended = false;
    // A lapsed session stays lapsed: the next request wakes it (a sleep changes nothing about it).
    if (this.state.status !== 'signed-in' || this.isLapsed) return;
    this.stopTimer();
    this.failures = 0;
    await this.renewNow();
  }

  /** Renews now (single flight) when signed in. Never throws; the outcome is in the events and the status. */
  async renewNow(): Promise<void> {
    if (this.state.status !== 'signed-in') return;
    try {
      await this.state.runExclusive(() => this.renewOnce());
    } catch {
      // reported through events; the schedule carries on
    }
  }

  /**
   * A new or renewed token: clear failures and schedule the next renewal, counted from `sentAt` (epoch
   * ms), when the sign-in or ping that produced the token was sent. The service dates a token from when
   * it issued it, which is after that and before the answer arrived; counting from the answer would let
   * a slow answer eat into the token's life. Bumps the state's generation.
   */
  onSessionStarted(sentAt: number): void {
    this.state.generation += 1;
    this.isLapsed = false;
    this.renewedAt = sentAt;
    this.failures = 0;
    this.scheduleNext();
  }

  /** A renewal (or a revival ping) went unanswered: count it, schedule the retry with backoff, say so. */
  renewalFailed(error: unknown): void {
    this.failures += 1;
    const retryInMs = this.scheduleNext();
    this.options.logger.warn('session renewal failed', { error: errorText(error), retryInMs });
    this.state.emit({ type: 'renewal', ok: false, error: errorText(error), retryInMs });
  }

  /** Counts one more failed attempt and schedules the retry with backoff; returns its delay in ms. */
  backOff(): number {
    this.failures += 1;
    return this.scheduleNext();
  }

  /** Schedules the next renewal (or retry) per the policy; returns the delay in ms. */
  scheduleNext(): number {
    this.stopTimer();
    const delay = nextRenewalDelay({
      policy: this.options.policy,
      lastRenewedAt: this.renewedAt,
      now: this.options.clock.now(),
      failures: this.failures,
    });
    if (this.suspended) return delay;
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      void this.renewalDue();
    }, delay);
    return delay;
  }

  /** Stops the renewal timer, if one is set. */
  stopTimer(): void {
    if (this.timer !== null) {
      this.options.clock.clearTimeout(this.timer);
      this.timer = null;
    }
  }

  /** The session ended (waiting for the user): no timer, not lapsed. Failures are kept. */
  halt(): void {
    this.stopTimer();
    this.isLapsed = false;
  }

  /** Signed out: no timer, not lapsed, no failures. */
  reset(): void {
    this.halt();
    this.failures = 0;
  }

  /**
   * The renewal timer fired: renew, or, for a remembered sign-in that `keepAlive` says no one needs, let the
   * session lapse (no timer until the next request wakes it). A retry after a failure always runs.
   */
  private async renewalDue(): Promise<void> {
    const keepAlive = this.options.keepAlive;
    if (
      this.failures === 0 &&
      this.state.remembered &&
      this.state.status === 'signed-in' &&
      keepAlive !== undefined &&
      !keepAlive()
    ) {
      this.isLapsed = true;
      this.options.logger.debug('session left to lapse until it is needed');
      return;
    }
    await this.renewNow();
  }

  /** One renewal; a session found gone goes to recovery. Throws when the renewal went unanswered. */
  private async renewOnce(): Promise<void> {
    const gen = this.state.generation;
    const client = this.state.usableClient();
    if (!client.hasSession()) {
      await this.options.recoverer.reviveOrSignIn('retry', gen);
      return;
    }
    const sentAt = this.options.clock.now();
    try {
      await client.renew();
    } catch (error) {
      if (gen !== this.state.generation) return;
      const action = classifyFailure(error);
      if (action === 'sign-in-again') {
        await this.options.recoverer.signInAgain('expired', gen);
        return;
      }
      this.renewalFailed(error);
      throw error;
    }
    if (gen !== this.state.generation) return;
    this.onSessionStarted(sentAt);
    this.state.emit({ type: 'renewal', ok: true });
  }
}
