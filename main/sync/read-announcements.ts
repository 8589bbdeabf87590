/**
 * Announcements opened on this computer (issue 24 §3). ClassCharts's API is read-only (docs/classcharts-api.md:
 * nothing marks an announcement viewed), so an announcement the service still calls new (`state: "new"`,
 * §5.9) would keep its unread dot forever; the app remembers what was opened here and shows that as read,
 * from the store port (kept with the cached data: on disk for a remembered sign-in, in memory otherwise).
 *
 * Pure functions over a JSON-safe record; no electron, no node imports.
 */
import { z } from 'zod';
import type { AnnouncementSummary } from '../../common/contract';
import type { Announcement } from '../../common/domain';
import type { Store } from '../ports';

/** The store key of the announcements read here. */
export const READ_ANNOUNCEMENTS_STORE_KEY = 'announcements.read';

/** At most this many ids are kept per pupil (the newest): a school sends far fewer in a year. */
export const READ_ANNOUNCEMENTS_MAX = 500;

/** Pupil id (as a string key) → ids of the announcements opened here, oldest first. */
export type ReadAnnouncements = Record<string, number[]>;

const schema = z.record(z.string(), z.array(z.int().positive()));

/** Reads the set from `store`; an unreadable value reads as none opened. Never throws. */
export function loadReadAnnouncements(store: Store): ReadAnnouncements {
  const parsed = schema.safeParse(store.get<unknown>(READ_ANNOUNCEMENTS_STORE_KEY));
  return parsed.success ? parsed.data : {};
}

/**
 * Records in `store` that `announcementId` of `pupilId` was opened; returns the new set. Keeps the newest
 * {@link READ_ANNOUNCEMENTS_MAX} per pupil; an id already there changes nothing (and is not written).
 */
export function markAnnouncementRead(
  store: Store,
  pupilId: number,
  announcementId: number,
): ReadAnnouncements {
  const read = loadReadAnnouncements(store);
  const ids = read[String(pupilId)] ?? [];
  if (ids.includes(announcementId)) return read;
  const next = { ...read, [String(pupilId)]: [...ids, announcementId].slice(-READ_ANNOUNCEMENTS_MAX) };
  store.set(READ_ANNOUNCEMENTS_STORE_KEY, next);
  return next;
}

/** `items` with those opened here (for `pupilId`) shown as read; the others unchanged. */
export function withLocalReads<T extends Pick<Announcement, 'id' | 'unread'>>(
  items: readonly T[],
  read: ReadAnnouncements,
  pupilId: number,
): T[] {
  const ids = new Set(read[String(pupilId)] ?? []);
  return items.map((item) => (item.unread && ids.has(item.id) ? { ...item, unread: false } : item));
}

/**
 * The list's view of an announcement (`records:get`, common/contract `AnnouncementSummary`): everything
 * but the body, which `announcement:get` gives when it is opened (issue 30: 200 announcements of about
 * 5 KB each made every list 1 MB and every body rendered at once).
 */
export function announcementSummary(announcement: Announcement): AnnouncementSummary {
  const { descriptionHtml, ...rest } = announcement;
  return { ...rest, hasBody: descriptionHtml.trim() !== '' };
}
