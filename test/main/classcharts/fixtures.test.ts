// Every real-shaped response in ./fixtures (where they come from: ./fixtures/README.md) parses and maps to
// the domain model, quirks included.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  mapActivityPoint,
  mapAnnouncement,
  mapBadge,
  mapBehaviour,
  mapDetention,
  mapHomework,
  mapLesson,
  mapPupil,
} from '../../../main/classcharts/map';
import {
  activitySchema,
  announcementsSchema,
  badgesSchema,
  behaviourSchema,
  detentionsSchema,
  homeworksSchema,
  lessonsOfDate,
  pingSchema,
  pupilSchema,
  pupilsSchema,
  timetableSchema,
} from '../../../main/classcharts/schemas';
import { Transport } from '../../../main/classcharts/transport';
import { SessionExpiredError } from '../../../main/classcharts/errors';
import { silentLogger, systemClock } from '../../../main/ports';

const here = dirname(fileURLToPath(import.meta.url));
const fixtureDir = join(here, '../../support/fixtures/classcharts');

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(fixtureDir, `${name}.json`), 'utf8'));
}

/** The schema each endpoint fixture belongs to (attendance, customfields, rewards, purchase: not used). */
const schemaOf: Record<string, z.ZodType | null> = {
  'activity-last-page': activitySchema,
  activity: activitySchema,
  announcements: announcementsSchema,
  badges: badgesSchema,
  behaviour: behaviourSchema,
  detentions: detentionsSchema,
  homeworks: homeworksSchema,
  'ping-student': pingSchema,
  pupils: pupilsSchema,
  timetable: timetableSchema,
  attendance: null,
  customfields: null,
  rewards: null,
  purchase: null,
  'error-not-logged-in': null,
};

describe('fixtures', () => {
  const names = readdirSync(fixtureDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''));

  it('has a schema decision for every fixture file', () => {
    expect(names.length).toBeGreaterThanOrEqual(15);
    for (const name of names) expect(Object.keys(schemaOf)).toContain(name);
  });

  for (const [name, schema] of Object.entries(schemaOf)) {
    if (schema === null) continue;
    it(`${name}.json parses`, () => {
      const result = schema.safeParse(fixture(name));
      expect(result.error).toBeUndefined();
    });
  }

  it('error-not-logged-in.json is read as an expired session', () => {
    const transport = new Transport({
      fetch,
      baseUrl: 'http://127.0.0.1',
      clock: systemClock,
      logger: silentLogger,
    });
    const body = readFileSync(join(fixtureDir, 'error-not-logged-in.json'), 'utf8');
    expect(() =>
      transport.check(timetableSchema, '/apiv2student/timetable', {
        status: 200,
        headers: new Headers(),
        body,
      }),
    ).toThrow(SessionExpiredError);
  });

  it('timetable: lessons keep the UK summer offset, "Tut" period, split period with a shared key', () => {
    const data = timetableSchema.parse(fixture('timetable')).data;
    const lessons = lessonsOfDate(data, '2023-09-26').map((l) => mapLesson(l, '2023-09-26'));
    expect(lessons).toHaveLength(8);
    expect(lessons[0]).toMatchObject({
      date: '2023-09-26',
      start: '2023-09-26T08:45:00+01:00',
      end: '2023-09-26T09:45:00+01:00',
      period: 'P1',
      isBreak: false,
      isAlternative: false,
    });
    expect(lessons[2]).toMatchObject({ period: 'Tut', subject: 'TUTOR' });
    // Two lessons share P3 and the upstream key; ids must still be unique.
    expect(new Set(lessons.map((l) => l.id)).size).toBe(lessons.length);
  });

  it('homeworks: "" estimate is none, ticked "yes" + completed state is completed, HTML kept', () => {
    const body = homeworksSchema.parse(fixture('homeworks'));
    expect(body.meta?.display_marks).toBe(false);
    const [homework] = body.data.map((h) => mapHomework(h, false));
    expect(homework).toMatchObject({
      id: 5488456,
      statusId: 3459984,
      title: 'Maths Homework',
      issueDate: '2023-09-16',
      dueDate: '2023-09-19',
      status: 'completed',
      descriptionHtml: '<p>Description</p>',
      estimate: null,
      mark: null,
      hasFeedback: false,
    });
  });

  it('activity: naive UK timestamp gets its offset; last_id false ends paging', () => {
    const page = activitySchema.parse(fixture('activity'));
    expect(mapActivityPoint(page.data[0]!)).toMatchObject({
      polarity: 'positive',
      score: 1,
      timestamp: '2023-04-21T10:00:00+01:00',
      room: null,
      note: null,
    });
    expect(activitySchema.parse(fixture('activity-last-page')).meta).toEqual({ last_id: false });
  });

  it('behaviour: [] reasons become {}, totals sum the weeks', () => {
    const summary = mapBehaviour(behaviourSchema.parse(fixture('behaviour')).data);
    expect(summary.negativeReasons).toEqual({});
    expect(summary.positiveReasons).toEqual({ 'Test 1': 4, 'Test 2': 3, 'Test 3': 4 });
    expect(summary.weeks.map((w) => w.start)).toEqual(['2023-09-04', '2023-09-11', '2023-09-18']);
    expect([summary.totalPositive, summary.totalNegative]).toEqual([11, 0]);
  });

  it('badges: unwrapped pupil_badges events are read; +00:00 instants shown in UK summer time', () => {
    const [badge] = badgesSchema.parse(fixture('badges')).data.map(mapBadge);
    expect(badge).toMatchObject({ id: 59345, colour: '#000', createdAt: '2023-08-25T01:00:00+01:00' });
    expect(badge?.events).toEqual([
      {
        timestamp: '2023-08-25T01:00:00+01:00',
        reason: 'Test',
        label: 'Test',
        teacher: 'Mr first_name last_name',
      },
    ]);
  });

  it('announcements: "yes"/"no" strings become booleans', () => {
    const [announcement] = announcementsSchema.parse(fixture('announcements')).data.map(mapAnnouncement);
    expect(announcement).toMatchObject({ pinned: true, requiresConsent: false, consentGiven: null });
  });

  it('detentions: the malformed date keeps its leading day instead of failing', () => {
    const [detention] = detentionsSchema.parse(fixture('detentions')).data.map(mapDetention);
    expect(detention).toMatchObject({
      status: 'attended',
      date: '2023-08-24',
      start: '2023-08-24T16:00:00+01:00',
      time: '16:00',
      lengthMinutes: 10,
    });
  });

  it('ping and pupils: student info, parent pupils with school names', () => {
    const ping = pingSchema.parse(fixture('ping-student'));
    expect(ping.meta?.session_id).toBe('jf99rm23pdi29dj32fh23i');
    expect(mapPupil(pupilSchema.parse(ping.data.user))).toMatchObject({ id: 3949234, schoolName: null });
    const pupils = pupilsSchema.parse(fixture('pupils')).data.map(mapPupil);
    expect(pupils.map((p) => [p.id, p.firstName, p.schoolName])).toEqual([
      [3949234, 'Jane', 'Example Academy'],
      [3949235, 'Tom', 'Example Academy'],
    ]);
  });
});
