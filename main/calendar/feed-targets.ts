/**
 * Where the app's calendar feed goes (issue 28 §2): one calendar for a student or a parent's family, or one
 * per child; each as a file next to the path the user chose and as a loopback URL path. Pure; `node:path`
 * only for the file names.
 */
import { basename, dirname, extname, join } from 'node:path';
import type { Pupil } from '../../common/domain';

/** The last part of every feed URL. */
export const FEED_FILE_NAME = 'calendar.ics';

/** One calendar the app keeps: whose (`null`: the family's, or a student's own) and its pupils. */
export interface FeedTarget {
  /** `null` for the one calendar (a student, or a parent's family); else the child it is for. */
  pupilId: number | null;
  pupils: Pupil[];
}

/**
 * The calendars to keep: one per child when a parent chose so (`perChild`), else one with every pupil.
 */
export function feedTargets(pupils: readonly Pupil[], perChild: boolean): FeedTarget[] {
  if (!perChild) return [{ pupilId: null, pupils: [...pupils] }];
  return pupils.map((pupil) => ({ pupilId: pupil.id, pupils: [pupil] }));
}

/**
 * The file a target is written to: `path` itself for the one calendar, else `path` with the child's slug
 * (common/pupil-slugs.ts) before its extension, in the same folder (`/a/classcharts.ics` → `/a/classcharts-amelia.ics`).
 */
export function targetFilePath(path: string, target: FeedTarget, slugs: ReadonlyMap<number, string>): string {
  if (target.pupilId === null) return path;
  const extension = extname(path);
  const stem = basename(path, extension);
  return join(dirname(path), `${stem}-${slugs.get(target.pupilId) ?? String(target.pupilId)}${extension}`);
}

/**
 * The URL path of a target's feed: `/<secret>/calendar.ics` for the one calendar, else
 * `/<secret>/<pupilId>/calendar.ics`. `secret` is base64url (no character needs escaping).
 */
export function feedUrlPath(secret: string, pupilId: number | null): string {
  return pupilId === null ? `/${secret}/${FEED_FILE_NAME}` : `/${secret}/${pupilId}/${FEED_FILE_NAME}`;
}
