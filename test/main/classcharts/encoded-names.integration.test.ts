// Names arrive HTML-encoded (issue 25 §2): ClassCharts sends `Pure &amp; Applied` where a name has `&`,
// and clients that run against the live service decode it once before showing it —
// skeffling/timetable-plus@1bfce46dc9 extension/timetable.js `decode` ("ClassCharts sends names HTML-encoded
// ('Pure &amp; Applied'); decode once so they display as text") on subject, class, teacher and room;
// itsnotrin/BetterClasscharts@19910811b7 StringExtension.swift `processHTML` on homework titles
// (HomeworkDetailView.swift `homework.title.processHTML()`); funfairlabs-incubator/classcharts-orc@93b7b34515
// shared/src/classcharts.ts:28-40 `stripHtml` on descriptions. docs/classcharts-api.md §5, §7.17.
//
// The fake's generated data carries such names by default (dev/fake-classcharts/dataset.ts). The client
// decodes every plain-text field once (main/classcharts/map.ts) and leaves HTML bodies as they came.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassChartsClient } from '../../../main/classcharts/client';
import { addDays } from '../../../common/dates';
import {
  mapActivityPoint,
  mapAnnouncement,
  mapAttendance,
  mapBadge,
  mapBehaviour,
  mapDetention,
  mapHomework,
  mapLesson,
  mapPupil,
} from '../../../main/classcharts/map';
import { SCHOOL_TEXT_MAX } from '../../../main/classcharts/school-text';
import {
  activitySchema,
  announcementSchema,
  attendanceSchema,
  badgeSchema,
  behaviourSchema,
  detentionSchema,
  homeworkSchema,
  lessonSchema,
  pupilSchema,
} from '../../../main/classcharts/schemas';
import { type FakeClassCharts, startFakeClassCharts } from '../../../dev/fake-classcharts/index';
import { lessonsOn } from '../../../dev/fake-classcharts/timetable';
import { clientOn } from './helpers';

/** A Wednesday in term (the fake's demo data is built around it). */
const TODAY = '2026-11-04';

