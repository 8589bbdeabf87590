// More's behaviour chart and attendance year through createApp against the fake ClassCharts server (issue 28
// §3): `records:get` behaviour asks for 24 weeks from a Monday and keeps the last twelve school weeks (weeks
// with a counted register mark, so half terms and the Easter holidays drop out), reading the register once;
// `records:get` attendance then reuses that register (from 1 September) with no request of its own, even when
// both are asked at the same instant; a school
// that shows no attendance is asked nothing for it, and gets calendar weeks.
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordsResult } from '../../../common/contract';
import type { Harness } from '../../support/app-harness';
import { startHarness } from '../../support/app-harness';

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

/** The demo student signed in (Amelia); `hideAttendance` first turns her school's attendance off. */
async function signedInStudent(hideAttendance = false): Promise<Harness> {
  const h = (harness = await startHarness({ server: { sessionTtlSeconds: 3_600 } }));
  if (hideAttendance) for (const p of h.fake.dataset.pupils) p.pupil.display_attendance = false;
  await h.app.start();
  await h.app.whenIdle();
  expect(await h.app.handlers['auth:login']({ kind: 'demo', as: 'student' })).toEqual({ ok: true });
  await h.app.whenIdle();
  return h;
}

/** The requests to `name` (`behaviour`, `attendance`) since `index` in the fake's log. */
function requestsTo(h: Harness, name: string, index = 0) {
  return h.fake.requests.slice(index).filter((r) => r.path.split('/')[2] === name);
}

function behaviourOf(result: RecordsResult) {
  if (result.kind !== 'behaviour') throw new Error(`got ${result.kind}`);
  return result.summary;
}

describe('the behaviour chart and the attendance year', () => {
  // The harness clock is Monday 15 June 2026: the fake's holidays of 2026 include the Easter holidays
  // (30 March – 10 April) and the May half term (25–29 May).
  it('behaviour: twelve school weeks, holidays left out, one register request shared with attendance', async () => {
    const h = await signedInStudent();
    const before = h.fake.requests.length;
    const summary = behaviourOf(await h.app.handlers['records:get']({ kind: 'behaviour' }));
    const [asked] = requestsTo(h, 'behaviour', before);
    expect(asked?.query).toMatchObject({ from: '2026-01-05', to: '2026-06-15' });
    const registers = requestsTo(h, 'attendance', before);
    expect(registers.map((r) => r.query)).toEqual([
      expect.objectContaining({ from: '2025-09-01', to: '2026-06-15' }),
    ]);
    expect(summary.weeks.map((w) => w.start)).toEqual([
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-04-13',
      '2026-04-20',
      '2026-04-27',
      '2026-05-04', // the early May bank holiday: four school days still
      '2026-05-11',
      '2026-05-18',
      '2026-06-01',
      '2026-06-08',
      '2026-06-15',
    ]);
    expect(summary.totalPositive).toBe(summary.weeks.reduce((sum, w) => sum + w.positive, 0));
    expect(summary.weeks.slice(0, -1).some((w) => w.positive > 0)).toBe(true);

    // Attendance now: the same register, no request; the school year from 1 September in it.
    const sent = h.fake.requests.length;
    const attendance = await h.app.handlers['records:get']({ kind: 'attendance' });
    expect(h.fake.requests.length).toBe(sent);
    if (attendance.kind !== 'attendance') throw new Error(`got ${attendance.kind}`);
    expect(attendance).toMatchObject({ from: '2025-09-01', to: '2026-06-15' });
    expect(attendance.attendance.days[0]?.date).toBe('2025-09-01');
    expect(attendance.attendance.days.at(-1)?.date).toBe('2026-06-15');
  });

  it('attendance first: one request from 1 September, and behaviour after it asks for none', async () => {
    const h = await signedInStudent();
    const before = h.fake.requests.length;
    await h.app.handlers['records:get']({ kind: 'attendance' });
    expect(requestsTo(h, 'attendance', before)).toHaveLength(1);
    await h.app.handlers['records:get']({ kind: 'behaviour' });
    expect(requestsTo(h, 'attendance', before)).toHaveLength(1);
  });

  it('behaviour and attendance opened at the same instant: one register request between them', async () => {
    const h = await signedInStudent();
    const before = h.fake.requests.length;
    const [behaviour, attendance] = await Promise.all([
      h.app.handlers['records:get']({ kind: 'behaviour' }),
      h.app.handlers['records:get']({ kind: 'attendance' }),
    ]);
    expect(requestsTo(h, 'attendance', before)).toHaveLength(1);
    expect(behaviourOf(behaviour).weeks).toHaveLength(12);
    expect(attendance).toMatchObject({ kind: 'attendance', from: '2025-09-01', to: '2026-06-15' });
  });

  it('a school that shows no attendance: no register request, the last twelve calendar weeks', async () => {
    const h = await signedInStudent(true);
    const before = h.fake.requests.length;
    const summary = behaviourOf(await h.app.handlers['records:get']({ kind: 'behaviour' }));
    expect(requestsTo(h, 'attendance', before)).toEqual([]);
    expect(summary.weeks).toHaveLength(12);
    expect(summary.weeks[0]?.start).toBe('2026-03-30');
    expect(summary.weeks.map((w) => w.start)).toContain('2026-05-25');
  });

  it('a register that cannot be read: the chart counts calendar weeks rather than fail', async () => {
    const h = await signedInStudent();
    h.fake.faults.inject({ path: /\/attendance\//, kind: 'http-500', count: 5 });
    const summary = behaviourOf(await h.app.handlers['records:get']({ kind: 'behaviour' }));
    expect(summary.weeks.map((w) => w.start)).toContain('2026-05-25');
    expect(summary.weeks.at(-1)?.start).toBe('2026-06-15');
  });
});
