// `/timetable`'s `data` is occasionally an object keyed by date, `{"2026-11-04": [lesson, …]}`, instead of
// the list (issue 25 §3): skeffling/timetable-plus@1bfce46dc9 extension/common.js `lessonsOf` ("The lesson
// list in a /timetable response (an array, or occasionally keyed by date)") and C-HBZ/ClassCharts@0fa93fcaa2
// classcharts_sync.py `cc_get_timetable` (`raw if isinstance(raw, list) else [… for day in raw.values()]`)
// both read either. docs/classcharts-api.md §5.7, §7.18. The fake serves it with `timetableByDate`
// (`--timetable-by-date`); the client takes the lessons under the day it asked for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassChartsClient } from '../../../main/classcharts/client';
import { BadResponseError } from '../../../main/classcharts/errors';
import { type FakeClassCharts, startFakeClassCharts } from '../../../dev/fake-classcharts/index';
import { clientOn, jsonResponse } from './helpers';

/** A Wednesday in term; the fake's demo data is built around it. */
const TODAY = '2026-11-04';
/** Saturday: no lessons. */
const SATURDAY = '2026-11-07';

let listed: FakeClassCharts;
let keyed: FakeClassCharts;

beforeAll(async () => {
  [listed, keyed] = await Promise.all([
    startFakeClassCharts({ today: TODAY }),
    startFakeClassCharts({ today: TODAY, timetableByDate: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([listed.close(), keyed.close()]);
});

function client(fake: FakeClassCharts): ClassChartsClient {
  return clientOn(fake.url);
}

async function student(fake: FakeClassCharts): Promise<ClassChartsClient> {
  const c = client(fake);
  await c.login({ kind: 'student', ...fake.accounts.student });
  return c;
}

async function parent(fake: FakeClassCharts): Promise<ClassChartsClient> {
  const c = client(fake);
  const { email, password } = fake.accounts.parent;
  await c.login({ kind: 'parent', email, password });
  return c;
}

/**
 * Node's fetch to the listed fake, except that `/timetable` answers `{success: 1, data: data(day), meta: []}`
 * (day = the `date` asked for).
 */
function answering(data: (day: string) => unknown): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.pathname.includes('/timetable')) return fetch(input, init);
    return jsonResponse({ success: 1, data: data(url.searchParams.get('date') ?? TODAY), meta: [] });
  };
}

async function studentWith(fetcher: typeof fetch): Promise<ClassChartsClient> {
  const c = clientOn(listed.url, fetcher);
  await c.login({ kind: 'student', ...listed.accounts.student });
  return c;
}

describe('the fake with timetableByDate', () => {
  it('serves data keyed by the day asked for, an empty list under it on a day without lessons', async () => {
    const list = (await dataOf(listed, TODAY)) as unknown[];
    expect(list.length).toBeGreaterThan(0);
    expect(await dataOf(keyed, TODAY)).toEqual({ [TODAY]: list });
    expect(await dataOf(keyed, SATURDAY)).toEqual({ [SATURDAY]: [] });
  });
});

/** A fresh student token of `fake`, from its web-form login cookie. */
async function tokenOf(fake: FakeClassCharts): Promise<string> {
  const response = await fetch(`${fake.url}/student/login`, {
    method: 'POST',
    body: new URLSearchParams({ code: fake.accounts.student.code, dob: fake.accounts.student.dateOfBirth }),
    redirect: 'manual',
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('student_session_credentials='));
  const value = decodeURIComponent(cookie!.split(';')[0]!.split('=')[1]!);
  return (JSON.parse(value) as { session_id: string }).session_id;
}

describe('the client reads a timetable keyed by date', () => {
  it('gives the same lessons as the list, for a student and for a parent', async () => {
    const [fromList, fromKeyed] = await Promise.all([
      student(listed).then((c) => c.timetable(TODAY)),
      student(keyed).then((c) => c.timetable(TODAY)),
    ]);
    expect(fromList.length).toBeGreaterThan(0);
    expect(fromKeyed).toEqual(fromList);

    const pupilId = keyed.accounts.parent.pupilIds[1]!;
    const [parentList, parentKeyed] = await Promise.all([
      parent(listed).then((c) => c.timetable(TODAY, pupilId)),
      parent(keyed).then((c) => c.timetable(TODAY, pupilId)),
    ]);
    expect(parentList.length).toBeGreaterThan(0);
    expect(parentKeyed).toEqual(parentList);
  });

  it('gives [] on a day without lessons', async () => {
    expect(await (await student(keyed)).timetable(SATURDAY)).toEqual([]);
  });

  it('takes only the lessons under the day asked for; an object of other days only → []', async () => {
    const lessons = await (await student(listed)).timetable(TODAY);
    const rows = (await dataOf(listed, TODAY)) as unknown[];
    expect(rows.length).toBeGreaterThan(2);
    const c = await studentWith(
      answering((day) => ({ '2026-11-03': rows, [day]: rows.slice(0, 2), '2026-11-05': rows })),
    );
    expect(await c.timetable(TODAY)).toEqual(lessons.slice(0, 2));
    const others = await studentWith(answering(() => ({ '2026-11-03': rows, '2026-11-05': rows })));
    expect(await others.timetable(TODAY)).toEqual([]);
    const empty = await studentWith(answering(() => ({})));
    expect(await empty.timetable(TODAY)).toEqual([]);
  });

  it.each([
    ['a string', () => 'lessons'],
    ['a number', () => 3],
    ['a day holding something else than a list', (day: string) => ({ [day]: 'P1 Maths' })],
    ['a day holding a list of garbage', (day: string) => ({ [day]: [42] })],
    ['keys that are not dates', () => ({ monday: [] })],
  ])('refuses %s with a BadResponseError', async (_what, data) => {
    const c = await studentWith(answering(data));
    const failure = await c.timetable(TODAY).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(BadResponseError);
    expect((failure as BadResponseError).message).toContain('unexpected JSON shape');
  });
});

/** The raw `data` of the demo student's `/timetable?date=<date>` answer from `fake`. */
async function dataOf(fake: FakeClassCharts, date: string): Promise<unknown> {
  const answer = await fetch(`${fake.url}/apiv2student/timetable?date=${date}`, {
    headers: { Authorization: `Basic ${await tokenOf(fake)}` },
  }).then((r) => r.json() as Promise<{ data: unknown }>);
  return answer.data;
}
