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
 */
import { z } from 'zod';
import type { Credentials } from '../classcharts/client';
import { InvalidInputError, SessionExpiredError } from '../classcharts/errors';
import type { AccountKind } from '../../common/domain';
import { KeychainLockedError, type Clock, type Logger, type Vault } from '../ports';
import {
  DEFAULT_RENEWAL_POLICY,
  classifyFailure,
  nextRenewalDelay,
  type RenewalPolicy,
  SESSION_TOKEN_LIFETIME_MS,
} from './renewal-policy';

/** The vault key holding the remembered credentials (JSON of {@link Credentials}). */
export const CREDENTIALS_VAULT_KEY = 'classcharts.credentials';

/** What the keeper needs from the ClassCharts client (main/classcharts/client.ts). */
export interface SessionClient {
  /** The signed-in account's kind, `null` before sign-in. */
  readonly kind: AccountKind | null;
  hasSession(): boolean;
  /** One sign-in round trip; throws WrongCredentialsError, NetworkError, … */
  login(credentials: Credentials): Promise<void>;
  /** Renews (rotates) the session token; throws SessionExpiredError when the session is gone. */
  renew(): Promise<void>;
  /**
   * Pings with the token held, or the one last answered "expired": `true` renewed, `false` refused, `null`
   * nothing to try. Throws NetworkError and the like when unanswered. Optional: without it, sign in again.
   */
  revive?(): Promise<boolean | null>;
  /** Forgets the session token and cookies (no request). */
  signOut(): void;
  /** Ends the session on the service too, best effort, then forgets it as `signOut` does; never throws. */
  logout?(): Promise<void>;
}

/** The keeper's view of the session. `needs-sign-in`: stored credentials were refused. */
export type SessionStatus = 'signed-out' | 'signing-in' | 'signed-in' | 'needs-sign-in';

/**
 * What `restore()` found in the vault: `restored` (credentials read; a sign-in with them was started),
 * `none` (nothing remembered), `locked` (remembered, but the keychain will not open them yet; they are kept).
 */
export type RestoreOutcome = 'restored' | 'none' | 'locked';

/** Why the keeper signed in by itself (`lapsed`: the session was let go and is needed again). */
export type ReSignInReason = 'expired' | 'resume' | 'restore' | 'retry' | 'lapsed';

/** Events for observers (the app's state, `cli watch`). They never hold secrets. */
export type SessionEvent =
  | { type: 'status'; status: SessionStatus }
  | { type: 'renewal'; ok: true }
  | { type: 'renewal'; ok: false; error: string; retryInMs: number }
  | { type: 're-login'; ok: true; reason: ReSignInReason }
  | { type: 're-login'; ok: false; reason: ReSignInReason; error: string; retryInMs: number | null };

/** Thrown by `signIn` when the credentials could not be kept in the vault as asked. */
export class KeychainError extends Error {
  readonly userMessage =
    'Your sign-in details could not be saved in the system keychain. Sign in without "remember me", or unlock your keychain and try again.';
  constructor(cause: unknown) {
    super('could not store credentials in the vault', { cause });
    this.name = 'KeychainError';
  }
}

/** Thrown by `run` when there is no session and no way to get one: the user must sign in. */
export class NotSignedInError extends SessionExpiredError {
  constructor() {
    super('not signed in');
  }
}

