// The notification ledger carried across a sign-in again that switches between the stored ledger and
// the memory one (main/app/data-scope.ts, carryOver): nothing already told may be told again.
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../main/adapters/memory-store';
import { LEDGER_STORE_KEY, openLedger } from '../../../main/notify/ledger';

const NOW = Date.parse('2026-06-15T07:30:00+01:00');

describe('ledger merge', () => {
  it('takes in the other ledger, keeps the later time of an id in both, and saves to its own store', () => {
    const memory = openLedger(createMemoryStore());
    memory.record(['homework-new:1:10', 'badge:1:3'], NOW - 60_000);
    memory.record(['homework-new:1:11'], NOW);
    const store = createMemoryStore();
    const stored = openLedger(store);
    stored.record(['badge:1:3'], NOW - 120_000);
    stored.merge(memory, NOW);
    expect(Object.fromEntries(stored.entries())).toEqual({
      'homework-new:1:10': NOW - 60_000,
      'badge:1:3': NOW - 60_000,
      'homework-new:1:11': NOW,
    });
    const reopened = openLedger(store);
    expect(['homework-new:1:10', 'homework-new:1:11', 'badge:1:3'].every((id) => reopened.has(id))).toBe(
      true,
    );
    expect(store.get(LEDGER_STORE_KEY)).toBeDefined();
  });

  it('merging an empty ledger writes nothing', () => {
    const store = createMemoryStore();
    openLedger(store).merge(openLedger(createMemoryStore()), NOW);
    expect(store.get(LEDGER_STORE_KEY)).toBeUndefined();
  });
});
