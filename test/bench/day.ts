/**
 * Requests per day (issue 25 §4): a whole simulated Europe/London day, midnight to midnight, of createApp
 * signed in with "remember me" against the fake ClassCharts, for the demo pupil and the demo parent of two,
 * on a school day and on a Saturday. The popover is opened at the times a pupil or parent typically looks
 * (below); otherwise only the app's own timers run. Same simulated clock as ./idle.ts.
 */
import type { AppPorts } from '../../main/ports';
import {
  figure,
  type Figure,
  type LOGINS,
  requestsSince,
  type SimulatedApp,
  withSimulatedApp,
} from './setup';

const HOUR = 3_600_000;

/** The two days: a Monday of term and the Saturday after it (London, BST). */
export const DAYS = {
  schoolDay: { date: '2026-06-15', opens: ['07:40', '08:20', '12:40', '15:50', '17:30', '19:45', '21:15'] },
  weekend: { date: '2026-06-20', opens: ['10:30', '14:00', '18:00', '20:30'] },
} as const;

/**
 * The figures before issue 25 §4, measured with this bench at commit 0d71163 (renewal every 170 s round the
 * clock, refresh every 15 min, background kinds hourly), 2026-11-27. The goal is at most half of each.
 */
export const REQUESTS_PER_DAY_BEFORE = {
  student: { schoolDay: 823, weekend: 842 },
  parent: { schoolDay: 1138, weekend: 1176 },
} as const;

/** Epoch ms of `HH:MM` on `date` in London (BST, +01:00, in June). */
function at(date: string, time: string): number {
  return Date.parse(`${date}T${time}:00+01:00`);
}

/**
 * Requests the fake saw in the measured day, by endpoint, for one account on one day. `prepare` runs after
 * the sign-in, before the warm-up hours (./calendar.ts turns the calendar feed on there, choosing its file
 * through `ports.dialogs`).
 */
export function oneDay(
  kind: keyof typeof LOGINS,
  day: keyof typeof DAYS,
  prepare?: (sim: SimulatedApp) => Promise<void>,
  ports: Partial<Pick<AppPorts, 'dialogs'>> = {},
): Promise<{ total: number; byEndpoint: Record<string, number> }> {
  const { date, opens } = DAYS[day];
  const midnight = Date.parse(`${date}T00:00:00+01:00`);
  // Signed in with "remember me" at 20:00 the evening before; the four hours up to midnight are warm-up.
  return withSimulatedApp(
    kind,
    midnight - 4 * HOUR,
    true,
    async (sim) => {
      await prepare?.(sim);
      for (const time of opens)
        sim.clock.setTimeout(() => sim.app.userReturned(), at(date, time) - sim.clock.now());
      await sim.clock.advance(midnight - sim.clock.now(), sim.settled);
      const mark = sim.fake.requests.length;
      await sim.clock.advance(24 * HOUR, sim.settled);
      return requestsSince(sim, mark, 'the day');
    },
    ports,
  );
}

/** Requests-per-day figures: pupil and parent of two, school day and Saturday; goal ≤ half of before. */
export async function dayFigures(): Promise<Record<string, Figure>> {
  const figures: Record<string, Figure> = {};
  for (const kind of ['student', 'parent'] as const) {
    for (const day of ['schoolDay', 'weekend'] as const) {
      const { total, byEndpoint } = await oneDay(kind, day);
      const before = REQUESTS_PER_DAY_BEFORE[kind][day];
      const name = `requestsPerDay${kind === 'student' ? 'Student' : 'Parent'}${day === 'schoolDay' ? 'SchoolDay' : 'Weekend'}`;
      figures[name] = figure(
        total,
        'requests/day',
        before / 2,
        `≤ ${before / 2} (half of ${before}, before)`,
        {
          account: kind === 'student' ? 'demo student' : 'demo parent, two pupils',
          day: `${DAYS[day].date} (${day === 'schoolDay' ? 'a Monday of term' : 'a Saturday'}), 00:00–24:00 London`,
          popover: `opened at ${DAYS[day].opens.join(', ')}`,
          settings: 'defaults, signed in with "remember me" the evening before',
          clock: 'simulated, shared by createApp and the fake server; fake latency 0',
          before,
          byEndpoint,
        },
      );
    }
  }
  return figures;
}
