// Notification rules: one table row per rule (and its edges), then the guarantees around them — no
// flood at first sign-in, no repeat after a restart, switches, quiet hours, privacy wording, parent names.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type NotificationKind, type Settings } from '../../../common/contract';
import { createMemoryStore } from '../../../main/adapters/memory-store';
import { LEDGER_MAX_AGE_MS, LEDGER_STORE_KEY, openLedger } from '../../../main/notify/ledger';
import { computeNotifications, inQuietHours, MAX_PER_KIND } from '../../../main/notify/notifications';
import type { AppNotification } from '../../../main/ports';
import { withDay, type KnownData, type KnownPupil } from '../../../main/known';
import type { Pupil } from '../../../common/domain';
import {
  announcement,
  award,
  badge,
  detention,
  homework,
  known,
  knownData,
  lesson,
  point,
  pupil,
} from '../../support/fixtures';

/** Monday 15 June 2026 (BST), at a London wall-clock time. */
const at = (hhmm: string, date = '2026-06-15') => Date.parse(`${date}T${hhmm}:00+01:00`);
const TODAY = '2026-06-15';
const settings = (over: Partial<Settings['notifications']> = {}): Settings['notifications'] => ({
  ...DEFAULT_SETTINGS.notifications,
  ...over,
});

function run(
  previous: KnownData | null,
  current: KnownData,
  now: number,
  options: { settings?: Partial<Settings['notifications']>; seen?: Set<string>; selected?: number } = {},
) {
  return computeNotifications({
    previous,
    current,
    now,
    settings: settings(options.settings),
    selectedPupilId: options.selected ?? current.pupils[0]?.pupil.id ?? null,
    seen: (id) => options.seen?.has(id) ?? false,
  });
}

const student = (p: KnownPupil) => knownData([p]);
const maths = (over = {}) => lesson(TODAY, '09:00', '10:00', over);

/** Detentions that get no reminder minutes before: not pending, or without a start time. */
const notRemindable = known({
  detentions: [
    detention(8, { date: TODAY, status: 'attended' }),
    detention(9, { date: TODAY, status: 'missed' }),
    detention(10, { date: TODAY, status: 'upscaled' }),
    detention(11, { date: TODAY, time: null, start: null }),
  ],
});

interface Row {
  rule: string;
  previous: KnownPupil;
  current: KnownPupil;
  now: number;
  settings?: Partial<Settings['notifications']>;
  expected: { kind: NotificationKind; title: string; body: string }[];
}

