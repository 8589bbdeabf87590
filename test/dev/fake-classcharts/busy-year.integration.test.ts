// The busy-year dataset (issue 30) the scale benchmark and `fake-server --busy-year N` serve.
import { describe, expect, it } from 'vitest';
import { busyYearDataset, busyYearPupils } from '../../../dev/fake-classcharts/busy-year';
import { parseCliOptions } from '../../../dev/fake-classcharts/cli-options';
import { startFakeClassCharts } from '../../../dev/fake-classcharts/index';
import { arr, call, loginParent, loginStudent, obj } from '../../../dev/fake-classcharts/test-client';
import type { FakeDataset } from '../../../dev/fake-classcharts/types';

describe('busy-year dataset', () => {
  it('at 10×: a parent of three, each with 500 homeworks, 2,000 points and 200 announcements of ~5 KB', () => {
    const data = busyYearDataset({ scale: 10, today: '2026-11-23' });
    expect(busyYearPupils(1)).toBe(1);
    expect(busyYearPupils(100)).toBe(6);
    expect(data.parents[0]!.pupilIds).toHaveLength(3);
    expect(data.pupils.map((p) => p.pupil.first_name)).toEqual(['Amelia', 'Oliver', 'Isla']);
    for (const pupil of data.pupils) {
      expect(pupil.homeworks).toHaveLength(500);
      expect(pupil.activity).toHaveLength(2_000);
      expect(pupil.announcements).toHaveLength(200);
      expect(new Set(pupil.homeworks.map((h) => h.id)).size).toBe(500);
      const body = pupil.announcements[0]!.description!;
      expect(body.length).toBeGreaterThan(4_500);
      expect(body.length).toBeLessThan(6_000);
      // Spread over the school year: from 1 September to three weeks after today.
      const due = pupil.homeworks.map((h) => h.due_date).sort();
      expect(due[0]! >= '2026-09-01').toBe(true);
      expect(due.at(-1)! > '2026-12-07').toBe(true);
    }
    const ids = data.pupils.flatMap((p) => p.announcements.map((a) => a.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the fake serves it: the parent lists every pupil, the student sees the first', async () => {
    const data = busyYearDataset({ scale: 10, today: '2026-11-23' });
    const fake = await startFakeClassCharts({ data, today: '2026-11-23' });
    try {
      const parent = await loginParent(fake);
      const pupils = arr(obj((await call(fake, '/apiv2parent/pupils', parent)).body).data);
      expect(pupils.map((p) => obj(p).id)).toEqual(data.parents[0]!.pupilIds);
      const student = await loginStudent(fake);
      const ping = await call(fake, '/apiv2student/ping', student, { method: 'POST' });
      expect(obj(obj(obj(ping.body).data).user).id).toBe(data.pupils[0]!.pupil.id);
    } finally {
      await fake.close();
    }
  });

  it('`fake-server --busy-year 10` serves it; a scale of 0, or with --data, is refused', () => {
    const options = parseCliOptions(['--busy-year', '10', '--today', '2026-11-23']);
    expect((options.data as FakeDataset).parents[0]!.pupilIds).toHaveLength(3);
    expect(() => parseCliOptions(['--busy-year', '0'])).toThrow('--busy-year needs a scale ≥ 1');
    expect(() => parseCliOptions(['--busy-year', '10', '--data', 'x.json'])).toThrow('and no --data');
  });
});