/** Character references left in a mapped record's text: none may survive the mapping. */
const ENCODED = /&(?:amp|#0*39|#x0*27|quot|lt|gt);/i;

let fake: FakeClassCharts;

beforeAll(async () => {
  fake = await startFakeClassCharts({ today: TODAY });
});
afterAll(async () => {
  await fake.close();
});

async function student(): Promise<ClassChartsClient> {
  const client = clientOn(fake.url);
  await client.login({ kind: 'student', ...fake.accounts.student });
  return client;
}

/** The demo student's served records. */
function served() {
  const pupil = fake.dataset.pupils.find((p) => p.pupil.id === fake.accounts.student.pupilId);
  if (!pupil) throw new Error('the fake has no demo pupil');
  return pupil;
}

describe('the fake serves names HTML-encoded by default', () => {
  it('has an encoded subject, room and teacher in the timetable, and encoded titles and reasons', () => {
    const pupil = served();
    const rows = Array.from({ length: 14 }, (_, i) => lessonsOn(pupil.timetable, addDays(TODAY, i))).flat();
    expect(rows.map((r) => r.subject_name)).toContain('Design &amp; Technology');
    expect(rows.map((r) => r.room_name)).toContain('D&amp;T 2');
    expect(rows.map((r) => r.teacher_name)).toContain('Mr C O&#039;Brien');
    expect(pupil.homeworks.some((h) => h.title.includes('&amp;'))).toBe(true);
    expect(pupil.activity.some((p) => p.reason.includes('&amp;'))).toBe(true);
    expect(pupil.badges.some((b) => b.name.includes('&amp;'))).toBe(true);
    expect(pupil.announcements.some((a) => a.title.includes('&amp;'))).toBe(true);
    expect(pupil.detentions.some((d) => d.lesson_pupil_behaviour.reason.includes('&amp;'))).toBe(true);
  });
});

describe('the client decodes names once (against the fake)', () => {
  it('shows the subject, room and teacher of a lesson as text', async () => {
    const pupil = served();
    const day = Array.from({ length: 14 }, (_, i) => addDays(TODAY, i)).find((date) =>
      lessonsOn(pupil.timetable, date).some((r) => r.subject_name === 'Design &amp; Technology'),
    );
    expect(day, 'a Design & Technology lesson within two weeks').toBeDefined();
    const lessons = await (await student()).timetable(day!);
    const dt = lessons.find((l) => l.subject.startsWith('Design'));
    expect(dt).toMatchObject({ subject: 'Design & Technology', room: 'D&T 2', teacher: "Mr C O'Brien" });
    for (const lesson of lessons)
      expect([lesson.subject, lesson.room, lesson.teacher, lesson.className].join(' | ')).not.toMatch(
        ENCODED,
      );
  });

  it('shows homework titles, reasons, badges, announcement titles and detentions as text', async () => {
    const client = await student();
    const homeworks = await client.homeworks({});
    const encoded = served().homeworks.find((h) => h.title.includes('&amp;'))!;
    expect(homeworks.find((h) => h.id === encoded.id)?.title).toBe(encoded.title.replaceAll('&amp;', '&'));
    expect(homeworks.map((h) => h.title).join('\n')).not.toMatch(ENCODED);

    const points = await client.allActivity({});
    expect(points.map((p) => p.reason)).toContain('Effort & attitude');
    expect(points.map((p) => p.reason)).toContain('Lunchtime detention: No pen & ruler');
    const behaviour = await client.behaviour({ from: addDays(TODAY, -70), to: TODAY });
    expect(Object.keys(behaviour.positiveReasons)).toContain('Effort & attitude');

    const badges = await client.badges();
    expect(badges.map((b) => b.name)).toContain('Kindness & Respect');
    expect(badges.flatMap((b) => b.events.map((e) => e.label))).toContain('Kindness & Respect awarded');

    const announcements = await client.announcements();
    expect(announcements.map((a) => a.title)).toContain('Lost property & uniform');

    const detentions = await client.detentions();
    expect(detentions.map((d) => d.reason)).toContain('No pen & ruler');
    const all = JSON.stringify([points, behaviour, badges, detentions, announcements.map((a) => a.title)]);
    expect(all).not.toMatch(ENCODED);
  });

  it('leaves HTML bodies as they came: homework and announcement descriptions', async () => {
    const client = await student();
    const homeworks = await client.homeworks({});
    for (const raw of served().homeworks)
      expect(homeworks.find((h) => h.id === raw.id)?.descriptionHtml).toBe(raw.description);
    const announcements = await client.announcements();
    const welcome = announcements.find((a) => a.descriptionHtml.includes('Parents&rsquo; evening'));
    expect(welcome, 'the pinned announcement keeps its character references').toBeDefined();
  });

  it("decodes the parent's own name, as the account shows it", async () => {
    const parent = fake.dataset.parents[0]!;
    const before = parent.user.name;
    parent.user.name = 'Sarah O&#039;Neill-Hughes';
    try {
      const client = clientOn(fake.url);
      await client.login({
        kind: 'parent',
        email: fake.accounts.parent.email,
        password: fake.accounts.parent.password,
      });
      expect((await client.account()).name).toBe("Sarah O'Neill-Hughes");
    } finally {
      parent.user.name = before;
    }
  });
});

describe('map.ts decodes each plain-text field once', () => {
  const lesson = (fields: Record<string, unknown>) =>
    mapLesson(lessonSchema.parse({ lesson_id: 1, key: 1, ...fields }), '2026-11-04');

  it.each([
    ['Design &amp; Technology', 'Design & Technology'],
    ['Mr O&#039;Brien', "Mr O'Brien"],
    ['Mr O&#39;Brien', "Mr O'Brien"],
    ['Mr O&#x27;Brien', "Mr O'Brien"],
    ['Fran&ccedil;ais &amp; Espa&ntilde;ol', 'Français & Español'],
    ['&quot;Maths&quot; &lt;set 1&gt;', '"Maths" <set 1>'],
    // Once only: a name that really says "&amp;" is sent as "&amp;amp;" and must come out as "&amp;".
    ['Pure &amp;amp; Applied', 'Pure &amp; Applied'],
    ['&amp;lt;b&amp;gt;', '&lt;b&gt;'],
    // Text that only looks like a reference, or has none, is left as it is.
    ['R&D', 'R&D'],
    ['AT&T; B&Q', 'AT&T; B&Q'],
    ['Physics', 'Physics'],
    ['', ''],
  ])('%j → %j', (sent, shown) => {
    const mapped = lesson({ subject_name: sent, teacher_name: sent, room_name: sent, lesson_name: sent });
    expect([mapped.subject, mapped.teacher, mapped.room, mapped.className]).toEqual([
      shown,
      shown,
      shown,
      shown,
    ]);
  });

  it('decodes the period label too, and leaves the lesson note (HTML) as it came', () => {
    const mapped = lesson({ period_number: 'P1 &amp; P2', note: '<p>Bring &amp; share</p>' });
    expect(mapped.period).toBe('P1 & P2');
    expect(mapped.noteHtml).toBe('<p>Bring &amp; share</p>');
  });

  it('homework: title, subject, class, teacher, type, mark, file names decoded; HTML and links not', () => {
    const link = 'https://example.org/a?x=1&amp;y=2';
    const homework = mapHomework(
      homeworkSchema.parse({
        id: 1,
        title: ' Romeo &amp; Juliet ',
        subject: 'English &amp; Drama',
        lesson: '9X/En&amp;Dr',
        teacher: 'Mr C O&#039;Brien',
        homework_type: 'Reading &amp; notes',
        description: '<p>Read &amp; annotate &lt;act 1&gt;</p>',
        status: { id: 2, state: 'completed', mark: 'A&#43;', ticked: 'yes' },
        validated_links: [{ link, validated_link: link }],
        validated_attachments: [
          { filename: 'Act 1 &amp; 2.pdf', file: 'https://f.example/1?a=1&amp;b=2', validated_file: '' },
        ],
      }),
    );
    expect(homework).toMatchObject({
      title: 'Romeo & Juliet',
      subject: 'English & Drama',
      className: '9X/En&Dr',
      teacher: "Mr C O'Brien",
      type: 'Reading & notes',
      mark: 'A+',
      descriptionHtml: '<p>Read &amp; annotate &lt;act 1&gt;</p>',
    });
    // Addresses are kept byte for byte: they are opened, not shown.
    expect(homework.links).toEqual([{ url: link, label: 'https://example.org/a?x=1&y=2' }]);
    expect(homework.attachments).toEqual([
      { name: 'Act 1 & 2.pdf', url: 'https://f.example/1?a=1&amp;b=2', unscanned: true },
    ]);
  });

  it('pupil, activity, behaviour reasons, badge, announcement, detention and attendance text decoded', () => {
    const pupil = mapPupil(
      pupilSchema.parse({
        id: 7,
        name: 'Se&aacute;n O&#039;Neill',
        first_name: 'Se&aacute;n',
        last_name: 'O&#039;Neill',
        school_name: 'St Mary &amp; St John',
        avatar_url: 'https://x.example/a?b=1&amp;c=2',
        detention_alias_plural_uc: 'Reflection &amp; Repair',
      }),
    );
    expect(pupil).toMatchObject({
      name: "Seán O'Neill",
      firstName: 'Seán',
      lastName: "O'Neill",
      schoolName: 'St Mary & St John',
      avatarUrl: 'https://x.example/a?b=1&amp;c=2',
      detentionAlias: 'Reflection & Repair',
    });

    const point = mapActivityPoint(
      activitySchema.parse({
        data: [
          {
            id: 1,
            reason: 'Effort &amp; attitude',
            teacher_name: 'Mr C O&#039;Brien',
            lesson_name: '9X/Dt&amp;1',
            room_name: 'D&amp;T 2',
            note: 'Great &quot;make&quot;',
          },
        ],
      }).data[0]!,
    );
    expect(point).toMatchObject({
      reason: 'Effort & attitude',
      teacher: "Mr C O'Brien",
      className: '9X/Dt&1',
      room: 'D&T 2',
      note: 'Great "make"',
    });

    // Two spellings of one reason add up once decoded; "&amp;amp;" stays apart as "&amp;".
    const behaviour = mapBehaviour(
      behaviourSchema.parse({
        data: {
          timeline: [],
          positive_reasons: { 'Effort &amp; attitude': 2, 'Effort & attitude': 1, 'A &amp;amp; B': 4 },
          negative_reasons: [],
        },
      }).data,
    );
    expect(behaviour.positiveReasons).toEqual({ 'Effort & attitude': 3, 'A &amp; B': 4 });

    const badge = mapBadge(
      badgeSchema.parse({
        id: 1,
        name: 'Kindness &amp; Respect',
        icon_url: 'https://x.example/i.png?a=1&amp;b=2',
        pupil_badges: [
          {
            pupil_event: {
              event: { label: 'Kindness &amp; Respect awarded' },
              lesson_pupil_behaviour: {
                reason: 'Helping &amp; sharing',
                teacher: { title: 'Mr', first_name: 'C', last_name: 'O&#039;Brien' },
              },
            },
          },
        ],
      }),
    );
    expect(badge.name).toBe('Kindness & Respect');
    expect(badge.iconUrl).toBe('https://x.example/i.png?a=1&amp;b=2');
    expect(badge.events[0]).toMatchObject({
      label: 'Kindness & Respect awarded',
      reason: 'Helping & sharing',
      teacher: "Mr C O'Brien",
    });

    const announcement = mapAnnouncement(
      announcementSchema.parse({
        id: 1,
        title: 'Lost property &amp; uniform',
        description: '<p>Coats &amp; bags</p>',
        teacher_name: 'Mrs K O&#039;Hara',
        school_name: 'St Mary &amp; St John',
        attachments: [{ filename: 'List &amp; map.pdf', url: 'https://x.example/f?a=1&amp;b=2' }],
      }),
    );
    expect(announcement).toMatchObject({
      title: 'Lost property & uniform',
      descriptionHtml: '<p>Coats &amp; bags</p>',
      teacher: "Mrs K O'Hara",
      school: 'St Mary & St John',
      attachments: [{ name: 'List & map.pdf', url: 'https://x.example/f?a=1&amp;b=2' }],
    });

    const detention = mapDetention(
      detentionSchema.parse({
        id: 1,
        location: 'D&amp;T 2',
        lesson: { name: '9X/Dt1', subject: { name: 'Design &amp; Technology' } },
        lesson_pupil_behaviour: { reason: 'No pen &amp; ruler' },
        teacher: { title: 'Mr', first_name: 'C', last_name: 'O&#039;Brien' },
        detention_type: { name: 'Reflect &amp; Repair' },
      }),
    );
    expect(detention).toMatchObject({
      location: 'D&T 2',
      reason: 'No pen & ruler',
      teacher: "Mr C O'Brien",
      subject: 'Design & Technology',
      type: 'Reflect & Repair',
    });

    const attendance = mapAttendance(
      attendanceSchema.parse({
        data: {
          '2026-11-02': {
            AM: { code: '/', status: 'present', lesson_name: 'Dt&amp;1', room_name: 'D&amp;T 2' },
          },
        },
        meta: { sessions: ['AM'] },
      }),
    );
    expect(attendance.days[0]?.marks[0]).toMatchObject({ lesson: 'Dt&1', room: 'D&T 2' });
  });

  it('cuts a long field after decoding it, so the cut never splits a reference', () => {
    const sent = `${'x'.repeat(SCHOOL_TEXT_MAX - 2)}&amp;&amp;&amp;`;
    const subject = lesson({ subject_name: sent }).subject;
    expect(subject.length).toBeLessThanOrEqual(SCHOOL_TEXT_MAX);
    expect(subject).not.toContain('&amp');
    expect(subject.startsWith(`${'x'.repeat(SCHOOL_TEXT_MAX - 2)}&`)).toBe(true);
  });
});