const rows: Row[] = [
  {
    rule: 'homework-new: a homework not seen before',
    previous: known({ homework: [homework(1)] }),
    current: known({ homework: [homework(1), homework(2)] }),
    now: at('16:00'),
    expected: [
      { kind: 'homework-new', title: 'New homework', body: 'Science: Worksheet 2 — due Thu 18 Jun' },
    ],
  },
  {
    rule: 'homework-new: not for homework issued weeks ago that just entered the window',
    previous: known({ homework: [] }),
    current: known({ homework: [homework(3, { issueDate: '2026-04-20', dueDate: '2026-07-10' })] }),
    now: at('16:00'),
    expected: [],
  },
  {
    rule: 'homework-due: open homework due tomorrow, from the evening hour',
    previous: known({ homework: [homework(4, { dueDate: '2026-06-16' })] }),
    current: known({ homework: [homework(4, { dueDate: '2026-06-16' })] }),
    now: at('18:00'),
    expected: [{ kind: 'homework-due', title: 'Homework due tomorrow', body: 'Science: Worksheet 4' }],
  },
  {
    rule: 'homework-due: not before the evening hour',
    previous: known({ homework: [homework(4, { dueDate: '2026-06-16' })] }),
    current: known({ homework: [homework(4, { dueDate: '2026-06-16' })] }),
    now: at('17:59'),
    expected: [],
  },
  {
    rule: 'homework-due: not when ticked off',
    previous: known({ homework: [homework(4, { dueDate: '2026-06-16', status: 'ticked' })] }),
    current: known({ homework: [homework(4, { dueDate: '2026-06-16', status: 'ticked' })] }),
    now: at('19:00'),
    expected: [],
  },
  {
    rule: 'homework-due: not when marked (completed, with a mark and feedback)',
    previous: known({ homework: [homework(4, { dueDate: '2026-06-16', status: 'completed' })] }),
    current: known({
      homework: [
        homework(4, { dueDate: '2026-06-16', status: 'completed', mark: '7/10', hasFeedback: true }),
      ],
    }),
    now: at('19:00'),
    expected: [],
  },
  {
    rule: 'homework-due: the hour is a setting',
    previous: known({ homework: [homework(4, { dueDate: '2026-06-16' })] }),
    current: known({ homework: [homework(4, { dueDate: '2026-06-16' })] }),
    now: at('16:10'),
    settings: { homeworkDueHour: 16 },
    expected: [{ kind: 'homework-due', title: 'Homework due tomorrow', body: 'Science: Worksheet 4' }],
  },
  {
    rule: 'homework set in the evening and due tomorrow: one notification (the new homework), saying so',
    previous: known({ homework: [] }),
    current: known({ homework: [homework(2, { dueDate: '2026-06-16' })] }),
    now: at('18:30'),
    expected: [{ kind: 'homework-new', title: 'New homework', body: 'Science: Worksheet 2 — due tomorrow' }],
  },
  {
    rule: 'detention-new: a pending detention not seen before',
    previous: known({ detentions: [] }),
    current: known({ detentions: [detention(7)] }),
    now: at('12:00'),
    expected: [
      {
        kind: 'detention-new',
        title: 'New detention',
        body: 'tomorrow 15:30 · Room 12 · 30 min · Late to lesson',
      },
    ],
  },
  {
    rule: 'detention-new: not for a past or attended one',
    previous: known({ detentions: [] }),
    current: known({
      detentions: [detention(8, { date: '2026-06-10' }), detention(9, { status: 'attended' })],
    }),
    now: at('12:00'),
    expected: [],
  },
  {
    rule: 'detention-today: a reminder on its day, from 07:00',
    previous: known({ detentions: [detention(7, { date: TODAY })] }),
    current: known({ detentions: [detention(7, { date: TODAY })] }),
    now: at('07:00'),
    expected: [{ kind: 'detention-today', title: 'Detention today', body: '15:30 · Room 12 · 30 min' }],
  },
  {
    rule: 'detention-today: not before 07:00 nor after it started',
    previous: known({
      detentions: [detention(7, { date: TODAY }), detention(8, { date: TODAY, time: '06:00' })],
    }),
    current: known({
      detentions: [detention(7, { date: TODAY }), detention(8, { date: TODAY, time: '06:00' })],
    }),
    now: at('06:59'),
    expected: [],
  },
  {
    rule: 'detention set for today: one notification (the new detention), not a reminder as well',
    previous: known({ detentions: [] }),
    current: known({ detentions: [detention(7, { date: TODAY })] }),
    now: at('12:00'),
    expected: [
      {
        kind: 'detention-new',
        title: 'New detention',
        body: 'today 15:30 · Room 12 · 30 min · Late to lesson',
      },
    ],
  },
  {
    rule: 'detention-soon: the reminder minutes before it starts, with the place (not the day reminder too)',
    previous: known({ detentions: [detention(7, { date: TODAY })] }),
    current: known({ detentions: [detention(7, { date: TODAY })] }),
    now: at('15:25'),
    expected: [
      { kind: 'detention-today', title: 'Detention in 5 minutes', body: 'Room 12 · 15:30 · 30 min' },
    ],
  },
  {
    rule: 'detention-soon: not for an attended, missed or upscaled one, nor one without a start time',
    previous: notRemindable,
    current: notRemindable,
    now: at('15:26'),
    expected: [
      // Only the day reminder of the one without a start time (it has no "minutes before").
      {
        kind: 'detention-today',
        title: 'Detention today',
        body: 'Room 12 · 30 min',
      },
    ],
  },
  {
    rule: 'detention-soon: off when the reminder minutes are 0',
    previous: known({ detentions: [detention(7, { date: TODAY })] }),
    current: known({ detentions: [detention(7, { date: TODAY })] }),
    now: at('15:28'),
    settings: { lessonReminderMinutes: 0 },
    expected: [{ kind: 'detention-today', title: 'Detention today', body: '15:30 · Room 12 · 30 min' }],
  },
  {
    rule: 'detention-soon: a detention set minutes before it starts is told once, as new',
    previous: known({ detentions: [] }),
    current: known({ detentions: [detention(7, { date: TODAY })] }),
    now: at('15:27'),
    expected: [
      {
        kind: 'detention-new',
        title: 'New detention',
        body: 'today 15:30 · Room 12 · 30 min · Late to lesson',
      },
    ],
  },
  {
    rule: 'announcement: a new one',
    previous: known({ announcements: [announcement(1)] }),
    current: known({ announcements: [announcement(1), announcement(2)] }),
    now: at('12:00'),
    expected: [{ kind: 'announcement', title: 'New announcement', body: 'Sports day 2 — Mrs K Head' }],
  },
  {
    rule: 'announcement: not an old one first seen now',
    previous: known({ announcements: [] }),
    current: known({ announcements: [announcement(3, { timestamp: '2026-03-01T09:00:00+00:00' })] }),
    now: at('12:00'),
    expected: [],
  },
  {
    rule: 'behaviour: positive and negative points; neutral ones are not notified',
    previous: known({ activity: [] }),
    current: known({
      activity: [
        point(1),
        point(2, { polarity: 'negative', reason: 'Talking', score: -1 }),
        point(3, { polarity: 'neutral', type: 'notice' }),
      ],
    }),
    now: at('12:00'),
    expected: [
      {
        kind: 'behaviour-positive',
        title: 'Positive behaviour point',
        body: 'Great effort (+1) · Ms A Lee · 10C/Sc1',
      },
      { kind: 'behaviour-negative', title: 'Behaviour point', body: 'Talking (-1) · Ms A Lee · 10C/Sc1' },
    ],
  },
  {
    rule: 'badge: a new one',
    previous: known({ badges: [] }),
    current: known({ badges: [badge(5)] }),
    now: at('12:00'),
    expected: [{ kind: 'badge', title: 'New badge', body: 'Star reader 5' }],
  },
  {
    rule: 'badge: earned again (a new award of a badge already held)',
    previous: known({ badges: [badge(5, { events: [award('2026-05-11T10:00:00+01:00')] })] }),
    current: known({
      badges: [
        badge(5, { events: [award('2026-05-11T10:00:00+01:00'), award('2026-06-15T11:00:00+01:00')] }),
      ],
    }),
    now: at('12:00'),
    expected: [{ kind: 'badge', title: 'New badge', body: 'Star reader 5' }],
  },
  {
    rule: 'badge: recent by the award, not by when the badge was created',
    previous: known({ badges: [] }),
    current: known({
      badges: [
        badge(6, { createdAt: '2025-09-01T00:00:00+01:00', events: [award('2026-06-15T11:00:00+01:00')] }),
        badge(7, { createdAt: '2026-06-14T00:00:00+01:00', events: [award('2026-03-02T11:00:00+00:00')] }),
      ],
    }),
    now: at('12:00'),
    expected: [{ kind: 'badge', title: 'New badge', body: 'Star reader 6' }],
  },
  {
    rule: 'lesson-soon: within the reminder minutes, with the room',
    previous: known({ lessons: [maths()] }),
    current: known({ lessons: [maths()] }),
    now: at('08:55'),
    expected: [{ kind: 'lesson-soon', title: 'Mathematics in 5 minutes', body: 'Room U07 · Mr J Doe · P09' }],
  },
  {
    rule: 'lesson-soon: not earlier, not for breaks, not when set to 0',
    previous: known({
      lessons: [maths(), lesson(TODAY, '08:58', '09:00', { isBreak: true, subject: 'Break' })],
    }),
    current: known({
      lessons: [maths(), lesson(TODAY, '08:58', '09:00', { isBreak: true, subject: 'Break' })],
    }),
    now: at('08:54'),
    expected: [],
  },
  {
    rule: 'lesson-soon: off at 0 minutes',
    previous: known({ lessons: [maths()] }),
    current: known({ lessons: [maths()] }),
    now: at('08:58'),
    settings: { lessonReminderMinutes: 0 },
    expected: [],
  },
  {
    rule: 'lesson-change: the room differs from the one first seen that day',
    previous: known({ lessons: [maths()] }),
    current: known({ lessons: [maths({ room: 'S3' })], firstSeenRooms: { [maths().id]: 'U07' } }),
    now: at('08:00'),
    expected: [
      { kind: 'lesson-change', title: 'Room change', body: 'Mathematics (P09) is now in S3, not U07' },
    ],
  },
  {
    rule: 'lesson-change: a room change found before 07:00 is told at 07:00 (the minute tick)',
    previous: known({ lessons: [maths({ room: 'S3' })], firstSeenRooms: { [maths().id]: 'U07' } }),
    current: known({ lessons: [maths({ room: 'S3' })], firstSeenRooms: { [maths().id]: 'U07' } }),
    now: at('07:00'),
    expected: [
      { kind: 'lesson-change', title: 'Room change', body: 'Mathematics (P09) is now in S3, not U07' },
    ],
  },
  {
    rule: "lesson-change: at the midnight refresh, the new day's cover lessons are not told yet",
    previous: known({ lessons: [lesson('2026-06-14', '09:00', '10:00')] }),
    current: known({ lessons: [maths({ isAlternative: true, teacher: 'Mr Cover' })] }),
    now: Date.parse('2026-06-15T00:00:05+01:00'),
    expected: [],
  },
  {
    rule: 'lesson-change: nor before 07:00',
    previous: known({ lessons: [maths({ isAlternative: true, teacher: 'Mr Cover' })] }),
    current: known({ lessons: [maths({ isAlternative: true, teacher: 'Mr Cover' })] }),
    now: at('06:59'),
    expected: [],
  },
  {
    rule: 'lesson-change: a cover lesson of today is told from 07:00 (the minute tick)',
    previous: known({ lessons: [maths({ isAlternative: true, teacher: 'Mr Cover' })] }),
    current: known({ lessons: [maths({ isAlternative: true, teacher: 'Mr Cover' })] }),
    now: at('07:00'),
    expected: [
      { kind: 'lesson-change', title: 'Cover lesson', body: 'Mathematics (P09) · Room U07 · Mr Cover' },
    ],
  },
  {
    rule: 'lesson-change: never in quiet hours',
    previous: known({ lessons: [maths({ isAlternative: true, teacher: 'Mr Cover' })] }),
    current: known({ lessons: [maths({ isAlternative: true, teacher: 'Mr Cover' })] }),
    now: at('07:00'),
    settings: { quietHours: { enabled: true, start: '21:00', end: '07:30' } },
    expected: [],
  },
  {
    rule: 'lesson-change: a cover lesson appeared',
    previous: known({ lessons: [maths()] }),
    current: known({ lessons: [maths({ isAlternative: true, teacher: 'Mr Cover' })] }),
    now: at('08:00'),
    expected: [
      { kind: 'lesson-change', title: 'Cover lesson', body: 'Mathematics (P09) · Room U07 · Mr Cover' },
    ],
  },
  {
    rule: 'lesson-change: a cover lesson in another room is one notification that says both',
    previous: known({ lessons: [maths()] }),
    current: known({
      lessons: [maths({ isAlternative: true, teacher: 'Mr Cover', room: 'S3' })],
      firstSeenRooms: { [maths().id]: 'U07' },
    }),
    now: at('08:00'),
    expected: [
      {
        kind: 'lesson-change',
        title: 'Cover lesson, room change',
        body: 'Mathematics (P09) is now in S3, not U07 · Mr Cover',
      },
    ],
  },
  {
    rule: 'lesson-change: nothing for a lesson that has ended',
    previous: known({ lessons: [maths()] }),
    current: known({ lessons: [maths({ room: 'S3' })] }),
    now: at('10:30'),
    expected: [],
  },
];

