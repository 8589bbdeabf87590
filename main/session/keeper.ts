/**
 * The session keeper: keeps one ClassCharts session alive for as long as the user is signed in.
 *
 * - Renews the session token every `renewEveryMs` (default 170 s, inside the token's 180 s:
 *   ./renewal-policy.ts) through the injected clock, while the session is worth it (below).
 * - One renewal or sign-in at a time ("single flight"): a request that arrives while one runs waits for
 *   it, and many requests that find the session expired at once share a single sign-in.
 * - A request answered "session expired" pings with the old token, else signs in again with the
 *   credentials held in memory (or the vault), once, and is retried once. If that sign-in is refused, the
 *   status becomes `needs-sign-in` and nothing is attempted again until the user signs in.
 * - No network: renewals back off exponentially up to a cap (./renewal-policy.ts).
 * - `resume()` (after sleep or a clock jump) renews at once, or signs in when there is no session; a
 *   lapsed session stays lapsed until it is needed (`run`) or `wake()`.
 * - A session that is not worth its pings lapses (issue 25 §4): when "remember me" was chosen and the
 *   `keepAlive` option says no one needs the session before a re-sign-in would be cheaper, the renewal is
 *   skipped and the token left to time out; the next request first pings with it (the live service may
 *   renew a timed-out token: skeffling/timetable-plus) and else signs in again with the remembered
 *   credentials. Without "remember me" the session is renewed for as long as the user is signed in.
 * - `signOut()` stops every timer and forgets the token and the credentials (memory and vault).
 *
 * Credentials live in memory while signed in (so an expired session can be recovered even when the user
 * chose not to be remembered) and in the vault only when `remember` was asked for. They never reach a log
 * line or an event. No electron imports.
 *
 * This file is the public entry point and does sign-in and sign-out; the parts share one state
 * (./session-state.ts: client, credentials, generation, single flight, events): the renewal timer, backoff
 * and lapses in ./renewal.ts, expired-session recovery and silent re-sign-in in ./recovery.ts, the vault
 * side in ./remembered-sign-in.ts.
 */
import type { Credentials } from '../classcharts/client';
import type { AccountKind } from '../../common/domain';
import { errorText } from '../../common/errors';
import type { Clock, Logger, Vault } from '../ports';
import { SessionRecovery } from './recovery';
import {
  accountKey,
  forgetRemembered,
  readRemembered,
  rememberSignIn,
  type RestoreOutcome,
} from './remembered-sign-in';
import { SessionRenewal } from './renewal';
import { DEFAULT_RENEWAL_POLICY, type RenewalPolicy } from './renewal-policy';
import {
  NotSignedInError,
  type SessionClient,
  type SessionEvent,
  SessionState,
  type SessionStatus,
} from './session-state';

export { CREDENTIALS_VAULT_KEY, KeychainError, type RestoreOutcome } from './remembered-sign-in';
export {
  NotSignedInError,
  type ReSignInReason,
  type SessionClient,
  type SessionEvent,
  type SessionStatus,
} from './session-state';

/** What {@link SessionKeeper} is built from. */
export interface SessionKeeperOptions<C extends SessionClient> {
  /**
   * Makes a fresh client for each sign-in the user starts (or a restore), so nothing an earlier session
   * still has in flight can touch the new one.
   */
  createClient: () => C;
  clock: Clock;
  vault: Vault;
  logger: Logger;
  policy?: Partial<RenewalPolicy>;
  /**
   * Asked when a renewal falls due for a remembered sign-in: `true` renews, `false` lets the session lapse
   * (./renewal-policy.ts `worthKeepingAlive`). Absent: always renew.
   */
  keepAlive?: () => boolean;
}

/** Keeps a ClassCharts session alive; see the file header. `C` is the client type requests use. */
export class SessionKeeper<C extends SessionClient = SessionClient> {
  private readonly state: SessionState<C>;
  private readonly renewal: SessionRenewal<C>;
  private readonly recovery: SessionRecovery<C>;
  /** The service logouts of sign-outs still on the wire (they never reject). */
  private readonly loggingOut = new Set<Promise<void>>();

