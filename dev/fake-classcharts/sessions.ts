/**
 * Session tokens of the fake ClassCharts server (docs/classcharts-api.md §2.1, §2.5, §2.6): 32 lowercase
 * alphanumerics, valid for a TTL counted from when each was issued; a ping rotates the token, and the
 * previous one stays valid for a short grace (never past its own TTL). Unknown and expired tokens are
 * forgotten: both get the same "You are not logged in" answer.
 */
import { randomInt } from 'node:crypto';

/** Who a token belongs to. */
export interface SessionOwner {
  kind: 'student' | 'parent';
  /** Pupil id for a student, parent user id for a parent. */
  id: number;
}

/** A live session token. */
export interface Session extends SessionOwner {
  token: string;
  /** Epoch ms. */
  issuedAt: number;
  /** Epoch ms after which the token is refused. */
  expiresAt: number;
  /** Set once a ping replaced the token: it lives out its grace and is never revived. */
  retired?: true;
}

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random token: 32 characters `[a-z0-9]` like the real session ids, from node:crypto. */
export function randomToken(length = 32): string {
  let token = '';
  for (let i = 0; i < length; i++) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}

/** The token store. Times in epoch ms from `clock`; durations in ms. */
export class SessionStore {
  readonly #sessions = new Map<string, Session>();

  /**
   * `reviveMs`: how long after it timed out a token can still be pinged for a new one (0: never). One client
   * written against the live service pings with a timed-out token and gets a new one
   * (skeffling/timetable-plus `extension/common.js` `ccRefreshSession`; docs/classcharts-api.md §2.5, §9).
   */
  constructor(
    private readonly clock: () => number,
    private readonly ttlMs: number,
    private readonly graceMs: number,
    private readonly reviveMs = 0,
  ) {}

  /** Issues a fresh token for `owner`. */
  issue(owner: SessionOwner): Session {
    this.#prune();
    const now = this.clock();
    const session: Session = { ...owner, token: randomToken(), issuedAt: now, expiresAt: now + this.ttlMs };
    this.#sessions.set(session.token, session);
    return session;
  }

  /** The live session of `token`, or `null` when it is unknown or expired. */
  find(token: string): Session | null {
    const session = this.#sessions.get(token);
    if (!session) return null;
    if (this.clock() > session.expiresAt) {
      if (this.clock() > session.expiresAt + this.reviveMs) this.#sessions.delete(token);
      return null;
    }
    return session;
  }

  /**
   * The session of a token that timed out less than `reviveMs` ago, so that a ping may renew it; `null` for a
   * live, unknown, logged-out or long-dead token. A renewal's previous token (retired by {@link rotate}) is
   * never revived: only a token that timed out while it was the newest.
   */
  findStale(token: string): Session | null {
    const session = this.#sessions.get(token);
    if (!session || session.retired) return null;
    const now = this.clock();
    return now > session.expiresAt && now <= session.expiresAt + this.reviveMs ? session : null;
  }

  /** Renewal: issues a new token for the same owner; the old one expires after the grace window. */
  rotate(old: Session): Session {
    const fresh = this.issue({ kind: old.kind, id: old.id });
    old.expiresAt = Math.min(old.expiresAt, this.clock() + this.graceMs);
    old.retired = true;
    return fresh;
  }

  /** Logs a token out. */
  revoke(token: string): void {
    this.#sessions.delete(token);
  }

  /** Every current token becomes expired. */
  expireAll(): void {
    this.#sessions.clear();
  }

  /** Forgets expired tokens so a long benchmark does not grow the map without bound. */
  #prune(): void {
    const now = this.clock();
    for (const [token, session] of this.#sessions)
      if (now > session.expiresAt + (session.retired ? 0 : this.reviveMs)) this.#sessions.delete(token);
  }
}
