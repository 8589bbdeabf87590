/**
 * Test helpers for the core: a manual fake Clock (timers fire only when the test advances time), a
 * deferred promise, and a scriptable in-memory "service" with clients implementing the session keeper's
 * SessionClient, for fake-timer tests that need no HTTP.
 */
import { vi } from 'vitest';
import type { Credentials } from '../../main/classcharts/client';
import { NetworkError, SessionExpiredError, WrongCredentialsError } from '../../main/classcharts/errors';
import type { AccountKind } from '../../common/domain';
import type { Clock } from '../../main/ports';
import type { SessionClient } from '../../main/session/keeper';

/** Lets every pending promise callback (and I/O callbacks queued so far) run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

/** More timers than this firing in one `advance` means a timer keeps re-arming itself at once. */
export const RUNAWAY_TIMERS = 10_000;

/**
 * A Clock whose time moves only when told; timers fire in due order during `advance`. A timer loop that
 * never lets time move (a 0 ms timer re-armed forever) makes `advance` throw instead of hanging the test.
 */
export class FakeClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly timers = new Map<number, Timer>();

  /**
   * `lateByMs`: every timer fires this much after its due time, as real timers do (Node's and Chromium's
   * `setTimeout` never fire early, and fire late under load): a schedule with no margin fails here.
   */
  constructor(
    start: number | string,
    private readonly lateByMs = 0,
  ) {
    this.time = typeof start === 'string' ? Date.parse(start) : start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { id, at: this.time + Math.max(0, ms) + this.lateByMs, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** How many timers are pending. */
  get pending(): number {
    return this.timers.size;
  }

  /** Due times of pending timers, ms from now, ascending. */
  delays(): number[] {
    return [...this.timers.values()].map((t) => t.at - this.time).sort((a, b) => a - b);
  }

  /**
   * Advances `ms`, firing each due timer at its time and letting promises settle after each. Throws when
   * more than {@link RUNAWAY_TIMERS} timers fire on the way (a runaway loop).
   */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (let fired = 0; ; fired++) {
      if (fired > RUNAWAY_TIMERS) throw new Error(`runaway timers: more than ${RUNAWAY_TIMERS} fired`);
      const due = [...this.timers.values()]
        .filter((t) => t.at <= end)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers.delete(due.id);
      this.time = Math.max(this.time, due.at);
      due.callback();
      await settle();
    }
    this.time = end;
    await settle();
  }

  /** Moves time without firing anything (the machine slept, or the wall clock jumped). */
  jump(ms: number): void {
    this.time += ms;
  }
}

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
