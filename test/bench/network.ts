/**
 * Cold start and warm refresh against the fake ClassCharts server with a fixed latency, on the real clock
 * (shifted to a school-day morning so there are lessons): createApp on memory ports, the real client on
 * Node's fetch over loopback.
 *
 * - Cold start: `auth:login` called → the first `state:changed` with today's lessons and the homework
 *   list, fetched (not stale). In ms, and in round trips on the critical path (request waves in the fake's
 *   log up to that moment, ./setup.ts `waves`).
 * - Warm refresh: with that session live, `sync:refresh` called → resolved (lessons and homework again).
 */
import { performance } from 'node:perf_hooks';
import type { Clock } from '../../main/ports';
import { systemClock } from '../../main/ports';
import { startFakeClassCharts } from '../../dev/fake-classcharts/index';
import { benchApp, figure, type Figure, LOGINS, median, todayComplete, waves } from './setup';

/** Monday 15 June 2026, 08:00 London (BST): a school day before period 1. */
export const SCHOOL_MORNING = Date.parse('2026-06-15T08:00:00+01:00');

/** The real clock, shifted so that it starts at `start` (epoch ms) and runs at real speed. */
function shiftedClock(start: number): Clock {
  const offset = start - Date.now();
  return { ...systemClock, now: () => Date.now() + offset };
}

/** Median time of `count` sequential requests the fake answers at once (its latency plus loopback), ms. */
async function measureRtt(url: string, count = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await (await fetch(`${url}/apiv2student/ping`)).text();
    times.push(performance.now() - started);
  }
  return median(times.slice(1)); // the first one also opens the connection
}

interface Run {
  coldMs: number;
  coldWaves: string[][];
  warmMs: number;
  warmWaves: string[][];
}

/** Cold start and warm refresh figures for the student and the parent demo accounts. */
export async function networkFigures(options: {
  latencyMs: number;
  runs: number;
}): Promise<Record<string, Figure>> {
  const clock = shiftedClock(SCHOOL_MORNING);
  const fake = await startFakeClassCharts({ latencyMs: options.latencyMs, clock: () => clock.now() });
  try {
    const rttMs = await measureRtt(fake.url);
    const base = {
      server: `fake ClassCharts in-process on 127.0.0.1, --latency-ms ${options.latencyMs}`,
      rttMs: Math.round(rttMs * 10) / 10,
      runs: options.runs,
      statistic: 'median (after one warm-up run)',
      clock: 'real time, shifted to Monday 2026-06-15 08:00 London',
      client: 'the real client on Node fetch (keep-alive), createApp on memory ports',
    };

    const runOnce = async (kind: keyof typeof LOGINS): Promise<Run> => {
      const app = benchApp(fake.url, clock);
      await app.start();
      await app.whenIdle();
      let doneAt: number | null = null;
      let doneAtServer = 0;
      const unsubscribe = app.on('state:changed', (state) => {
        if (doneAt !== null || !todayComplete(state)) return;
        doneAt = performance.now();
        doneAtServer = clock.now();
      });
      const from = clock.now();
      const started = performance.now();
      const result = await app.handlers['auth:login'](LOGINS[kind]);
      if (!result.ok) throw new Error(`sign-in failed: ${result.message}`);
      if (doneAt === null) throw new Error('sign-in finished without a complete today');
      unsubscribe();
      const coldMs = (doneAt as number) - started;
      const coldWaves = waves(fake.requests, from, doneAtServer, rttMs);
      await app.whenIdle();

      const warmFrom = clock.now();
      const warmStarted = performance.now();
      await app.handlers['sync:refresh']();
      const warmMs = performance.now() - warmStarted;
      if (!todayComplete(app.state())) throw new Error('warm refresh did not leave a complete, fresh today');
      const warmWaves = waves(fake.requests, warmFrom, clock.now(), rttMs);
      await app.stop();
      return { coldMs, coldWaves, warmMs, warmWaves };
    };

    const figures: Record<string, Figure> = {};
    for (const kind of ['student', 'parent'] as const) {
      await runOnce(kind); // warm-up: module loading and JIT
      const runs: Run[] = [];
      for (let i = 0; i < options.runs; i++) runs.push(await runOnce(kind));
      const roundTrips = runs.map((r) => r.coldWaves.length);
      const suffix = kind === 'student' ? '' : 'Parent';
      const account = kind === 'student' ? 'demo student' : 'demo parent, two pupils';
      /** A time figure: the median against `factor` × RTT, with its spread and one run's critical path. */
      const timed = (times: number[], factor: number, measured: string, criticalPath: string[][]) =>
        figure(median(times), 'ms', factor * rttMs, `≤ ${factor} × RTT`, {
          ...base,
          account,
          measured,
          minMs: Math.round(Math.min(...times)),
          maxMs: Math.round(Math.max(...times)),
          criticalPath,
        });
      figures[`coldStart${suffix}`] = timed(
        runs.map((r) => r.coldMs),
        2.3,
        'auth:login called → first state:changed with today’s lessons and homework, fresh',
        runs[0]!.coldWaves,
      );
      figures[`coldStartRoundTrips${suffix}`] = figure(
        Math.max(...roundTrips),
        'round trips',
        2,
        '≤ 2 (limit)',
        {
          ...base,
          account,
          statistic: 'the most over the runs',
          measured:
            'request waves in the fake’s log from auth:login to today complete (a wave = requests sent together)',
          perRun: roundTrips,
        },
      );
      figures[`warmRefresh${suffix}`] = timed(
        runs.map((r) => r.warmMs),
        1.2,
        'sync:refresh called with a live session → resolved',
        runs[0]!.warmWaves,
      );
    }
    return figures;
  } finally {
    await fake.close();
  }
}
