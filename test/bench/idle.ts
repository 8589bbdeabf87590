/**
 * Idle cost: requests per simulated hour with the popover closed. createApp's timers run on a simulated
 * clock shared with the fake ClassCharts server (token expiry), firing in order; the clock moves on only
 * when the network is quiet (./setup.ts), so nothing times out that would not in real life.
 */
import { startFakeClassCharts } from '../fake-classcharts/index';
import { benchApp, figure, type Figure, LOGINS, SimClock, trackedFetch } from './setup';

/** Monday 15 June 2026, 07:30 London (BST): signed in before school. */
const START = Date.parse('2026-06-15T07:30:00+01:00');
const HOUR = 3_600_000;

/** Requests in the second hour after sign-in (the first is warm-up), by path pattern. */
async function idleHour(
  kind: keyof typeof LOGINS,
): Promise<{ total: number; byEndpoint: Record<string, number> }> {
  const clock = new SimClock(START);
  const fake = await startFakeClassCharts({ clock: () => clock.now() });
  const tracked = trackedFetch();
  const app = benchApp(fake.url, clock, tracked.fetch);
  const settled = async () => {
    await tracked.quiet();
    await app.whenIdle();
    await tracked.quiet();
  };
  try {
    await app.start();
    const result = await app.handlers['auth:login'](LOGINS[kind]);
    if (!result.ok) throw new Error(`sign-in failed: ${result.message}`);
    await settled();
    await clock.runFor(HOUR, settled);
    const mark = fake.requests.length;
    await clock.runFor(HOUR, settled);
    if (app.state().auth !== 'signed-in' || app.state().freshness.error !== null)
      throw new Error(
        `the idle hour did not stay healthy: ${app.state().freshness.error ?? app.state().auth}`,
      );
    const byEndpoint: Record<string, number> = {};
    for (const request of fake.requests.slice(mark)) {
      const endpoint = request.path.replace(/\/\d+$/, '/<id>');
      byEndpoint[endpoint] = (byEndpoint[endpoint] ?? 0) + 1;
    }
    return { total: fake.requests.length - mark, byEndpoint };
  } finally {
    await app.stop();
    await fake.close();
  }
}

/** Idle-cost figures for the demo student and the demo parent (two pupils). */
export async function idleFigures(): Promise<Record<string, Figure>> {
  const figures: Record<string, Figure> = {};
  for (const kind of ['student', 'parent'] as const) {
    const { total, byEndpoint } = await idleHour(kind);
    figures[kind === 'student' ? 'idleRequestsPerHour' : 'idleRequestsPerHourParent'] = figure(
      total,
      'requests/hour',
      24,
      '≤ 24',
      {
        account: kind === 'student' ? 'demo student' : 'demo parent, two pupils',
        window: 'the second simulated hour after sign-in (08:30–09:30 London, Monday 2026-06-15)',
        popover: 'closed (never shown)',
        settings: 'defaults (refresh every 15 min, renewal every 170 s, background kinds hourly)',
        clock: 'simulated, shared by createApp and the fake server; fake latency 0',
        byEndpoint,
      },
    );
  }
  return figures;
}
