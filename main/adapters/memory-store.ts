/**
 * An in-memory Store (main/ports.ts) for tests and the preview. Values are copied through JSON on the
 * way in and out, as a real store would, so a caller can never mutate what is stored by accident and a
 * value that is not JSON-serialisable fails loudly. No electron, no node imports.
 */
import type { Store } from '../ports';

/** Copies a value through JSON: what a persistent store would give back. `undefined` stays `undefined`. */
export function jsonCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** A Store backed by a Map, optionally pre-filled (key → JSON-serialisable value). */
export function createMemoryStore(initial: Record<string, unknown> = {}): Store & {
  /** Every key and value, copied (for tests that look at what was persisted). */
  dump(): Record<string, unknown>;
} {
  const values = new Map<string, unknown>(Object.entries(jsonCopy(initial)));
  return {
    get<T>(key: string): T | undefined {
      return jsonCopy(values.get(key)) as T | undefined;
    },
    set(key, value) {
      values.set(key, jsonCopy(value));
    },
    delete(key) {
      values.delete(key);
    },
    dump() {
      return jsonCopy(Object.fromEntries(values));
    },
  };
}
