// Quirks of docs/classcharts-api.md (§1.2, §5, §7) beyond the fixtures, and dates on both sides of the UK
// clock changes of 2026 (BST from Sunday 29 March, GMT again from Sunday 25 October).
import { describe, expect, it } from 'vitest';
import {
  homeworkStatus,
  mapActivityPoint,
  mapAnnouncement,
  mapBadge,
  mapBehaviour,
  mapDetention,
  mapHomework,
  mapLesson,
  toInstant,
  toIsoDate,
} from '../../../main/classcharts/map';
import { SCHOOL_HTML_MAX, SCHOOL_TEXT_MAX } from '../../../main/classcharts/school-text';
import {
  activitySchema,
  announcementSchema,
  badgeSchema,
  behaviourSchema,
  detentionSchema,
  homeworkSchema,
  homeworksSchema,
  lessonSchema,
} from '../../../main/classcharts/schemas';

const lessonRow = (overrides: Record<string, unknown>) =>
  lessonSchema.parse({
    teacher_name: 'Mr J Doe',
    lesson_id: 1,
    lesson_name: '10C/Ma1',
    subject_name: 'Mathematics',
    is_alternative_lesson: false,
    period_name: '1Mon:P1',
    period_number: 'P1',
    room_name: 'U07',
    key: 5,
    ...overrides,
  });

describe('dates across the clock changes', () => {
  it.each([
    ['2026-03-27 10:00:00', '2026-03-27T10:00:00+00:00'], // Friday before BST
    ['2026-03-30 10:00:00', '2026-03-30T10:00:00+01:00'], // Monday after the spring change
    ['2026-10-23 10:00:00', '2026-10-23T10:00:00+01:00'], // Friday before GMT
    ['2026-10-26 10:00:00', '2026-10-26T10:00:00+00:00'], // Monday after the autumn change
  ])('naive activity timestamp %s is UK local time %s', (naive, expected) => {
    const point = mapActivityPoint(
      activitySchema.parse({ data: [{ id: 1, timestamp: naive, polarity: 'negative', score: -1 }] }).data[0]!,
    );
    expect(point.timestamp).toBe(expected);
    expect(Date.parse(point.timestamp!)).toBe(Date.parse(expected));
  });

  it('lesson times keep the offset of their own day on both sides of a change', () => {
    const friday = mapLesson(
      lessonRow({
        date: '2026-03-27',
        start_time: '2026-03-27T08:45:00+00:00',
        end_time: '2026-03-27T09:45:00+00:00',
      }),
      '2026-03-27',
    );
    const monday = mapLesson(
      lessonRow({
        date: '2026-03-30',
        start_time: '2026-03-30T08:45:00+01:00',
        end_time: '2026-03-30T09:45:00+01:00',
      }),
      '2026-03-30',
    );
    expect([friday.start, friday.end]).toEqual(['2026-03-27T08:45:00+00:00', '2026-03-27T09:45:00+00:00']);
    expect([monday.start, monday.end]).toEqual(['2026-03-30T08:45:00+01:00', '2026-03-30T09:45:00+01:00']);
  });

  it('a lesson sent in UTC or naive is re-expressed in UK time, never shifted', () => {
    const utc = mapLesson(
      lessonRow({ start_time: '2026-06-15T07:45:00Z', end_time: '2026-06-15T08:45:00' }),
      '2026-06-15',
    );
    expect(utc.start).toBe('2026-06-15T08:45:00+01:00');
    expect(utc.end).toBe('2026-06-15T08:45:00+01:00');
  });

  it('detention start combines the UK day and time with that day’s offset', () => {
    const row = (date: string) =>
      mapDetention(detentionSchema.parse({ id: 1, attended: 'pending', date, time: '16:00', length: '30' }));
    expect(row('2026-10-23T00:00:00+00:00')).toMatchObject({
      date: '2026-10-23',
      start: '2026-10-23T16:00:00+01:00',
    });
    expect(row('2026-10-26T00:00:00+00:00')).toMatchObject({
      date: '2026-10-26',
      start: '2026-10-26T16:00:00+00:00',
    });
    expect(row('2026-10-26T00:00:00+00:00').lengthMinutes).toBe(30);
  });

  // The one known malformed detention date (veloii/classcharts-rs@a2262b7429 src/api/detentions.rs:131, a
  // hand-written body): its day is still plain, so the detention keeps its day and its reminders.
  it('a malformed detention date keeps its leading YYYY-MM-DD', () => {
    const row = (date: string) =>
      mapDetention(detentionSchema.parse({ id: 1, attended: 'pending', date, time: '16:00', length: '30' }));
    expect(row('2023-08-24:00:00+00:00')).toMatchObject({
      date: '2023-08-24',
      start: '2023-08-24T16:00:00+01:00',
    });
    expect(row('2023-02-30:00:00+00:00')).toMatchObject({ date: null, start: null });
    expect(row('soon')).toMatchObject({ date: null, start: null });
  });

  it('toIsoDate and toInstant turn malformed values into null', () => {
    expect(toIsoDate('2023-08-24:00:00+00:00')).toBeNull();
    expect(toIsoDate('2026-02-30')).toBeNull();
    expect(toIsoDate('2026-03-29T23:30:00+00:00')).toBe('2026-03-30'); // 00:30 BST the next day
    expect(toInstant('21/04/2023 10:00')).toBeNull();
    expect(toInstant('')).toBeNull();
    expect(toInstant(null)).toBeNull();
  });
});

