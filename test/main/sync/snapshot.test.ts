// The snapshot (AppState) and the refresh schedule: lesson states and minutes to the next lesson,
// homework groups, pupil counts, freshness, and the timing rules (interval with backoff, midnight in
// Europe/London across clock changes, minute boundaries, the popover's five minutes).
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../common/contract';
import {
  extrasDue,
  intervalRefreshDue,
  midnightRefreshDelay,
  MIN_REFRESH_DELAY_MS,
  MIDNIGHT_MARGIN_MS,
  nextMinuteDelay,
  nextRefreshDelay,
  OVERNIGHT_INTERVAL_MS,
  popoverShouldRefresh,
  todayLessonsDue,
} from '../../../main/sync/schedule';
import {
  buildAppState,
  buildDayView,
  groupHomework,
  homeworkGroupKey,
  pupilView,
  schoolWeekEnd,
} from '../../../main/sync/snapshot';
import { detention, homework, known, knownData, lesson } from '../../support/fixtures';
import { mapHomework } from '../../../main/classcharts/map';
import { homeworksSchema } from '../../../main/classcharts/schemas';
import homeworksFixture from '../../support/fixtures/classcharts/homeworks.json';
import type { Homework } from '../../../common/domain';

const TODAY = '2026-06-15'; // a Monday, BST
const at = (hhmm: string, date = TODAY) => Date.parse(`${date}T${hhmm}:00+01:00`);
const day = [
  lesson(TODAY, '08:45', '09:45', { subject: 'Mathematics', period: 'P1' }),
  lesson(TODAY, '09:45', '10:05', { subject: 'Break', period: 'Break', isBreak: true, room: '' }),
  lesson(TODAY, '10:05', '11:05', { subject: 'English', period: 'P2', room: 'E1' }),
  lesson(TODAY, '10:05', '11:05', { subject: 'Art', period: 'P2', room: 'A1', className: '10C/Ar1' }),
  lesson(TODAY, '11:05', '12:05', { subject: 'Science', period: 'P3', room: 'S2' }),
];
const states = (now: number, date = TODAY) =>
  buildDayView(date, day, now).lessons.map((l) => `${l.subject}:${l.state}`);

describe('lesson states and minutes to the next lesson', () => {
  it('before school: the first lesson is next', () => {
    expect(states(at('08:00'))).toEqual([
      'Mathematics:next',
      'Break:later',
      'English:later',
      'Art:later',
      'Science:later',
    ]);
    expect(buildDayView(TODAY, day, at('08:00')).minutesToNext).toBe(45);
  });

  it('during a lesson: it is current and the next one (never a break) is next', () => {
    expect(states(at('09:30'))).toEqual([
      'Mathematics:current',
      'Break:later',
      'English:next',
      'Art:next',
      'Science:later',
    ]);
    expect(buildDayView(TODAY, day, at('09:30') + 30_000).minutesToNext).toBe(35); // rounded up
  });

  it('a lesson that ended is past; after school nothing is next', () => {
    expect(states(at('11:30'))).toEqual([
      'Mathematics:past',
      'Break:past',
      'English:past',
      'Art:past',
      'Science:current',
    ]);
    expect(buildDayView(TODAY, day, at('12:05')).minutesToNext).toBeNull();
  });

  it('another day: all past before today, all later after it, with no minutes to next', () => {
    const yesterday = day.map((l) => ({ ...l, date: '2026-06-14' }));
    expect(buildDayView('2026-06-14', yesterday, at('08:00')).lessons.every((l) => l.state === 'past')).toBe(
      true,
    );
    const view = buildDayView('2026-06-16', day, at('08:00'));
    expect(view.lessons.every((l) => l.state === 'later')).toBe(true);
    expect(view.minutesToNext).toBeNull();
  });

  it('flags a room that differs from the room first seen that day', () => {
    const moved = [{ ...day[0]!, room: 'S9' }];
    const view = buildDayView(TODAY, moved, at('08:00'), { [day[0]!.id]: 'U07' });
    expect(view.lessons[0]?.roomChanged).toBe(true);
    expect(buildDayView(TODAY, day, at('08:00'), { [day[0]!.id]: 'U07' }).lessons[0]?.roomChanged).toBe(
      false,
    );
  });
});

