/**
 * Test helpers for the core: waiters for pushed items, a deferred promise, and a scriptable in-memory
 * "service" with clients implementing the session keeper's SessionClient, for fake-clock tests
 * (./clock.ts) that need no HTTP.
 */
import { vi } from 'vitest';
import type { Credentials } from '../../main/classcharts/client';
import { NetworkError, SessionExpiredError, WrongCredentialsError } from '../../main/classcharts/errors';
import type { AccountKind } from '../../common/domain';
import type { SessionClient } from '../../main/session/keeper';

/**
 * Waiting for the next item (event, output line) matching a predicate, as items are pushed when they
 * happen: no sleeps. A wait rejects after `timeoutMs` of real time, so a missing item fails the test.
 */
export class Waiters<T> {
  private readonly waiting: { predicate: (item: T) => boolean; resolve: (item: T) => void }[] = [];

  /** Hands `item` to every waiter whose predicate it matches. */
  push(item: T): void {
    for (const waiter of this.waiting.filter((w) => w.predicate(item))) {
      this.waiting.splice(this.waiting.indexOf(waiter), 1);
      waiter.resolve(item);
    }
  }

  /** Resolves with the next item pushed that matches `predicate`. */
  next(predicate: (item: T) => boolean, timeoutMs = 10_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the expected event did not come')), timeoutMs);
      this.waiting.push({
        predicate,
        resolve: (item) => {
          clearTimeout(timer);
          resolve(item);
        },
      });
    });
  }
}

/** A promise with its resolve/reject exposed. */
export function deferred<T = void>(): {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
} {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A scriptable stand-in for ClassCharts: which credentials it accepts, whether it is reachable, which
 * tokens are valid; counts logins, renewals and reads. `gate` (if set) holds renewals until resolved.
 */
export class FakeService {
  online = true;
  acceptedCode = 'DEMO2026';
  validTokens = new Set<string>();
  logins = 0;
  renewals = 0;
  reads = 0;
  /** When set, renewals wait for it before answering. */
  renewGate: Promise<void> | null = null;
  private seq = 0;

  issue(): string {
    const token = `t${++this.seq}`;
    this.validTokens.add(token);
    return token;
  }

  /** Every token stops being accepted. */
  expireAll(): void {
    this.validTokens.clear();
  }

  client(): FakeSessionClient {
    return new FakeSessionClient(this);
  }
}

/** A SessionClient on a {@link FakeService}, plus a `read()` data request. */
export class FakeSessionClient implements SessionClient {
  kind: AccountKind | null = null;
  token: string | null = null;
  readonly login = vi.fn(async (credentials: Credentials) => {
    this.service.logins += 1;
    if (!this.service.online) throw new NetworkError('/student/login', 'offline', false);
    if (credentials.kind !== 'student' || credentials.code !== this.service.acceptedCode)
      throw new WrongCredentialsError('student');
    this.token = this.service.issue();
    this.kind = 'student';
  });
  readonly renew = vi.fn(async () => {
    this.service.renewals += 1;
    if (this.service.renewGate) await this.service.renewGate;
    if (!this.service.online) throw new NetworkError('/apiv2student/ping', 'offline', false);
    if (this.token === null || !this.service.validTokens.has(this.token)) {
      this.token = null;
      throw new SessionExpiredError('ping');
    }
    this.token = this.service.issue();
  });

  constructor(private readonly service: FakeService) {}

  hasSession(): boolean {
    return this.token !== null;
  }

  signOut(): void {
    this.token = null;
    this.kind = null;
  }

  /** A data request: fails expired for an unknown token, offline when the service is down. */
  async read(): Promise<string> {
    this.service.reads += 1;
    if (!this.service.online) throw new NetworkError('/apiv2student/timetable', 'offline', false);
    if (this.token === null || !this.service.validTokens.has(this.token)) {
      this.token = null;
      throw new SessionExpiredError('read');
    }
    return `data with ${this.token}`;
  }
}