describe('notification rules', () => {
  it.each(rows)('$rule', ({ previous, current, now, settings: over, expected }) => {
    const { show } = run(student(previous), student(current), now, { settings: over ?? {} });
    expect(show.map(({ kind, title, body }) => ({ kind, title, body }))).toEqual(expected);
  });

  it('a cover lesson is told once a day: the ledger id names the lesson and the day', () => {
    const cover = (date: string) =>
      student(known({ lessons: [lesson(date, '09:00', '10:00', { isAlternative: true })] }));
    const first = run(cover(TODAY), cover(TODAY), at('07:00'));
    expect(first.show.map((n) => n.id)).toEqual([
      `lesson-change:4102571:${TODAY}:10C/Ma1:P09:09:00:alternative`,
    ]);
    expect(run(cover(TODAY), cover(TODAY), at('07:01'), { seen: new Set(first.record) }).show).toEqual([]);
    const tomorrow = run(cover(TODAY), cover('2026-06-16'), at('07:00', '2026-06-16'), {
      seen: new Set(first.record),
    });
    expect(tomorrow.show.map((n) => n.title)).toEqual(['Cover lesson']);
  });

  it('a detention set for today: its day reminder is recorded with it, so the next minute tells nothing', () => {
    const before = student(known({ detentions: [] }));
    const after = student(known({ detentions: [detention(7, { date: TODAY })] }));
    const first = run(before, after, at('12:00'));
    expect(first.record).toEqual(['detention-new:4102571:7', `detention-today:4102571:7:${TODAY}`]);
    expect(run(after, after, at('12:01'), { seen: new Set(first.record) }).show).toEqual([]);
  });

  it('each notification has a ledger id and a click target', () => {
    const { show } = run(
      student(known({ homework: [], detentions: [] })),
      student(known({ homework: [homework(2)], detentions: [detention(7)] })),
      at('12:00'),
    );
    expect(show.map((n) => [n.id, n.target])).toEqual([
      ['homework-new:4102571:2', { view: 'homework', homeworkId: 2 }],
      ['detention-new:4102571:7', { view: 'more', kind: 'detentions', itemId: 7 }],
    ]);
  });
});

