// The fault matrix (issue 7): createApp against the fake ClassCharts server over loopback HTTP, one fake
// clock for the app's timers and the server's token expiry, table-driven over what can go wrong.
//
// Faults that last (server down, HTTP 500, HTML, truncated JSON, reset connections, answers that hang
// past the client's 15 s timeout, sleep and wake with the network gone, a session that stays expired,
// the saved credentials refused), for a student and for a parent where the account matters. For each:
//   1. while it lasts, the popover keeps the last good snapshot — today's lessons and the homework list
//      unchanged, `updatedAt` unchanged, `stale: true` — and shows the right state: offline (no answer)
//      vs. stale with a "does not understand" message (an answer, but a broken one) vs. needs-sign-in;
//   2. it still lasts at the next automatic retry, and the snapshot is still kept;
//   3. when it ends, the app recovers by itself (its retry timer) — or, for refused credentials, when the
//      user signs in again — and shows fresh data.
// Faults the session keeper must absorb without the user noticing (expiry in the middle of a request, a
// renewal racing 100 parallel requests, with and without the renewal finding the session expired): no
// stale state is ever emitted, every request succeeds, and the session is renewed or restored once.
import { afterEach, describe, expect, it } from 'vitest';
import { ClassChartsClient } from '../../main/classcharts/client';
import { addDays } from '../../common/dates';
import type { AppState, AuthStatus, LoginRequest } from '../../common/contract';
import type { CoreEvent } from '../../main/app';
import type { FakeServerOptions } from '../../dev/fake-classcharts/index';
import { type Harness, startHarness } from '../support/app-harness';
import { settle } from '../support/clock';

/** The client's per-request timeout (main/classcharts/transport.ts DEFAULT_TIMEOUT_MS), on the fake clock. */
const CLIENT_TIMEOUT_MS = 15_000;
/** A fault count that outlasts any test: the fault lasts until `faults.clear()`. */
const LASTING = 1_000_000;

type Kind = 'student' | 'parent';

const STUDENT_LOGIN = {
  kind: 'student',
  code: 'DEMO2026',
  dateOfBirth: '14/05/2012',
  remember: false,
} as const;
const LOGINS: Record<Kind, LoginRequest> = {
  student: STUDENT_LOGIN,
  parent: { kind: 'parent', email: 'parent@example.com', password: 'demo-parent', remember: false },
};
const API: Record<Kind, RegExp> = { student: /^\/apiv2student\//, parent: /^\/apiv2parent\// };
const LOGIN_PATH: Record<Kind, string> = { student: '/student/login', parent: '/parent/login' };

type RefreshEvent = Extract<CoreEvent, { type: 'refresh' }>;
const isRefresh = (event: CoreEvent): event is RefreshEvent => event.type === 'refresh';
const failedRefresh = (event: CoreEvent): event is Extract<RefreshEvent, { ok: false }> =>
  isRefresh(event) && !event.ok;
const goodRefresh = (event: CoreEvent): event is RefreshEvent => isRefresh(event) && event.ok;

let harness: Harness | null = null;
afterEach(async () => {
  harness?.fake.faults.clear();
  await harness?.close();
  harness = null;
});

/**
 * Node's fetch on a fresh connection per request (`Connection: close`). With pooled keep-alive sockets,
 * whether a request sent just after `down()` fails at once or waits for the client's timeout depends on
 * when the socket's close is noticed; a new connection is refused at once, so every step of a row has
 * one outcome. (A request that waits is covered by the hang row.)
 */
const freshConnectionFetch: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set('connection', 'close');
  return fetch(input, { ...init, headers });
};

/** Signs in and waits for the first refresh and the background kinds: the last good snapshot. */
async function signedIn(kind: Kind, server: FakeServerOptions = {}): Promise<Harness> {
  const h = (harness = await startHarness({
    server,
    app: {
      createClient: (ports) =>
        new ClassChartsClient({
          fetch: freshConnectionFetch,
          baseUrl: ports.config.baseUrl,
          clock: ports.clock,
          logger: ports.logger,
        }),
    },
  }));
  await h.app.start();
  await h.app.whenIdle();
  expect(await h.app.handlers['auth:login'](LOGINS[kind])).toEqual({ ok: true });
  await h.app.whenIdle();
  expect(h.app.state()).toMatchObject({ auth: 'signed-in', freshness: { stale: false, error: null } });
  return h;
}

