// Attendance (docs/classcharts-api.md §5.11): the schema and mapping on the recorded shape — the fixture
// test/support/fixtures/classcharts/attendance.json, from veloii/classcharts-rs@a2262b7429
// src/api/attendance.rs — and on the odd shapes the real service's PHP and the published clients show: `[]`
// for an empty map, `late_minutes` as a number or `""`, the percentage as a string (classcharts-api-js 2.12.3
// src/types.ts `AttendancePeriod`, `AttendanceMeta`; kgstorm/classcharts-api-python@5fb41cd8cb models.py),
// and every status those types list (`yes`, `present`, `ignore`, `no`, `absent`, `excused`, `late`).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClassChartsClient } from '../../../main/classcharts/client';
import { InvalidInputError } from '../../../main/classcharts/errors';
import { attendanceStatus, mapAttendance, mapPupil } from '../../../main/classcharts/map';
import { attendanceSchema, pupilSchema } from '../../../main/classcharts/schemas';
import { silentLogger, systemClock } from '../../../main/ports';
import { type FakeClassCharts, startFakeClassCharts } from '../../../dev/fake-classcharts/index';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name: string): unknown =>
  JSON.parse(
    readFileSync(join(here, '../../support/fixtures/classcharts', `${name}.json`), 'utf8'),
  ) as unknown;

const parse = (body: unknown) => mapAttendance(attendanceSchema.parse(body));

describe('attendance: the recorded shape', () => {
  it('reads the fixture: one day, the sessions in the school order, "#" and empty codes as no mark', () => {
    const attendance = parse(fixture('attendance'));
    expect(attendance.percentage).toBe(100);
    // `percentage_singe_august` (sic) is the real key.
    expect(attendance.percentageSinceAugust).toBe(100);
    expect(attendance.sessions).toEqual([
      'AM',
      'PM',
      'Period 1',
      'Period 2',
      'Period Tut',
      'Period 3',
      'Period 4',
      'Period 5',
      'Period 6',
    ]);
    expect(attendance.days.map((d) => d.date)).toEqual(['2023-08-25']);
    const [day] = attendance.days;
    // Period 6 is in meta.sessions but not in the day: no mark is made up for it.
    expect(day?.marks.map((m) => m.session)).toEqual(attendance.sessions.slice(0, 8));
    expect(day?.marks[0]).toEqual({
      session: 'AM',
      code: '#',
      status: 'unknown',
      lateMinutes: null,
      lesson: null,
      room: null,
    });
    // late_minutes "" (a string) reads as no minutes.
    expect(day?.marks[2]).toMatchObject({ session: 'Period 1', code: '', lateMinutes: null });
  });

  it('maps every status the published clients list, and unknown ones to unknown', () => {
    expect(
      ['yes', 'present', 'late', 'no', 'absent', 'excused', 'ignore', 'PRESENT ', '', 'holiday'].map(
        attendanceStatus,
      ),
    ).toEqual([
      'present',
      'present',
      'late',
      'absent',
      'absent',
      'excused',
      'unknown',
      'present',
      'unknown',
      'unknown',
    ]);
    expect(attendanceStatus(null)).toBe('unknown');
  });
});

describe('attendance: odd shapes', () => {
  it('data [] and meta [] (PHP empty arrays) are an empty attendance, not an error', () => {
    expect(parse({ success: 1, data: [], meta: [] })).toEqual({
      days: [],
      sessions: [],
      percentage: null,
      percentageSinceAugust: null,
    });
  });

  it('a day sent as [] keeps its date with no marks', () => {
    const attendance = parse({ success: 1, data: { '2026-06-15': [] }, meta: { sessions: ['AM', 'PM'] } });
    expect(attendance.days).toEqual([{ date: '2026-06-15', marks: [] }]);
  });

  it('late minutes as a number or a numeric string; 0 and "" are none', () => {
    const attendance = parse({
      success: 1,
      data: {
        '2026-06-16': {
          AM: { code: 'L', status: 'late', late_minutes: '12' },
          PM: { code: '\\', status: 'present', late_minutes: 0 },
        },
        '2026-06-15': { AM: { code: 'L', status: 'late', late_minutes: 8 } },
      },
      meta: { percentage: '93.5', percentage_singe_august: 96 },
    });
    // Days come in date order whatever order the object had.
    expect(attendance.days.map((d) => d.date)).toEqual(['2026-06-15', '2026-06-16']);
    expect(attendance.days[1]?.marks.map((m) => [m.session, m.status, m.lateMinutes])).toEqual([
      ['AM', 'late', 12],
      ['PM', 'present', null],
    ]);
    expect(attendance.percentage).toBe(93.5);
    expect(attendance.percentageSinceAugust).toBe(96);
  });

  it('percentages: "95%" reads, the corrected spelling reads, garbage and out-of-range are null', () => {
    const meta = (m: Record<string, unknown>) => parse({ success: 1, data: [], meta: m });
    expect(meta({ percentage: '95%', percentage_since_august: '90.25' })).toMatchObject({
      percentage: 95,
      percentageSinceAugust: 90.25,
    });
    expect(meta({ percentage: 'n/a', percentage_singe_august: '' })).toMatchObject({
      percentage: null,
      percentageSinceAugust: null,
    });
    expect(meta({ percentage: '120', percentage_singe_august: -3 })).toMatchObject({
      percentage: null,
      percentageSinceAugust: null,
    });
  });

  it('a day key that is not a date, or a mark that is not an object, is left out; the rest stays', () => {
    const attendance = parse({
      success: 1,
      data: {
        'not a date': { AM: { code: '/', status: 'present', late_minutes: 0 } },
        '2026-02-30': { AM: { code: '/', status: 'present', late_minutes: 0 } },
        '2026-06-15': { AM: null, PM: 'present', 'Period 1': { code: '/', status: 'present' } },
      },
      meta: { sessions: ['AM', 'PM'] },
    });
    expect(attendance.days).toHaveLength(1);
    expect(attendance.days[0]?.marks.map((m) => m.session)).toEqual(['Period 1']);
    // Sessions a day names beyond meta.sessions follow them.
    expect(attendance.sessions).toEqual(['AM', 'PM', 'Period 1']);
  });

  it('lesson sessions keep their lesson and room', () => {
    const attendance = parse({
      success: 1,
      data: {
        '2026-06-15': {
          'Period 1': {
            code: '/',
            status: 'present',
            late_minutes: '',
            lesson_name: '9X/Ma1',
            room_name: 'M4',
          },
        },
      },
      meta: [],
    });
    expect(attendance.days[0]?.marks[0]).toMatchObject({ lesson: '9X/Ma1', room: 'M4' });
  });

  it('data of the wrong shape (a list of marks) is off-schema, not half read', () => {
    expect(attendanceSchema.safeParse({ success: 1, data: [{ code: '/' }], meta: [] }).success).toBe(false);
  });
});

