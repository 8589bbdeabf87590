/**
 * Recovery of an expired or lapsed session, the keeper's other half (./keeper.ts):
 * - `run` retries a request that was answered "session expired", once, after getting the session back once
 *   for every request that failed the same way (single flight, ./session-state.ts);
 * - the session comes back by a ping with the old token first (`revive`: the live service may renew a
 *   timed-out token, skeffling/timetable-plus; skipped once this run saw it refuse one), else by signing in
 *   again silently with the credentials held in memory;
 * - refused credentials end the session: status `needs-sign-in`, the remembered ones deleted
 *   (./remembered-sign-in.ts), nothing tried again until the user signs in; no network means a retry with
 *   backoff (./renewal.ts).
 * Credentials never reach a log line or an event.
 */
import { errorText } from '../../common/errors';
import { InvalidInputError, SessionExpiredError } from '../classcharts/errors';
import type { Clock, Logger, Vault } from '../ports';
import { forgetRemembered } from './remembered-sign-in';
import type { SessionRecoverer, SessionRenewal } from './renewal';
import { classifyFailure, SESSION_TOKEN_LIFETIME_MS } from './renewal-policy';
import {
  NotSignedInError,
  type ReSignInReason,
  type SessionClient,
  type SessionState,
} from './session-state';

/** What {@link SessionRecovery} is built from besides the shared state and the renewal timer. */
export interface SessionRecoveryOptions {
  clock: Clock;
  vault: Vault;
  logger: Logger;
}

/** Gets a keeper's session back; see the file header. `C` is the client type requests use. */
export class SessionRecovery<C extends SessionClient> implements SessionRecoverer {
  /**
   * Whether a ping brings a timed-out token back, as far as this run has seen: `null` unknown; `false`
   * after a refusal (later lapses go straight to signing in, saving a ping each).
   */
  private staleTokenRenews: boolean | null = null;

  constructor(
    private readonly state: SessionState<C>,
    private readonly renewal: SessionRenewal<C>,
    private readonly options: SessionRecoveryOptions,
  ) {}

  /**
   * Runs a request with the session: waits for a running renewal or sign-in first, and wakes a lapsed
   * session; when the request fails with SessionExpiredError, gets the session back once (shared with every
   * other request that failed the same way) and retries it once. Throws the request's error otherwise,
   * {@link NotSignedInError} when signed out or waiting for the user, or the sign-in's error.
   */
  async run<T>(request: (client: C) => Promise<T>): Promise<T> {
    await this.state.settled();
    await this.wakeLapsed();
    const gen = this.state.generation;
    try {
      const client = this.state.usableClient();
      if (!client.hasSession()) throw new SessionExpiredError('no session yet');
      return await request(client);
    } catch (error) {
      if (classifyFailure(error) !== 'sign-in-again' || error instanceof NotSignedInError) throw error;
      await this.recover(gen);
      return await request(this.state.usableClient());
    }
  }

  /** Brings a lapsed session back (single flight); nothing when it is not lapsed. Throws what that throws. */
  async wakeLapsed(): Promise<void> {
    if (!this.renewal.lapsed || this.state.status !== 'signed-in') return;
    const gen = this.state.generation;
    await this.state.runExclusive(() => this.reviveOrSignIn('lapsed', gen));
  }

