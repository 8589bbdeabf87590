// The next school day (issue 24 §1, "Rollover"): once today is over, at weekends and in holidays the first
// screen and the tray show the next day with lessons, looked up one timetable request a day (holidays
// and weekends answer `[]`, docs/classcharts-api.md §5.7) for at most three weeks, and not again for an
// hour (six when none was found: the summer holiday wipes the timetable, same section).
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { Harness } from '../../support/app-harness';
import { startHarness, studentLogin } from '../../support/app-harness';
import { FakeClock } from '../../support/clock';

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

/** Signs the demo student in at `when` (London, with its offset) and waits for every refresh step. */
async function studentAt(when: string, remember = false): Promise<Harness> {
  const h = (harness = await startHarness({ clock: new FakeClock(when) }));
  await h.app.start();
  await h.app.whenIdle();
  expect(await h.app.handlers['auth:login'](studentLogin(remember))).toEqual({ ok: true });
  await h.app.whenIdle();
  return h;
}

/**
 * The dates of the timetable requests the fake saw from request `from` on, in order; `except` left out
 * (today's, which every refresh asks for: a jump of the clock fires the interval refresh too).
 */
function timetableDates(h: Harness, from = 0, except?: string): string[] {
  return h.fake.requests
    .slice(from)
    .filter((r) => r.path.startsWith('/apiv2student/timetable'))
    .map((r) => r.query.date ?? '')
    .filter((date) => date !== except);
}

describe('the next school day', () => {
  it('on a Friday after school is Monday, found by asking Saturday, Sunday and Monday once', async () => {
    const h = await studentAt('2026-06-19T16:30:00+01:00');
    const state = h.app.state();
    expect(state.nextSchoolDay?.day?.date).toBe('2026-06-22');
    expect(state.nextSchoolDay?.day?.lessons.length).toBeGreaterThan(3);
    expect(state.nextSchoolDay?.day?.lessons.every((l) => l.state === 'later')).toBe(true);
    expect(timetableDates(h, 0, '2026-06-19')).toEqual(['2026-06-20', '2026-06-21', '2026-06-22']);
    // The pupil's next lesson (the tray and the family line) is Monday's first.
    const first = state.nextSchoolDay!.day!.lessons.find((l) => !l.isBreak)!;
    expect(state.pupils[0]?.nextLesson).toEqual({
      subject: first.subject,
      room: first.room,
      start: first.start,
      date: '2026-06-22',
    });

    // A refresh within the hour asks for today only; an hour on, Monday is looked up again.
    const mark = h.fake.requests.length;
    h.clock.jump(20 * 60_000);
    await h.app.handlers['sync:refresh']();
    await h.app.whenIdle();
    expect(timetableDates(h, mark, '2026-06-19')).toEqual([]);
    h.clock.jump(45 * 60_000);
    await h.app.handlers['sync:refresh']();
    await h.app.whenIdle();
    expect(timetableDates(h, mark, '2026-06-19')).toEqual(['2026-06-20', '2026-06-21', '2026-06-22']);
  });

  it('on a school morning is tomorrow, while today still shows its own next lesson', async () => {
    const h = await studentAt('2026-06-16T10:15:00+01:00');
    const state = h.app.state();
    expect(state.nextSchoolDay?.day?.date).toBe('2026-06-17');
    expect(state.pupils[0]?.nextLesson?.date).toBe('2026-06-16');
    expect(state.pupils[0]?.currentLesson).not.toBeNull();
  });

  it('before the summer holiday finds none in three weeks, says how far it looked, and waits 6 h to look again', async () => {
    // Wednesday 22 July 2026: the fake's summer holiday runs 23 July to 1 September (holidays.ts).
    const h = await studentAt('2026-07-22T16:30:00+01:00');
    expect(h.app.state().nextSchoolDay).toEqual({ day: null, searchedTo: '2026-08-12' });
    expect(timetableDates(h, 0, '2026-07-22')).toHaveLength(21);
    expect(h.app.state().pupils[0]?.nextLesson).toBeNull();

    const mark = h.fake.requests.length;
    h.clock.jump(2 * 60 * 60_000);
    await h.app.handlers['sync:refresh']();
    await h.app.whenIdle();
    expect(timetableDates(h, mark, '2026-07-22'), 'two hours on: today only').toEqual([]);
    h.clock.jump(4 * 60 * 60_000);
    await h.app.handlers['sync:refresh']();
    await h.app.whenIdle();
    expect(timetableDates(h, mark, '2026-07-22'), 'six hours on: the three weeks again').toHaveLength(21);
  });

  it('is cached with the data, so a restart after school shows it before any request', async () => {
    const h = await studentAt('2026-06-19T16:30:00+01:00', true);
    const { store, vault } = h.ports;
    const fake = h.fake;
    onTestFinished(() => fake.close());
    await h.app.stop();
    // The service holds the sign-in at bay: what shows is the cache.
    fake.faults.inject({ path: '/student/login', kind: 'hang' });
    const mark = fake.requests.length;
    harness = await startHarness({ clock: h.clock, fake, store, vault });
    await harness.app.start();
    expect(harness.app.state().nextSchoolDay?.day?.date).toBe('2026-06-22');
    expect(timetableDates(harness, mark)).toEqual([]);
  });
});