/** What the popover lists: today's lessons (their now/next state aside, which moves with the clock) and homework. */
function shown(state: AppState) {
  return {
    pupils: state.pupils.map((p) => p.id),
    date: state.today?.date ?? null,
    lessons: state.today?.lessons.map(({ state: _moves, ...lesson }) => lesson) ?? null,
    // A homework file's link is signed afresh on every read (dev/fake-classcharts/attachments.ts): the
    // file is the same, its `Expires` and signature are not.
    homework: state.homework.map((group) => ({
      ...group,
      items: group.items.map((item) => ({
        ...item,
        attachments: item.attachments.map((file) => ({ ...file, url: file.url.replace(/\?.*$/, '') })),
      })),
    })),
  };
}

/** While the fault lasts: the last good snapshot, marked stale, with the right state. */
function expectKept(state: AppState, good: AppState, shows: Lasting['shows']): void {
  expect(shown(state)).toEqual(shown(good));
  expect(state.today?.lessons.length).toBeGreaterThan(0);
  expect(state.auth).toBe(shows.auth);
  expect(state.freshness).toMatchObject({ stale: true, offline: shows.offline, refreshing: false });
  expect(state.freshness.updatedAt).toBe(good.freshness.updatedAt);
  expect(state.freshness.error).toMatch(shows.error);
}

/** After the fault: fresh data, the same day's lessons, nothing flagged. */
function expectFresh(state: AppState, good: AppState): void {
  expect(state.auth).toBe('signed-in');
  expect(state.freshness).toMatchObject({ stale: false, offline: false, refreshing: false, error: null });
  expect(Date.parse(state.freshness.updatedAt!)).toBeGreaterThan(Date.parse(good.freshness.updatedAt!));
  expect(shown(state)).toEqual(shown(good));
}

/** A refresh the user asked for. */
async function manualRefresh(h: Harness): Promise<void> {
  await h.app.handlers['sync:refresh']();
}

/** A fault that lasts until `end`: the popover must keep the last good data and say what is wrong. */
interface Lasting {
  name: string;
  kinds: readonly Kind[];
  server?: FakeServerOptions;
  begin(h: Harness, kind: Kind): Promise<void> | void;
  /** Makes the app try (default: a manual refresh). The failed refresh event is awaited after it. */
  provoke?(h: Harness): Promise<void> | void;
  /** Requests hang: after each attempt starts, the client's timeout has to pass on the clock. */
  hangs?: boolean;
  shows: { auth: AuthStatus; offline: boolean; error: RegExp };
  end(h: Harness, kind: Kind): Promise<void> | void;
}

const OFFLINE = /Cannot reach ClassCharts/;
const BROKEN = /does not understand/;
const injected =
  (kind: 'http-500' | 'html' | 'truncated-json' | 'reset' | 'hang' | 'expired') =>
  (h: Harness, account: Kind) =>
    h.fake.faults.inject({ path: API[account], kind, count: LASTING });
const clearFaults = (h: Harness) => h.fake.faults.clear();

