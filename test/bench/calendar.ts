/**
 * The calendar feed's figures (issue 28 §2), in the `day` group:
 * - `requestsPerDay{Student,Parent}SchoolDayFeed`: ./day.ts's school day with the feed kept in a file. The
 *   feed reuses today, the next school day and the homework list; of the other weekdays of its five weeks,
 *   the coming week's are read once a London day, later ones once a week and past ones once
 *   (main/app/calendar-reader.ts). On a Monday, the worst day (the window gains a week), that is 9
 *   timetable requests per pupil more than without the feed: the four coming days and the new week.
 * - `calendarFeedParentOfThree*`: the feed for a parent of three over five weeks (the fake's busy year at
 *   ×10: three pupils), on a simulated clock with fake latency 0: the first build (choosing the file)
 *   and a rebuild the same day (one calendar per child instead of the family's: nothing is read again),
 *   each timed in real ms from the settings change to the file(s) written, with the requests each made,
 *   and the family file's bytes.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { busyYearDataset, busyYearPupils } from '../../dev/fake-classcharts/busy-year';
import { startFakeClassCharts } from '../../dev/fake-classcharts/index';
import { FakeClock } from '../support/clock';
import { DAYS, oneDay, REQUESTS_PER_DAY_BEFORE } from './day';
import { benchApp, figure, type Figure, LOGINS, trackedFetch } from './setup';

/** Monday 23 November 2026, 08:00 London (GMT), as the scale group. */
const MORNING = Date.parse('2026-11-23T08:00:00Z');
const TODAY = '2026-11-23';
const SCALE = 10;
/** Weekdays in the feed's five weeks: the most timetable requests a pupil's feed could make. */
const FEED_WEEKDAYS = 25;

/** Requests per day with the feed on, and the feed of a parent of three. */
export async function calendarFigures(): Promise<Record<string, Figure>> {
  const figures: Record<string, Figure> = {};
  for (const kind of ['student', 'parent'] as const) {
    const folder = mkdtempSync(join(tmpdir(), 'cc-bench-feed-day-'));
    try {
      const filePath = join(folder, 'classcharts.ics');
      const { total, byEndpoint } = await oneDay(
        kind,
        'schoolDay',
        async (sim) => {
          await sim.app.handlers['calendar:choose-file']();
          await sim.settled();
        },
        { dialogs: { saveCalendarFile: async () => filePath } },
      );
      const before = REQUESTS_PER_DAY_BEFORE[kind].schoolDay;
      figures[`requestsPerDay${kind === 'student' ? 'Student' : 'Parent'}SchoolDayFeed`] = figure(
        total,
        'requests/day',
        before / 2,
        `≤ ${before / 2} (half of ${before}, before; the feed included)`,
        {
          account: kind === 'student' ? 'demo student' : 'demo parent, two pupils',
          day: `${DAYS.schoolDay.date} (a Monday of term), 00:00–24:00 London`,
          popover: `opened at ${DAYS.schoolDay.opens.join(', ')}`,
          settings: 'defaults, and the calendar feed kept in a file (the family calendar)',
          clock: 'simulated, shared by createApp and the fake server; fake latency 0',
          byEndpoint,
        },
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  Object.assign(figures, await parentOfThree());
  return figures;
}

/** The feed of the busy year's parent of three: first build, rebuild the same day, bytes. */
async function parentOfThree(): Promise<Record<string, Figure>> {
  const clock = new FakeClock(MORNING);
  const fake = await startFakeClassCharts({
    data: busyYearDataset({ scale: SCALE, today: TODAY }),
    clock: () => clock.now(),
  });
  const tracked = trackedFetch();
  const folder = mkdtempSync(join(tmpdir(), 'cc-bench-feed-'));
  const filePath = join(folder, 'classcharts.ics');
  // The save dialog's stand-in: the user picks `filePath`.
  const app = benchApp(fake.url, clock, tracked.fetch, {
    dialogs: { saveCalendarFile: async () => filePath },
  });
  const settled = async () => {
    await tracked.quiet();
    await app.whenIdle();
    await tracked.quiet();
  };
  const pupils = busyYearPupils(SCALE);
  /** Times a settings change until the feed is written; counts the requests it made. */
  const timed = async (change: () => Promise<unknown>) => {
    const mark = fake.requests.length;
    const started = performance.now();
    await change();
    await settled();
    return { ms: performance.now() - started, requests: fake.requests.length - mark };
  };
  try {
    await app.start();
    const result = await app.handlers['auth:login']({ ...LOGINS.parent });
    if (!result.ok) throw new Error(`sign-in failed: ${result.message}`);
    await settled();
    const first = await timed(() => app.handlers['calendar:choose-file']());
    const bytes = statSync(filePath).size;
    const error = app.state().calendar?.error;
    if (error) throw new Error(`the feed failed: ${error}`);
    const rebuild = await timed(() => app.handlers['settings:update']({ calendar: { family: false } }));
    const conditions = {
      dataset: `busy year ×${SCALE}: the demo parent, ${pupils} pupils`,
      window: 'last week to three weeks ahead (5 weeks, 25 weekdays), from Monday 23 November 2026',
      clock: 'simulated; fake latency 0, in-process on 127.0.0.1: the time is the app’s own work',
      firstBuild: { ms: Math.round(first.ms), requests: first.requests },
      rebuildSameDay: { ms: Math.round(rebuild.ms), requests: rebuild.requests, as: 'one file per child' },
      withoutReuse: `${pupils} × (${FEED_WEEKDAYS} timetable + 1 homework) = ${pupils * (FEED_WEEKDAYS + 1)}`,
    };
    const most = pupils * (FEED_WEEKDAYS + 1);
    return {
      calendarFeedParentOfThreeFirstMs: figure(
        first.ms,
        'ms',
        2000,
        '≤ 2 s (our own: a refresh’s budget)',
        conditions,
      ),
      calendarFeedParentOfThreeFirstRequests: figure(
        first.requests,
        'requests',
        most,
        `< ${most}, what the feed reads without reusing the app’s data`,
        conditions,
      ),
      calendarFeedParentOfThreeRebuildRequests: figure(
        rebuild.requests,
        'requests',
        0,
        '0: the same day, nothing is read again',
        conditions,
      ),
      calendarFeedParentOfThreeBytes: figure(bytes, 'bytes', 1_000_000, '≤ 1 MB (our own)', conditions),
    };
  } finally {
    await app.stop();
    await fake.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
