/**
 * The session keeper's shared state and vocabulary: the client interface it drives, its status and events,
 * and {@link SessionState}, the one mutable state its parts share (./keeper.ts: sign-in and sign-out;
 * ./renewal.ts: the renewal timer; ./recovery.ts: expired sessions). It holds the client, the credentials,
 * the generation counter, the single flight of renewals and sign-ins, and the event fan-out. Credentials
 * never reach a log line or an event. No electron imports; no network of its own.
 */
import type { Credentials } from '../classcharts/client';
import { SessionExpiredError } from '../classcharts/errors';
import type { AccountKind } from '../../common/domain';
import { errorText } from '../../common/errors';
import type { Logger } from '../ports';

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

/** Why the keeper signed in by itself (`lapsed`: the session was let go and is needed again). */
export type ReSignInReason = 'expired' | 'resume' | 'restore' | 'retry' | 'lapsed';

/** Events for observers (the app's state, `cli watch`). They never hold secrets. */
export type SessionEvent =
  | { type: 'status'; status: SessionStatus }
  | { type: 'renewal'; ok: true }
  | { type: 'renewal'; ok: false; error: string; retryInMs: number }
  | { type: 're-login'; ok: true; reason: ReSignInReason }
  | { type: 're-login'; ok: false; reason: ReSignInReason; error: string; retryInMs: number | null };

/** Thrown by `run` when there is no session and no way to get one: the user must sign in. */
export class NotSignedInError extends SessionExpiredError {
  constructor() {
    super('not signed in');
  }
}

/**
 * The state shared by the keeper's parts (one per keeper, memory only). `C` is the client type requests
 * use. Fields are written by ./keeper.ts, ./renewal.ts and ./recovery.ts; the status changes only through
 * {@link setStatus}, which tells the listeners.
 */
export class SessionState<C extends SessionClient> {
  /** The client of the current session; `null` when signed out or waiting for the user. */
  client: C | null = null;
  /** The credentials signed in (or restored) with: memory only; `null` when signed out. */
  credentials: Credentials | null = null;
  /**
   * Whose session this is (`accountKey` of the credentials last signed in or restored, ./keeper.ts), kept
   * through "sign in again" so a sign-in can tell the same account from another; forgotten at sign-out.
   * Memory only, like the credentials.
   */
  account: string | null = null;
  /** The credentials are remembered in the vault: only then may the session lapse (./renewal.ts). */
  remembered = false;
  /** Bumped by every sign-in, renewal and sign-out: a request that failed under an older token retries. */
  generation = 0;
  private current: SessionStatus = 'signed-out';
  private authOp: Promise<void> | null = null;
  private readonly listeners = new Set<(event: SessionEvent) => void>();

  constructor(private readonly logger: Logger) {}

  /** The current session status. */
  get status(): SessionStatus {
    return this.current;
  }

  /** Subscribes to keeper events; returns an unsubscribe function. */
  on(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sets the status; tells the listeners when it changed. */
  setStatus(status: SessionStatus): void {
    if (status === this.current) return;
    this.current = status;
    this.emit({ type: 'status', status });
  }

  /** Tells every listener; a listener that throws is logged and the others still hear it. */
  emit(event: SessionEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error('session listener failed', { error: errorText(error) });
      }
    }
  }

  /** The current client; throws {@link NotSignedInError} when signed out or waiting for the user. */
  usableClient(): C {
    if (this.client === null || this.current === 'signed-out' || this.current === 'needs-sign-in')
      throw new NotSignedInError();
    return this.client;
  }

  /** Waits for a running renewal or sign-in, ignoring its outcome. */
  async settled(): Promise<void> {
    while (this.authOp) {
      try {
        await this.authOp;
      } catch {
        // its outcome is reported elsewhere
      }
    }
  }

  /** Starts `op` unless a renewal or sign-in is running, in which case that one is returned instead. */
  runExclusive(op: () => Promise<void>): Promise<void> {
    if (this.authOp) return this.authOp;
    const running = op().finally(() => {
      if (this.authOp === running) this.authOp = null;
    });
    this.authOp = running;
    return running;
  }
}
