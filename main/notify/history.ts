/**
 * The notification history (issue 28 §4): the last {@link HISTORY_MAX_ENTRIES} notifications, newest
 * first, so a toast dismissed, missed or swallowed by the system (Focus, Do Not Disturb, Action Center) —
 * or held back by the app's own quiet hours — is not lost. Each entry is what the toast said, in full
 * wording (./notifications.ts `NotifyOutput.history`), whose it is, when, and where opening it leads.
 *
 * Kept with the cached data, as the ledger is (./ledger.ts, main/app/data-scope.ts): on disk for a
 * remembered sign-in, in memory otherwise, and forgotten at sign-out. It holds nothing the app did not
 * fetch: the words come from the fetched records, as the popover's own lists do.
 *
 * Pure functions over plain JSON, and {@link openHistory}, which keeps one in memory over the store port
 * (a remembered store reads its file at every `get`). No electron, no node imports.
 */
import { z } from 'zod';
import type { NotificationHistory, NotificationHistoryEntry, NotificationKind } from '../../common/contract';
import { NOTIFICATION_KINDS } from '../../common/contract';
import { toLondonInstant } from '../../common/dates';
import type { Pupil } from '../../common/domain';
import { pupilIdSchema, recordsRequestSchema } from '../contract-schemas';
import type { AppNotification, Store } from '../ports';

/** The store key of the history. */
export const HISTORY_STORE_KEY = 'notify.history';
/** At most this many entries are kept (the newest). */
export const HISTORY_MAX_ENTRIES = 50;

/** A notification for the history, as ./notifications.ts decides it. */
export interface HistoryNotice {
  /** In full wording; its title without the pupil's name. */
  notification: AppNotification;
  /** The pupil it is about. */
  pupil: Pick<Pupil, 'id' | 'firstName'>;
  /** Quiet hours held it back (recorded, never shown). */
  heldBack: boolean;
}

/** The history as stored: the entries, newest first, and how many of the first came since last opened. */
export interface StoredHistory {
  version: 1;
  entries: NotificationHistoryEntry[];
  unseen: number;
}

/** No notifications yet. */
export const EMPTY_HISTORY: StoredHistory = { version: 1, entries: [], unseen: 0 };

const targetSchema = z.union([
  z.object({ view: z.literal('today') }),
  z.object({ view: z.literal('homework'), homeworkId: pupilIdSchema.optional() }),
  z.object({
    view: z.literal('more'),
    kind: recordsRequestSchema.shape.kind,
    itemId: pupilIdSchema.optional(),
  }),
  z.object({ view: z.literal('settings'), confirmSignOut: z.boolean().optional() }),
]);
const entrySchema: z.ZodType<NotificationHistoryEntry> = z.object({
  id: z.string().min(1),
  kind: z.enum(NOTIFICATION_KINDS as [NotificationKind, ...NotificationKind[]]),
  title: z.string(),
  body: z.string(),
  pupil: z.object({ id: pupilIdSchema, firstName: z.string() }),
  at: z.string(),
  heldBack: z.boolean(),
  target: targetSchema,
});
const historySchema = z.object({
  version: z.literal(1),
  entries: z.array(z.unknown()),
  unseen: z.int().min(0),
});

/**
 * Reads a stored history; entries that no longer fit the shape (a kind or a view since removed) are
 * dropped, and anything unreadable reads as {@link EMPTY_HISTORY}. Never throws.
 */
export function parseHistory(value: unknown): StoredHistory {
  const parsed = historySchema.safeParse(value);
  if (!parsed.success) return EMPTY_HISTORY;
  const entries = parsed.data.entries.flatMap((entry) => {
    const one = entrySchema.safeParse(entry);
    return one.success ? [one.data] : [];
  });
  return { version: 1, entries, unseen: Math.min(parsed.data.unseen, entries.length) };
}

/**
 * The history with `notices` added at `now` (epoch ms), in the order given (the last given ends up
 * first), each counted unseen; an entry of the same id is replaced. Keeps the newest
 * {@link HISTORY_MAX_ENTRIES}.
 */
export function addToHistory(
  history: StoredHistory,
  notices: readonly HistoryNotice[],
  now: number,
): StoredHistory {
  if (notices.length === 0) return history;
  const at = toLondonInstant(now);
  const added: NotificationHistoryEntry[] = notices
    .map(({ notification, pupil, heldBack }) => ({
      id: notification.id,
      kind: notification.kind,
      title: notification.title,
      body: notification.body,
      pupil: { id: pupil.id, firstName: pupil.firstName },
      at,
      heldBack,
      target: notification.target,
    }))
    .reverse();
  const ids = new Set(added.map((entry) => entry.id));
  const entries = [...added, ...history.entries.filter((entry) => !ids.has(entry.id))].slice(
    0,
    HISTORY_MAX_ENTRIES,
  );
  return { version: 1, entries, unseen: Math.min(history.unseen + added.length, entries.length) };
}

/** The history with every entry seen (the list was opened). */
export function markHistorySeen(history: StoredHistory): StoredHistory {
  return history.unseen === 0 ? history : { ...history, unseen: 0 };
}

/**
 * Two histories as one (a sign-in again that moves between the stored and the memory history): every
 * entry of both, newest first (an id in both once, the newer), the newest {@link HISTORY_MAX_ENTRIES}; the
 * unseen count of the one with more.
 */
export function mergeHistories(a: StoredHistory, b: StoredHistory): StoredHistory {
  const byId = new Map<string, NotificationHistoryEntry>();
  for (const entry of [...a.entries, ...b.entries]) {
    const kept = byId.get(entry.id);
    if (!kept || Date.parse(entry.at) > Date.parse(kept.at)) byId.set(entry.id, entry);
  }
  const entries = [...byId.values()]
    .sort((x, y) => Date.parse(y.at) - Date.parse(x.at))
    .slice(0, HISTORY_MAX_ENTRIES);
  return { version: 1, entries, unseen: Math.min(Math.max(a.unseen, b.unseen), entries.length) };
}

/** A history kept in memory and written through to its store. */
export interface HistoryKeeper {
  /** The history now. */
  readonly current: StoredHistory;
  /** Adds notices at `now` (epoch ms) and saves; nothing to add writes nothing. */
  record(notices: readonly HistoryNotice[], now: number): void;
  /** What `notifications:history` answers (the unseen count before), then marks every entry seen. */
  open(): NotificationHistory;
  /** Takes in another history's entries (./mergeHistories) and saves. */
  merge(other: HistoryKeeper): void;
  /** Forgets everything (sign-out). */
  clear(): void;
}

/** Opens the history kept in `store` (an unreadable one starts empty). */
export function openHistory(store: Store): HistoryKeeper {
  let current = parseHistory(store.get<unknown>(HISTORY_STORE_KEY));
  const save = (next: StoredHistory): void => {
    if (next === current) return;
    current = next;
    store.set(HISTORY_STORE_KEY, next);
  };
  return {
    get current() {
      return current;
    },
    record: (notices, now) => save(addToHistory(current, notices, now)),
    open() {
      const opened = { entries: current.entries, unseen: current.unseen };
      save(markHistorySeen(current));
      return opened;
    },
    merge: (other) =>
      save(other.current.entries.length === 0 ? current : mergeHistories(current, other.current)),
    clear() {
      current = EMPTY_HISTORY;
      store.delete(HISTORY_STORE_KEY);
    },
  };
}