const credentialsSchema: z.ZodType<Credentials> = z.discriminatedUnion('kind', [
  // `dateOfBirth` may be empty: a pupil whose school gave a code only (docs/classcharts-api.md §2.3).
  z.object({ kind: z.literal('student'), code: z.string().min(1), dateOfBirth: z.string() }),
  z.object({ kind: z.literal('parent'), email: z.string().min(1), password: z.string().min(1) }),
]);

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
  private readonly createClient: () => C;
  private client: C | null = null;
  private readonly clock: Clock;
  private readonly vault: Vault;
  private readonly logger: Logger;
  private readonly policy: RenewalPolicy;
  private currentStatus: SessionStatus = 'signed-out';
  private credentials: Credentials | null = null;
  /**
   * Whose session this is (`accountKey` of the credentials last signed in or restored), kept through
   * "sign in again" so a sign-in can tell the same account from another; forgotten at sign-out. Memory
   * only, like the credentials.
   */
  private account: string | null = null;
  /** The service logouts of sign-outs still on the wire (they never reject). */
  private readonly loggingOut = new Set<Promise<void>>();
  /** Bumped by every sign-in, renewal and sign-out: a request that failed under an older token retries. */
  private generation = 0;
  private authOp: Promise<void> | null = null;
  private timer: unknown = null;
  private suspended = false;
  private lastRenewedAt = 0;
  private failures = 0;
  private readonly keepAlive: (() => boolean) | undefined;
  /** The credentials are remembered in the vault: only then may the session lapse. */
  private remembered = false;
  /** The renewal was skipped on purpose: the token is left to time out; the next request wakes it. */
  private lapsed = false;
  /**
   * Whether a ping brings a timed-out token back, as far as this run has seen: `null` unknown; `false`
   * after a refusal (later lapses go straight to signing in, saving a ping each).
   */
  private staleTokenRenews: boolean | null = null;
  private readonly listeners = new Set<(event: SessionEvent) => void>();

  constructor(options: SessionKeeperOptions<C>) {
    this.createClient = options.createClient;
    this.clock = options.clock;
    this.vault = options.vault;
    this.logger = options.logger;
    this.policy = { ...DEFAULT_RENEWAL_POLICY, ...options.policy };
    this.keepAlive = options.keepAlive;
  }

  /** The current session status. */
  get status(): SessionStatus {
    return this.currentStatus;
  }

  /** The kind of the account signed in (or being signed in again), `null` when signed out. */
  get accountKind(): AccountKind | null {
    return this.client?.kind ?? this.credentials?.kind ?? null;
  }

  /**
   * True when credentials are remembered in the vault and the keychain opens them now (does not check them
   * with the service); false when none are, or while the keychain is locked.
   */
  async hasRemembered(): Promise<boolean> {
    const stored = await this.readVault();
    return stored !== null && stored !== 'locked';
  }

  /** Subscribes to keeper events; returns an unsubscribe function. */
  on(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Signs in at the user's request. On success the credentials are kept in memory, stored in the vault
   * when `remember` is true and the vault is not `unavailable` (else any stored ones are deleted), and
   * renewals start. Throws what the client throws (WrongCredentialsError, NetworkError, …), or
   * {@link KeychainError} when storing failed (the new session is dropped); either way the previous
   * status stands.
   */
  async signIn(credentials: Credentials, options: { remember: boolean }): Promise<void> {
    this.suspended = false; // the user is signing in: the machine is awake
    this.stopTimer();
    this.generation += 1;
    const gen = this.generation;
    const previous = this.currentStatus === 'signing-in' ? 'signed-out' : this.currentStatus;
    this.setStatus('signing-in');
    const client = this.createClient();
    // On failure the earlier state stands (a session the app did not sign out keeps renewing).
    const restorePrevious = () => {
      if (gen !== this.generation) return;
      this.setStatus(previous);
      if (previous === 'signed-in') this.scheduleNext();
    };
    const sentAt = this.clock.now();
    let remembered = false;
    try {
      await client.login(credentials);
    } catch (error) {
      restorePrevious();
      throw error;
    }
    if (gen !== this.generation) {
      client.signOut(); // signed out (or in again) meanwhile
      throw new NotSignedInError();
    }
    try {
      if (options.remember && (await this.vault.status()) !== 'unavailable') {
        await this.vault.set(CREDENTIALS_VAULT_KEY, JSON.stringify(credentials));
        remembered = true;
      } else {
        await this.vault.delete(CREDENTIALS_VAULT_KEY);
      }
    } catch (error) {
      client.signOut();
      restorePrevious();
      throw new KeychainError(error);
    }
    this.client?.signOut();
    this.client = client;
    this.credentials = credentials;
    this.account = accountKey(credentials);
    this.remembered = remembered;
    this.onSessionStarted(sentAt);
    this.setStatus('signed-in');
  }

  /**
   * Signs in with the credentials remembered in the vault, if any. Resolves `none` when there are none and
   * `locked` when the keychain will not open them yet (status stays `signed-out` for both; a later call
   * may succeed). When the service cannot be reached the user still counts as signed in: a retry is
   * scheduled with backoff and the first request signs in. Refused credentials are deleted and the status
   * becomes `needs-sign-in`.
   */
  async restore(): Promise<RestoreOutcome> {
    this.suspended = false; // start-up: the machine is awake
    const stored = await this.readVault();
    if (stored === null || stored === 'locked') return stored ?? 'none';
    this.credentials = stored;
    this.account = accountKey(stored);
    this.remembered = true;
    this.client?.signOut();
    this.client = this.createClient();
    this.generation += 1;
    this.setStatus('signing-in');
    const gen = this.generation;
    try {
      await this.runExclusive(() => this.signInAgain('restore', gen));
    } catch (error) {
      this.logger.debug('restore: first sign-in did not succeed', { error: describe(error) });
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
    await this.settled();
    await this.wakeLapsed();
    const gen = this.generation;
    try {
      const client = this.usableClient();
      if (!client.hasSession()) throw new SessionExpiredError('no session yet');
      return await request(client);
    } catch (error) {
      if (classifyFailure(error) !== 'sign-in-again' || error instanceof NotSignedInError) throw error;
      await this.recover(gen);
      return await request(this.usableClient());
    }
  }

  /**
   * Renews the session token now (single flight). When the session is gone it signs in again; when the
   * network is down it schedules a retry with backoff. Never throws; the outcome is in the events and
   * the status.
   */
  async renewNow(): Promise<void> {
    if (this.currentStatus !== 'signed-in') return;
    try {
      await this.runExclusive(() => this.renewOnce());
    } catch {
      // reported through events; the schedule carries on
    }
  }

  /**
   * Someone is about to use the session (the popover opened): a session let lapse is brought back now, in
   * the background of what they look at, so their next action does not wait for it. Does nothing otherwise.
   * Never throws; the outcome is in the events and the status.
   */
  async wake(): Promise<void> {
    try {
      await this.wakeLapsed();
    } catch {
      // reported through events; the next request tries again
    }
  }

  /**
   * The system goes to sleep: stop the renewal timer (requests in flight finish). No renewal is scheduled
   * until `resume()`, `signIn()` or `restore()`.
   */
  suspend(): void {
    this.suspended = true;
    this.stopTimer();
  }

  /**
   * The system woke up (or the clock jumped, or the network came back): renew now, or sign in when there is
   * no session, then renewals resume their cadence; a lapsed session stays lapsed (nothing is sent). Ends the
   * sleep whatever the status (so a sign-in after it renews). Resolves when that attempt is over; never
   * throws.
   */
  async resume(): Promise<void> {
    this.suspended = false;
    // A lapsed session stays lapsed: the next request wakes it (a sleep changes nothing about it).
    if (this.currentStatus !== 'signed-in' || this.lapsed) return;
    this.stopTimer();
    this.failures = 0;
    await this.renewNow();
  }

  /**
   * Whether `credentials` may sign in to the account of this session (also while waiting to sign in
   * again): a parent with the same email, or a student (whose pupil the first account fetch confirms).
   */
  mayBeSameAccount(credentials: Credentials): boolean {
    return this.account !== null && this.account === accountKey(credentials);
  }

  /**
   * Signs out: stops every timer, forgets the session token and the credentials (memory and vault), and tells
   * the service (the client's best-effort `logout`, not awaited). Requests still in flight finish, but a later
   * expiry will not sign in again.
   */
  async signOut(): Promise<void> {
    this.stopTimer();
    this.generation += 1;
    this.credentials = null;
    this.account = null;
    this.remembered = false;
    this.lapsed = false;
    // The service's logout goes out in the background: signing out never waits on the network.
    if (this.client?.logout) {
      const ending = this.client.logout();
      this.loggingOut.add(ending);
      void ending.finally(() => this.loggingOut.delete(ending));
    } else this.client?.signOut();
    this.client = null;
    this.failures = 0;
    this.setStatus('signed-out');
    await this.vault.delete(CREDENTIALS_VAULT_KEY);
  }

  /** Resolves once every logout sent by {@link signOut} has been answered or has failed. */
  async loggedOut(): Promise<void> {
    await Promise.all([...this.loggingOut]);
  }

  /** Stops the renewal timer without signing out (app shutdown). */
  stop(): void {
    this.suspended = true;
    this.stopTimer();
  }

  // -------------------------------------------------------------------------------------------------

  /** The current client, or NotSignedInError when signed out or waiting for the user. */
  private usableClient(): C {
    if (this.client === null || this.currentStatus === 'signed-out' || this.currentStatus === 'needs-sign-in')
      throw new NotSignedInError();
    return this.client;
  }

  /** Brings a lapsed session back (single flight); nothing when it is not lapsed. Throws what that throws. */
  private async wakeLapsed(): Promise<void> {
    if (!this.lapsed || this.currentStatus !== 'signed-in') return;
    const gen = this.generation;
    await this.runExclusive(() => this.reviveOrSignIn('lapsed', gen));
  }

  /** Waits for a running renewal or sign-in, ignoring its outcome. */
  private async settled(): Promise<void> {
    while (this.authOp) {
      try {
        await this.authOp;
      } catch {
        // its outcome is reported elsewhere
      }
    }
  }

  /** Starts `op` unless a renewal or sign-in is running, in which case that one is returned instead. */
  private runExclusive(op: () => Promise<void>): Promise<void> {
    if (this.authOp) return this.authOp;
    const running = op().finally(() => {
      if (this.authOp === running) this.authOp = null;
    });
    this.authOp = running;
    return running;
  }

  /** After a request saw an expired session under generation `gen`: sign in again unless someone did. */
  private async recover(gen: number): Promise<void> {
    await this.settled();
    if (this.generation !== gen) return; // renewed or signed in again meanwhile: just retry
    this.usableClient();
    await this.runExclusive(() => this.reviveOrSignIn('expired', gen));
  }

  /**
   * Gets a session back after it lapsed or a request found it expired: a ping with the old token first
   * (`revive`; skipped once this run saw the service refuse one), then a sign-in with the held credentials.
   * A ping that goes unanswered counts as a failed renewal (backoff) and throws.
   */
  private async reviveOrSignIn(reason: ReSignInReason, gen: number): Promise<void> {
    const client = this.usableClient();
    if (client.revive && this.staleTokenRenews !== false) {
      const sentAt = this.clock.now();
      // Only a token past its whole life says anything about timed-out tokens (a lapse ended early does not).
      const timedOut = sentAt - this.lastRenewedAt >= SESSION_TOKEN_LIFETIME_MS;
      let revived: boolean | null;
      try {
        revived = await client.revive();
      } catch (error) {
        if (gen === this.generation) this.renewalFailed(error);
        throw error;
      }
      if (gen !== this.generation) return;
      if (revived !== null && timedOut) this.staleTokenRenews = revived;
      if (revived === true) {
        this.logger.info('session renewed by a ping', { reason });
        this.onSessionStarted(sentAt);
        this.emit({ type: 'renewal', ok: true });
        return;
      }
    }
    await this.signInAgain(reason, gen);
  }

  /** A renewal (or a revival ping) went unanswered: count it, schedule the retry with backoff, say so. */
  private renewalFailed(error: unknown): void {
    this.failures += 1;
    const retryInMs = this.scheduleNext();
    this.logger.warn('session renewal failed', { error: describe(error), retryInMs });
    this.emit({ type: 'renewal', ok: false, error: describe(error), retryInMs });
  }

  private async renewOnce(): Promise<void> {
    const gen = this.generation;
    const client = this.usableClient();
    if (!client.hasSession()) {
      await this.reviveOrSignIn('retry', gen);
      return;
    }
    const sentAt = this.clock.now();
    try {
      await client.renew();
    } catch (error) {
      if (gen !== this.generation) return;
      const action = classifyFailure(error);
      if (action === 'sign-in-again') {
        await this.signInAgain('expired', gen);
        return;
      }
      this.renewalFailed(error);
      throw error;
    }
    if (gen !== this.generation) return;
    this.onSessionStarted(sentAt);
    this.emit({ type: 'renewal', ok: true });
  }

  /** Signs in again with the held credentials. Throws the sign-in's error after updating the state. */
  private async signInAgain(reason: ReSignInReason, gen: number): Promise<void> {
    const credentials = this.credentials;
    const client = this.client;
    if (credentials === null || client === null) {
      this.enterNeedsSignIn();
      throw new NotSignedInError();
    }
    let sentAt = this.clock.now();
    try {
      await client.login(credentials);
      // A parent session is pinged before the request that found the old one expired is retried on it: one
      // client says its data is empty until then (proffalken/ha-classcharts@d2cd1dd3c3
      // custom_components/classcharts/api.py:91-100, "Activate the session -- data endpoints return empty
      // results without this"). The user's own sign-in needs none here: its first refresh asks `account()`,
      // which pings. The ping renews too, so the next renewal counts from it.
      if (client.kind === 'parent') {
        sentAt = this.clock.now();
        await client.renew();
      }
    } catch (error) {
      if (gen !== this.generation) throw error;
      const action = classifyFailure(error);
      if (action === 'needs-sign-in' || error instanceof InvalidInputError) {
        this.logger.warn('stored credentials were refused; waiting for the user', { reason });
        this.emit({ type: 're-login', ok: false, reason, error: describe(error), retryInMs: null });
        this.enterNeedsSignIn();
        await this.vault.delete(CREDENTIALS_VAULT_KEY);
      } else {
        this.failures += 1;
        const retryInMs = this.scheduleNext();
        this.logger.warn('signing in again failed', { reason, error: describe(error), retryInMs });
        this.emit({ type: 're-login', ok: false, reason, error: describe(error), retryInMs });
        if (this.currentStatus === 'signing-in') this.setStatus('signed-in');
      }
      throw error;
    }
    if (gen !== this.generation) return;
    this.logger.info('signed in again', { reason });
    this.onSessionStarted(sentAt);
    this.emit({ type: 're-login', ok: true, reason });
    this.setStatus('signed-in');
  }

  private enterNeedsSignIn(): void {
    this.stopTimer();
    this.generation += 1;
    this.lapsed = false;
    this.remembered = false;
    this.credentials = null;
    this.client?.signOut();
    this.client = null;
    this.setStatus('needs-sign-in');
  }

  /**
   * A new or renewed token: clear failures and schedule the next renewal, counted from `sentAt` (epoch
   * ms), when the sign-in or ping that produced the token was sent. The service dates a token from when
   * it issued it, which is after that and before the answer arrived; counting from the answer would let
   * a slow answer eat into the token's life.
   */
  private onSessionStarted(sentAt: number): void {
    this.generation += 1;
    this.lapsed = false;
    this.lastRenewedAt = sentAt;
    this.failures = 0;
    this.scheduleNext();
  }

  /** Schedules the next renewal (or retry) per the policy; returns the delay in ms. */
  private scheduleNext(): number {
    this.stopTimer();
    const delay = nextRenewalDelay({
      policy: this.policy,
      lastRenewedAt: this.lastRenewedAt,
      now: this.clock.now(),
      failures: this.failures,
    });
    if (this.suspended) return delay;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.renewalDue();
    }, delay);
    return delay;
  }

  /**
   * The renewal timer fired: renew, or, for a remembered sign-in that `keepAlive` says no one needs, let the
   * session lapse (no timer until the next request wakes it). A retry after a failure always runs.
   */
  private async renewalDue(): Promise<void> {
    if (
      this.failures === 0 &&
      this.remembered &&
      this.currentStatus === 'signed-in' &&
      this.keepAlive !== undefined &&
      !this.keepAlive()
    ) {
      this.lapsed = true;
      this.logger.debug('session left to lapse until it is needed');
      return;
    }
    await this.renewNow();
  }

  private stopTimer(): void {
    if (this.timer !== null) {
      this.clock.clearTimeout(this.timer);
      this.timer = null;
    }
  }

  /** The remembered credentials, `null` when none (or unreadable: forgotten), `locked` when kept locked. */
  private async readVault(): Promise<Credentials | null | 'locked'> {
    let text: string | null;
    try {
      text = await this.vault.get(CREDENTIALS_VAULT_KEY);
    } catch (error) {
      if (error instanceof KeychainLockedError) {
        this.logger.info('remembered credentials wait for the keychain to be unlocked');
        return 'locked';
      }
      this.logger.warn('could not read remembered credentials', { error: describe(error) });
      return null;
    }
    if (text === null) return null;
    try {
      return credentialsSchema.parse(JSON.parse(text));
    } catch {
      this.logger.warn('remembered credentials were unreadable; forgetting them');
      await this.vault.delete(CREDENTIALS_VAULT_KEY);
      return null;
    }
  }

  private setStatus(status: SessionStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.emit({ type: 'status', status });
  }

  private emit(event: SessionEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error('session listener failed', { error: describe(error) });
      }
    }
  }
}

/**
 * What credentials tell of the account they sign in to: a parent's email (lower case, as the service
 * compares it, docs/classcharts-api.md §2.2); for a student only the kind — a school may change a pupil's
 * access code, so the pupil is known only once the service names it (`/ping`). Never logged or sent anywhere.
 */
function accountKey(credentials: Credentials): string {
  return credentials.kind === 'student' ? 'student' : `parent:${credentials.email.trim().toLowerCase()}`;
}

/** A one-line, secret-free description of an error for logs and events. */
export function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
