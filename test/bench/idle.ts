/**
 * Idle cost: requests per simulated hour with the popover closed. createApp's timers run on a simulated
 * clock shared with the fake ClassCharts server (token expiry), firing in order; the clock moves on only
 * when the network is quiet (./setup.ts), so nothing times out that would not in real life.
 */
import { figure, type Figure, type LOGINS, requestsSince, withSimulatedApp } from './setup';

/** Monday 15 June 2026, 07:30 London (BST): signed in before school. */
const START = Date.parse('2026-06-15T07:30:00+01:00');
const HOUR = 3_600_000;

/**
 * Requests in the second hour after sign-in (the first is warm-up), by path pattern. Signed in with
 * "remember me", the form's default where a keychain exists: the session lapses between refreshes when that
 * is cheaper (issue 25 §4). Without it the session is renewed all the while: 34 an hour for a pupil, 47 for a
 * parent (2026-11-27).
 */
function idleHour(kind: keyof typeof LOGINS): Promise<{ total: number; byEndpoint: Record<string, number> }> {
  return withSimulatedApp(kind, START, true, async (sim) => {
    await sim.clock.advance(HOUR, sim.settled);
    const mark = sim.fake.requests.length;
    await sim.clock.advance(HOUR, sim.settled);
    return requestsSince(sim, mark, 'the idle hour');
  });
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
        settings:
          'defaults, signed in with "remember me" (refresh every 15 min, a ping only when cheaper than a sign-in, background kinds hourly)',
        clock: 'simulated, shared by createApp and the fake server; fake latency 0',
        byEndpoint,
      },
    );
  }
  return figures;
}
