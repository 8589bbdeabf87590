/**
 * What the app knows about the signed-in account: per pupil, today's lessons, upcoming homework and the
 * background kinds (activity, badges, detentions, announcements), each with when it was fetched. It is the
 * input of the snapshot (./snapshot.ts) and of the notification rules (../notify/rules.ts), and the shape
 * cached through the store port so the last good data shows at start.
 *
 * Pure functions over plain JSON-safe objects; no electron, no node imports.
 */
import { z } from 'zod';
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
} from '../../common/domain';
import type { Store } from '../ports';

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

/**
 * The store key of the cached known data as versions before issue 30 kept it: one value (version 1), in the
 * settings file. Read once to move it into pieces ({@link loadKnownData}, main/sync/remembered-data.ts).
 */
export const KNOWN_DATA_STORE_KEY = 'cache.known';

/** The store key of the cached account: its kind and name, the pupils' ids in order, `updatedAt`. */
export const CACHE_ACCOUNT_KEY = 'cache.account';

/** The parts of a pupil's known data cached apart, each under {@link pupilPieceKey}. */
const PIECES = ['homework', 'activity', 'badges', 'detentions', 'announcements'] as const;

/**
 * The store key of one piece of a pupil's cached data: `cache.pupil.<id>` holds the pupil, today's lessons,
 * the next school day and when each list was fetched; `cache.pupil.<id>.<part>` one list's items
 * (homework or a background kind), apart from its time, so a list fetched again unchanged is not
 * written again (the hourly announcements: about 1 MB per pupil at 10× a busy year).
 */
export function pupilPieceKey(pupilId: number, part?: (typeof PIECES)[number]): string {
  return part === undefined ? `cache.pupil.${pupilId}` : `cache.pupil.${pupilId}.${part}`;
}

const LEGACY_VERSION = 1;
const CACHE_VERSION = 2;

// The cache is written by this code, so the check is structural: version, account, pupils with ids.
// A cache that fails it (older version, damaged file) is dropped rather than trusted; a damaged list
// alone is dropped alone (fetched again at the next refresh).
const fetchedSchema = z.object({ fetchedAt: z.number(), items: z.array(z.unknown()) }).nullable();
const accountSchema = z.object({ kind: z.enum(['student', 'parent']), name: z.string() });
const pupilCoreSchema = z.object({
  pupil: z.looseObject({ id: z.number(), name: z.string(), firstName: z.string() }),
  day: z
    .object({
      date: z.string(),
      fetchedAt: z.number(),
      lessons: z.array(z.looseObject({ id: z.string() })),
      firstSeenRooms: z.record(z.string(), z.string()),
    })
    .nullable(),
  nextDay: z
    .object({
      after: z.string(),
      fetchedAt: z.number(),
      date: z.string().nullable(),
      lessons: z.array(z.looseObject({ id: z.string() })),
      searchedTo: z.string(),
    })
    .nullable()
    .optional(),
});
const pupilBaseSchema = pupilCoreSchema.extend({
  /** Part → epoch ms of its fetch, `null`: never fetched. */
  fetched: z.record(z.string(), z.number().nullable()),
});
const legacySchema = z.object({
  version: z.literal(LEGACY_VERSION),
  data: z.object({
    account: accountSchema,
    updatedAt: z.number().nullable(),
    pupils: z.array(
      pupilCoreSchema.extend({
        homework: fetchedSchema,
        activity: fetchedSchema,
        badges: fetchedSchema,
        detentions: fetchedSchema,
        announcements: fetchedSchema,
      }),
    ),
  }),
});
const accountPieceSchema = z.object({
  version: z.literal(CACHE_VERSION),
  account: accountSchema,
  updatedAt: z.number().nullable(),
  pupilIds: z.array(z.int()),
});

/**
 * Reads the cached known data from its pieces; `null` when there is none or the account or a pupil's
 * first piece does not pass the structural check (a damaged list reads as never fetched). A cache of a
 * version before issue 30 (one value under {@link KNOWN_DATA_STORE_KEY}) is read too.
 */
