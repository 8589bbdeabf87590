/**
 * AppState snapshots for the glue tests: a signed-in student, a parent with two pupils, signed out.
 * Times are real instants on 2026-06-15 (BST, +01:00), a Monday.
 */
import { DEFAULT_SETTINGS, type AppState, type LessonView, type PupilView } from '../../common/contract';

/** 2026-06-15 at `hh:mm` London time (BST) as epoch ms. */
export function at(hhmm: string): number {
  return Date.parse(`2026-06-15T${hhmm}:00+01:00`);
}

/** A lesson on 2026-06-15 from `start` to `end` (`HH:MM`, London). */
export function lesson(
  subject: string,
  room: string,
  start: string,
  end: string,
  extra: Partial<LessonView> = {},
): LessonView {
  return {
    id: `${subject}-${start}`,
    date: '2026-06-15',
    start: `2026-06-15T${start}:00+01:00`,
    end: `2026-06-15T${end}:00+01:00`,
    period: '1',
    subject,
    className: '10C/X',
    room,
    teacher: 'Mr J Doe',
    isBreak: false,
    isAlternative: false,
    noteHtml: '',
    state: 'later',
    roomChanged: false,
    ...extra,
  };
}

/** The demo student's Monday. */
export const MONDAY: LessonView[] = [
  lesson('Mathematics', 'U07', '08:45', '09:45'),
  lesson('English', 'E12', '09:45', '10:45'),
  lesson('Break', '', '10:45', '11:05', { isBreak: true }),
  lesson('Science', 'S3', '11:05', '12:05'),
  lesson('History', '', '13:00', '14:00'),
];

function pupil(id: number, name: string, next: PupilView['nextLesson'] = null): PupilView {
  const firstName = name.split(' ')[0] ?? name;
  return {
    id,
    name,
    firstName,
    homeworkDue: 0,
    homeworkOverdue: 0,
    homeworkDueThisWeek: 0,
    currentLesson: null,
    nextLesson: next,
    nextDetention: null,
    attendance: { shown: false, percentage: false },
    counters: { homeworkToDo: null, homeworkLate: null, detentionsPending: null, announcements: null },
  };
}

/** A signed-in student with today's lessons. */
export function studentState(overrides: Partial<AppState> = {}): AppState {
  return {
    auth: 'signed-in',
    account: { kind: 'student', name: 'Jane Smith' },
    pupils: [pupil(1234567, 'Jane Smith')],
    selectedPupilId: 1234567,
    today: { date: '2026-06-15', lessons: MONDAY, minutesToNext: null },
    nextSchoolDay: null,
    homework: [],
    freshness: {
      updatedAt: '2026-06-15T08:00:00+01:00',
      stale: false,
      offline: false,
      refreshing: false,
      error: null,
    },
    settings: structuredClone(DEFAULT_SETTINGS),
    environment: { demo: true, keychain: 'available', platform: 'linux', version: '0.1.0', shortcut: 'off' },
    ...overrides,
  };
}

/** A parent with two pupils (Jane selected), each with a next lesson. */
export function parentState(overrides: Partial<AppState> = {}): AppState {
  return studentState({
    account: { kind: 'parent', name: 'Pat Smith' },
    pupils: [
      pupil(1234567, 'Jane Smith', {
        subject: 'Science',
        room: 'S3',
        start: '2026-06-15T11:05:00+01:00',
        date: '2026-06-15',
      }),
      pupil(7654321, 'Tom Smith', {
        subject: 'Art',
        room: 'A1',
        start: '2026-06-15T10:30:00+01:00',
        date: '2026-06-15',
      }),
    ],
    selectedPupilId: 1234567,
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
    ...overrides,
  });
}
