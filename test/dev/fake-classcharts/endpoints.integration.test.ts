// Behaviour of the data endpoints (docs/classcharts-api.md §1.1, §5): parent scoping, optional student path
// id, activity paging to its empty end, lesson times with the UK offset of their date, timetable days
// (weekend, INSET day, split period, alternative lesson, breaks), homework filters and order, behaviour
// buckets, PHP habits, and the error envelope for bad parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../common/dates';
import {
  ACTIVITY_PAGE_SIZE,
  BEHAVIOUR_MAX_DAYS,
  INVALID_DATE,
  INVALID_RANGE,
  RANGE_TOO_LONG,
} from '../../../dev/fake-classcharts/api';
import { startFakeClassCharts, type FakeClassCharts } from '../../../dev/fake-classcharts/index';
import { PUPIL_FORBIDDEN, PUPIL_REQUIRED } from '../../../dev/fake-classcharts/routes';
import type { Json } from '../../../dev/fake-classcharts/shape';
import {
  arr,
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

const data = async (path: string, session: TestSession = student): Promise<Json[]> =>
  arr(obj((await call(fake, path, session)).body).data);
const rows = async (path: string, session: TestSession = student) => (await data(path, session)).map(obj);

describe('pupil scoping', () => {
  it('a parent reads each of their pupils, and the sibling has a different timetable', async () => {
    const day = '2026-06-16';
    const mine = await rows(`/apiv2parent/timetable/${ameliaId}?date=${day}`, parent);
    const sibling = await rows(`/apiv2parent/timetable/${oliverId}?date=${day}`, parent);
    expect(mine.length).toBeGreaterThan(0);
    expect(sibling.length).toBeGreaterThan(0);
    expect(sibling.map((l) => l['lesson_name'])).not.toEqual(mine.map((l) => l['lesson_name']));
  });

  it('a parent call without a pupil id, or with one not theirs, gets an error body', async () => {
    const missing = await call(fake, '/apiv2parent/homeworks', parent);
    expect(missing).toEqual({
      status: 200,
      body: { success: 0, expired: 0, error: PUPIL_REQUIRED, meta: [] },
    });
    const stranger = await call(fake, '/apiv2parent/homeworks/1234567', parent);
    expect(obj(stranger.body)['error']).toBe(PUPIL_FORBIDDEN);
    const account = fake.dataset.parents[0];
    if (!account) throw new Error('no parent');
    const before = account.pupilIds;
    account.pupilIds = [ameliaId];
    try {
      expect(obj((await call(fake, `/apiv2parent/homeworks/${oliverId}`, parent)).body)['error']).toBe(
        PUPIL_FORBIDDEN,
      );
    } finally {
      account.pupilIds = before;
    }
  });

  it('a student may leave the id out or give their own, but not a sibling’s', async () => {
    const without = await data('/apiv2student/detentions');
    const own = await data(`/apiv2student/detentions/${ameliaId}`);
    expect(own).toEqual(without);
    expect(without.length).toBeGreaterThan(0);
    expect(obj((await call(fake, `/apiv2student/detentions/${oliverId}`, student)).body)['error']).toBe(
      PUPIL_FORBIDDEN,
    );
  });
});

describe('activity paging', () => {
  it('pages of at most 50, newest first, end with an empty page whose last_id is false', async () => {
    const seen: Record<string, Json>[] = [];
    let lastId: Json = null;
    let pages = 0;
    for (;;) {
      const query: string = lastId === null ? '' : `?last_id=${String(lastId)}`;
      const body = obj((await call(fake, `/apiv2student/activity${query}`, student)).body);
      const page = arr(body['data']).map(obj);
      lastId = obj(body['meta'])['last_id'] ?? null;
      pages += 1;
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(50);
      expect(lastId).toBe(page.at(-1)?.['id']);
      seen.push(...page);
      expect(pages).toBeLessThan(20);
    }
    expect(lastId).toBe(false);
    expect(seen.length).toBeGreaterThan(100); // the demo pupil has more than two pages
    expect(new Set(seen.map((p) => p['id'])).size).toBe(seen.length);
    const stamps = seen.map((p) => String(p['timestamp']));
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect(stamps.every((t) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(t))).toBe(true);
    expect(new Set(seen.map((p) => p['polarity']))).toEqual(new Set(['positive', 'negative', 'blank']));
  });

  // The legacy docs: "The `from` field does not work as you would expect … Classcharts only returns 50 points
  // from the `to` field" (classchartsapi/api-docs-legacy@eda371fba5 source/index.html.md).
  it('to ends the points but from does not start them; meta bounds are the UK midnights in UTC', async () => {
    const from = addDays(TODAY, -14);
    const to = addDays(TODAY, -7);
    const body = obj((await call(fake, `/apiv2student/activity?from=${from}&to=${to}`, student)).body);
    const days = arr(body['data']).map((p) => String(obj(p)['timestamp']).slice(0, 10));
    expect(days.length).toBe(ACTIVITY_PAGE_SIZE);
    expect(days.every((day) => day <= to)).toBe(true);
    expect(days.some((day) => day < from)).toBe(true);
    expect(obj(body['meta'])).toMatchObject({
      start_date: `${addDays(from, -1)}T23:00:00+00:00`,
      end_date: `${to}T22:59:59+00:00`,
      step_size: 'week',
    });
  });
});

describe('timetable', () => {
  it('lesson times carry +01:00 on a June date and +00:00 on a December date', async () => {
    for (const [date, offset] of [
      ['2026-06-16', '+01:00'],
      ['2026-12-15', '+00:00'],
    ] as const) {
      const lessons = await rows(`/apiv2student/timetable?date=${date}`);
      expect(lessons.length).toBeGreaterThan(0);
      for (const l of lessons) {
        expect(l['start_time']).toMatch(new RegExp(`^${date}T\\d{2}:\\d{2}:00\\${offset}$`));
        expect(l['end_time']).toMatch(new RegExp(`\\${offset}$`));
      }
      const p1 = lessons.find((l) => l['period_number'] === 'P1');
      expect(p1?.['start_time']).toBe(`${date}T08:45:00${offset}`);
    }
  });

  it('has no lessons in the school holidays: the same empty day as a weekend', async () => {
    const saturday = obj((await call(fake, '/apiv2student/timetable?date=2026-06-20', student)).body);
    for (const [date, holiday] of [
      ['2026-12-25', 'Christmas Day'],
      ['2026-12-22', 'Christmas holidays'],
      ['2027-01-01', "New Year's Day"],
      ['2026-08-12', 'summer holidays'],
      ['2026-07-23', 'first day of the summer holidays'],
      ['2026-09-01', 'last day of the summer holidays'],
      ['2026-10-14', 'October half term'],
      ['2027-02-16', 'February half term'],
      ['2027-03-26', 'Easter holidays (Good Friday)'],
      ['2026-05-04', 'early May bank holiday'],
      ['2026-05-26', 'May half term'],
    ]) {
      const body = obj((await call(fake, `/apiv2student/timetable?date=${date}`, student)).body);
      expect(body, holiday).toEqual({
        success: 1,
        data: [],
        meta: {
          ...obj(saturday['meta']),
          dates: [date],
          start_time: `${date}T00:00:00+00:00`,
          end_time: `${date}T23:59:59+00:00`,
        },
      });
    }
  });

  it('has lessons on the school days around the holidays, both sides of the autumn clock change included', async () => {
    for (const date of [
      '2026-07-22',
      '2026-09-02',
      '2026-12-18',
      '2027-01-04',
      '2026-10-23',
      '2026-10-26',
      '2026-11-04',
    ]) {
      expect((await data(`/apiv2student/timetable?date=${date}`)).length, date).toBeGreaterThan(0);
    }
  });

  it('defaults to today, and has nothing on a weekend or the INSET day', async () => {
    const body = obj((await call(fake, '/apiv2student/timetable', student)).body);
    expect(obj(body['meta'])['dates']).toEqual([TODAY]);
    expect(await data('/apiv2student/timetable?date=2026-06-20')).toEqual([]); // Saturday
    expect(await data('/apiv2student/timetable?date=2026-06-26')).toEqual([]); // next week's Friday
    expect((await data('/apiv2student/timetable?date=2026-06-25')).length).toBeGreaterThan(0);
  });

  it('has tutor time, breaks with is_break, a split period sharing a key, and a moved lesson today', async () => {
    const today = await rows('/apiv2student/timetable');
    expect(today.filter((l) => l['is_break'] === true).map((l) => l['period_number'])).toEqual([
      'Break',
      'Lunch',
    ]);
    expect(today.some((l) => l['period_number'] === 'Tut' && l['subject_name'] === 'TUTOR')).toBe(true);
    const moved = today.filter((l) => l['is_alternative_lesson'] === true);
    expect(moved).toHaveLength(1);
    expect(moved[0]?.['room_name']).toBe('Library');
    // The split period is in week 1 of the cycle (this week): Wednesday P4.
    const split = today.filter((l) => l['period_number'] === 'P4');
    expect(split).toHaveLength(2);
    expect(split[0]?.['key']).toBe(split[1]?.['key']);
    expect(split[0]?.['lesson_name']).not.toBe(split[1]?.['lesson_name']);
    expect(today[0]?.['period_name']).toBe('1Wed:P1');
  });

  it('answers POST with the parameters in a form body too (the service is method-lenient)', async () => {
    const viaPost = await call(fake, '/apiv2student/timetable', student, {
      method: 'POST',
      body: new URLSearchParams({ date: '2026-12-15' }),
    });
    expect(obj(obj(viaPost.body).meta)['dates']).toEqual(['2026-12-15']);
  });
});

describe('homeworks', () => {
  it('filters and orders on the chosen date, echoing it in meta.display_type', async () => {
    const from = addDays(TODAY, -7);
    const to = addDays(TODAY, 7);
    for (const field of ['due_date', 'issue_date'] as const) {
      const body = obj(
        (await call(fake, `/apiv2student/homeworks?display_date=${field}&from=${from}&to=${to}`, student))
          .body,
      );
      const list = arr(body['data']).map(obj);
      const dates = list.map((h) => String(h[field]));
      expect(dates.every((d) => d >= from && d <= to)).toBe(true);
      expect(dates).toEqual([...dates].sort());
      expect(obj(body['meta'])).toMatchObject({ display_type: field, start_date: from, end_date: to });
    }
  });

  it('spans three weeks back to three weeks ahead with every status and HTML descriptions', async () => {
    const list = await rows('/apiv2student/homeworks?display_date=due_date');
    const due = list.map((h) => String(h['due_date'])).sort();
    // Three weeks back is the May half term (25–29 May 2026): nothing is due then.
    expect(due[0]! >= addDays(TODAY, -21) && due[0]! <= addDays(TODAY, -14)).toBe(true);
    expect(due.at(-1)! >= addDays(TODAY, 18) && due.at(-1)! <= addDays(TODAY, 21)).toBe(true);
    expect(due.some((d) => d >= '2026-05-25' && d <= '2026-05-29')).toBe(false);
    const statuses = new Set(
      list.map((h) => `${String(obj(h['status'])['state'])}/${String(obj(h['status'])['ticked'])}`),
    );
    for (const s of ['completed/yes', 'late/no', 'not_completed/no', 'null/yes', 'null/no'])
      expect(statuses).toContain(s);
    const html = list.map((h) => String(h['description']));
    expect(html.some((d) => d.startsWith('\n') && d.includes('&nbsp;') && d.includes('<ol>'))).toBe(true);
    expect(html.some((d) => /<a href="https:\/\/[^"]+" target="_blank">/.test(d))).toBe(true);
    expect(
      list.some((h) => arr(h['validated_attachments']).some((a) => typeof obj(a)['filename'] === 'string')),
    ).toBe(true);
    expect(list.some((h) => arr(h['validated_links']).length > 0)).toBe(true);
    expect(list.every((h) => typeof h['completion_time_value'] === 'string')).toBe(true);
  });
});

describe('behaviour', () => {
  it('counts behaviour points per week named M/D/YYYY, matching the activity', async () => {
    const from = '2026-05-11';
    const to = '2026-06-14';
    const body = obj((await call(fake, `/apiv2student/behaviour?from=${from}&to=${to}`, student)).body);
    const timeline = arr(obj(body['data'])['timeline']).map(obj);
    expect(timeline.map((w) => w['name'])).toEqual([
      '5/11/2026',
      '5/18/2026',
      '5/25/2026',
      '6/1/2026',
      '6/8/2026',
    ]);
    expect(timeline.map((w) => w['end'])).toEqual([
      '2026-05-17',
      '2026-05-24',
      '2026-05-31',
      '2026-06-07',
      '2026-06-14',
    ]);
    // The May half term: no points.
    expect(timeline[2]).toMatchObject({ positive: 0, negative: 0 });
    const points: Record<string, Json>[] = [];
    for (let lastId = ''; ;) {
      const page = await rows(`/apiv2student/activity?from=${from}&to=${to}${lastId}`);
      // `from` does not bound the pages: stop at the first point before it.
      const inRange = page.filter((p) => String(p['timestamp']).slice(0, 10) >= from);
      points.push(...inRange.filter((p) => p['type'] === 'behaviour'));
      if (inRange.length < page.length || page.length === 0) break;
      lastId = `&last_id=${String(page.at(-1)?.['id'])}`;
    }
    expect(points.length).toBeGreaterThan(50); // more than one page
    const sum = (key: string): number => timeline.reduce((n, w) => n + Number(w[key]), 0);
    expect(sum('positive')).toBe(points.filter((p) => p['polarity'] === 'positive').length);
    expect(sum('negative')).toBe(points.filter((p) => p['polarity'] === 'negative').length);
    expect(sum('negative')).toBeGreaterThan(0);
  });

  it('writes an empty reasons map as [] (the sibling has no negative points lately)', async () => {
    const body = obj((await call(fake, `/apiv2parent/behaviour/${oliverId}`, parent)).body);
    expect(obj(body['data'])['negative_reasons']).toEqual([]);
    expect(Object.keys(obj(obj(body['data'])['positive_reasons'])).length).toBeGreaterThan(0);
  });
});

describe('date ranges no client should send', () => {
  const error = (message: string) => ({
    status: 200,
    body: { success: 0, expired: 0, error: message, meta: [] },
  });

  it.each([
    '/apiv2student/behaviour?from=1900-01-01&to=9999-12-31',
    '/apiv2student/behaviour?from=1900-01-01', // up to this Sunday: 126 years of weekly buckets
    '/apiv2student/behaviour?to=9999-12-31',
    '/apiv2student/behaviour?from=2025-06-01&to=2026-06-21', // a year and three weeks
  ])('%s is too long for the weekly timeline: the error envelope', async (path) => {
    expect(await call(fake, path, student)).toEqual(error(RANGE_TOO_LONG));
  });

  it.each([
    '/apiv2student/behaviour?from=2026-06-10&to=2026-06-01',
    '/apiv2student/activity?from=2026-06-10&to=2026-06-01',
    '/apiv2student/homeworks?display_date=due_date&from=2026-06-10&to=2026-06-01',
    '/apiv2student/behaviour?from=2026-07-01', // after this Sunday, the default end
    '/apiv2student/activity?from=2026-07-01', // after today, the default end
  ])('%s ends before it starts: the error envelope', async (path) => {
    expect(await call(fake, path, student)).toEqual(error(INVALID_RANGE));
  });

  it('a year of behaviour is answered, in at most 53 weekly buckets', async () => {
    const from = addDays('2026-06-21', -BEHAVIOUR_MAX_DAYS);
    const body = obj((await call(fake, `/apiv2student/behaviour?from=${from}&to=2026-06-21`, student)).body);
    const timeline = arr(obj(body['data'])['timeline']).map(obj);
    expect(timeline.length).toBeLessThanOrEqual(53);
    expect(timeline[0]?.['start']).toBe(from);
    expect(timeline.at(-1)?.['end']).toBe('2026-06-21');
  });

  it('the last days of the calendar are answered, not a server error', async () => {
    const behaviour = obj(
      (await call(fake, '/apiv2student/behaviour?from=9999-12-20&to=9999-12-31', student)).body,
    );
    expect(arr(obj(behaviour['data'])['timeline']).map((w) => [obj(w)['start'], obj(w)['end']])).toEqual([
      ['9999-12-20', '9999-12-26'],
      ['9999-12-27', '9999-12-31'],
    ]);
    const activity = obj(
      (await call(fake, '/apiv2student/activity?from=1900-01-01&to=9999-12-31', student)).body,
    );
    expect(activity['success']).toBe(1);
    expect(obj(activity['meta'])['end_date']).toBe('9999-12-31T23:59:59+00:00');
    const homework = obj(
      (
        await call(
          fake,
          '/apiv2student/homeworks?display_date=due_date&from=1900-01-01&to=9999-12-31',
          student,
        )
      ).body,
    );
    expect(arr(homework['data'])).toHaveLength(fake.dataset.pupils[0]!.homeworks.length);
    for (const date of ['9999-12-31', '1900-01-01', '1900-01-02']) {
      const timetable = obj((await call(fake, `/apiv2student/timetable?date=${date}`, student)).body);
      expect(timetable['success'], date).toBe(1);
    }
  });
});

describe('PHP habits and errors', () => {
  it('escapes slashes like json_encode and writes empty meta as []', async () => {
    const response = await fetch(`${fake.url}/apiv2student/eventbadges`, {
      headers: { authorization: `Basic ${student.token}` },
    });
    const text = await response.text();
    expect(text).toContain('https:\\/\\/');
    expect(text.endsWith(',"meta":[]}')).toBe(true);
  });

  it.each([
    '/apiv2student/timetable?date=tomorrow',
    '/apiv2student/timetable?date=2026-02-30',
    '/apiv2student/activity?from=2026-13-01',
    '/apiv2student/homeworks?to=yesterday',
    '/apiv2student/behaviour?from=17/06/2026',
  ])('%s gets the error envelope with HTTP 200', async (path) => {
    expect(await call(fake, path, student)).toEqual({
      status: 200,
      body: { success: 0, expired: 0, error: INVALID_DATE, meta: [] },
    });
  });

  it('other bad parameters get an error envelope too, and the server keeps answering', async () => {
    for (const path of [
      '/apiv2student/activity?last_id=abc',
      '/apiv2student/homeworks?display_date=bogus',
      '/apiv2student/detentions/abc',
    ]) {
      const { status, body } = await call(fake, path, student);
      expect(status).toBe(200);
      expect(obj(body)).toMatchObject({ success: 0, expired: 0, meta: [] });
    }
    expect(obj((await call(fake, '/apiv2student/timetable', student)).body)['success']).toBe(1);
  });

  it('an unknown endpoint is a 404 page', async () => {
    const response = await fetch(`${fake.url}/apiv2student/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
  });
});
