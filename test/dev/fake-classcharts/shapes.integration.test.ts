// Every endpoint of the fake answers with the field shapes of the real-shaped fixtures
// (test/support/fixtures/classcharts/, provenance in its README.md): same keys, same value types, recursively
// — for the student API and, for the demo student and the sibling, the parent API. Tolerances are the ones
// docs/classcharts-api.md allows (§ numbers below).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeClassCharts, type FakeClassCharts } from '../../../dev/fake-classcharts/index';
import { shapeDifferences, type Json, type ShapeRules } from '../../../dev/fake-classcharts/shape';
import {
  arr,
  call,
  loginParent,
  loginStudent,
  obj,
  type TestSession,
} from '../../../dev/fake-classcharts/test-client';

const FIXTURES = new URL('../../support/fixtures/classcharts/', import.meta.url);

function fixture(name: string): Json {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as Json;
}

/** Per-endpoint tolerances, each backed by a line of docs/classcharts-api.md. */
const RULES: Record<string, ShapeRules> = {
  // §5.4: lesson_name/teacher_name/room_name/note/polarity nullable.
  activity: {
    nullable: [
      'data[].polarity',
      'data[].lesson_name',
      'data[].teacher_name',
      'data[].room_name',
      'data[].note',
    ],
  },
  // §5.5: positive_reasons/negative_reasons are a map, or [] when empty.
  behaviour: { mapOrEmpty: ['data.positive_reasons', 'data.negative_reasons'] },
  // §5.6: subject/teacher/title nullable, status.state/mark/seen dates nullable; element shapes of the
  // arrays that are empty in the fixture.
  homeworks: {
    nullable: [
      'data[].subject',
      'data[].teacher',
      'data[].title',
      'data[].status.state',
      'data[].status.mark',
      'data[].status.first_seen_date',
      'data[].status.last_seen_date',
    ],
    elements: {
      'data[].validated_links': { link: '', validated_link: '' },
      'data[].validated_attachments': {
        id: 0,
        filename: '',
        file: '',
        validated_file: '',
        scan_status: '',
        scan_status_message: '',
      },
      'data[].status.attachments': {
        id: 0,
        file_name: '',
        file: '',
        validated_file: '',
        teacher_note: '',
        teacher_homework_attachments: [],
        can_delete: false,
      },
    },
  },
  // §5.7: is_break is optional.
  timetable: { optional: ['data[].is_break'] },
  // §5.8: pupil_badges[] wrapped in pupil_event or not; the spec's lesson_pupil_behaviour has an icon.
  badges: {
    wrapped: { 'data[].pupil_badges': 'pupil_event' },
    optional: ['data[].pupil_badges[].lesson_pupil_behaviour.icon'],
  },
  // §5.9: description/school_logo/state/consent nullable; element shapes from the field list.
  announcements: {
    nullable: ['data[].description', 'data[].school_logo', 'data[].state', 'data[].consent'],
    elements: {
      'data[].attachments': { filename: '', url: '' },
      'data[].for_pupils': '',
      'data[].pupil_consents': {
        pupil: { id: '', first_name: '', last_name: '' },
        can_change_consent: false,
        consent: null,
      },
    },
    whenPresent: {
      'data[].consent': { consent_given: '', comment: null, parent_name: '' },
      'data[].pupil_consents[].consent': { consent_given: '', comment: null, parent_name: '' },
    },
  },
  // §5.10: most detention fields nullable.
  detentions: {
    nullable: [
      'data[].date',
      'data[].length',
      'data[].location',
      'data[].notes',
      'data[].time',
      'data[].lesson',
      'data[].lesson.subject',
      'data[].teacher',
      'data[].detention_type',
    ],
  },
  // §5.1: can_upload_attachments and survey_id nullable.
  user: {
    nullable: ['data.user.can_upload_attachments', 'data[].can_upload_attachments', 'data[].school_logo'],
  },
};

/** Data endpoints: name, fixture, tolerances, query. */
const ENDPOINTS: [string, string, string, string][] = [
  ['activity', 'activity.json', 'activity', ''],
  ['behaviour', 'behaviour.json', 'behaviour', ''],
  ['homeworks', 'homeworks.json', 'homeworks', '?display_date=due_date'],
  ['timetable', 'timetable.json', 'timetable', '?date=2026-06-16'],
  ['eventbadges', 'badges.json', 'badges', ''],
  ['announcements', 'announcements.json', 'announcements', ''],
  ['detentions', 'detentions.json', 'detentions', ''],
];

