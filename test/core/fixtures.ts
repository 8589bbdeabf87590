/**
 * Builders of domain objects (common/domain.ts) for the core's pure tests: each returns a
 * complete, valid object with realistic values, and takes the fields a test cares about.
 */
import { londonLocalToInstant } from '../../main/classcharts/dates';
import type {
  Announcement,
  Badge,
  BehaviourPoint,
  Detention,
  Homework,
  Lesson,
  Pupil,
} from '../../common/domain';
import type { KnownData, KnownPupil } from '../../main/known';

/** A pupil with every feature enabled. */
export function pupil(over: Partial<Pupil> = {}): Pupil {
  return {
    id: 4102571,
    name: 'Jane Smith',
    firstName: 'Jane',
    lastName: 'Smith',
    schoolName: null,
    avatarUrl: null,
    detentionAlias: 'Detentions',
    features: {
      behaviour: true,
      homework: true,
      timetable: true,
      detentions: true,
      announcements: true,
      badges: true,
      activity: true,
      attendance: true,
      attendancePercentage: true,
    },
    ...over,
  };
}

/** A lesson on `date` from `start` to `end` (`HH:MM`, Europe/London). */
export function lesson(date: string, start: string, end: string, over: Partial<Lesson> = {}): Lesson {
  const period = over.period ?? `P${start.slice(0, 2)}`;
  return {
    id: `${over.className ?? '10C/Ma1'}:${period}:${start}`,
    date,
    start: londonLocalToInstant(date, start),
    end: londonLocalToInstant(date, end),
    period,
    subject: 'Mathematics',
    className: '10C/Ma1',
    room: 'U07',
    teacher: 'Mr J Doe',
    isBreak: false,
    isAlternative: false,
    noteHtml: '',
    ...over,
  };
}

/** An open (to-do) homework. */
export function homework(id: number, over: Partial<Homework> = {}): Homework {
  return {
    id,
    statusId: id + 1_000_000,
    title: `Worksheet ${id}`,
    subject: 'Science',
    className: '10C/Sc1',
    teacher: 'Ms A Lee',
    type: 'Homework',
    issueDate: '2026-06-15',
    dueDate: '2026-06-18',
    status: 'todo',
    descriptionHtml: '<p>Do the worksheet.</p>',
    estimate: null,
    links: [],
    attachments: [],
    mark: null,
    hasFeedback: false,
    ...over,
  };
}

/** A pending detention. */
export function detention(id: number, over: Partial<Detention> = {}): Detention {
  const date = over.date ?? '2026-06-16';
  const time = over.time ?? '15:30';
  return {
    id,
    status: 'pending',
    date,
    time,
    start: date && time ? londonLocalToInstant(date, time) : null,
    lengthMinutes: 30,
    location: 'Room 12',
    reason: 'Late to lesson',
    teacher: 'Mr J Doe',
    subject: 'Mathematics',
    type: 'After school',
    ...over,
  };
}

/** An announcement. */
export function announcement(id: number, over: Partial<Announcement> = {}): Announcement {
  return {
    id,
    title: `Sports day ${id}`,
    descriptionHtml: '<p>Bring a water bottle.</p>',
    teacher: 'Mrs K Head',
    school: 'Demo Academy',
    timestamp: '2026-06-15T09:00:00+01:00',
    unread: false,
    pinned: false,
    requiresConsent: false,
    consentGiven: null,
    attachments: [],
    ...over,
  };
}

/** A behaviour point. */
export function point(id: number, over: Partial<BehaviourPoint> = {}): BehaviourPoint {
  return {
    id,
    type: 'behaviour',
    polarity: 'positive',
    reason: 'Great effort',
    score: 1,
    timestamp: '2026-06-15T10:00:00+01:00',
    teacher: 'Ms A Lee',
    className: '10C/Sc1',
    room: 'S2',
    note: null,
    ...over,
  };
}

/** One award of a badge: the behaviour event that earned it, at `timestamp`. */
export function award(timestamp: string): Badge['events'][number] {
  return { timestamp, reason: 'Reading at home', label: 'Star reader', teacher: 'Ms A Lee' };
}

/** A badge, earned once (an award at its `createdAt` unless `events` are given). */
export function badge(id: number, over: Partial<Badge> = {}): Badge {
  const createdAt = over.createdAt === undefined ? '2026-06-15T00:00:00+01:00' : over.createdAt;
  return {
    id,
    name: `Star reader ${id}`,
    iconUrl: 'https://example.com/badge.png',
    colour: '#000',
    createdAt,
    events: createdAt === null ? [] : [award(createdAt)],
    ...over,
  };
}

/** A known pupil; parts not given are "never fetched" (`null`). `at` is the fetch time (epoch ms). */
export function known(
  parts: {
    pupil?: Pupil;
    date?: string;
    lessons?: Lesson[];
    firstSeenRooms?: Record<string, string>;
    homework?: Homework[];
    activity?: BehaviourPoint[];
    badges?: Badge[];
    detentions?: Detention[];
    announcements?: Announcement[];
  } = {},
  at = 0,
): KnownPupil {
  const list = <T>(items: T[] | undefined) => (items === undefined ? null : { fetchedAt: at, items });
  return {
    pupil: parts.pupil ?? pupil(),
    day:
      parts.lessons === undefined
        ? null
        : {
            date: parts.date ?? parts.lessons[0]?.date ?? '2026-06-15',
            fetchedAt: at,
            lessons: parts.lessons,
            firstSeenRooms:
              parts.firstSeenRooms ?? Object.fromEntries(parts.lessons.map((l) => [l.id, l.room])),
          },
    homework: list(parts.homework),
    activity: list(parts.activity),
    badges: list(parts.badges),
    detentions: list(parts.detentions),
    announcements: list(parts.announcements),
  };
}

/** Known data for an account. */
export function knownData(pupils: KnownPupil[], kind: 'student' | 'parent' = 'student'): KnownData {
  return { account: { kind, name: kind === 'student' ? 'Jane Smith' : 'Sam Smith' }, pupils, updatedAt: 0 };
}
