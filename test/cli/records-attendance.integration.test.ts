// `cli records attendance` in-process against the fake server: the range asked for, each of a parent's
// children, the percentages only where the school shows them (as in the app), a readable table, and a
// pupil whose school hides attendance told so (exit 2) without asking the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordsJson } from '../../cli/records';
import { type FakeClassCharts, startFakeClassCharts } from '../../dev/fake-classcharts/index';
import { envFor, runInProcess } from './helpers';

const DAY = '2026-06-17'; // a Wednesday
const RANGE = ['--from', '2026-06-08', '--to', DAY];

let fake: FakeClassCharts;
beforeAll(async () => {
  fake = await startFakeClassCharts({ today: DAY });
});
afterAll(async () => {
  await fake.close();
});

async function attendance(env: Record<string, string>) {
  const run = await runInProcess(['records', 'attendance', '--json', ...RANGE], env);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const result = JSON.parse(run.stdout) as RecordsJson;
  if (result.kind !== 'attendance') throw new Error(result.kind);
  return result;
}

describe('records attendance', () => {
  it('the student: the range asked for, marks by day and session, the percentages', async () => {
    const result = await attendance(envFor(fake, 'student'));
    expect(result).toMatchObject({
      from: '2026-06-08',
      to: DAY,
      pupil: { id: fake.accounts.student.pupilId },
    });
    expect(fake.requests.at(-1)?.query).toMatchObject({ from: '2026-06-08', to: DAY });
    const friday = result.attendance.days.find((d) => d.date === '2026-06-12');
    expect(friday?.marks.map((m) => [m.session, m.status, m.code])).toEqual([
      ['AM', 'absent', 'N'],
      ['PM', 'absent', 'N'],
    ]);
    expect(result.attendance.percentage).toBe(86.7);
    expect(result.attendance.percentageSinceAugust).not.toBeNull();
  });

  it('each of a parent’s children; no percentage where the school hides it', async () => {
    const [, siblingId] = fake.accounts.parent.pupilIds as [number, number];
    const oliver = await attendance(envFor(fake, 'parent', { CLASSCHARTS_PUPIL: String(siblingId) }));
    expect(oliver.pupil.id).toBe(siblingId);
    expect(oliver.attendance.days.flatMap((d) => d.marks).filter((m) => m.status === 'late')).toHaveLength(1);
    expect(oliver.attendance).toMatchObject({ percentage: null, percentageSinceAugust: null });
  });

  it('a readable table: one column per session, minutes late, the percentage line', async () => {
    const run = await runInProcess(['records', 'attendance', ...RANGE], envFor(fake, 'student'));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}Date\s+AM\s+PM$/m);
    expect(run.stdout).toMatch(/^ {2}2026-06-16\s+late 8 min \(L\)\s+present \(\\\)$/m);
    expect(run.stdout).toMatch(/Attendance: [\d.]+% since August, 86\.7% in this range/);
  });

  it('a pupil whose school hides attendance: exit 2 with one line, and no attendance request', async () => {
    const data = fake.dataset.pupils.find((p) => p.pupil.id === fake.accounts.student.pupilId);
    if (!data) throw new Error('no demo pupil');
    data.pupil.display_attendance = false;
    try {
      const sent = fake.requests.length;
      const run = await runInProcess(['records', 'attendance'], envFor(fake, 'student'));
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`classcharts: ${data.pupil.name}'s school does not show attendance.\n`);
      expect(fake.requests.slice(sent).map((r) => r.path)).not.toContain('/apiv2student/attendance');
    } finally {
      data.pupil.display_attendance = true;
    }
  });
});
