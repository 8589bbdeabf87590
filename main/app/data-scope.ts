/**
 * Where the signed-in account's data lives, and for how long: for a remembered sign-in, in the
 * remembered-data store (`ports.cache`, else the settings store) so it outlives the process; otherwise in
 * memory only, so nothing personal is left behind. Holds the notification ledger, what was last cached
 * (only what changed since is written) and the pupil the popover shows.
 *
 * Owns the store key `ui.selectedPupilId`; in the remembered-data store the cached known data in pieces
 * (`cache.*`, sync/known-data.ts), `notify.ledger`, `notify.history` and `announcements.read`.
 */
import { createMemoryStore } from '../adapters/memory-store';
import { openHistory, type HistoryKeeper } from '../notify/history';
import { openLedger, type Ledger } from '../notify/ledger';
import type { AppPorts, Store } from '../ports';
import { clearKnownData, loadKnownData, saveKnownData } from '../sync/known-data';
import { type KnownData } from '../known';
import { READ_ANNOUNCEMENTS_STORE_KEY } from '../sync/read-announcements';

/** The store key of the selected pupil id. */
export const SELECTED_PUPIL_STORE_KEY = 'ui.selectedPupilId';

/** The account's data scope: memory or the remembered-data store, with its ledger and selected pupil. */
export class DataScope {
  /** Whether the data is kept across runs (a remembered sign-in on a usable keychain). */
  persistent = false;
  /** Where the data is written now: the remembered-data store, or a throwaway memory store. */
  store: Store = createMemoryStore();
  /** The notification ledger of {@link store}. */
  ledger: Ledger;
  /** The notification history of {@link store} (issue 28 §4). */
  history: HistoryKeeper;
  /** The pupil the popover shows (a pupil id on the account), `null` before the account is known. */
  selectedPupilId: number | null;
  /** Where a remembered sign-in's data is kept: apart from the settings where the shell gives a place. */
  readonly remembered: Store;
  /** The known data as last cached in {@link store}, `null`: none. */
  private saved: KnownData | null = null;

  constructor(private readonly ports: AppPorts) {
    this.remembered = ports.cache ?? ports.store;
    this.ledger = openLedger(this.store);
    this.history = openHistory(this.store);
    this.selectedPupilId = numberOrNull(ports.store.get<unknown>(SELECTED_PUPIL_STORE_KEY));
  }

  /** Keeps the data across runs (`true`) or in memory only, starting with an empty cache and ledger view. */
  use(persistent: boolean): void {
    this.persistent = persistent;
    this.store = persistent ? this.remembered : createMemoryStore();
    this.saved = null;
    this.ledger = openLedger(this.store);
    this.history = openHistory(this.store);
  }

  /**
   * Signed in again after "sign in again": the ledger carries over, kept or not per the new sign-in's
   * "remember" (its entries move with it, so nothing is told twice). `now`: epoch ms.
   */
  carryOver(persist: boolean, now: number): void {
    const carried = this.ledger;
    const carriedHistory = this.history;
    if (persist === this.persistent) return;
    if (!persist) {
      clearKnownData(this.remembered);
      this.ports.store.delete(SELECTED_PUPIL_STORE_KEY);
    }
    this.use(persist);
    this.ledger.merge(carried, now);
    this.history.merge(carriedHistory);
    if (!persist) {
      openLedger(this.remembered).clear();
      openHistory(this.remembered).clear();
    }
  }

  /**
   * Forgets everything the account left: the cache, the ledger, the notification history, local reads
   * and the selected pupil.
   */
  forget(): void {
    clearKnownData(this.remembered);
    openLedger(this.remembered).clear();
    openHistory(this.remembered).clear();
    this.ports.store.delete(SELECTED_PUPIL_STORE_KEY);
    this.remembered.delete(READ_ANNOUNCEMENTS_STORE_KEY);
    this.selectedPupilId = null;
    this.use(false);
  }

  /**
   * Remembered data from an earlier run (`persistent`: whether it may stay on disk): the scope follows it
   * and the cached data comes back (`null`: none), to be shown until the first refresh replaces it.
   */
  openRemembered(persistent: boolean): KnownData | null {
    this.use(persistent);
    const cached = loadKnownData(this.remembered);
    if (cached) this.saved = cached;
    return cached;
  }

  /** New data: the selected pupil stays one on the account (else the first pupil, or none). */
  keepSelection(current: KnownData): void {
    if (this.selectedPupilId !== null && !current.pupils.some((p) => p.pupil.id === this.selectedPupilId)) {
      this.selectedPupilId = current.pupils[0]?.pupil.id ?? null;
    }
  }

  /** New data: a remembered sign-in caches what changed since the last write (else nothing is written). */
  cache(current: KnownData): void {
    if (!this.persistent) return;
    saveKnownData(this.store, current, this.saved);
    this.saved = current;
  }

  /** Makes `pupilId` (one on the account) the pupil shown, kept for a remembered sign-in. */
  select(pupilId: number): void {
    this.selectedPupilId = pupilId;
    if (this.persistent) this.ports.store.set(SELECTED_PUPIL_STORE_KEY, pupilId);
  }

  /** The pupil a request names, else the one shown; `undefined` when neither (the engine picks the first). */
  pupilOf(pupilId: number | undefined): number | undefined {
    return pupilId ?? this.selectedPupilId ?? undefined;
  }
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}
