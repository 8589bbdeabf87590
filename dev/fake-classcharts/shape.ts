/**
 * Test helper: compares the *shape* of a JSON value with a real-shaped fixture — same keys, same value
 * types, recursively — and lists every difference. Tolerances come from docs/classcharts-api.md (§5, §7):
 * fields it calls nullable may be null, a few optional fields may be present or absent, "map or `[]`"
 * fields may be either, and arrays that are empty in a fixture are checked against the element shape it
 * gives.
 */

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What the comparison tolerates, keyed by paths like `data[].status.mark` (`[]` = any element). */
export interface ShapeRules {
  /** Paths whose value may be `null` (or, when the fixture has null, any scalar). */
  nullable?: string[];
  /** Paths that may be absent, or present though the fixture lacks them. */
  optional?: string[];
  /** Paths holding a name → value map that PHP writes as `[]` when empty; only value types are compared. */
  mapOrEmpty?: string[];
  /** Element shapes for arrays that are empty in the fixture, by the array's path. */
  elements?: Record<string, Json>;
  /** Shapes of values that are `null` in the fixture but may be objects (e.g. an answered consent). */
  whenPresent?: Record<string, Json>;
  /** Array paths whose elements may be wrapped in an object with this single key (e.g. `pupil_event`). */
  wrapped?: Record<string, string>;
}

function kind(value: Json | undefined): string {
  if (value === undefined) return 'absent';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * The differences between `actual` and the shape of `expected` (empty when they match).
 * Each entry names the path and what differed.
 */
export function shapeDifferences(
  actual: Json | undefined,
  expected: Json,
  rules: ShapeRules = {},
  path = '',
): string[] {
  const has = (list: string[] | undefined): boolean => (list ?? []).includes(path);
  const here = path || '(root)';
  if (actual === undefined) return has(rules.optional) ? [] : [`${here}: missing`];
  if (expected === null) {
    const present = rules.whenPresent?.[path];
    if (present !== undefined && actual !== null) return shapeDifferences(actual, present, rules, path);
    return actual === null || typeof actual !== 'object'
      ? []
      : [`${here}: expected a scalar or null, got ${kind(actual)}`];
  }
  if (actual === null) return has(rules.nullable) ? [] : [`${here}: null, expected ${kind(expected)}`];
  if (has(rules.mapOrEmpty)) {
    if (Array.isArray(actual))
      return actual.length === 0 ? [] : [`${here}: a non-empty array, expected a map or []`];
    if (typeof actual !== 'object') return [`${here}: ${kind(actual)}, expected a map or []`];
    const sample =
      Array.isArray(expected) || typeof expected !== 'object' ? undefined : Object.values(expected)[0];
    return sample === undefined
      ? []
      : Object.entries(actual).flatMap(([k, v]) => shapeDifferences(v, sample, {}, `${path}.${k}`));
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${here}: ${kind(actual)}, expected array`];
    const element = expected[0] ?? rules.elements?.[path];
    if (element === undefined) return [];
    const wrapper = rules.wrapped?.[path];
    return actual.flatMap((item) => {
      const unwrapped =
        wrapper && item && typeof item === 'object' && !Array.isArray(item) && wrapper in item
          ? item[wrapper]
          : item;
      return shapeDifferences(unwrapped, element, rules, `${path}[]`);
    });
  }
  if (typeof expected === 'object') {
    if (typeof actual !== 'object' || Array.isArray(actual))
      return [`${here}: ${kind(actual)}, expected object`];
    const problems: string[] = [];
    for (const [key, value] of Object.entries(expected)) {
      problems.push(...shapeDifferences(actual[key], value, rules, path ? `${path}.${key}` : key));
    }
    for (const key of Object.keys(actual)) {
      const child = path ? `${path}.${key}` : key;
      if (!(key in expected) && !(rules.optional ?? []).includes(child))
        problems.push(`${child}: not in the fixture`);
    }
    return problems;
  }
  return kind(actual) === kind(expected) ? [] : [`${here}: ${kind(actual)}, expected ${kind(expected)}`];
}