describe('notifications: no flood, no repeats', () => {
  const everything = known({
    lessons: [maths()],
    homework: [homework(1), homework(2, { dueDate: '2026-06-16' })],
    detentions: [detention(7, { date: TODAY, time: '19:30' })],
    announcements: [announcement(1)],
    activity: [point(1)],
    badges: [badge(1)],
  });

  it('the first sync after sign-in records everything silently', () => {
    const first = run(null, student(everything), at('18:30'));
    expect(first.show).toEqual([]);
    expect(first.record).toEqual(
      expect.arrayContaining([
        'homework-new:4102571:1',
        'homework-due:4102571:2:2026-06-16',
        'detention-new:4102571:7',
        'detention-today:4102571:7:2026-06-15',
        'announcement:1',
        'behaviour-positive:4102571:1',
        'badge:4102571:1:2026-06-15T00:00:00+01:00',
      ]),
    );
  });

  it('after the silent first sync, only what is new is shown', () => {
    const seen = new Set(run(null, student(everything), at('18:30')).record);
    const next = {
      ...everything,
      homework: { fetchedAt: 1, items: [...everything.homework!.items, homework(3)] },
    };
    const { show } = run(student(everything), student(next), at('18:45'), { seen });
    expect(show.map((n) => n.id)).toEqual(['homework-new:4102571:3']);
  });

  it('a kind fetched for the first time later (background) is also recorded silently', () => {
    const before = known({ homework: [homework(1)] });
    const after = { ...before, badges: { fetchedAt: 1, items: [badge(1), badge(2)] } };
    expect(run(student(before), student(after), at('12:00')).show).toEqual([]);
  });

  it('nothing is notified twice across a restart (ledger persisted through the store)', () => {
    const store = createMemoryStore();
    const previous = student(known({ homework: [homework(1)] }));
    const current = student(known({ homework: [homework(1), homework(2, { dueDate: '2026-06-16' })] }));
    const ledger = openLedger(store);
    const first = run(previous, current, at('18:05'), { seen: new Set() });
    // Homework set in the evening and due tomorrow is one notification ("New homework … due tomorrow");
    // its due-tomorrow reminder is recorded with it, so the restart must not tell that either.
    expect(first.show.map((n) => n.kind)).toEqual(['homework-new']);
    expect(first.record).toEqual(['homework-new:4102571:2', 'homework-due:4102571:2:2026-06-16']);
    ledger.record(first.record, at('18:05'));

    // Restart: a new ledger over the same store; the cache still held the data from before.
    const reopened = openLedger(store);
    const again = computeNotifications({
      previous,
      current,
      now: at('18:20'),
      settings: settings(),
      selectedPupilId: null,
      seen: (id) => reopened.has(id),
    });
    expect(again.show).toEqual([]);
  });

  it('the ledger drops entries older than its maximum age when saving', () => {
    const store = createMemoryStore();
    const ledger = openLedger(store);
    ledger.record(['old'], 0);
    ledger.record(['new'], LEDGER_MAX_AGE_MS + 1);
    expect(ledger.has('old')).toBe(false);
    expect(Object.keys(store.get<{ entries: object }>(LEDGER_STORE_KEY)?.entries ?? {})).toEqual(['new']);
  });
});

