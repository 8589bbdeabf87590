/**
 * A small seeded pseudo-random generator (mulberry32) so the generated dataset is the same for the same
 * `--seed` and "today". Not for anything secret: session tokens use node:crypto.
 */

/** Deterministic random helpers over one seed. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability `p` (0–1). */
  chance(p: number): boolean;
  /** One element of a non-empty array. @throws RangeError on an empty array. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** `length` characters from `alphabet`. */
  text(length: number, alphabet?: string): string;
}

/** Creates a generator from a 32-bit seed (mulberry32). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('pick from an empty array');
      return items[int(0, items.length - 1)] as T;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
    text(length, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789') {
      let out = '';
      for (let i = 0; i < length; i++) out += alphabet[int(0, alphabet.length - 1)];
      return out;
    },
  };
}