const lasting: Lasting[] = [
  {
    name: 'server down',
    kinds: ['student', 'parent'],
    begin: (h) => h.fake.down(),
    shows: { auth: 'signed-in', offline: true, error: OFFLINE },
    end: (h) => h.fake.up(),
  },
  {
    name: 'HTTP 500',
    kinds: ['student', 'parent'],
    begin: injected('http-500'),
    shows: { auth: 'signed-in', offline: false, error: BROKEN },
    end: clearFaults,
  },
  {
    name: 'HTML instead of JSON',
    kinds: ['student', 'parent'],
    begin: injected('html'),
    shows: { auth: 'signed-in', offline: false, error: BROKEN },
    end: clearFaults,
  },
  {
    name: 'truncated JSON',
    kinds: ['student', 'parent'],
    begin: injected('truncated-json'),
    shows: { auth: 'signed-in', offline: false, error: BROKEN },
    end: clearFaults,
  },
  {
    name: 'connection reset',
    kinds: ['student', 'parent'],
    begin: injected('reset'),
    shows: { auth: 'signed-in', offline: true, error: OFFLINE },
    end: clearFaults,
  },
  {
    name: 'answers hang past the client timeout',
    kinds: ['student', 'parent'],
    begin: injected('hang'),
    provoke: (h) => void manualRefresh(h),
    hangs: true,
    shows: { auth: 'signed-in', offline: true, error: /taking too long/ },
    end: clearFaults,
  },
  {
    name: 'sleep, then wake with the network gone (session long expired)',
    kinds: ['student', 'parent'],
    begin: async (h) => {
      h.app.suspend();
      await h.fake.down();
      h.clock.jump(2 * 3_600_000); // 09:30: same day, every token long expired
    },
    provoke: (h) => h.app.resume(),
    shows: { auth: 'signed-in', offline: true, error: OFFLINE },
    end: (h) => h.fake.up(),
  },
  {
    name: 'every answer says "not logged in", even after signing in again',
    kinds: ['student'],
    begin: injected('expired'),
    // Stale, not offline, retried with backoff (each retry signs in once more). Signing in again by hand
    // would not help, so the message must not ask for it.
    shows: { auth: 'signed-in', offline: false, error: /^(?!.*Sign in again).*Trying again shortly/ },
    end: clearFaults,
  },
  {
    name: 'saved credentials refused (the access code was changed at school)',
    kinds: ['student'],
    begin: (h) => {
      h.fake.dataset.students[0]!.code = 'NEWCODE9';
      h.fake.expireSessions();
    },
    shows: { auth: 'needs-sign-in', offline: false, error: /Sign in again/ },
    // Nothing to wait for: the fault ends when the user signs in with the new code.
    end: async (h) => {
      expect(await h.app.handlers['auth:login']({ ...STUDENT_LOGIN, code: 'NEWCODE9' })).toEqual({
        ok: true,
      });
    },
  },
];

describe('fault matrix: faults that last', () => {
  const rows = lasting.flatMap((row) =>
    row.kinds.map((kind) => [`${row.name} (${kind})`, row, kind] as const),
  );

  it.each(rows)('%s', async (_name, row, kind) => {
    const h = await signedIn(kind, row.server);
    const good = h.app.state();

    // 1. The fault begins; the app tries and fails.
    await row.begin(h, kind);
    let failed = h.until(failedRefresh);
    await (row.provoke ?? manualRefresh)(h);
    if (row.hangs) {
      await settle();
      await h.clock.advance(CLIENT_TIMEOUT_MS);
    }
    const first = await failed;
    await settle(); // what the app does right after the failure (e.g. resume restarting its timers)
    expectKept(h.app.state(), good, row.shows);

    // 2. It lasts: the next attempt fails too, and the snapshot is still kept.
    let last = first;
    if (first.retryInMs === null) {
      // Waiting for the user: nothing is tried at all.
      const sent = h.fake.requests.length;
      await h.clock.advance(3_600_000);
      expect(h.fake.requests.length).toBe(sent);
      // At most the minute tick, which keeps the shown day current while the app waits for the user.
      expect(h.clock.pending).toBeLessThanOrEqual(1);
    } else {
      failed = h.until(failedRefresh);
      await h.clock.advance(first.retryInMs);
      if (row.hangs) {
        await settle();
        await h.clock.advance(CLIENT_TIMEOUT_MS);
      }
      last = await failed;
      await settle();
      expect(last.reason).toBe('retry');
    }
    expectKept(h.app.state(), good, row.shows);

    // 3. The fault ends: the app recovers by itself at its next retry (or at the user's sign-in).
    const recovered = h.until(goodRefresh);
    await row.end(h, kind);
    if (last.retryInMs !== null) await h.clock.advance(last.retryInMs);
    await recovered;
    await h.app.whenIdle();
    expectFresh(h.app.state(), good);
  });
});