  constructor(private readonly options: SessionKeeperOptions<C>) {
    const { clock, vault, logger } = options;
    this.state = new SessionState<C>(logger);
    this.renewal = new SessionRenewal(this.state, {
      clock,
      logger,
      policy: { ...DEFAULT_RENEWAL_POLICY, ...options.policy },
      keepAlive: options.keepAlive,
      // Recovery is built next; renewal reaches it only once a timer or request runs.
      recoverer: {
        reviveOrSignIn: (reason, gen) => this.recovery.reviveOrSignIn(reason, gen),
        signInAgain: (reason, gen) => this.recovery.signInAgain(reason, gen),
      },
    });
    this.recovery = new SessionRecovery(this.state, this.renewal, { clock, vault, logger });
  }

  /** The current session status. */
  get status(): SessionStatus {
    return this.state.status;
  }

  /** The kind of the account signed in (or being signed in again), `null` when signed out. */
  get accountKind(): AccountKind | null {
    return this.state.client?.kind ?? this.state.credentials?.kind ?? null;
  }

  /**
   * True when credentials are remembered in the vault and the keychain opens them now (does not check them
   * with the service); false when none are, or while the keychain is locked.
   */
  async hasRemembered(): Promise<boolean> {
    const stored = await readRemembered(this.options.vault, this.options.logger);
    return stored !== null && stored !== 'locked';
  }

  /** Subscribes to keeper events; returns an unsubscribe function. */
  on(listener: (event: SessionEvent) => void): () => void {
    return this.state.on(listener);
  }

  /**
   * Signs in at the user's request. On success the credentials are kept in memory, stored in the vault
   * when `remember` is true and the vault is not `unavailable` (else any stored ones are deleted), and
   * renewals start. Throws what the client throws (WrongCredentialsError, NetworkError, …), or
   * {@link KeychainError} when storing failed (the new session is dropped); either way the previous
   * status stands.
   */
  async signIn(credentials: Credentials, options: { remember: boolean }): Promise<void> {
    const state = this.state;
    this.renewal.awake(); // the user is signing in: the machine is awake
    this.renewal.stopTimer();
    state.generation += 1;
    const gen = state.generation;
    const previous = state.status === 'signing-in' ? 'signed-out' : state.status;
    state.setStatus('signing-in');
    const client = this.options.createClient();
    // On failure the earlier state stands (a session the app did not sign out keeps renewing).
    const restorePrevious = () => {
      if (gen !== state.generation) return;
      state.setStatus(previous);
      if (previous === 'signed-in') this.renewal.scheduleNext();
    };
    const sentAt = this.options.clock.now();
    try {
      await client.login(credentials);
    } catch (error) {
      restorePrevious();
      throw error;
    }
    if (gen !== state.generation) {
      client.signOut(); // signed out (or in again) meanwhile
      throw new NotSignedInError();
    }
    let remembered: boolean;
    try {
      remembered = await rememberSignIn(this.options.vault, credentials, options.remember);
    } catch (error) {
      client.signOut();
      restorePrevious();
      throw error;
    }
    state.client?.signOut();
    state.client = client;
    state.credentials = credentials;
    state.account = accountKey(credentials);
    state.remembered = remembered;
    this.renewal.onSessionStarted(sentAt);
    state.setStatus('signed-in');
  }