describe('quirks', () => {
  it('lesson: optional is_break, numeric period number, cover lesson, nulls', () => {
    const lesson = mapLesson(
      lessonRow({
        period_number: 3,
        is_break: 'yes',
        is_alternative_lesson: 1,
        room_name: null,
        teacher_name: null,
        start_time: 'garbage',
        end_time: null,
      }),
      '2026-06-15',
    );
    expect(lesson).toMatchObject({
      period: '3',
      isBreak: true,
      isAlternative: true,
      room: '',
      teacher: '',
      start: null,
      end: null,
      date: '2026-06-15',
    });
  });

  it('lesson: keeps the period name, which carries the rota week (§5.7)', () => {
    const lesson = (periodName: unknown) => mapLesson(lessonRow({ period_name: periodName }), '2026-06-15');
    expect(lesson('ATue:1').periodName).toBe('ATue:1');
    expect(lesson('W02:D01:01').periodName).toBe('W02:D01:01');
    expect(lesson(null).periodName).toBe('');
  });

  it('homework: numbers as strings, nulls, old and new attachment names, links', () => {
    const homework = mapHomework(
      homeworkSchema.parse({
        id: '77',
        lesson: '7A/Pe1',
        subject: null,
        teacher: null,
        homework_type: 'Homework',
        title: null,
        description: '\n\n<p>Run&nbsp;5k</p>',
        issue_date: '2026-06-10',
        due_date: 'soon',
        completion_time_unit: 'minutes',
        completion_time_value: '30',
        status: { id: 9, state: null, ticked: 'yes' },
        validated_links: [{ link: 'example.com/a', validated_link: 'https://example.com/a' }],
        validated_attachments: [
          { filename: 'sheet.pdf', file: 'https://f/1', validated_file: 'https://v/1' },
          { file_name: 'old.pdf', file: 'https://f/2', validated_file: '' },
        ],
      }),
    );
    expect(homework).toMatchObject({
      id: 77,
      title: 'Homework',
      subject: null,
      teacher: null,
      dueDate: null,
      status: 'ticked',
      estimate: { value: 30, unit: 'minutes' },
      links: [{ url: 'https://example.com/a', label: 'example.com/a' }],
    });
    // No validated copy: the upload as it was, marked as not virus-checked by the service (issue 26 §3).
    expect(homework.attachments).toEqual([
      { name: 'sheet.pdf', url: 'https://v/1' },
      { name: 'old.pdf', url: 'https://f/2', unscanned: true },
    ]);
  });

  it.each([
    ['completed', 'yes', 'completed'],
    ['late', 'no', 'late'],
    // The teacher's verdict wins over the pupil's tick; none of these is left to do (NikDeKur
    // ModalHomework.kt decodeHomeWorkState; the /pupils counters count not_completed, excused and submitted
    // apart from to-do, classcharts-api-js 2.12.3 types.d.ts Pupil).
    ['not_completed', 'yes', 'missed'],
    ['not_completed', 'no', 'missed'],
    ['excused', 'no', 'excused'],
    ['submitted', 'no', 'submitted'],
    ['marked_by_robot', 'no', 'other'],
    ['', 'yes', 'ticked'],
    [null, 'no', 'todo'],
    [null, null, 'todo'],
  ] as const)('homework state %s, ticked %s → %s', (state, ticked, expected) => {
    expect(homeworkStatus(state, ticked === null ? null : ticked === 'yes')).toBe(expected);
  });

  // Issue 15: a record of 100 KB fields (broken or hostile) is cut when mapped, so every snapshot main
  // sends the popover stays small; addresses stay whole (a cut one would go elsewhere).
  it('a 100 KB field is cut to 1,000 characters and 100 KB of HTML to 100,000; addresses are kept', () => {
    const huge = 'Ab9'.repeat(34_000);
    const url = `https://example.org/${'a'.repeat(100_000)}`;
    const homework = mapHomework(
      homeworkSchema.parse({
        id: 78,
        lesson: huge,
        subject: huge,
        teacher: huge,
        homework_type: 'Homework',
        title: huge,
        description: `<p>${huge}${huge}</p>`,
        issue_date: '2026-06-10',
        due_date: '2026-06-12',
        completion_time_unit: 'minutes',
        completion_time_value: '30',
        status: { id: 9, state: 'not_completed', ticked: 'no' },
        validated_links: [{ link: huge, validated_link: url }],
        validated_attachments: [],
      }),
    );
    for (const field of [homework.title, homework.subject, homework.className, homework.teacher]) {
      expect(field).toHaveLength(SCHOOL_TEXT_MAX);
      expect(field!.endsWith('…')).toBe(true);
    }
    expect(homework.descriptionHtml).toHaveLength(SCHOOL_HTML_MAX);
    expect(homework.links).toEqual([{ url, label: `${huge.slice(0, SCHOOL_TEXT_MAX - 1)}…` }]);
    expect(mapLesson(lessonRow({ subject_name: '😀'.repeat(600) }), '2026-06-15').subject).toBe(
      `${'😀'.repeat(499)}…`,
    );
  });

  it('behaviour reasons are cut like text, and counts of reasons that then agree add up', () => {
    const long = 'r'.repeat(2_000);
    const summary = mapBehaviour(
      behaviourSchema.parse({
        data: {
          timeline: [],
          positive_reasons: { [`${long}a`]: 1, [`${long}b`]: 2 },
          negative_reasons: {},
        },
        meta: [],
      }).data,
    );
    expect(summary.positiveReasons).toEqual({ [`${'r'.repeat(SCHOOL_TEXT_MAX - 1)}…`]: 3 });
    expect(summary.totalPositive).toBe(3);
  });

  // status.mark and status.has_feedback (docs/classcharts-api.md §5.6; classcharts-api-js 2.12.3
  // types.d.ts Homework status); meta.display_marks says whether the school shows marks at all.
  it('homework: the mark (trimmed) and feedback come through; a blank mark or none is null', () => {
    const marked = (status: Record<string, unknown>) =>
      mapHomework(
        homeworkSchema.parse({ id: 5, title: 'Essay', status: { id: 6, state: 'completed', ...status } }),
      );
    expect(marked({ mark: ' 7/10 ', mark_relative: 0, has_feedback: true })).toMatchObject({
      mark: '7/10',
      hasFeedback: true,
    });
    expect(marked({ mark: 'B+', has_feedback: 'no' })).toMatchObject({ mark: 'B+', hasFeedback: false });
    expect(marked({ mark: '', has_feedback: 1 })).toMatchObject({ mark: null, hasFeedback: true });
    expect(marked({ mark: 8 })).toMatchObject({ mark: '8', hasFeedback: false });
    expect(marked({})).toMatchObject({ mark: null, hasFeedback: false });
    expect(mapHomework(homeworkSchema.parse({ id: 5 }))).toMatchObject({ mark: null, hasFeedback: false });
  });

  it('homework: a school that does not show marks (display_marks false) hides the mark, not the feedback', () => {
    const body = homeworksSchema.parse({
      success: 1,
      data: [
        { id: 5, title: 'Essay', status: { id: 6, state: 'completed', mark: 'B+', has_feedback: true } },
      ],
      meta: { display_marks: false },
    });
    expect(body.meta?.display_marks).toBe(false);
    expect(mapHomework(body.data[0]!, false)).toMatchObject({ mark: null, hasFeedback: true });
    expect(mapHomework(body.data[0]!, true)).toMatchObject({ mark: 'B+', hasFeedback: true });
    expect(homeworksSchema.parse({ data: [], meta: { display_marks: 'yes' } }).meta?.display_marks).toBe(
      true,
    );
    expect(homeworksSchema.parse({ data: [], meta: [] }).meta?.display_marks).toBeUndefined();
  });

  it('envelope: meta [] and a missing status are accepted', () => {
    const body = homeworksSchema.parse({
      success: 1,
      data: [{ id: 1, title: 'Essay', issue_date: '2026-06-01', due_date: '2026-06-08' }],
      meta: [],
    });
    expect(mapHomework(body.data[0]!)).toMatchObject({
      status: 'todo',
      statusId: null,
      dueDate: '2026-06-08',
    });
  });

  it('activity: last_id as a string, unknown polarity is neutral', () => {
    const page = activitySchema.parse({
      data: [{ id: 2, polarity: 'blank', score: '0' }],
      meta: { last_id: '2' },
    });
    expect(page.meta?.last_id).toBe('2');
    expect(mapActivityPoint(page.data[0]!)).toMatchObject({ polarity: 'neutral', score: 0, reason: '' });
  });

  it('behaviour: data [], counts as strings, a malformed week start falls back to its US-style name', () => {
    expect(mapBehaviour(behaviourSchema.parse({ data: [], meta: [] }).data)).toEqual({
      weeks: [],
      positiveReasons: {},
      negativeReasons: {},
      totalPositive: 0,
      totalNegative: 0,
    });
    const summary = mapBehaviour(
      behaviourSchema.parse({
        data: {
          timeline: [{ positive: '2', negative: 1, name: '9/4/2023', start: 'bad', end: '2023-09-10' }],
          positive_reasons: { Kindness: '2' },
          negative_reasons: { Late: 1 },
        },
      }).data,
    );
    expect(summary.weeks).toEqual([{ start: '2023-09-04', end: '2023-09-10', positive: 2, negative: 1 }]);
    expect(summary.positiveReasons).toEqual({ Kindness: 2 });
  });

  it('behaviour: a .NET placeholder week start (0001-01-01) is no date, so the US-style name is used', () => {
    const summary = mapBehaviour(
      behaviourSchema.parse({
        data: {
          timeline: [
            {
              positive: 11,
              negative: 5,
              name: '5/25/2026',
              start: '0001-01-01T00:00:00+00:00',
              end: '2026-05-31',
            },
            { positive: 1, negative: 0, name: 'junk', start: '0001-01-01', end: '0001-01-01' },
          ],
        },
      }).data,
    );
    expect(summary.weeks).toEqual([{ start: '2026-05-25', end: '2026-05-31', positive: 11, negative: 5 }]);
  });

  it('placeholder dates before 1900 read as no date, real ones still read', () => {
    expect(toIsoDate('0001-01-01T00:00:00+00:00')).toBeNull();
    expect(toIsoDate('0001-01-01')).toBeNull();
    expect(toIsoDate('0099-12-31')).toBeNull();
    expect(toInstant('0001-01-01 00:00:00')).toBeNull();
    expect(toIsoDate('2024-02-29')).toBe('2024-02-29');
    expect(toIsoDate('1999-12-31T23:30:00+00:00')).toBe('1999-12-31');
  });

  it('badges: pupil_badges wrapped in pupil_event are read like unwrapped ones', () => {
    const event = {
      timestamp: '2026-01-15T09:00:00+00:00',
      lesson_pupil_behaviour: {
        reason: 'Helpful',
        score: 1,
        icon: 'x',
        polarity: 'positive',
        timestamp: '2026-01-15T09:00:00+00:00',
        teacher: { title: 'Ms', first_name: 'A', last_name: 'Khan' },
      },
      event: { label: 'Star' },
    };
    const wrapped = mapBadge(
      badgeSchema.parse({ id: 1, name: 'Star', pupil_badges: [{ pupil_event: event }] }),
    );
    const bare = mapBadge(badgeSchema.parse({ id: 1, name: 'Star', pupil_badges: [event] }));
    expect(wrapped.events).toEqual([
      { timestamp: '2026-01-15T09:00:00+00:00', reason: 'Helpful', label: 'Star', teacher: 'Ms A Khan' },
    ]);
    expect(bare.events).toEqual(wrapped.events);
  });

  // A parent answers consent for each child: with no top-level consent, the child's own pupil_consents entry
  // (pupil.id a string, classcharts-api-js 2.12.3 types.d.ts AnnouncementPupilConsent) says whether it is
  // given; before, the app asked a parent who had consented for consent again.
  it("announcements: a parent's consent is read per pupil from pupil_consents", () => {
    const raw = announcementSchema.parse({
      id: 4,
      title: 'Trip',
      requires_consent: 'yes',
      consent: null,
      timestamp: '2026-07-01T12:00:00+00:00',
      pupil_consents: [
        {
          pupil: { id: '4102571', first_name: 'A', last_name: 'B' },
          can_change_consent: true,
          consent: { consent_given: 'yes' },
        },
        {
          pupil: { id: '4102572', first_name: 'C', last_name: 'B' },
          can_change_consent: true,
          consent: null,
        },
      ],
      attachments: [],
    });
    expect(mapAnnouncement(raw, 4102571).consentGiven).toBe(true);
    expect(mapAnnouncement(raw, 4102572).consentGiven).toBeNull();
    expect(mapAnnouncement(raw).consentGiven).toBeNull();
    const odd = announcementSchema.parse({
      id: 5,
      timestamp: null,
      attachments: [],
      pupil_consents: 'garbage',
    });
    expect(mapAnnouncement(odd, 4102571).consentGiven).toBeNull();
  });

  it('announcements: null description, consent "no", priority pin, attachments', () => {
    const announcement = mapAnnouncement(
      announcementSchema.parse({
        id: 3,
        title: 'Trip',
        description: null,
        sticky: 'no',
        priority_pinned: 'yes',
        requires_consent: 'yes',
        consent: { consent_given: 'no', comment: null, parent_name: 'P' },
        timestamp: '2026-07-01T12:00:00+00:00',
        attachments: [{ filename: 'form.pdf', url: 'https://a/form.pdf' }],
      }),
    );
    expect(announcement).toMatchObject({
      descriptionHtml: '',
      pinned: true,
      requiresConsent: true,
      consentGiven: false,
      timestamp: '2026-07-01T13:00:00+01:00',
      attachments: [{ name: 'form.pdf', url: 'https://a/form.pdf' }],
    });
  });

  it.each([
    ['yes', 'attended'],
    ['no', 'missed'],
    ['upscaled', 'upscaled'],
    ['pending', 'pending'],
  ])('detention attended %s → %s; nullable parts stay null', (attended, status) => {
    const detention = mapDetention(
      detentionSchema.parse({
        id: 1,
        attended,
        date: null,
        time: null,
        lesson: null,
        teacher: null,
        detention_type: null,
      }),
    );
    expect(detention).toMatchObject({
      status,
      date: null,
      time: null,
      start: null,
      teacher: null,
      subject: null,
      type: null,
    });
  });

  it('an item without an id is off-schema', () => {
    expect(homeworksSchema.safeParse({ data: [{ title: 'x' }] }).success).toBe(false);
  });
});
