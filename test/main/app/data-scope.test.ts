// DataScope (main/app/data-scope.ts) on memory stores: the selected pupil kept per remembered account and
// forgotten at sign-out, what a remembered sign-in keeps on disk (cache, ledger, reads), and the carry-over.
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../main/adapters/memory-store';
import { DataScope, SELECTED_PUPIL_STORE_KEY } from '../../../main/app/data-scope';
import { LEDGER_STORE_KEY, openLedger } from '../../../main/notify/ledger';
import type { Store } from '../../../main/ports';
import { loadKnownData } from '../../../main/sync/known-data';
import { markAnnouncementRead, READ_ANNOUNCEMENTS_STORE_KEY } from '../../../main/sync/read-announcements';
import { homework, known, knownData, pupil } from '../../support/fixtures';
import { MONDAY_0730, unitPorts } from './helpers';

const NOW = Date.parse(MONDAY_0730);
const JANE = pupil({ id: 11, firstName: 'Jane' });
const TOM = pupil({ id: 12, firstName: 'Tom' });
const account = (...pupils: (typeof JANE)[]) =>
  knownData(
    pupils.map((p) => known({ pupil: p, homework: [homework(p.id * 100)] }, NOW)),
    'parent',
  );

/** The settings store and, apart from it, the remembered-data store (`ports.cache`). */
function stores() {
  return { store: createMemoryStore(), cache: createMemoryStore() };
}

function scopeOn({ store, cache }: { store: Store; cache?: Store }): DataScope {
  return new DataScope(unitPorts({ store, ...(cache ? { cache } : {}) }));
}

describe('DataScope: the selected pupil', () => {
  it('is remembered across runs for a remembered sign-in', () => {
    const s = stores();
    const scope = scopeOn(s);
    scope.use(true);
    scope.select(TOM.id);
    expect(s.store.get(SELECTED_PUPIL_STORE_KEY)).toBe(TOM.id);
    expect(scopeOn(s).selectedPupilId).toBe(TOM.id);
  });

  it('is kept in memory only for a sign-in that is not remembered', () => {
    const s = stores();
    const scope = scopeOn(s);
    scope.use(false);
    scope.select(TOM.id);
    expect(scope.selectedPupilId).toBe(TOM.id);
    expect(s.store.get(SELECTED_PUPIL_STORE_KEY)).toBeUndefined();
    expect(scopeOn(s).selectedPupilId).toBeNull();
  });

  it('is forgotten at sign-out', () => {
    const s = stores();
    const scope = scopeOn(s);
    scope.use(true);
    scope.select(TOM.id);
    scope.forget();
    expect(scope.selectedPupilId).toBeNull();
    expect(s.store.get(SELECTED_PUPIL_STORE_KEY)).toBeUndefined();
    expect(scopeOn(s).selectedPupilId).toBeNull();
  });

  it('ignores a stored value that is not a pupil id', () => {
    for (const value of ['12', -3, 0, 1.5, null]) {
      const s = stores();
      s.store.set(SELECTED_PUPIL_STORE_KEY, value);
      expect(scopeOn(s).selectedPupilId).toBeNull();
    }
  });

  it('moves to the first pupil when the one shown leaves the account, and stays otherwise', () => {
    const scope = scopeOn(stores());
    scope.select(TOM.id);
    scope.keepSelection(account(JANE, TOM));
    expect(scope.selectedPupilId).toBe(TOM.id);
    scope.keepSelection(account(JANE));
    expect(scope.selectedPupilId).toBe(JANE.id);
  });

  it('a request names its pupil, else the one shown', () => {
    const scope = scopeOn(stores());
    expect(scope.pupilOf(undefined)).toBeUndefined();
    scope.select(JANE.id);
    expect(scope.pupilOf(undefined)).toBe(JANE.id);
    expect(scope.pupilOf(TOM.id)).toBe(TOM.id);
  });
});

describe("DataScope: the account's data", () => {
  it('a remembered sign-in caches its data in the remembered-data store, not the settings store', () => {
    const s = stores();
    const scope = scopeOn(s);
    scope.use(true);
    scope.cache(account(JANE, TOM));
    expect(Object.keys(s.store.dump())).toEqual([]);
    const next = scopeOn(s);
    const cached = next.openRemembered(true);
    expect(cached?.pupils.map((p) => p.pupil.id)).toEqual([JANE.id, TOM.id]);
    expect(cached?.pupils[1]?.homework?.items.map((h) => h.id)).toEqual([1200]);
  });

  it('a sign-in that is not remembered leaves nothing behind', () => {
    const s = stores();
    const scope = scopeOn(s);
    scope.use(false);
    scope.cache(account(JANE));
    scope.ledger.record(['homework-new:1100'], NOW);
    expect(s.cache.dump()).toEqual({});
    expect(s.store.dump()).toEqual({});
  });

  it('sign-out forgets the cache, the ledger and the announcements read here', () => {
    const s = stores();
    const scope = scopeOn(s);
    scope.use(true);
    scope.cache(account(JANE));
    scope.ledger.record(['homework-new:1100'], NOW);
    markAnnouncementRead(scope.store, JANE.id, 7);
    expect(s.cache.get(READ_ANNOUNCEMENTS_STORE_KEY)).toBeDefined();
    scope.forget();
    expect(loadKnownData(s.cache)).toBeNull();
    expect(openLedger(s.cache).size).toBe(0);
    expect(s.cache.get(READ_ANNOUNCEMENTS_STORE_KEY)).toBeUndefined();
    expect(scope.persistent).toBe(false);
  });

  it('signing in again without "remember" keeps what was told, in memory, and clears the disk', () => {
    const s = stores();
    const scope = scopeOn(s);
    scope.use(true);
    scope.select(JANE.id);
    scope.cache(account(JANE));
    scope.ledger.record(['homework-new:1100'], NOW);
    scope.carryOver(false, NOW + 1_000);
    expect(scope.persistent).toBe(false);
    expect(scope.ledger.has('homework-new:1100')).toBe(true);
    expect(s.cache.get(LEDGER_STORE_KEY)).toBeUndefined();
    expect(loadKnownData(s.cache)).toBeNull();
    expect(s.store.get(SELECTED_PUPIL_STORE_KEY)).toBeUndefined();
  });

  it('signing in again with "remember" moves what was told to the disk', () => {
    const s = stores();
    const scope = scopeOn(s);
    scope.ledger.record(['homework-new:1100'], NOW);
    scope.carryOver(true, NOW + 1_000);
    expect(scope.persistent).toBe(true);
    expect(openLedger(s.cache).has('homework-new:1100')).toBe(true);
  });

  it('without a remembered-data store the settings store keeps the data', () => {
    const s = stores();
    const scope = scopeOn({ store: s.store });
    scope.use(true);
    scope.cache(account(JANE));
    expect(loadKnownData(s.store)?.pupils.map((p) => p.pupil.id)).toEqual([JANE.id]);
  });
});