  /**
   * Signs in with the credentials remembered in the vault, if any. Resolves `none` when there are none and
   * `locked` when the keychain will not open them yet (status stays `signed-out` for both; a later call
   * may succeed). When the service cannot be reached the user still counts as signed in: a retry is
   * scheduled with backoff and the first request signs in. Refused credentials are deleted and the status
   * becomes `needs-sign-in`.
   */
  async restore(): Promise<RestoreOutcome> {
    const state = this.state;
    this.renewal.awake(); // start-up: the machine is awake
    const stored = await readRemembered(this.options.vault, this.options.logger);
    if (stored === null || stored === 'locked') return stored ?? 'none';
    state.credentials = stored;
    state.account = accountKey(stored);
    state.remembered = true;
    state.client?.signOut();
    state.client = this.options.createClient();
    state.generation += 1;
    state.setStatus('signing-in');
    const gen = state.generation;
    try {
      await state.runExclusive(() => this.recovery.signInAgain('restore', gen));
    } catch (error) {
      this.options.logger.debug('restore: first sign-in did not succeed', { error: errorText(error) });
    }
    return 'restored';
  }

  /**
   * Runs a request with the session: waits for a running renewal or sign-in first, and wakes a lapsed
   * session; when the request fails with SessionExpiredError, pings with the old token or else signs in
   * again, once (shared with every other request that failed the same way), and retries it once. Throws the
   * request's error otherwise, {@link NotSignedInError} when signed out or waiting for the user, or the
   * sign-in's error when signing in again failed.
   */
  async run<T>(request: (client: C) => Promise<T>): Promise<T> {
    return await this.recovery.run(request);
  }

  /**
   * Renews the session token now (single flight). When the session is gone it signs in again; when the
   * network is down it schedules a retry with backoff. Never throws; the outcome is in the events and
   * the status.
   */
  async renewNow(): Promise<void> {
    await this.renewal.renewNow();
  }

  /**
   * Someone is about to use the session (the popover opened): a session let lapse is brought back now, in
   * the background of what they look at, so their next action does not wait for it. Does nothing otherwise.
   * Never throws; the outcome is in the events and the status.
   */
  async wake(): Promise<void> {
    try {
      await this.recovery.wakeLapsed();
    } catch {
      // reported through events; the next request tries again
    }
  }

  /**
   * The system goes to sleep: stop the renewal timer (requests in flight finish). No renewal is scheduled
   * until `resume()`, `signIn()` or `restore()`.
   */
  suspend(): void {
    this.renewal.suspend();
  }

  /**
   * The system woke up (or the clock jumped, or the network came back): renew now, or sign in when there is
   * no session, then renewals resume their cadence; a lapsed session stays lapsed (nothing is sent). Ends the
   * sleep whatever the status (so a sign-in after it renews). Resolves when that attempt is over; never
   * throws.
   */
  async resume(): Promise<void> {
    await this.renewal.resume();
  }

  /**
   * Whether `credentials` may sign in to the account of this session (also while waiting to sign in
   * again): a parent with the same email, or a student (whose pupil the first account fetch confirms).
   */
  mayBeSameAccount(credentials: Credentials): boolean {
    return this.state.account !== null && this.state.account === accountKey(credentials);
  }

  /**
   * Signs out: stops every timer, forgets the session token and the credentials (memory and vault), and
   * tells the service (the client's best-effort `logout`, not awaited). Requests still in flight finish, but
   * a later expiry will not sign in again.
   */
  async signOut(): Promise<void> {
    const state = this.state;
    this.renewal.reset();
    state.generation += 1;
    state.credentials = null;
    state.account = null;
    state.remembered = false;
    // The service's logout goes out in the background: signing out never waits on the network.
    if (state.client?.logout) {
      const ending = state.client.logout();
      this.loggingOut.add(ending);
      void ending.finally(() => this.loggingOut.delete(ending));
    } else state.client?.signOut();
    state.client = null;
    state.setStatus('signed-out');
    await forgetRemembered(this.options.vault);
  }

  /** Resolves once every logout sent by {@link signOut} has been answered or has failed. */
  async loggedOut(): Promise<void> {
    await Promise.all([...this.loggingOut]);
  }

  /** Stops the renewal timer without signing out (app shutdown). */
  stop(): void {
    this.renewal.suspend();
  }
}