/** A fault the session keeper must absorb: the user never sees it. */
interface Absorbed {
  name: string;
  server?: FakeServerOptions;
  /** Sets up the fault and makes the app work through it; returns what to check afterwards. */
  run(h: Harness): Promise<void>;
}

const logins = (h: Harness, from = 0) => h.paths(from).filter((p) => p === LOGIN_PATH.student).length;
const pings = (h: Harness, from = 0) => h.paths(from).filter((p) => p === '/apiv2student/ping').length;

/**
 * The renewal comes due (170 s) with 100 requests for other days fired at once while its ping is on the
 * wire (the server answers after 50 ms): every request waits for the renewal, then all go out with one
 * token, the new one. With `expired`, the renewal finds the session gone and one sign-in serves all.
 */
async function renewalRace(h: Harness, expired: boolean): Promise<void> {
  const mark = h.fake.requests.length;
  if (expired) h.fake.expireSessions();
  const renewed = h.until((e) => (expired ? e.type === 're-login' : e.type === 'renewal'));
  await h.clock.advance(180_000);
  // From 17 June: the next school day (16 June) is known already and asks nothing.
  const dates = Array.from({ length: 100 }, (_, i) => addDays('2026-06-17', i));
  const days = await Promise.all(dates.map((date) => h.app.handlers['day:get']({ date })));
  expect(await renewed).toMatchObject({ ok: true });
  expect(days.map((d) => d.date)).toEqual(dates);
  expect(pings(h, mark)).toBe(1);
  expect(logins(h, mark)).toBe(expired ? 1 : 0);
  const requests = h.fake.requests.slice(mark);
  const reads = requests.filter(
    (r) => r.path.startsWith('/apiv2student/timetable') && dates.includes(r.query.date ?? ''),
  );
  expect(reads).toHaveLength(100);
  expect(reads.every((r) => r.status === 200)).toBe(true);
  const renewal = requests.findLast((r) => r.path === (expired ? LOGIN_PATH.student : '/apiv2student/ping'))!;
  expect(reads.every((r) => requests.indexOf(r) > requests.indexOf(renewal))).toBe(true);
  expect(new Set(reads.map((r) => r.headers.authorization)).size).toBe(1);
}

const absorbed: Absorbed[] = [
  {
    name: 'session expiry in the middle of a request',
    async run(h) {
      const mark = h.fake.requests.length;
      h.fake.faults.inject({ path: '/apiv2student/timetable', kind: 'expired' });
      const refreshed = h.until(isRefresh);
      await manualRefresh(h);
      expect(await refreshed).toMatchObject({ ok: true });
      // The token still lives on the server: the recovery's ping brings it back (issue 25 §3).
      expect(logins(h, mark)).toBe(0);
      expect(pings(h, mark)).toBe(1);
    },
  },
  {
    name: 'every token expiring at once under parallel requests',
    async run(h) {
      const mark = h.fake.requests.length;
      h.fake.expireSessions();
      const refreshed = h.until(isRefresh);
      await manualRefresh(h);
      expect(await refreshed).toMatchObject({ ok: true });
      expect(logins(h, mark)).toBe(1);
    },
  },
  {
    name: 'a renewal racing 100 parallel requests',
    server: { latencyMs: 50 },
    run: (h) => renewalRace(h, false),
  },
  {
    name: 'a renewal that finds the session expired, racing 100 parallel requests',
    server: { latencyMs: 50 },
    run: (h) => renewalRace(h, true),
  },
];

describe('fault matrix: faults the session absorbs', () => {
  it.each(absorbed.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const h = await signedIn('student', row.server);
    const good = h.app.state();
    const emitted = h.states.length;
    await row.run(h);
    await h.app.whenIdle();
    const state = h.app.state();
    expect(state.auth).toBe('signed-in');
    expect(state.freshness).toMatchObject({ stale: false, offline: false, error: null });
    expect(shown(state)).toEqual(shown(good));
    // The user never saw a stale, offline or failed state on the way.
    const seen = h.states.slice(emitted);
    expect(
      seen.filter((s) => s.freshness.stale || s.freshness.offline || s.freshness.error !== null),
    ).toEqual([]);
    expect(seen.every((s) => s.auth === 'signed-in')).toBe(true);
  });
});