describe('homework groups', () => {
  it.each([
    ['2026-06-14', 'overdue'],
    ['2026-06-15', 'today'],
    ['2026-06-16', 'tomorrow'],
    ['2026-06-21', 'this-week'], // Sunday ends the week
    ['2026-06-22', 'later'],
    ['2026-06-29', 'later'], // 14 days ahead
    ['2026-06-30', null], // beyond the window
  ])('due %s from Monday 15 June → %s', (due, key) => {
    expect(homeworkGroupKey(due, TODAY)).toBe(key);
  });

  it('groups open homework in order, keeps ticked work from today on, leaves out done work and empty groups', () => {
    const groups = groupHomework(
      [
        homework(1, { dueDate: '2026-06-16', subject: 'Science' }),
        homework(2, { dueDate: '2026-06-10' }),
        homework(3, { dueDate: '2026-06-16', subject: 'Art' }),
        homework(4, { dueDate: '2026-06-16', status: 'completed' }),
        homework(5, { dueDate: '2026-06-25', status: 'ticked' }),
        homework(6, { dueDate: '2026-06-24' }),
        homework(7, { dueDate: '2026-06-12', status: 'ticked' }), // ticked and overdue: done, past
        homework(8, { dueDate: '2026-06-16', status: 'late' }),
      ],
      TODAY,
    );
    expect(groups.map((g) => [g.key, g.items.map((h) => h.id)])).toEqual([
      ['overdue', [2]],
      ['tomorrow', [3, 1]],
      ['later', [6, 5]],
    ]);
  });
});

describe('homework a teacher has settled', () => {
  // A teacher's state other than completed or late used to read as to-do, so homework marked "not completed"
  // or excused stayed in the overdue group and was reminded. The /pupils counters count not_completed,
  // excused and submitted apart from to-do (classcharts-api-js 2.12.3 types.d.ts Pupil);
  // NikDeKur/classcharts-api@49a2d125b5 ModalHomework.kt decodeHomeWorkState maps not_completed apart too.
  it.each(['not_completed', 'excused', 'submitted', 'a_state_added_next_year'])(
    'state %s is not listed as to do, nor counted as overdue',
    (state) => {
      const raw = homeworksSchema.parse(homeworksFixture).data[0]!;
      const settled = mapHomework({
        ...raw,
        id: 1,
        due_date: '2026-06-12',
        status: { ...raw.status!, state, ticked: false },
      });
      const open = mapHomework({
        ...raw,
        id: 2,
        due_date: '2026-06-12',
        status: { ...raw.status!, state: null, ticked: false },
      });
      const groups = groupHomework([settled, open], TODAY);
      expect(groups.map((g) => [g.key, g.items.map((h) => h.id)])).toEqual([['overdue', [2]]]);
      expect(pupilView(known({ homework: [settled, open] }), at('09:00')).homeworkOverdue).toBe(1);
    },
  );
});

describe('marked homework', () => {
  // status.mark and status.has_feedback (docs/classcharts-api.md §5.6): done homework the teacher marked
  // stays in view, last, for two weeks after its due date; it is never to do.
  const items = [
    homework(1, { dueDate: '2026-06-12', status: 'completed', mark: '7/10', subject: 'Science' }),
    homework(2, { dueDate: '2026-06-08', status: 'late', mark: 'B+', hasFeedback: true }),
    homework(3, { dueDate: '2026-06-01', status: 'completed', hasFeedback: true }), // 14 days ago: kept
    homework(4, { dueDate: '2026-05-31', status: 'completed', mark: 'Merit' }), // 15 days ago: gone
    homework(5, { dueDate: '2026-06-12', status: 'completed' }), // not marked: done, left out
    homework(6, { dueDate: '2026-06-16', status: 'completed', mark: '9/10' }), // marked before it is due
    homework(7, { dueDate: '2026-06-16', mark: '5/10' }), // still to do: stays in its group
    homework(8, { dueDate: '2026-06-12', status: 'completed', mark: 'A', subject: 'Art' }),
    homework(9, { dueDate: null, status: 'completed', mark: 'A' }), // no date to keep it by
    homework(10, { dueDate: '2026-06-10' }), // overdue, to do
  ];

  it('are grouped last, newest due date first, within 14 days of their due date', () => {
    const groups = groupHomework(items, TODAY);
    expect(groups.map((g) => [g.key, g.items.map((h) => h.id)])).toEqual([
      ['overdue', [10]],
      ['tomorrow', [7]],
      ['marked', [6, 8, 1, 2, 3]],
    ]);
  });

  it('are not counted as due or overdue', () => {
    expect(pupilView(known({ homework: items }), at('09:00'))).toMatchObject({
      homeworkDue: 1,
      homeworkOverdue: 1,
    });
  });

  it('a homework cached by an older version (no mark, no hasFeedback) is not marked', () => {
    const {
      mark: _mark,
      hasFeedback: _feedback,
      ...old
    } = homework(1, {
      dueDate: '2026-06-12',
      status: 'completed',
    });
    expect(groupHomework([old as Homework], TODAY)).toEqual([]);
  });
});

