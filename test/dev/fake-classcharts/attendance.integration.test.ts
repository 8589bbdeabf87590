// `/attendance/<id>?from&to` on the fake (docs/classcharts-api.md §5.11): the shape of the recorded
// fixture (test/support/fixtures/classcharts/attendance.json, veloii/classcharts-rs@a2262b7429), served on
// both bases, per pupil: AM and PM marks with late marks and absences, `#` on holidays, today's PM not yet
// taken, the percentages as strings, and the school's display flags honoured.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_HIDDEN, INVALID_DATE, INVALID_RANGE } from '../../../dev/fake-classcharts/api';
import { startFakeClassCharts, type FakeClassCharts } from '../../../dev/fake-classcharts/index';
import type { Json } from '../../../dev/fake-classcharts/shape';
import {
  call,
  loginParent,
  loginStudent,
  obj,
  type TestSession,
} from '../../../dev/fake-classcharts/test-client';

const TODAY = '2026-06-17'; // a Wednesday in BST
let fake: FakeClassCharts;
let student: TestSession;
let parent: TestSession;
let ameliaId: number;
let oliverId: number;

beforeAll(async () => {
  fake = await startFakeClassCharts({ today: TODAY });
  student = await loginStudent(fake);
  parent = await loginParent(fake);
  [ameliaId, oliverId] = fake.accounts.parent.pupilIds as [number, number];
});
afterAll(() => fake.close());

const fixture = JSON.parse(
  readFileSync(new URL('../../support/fixtures/classcharts/attendance.json', import.meta.url), 'utf8'),
) as { data: Record<string, Record<string, Record<string, Json>>>; meta: Record<string, Json> };

/** The success body of an attendance call (fails the test on an error body). */
async function attendance(
  path: string,
  session: TestSession,
): Promise<{ data: Record<string, Record<string, Record<string, Json>>>; meta: Record<string, Json> }> {
  const { status, body } = await call(fake, path, session);
  expect(status).toBe(200);
  expect(obj(body)['success']).toBe(1);
  return body as never;
}

/** `session code/status/minutes` per date, for readable expectations. */
function marks(data: Record<string, Record<string, Record<string, Json>>>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(data).map(([date, sessions]) => [
      date,
      Object.entries(sessions).map(
        ([name, m]) => `${name} ${String(m['code'])}/${String(m['status'])}/${String(m['late_minutes'])}`,
      ),
    ]),
  );
}

describe('attendance', () => {
  it('a student gets this week to today by default: AM and PM, a late mark, PM today not yet taken', async () => {
    const body = await attendance('/apiv2student/attendance', student);
    expect(marks(body.data)).toEqual({
      '2026-06-15': ['AM //present/0', 'PM \\/present/0'],
      '2026-06-16': ['AM L/late/8', 'PM \\/present/0'],
      '2026-06-17': ['AM //present/0', 'PM /ignore/'],
    });
    expect(body.meta).toEqual({
      dates: ['2026-06-15', '2026-06-16', '2026-06-17'],
      sessions: ['AM', 'PM'],
      start_date: '2026-06-15T00:00:00+00:00',
      end_date: '2026-06-17T16:00:00+00:00',
      percentage: '100',
      percentage_singe_august: expect.stringMatching(/^\d+(\.\d)?$/) as unknown as string,
    });
  });

  it('has the keys and value types of the recorded fixture', async () => {
    const body = await attendance(`/apiv2student/attendance?from=2026-06-15&to=2026-06-16`, student);
    expect(Object.keys(body.meta).sort()).toEqual(Object.keys(fixture.meta).sort());
    const recorded = fixture.data['2023-08-25']?.['AM'] ?? {};
    for (const sessions of Object.values(body.data))
      for (const mark of Object.values(sessions)) {
        expect(Object.keys(mark).sort()).toEqual(Object.keys(recorded).sort());
        expect(typeof mark['code']).toBe('string');
        expect(typeof mark['status']).toBe('string');
      }
    expect(typeof body.meta['percentage']).toBe('string');
  });

  it('a parent reads each child: Amelia was absent on Friday, Oliver late on Monday', async () => {
    const range = 'from=2026-06-08&to=2026-06-17';
    const amelia = await attendance(`/apiv2parent/attendance/${ameliaId}?${range}`, parent);
    expect(marks(amelia.data)['2026-06-12']).toEqual(['AM N/absent/0', 'PM N/absent/0']);
    expect(marks(amelia.data)['2026-06-09']).toEqual(['AM L/late/12', 'PM \\/present/0']);
    // 13 of 15 counted sessions attended (late counts as attended; today's PM does not count).
    expect(amelia.meta['percentage']).toBe('86.7');
    const oliver = await attendance(`/apiv2parent/attendance/${oliverId}?${range}`, parent);
    expect(marks(oliver.data)['2026-06-15']).toEqual(['AM L/late/5', 'PM \\/present/0']);
    expect(
      Object.values(marks(oliver.data))
        .flat()
        .filter((m) => /absent|excused/.test(m)),
    ).toEqual([]);
    expect(oliver.meta['percentage']).toBe('100');
    // Since August counts the older absences too: illness (authorised) and a medical appointment.
    expect(Number(amelia.meta['percentage_singe_august'])).toBeLessThan(100);
    expect(Number(oliver.meta['percentage_singe_august'])).toBeLessThan(100);
  });

  it('a holiday week is marked # (school closed), which does not count against the percentage', async () => {
    const body = await attendance('/apiv2student/attendance?from=2026-05-25&to=2026-05-29', student);
    expect(Object.keys(body.data)).toHaveLength(5);
    expect(new Set(Object.values(marks(body.data)).flat())).toEqual(
      new Set(['AM #/ignore/0', 'PM #/ignore/0']),
    );
    expect(body.meta['percentage']).toBe('100');
  });

  it('a weekend has no dates: data is PHP’s empty array', async () => {
    const { body } = await call(fake, '/apiv2student/attendance?from=2026-06-13&to=2026-06-14', student);
    expect(obj(body)['data']).toEqual([]);
    expect(obj(obj(body)['meta'])['dates']).toEqual([]);
  });

  it('the pupil’s display flags: no attendance → an error body; no percentage → still sent', async () => {
    const oliver = fake.dataset.pupils.find((p) => p.pupil.id === oliverId);
    if (!oliver) throw new Error('no sibling');
    expect(oliver.pupil.display_attendance_percentage).toBe(false);
    expect(obj(await attendance(`/apiv2parent/attendance/${oliverId}`, parent))).toHaveProperty(
      'meta.percentage',
    );
    oliver.pupil.display_attendance = false;
    try {
      expect(await call(fake, `/apiv2parent/attendance/${oliverId}`, parent)).toEqual({
        status: 200,
        body: { success: 0, expired: 0, error: ATTENDANCE_HIDDEN, meta: [] },
      });
    } finally {
      oliver.pupil.display_attendance = true;
    }
  });

  it('bad dates and a backwards range get the error envelope', async () => {
    expect(obj((await call(fake, '/apiv2student/attendance?from=2026-13-01', student)).body)['error']).toBe(
      INVALID_DATE,
    );
    expect(
      obj((await call(fake, '/apiv2student/attendance?from=2026-06-17&to=2026-06-01', student)).body)[
        'error'
      ],
    ).toBe(INVALID_RANGE);
  });
});