describe('notifications: switches, quiet hours, privacy, parents', () => {
  const previous = student(known({ homework: [], activity: [] }));
  const current = student(
    known({
      homework: [homework(2)],
      activity: [point(9, { polarity: 'negative', reason: 'Talking', score: -1 })],
    }),
  );

  it('the master switch off shows nothing but records, so switching on later does not flood', () => {
    const off = run(previous, current, at('12:00'), { settings: { enabled: false } });
    expect(off.show).toEqual([]);
    const on = run(previous, current, at('12:01'), { seen: new Set(off.record) });
    expect(on.show).toEqual([]);
  });

  it('a kind switched off is not shown; other kinds are', () => {
    const kinds = { ...DEFAULT_SETTINGS.notifications.kinds, 'homework-new': false };
    const { show } = run(previous, current, at('12:00'), { settings: { kinds } });
    expect(show.map((n) => n.kind)).toEqual(['behaviour-negative']);
  });

  it.each([
    ['22:30', true],
    ['06:59', true],
    ['07:00', false],
    ['20:59', false],
  ])('quiet hours 21:00–07:00 wrap past midnight: %s quiet = %s', (time, quiet) => {
    const quietHours = { enabled: true, start: '21:00', end: '07:00' };
    expect(inQuietHours(at(time), quietHours)).toBe(quiet);
    expect(run(previous, current, at(time), { settings: { quietHours } }).show.length === 0).toBe(quiet);
  });

  it('quiet hours in the same day, and an empty window', () => {
    expect(inQuietHours(at('13:00'), { enabled: true, start: '12:00', end: '14:00' })).toBe(true);
    expect(inQuietHours(at('14:00'), { enabled: true, start: '12:00', end: '14:00' })).toBe(false);
    expect(inQuietHours(at('13:00'), { enabled: true, start: '13:00', end: '13:00' })).toBe(false);
    expect(inQuietHours(at('13:00'), { enabled: false, start: '12:00', end: '14:00' })).toBe(false);
  });

  it('privacy mode words notifications generically: no subject, title, reason, teacher or score', () => {
    const { show } = run(previous, current, at('12:00'), { settings: { privacy: true } });
    expect(show.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'New homework', body: 'New homework has been set.' },
      { title: 'New behaviour update', body: 'Open ClassCharts Tray for details.' },
    ]);
    const text = JSON.stringify(show);
    for (const secret of ['Science', 'Worksheet', 'Talking', 'Lee', '-1']) expect(text).not.toContain(secret);
  });

  it('a parent sees each pupil named; lesson reminders only for the selected pupil', () => {
    const jane = pupil();
    const tom = pupil({ id: 4102572, name: 'Tom Smith', firstName: 'Tom' });
    const both = (extra: Partial<KnownPupil>) =>
      knownData(
        [
          { ...known({ pupil: jane, lessons: [maths()], homework: [] }), ...extra },
          known({ pupil: tom, lessons: [maths({ subject: 'Art' })], homework: [homework(5)] }),
        ],
        'parent',
      );
    const before = knownData(
      [
        known({ pupil: jane, lessons: [maths()], homework: [] }),
        known({ pupil: tom, lessons: [maths()], homework: [] }),
      ],
      'parent',
    );
    const { show } = run(before, both({}), at('08:56'), { selected: jane.id });
    expect(show.map((n: AppNotification) => [n.pupilId, n.title])).toEqual([
      [jane.id, 'Jane: Mathematics in 4 minutes'],
      [tom.id, 'Tom: New homework'],
    ]);
  });

  it(`more than ${MAX_PER_KIND} of one kind at once become one summary`, () => {
    const many = Array.from({ length: 5 }, (_, i) => homework(10 + i));
    const { show, record } = run(
      student(known({ homework: [] })),
      student(known({ homework: many })),
      at('12:00'),
    );
    expect(show.map(({ title, target }) => ({ title, target }))).toEqual([
      { title: '5 new homework tasks', target: { view: 'homework' } },
    ]);
    expect(record).toHaveLength(5);
  });
});

/**
 * Runs the rules at each time in turn, as the minute tick does (the same data before and after), with a
 * ledger carried from run to run; returns what was shown at each time.
 */
function ticks(
  data: KnownData,
  times: string[],
  options: { settings?: Partial<Settings['notifications']>; seen?: Set<string> } = {},
): Record<string, string[]> {
  const seen = options.seen ?? new Set<string>();
  const shown: Record<string, string[]> = {};
  for (const time of times) {
    const result = run(data, data, at(time), { settings: options.settings ?? {}, seen });
    for (const id of result.record) seen.add(id);
    shown[time] = result.show.map((n) => n.title);
  }
  return shown;
}