let fake: FakeClassCharts;
let student: TestSession;
let parent: TestSession;

beforeAll(async () => {
  fake = await startFakeClassCharts({ today: '2026-06-17' });
  student = await loginStudent(fake);
  parent = await loginParent(fake);
});
afterAll(() => fake.close());

function expectShape(actual: Json, fixtureName: string, rules: ShapeRules = {}): void {
  expect(shapeDifferences(actual, fixture(fixtureName), rules)).toEqual([]);
}

describe('the student API has the fixtures’ field shapes', () => {
  it('ping: data.user is the student object, meta carries session_id and version', async () => {
    const { body } = await call(fake, '/apiv2student/ping', student, {
      method: 'POST',
      body: new URLSearchParams({ include_data: 'true' }),
    });
    expectShape(body, 'ping-student.json', RULES['user']);
  });

  it.each(ENDPOINTS)('%s', async (endpoint, fixtureName, rules, query) => {
    const { body } = await call(fake, `/apiv2student/${endpoint}${query}`, student);
    expect(obj(body)['success']).toBe(1);
    expectShape(body, fixtureName, RULES[rules]);
  });

  it('activity: the empty page after the last', async () => {
    let page = await call(fake, `/apiv2student/activity`, student);
    let lastId = obj(obj(page.body).meta)['last_id'];
    while (lastId !== false) {
      page = await call(fake, `/apiv2student/activity?last_id=${String(lastId)}`, student);
      lastId = obj(obj(page.body).meta)['last_id'];
    }
    expectShape(page.body, 'activity-last-page.json');
  });

  it('the data the checks above ran on is not empty: homework in both modes, lessons, badges of both shapes', async () => {
    for (const display of ['issue_date', 'due_date']) {
      const { body } = await call(fake, `/apiv2student/homeworks?display_date=${display}`, student);
      expect(arr(obj(body).data).length).toBeGreaterThan(0);
      expectShape(body, 'homeworks.json', RULES['homeworks']);
    }
    for (const endpoint of ['timetable?date=2026-06-16', 'detentions', 'announcements']) {
      expect(
        arr(obj((await call(fake, `/apiv2student/${endpoint}`, student)).body).data).length,
      ).toBeGreaterThan(0);
    }
    const { body } = await call(fake, '/apiv2student/eventbadges', student);
    const badges = arr(obj(body).data).map(obj);
    const wrapped = badges.flatMap((b) => arr(b['pupil_badges']).map(obj)).map((e) => 'pupil_event' in e);
    expect(new Set(wrapped)).toEqual(new Set([true, false]));
  });

  it('the not-logged-in error body is the fixture, byte for byte in meaning', async () => {
    const { status, body } = await call(fake, '/apiv2student/timetable', {
      ...student,
      token: 'not-a-token',
    });
    expect(status).toBe(200);
    expect(body).toEqual(fixture('error-not-logged-in.json'));
  });
});

describe('the parent API has the same shapes for each pupil', () => {
  it('pupils lists both children with the Pupil fields', async () => {
    const { body } = await call(fake, '/apiv2parent/pupils', parent);
    expect(arr(obj(body).data)).toHaveLength(2);
    expectShape(body, 'pupils.json', RULES['user']);
  });

  it.each(ENDPOINTS)('%s', async (endpoint, fixtureName, rules, query) => {
    for (const pupilId of fake.accounts.parent.pupilIds) {
      const { body } = await call(fake, `/apiv2parent/${endpoint}/${pupilId}${query}`, parent);
      expect(obj(body)['success']).toBe(1);
      expectShape(body, fixtureName, RULES[rules]);
    }
  });
});

describe('the shape check itself', () => {
  it('reports a missing key, a wrong type and an unexpected key', () => {
    const problems = shapeDifferences({ a: '1', c: true }, { a: 1, b: 'x' });
    expect(problems).toEqual(['a: string, expected number', 'b: missing', 'c: not in the fixture']);
  });
});