  /**
   * Gets a session back after it lapsed or a request found it expired: a ping with the old token first
   * (`revive`; skipped once this run saw the service refuse one), then a sign-in with the held credentials.
   * A ping that goes unanswered counts as a failed renewal (backoff) and throws. `gen`: the state's
   * generation when the need was seen; nothing changes when it moved on meanwhile.
   */
  async reviveOrSignIn(reason: ReSignInReason, gen: number): Promise<void> {
    const client = this.state.usableClient();
    if (client.revive && this.staleTokenRenews !== false) {
      const sentAt = this.options.clock.now();
      // Only a token past its whole life says anything about timed-out tokens (a lapse ended early does not).
      const timedOut = sentAt - this.renewal.lastRenewedAt >= SESSION_TOKEN_LIFETIME_MS;
      let revived: boolean | null;
      try {
        revived = await client.revive();
      } catch (error) {
        if (gen === this.state.generation) this.renewal.renewalFailed(error);
        throw error;
      }
      if (gen !== this.state.generation) return;
      if (revived !== null && timedOut) this.staleTokenRenews = revived;
      if (revived === true) {
        this.options.logger.info('session renewed by a ping', { reason });
        this.renewal.onSessionStarted(sentAt);
        this.state.emit({ type: 'renewal', ok: true });
        return;
      }
    }
    await this.signInAgain(reason, gen);
  }

  /**
   * Signs in again with the held credentials (`gen` as for {@link reviveOrSignIn}). Refused credentials:
   * `needs-sign-in` and the remembered ones deleted; no answer: a retry with backoff. Throws the sign-in's
   * error after updating the state, {@link NotSignedInError} when no credentials are held.
   */
  async signInAgain(reason: ReSignInReason, gen: number): Promise<void> {
    const { credentials, client } = this.state;
    if (credentials === null || client === null) {
      this.enterNeedsSignIn();
      throw new NotSignedInError();
    }
    let sentAt = this.options.clock.now();
    try {
      await client.login(credentials);
      // A parent session is pinged before the request that found the old one expired is retried on it: one
      // client says its data is empty until then (proffalken/ha-classcharts@d2cd1dd3c3
      // custom_components/classcharts/api.py:91-100, "Activate the session -- data endpoints return empty
      // results without this"). The user's own sign-in needs none here: its first refresh asks `account()`,
      // which pings. The ping renews too, so the next renewal counts from it.
      if (client.kind === 'parent') {
        sentAt = this.options.clock.now();
        await client.renew();
      }
    } catch (error) {
      if (gen !== this.state.generation) throw error;
      await this.signInAgainFailed(reason, error);
      throw error;
    }
    if (gen !== this.state.generation) return;
    this.options.logger.info('signed in again', { reason });
    this.renewal.onSessionStarted(sentAt);
    this.state.emit({ type: 're-login', ok: true, reason });
    this.state.setStatus('signed-in');
  }

  /** Signing in again failed with `error`: wait for the user (refused) or retry with backoff (no answer). */
  private async signInAgainFailed(reason: ReSignInReason, error: unknown): Promise<void> {
    const { logger } = this.options;
    const action = classifyFailure(error);
    if (action === 'needs-sign-in' || error instanceof InvalidInputError) {
      logger.warn('stored credentials were refused; waiting for the user', { reason });
      this.state.emit({ type: 're-login', ok: false, reason, error: errorText(error), retryInMs: null });
      this.enterNeedsSignIn();
      await forgetRemembered(this.options.vault);
    } else {
      const retryInMs = this.renewal.backOff();
      logger.warn('signing in again failed', { reason, error: errorText(error), retryInMs });
      this.state.emit({ type: 're-login', ok: false, reason, error: errorText(error), retryInMs });
      if (this.state.status === 'signing-in') this.state.setStatus('signed-in');
    }
  }

  /** After a request saw an expired session under generation `gen`: sign in again unless someone did. */
  private async recover(gen: number): Promise<void> {
    await this.state.settled();
    if (this.state.generation !== gen) return; // renewed or signed in again meanwhile: just retry
    this.state.usableClient();
    await this.state.runExclusive(() => this.reviveOrSignIn('expired', gen));
  }

  /** The held credentials were refused (or none are held): drop the session and wait for the user. */
  private enterNeedsSignIn(): void {
    const state = this.state;
    this.renewal.halt();
    state.generation += 1;
    state.remembered = false;
    state.credentials = null;
    state.client?.signOut();
    state.client = null;
    state.setStatus('needs-sign-in');
  }
}
