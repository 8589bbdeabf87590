// The generated dataset (deterministic per seed and today, built around today in Europe/London, with
// what the issue asks for) and the `--data FILE` format (validated, served the same as an object).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../common/dates';
import { londonLocalToInstant } from '../../../main/classcharts/dates';
import { parseDataset } from '../../../dev/fake-classcharts/data-file';
import { DEMO_CREDENTIALS } from '../../../common/demo-accounts';
import { generateDataset } from '../../../dev/fake-classcharts/dataset';
import {
  startFakeClassCharts,
  type FakePupilData,
  type RawBadgeEvent,
} from '../../../dev/fake-classcharts/index';
import { arr, call, loginStudent, obj } from '../../../dev/fake-classcharts/test-client';
import { lessonsOn } from '../../../dev/fake-classcharts/timetable';

const TODAY = '2026-06-17';
const dir = mkdtempSync(join(tmpdir(), 'fake-classcharts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('generated dataset', () => {
  it('is the same for the same seed and today, and differs for another seed', () => {
    const a = generateDataset({ seed: 7, today: TODAY });
    expect(generateDataset({ seed: 7, today: TODAY })).toEqual(a);
    expect(generateDataset({ seed: 8, today: TODAY })).not.toEqual(a);
  });

  it('hands out copies: mutating one does not change the next', () => {
    const a = generateDataset({ seed: 7, today: TODAY });
    const count = a.pupils.length;
    expect(count).toBeGreaterThan(0);
    a.pupils.length = 0;
    expect(generateDataset({ seed: 7, today: TODAY }).pupils).toHaveLength(count);
  });

  it('has the demo accounts: the student, and the parent of the student and a sibling', () => {
    const d = generateDataset({ seed: 2026, today: TODAY });
    const { student, parent } = DEMO_CREDENTIALS;
    expect(d.students[0]).toMatchObject({ code: student.code, dateOfBirth: student.dateOfBirth });
    expect(d.parents[0]).toMatchObject({
      user: { email: parent.email },
      password: parent.password,
    });
    expect(d.parents[0]?.pupilIds).toEqual([d.students[0]?.pupilId, d.pupils[1]?.pupil.id]);
  });

  it('gives the demo pupil more than 50 behaviour points of both polarities, before today', () => {
    const amelia = generateDataset({ seed: 2026, today: TODAY }).pupils[0];
    const behaviour = amelia?.activity.filter((p) => p.type === 'behaviour') ?? [];
    expect(behaviour.length).toBeGreaterThan(50);
    expect(behaviour.some((p) => p.polarity === 'negative' && p.score < 0)).toBe(true);
    expect(behaviour.some((p) => p.polarity === 'positive' && p.score > 0)).toBe(true);
    expect(behaviour.every((p) => p.timestamp.slice(0, 10) < TODAY)).toBe(true);
  });

  it('stamps badge events in UTC (+00:00) as the fixture does, even in summer, at the moment of the point', () => {
    for (const pupil of generateDataset({ seed: 2026, today: TODAY }).pupils) {
      const moments = new Set(
        pupil.activity.map((p) =>
          Date.parse(londonLocalToInstant(...(p.timestamp.split(' ') as [string, string]))!),
        ),
      );
      const events = pupil.badges
        .flatMap((b) => b.pupil_badges)
        .map((e): RawBadgeEvent => ('pupil_event' in e ? e.pupil_event : e));
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        expect(event.timestamp).toMatch(/^2026-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
        expect(event.lesson_pupil_behaviour.timestamp).toBe(event.timestamp);
        expect(moments.has(Date.parse(event.timestamp)), event.timestamp).toBe(true);
      }
    }
  });

  it('has announcements pinned, with HTML, with an attachment and asking for consent', () => {
    const list = generateDataset({ seed: 2026, today: TODAY }).pupils[0]?.announcements ?? [];
    expect(list.some((a) => a.priority_pinned === 'yes')).toBe(true);
    expect(list.some((a) => a.attachments.length > 0)).toBe(true);
    expect(list.some((a) => a.requires_consent === 'yes' && a.consent === null)).toBe(true);
    expect(list.some((a) => /<p>.*<a href="https:/.test(a.description ?? ''))).toBe(true);
  });

  it('has teacher files the virus check passed and one it did not: no validated copy (issue 26 §3)', () => {
    const files = (generateDataset({ seed: 2026, today: TODAY }).pupils[0]?.homeworks ?? []).flatMap(
      (h) => h.validated_attachments,
    );
    expect(files.some((f) => f.scan_status === 'pass' && f.validated_file !== '')).toBe(true);
    const blocked = files.filter((f) => f.scan_status !== 'pass');
    expect(blocked.length).toBeGreaterThan(0);
    for (const f of blocked)
      expect({ validated_file: f.validated_file, file: f.file !== '' }).toEqual({
        validated_file: '',
        file: true,
      });
  });

  it('has a pending detention ahead and attended ones behind, one with the malformed date real data shows', () => {
    const list = generateDataset({ seed: 2026, today: TODAY }).pupils[0]?.detentions ?? [];
    const pending = list.filter((d) => d.attended === 'pending');
    expect(pending.length).toBe(1);
    expect(String(pending[0]?.date).slice(0, 10) > TODAY).toBe(true);
    const attended = list.filter((d) => d.attended === 'yes');
    expect(attended.length).toBeGreaterThanOrEqual(2);
    expect(attended.every((d) => String(d.date).slice(0, 10) < TODAY)).toBe(true);
    expect(list.some((d) => /^\d{4}-\d{2}-\d{2}:00:00\+00:00$/.test(String(d.date)))).toBe(true);
  });

  it('is built around today in Europe/London per the clock when no today is given', async () => {
    // 23:30 UTC on 16 June is already 17 June in London (BST).
    const fake = await startFakeClassCharts({ clock: () => Date.parse('2026-06-16T23:30:00Z') });
    try {
      const session = await loginStudent(fake);
      const body = obj((await call(fake, '/apiv2student/timetable', session)).body);
      expect(obj(body['meta'])['dates']).toEqual(['2026-06-17']);
      const due = fake.dataset.pupils[0]?.homeworks.map((h) => h.due_date).sort() ?? [];
      expect(due[0]! >= addDays('2026-06-17', -21)).toBe(true);
    } finally {
      await fake.close();
    }
  });
});

describe('school holidays', () => {
  /** Dates of the pupil's records that are days without lessons (holidays, weekends). */
  function offDays(pupil: FakePupilData): string[] {
    const dates = [
      ...pupil.homeworks.map((h) => h.due_date),
      ...pupil.activity.map((p) => p.timestamp.slice(0, 10)),
      ...pupil.detentions.map((d) => String(d.date).slice(0, 10)),
    ];
    return dates.filter((date) => lessonsOn(pupil.timetable, date).length === 0);
  }

  it.each([
    ['2026-06-03', '2026-05-27', 'the May half term'],
    ['2026-01-13', '2026-01-02', 'the Christmas holidays'],
    ['2026-11-04', '2026-10-14', 'the October half term'],
    ['2026-04-22', '2026-04-09', 'the Easter holidays'],
  ])(
    'today %s, after %s (%s): homework is due, points are given and detentions held only on days with lessons',
    (today, holiday) => {
      for (const pupil of generateDataset({ seed: 2026, today }).pupils) {
        expect(lessonsOn(pupil.timetable, holiday)).toEqual([]);
        expect(offDays(pupil), pupil.pupil.first_name).toEqual([]);
        expect(pupil.homeworks.length, pupil.pupil.first_name).toBeGreaterThan(5);
      }
    },
  );

  it.each(['2026-11-23', '2026-06-17', '2026-06-03', '2026-01-13', '2026-08-12'])(
    'today %s: the first homework still to do with a link and a file is due soon and has a title of its own',
    (today) => {
      const homework = generateDataset({ seed: 2026, today }).pupils[0]!.homeworks;
      const showcase = homework.find(
        (h) =>
          h.due_date >= today &&
          h.status.state !== 'completed' &&
          h.validated_links.length > 0 &&
          h.validated_attachments.length > 0,
      );
      if (!showcase) throw new Error(`no homework to do with a link and a file from ${today}`);
      expect(showcase.due_date <= addDays(today, 14)).toBe(true);
      expect(homework.filter((h) => h.title === showcase.title)).toHaveLength(1);
    },
  );

  it('gives the demo pupil three pages of activity whatever holidays came before today', () => {
    for (const today of ['2026-06-03', '2026-01-13', '2026-09-09']) {
      const amelia = generateDataset({ seed: 2026, today }).pupils[0]!;
      expect(amelia.activity.length, today).toBeGreaterThan(100);
    }
  });

  it('keeps the demo open on a today that falls in a holiday: the holiday ends the Sunday before this week', () => {
    const summer = generateDataset({ seed: 2026, today: '2026-08-12' }).pupils[0]!.timetable;
    expect(lessonsOn(summer, '2026-08-12').length).toBeGreaterThan(0);
    expect(lessonsOn(summer, '2026-08-10').length).toBeGreaterThan(0);
    expect(lessonsOn(summer, '2026-08-07')).toEqual([]); // the week before: still the summer holidays
    expect(lessonsOn(summer, '2026-07-23')).toEqual([]);
  });

  it('…or, when it began this week, starts the day after today; a weekend today looks at the Monday after', () => {
    const eve = generateDataset({ seed: 2026, today: '2026-12-24' }).pupils[0]!.timetable;
    expect(lessonsOn(eve, '2026-12-24').length).toBeGreaterThan(0);
    expect(lessonsOn(eve, '2026-12-25')).toEqual([]);
    expect(lessonsOn(eve, '2026-12-31')).toEqual([]);
    const boxingDay = generateDataset({ seed: 2026, today: '2026-12-26' }).pupils[0]!.timetable;
    expect(lessonsOn(boxingDay, '2026-12-25')).toEqual([]);
    expect(lessonsOn(boxingDay, '2026-12-28').length).toBeGreaterThan(0);
  });
});

describe('--data FILE', () => {
  it('accepts the generated dataset as JSON and serves it like the object', async () => {
    const dataset = generateDataset({ seed: 99, today: TODAY });
    const file = join(dir, 'data.json');
    writeFileSync(file, JSON.stringify(dataset));
    expect(parseDataset(JSON.parse(JSON.stringify(dataset)))).toEqual(dataset);
    // One instant for both: a signed file link carries its expiry in seconds, which must not tick between
    // the two answers (it did, now and then, on a loaded CI machine).
    const clock = () => Date.parse(`${TODAY}T10:00:00Z`);
    const fromFile = await startFakeClassCharts({ data: file, today: TODAY, clock });
    const fromObject = await startFakeClassCharts({ data: dataset, today: TODAY, clock });
    try {
      for (const path of [
        '/apiv2student/timetable?date=2026-12-15',
        '/apiv2student/homeworks',
        '/apiv2student/eventbadges',
      ]) {
        const a = await call(fromFile, path, await loginStudent(fromFile));
        const b = await call(fromObject, path, await loginStudent(fromObject));
        expect(arr(obj(a.body).data).length).toBeGreaterThan(0);
        // Served file links point at each server's own origin (attachments.ts); the rest is the same.
        const served = (answer: typeof a, origin: string) =>
          JSON.stringify(answer.body).replaceAll(origin, '');
        expect(served(a, fromFile.url)).toBe(served(b, fromObject.url));
      }
    } finally {
      await Promise.all([fromFile.close(), fromObject.close()]);
    }
  });

  it('keeps extra fields a dataset author adds to a record', () => {
    const dataset = generateDataset({ seed: 99, today: TODAY });
    const json = JSON.parse(JSON.stringify(dataset)) as {
      pupils: { detentions: Record<string, unknown>[] }[];
    };
    const first = json.pupils[0]?.detentions[0];
    if (first) first['new_field'] = 'kept';
    expect(parseDataset(json).pupils[0]?.detentions[0]).toHaveProperty('new_field', 'kept');
  });

  it('takes holidays as dates or ranges, and refuses a range that ends before it starts', () => {
    const json = JSON.parse(JSON.stringify(generateDataset({ seed: 1, today: TODAY }))) as {
      pupils: { timetable: { holidays: unknown[] } }[];
    };
    const timetable = json.pupils[0]!.timetable;
    timetable.holidays = ['2026-06-18', { from: '2026-06-22', to: '2026-06-23' }];
    const parsed = parseDataset(json).pupils[0]!.timetable;
    for (const [date, lessons] of [
      ['2026-06-18', 0],
      ['2026-06-19', 1],
      ['2026-06-22', 0],
      ['2026-06-23', 0],
      ['2026-06-24', 1],
    ] as const) {
      expect(Math.sign(lessonsOn(parsed, date).length), date).toBe(lessons);
    }
    timetable.holidays = [{ from: '2026-07-10', to: '2026-07-01' }];
    expect(() => parseDataset(json)).toThrow(/holidays\[0\]/);
  });

  it('refuses a file that does not match the format, naming the field', async () => {
    const broken = JSON.parse(JSON.stringify(generateDataset({ seed: 1, today: TODAY }))) as {
      students: { dateOfBirth: string }[];
    };
    if (broken.students[0]) broken.students[0].dateOfBirth = '2012-05-14';
    const file = join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify(broken));
    await expect(startFakeClassCharts({ data: file })).rejects.toThrow(
      /students\[0\]\.dateOfBirth|dateOfBirth/,
    );
    writeFileSync(join(dir, 'not-json.json'), '{ nope');
    await expect(startFakeClassCharts({ data: join(dir, 'not-json.json') })).rejects.toThrow(/is not JSON/);
  });
});
