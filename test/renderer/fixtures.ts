/**
 * Hand-written view models for component tests: a Monday in November (GMT, so London time = UTC) with a
 * full timetable, homework in every group, a student account and a parent with two pupils. Shapes follow
 * common/contract exactly; times are chosen so "now" (10:15) falls inside period 2.
 */
import { homeworkSummary } from '../../main/sync/snapshot';
import {
  DEFAULT_SETTINGS,
  type AppState,
  type Homework,
  type HomeworkSummary,
  type HomeworkGroup,
  type LessonView,
  type PupilView,
} from '../../common/contract';

/** The fixtures' today (a Monday). */
export const TODAY = '2026-11-23';
/** 10:15 London time on TODAY, epoch ms. */
export const NOW = Date.parse('2026-11-23T10:15:00Z');

/** A lesson on TODAY from `HH:MM` to `HH:MM` (GMT). */
export function lesson(
  period: string,
  from: string,
  to: string,
  subject: string,
  extra: Partial<LessonView> = {},
): LessonView {
  return {
    id: `${period}-${from}`,
    date: TODAY,
    start: `${TODAY}T${from}:00+00:00`,
    end: `${TODAY}T${to}:00+00:00`,
    period,
    subject,
    className: `10C/${subject.slice(0, 2)}1`,
    room: 'U07',
    teacher: 'Mr J Doe',
    isBreak: false,
    isAlternative: false,
    noteHtml: '',
    state: 'later',
    roomChanged: false,
    ...extra,
  };
}

/** Today's timetable: tutor time, five lessons, a break and lunch. */
export function todayLessons(): LessonView[] {
  return [
    lesson('Tut', '08:40', '09:00', 'Tutor', { state: 'past', teacher: 'Ms A Khan', room: 'T1' }),
    lesson('P1', '09:00', '10:00', 'Mathematics', { state: 'past' }),
    lesson('P2', '10:00', '11:00', 'English', { state: 'current', room: 'E12', teacher: 'Mrs B Patel' }),
    lesson('', '11:00', '11:20', 'Break', { isBreak: true, room: '', teacher: '' }),
    lesson('P3', '11:20', '12:20', 'Science', { state: 'next', room: 'S4', roomChanged: true }),
    lesson('', '12:20', '13:05', 'Lunch', { isBreak: true, room: '', teacher: '' }),
    lesson('P4', '13:05', '14:05', 'History', { isAlternative: true, teacher: 'Mr C Cover' }),
    lesson('P5', '14:05', '15:05', 'Physical Education', { room: 'Gym' }),
  ];
}

/**
 * The descriptions of the homework made by {@link homework}, by id: what main answers `homework:get`
 * with (the state carries none: common/contract `HomeworkSummary`). The mock bridge reads it.
 */
export const HOMEWORK_DESCRIPTIONS = new Map<number, string>();

/**
 * A homework with sensible defaults, as the state carries it (no description; `extra.descriptionHtml`, or
 * the default worksheet line, is what `homework:get` answers: {@link HOMEWORK_DESCRIPTIONS}).
 */
export function homework(
  id: number,
  title: string,
  dueDate: string,
  extra: Partial<Homework> = {},
): HomeworkSummary {
  const full: Homework = {
    id,
    statusId: id * 10,
    title,
    subject: 'Mathematics',
    className: '10C/Ma1',
    teacher: 'Mr J Doe',
    type: 'Homework',
    issueDate: '2026-11-16',
    dueDate,
    status: 'todo',
    descriptionHtml: '<p>Complete the worksheet.</p>',
    estimate: { value: 30, unit: 'minutes' },
    links: [],
    attachments: [],
    mark: null,
    hasFeedback: false,
    ...extra,
  };
  HOMEWORK_DESCRIPTIONS.set(id, full.descriptionHtml);
  return homeworkSummary(full);
}

/** Homework in four of the five groups (no "later"). */
export function homeworkGroups(): HomeworkGroup[] {
  return [
    { key: 'overdue', items: [homework(101, 'Fractions revision', '2026-11-20', { status: 'late' })] },
    {
      key: 'today',
      items: [
        homework(102, 'Poetry analysis', TODAY, {
          subject: 'English',
          descriptionHtml:
            '<p>Read <b>Ozymandias</b>. See <a href="https://example.org/poem">the poem</a>.</p><img src="https://example.org/tracker.png" alt="diagram">',
          links: [{ url: 'https://example.org/notes', label: 'Revision notes' }],
          attachments: [{ name: 'worksheet.pdf', url: 'https://attachments.example.org/worksheet.pdf' }],
        }),
      ],
    },
    {
      key: 'tomorrow',
      items: [homework(103, 'Cell diagram', '2026-11-24', { subject: 'Science', status: 'ticked' })],
    },
    { key: 'this-week', items: [homework(104, 'Essay plan', '2026-11-27', { subject: 'History' })] },
    { key: 'later', items: [] },
  ];
}

/** A pupil as the switcher shows it. */
export function pupil(id: number, name: string, extra: Partial<PupilView> = {}): PupilView {
  return {
    id,
    name,
    firstName: name.split(' ')[0] ?? name,
    homeworkDue: 3,
    homeworkOverdue: 1,
    homeworkDueThisWeek: 3,
    currentLesson: null,
    nextLesson: { subject: 'Science', room: 'S4', start: `${TODAY}T11:20:00+00:00`, date: TODAY },
    nextDetention: null,
    attendance: { shown: true, percentage: true },
    counters: { homeworkToDo: null, homeworkLate: null, detentionsPending: null, announcements: null },
    ...extra,
  };
}

/** A signed-in student's snapshot, fresh (updated 3 minutes before NOW). */
export function studentState(overrides: Partial<AppState> = {}): AppState {
  return {
    auth: 'signed-in',
    account: { kind: 'student', name: 'Jane Smith' },
    pupils: [pupil(4102571, 'Jane Smith')],
    selectedPupilId: 4102571,
    today: { date: TODAY, lessons: todayLessons(), minutesToNext: 65 },
    nextSchoolDay: null,
    homework: homeworkGroups(),
    freshness: {
      updatedAt: '2026-11-23T10:12:00+00:00',
      stale: false,
      offline: false,
      refreshing: false,
      error: null,
    },
    settings: structuredClone(DEFAULT_SETTINGS),
    environment: { demo: false, keychain: 'available', platform: 'linux', version: '0.1.0', shortcut: 'off' },
    ...overrides,
  };
}

/** A parent with two pupils, the first selected. */
export function parentState(overrides: Partial<AppState> = {}): AppState {
  return studentState({
    account: { kind: 'parent', name: 'Sam Smith' },
    pupils: [
      pupil(4102571, 'Jane Smith'),
      pupil(4102572, 'Tom Smith', { homeworkDue: 0, homeworkOverdue: 0, nextLesson: null }),
    ],
    ...overrides,
  });
}

/** Nobody signed in. */
export function signedOutState(overrides: Partial<AppState> = {}): AppState {
  return studentState({
    auth: 'signed-out',
    account: null,
    pupils: [],
    selectedPupilId: null,
    today: null,
    homework: [],
    freshness: { updatedAt: null, stale: false, offline: false, refreshing: false, error: null },
    ...overrides,
  });
}
