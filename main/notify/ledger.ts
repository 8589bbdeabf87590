/**
 * The notification ledger: the ids of everything already notified (or recorded silently), persisted
 * through the store port so nothing is notified twice, across restarts too. Entries older than
 * {@link LEDGER_MAX_AGE_MS} are pruned when saving, and at most {@link LEDGER_MAX_ENTRIES} are kept (the
 * newest), so the store stays small. No electron, no node imports.
 */
import { z } from 'zod';
import type { Store } from '../ports';

/** The store key of the ledger. */
export const LEDGER_STORE_KEY = 'notify.ledger';
/** Entries are kept 120 days: longer than any rule looks back. */
export const LEDGER_MAX_AGE_MS = 120 * 86_400_000;
/** At most this many entries are kept. */
export const LEDGER_MAX_ENTRIES = 5_000;

const ledgerSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), z.number()) });

/** A persisted set of notified ids. */
export interface Ledger {
  has(id: string): boolean;
  /** Records ids at `now` (epoch ms) and saves the ledger. */
  record(ids: readonly string[], now: number): void;
  /** Forgets everything (sign-out). */
  clear(): void;
  /** The recorded ids with when each was recorded (epoch ms). */
  entries(): [id: string, recordedAt: number][];
  /**
   * Takes in another ledger's entries (a sign-in again that switches between the stored and the memory
   * ledger), keeping the later time of an id in both, and saves at `now` (epoch ms).
   */
  merge(other: Ledger, now: number): void;
  /** How many ids are recorded. */
  readonly size: number;
}

/** Opens the ledger kept in `store` (an unreadable one starts empty). */
export function openLedger(store: Store): Ledger {
  const parsed = ledgerSchema.safeParse(store.get<unknown>(LEDGER_STORE_KEY));
  const entries = new Map<string, number>(parsed.success ? Object.entries(parsed.data.entries) : []);
  const save = (now: number): void => {
    const kept = [...entries].filter(([, at]) => now - at <= LEDGER_MAX_AGE_MS);
    kept.sort((a, b) => b[1] - a[1]);
    entries.clear();
    for (const [id, at] of kept.slice(0, LEDGER_MAX_ENTRIES)) entries.set(id, at);
    store.set(LEDGER_STORE_KEY, { version: 1, entries: Object.fromEntries(entries) });
  };
  return {
    has: (id) => entries.has(id),
    record(ids, now) {
      if (ids.length === 0) return;
      for (const id of ids) entries.set(id, now);
      save(now);
    },
    clear() {
      entries.clear();
      store.delete(LEDGER_STORE_KEY);
    },
    entries: () => [...entries],
    merge(other, now) {
      const incoming = other.entries();
      if (incoming.length === 0) return;
      for (const [id, at] of incoming) entries.set(id, Math.max(at, entries.get(id) ?? 0));
      save(now);
    },
    get size() {
      return entries.size;
    },
  };
}