describe('pupil view and AppState', () => {
  const pupilData = known(
    {
      lessons: day,
      homework: [
        homework(1, { dueDate: '2026-06-10' }),
        homework(2, { dueDate: '2026-06-16' }),
        homework(3, { dueDate: '2026-06-17', status: 'late' }),
      ],
    },
    at('07:00'),
  );

  it('counts open homework due and overdue, and names the next lesson', () => {
    expect(pupilView(pupilData, at('09:00'))).toMatchObject({
      homeworkDue: 1,
      homeworkOverdue: 1,
      nextLesson: { subject: 'English', room: 'E1', start: '2026-06-15T10:05:00+01:00', date: TODAY },
    });
  });

  it('names the lesson now, and once today is over the next school day’s first lesson', () => {
    expect(pupilView(pupilData, at('10:30')).currentLesson).toEqual({
      subject: 'English',
      room: 'E1',
      start: '2026-06-15T10:05:00+01:00',
      end: '2026-06-15T11:05:00+01:00',
    });
    const tomorrow = [
      lesson('2026-06-16', '08:40', '09:00', { subject: 'Tutor', period: 'Tut', room: 'T1' }),
      lesson('2026-06-16', '09:00', '10:00', { subject: 'PE', period: 'P1', room: 'Gym' }),
    ];
    const withNext = {
      ...pupilData,
      nextDay: {
        after: TODAY,
        fetchedAt: at('07:00'),
        date: '2026-06-16',
        lessons: tomorrow,
        searchedTo: '2026-06-16',
      },
    };
    // During the last lesson, the next lesson is none yet; once it has ended, tomorrow's first.
    expect(pupilView(withNext, at('11:30')).nextLesson).toBeNull();
    expect(pupilView(withNext, at('12:10'))).toMatchObject({
      currentLesson: null,
      nextLesson: { subject: 'Tutor', room: 'T1', start: '2026-06-16T08:40:00+01:00', date: '2026-06-16' },
    });
    // A lookup made yesterday is not shown as today's next school day.
    expect(pupilView(withNext, at('12:10', '2026-06-16')).nextLesson).toBeNull();
  });

  it('counts homework due this week to Sunday, and at a weekend the week ahead', () => {
    const items = [
      homework(1, { dueDate: '2026-06-12' }), // overdue: not "this week"
      homework(2, { dueDate: '2026-06-15' }),
      homework(3, { dueDate: '2026-06-19' }),
      homework(4, { dueDate: '2026-06-21' }), // Sunday
      homework(5, { dueDate: '2026-06-22' }), // next Monday
      homework(6, { dueDate: '2026-06-18', status: 'ticked' }),
    ];
    expect(pupilView(known({ homework: items }), at('09:00')).homeworkDueThisWeek).toBe(3);
    expect(schoolWeekEnd('2026-06-15')).toBe('2026-06-21');
    expect(schoolWeekEnd('2026-06-21')).toBe('2026-06-28');
    expect(schoolWeekEnd('2026-06-20')).toBe('2026-06-28');
    expect(pupilView(known({ homework: items }), at('09:00', '2026-06-20')).homeworkDueThisWeek).toBe(2);
  });

  it('names the next pending detention not yet over', () => {
    const items = [
      detention(1, {
        date: '2026-06-15',
        start: '2026-06-15T15:20:00+01:00',
        lengthMinutes: 30,
        location: 'H1',
      }),
      detention(2, { date: '2026-06-18', start: '2026-06-18T15:20:00+01:00', lengthMinutes: 30 }),
      detention(3, { date: '2026-06-16', status: 'attended' }),
    ];
    const view = (time: string) => pupilView(known({ detentions: items }), at(time)).nextDetention;
    expect(view('15:30')).toEqual({
      date: TODAY,
      start: '2026-06-15T15:20:00+01:00',
      end: '2026-06-15T15:50:00+01:00',
      location: 'H1',
    });
    expect(view('15:50')?.date).toBe('2026-06-18');
  });

  it('counts every open homework the list shows, one without a due date too (as "later")', () => {
    const items = [
      homework(1, { dueDate: '2026-06-10' }),
      homework(2, { dueDate: '2026-06-16' }),
      homework(4, { dueDate: null }),
      homework(5, { dueDate: null, status: 'completed' }),
      homework(6, { dueDate: '2026-07-20' }), // beyond the window: neither shown nor counted
    ];
    const counts = pupilView(known({ homework: items }), at('09:00'));
    const shown = groupHomework(items, TODAY);
    const ids = (keys: string[]) => shown.filter((g) => keys.includes(g.key)).flatMap((g) => g.items);
    expect(ids(['later']).map((h) => h.id)).toContain(4);
    expect(counts.homeworkOverdue).toBe(ids(['overdue']).length);
    expect(counts.homeworkDue).toBe(ids(['today', 'tomorrow', 'this-week', 'later']).length);
    expect(counts).toMatchObject({ homeworkDue: 2, homeworkOverdue: 1 });
  });

  it('builds the state for the selected pupil with freshness and environment', () => {
    const data = { ...knownData([pupilData]), updatedAt: at('07:00') };
    const state = buildAppState({
      auth: 'signed-in',
      known: data,
      selectedPupilId: 999, // not on the account: falls back to the first pupil
      now: at('09:00'),
      settings: DEFAULT_SETTINGS,
      freshness: { stale: true, offline: true, refreshing: false, error: 'Cannot reach ClassCharts.' },
      environment: {
        demo: true,
        keychain: 'basic-text',
        platform: 'linux',
        version: '0.1.0',
        shortcut: 'taken',
      },
    });
    expect(state.selectedPupilId).toBe(4102571);
    expect(state.today?.minutesToNext).toBe(65);
    expect(state.homework.map((g) => g.key)).toEqual(['overdue', 'tomorrow']);
    expect(state.freshness).toEqual({
      updatedAt: '2026-06-15T07:00:00+01:00',
      stale: true,
      offline: true,
      refreshing: false,
      error: 'Cannot reach ClassCharts.',
    });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state); // JSON-safe for IPC and WebSocket
  });

  it("does not show yesterday's lessons as today's after midnight", () => {
    const state = buildAppState({
      auth: 'signed-in',
      known: knownData([pupilData]),
      selectedPupilId: null,
      now: at('00:10', '2026-06-16'),
      settings: DEFAULT_SETTINGS,
      freshness: { stale: false, offline: false, refreshing: true, error: null },
      environment: {
        demo: false,
        keychain: 'available',
        platform: 'darwin',
        version: '0.1.0',
        shortcut: 'active',
      },
    });
    expect(state.today).toBeNull();
  });
});