describe('notifications: one notification per thing at once', () => {
  it('a detention reminder minutes before it starts: once, and once only', () => {
    const data = student(known({ detentions: [detention(7, { date: TODAY })] }));
    expect(ticks(data, ['07:00', '15:24', '15:25', '15:26', '15:29', '15:30'])).toEqual({
      '07:00': ['Detention today'],
      '15:24': [],
      '15:25': ['Detention in 5 minutes'],
      '15:26': [],
      '15:29': [],
      '15:30': [],
    });
  });

  it('a detention reminder uses the lesson reminder minutes', () => {
    const data = student(known({ detentions: [detention(7, { date: TODAY })] }));
    const seen = new Set([`detention-today:4102571:7:${TODAY}`]);
    expect(ticks(data, ['15:19', '15:20'], { settings: { lessonReminderMinutes: 10 }, seen })).toEqual({
      '15:19': [],
      '15:20': ['Detention in 10 minutes'],
    });
  });

  it('a detention reminder is under the "Detention today" switch', () => {
    const data = student(known({ detentions: [detention(7, { date: TODAY })] }));
    const kinds = { ...DEFAULT_SETTINGS.notifications.kinds, 'detention-today': false };
    expect(ticks(data, ['07:00', '15:25'], { settings: { kinds } })).toEqual({ '07:00': [], '15:25': [] });
  });

  it('a detention reminder in privacy mode names neither detention nor place', () => {
    const data = student(known({ detentions: [detention(7, { date: TODAY, location: 'Hall B' })] }));
    const { show } = run(data, data, at('15:25'), { settings: { privacy: true } });
    expect(show.map(({ title, body, target }) => ({ title, body, target }))).toEqual([
      {
        title: 'Reminder',
        body: 'Starts in 5 minutes. Open ClassCharts Tray for details.',
        target: { view: 'more', kind: 'detentions', itemId: 7 },
      },
    ]);
    const text = JSON.stringify(show.map(({ title, body }) => [title, body])).toLowerCase();
    for (const secret of ['detention', 'hall b', 'late', 'doe']) expect(text).not.toContain(secret);
  });

  it('a parent gets detention reminders minutes before for the selected pupil only (like lesson reminders)', () => {
    const jane = pupil();
    const tom = pupil({ id: 4102572, name: 'Tom Smith', firstName: 'Tom' });
    const data = knownData(
      [
        known({ pupil: jane, detentions: [detention(7, { date: TODAY })] }),
        known({ pupil: tom, detentions: [detention(8, { date: TODAY })] }),
      ],
      'parent',
    );
    const seen = new Set([`detention-today:${jane.id}:7:${TODAY}`, `detention-today:${tom.id}:8:${TODAY}`]);
    const { show } = run(data, data, at('15:25'), { selected: jane.id, seen });
    expect(show.map((n) => n.title)).toEqual(['Jane: Detention in 5 minutes']);
  });

  it('homework set in the evening and due tomorrow: its due reminder is recorded with it, never told later', () => {
    const before = student(known({ homework: [] }));
    const after = student(known({ homework: [homework(2, { dueDate: '2026-06-16' })] }));
    const first = run(before, after, at('18:30'));
    expect(first.show.map((n) => n.kind)).toEqual(['homework-new']);
    expect(ticks(after, ['18:31', '20:00'], { seen: new Set(first.record) })).toEqual({
      '18:31': [],
      '20:00': [],
    });
  });

  it('new homework in privacy mode still says it is due tomorrow', () => {
    const before = student(known({ homework: [] }));
    const after = student(known({ homework: [homework(2, { dueDate: '2026-06-16' })] }));
    const { show } = run(before, after, at('18:30'), { settings: { privacy: true } });
    expect(show.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'New homework', body: 'New homework has been set, due tomorrow.' },
    ]);
  });

  it('the due reminder still comes when new-homework notifications are switched off', () => {
    const before = student(known({ homework: [] }));
    const after = student(known({ homework: [homework(2, { dueDate: '2026-06-16' })] }));
    const kinds = { ...DEFAULT_SETTINGS.notifications.kinds, 'homework-new': false };
    const { show } = run(before, after, at('18:30'), { settings: { kinds } });
    expect(show.map((n) => n.title)).toEqual(['Homework due tomorrow']);
  });

  it('many new homework at once: the summary does not say which is due tomorrow, so its reminder comes too', () => {
    const many = [homework(10, { dueDate: '2026-06-16' }), ...[11, 12, 13].map((id) => homework(id))];
    const { show } = run(student(known({ homework: [] })), student(known({ homework: many })), at('18:30'));
    expect(show.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: '4 new homework tasks', body: 'Open ClassCharts Tray to see them.' },
      { title: 'Homework due tomorrow', body: 'Science: Worksheet 10' },
    ]);
  });

  it('many timetable changes at once: a cover lesson in another room counts once in the summary', () => {
    const covers = ['09:00', '10:00', '11:00', '12:00'].map((start, i) =>
      lesson(TODAY, start, `${10 + i}:50`, { isAlternative: true, room: i === 0 ? 'S3' : 'U07' }),
    );
    const rooms = Object.fromEntries(covers.map((l) => [l.id, 'U07']));
    const data = student(known({ lessons: covers, firstSeenRooms: rooms }));
    const { show, record } = run(data, data, at('08:00'));
    expect(show.map((n) => n.title)).toEqual(['4 timetable changes']);
    expect(record).toHaveLength(5);
  });

  it('a cover lesson in another room: both facts recorded, neither told again', () => {
    const moved = student(
      known({
        lessons: [maths({ isAlternative: true, room: 'S3' })],
        firstSeenRooms: { [maths().id]: 'U07' },
      }),
    );
    const first = run(moved, moved, at('08:00'));
    const base = `lesson-change:4102571:${TODAY}:10C/Ma1:P09:09:00`;
    expect(first.show.map((n) => n.id)).toEqual([`${base}:alternative`]);
    expect(first.record).toEqual(expect.arrayContaining([`${base}:room:S3`, `${base}:alternative`]));
    expect(ticks(moved, ['08:01'], { seen: new Set(first.record) })).toEqual({ '08:01': [] });
  });
});