describe('attendance: the school decides', () => {
  it('display_attendance and display_attendance_percentage become features; absent flags hide it', () => {
    const [jane, tom] = (fixture('pupils') as { data: unknown[] }).data.map((p) =>
      mapPupil(pupilSchema.parse(p)),
    );
    // pupils.json: attendance shown, the percentage not.
    expect(jane?.features).toMatchObject({ attendance: true, attendancePercentage: false });
    expect(tom?.features).toMatchObject({ attendance: true, attendancePercentage: false });
    const bare = mapPupil(pupilSchema.parse({ id: 1, name: 'A B' }));
    expect(bare.features).toMatchObject({ attendance: false, attendancePercentage: false, homework: true });
    const yes = mapPupil(
      pupilSchema.parse({ id: 1, display_attendance: 'yes', display_attendance_percentage: 1 }),
    );
    expect(yes.features).toMatchObject({ attendance: true, attendancePercentage: true });
  });
});

describe('attendance: the client against the fake', () => {
  const TODAY = '2026-06-17'; // a Wednesday
  let fake: FakeClassCharts;
  beforeAll(async () => {
    fake = await startFakeClassCharts({ today: TODAY });
  });
  afterAll(() => fake.close());
  const client = () =>
    new ClassChartsClient({ fetch, baseUrl: fake.url, clock: systemClock, logger: silentLogger });

  it('a student reads this week: marks in words, minutes late, today’s PM not yet marked', async () => {
    const c = client();
    await c.login({ kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012' });
    const account = await c.account();
    expect(account.pupils[0]?.features).toMatchObject({ attendance: true, attendancePercentage: true });
    const attendance = await c.attendance({ from: '2026-06-15', to: TODAY });
    expect(attendance.sessions).toEqual(['AM', 'PM']);
    expect(attendance.days.map((d) => [d.date, ...d.marks.map((m) => `${m.session} ${m.status}`)])).toEqual([
      ['2026-06-15', 'AM present', 'PM present'],
      ['2026-06-16', 'AM late', 'PM present'],
      ['2026-06-17', 'AM present', 'PM unknown'],
    ]);
    expect(attendance.days[1]?.marks[0]?.lateMinutes).toBe(8);
    expect(attendance.percentage).toBe(100);
    expect(attendance.percentageSinceAugust).toBeGreaterThan(90);
    expect(attendance.percentageSinceAugust).toBeLessThan(100);
  });

  it('a parent reads each child by id, with the flags each school set', async () => {
    const c = client();
    await c.login({ kind: 'parent', email: 'parent@example.com', password: 'demo-parent' });
    const [amelia, oliver] = (await c.account()).pupils;
    if (!amelia || !oliver) throw new Error('two pupils expected');
    expect(oliver.features).toMatchObject({ attendance: true, attendancePercentage: false });
    const range = { from: '2026-06-08', to: TODAY };
    const ameliaWeek = await c.attendance(range, amelia.id);
    expect(ameliaWeek.days.find((d) => d.date === '2026-06-12')?.marks.map((m) => m.status)).toEqual([
      'absent',
      'absent',
    ]);
    expect(ameliaWeek.percentage).toBe(86.7);
    const oliverWeek = await c.attendance(range, oliver.id);
    expect(oliverWeek.days.flatMap((d) => d.marks).filter((m) => m.status === 'late')).toHaveLength(1);
    expect(oliverWeek.percentage).toBe(100);
  });

  it('a parent read without a pupil id, or a backwards range, is refused before any request', async () => {
    const c = client();
    await c.login({ kind: 'parent', email: 'parent@example.com', password: 'demo-parent' });
    const before = fake.requests.length;
    await expect(c.attendance({})).rejects.toBeInstanceOf(InvalidInputError);
    await expect(c.attendance({ from: TODAY, to: '2026-06-01' }, 4102571)).rejects.toBeInstanceOf(
      InvalidInputError,
    );
    expect(fake.requests.length).toBe(before);
  });
});
