/**
 * What the benchmarks share: createApp on plain-Node ports against the fake ClassCharts server, a fetch
 * that counts requests in flight (so a simulated clock, test/support/clock.ts, moves only once the network
 * is quiet), the figure format, and counting the round trips on a critical path from the fake's request log.
 */
import { createApp, type CoreApp } from '../../main/app';
import { nodePorts } from '../../main/adapters/node-ports';
import type { AppPorts, Clock } from '../../main/ports';
import { FakeClock } from '../support/clock';
import type { AppState, LoginRequest } from '../../common/contract';
import {
  type FakeClassCharts,
  type RecordedRequest,
  startFakeClassCharts,
} from '../../dev/fake-classcharts/index';

/** One benchmark figure: a value, its unit and goal, whether the goal is met, and how it was measured. */
export interface Figure {
  value: number | null;
  unit: string;
  /** The goal in the same unit; `met` is `value <= goal`. */
  goal: number;
  /** The goal as the issue states it, e.g. `≤ 2.3 × RTT`. */
  goalRule: string;
  met: boolean;
  conditions: Record<string, unknown>;
  /** Set when the figure could not be measured (the bench then exits 1). */
  error?: string;
}

/** A figure from a measured value (rounded to 0.1) and its goal (`value <= goal` is met). */
export function figure(
  value: number,
  unit: string,
  goal: number,
  goalRule: string,
  conditions: Record<string, unknown>,
): Figure {
  const rounded = Math.round(value * 10) / 10;
  return {
    value: rounded,
    unit,
    goal: Math.round(goal * 10) / 10,
    goalRule,
    met: rounded <= goal,
    conditions,
  };
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The demo accounts of the fake server (its README), never remembered. */
export const LOGINS = {
  student: { kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012', remember: false },
  parent: { kind: 'parent', email: 'parent@example.com', password: 'demo-parent', remember: false },
} as const satisfies Record<string, LoginRequest>;

/** A fetch that reads each body to the end inside, counts requests in flight and says when none are. */
export interface TrackedFetch {
  fetch: typeof fetch;
  /** Resolves once nothing is in flight and nothing new started in the turns after (continuations ran). */
  quiet(): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Wraps `inner` (Node's fetch) for {@link TrackedFetch}. */
export function trackedFetch(inner: typeof fetch = fetch): TrackedFetch {
  let inFlight = 0;
  const waiters: (() => void)[] = [];
  const done = () => {
    inFlight -= 1;
    if (inFlight === 0) for (const wake of waiters.splice(0)) wake();
  };
  return {
    async fetch(input, init) {
      inFlight += 1;
      try {
        const response = await inner(input, init);
        const body = [101, 204, 205, 304].includes(response.status) ? null : await response.arrayBuffer();
        return new Response(body, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      } finally {
        done();
      }
    },
    async quiet() {
      for (;;) {
        while (inFlight > 0) await new Promise<void>((wake) => waiters.push(wake));
        for (let turn = 0; turn < 3; turn++) await nextTurn();
        if (inFlight === 0) return;
      }
    },
  };
}

/** createApp on memory ports (nothing remembered unless `ports` gives a store), against `baseUrl`. */
export function benchApp(
  baseUrl: string,
  clock: Clock,
  fetchImpl: typeof fetch = fetch,
  ports: Partial<Pick<AppPorts, 'store' | 'cache' | 'dialogs'>> = {},
): CoreApp {
  return createApp(
    nodePorts({
      fetch: fetchImpl,
      clock,
      ...ports,
      config: { baseUrl, demo: false, version: 'bench', platform: 'linux' },
    }),
  );
}

/** True once the state shows today's lessons and the homework list, fetched (not from a cache). */
export function todayComplete(state: AppState): boolean {
  return (
    state.auth === 'signed-in' &&
    (state.today?.lessons.length ?? 0) > 0 &&
    state.homework.length > 0 &&
    state.freshness.updatedAt !== null &&
    !state.freshness.stale
  );
}

/**
 * The round trips on a critical path: the requests that arrived in `[from, to]` (the fake's clock),
 * grouped into waves — a request more than half a round trip after its wave's first one starts the next
 * wave (a request that had to wait for an answer). Returns each wave's paths.
 */
export function waves(
  requests: readonly RecordedRequest[],
  from: number,
  to: number,
  rttMs: number,
): string[][] {
  const within = requests.filter((r) => r.at >= from && r.at <= to).sort((a, b) => a.at - b.at);
  const result: { start: number; paths: string[] }[] = [];
  for (const request of within) {
    const wave = result.at(-1);
    if (wave && request.at - wave.start < rttMs / 2) wave.paths.push(request.path);
    else result.push({ start: request.at, paths: [request.path] });
  }
  return result.map((wave) => wave.paths);
}

/** A signed-in app on a simulated clock against an in-process fake (./idle.ts, ./day.ts). */
export interface SimulatedApp {
  /** Moved by `clock.advance(ms, settled)`, so that each timer's work ends before the next fires. */
  clock: FakeClock;
  fake: FakeClassCharts;
  app: CoreApp;
  /** Resolves once nothing is in flight and the app is idle. */
  settled(): Promise<void>;
}

/**
 * Starts the fake on a {@link FakeClock} at `start` (epoch ms), signs the demo `kind` in (remembered or not),
 * runs `measure`, and stops both. `ports`: a save dialog's stand-in (./calendar.ts). Throws when the sign-in
 * fails.
 */
export async function withSimulatedApp<T>(
  kind: keyof typeof LOGINS,
  start: number,
  remember: boolean,
  measure: (sim: SimulatedApp) => Promise<T>,
  ports: Partial<Pick<AppPorts, 'dialogs'>> = {},
): Promise<T> {
  const clock = new FakeClock(start);
  const fake = await startFakeClassCharts({ clock: () => clock.now() });
  const tracked = trackedFetch();
  const app = benchApp(fake.url, clock, tracked.fetch, ports);
  const settled = async () => {
    await tracked.quiet();
    await app.whenIdle();
    await tracked.quiet();
  };
  try {
    await app.start();
    const result = await app.handlers['auth:login']({ ...LOGINS[kind], remember });
    if (!result.ok) throw new Error(`sign-in failed: ${result.message}`);
    await settled();
    return await measure({ clock, fake, app, settled });
  } finally {
    await app.stop();
    await fake.close();
  }
}

/**
 * The requests the fake saw since `mark` (an index into its log), in all and by endpoint (pupil ids as
 * `<id>`); throws when the app is no longer signed in with fresh data (`what` names the window).
 */
export function requestsSince(
  sim: SimulatedApp,
  mark: number,
  what: string,
): { total: number; byEndpoint: Record<string, number> } {
  const state = sim.app.state();
  if (state.auth !== 'signed-in' || state.freshness.error !== null)
    throw new Error(`${what} did not stay healthy: ${state.freshness.error ?? state.auth}`);
  const byEndpoint: Record<string, number> = {};
  for (const request of sim.fake.requests.slice(mark)) {
    const endpoint = request.path.replace(/\/\d+$/, '/<id>');
    byEndpoint[endpoint] = (byEndpoint[endpoint] ?? 0) + 1;
  }
  return { total: sim.fake.requests.length - mark, byEndpoint };
}