describe('notifications: every room move is told once', () => {
  const afternoon = (room: string) => lesson(TODAY, '14:00', '15:00', { room });
  const moved = (to: string, from: string) => `Mathematics (P14) is now in ${to}, not ${from}`;

  /**
   * The app over a day whose first refresh (00:05) found the lesson in room A. Each step is a refresh
   * that finds the lesson in `room` (compared with the data before), or without a room a minute tick (the
   * same data before and after); `restart` first reopens the ledger from its store (the cache holds the
   * data before). Returns the bodies shown at each step.
   */
  function day(steps: { at: string; room?: string; restart?: boolean }[]): string[][] {
    const store = createMemoryStore();
    let ledger = openLedger(store);
    const withRoom = (previous: KnownData | null, room: string, now: number): KnownData =>
      student({ ...known(), day: withDay(previous?.pupils[0]?.day ?? null, TODAY, [afternoon(room)], now) });
    let data = withRoom(null, 'A', at('00:05'));
    return steps.map((step) => {
      if (step.restart) ledger = openLedger(store);
      const now = at(step.at);
      const next = step.room === undefined ? data : withRoom(data, step.room, now);
      const seen = new Set(ledger.entries().map(([id]) => id));
      const result = run(data, next, now, { seen });
      ledger.record(result.record, now);
      data = next;
      return result.show.map((n) => n.body);
    });
  }

  it('A → B → A: the move back to the first room is told', () => {
    expect(
      day([{ at: '08:00', room: 'B' }, { at: '08:01' }, { at: '09:00', room: 'A' }, { at: '09:01' }]),
    ).toEqual([[moved('B', 'A')], [], [moved('A', 'B')], []]);
  });

  it('A → B → A → B: the second move to B is told too; none twice, across restarts too', () => {
    expect(
      day([
        { at: '08:00', room: 'B' },
        { at: '09:00', room: 'A' },
        { at: '10:00', room: 'B' },
        { at: '10:01' },
        { at: '10:02', restart: true },
        { at: '10:15', room: 'B', restart: true },
        { at: '11:00', room: 'A' },
      ]),
    ).toEqual([[moved('B', 'A')], [moved('A', 'B')], [moved('B', 'A')], [], [], [], [moved('A', 'B')]]);
  });

  it('before 07:00: a move is told at 07:00 from the first room; one undone by then is not told', () => {
    expect(day([{ at: '06:00', room: 'B' }, { at: '07:00' }, { at: '07:01' }])).toEqual([
      [],
      [moved('B', 'A')],
      [],
    ]);
    expect(day([{ at: '06:00', room: 'B' }, { at: '06:30', room: 'A' }, { at: '07:00' }])).toEqual([
      [],
      [],
      [],
    ]);
  });

  it('a move from a room never told is told from the room last told (closed at 06:00, opened at 07:30)', () => {
    expect(
      day([
        { at: '06:00', room: 'B' },
        { at: '07:30', room: 'C', restart: true },
      ]),
    ).toEqual([[], [moved('C', 'A')]]);
    expect(
      day([
        { at: '06:00', room: 'B' },
        { at: '07:30', room: 'A', restart: true },
      ]),
    ).toEqual([[], []]);
  });
});

describe('notifications: quiet hours hold reminders that are still useful', () => {
  const quietHours = { enabled: true, start: '22:00', end: '07:30' };

  it('the day reminder of a detention comes at the end of quiet hours, once', () => {
    const data = student(known({ detentions: [detention(7, { date: TODAY })] }));
    expect(ticks(data, ['07:00', '07:29', '07:30', '07:31'], { settings: { quietHours } })).toEqual({
      '07:00': [],
      '07:29': [],
      '07:30': ['Detention today'],
      '07:31': [],
    });
  });

  it('a detention for today found in quiet hours: the new-detention news is dropped, its day reminder comes', () => {
    const before = student(known({ detentions: [] }));
    const after = student(known({ detentions: [detention(7, { date: TODAY })] }));
    const first = run(before, after, at('07:10'), { settings: { quietHours } });
    expect(first.show).toEqual([]);
    expect(first.record).toEqual(['detention-new:4102571:7']);
    expect(
      ticks(after, ['07:30', '07:31'], { settings: { quietHours }, seen: new Set(first.record) }),
    ).toEqual({
      '07:30': ['Detention today'],
      '07:31': [],
    });
  });

  it('a cover lesson of today comes at the end of quiet hours', () => {
    const data = student(known({ lessons: [maths({ isAlternative: true, teacher: 'Mr Cover' })] }));
    expect(ticks(data, ['07:00', '07:30', '07:31'], { settings: { quietHours } })).toEqual({
      '07:00': [],
      '07:30': ['Cover lesson'],
      '07:31': [],
    });
  });

  it('homework due tomorrow comes at the end of evening quiet hours (before midnight)', () => {
    const data = student(known({ homework: [homework(4, { dueDate: '2026-06-16' })] }));
    const evening = { enabled: true, start: '17:00', end: '19:00' };
    expect(ticks(data, ['18:00', '19:00', '19:01'], { settings: { quietHours: evening } })).toEqual({
      '18:00': [],
      '19:00': ['Homework due tomorrow'],
      '19:01': [],
    });
  });

  it('a lesson reminder in quiet hours never comes once the lesson has started', () => {
    const data = student(known({ lessons: [maths()] }));
    const morning = { enabled: true, start: '22:00', end: '09:00' };
    expect(ticks(data, ['08:55', '08:59', '09:00', '09:01'], { settings: { quietHours: morning } })).toEqual({
      '08:55': [],
      '08:59': [],
      '09:00': [],
      '09:01': [],
    });
  });

  it('a lesson reminder whose window outlasts quiet hours comes, with the minutes left', () => {
    const data = student(known({ lessons: [maths()] }));
    const morning = { enabled: true, start: '22:00', end: '08:57' };
    expect(ticks(data, ['08:55', '08:57', '08:58'], { settings: { quietHours: morning } })).toEqual({
      '08:55': [],
      '08:57': ['Mathematics in 3 minutes'],
      '08:58': [],
    });
  });

  it('news (a new homework, behaviour point) in quiet hours is recorded, not told later', () => {
    const before = student(known({ homework: [], activity: [] }));
    const after = student(known({ homework: [homework(2)], activity: [point(1)] }));
    const night = run(before, after, at('23:00'), { settings: { quietHours } });
    expect(night.show).toEqual([]);
    expect(ticks(after, ['07:30'], { settings: { quietHours }, seen: new Set(night.record) })).toEqual({
      '07:30': [],
    });
  });
});

