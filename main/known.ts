/**
 * What the app knows about the signed-in account: per pupil, today's lessons, the next school day, upcoming
 * homework and the background kinds (activity, badges, detentions, announcements), each with when it was
 * fetched. Sync (./sync/) builds it; the snapshot (./sync/snapshot.ts) and the notification rules
 * (./notify/) read it; ./sync/known-data.ts caches it through the store port so the last good data shows
 * at start. Here so that notify/ and sync/ share it without importing each other.
 *
 * Pure functions over plain JSON-safe objects; no electron, no node imports.
 */
import type {
  AccountKind,
  Announcement,
  Badge,
  BehaviourPoint,
  Detention,
  Homework,
  IsoDate,
  Lesson,
  Pupil,
} from '../common/domain';

/** A list fetched at `fetchedAt` (epoch ms). */
export interface Fetched<T> {
  fetchedAt: number;
  items: T[];
}

/** One day's timetable as fetched, with the room each lesson had when first seen that day. */
export interface KnownDay {
  /** `YYYY-MM-DD`, Europe/London. */
  date: IsoDate;
  fetchedAt: number;
  lessons: Lesson[];
  /** Lesson id → the room it had in the first snapshot of this day (room-change detection). */
  firstSeenRooms: Record<string, string>;
}

/**
 * The next school day after `after` as last looked up: the first of the days after it whose timetable has
 * lessons, within {@link NEXT_SCHOOL_DAY_SEARCH_DAYS} days (holidays and weekends answer `[]`,
 * docs/classcharts-api.md §5.7). Shown on the first screen once today's lessons are over, and by the tray.
 */
export interface KnownNextDay {
  /** The day it follows (today, Europe/London, when it was looked up), `YYYY-MM-DD`. */
  after: IsoDate;
  /** Epoch ms of the lookup. */
  fetchedAt: number;
  /** The date found, `YYYY-MM-DD`, or `null` when none of the days searched has lessons. */
  date: IsoDate | null;
  /** That day's lessons as fetched; `[]` when none was found. */
  lessons: Lesson[];
  /** The last date looked at (`after` + {@link NEXT_SCHOOL_DAY_SEARCH_DAYS} when none was found). */
  searchedTo: IsoDate;
}

/**
 * How many days after today the next school day is looked for, one timetable request a day until one has
 * lessons: three weeks covers every half term and the Christmas and Easter holidays; a summer holiday (the
 * timetable wiped, §5.7) is said plainly instead of searched to its end.
 */
export const NEXT_SCHOOL_DAY_SEARCH_DAYS = 21;

/** The kinds fetched in the background at a low cadence, for the notification rules. */
export type ExtraKind = 'activity' | 'badges' | 'detentions' | 'announcements';

/** Every background kind. */
export const EXTRA_KINDS: readonly ExtraKind[] = ['activity', 'badges', 'detentions', 'announcements'];

/** Everything known about one pupil; a `null` part has never been fetched. */
export interface KnownPupil {
  pupil: Pupil;
  day: KnownDay | null;
  /** The next school day after today; `null` (or absent, in a cache of an older version) until looked up. */
  nextDay?: KnownNextDay | null;
  homework: Fetched<Homework> | null;
  /**
   * The highest rota week number this pupil's timetable has shown so far (common/rota.ts `rotaCycleSeen`);
   * `0` or absent when none, so "Week 1" is labelled only once a week 2 has been seen.
   */
  rotaCycle?: number;
  activity: Fetched<BehaviourPoint> | null;
  badges: Fetched<Badge> | null;
  detentions: Fetched<Detention> | null;
  announcements: Fetched<Announcement> | null;
}

/** Everything known about the account. */
export interface KnownData {
  account: { kind: AccountKind; name: string };
  /** In the account's order. */
  pupils: KnownPupil[];
  /** Epoch ms of the last refresh in which every pupil's lessons and homework arrived, or `null`. */
  updatedAt: number | null;
}

/** A fresh `KnownData` for an account, keeping what is already known about pupils still on it. */
export function withAccount(
  previous: KnownData | null,
  account: { kind: AccountKind; name: string; pupils: Pupil[] },
): KnownData {
  const pupils = account.pupils.map((pupil): KnownPupil => {
    const known = previous?.pupils.find((p) => p.pupil.id === pupil.id);
    return known
      ? { ...known, pupil }
      : {
          pupil,
          day: null,
          homework: null,
          activity: null,
          badges: null,
          detentions: null,
          announcements: null,
        };
  });
  return {
    account: { kind: account.kind, name: account.name },
    pupils,
    updatedAt: previous?.updatedAt ?? null,
  };
}

/**
 * Today's lessons for a pupil. Rooms first seen on this date are remembered (a later change of room is
 * a room change); a new date starts afresh.
 */
export function withDay(previous: KnownDay | null, date: IsoDate, lessons: Lesson[], now: number): KnownDay {
  const firstSeenRooms: Record<string, string> =
    previous?.date === date ? { ...previous.firstSeenRooms } : {};
  for (const lesson of lessons) {
    if (!(lesson.id in firstSeenRooms)) firstSeenRooms[lesson.id] = lesson.room;
  }
  return { date, fetchedAt: now, lessons, firstSeenRooms };
}

/** Returns `data` with one pupil replaced by `update(pupil)`; unknown ids leave it unchanged. */
export function updatePupil(
  data: KnownData,
  pupilId: number,
  update: (known: KnownPupil) => KnownPupil,
): KnownData {
  return { ...data, pupils: data.pupils.map((p) => (p.pupil.id === pupilId ? update(p) : p)) };
}

/** True when a homework still needs doing: not ticked off, completed or handed in (late). */
export function isHomeworkOpen(homework: Homework): boolean {
  return homework.status === 'todo';
}
