// The rota week (issue 28 §1): where a school's period names carry the week (docs/classcharts-api.md §5.7,
// common/rota.ts), the day's heading says "Week A" or "Week 2". The fake serves each shape the real service
// was seen to send (its `periodNames` option: `ATue:1` from NikDeKur/ClassCharts-Extension@827270c's real
// export, `2Tue:P1` from the project's fixtures, `W02:D01:01` from skeffling/timetable-plus@bb0bc0b).
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeServerOptions } from '../../../dev/fake-classcharts/index';
import type { Harness } from '../../support/app-harness';
import { startHarness, studentLogin } from '../../support/app-harness';
import { FakeClock } from '../../support/clock';

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

/** Signs the demo student (a two-week timetable, week 1 this week) in on Monday 15 June 2026 at 08:00. */
async function signedIn(server: FakeServerOptions = {}): Promise<Harness> {
  const h = (harness = await startHarness({ clock: new FakeClock('2026-06-15T08:00:00+01:00'), server }));
  await h.app.start();
  expect(await h.app.handlers['auth:login'](studentLogin())).toEqual({ ok: true });
  await h.app.whenIdle();
  return h;
}

describe('the rota week', () => {
  it('a Week A/Week B school: today says Week A, next week Week B', async () => {
    const h = await signedIn({ periodNames: 'letter' });
    expect(h.app.state().today?.lessons.some((l) => /^A(Mon):\d+$/.test(l.periodName))).toBe(true);
    expect(h.app.state().today?.rotaWeek).toBe('Week A');
    expect((await h.app.handlers['day:get']({ date: '2026-06-22' })).rotaWeek).toBe('Week B');
    expect((await h.app.handlers['day:get']({ date: '2026-06-29' })).rotaWeek).toBe('Week A');
  });

  it('a numbered rota: "Week 1" once week 2 has been seen, and remembered', async () => {
    const h = await signedIn();
    // Today and the next school day are both in week 1: nothing says yet that there is a second week.
    expect(h.app.state().today?.rotaWeek).toBeNull();
    expect((await h.app.handlers['day:get']({ date: '2026-06-22' })).rotaWeek).toBe('Week 2');
    await h.app.whenIdle();
    expect(h.app.state().today?.rotaWeek).toBe('Week 1');
    expect((await h.app.handlers['day:get']({ date: '2026-06-16' })).rotaWeek).toBe('Week 1');
  });

  it('a school with numbered weeks, days and periods (W02:D01:01)', async () => {
    const h = await signedIn({ periodNames: 'padded' });
    const next = await h.app.handlers['day:get']({ date: '2026-06-23' });
    expect(next.lessons.find((l) => !l.isBreak)?.periodName).toMatch(/^W02:D02:\d{2}$/);
    expect(next.rotaWeek).toBe('Week 2');
  });
});