export function loadKnownData(store: Store): KnownData | null {
  const account = accountPieceSchema.safeParse(store.get<unknown>(CACHE_ACCOUNT_KEY));
  if (!account.success) {
    const legacy = legacySchema.safeParse(store.get<unknown>(KNOWN_DATA_STORE_KEY));
    // Written by an older saveKnownData from a KnownData; the check guards against damage.
    return legacy.success ? (legacy.data.data as unknown as KnownData) : null;
  }
  const pupils: KnownPupil[] = [];
  for (const id of account.data.pupilIds) {
    const base = pupilBaseSchema.safeParse(store.get<unknown>(pupilPieceKey(id)));
    if (!base.success) return null;
    const { fetched, ...rest } = base.data;
    const known = { ...rest } as unknown as KnownPupil;
    for (const part of PIECES) {
      const fetchedAt = fetched[part] ?? null;
      const items = fetchedAt === null ? null : store.get<unknown>(pupilPieceKey(id, part));
      (known as unknown as Record<string, unknown>)[part] =
        fetchedAt !== null && Array.isArray(items) ? { fetchedAt, items } : null;
    }
    pupils.push(known);
  }
  return { account: account.data.account, updatedAt: account.data.updatedAt, pupils };
}

/**
 * Caches the known data in pieces (the account; per pupil its day and the lists' times, and each list's
 * items apart), writing only the pieces that are not the very objects of `saved` (what was cached last,
 * `null`: everything), so a refresh that changes one pupil's homework rewrites that list alone (issue 30);
 * the store then skips a piece whose text is unchanged. Pieces of pupils no longer on the account are
 * deleted.
 */
export function saveKnownData(store: Store, data: KnownData, saved: KnownData | null = null): void {
  for (const known of data.pupils) {
    const id = known.pupil.id;
    const old = saved?.pupils.find((p) => p.pupil.id === id);
    const fetched = Object.fromEntries(PIECES.map((part) => [part, known[part]?.fetchedAt ?? null]));
    const baseChanged =
      !old ||
      old.pupil !== known.pupil ||
      old.day !== known.day ||
      old.nextDay !== known.nextDay ||
      PIECES.some((part) => (old[part]?.fetchedAt ?? null) !== fetched[part]);
    if (baseChanged)
      store.set(pupilPieceKey(id), {
        fetched,
        pupil: known.pupil,
        day: known.day,
        nextDay: known.nextDay ?? null,
      });
    for (const part of PIECES) {
      const items = known[part]?.items ?? null;
      if (!old || (old[part]?.items ?? null) !== items) {
        if (items === null) store.delete(pupilPieceKey(id, part));
        else store.set(pupilPieceKey(id, part), items);
      }
    }
  }
  for (const gone of saved?.pupils ?? []) {
    if (!data.pupils.some((p) => p.pupil.id === gone.pupil.id)) deletePupilPieces(store, gone.pupil.id);
  }
  store.set(CACHE_ACCOUNT_KEY, {
    version: CACHE_VERSION,
    account: data.account,
    updatedAt: data.updatedAt,
    pupilIds: data.pupils.map((p) => p.pupil.id),
  });
}

function deletePupilPieces(store: Store, pupilId: number): void {
  store.delete(pupilPieceKey(pupilId));
  for (const part of PIECES) store.delete(pupilPieceKey(pupilId, part));
}

/** Forgets the cached known data, every piece of it, and a cache of an older version (sign-out). */
export function clearKnownData(store: Store): void {
  const account = accountPieceSchema.safeParse(store.get<unknown>(CACHE_ACCOUNT_KEY));
  for (const id of account.success ? account.data.pupilIds : []) deletePupilPieces(store, id);
  store.delete(CACHE_ACCOUNT_KEY);
  store.delete(KNOWN_DATA_STORE_KEY);
}
