// Attendance through createApp against the fake ClassCharts server: the pupil views say what each school
// shows (`display_attendance`, `display_attendance_percentage`, docs/classcharts-api.md §5.1), and
// `records:get` `attendance` reads the school year (from 1 September: More shows it and the last seven days),
// leaves the percentages out when the school hides them,
// and asks nothing of the service for a pupil whose school hides attendance.
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../../support/app-harness';
import { startHarness } from '../../support/app-harness';

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

/** A parent signed in (the demo parent: Amelia, whose school shows the percentage, and Oliver). */
async function signedInParent(hideOliversAttendance = false): Promise<Harness> {
  const h = (harness = await startHarness({ server: { sessionTtlSeconds: 3_600 } }));
  const oliver = h.fake.dataset.pupils.find((p) => p.pupil.first_name === 'Oliver');
  if (!oliver) throw new Error('no sibling in the demo data');
  if (hideOliversAttendance) oliver.pupil.display_attendance = false;
  await h.app.start();
  await h.app.whenIdle();
  expect(await h.app.handlers['auth:login']({ kind: 'demo', as: 'parent' })).toEqual({ ok: true });
  await h.app.whenIdle();
  return h;
}

describe('attendance', () => {
  it('each pupil view says whether attendance and its percentage are shown', async () => {
    const h = await signedInParent();
    expect(h.app.state().pupils.map((p) => [p.firstName, p.attendance])).toEqual([
      ['Amelia', { shown: true, percentage: true }],
      ['Oliver', { shown: true, percentage: false }],
    ]);
  });

  it('records:get reads the school year up to today, with the percentages only where shown', async () => {
    const h = await signedInParent();
    const [amelia, oliver] = h.app.state().pupils;
    const mine = await h.app.handlers['records:get']({ kind: 'attendance', pupilId: amelia!.id });
    const request = h.fake.requests.at(-1);
    expect(request?.path).toBe(`/apiv2parent/attendance/${amelia!.id}`);
    // The harness clock is Monday 15 June 2026, 07:30.
    expect(request?.query).toMatchObject({ from: '2025-09-01', to: '2026-06-15' });
    if (mine.kind !== 'attendance') throw new Error(`got ${mine.kind}`);
    expect(mine).toMatchObject({ from: '2025-09-01', to: '2026-06-15' });
    // The last seven days, Tuesday to Monday: five school days, the weekend has no marks.
    const lastWeek = (days: { date: string }[]) => days.filter((d) => d.date >= '2026-06-09');
    expect(lastWeek(mine.attendance.days).map((d) => d.date)).toEqual([
      '2026-06-09',
      '2026-06-10',
      '2026-06-11',
      '2026-06-12',
      '2026-06-15',
    ]);
    expect(mine.attendance.percentage).not.toBeNull();
    expect(mine.attendance.percentageSinceAugust).not.toBeNull();
    const his = await h.app.handlers['records:get']({ kind: 'attendance', pupilId: oliver!.id });
    if (his.kind !== 'attendance') throw new Error(`got ${his.kind}`);
    expect(lastWeek(his.attendance.days)).toHaveLength(5);
    expect(his.attendance).toMatchObject({ percentage: null, percentageSinceAugust: null });
    // Asked again within two minutes: the kept answer, no request.
    const sent = h.fake.requests.length;
    await h.app.handlers['records:get']({ kind: 'attendance', pupilId: oliver!.id });
    expect(h.fake.requests.length).toBe(sent);
  });

  it('a pupil whose school hides attendance: not shown, and records:get says so without asking', async () => {
    const h = await signedInParent(true);
    const oliver = h.app.state().pupils[1]!;
    expect(oliver.attendance).toEqual({ shown: false, percentage: false });
    const sent = h.fake.requests.length;
    await expect(h.app.handlers['records:get']({ kind: 'attendance', pupilId: oliver.id })).rejects.toThrow(
      "Oliver's school does not show attendance here.",
    );
    expect(h.fake.requests.length).toBe(sent);
  });
});