describe('refresh schedule', () => {
  it('refreshes an interval after the last success, and backs off after failures up to the interval', () => {
    const ten = Date.parse('2026-06-15T10:00:00+01:00'); // waking hours
    const base = { intervalMs: 900_000, lastSuccessAt: ten, now: ten + 300_000 };
    expect(nextRefreshDelay({ ...base, failures: 0 })).toBe(600_000);
    expect([1, 2, 3, 4, 5, 6, 7].map((failures) => nextRefreshDelay({ ...base, failures }))).toEqual([
      15_000, 30_000, 60_000, 120_000, 240_000, 480_000, 600_000,
    ]);
  });

  it('never schedules a refresh sooner than the minimum delay, whatever the inputs', () => {
    const ten = Date.parse('2026-06-15T10:00:00+01:00');
    const base = { intervalMs: 900_000, lastSuccessAt: ten, now: ten + 300_000, failures: 0 };
    const inputs = [
      { ...base, lastSuccessAt: null }, // never succeeded, no failure (e.g. signed out meanwhile)
      { ...base, now: base.now + 9_000_000 }, // overdue after a sleep
      { ...base, intervalMs: 0 },
      { ...base, intervalMs: Number.NaN },
    ];
    expect(inputs.map((input) => nextRefreshDelay(input))).toEqual(inputs.map(() => MIN_REFRESH_DELAY_MS));
    expect(MIN_REFRESH_DELAY_MS).toBeGreaterThanOrEqual(1_000);
  });

  // Issue 25 §4: less overnight, where nothing can be seen; never later from 07:00 to 22:00, any day.
  it.each([
    ['2026-06-15T10:00:00+01:00', '2026-06-15T10:15:00+01:00'], // a school morning: the interval
    ['2026-06-20T14:00:00+01:00', '2026-06-20T14:15:00+01:00'], // a Saturday afternoon: the interval too
    ['2026-06-15T21:44:00+01:00', '2026-06-15T21:59:00+01:00'], // the last one before 22:00
    ['2026-06-15T21:50:00+01:00', '2026-06-16T00:50:00+01:00'], // overnight: 3 h after
    ['2026-06-16T00:00:05+01:00', '2026-06-16T03:00:05+01:00'],
    ['2026-06-16T05:30:00+01:00', '2026-06-16T07:00:00+01:00'], // …but on time at 07:00
    ['2026-12-15T05:00:00+00:00', '2026-12-15T07:00:00+00:00'], // GMT
    ['2026-12-15T06:50:00+00:00', '2026-12-15T07:05:00+00:00'], // due in waking hours: the interval
  ])('after a refresh at %s the next is due at %s', (last, due) => {
    expect(new Date(intervalRefreshDue(Date.parse(last), 15 * 60_000)).toISOString()).toBe(
      new Date(Date.parse(due)).toISOString(),
    );
  });

  it('in waking hours the next refresh is never later than the interval, whatever the day', () => {
    const start = Date.parse('2026-06-13T00:00:00+01:00'); // a Saturday, then a school week
    for (let t = start; t < start + 7 * 86_400_000; t += 7 * 60_000) {
      const due = intervalRefreshDue(t, 15 * 60_000);
      expect(due).toBeGreaterThanOrEqual(t + 15 * 60_000);
      expect(due - t).toBeLessThanOrEqual(OVERNIGHT_INTERVAL_MS);
      const hour = Number(
        new Date(t + 15 * 60_000).toLocaleString('en-GB', {
          timeZone: 'Europe/London',
          hour: '2-digit',
          hourCycle: 'h23',
        }),
      );
      if (hour >= 7 && hour < 22) expect(due).toBe(t + 15 * 60_000);
    }
  });

  it("today's lessons are asked for at every refresh until the last has ended, then hourly", () => {
    const day = (fetchedAt: string, ends: (string | null)[]) => ({
      date: '2026-06-15',
      fetchedAt: Date.parse(fetchedAt),
      lessons: ends.map((end) => ({ end })),
    });
    const at = (time: string) => Date.parse(`2026-06-15T${time}:00+01:00`);
    const school = ['2026-06-15T09:45:00+01:00', '2026-06-15T15:20:00+01:00'];
    expect(todayLessonsDue(null, '2026-06-15', at('10:00'))).toBe(true);
    expect(todayLessonsDue(day('2026-06-15T10:00:00+01:00', school), '2026-06-15', at('10:15'))).toBe(true);
    expect(todayLessonsDue(day('2026-06-15T15:30:00+01:00', school), '2026-06-15', at('15:45'))).toBe(false);
    expect(todayLessonsDue(day('2026-06-15T15:30:00+01:00', school), '2026-06-15', at('16:30'))).toBe(true);
    expect(todayLessonsDue(day('2026-06-15T10:00:00+01:00', []), '2026-06-15', at('10:15'))).toBe(false);
    // An empty day read before 07:00 is read again in waking hours: a timetable may be published at 07:30.
    expect(todayLessonsDue(day('2026-06-15T06:50:00+01:00', []), '2026-06-15', at('07:05'))).toBe(true);
    expect(todayLessonsDue(day('2026-06-15T15:30:00+01:00', [null]), '2026-06-15', at('15:45'))).toBe(true);
    expect(todayLessonsDue(day('2026-06-15T23:50:00+01:00', []), '2026-06-16', at('23:55'))).toBe(true);
  });

  it.each([
    ['2026-06-15T22:30:00+01:00', 90 * 60_000], // BST
    ['2026-03-28T23:30:00+00:00', 30 * 60_000], // the night before the clocks go forward
    ['2026-10-25T00:30:00+01:00', 24.5 * 3_600_000], // a 25-hour day
  ])('the midnight refresh from %s runs after the next London midnight', (when, toMidnight) => {
    expect(midnightRefreshDelay(Date.parse(when))).toBe(toMidnight + MIDNIGHT_MARGIN_MS);
  });

  it('ticks at minute boundaries', () => {
    expect(nextMinuteDelay(Date.parse('2026-06-15T08:59:59.250Z'))).toBe(750);
    expect(nextMinuteDelay(Date.parse('2026-06-15T09:00:00.000Z'))).toBe(60_000);
  });

  it('the popover refreshes data older than five minutes; background kinds once an hour', () => {
    expect(popoverShouldRefresh(null, 0)).toBe(true);
    expect(popoverShouldRefresh(0, 299_999)).toBe(false);
    expect(popoverShouldRefresh(0, 300_000)).toBe(true);
    expect(extrasDue(null, 0)).toBe(true);
    expect(extrasDue(0, 3_599_999)).toBe(false);
    expect(extrasDue(0, 3_600_000)).toBe(true);
    expect(extrasDue(5_000, 1_000)).toBe(true); // the clock went back
  });
});
