/**
 * The known data (../known.ts) cached through the store port, in pieces, so the last good data shows at
 * start: the store keys, and loading, saving (only what changed) and clearing it.
 *
 * Pure functions over plain JSON-safe objects and the store port; no electron, no node imports.
 */
import { z } from 'zod';
import type { KnownData, KnownPupil } from '../known';
import type { Store } from '../ports';

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