describe('privacy mode on a parent account: no pupil named', () => {
  const jane = pupil({ name: 'Jane Smith', firstName: 'Jane', lastName: 'Smith' });
  const tom = pupil({ id: 4102572, name: 'Tom Harper', firstName: 'Tom', lastName: 'Harper' });
  const names = [jane, tom].flatMap((p) => [p.name, p.firstName, p.lastName]);
  type Parts = NonNullable<Parameters<typeof known>[0]>;
  /** What a child knows before and after, at a time; `n` tells the children's items apart. */
  interface PrivacyRow {
    kind: NotificationKind;
    case: string;
    now: number;
    before: (n: number) => Parts;
    after: (n: number) => Parts;
  }
  /** News: a list that was empty before. */
  const news = (
    kind: NotificationKind,
    what: string,
    now: number,
    after: (n: number) => Parts,
  ): PrivacyRow => ({
    kind,
    case: what,
    now,
    before: (n) => Object.fromEntries(Object.keys(after(n)).map((key) => [key, []])),
    after,
  });
  /** A reminder: found from the same data at a time. */
  const reminder = (
    kind: NotificationKind,
    what: string,
    now: number,
    data: (n: number) => Parts,
  ): PrivacyRow => ({
    kind,
    case: what,
    now,
    before: data,
    after: data,
  });
  const rows: PrivacyRow[] = [
    news('homework-new', 'new homework', at('12:00'), (n) => ({ homework: [homework(n)] })),
    news('homework-new', 'a summary of new homework', at('12:00'), (n) => ({
      homework: [1, 2, 3, 4, 5].map((i) => homework(n * 10 + i)),
    })),
    reminder('homework-due', 'homework due tomorrow', at('18:00'), (n) => ({
      homework: [homework(n, { dueDate: '2026-06-16' })],
    })),
    news('detention-new', 'a new detention', at('12:00'), (n) => ({ detentions: [detention(n)] })),
    reminder('detention-today', 'a detention today', at('12:00'), (n) => ({
      detentions: [detention(n, { date: TODAY })],
    })),
    reminder('detention-today', 'a detention in 5 minutes (selected child)', at('15:25'), (n) => ({
      detentions: [detention(n, { date: TODAY })],
    })),
    news('announcement', 'a new announcement', at('12:00'), (n) => ({ announcements: [announcement(n)] })),
    news('behaviour-positive', 'a positive behaviour point', at('12:00'), (n) => ({ activity: [point(n)] })),
    news('behaviour-negative', 'a behaviour point', at('12:00'), (n) => ({
      activity: [point(n, { polarity: 'negative', score: -1 })],
    })),
    news('badge', 'a new badge', at('12:00'), (n) => ({ badges: [badge(n)] })),
    reminder('lesson-soon', 'a lesson in 5 minutes (selected child)', at('08:55'), () => ({
      lessons: [maths()],
    })),
    {
      kind: 'lesson-change',
      case: 'a cover lesson (selected child)',
      now: at('08:00'),
      before: () => ({ lessons: [maths()] }),
      after: () => ({ lessons: [maths({ isAlternative: true, teacher: 'Mr Cover' })] }),
    },
  ];

  it.each(rows)('$kind: $case', ({ kind, before, after, now }) => {
    const children = [jane, tom];
    const knows = (parts: (n: number) => Parts, p: Pupil) => known({ ...parts(p.id % 10), pupil: p });
    const parent = (parts: (n: number) => Parts) =>
      knownData(
        children.map((p) => knows(parts, p)),
        'parent',
      );
    const options = { settings: { privacy: true }, selected: tom.id };
    const { show } = run(parent(before), parent(after), now, options);
    expect(show.map((n) => n.kind)).toContain(kind);
    // As words: "Tom" is a name, "tomorrow" is not.
    for (const n of show) {
      for (const name of names) expect(`${n.title}\n${n.body}`).not.toMatch(new RegExp(`\\b${name}\\b`, 'i'));
    }
    // The selected child's notifications are worded as on the child's own account (no marker); each
    // notification still carries its child's id, so a click opens the popover on that child.
    const own = run(student(knows(before, tom)), student(knows(after, tom)), now, options).show;
    const tomsOwn = show.filter((n) => n.pupilId === tom.id);
    expect(tomsOwn.map(({ id, title, body }) => ({ id, title, body }))).toEqual(
      own.map(({ id, title, body }) => ({ id, title, body })),
    );
    expect(show.every((n) => n.pupilId === jane.id || n.pupilId === tom.id)).toBe(true);
  });
});
