/**
 * The session renewal policy, as pure functions: when to renew the session token, how long to wait after
 * a failure (exponential backoff with a cap), and what a failure means for the session (sign in again,
 * try later, or stop and ask the user). The keeper (./keeper.ts) applies it with an injected clock.
 *
 * Whether a session is worth its next ping at all ({@link worthKeepingAlive}, issue 25 §4) is decided here
 * too; the keeper asks through its `keepAlive` option.
 *
 * Sources: docs/classcharts-api.md §8.5 (the token must be renewed every 180 seconds), §2.5 (renewal by
 * ping; how often the public clients renew), §2.6 (expired-session answers).
 */
import {
  BadResponseError,
  NetworkError,
  ServiceRefusedError,
  SessionExpiredError,
  WrongCredentialsError,
} from '../classcharts/errors';

/** Timings of the session keeper, all in milliseconds. */
export interface RenewalPolicy {
  /**
   * Renew the session token this long after the last successful renewal or sign-in was sent: shorter than
   * the token's life ({@link SESSION_TOKEN_LIFETIME_MS}) by a margin for late timers and the ping's transit.
   */
  renewEveryMs: number;
  /** First wait after a failed renewal or sign-in for lack of network; doubles per failure. */
  backoffBaseMs: number;
  /** The longest wait between attempts while the network is down. */
  backoffCapMs: number;
}

/**
 * How long a session token lives from issue, in ms: "needs to be renewed every 180 seconds"
 * (docs/classcharts-api.md §8.5; classchartsapi/api-docs-legacy@eda371fba5 source/index.html.md, "Authentication").
 */
export const SESSION_TOKEN_LIFETIME_MS = 180_000;

/**
 * Renewal 170 s after the last one was sent, 10 s inside the token's 180 s; backoff 5 s, 10 s, 20 s … capped
 * at 5 min. Why 170 s: timers only ever fire late and the ping takes a round trip to arrive, so renewing at
 * 180 s lands after the token died and every renewal became a sign-in (21 an hour with timers 5 ms late).
 * The public clients renew at 170–175 s (classcharts-api-js 65ae5d4 src/core/baseClient.ts: when
 * `Date.now() - lastPing + 5000 > PING_INTERVAL`, i.e. 175 s; classuncharted-macos: 170 s); 170 s leaves room for
 * a ping that takes up to 10 s, at about one extra ping an hour (21.2 instead of 20).
 */
export const DEFAULT_RENEWAL_POLICY: RenewalPolicy = {
  renewEveryMs: 170_000,
  backoffBaseMs: 5_000,
  backoffCapMs: 300_000,
};

/**
 * The wait (ms) before attempt number `failures + 1` after `failures` consecutive failures (≥ 1):
 * `base × 2^(failures − 1)`, never more than `cap`. Returns `base` for `failures < 1`.
 */
export function backoffDelay(failures: number, baseMs: number, capMs: number): number {
  const exponent = Math.max(0, Math.floor(failures) - 1);
  // 2^31 already dwarfs any cap; clamping the exponent avoids Infinity.
  return Math.min(capMs, baseMs * 2 ** Math.min(exponent, 31));
}

/**
 * When the next renewal should run (ms from now): `renewEveryMs` after the last success, or the backoff
 * delay while renewals fail. Never negative: an overdue renewal runs at once (0).
 */
export function nextRenewalDelay(input: {
  policy: RenewalPolicy;
  /** Epoch ms of the last successful renewal or sign-in. */
  lastRenewedAt: number;
  now: number;
  /** Consecutive failed renewals since the last success. */
  failures: number;
}): number {
  const { policy, lastRenewedAt, now, failures } = input;
  if (failures > 0) return backoffDelay(failures, policy.backoffBaseMs, policy.backoffCapMs);
  return Math.max(0, lastRenewedAt + policy.renewEveryMs - now);
}

/**
 * What a failure means for the session:
 * - `sign-in-again`: the session token is no longer accepted; sign in with the stored credentials;
 * - `needs-sign-in`: the service refused the credentials themselves; stop until the user signs in;
 * - `retry-later`: no network, a timeout, an unusable answer or a refusal for another reason (e.g. rate
 *   limiting); keep the last good data and try again after a backoff;
 * - `fail`: anything else (a bug): report it, change nothing.
 */
export type FailureAction = 'sign-in-again' | 'needs-sign-in' | 'retry-later' | 'fail';

/** Classifies an error thrown by the ClassCharts client (main/classcharts/errors.ts). */
export function classifyFailure(error: unknown): FailureAction {
  if (error instanceof SessionExpiredError) return 'sign-in-again';
  if (error instanceof WrongCredentialsError) return 'needs-sign-in';
  if (
    error instanceof NetworkError ||
    error instanceof BadResponseError ||
    error instanceof ServiceRefusedError
  )
    return 'retry-later';
  return 'fail';
}

/**
 * A session is kept alive this long after the user last looked (the popover opened, 10 min): what they do
 * next (another day, a record in More, a tick) should not wait for a sign-in.
 */
export const RECENTLY_SEEN_MS = 10 * 60_000;

/**
 * Whether a session is worth its next ping (issue 25 §4). Keeping it alive until the next known use costs
 * one ping per `renewEveryMs`; letting it lapse costs a sign-in when it is needed (`reSignInCost` requests:
 * 1 for a pupil, 2 for a parent, whose session needs a ping after signing in, docs/classcharts-api.md §2.2).
 * So: keep it while the user looked within {@link RECENTLY_SEEN_MS}, or while the pings to `nextUseAt` (the
 * next refresh, epoch ms; `null` when none is scheduled) cost no more than that sign-in. All times epoch ms.
 * The cheaper of the two is what most 2026 clients chose: they sign in again when they need data (skid88,
 * lilphil, C-HBZ, GingerGigiCat `71b86ba`; docs/classcharts-api.md §2.5).
 */
export function worthKeepingAlive(input: {
  now: number;
  renewEveryMs: number;
  /** When the next request is due (a refresh), or `null`. */
  nextUseAt: number | null;
  /** When the user last looked, or `null`. */
  lastSeenAt: number | null;
  reSignInCost: number;
}): boolean {
  const { now, renewEveryMs, nextUseAt, lastSeenAt, reSignInCost } = input;
  if (lastSeenAt !== null && now - lastSeenAt >= 0 && now - lastSeenAt < RECENTLY_SEEN_MS) return true;
  if (nextUseAt === null || !Number.isFinite(nextUseAt)) return false;
  const pings = Math.max(1, Math.ceil((nextUseAt - now) / renewEveryMs));
  return pings <= reSignInCost;
}
