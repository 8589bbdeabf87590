/**
 * fast-check arbitraries for hostile ClassCharts answers: a real-shaped body (a fixture or the fake
 * server's answer) put through structural mutations (keys dropped, types swapped, nulls, numbers as
 * strings and back, `"yes"`/`"no"`/`true` flags, `[]` for `{}`, huge and odd unicode strings, nested
 * garbage, envelope flags flipped), then byte-level ones (truncation, HTML, non-JSON text, invalid
 * UTF-8), with an HTTP status and, for sign-in answers, hostile `Set-Cookie` lines. The quirks are those
 * of docs/classcharts-api.md (§1.2, §3, §5, §7) pushed past what the real service sends.
 */
import fc from 'fast-check';

/** A JSON value as `JSON.parse` returns it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One step of a JSON path: an object key or an array index. */
type Step = string | number;

/** What the stub fetch answers with. */
export interface FuzzedAnswer {
  /** HTTP status (a null-body status such as 204 is sent without a body). */
  status: number;
  /** The body: text, raw bytes (maybe invalid UTF-8), or a stream that fails halfway (a reset). */
  body: { kind: 'text'; text: string } | { kind: 'bytes'; bytes: Uint8Array } | { kind: 'broken-stream' };
  /** `Set-Cookie` lines, sent as separate headers. */
  setCookies: string[];
  /** `Location` header for redirects, or `null`. */
  location: string | null;
  /** The fetch itself rejects (connection refused, reset) instead of answering. */
  rejects: boolean;
}

/** Dates and times the service has sent or might: malformed, out of range, other formats, huge years. */
const DATE_GARBAGE = [
  '2023-08-24:00:00+00:00',
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '0001-01-01T00:00:00+00:00',
  '9999-12-31T23:59:59+14:00',
  '2026-06-15T25:61:00+01:00',
  '2026-06-15T08:45:00',
  '2026-06-15 08:45:00',
  '2026-06-15 8:45',
  '2026-06-15T08:45:00.123456789Z',
  '2026-03-29 01:30:00',
  '2026-10-25 01:30:00',
  '15/06/2026',
  '6/15/2026',
  '13/45/2026',
  '1/1/0000',
  '24:00',
  '23:59:60',
  '8:5',
  '',
  ' ',
  'null',
  'tomorrow',
  '+275760-09-13T00:00:00.000Z',
  '1e21',
];

/** Numbers and number-ish strings at the edges. */
const NUMBER_EDGES: Json[] = [
  -1,
  0.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  '99999999999999999999',
  '1e3',
  ' 12 ',
  '١٢٣',
  'NaN',
];

/** The many spellings of a flag. */
const FLAG_SPELLINGS: Json[] = [
  'yes',
  'no',
  'YES',
  ' yes ',
  true,
  false,
  1,
  0,
  '1',
  '0',
  'true',
  'false',
  '',
  2,
  -1,
  'maybe',
];

/** Strings that break naive code: control characters, lone surrogates, RTL, BOM, HTML, SQL-ish. */
const TRICKY_STRINGS = [
  '\u0000',
  '\ud800',
  '\udfff',
  'a\u202eb',
  '\ufeff',
  'e\u0301',
  '👩‍👩‍👧‍👦',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "'; DROP TABLE pupils; --",
  '__proto__',
  'constructor',
  '\r\n',
  '%E2%82%AC',
  '€',
  'Ω≈ç√',
  '\\',
  '"',
];

/** Keys worth adding: prototype names, envelope names, real field names in the wrong place. */
const ODD_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'success',
  'error',
  'expired',
  'data',
  'meta',
  'id',
  'user',
  'session_id',
];

const ENVELOPE_SUCCESS: Json[] = [0, 1, '0', '1', true, false, null, 'yes', 2];
const ENVELOPE_ERRORS: Json[] = [
  'You are not logged in. [1]',
  'not logged in',
  'Pupil archived',
  '',
  ' ',
  null,
  42,
  ['nested'],
  { nested: true },
];

/** HTML pages the service (or something in front of it) answers with (docs/classcharts-api.md §3.2). */
const HTML_PAGES = [
  '<!DOCTYPE html><html><head><title>ClassCharts - Login</title></head><body><form></form></body></html>',
  '<html><body><h1>502 Bad Gateway</h1><hr><center>cloudflare</center></body></html>',
  '\n\n  <!doctype html><title>Just a moment...</title>',
  '<?xml version="1.0"?><error>maintenance</error>',
];

/** A string of a kind the real service never sends but a broken one might. */
const wildString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(...TRICKY_STRINGS),
  fc.constantFrom(...DATE_GARBAGE),
);

/** A huge string (tens to hundreds of kilobytes) of one repeated character. */
const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('x', 'é', '😀', '<', '\u0000', ' '), fc.constantFrom(10_000, 120_000))
  .map(([char, length]) => char.repeat(length));

/** A structural mutation: what to do, and where (an index into the value's paths, taken modulo). */
type Mutation =
  | { at: number; op: 'drop' }
  | { at: number; op: 'null' }
  | { at: number; op: 'replace'; value: Json }
  | { at: number; op: 'number-as-string' }
  | { at: number; op: 'string-as-number' }
  | { at: number; op: 'array-for-object' }
  | { at: number; op: 'duplicate' }
  | { at: number; op: 'add-key'; key: string; value: Json }
  | { at: number; op: 'envelope'; success: Json; error: Json; expired: Json; drop: 'data' | 'meta' | null }
  | { at: number; op: 'field-everywhere'; value: Json };

const at = fc.nat();

/** A weighted mutation that needs nothing but a place. */
function bare(
  op: 'drop' | 'null' | 'number-as-string' | 'string-as-number' | 'array-for-object' | 'duplicate',
  weight: number,
) {
  return { weight, arbitrary: fc.record({ at, op: fc.constant(op) }) as fc.Arbitrary<Mutation> };
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  bare('drop', 3),
  bare('null', 3),
  {
    weight: 6,
    arbitrary: fc.record({
      at,
      op: fc.constant('replace' as const),
      value: fc.oneof<fc.Arbitrary<Json>[]>(
        fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
        fc.constantFrom(...FLAG_SPELLINGS),
        fc.constantFrom(...NUMBER_EDGES),
        wildString,
        hugeString,
        fc.jsonValue({ maxDepth: 6 }) as fc.Arbitrary<Json>,
        fc.constant<Json>([]),
        fc.constant<Json>({}),
      ),
    }),
  },
  bare('number-as-string', 2),
  bare('string-as-number', 2),
  bare('array-for-object', 2),
  bare('duplicate', 1),
  {
    weight: 2,
    arbitrary: fc.record({
      at,
      op: fc.constant('add-key' as const),
      key: fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ maxLength: 8 })),
      value: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
    }),
  },
  {
    // One field name (picked among the value's keys) in every record at once, so ids, dates and counts
    // are hit as often as the envelope is.
    weight: 8,
    arbitrary: fc.record({
      at,
      op: fc.constant('field-everywhere' as const),
      value: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...NUMBER_EDGES) },
        fc.constantFrom(...FLAG_SPELLINGS),
        fc.constantFrom<Json>(...DATE_GARBAGE),
        wildString,
        fc.constantFrom<Json>(null, [], {}, [1], { id: 1 }),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      at,
      op: fc.constant('envelope' as const),
      success: fc.constantFrom(...ENVELOPE_SUCCESS),
      error: fc.constantFrom(...ENVELOPE_ERRORS),
      expired: fc.constantFrom<Json>(0, 1, '1', true, null, 'no'),
      drop: fc.constantFrom('data' as const, 'meta' as const, null),
    }),
  },
);

/** Every path in a JSON value, root first, breadth-first, at most `limit` of them. */
function pathsOf(value: Json, limit = 4000): Step[][] {
  const paths: Step[][] = [[]];
  const queue: { node: Json; path: Step[] }[] = [{ node: value, path: [] }];
  while (queue.length > 0 && paths.length < limit) {
    const { node, path } = queue.shift()!;
    if (node === null || typeof node !== 'object') continue;
    const entries: [Step, Json][] = Array.isArray(node)
      ? node.map((child, index): [Step, Json] => [index, child])
      : Object.entries(node);
    for (const [step, child] of entries) {
      paths.push([...path, step]);
      queue.push({ node: child, path: [...path, step] });
    }
  }
  return paths;
}

/** The node at `path`, or `undefined`. */
function nodeAt(root: Json, path: Step[]): Json | undefined {
  let node: Json | undefined = root;
  for (const step of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = Array.isArray(node) ? node[step as number] : (node as Record<string, Json>)[step as string];
  }
  return node;
}

/** Replaces (or with `undefined`, removes) the node at `path`; returns the new root. */
function setAt(root: Json, path: Step[], value: Json | undefined): Json {
  if (path.length === 0) return value === undefined ? {} : value;
  const parent = nodeAt(root, path.slice(0, -1));
  const last = path[path.length - 1]!;
  if (parent === null || typeof parent !== 'object') return root;
  if (Array.isArray(parent)) {
    if (value === undefined) parent.splice(last as number, 1);
    else parent[last as number] = value;
  } else if (value === undefined) {
    delete parent[last as string];
  } else {
    // defineProperty, so a `__proto__` key becomes an own property as JSON.parse would make it.
    Object.defineProperty(parent, last as string, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return root;
}

/** Every key name used in a JSON value, in first-seen order. */
function keysOf(value: Json): string[] {
  const keys = new Set<string>();
  for (const path of pathsOf(value)) {
    const last = path[path.length - 1];
    if (typeof last === 'string') keys.add(last);
  }
  return [...keys];
}

/** Sets `key` to a fresh copy of `value` in every object of `root` that has it. */
function setEverywhere(root: Json, key: string, value: Json): void {
  if (root === null || typeof root !== 'object') return;
  const children = Array.isArray(root) ? root : Object.values(root);
  for (const child of children) setEverywhere(child, key, value);
  if (!Array.isArray(root) && Object.hasOwn(root, key)) root[key] = structuredClone(value);
}

/** Applies one mutation to `root` (mutated in place where possible); returns the new root. */
function apply(root: Json, change: Mutation): Json {
  const paths = pathsOf(root);
  const path = paths[change.at % paths.length]!;
  const node = nodeAt(root, path);
  switch (change.op) {
    case 'drop':
      return setAt(root, path, undefined);
    case 'null':
      return setAt(root, path, null);
    case 'replace':
      return setAt(root, path, structuredClone(change.value));
    case 'number-as-string':
      return typeof node === 'number' ? setAt(root, path, String(node)) : root;
    case 'string-as-number': {
      if (typeof node !== 'string') return root;
      const n = Number.parseFloat(node);
      return setAt(root, path, Number.isFinite(n) ? n : node.length);
    }
    case 'array-for-object':
      if (Array.isArray(node)) return setAt(root, path, {});
      return setAt(root, path, []);
    case 'duplicate':
      if (Array.isArray(node) && node.length > 0) node.push(structuredClone(node[0]!), ...node);
      return root;
    case 'add-key':
      if (node !== null && typeof node === 'object' && !Array.isArray(node))
        Object.defineProperty(node, change.key, {
          value: structuredClone(change.value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return root;
    case 'field-everywhere': {
      const keys = keysOf(root);
      if (keys.length > 0) setEverywhere(root, keys[change.at % keys.length]!, change.value);
      return root;
    }
    case 'envelope':
      if (root === null || typeof root !== 'object' || Array.isArray(root)) return root;
      root.success = change.success;
      root.error = structuredClone(change.error);
      root.expired = change.expired;
      if (change.drop !== null) delete root[change.drop];
      return root;
  }
}

/** A byte-level damage applied after serialising. */
type Damage =
  | { kind: 'none' }
  | { kind: 'truncate'; at: number }
  | { kind: 'html'; page: string }
  | { kind: 'text'; text: string }
  | { kind: 'prefix'; prefix: string }
  | { kind: 'suffix'; suffix: string }
  | { kind: 'primitive'; text: string }
  | { kind: 'deep-nesting'; depth: number }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'broken-stream' };

const damage: fc.Arbitrary<Damage> = fc.oneof(
  { weight: 14, arbitrary: fc.constant<Damage>({ kind: 'none' }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('html' as const), page: fc.constantFrom(...HTML_PAGES) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('text' as const), text: wildString }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('prefix' as const),
      prefix: fc.constantFrom('\ufeff', ")]}',\n", ' \n', 'null', '<'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('suffix' as const),
      suffix: fc.constantFrom('}', ']', ',', 'x', '\n<!-- -->'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('primitive' as const),
      text: fc.constantFrom('null', '1', '"ok"', '[]', '{}', 'true', 'NaN', '[{}]', '{"success":1}'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deep-nesting' as const), depth: fc.constantFrom(500, 50_000) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('bytes' as const), bytes: fc.uint8Array({ maxLength: 64 }) }),
  },
  { weight: 1, arbitrary: fc.constant<Damage>({ kind: 'broken-stream' }) },
);

/** Serialises a mutated value and applies the byte-level damage. */
function damaged(value: Json, hurt: Damage): FuzzedAnswer['body'] {
  const text = JSON.stringify(value);
  switch (hurt.kind) {
    case 'none':
      return { kind: 'text', text };
    case 'truncate':
      return { kind: 'text', text: text.slice(0, hurt.at % Math.max(1, text.length)) };
    case 'html':
      return { kind: 'text', text: hurt.page };
    case 'text':
      return { kind: 'text', text: hurt.text };
    case 'prefix':
      return { kind: 'text', text: hurt.prefix + text };
    case 'suffix':
      return { kind: 'text', text: text + hurt.suffix };
    case 'primitive':
      return { kind: 'text', text: hurt.text };
    case 'deep-nesting':
      return {
        kind: 'text',
        text: `{"success":1,"data":${'['.repeat(hurt.depth)}${']'.repeat(hurt.depth)}}`,
      };
    case 'bytes':
      return { kind: 'bytes', bytes: hurt.bytes };
    case 'broken-stream':
      return { kind: 'broken-stream' };
  }
}

/** HTTP statuses: mostly 200 (the service's errors come with 200), and every class of the rest. */
const status: fc.Arbitrary<number> = fc.oneof(
  { weight: 12, arbitrary: fc.constant(200) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(201, 204, 301, 302, 304, 400, 401, 403, 404, 418, 429, 500, 502, 503),
  },
);

/**
 * A hostile answer built from one of `seeds` (real bodies for this endpoint): 0–6 structural mutations,
 * a byte-level damage, a status, a `Location` for redirects, and now and then a fetch that rejects.
 */
export function hostileAnswer(seeds: readonly Json[]): fc.Arbitrary<FuzzedAnswer> {
  return fc
    .record({
      seed: fc.nat({ max: seeds.length - 1 }),
      changes: fc.array(mutation, { maxLength: 6 }),
      hurt: damage,
      status,
      location: fc.constantFrom<string | null>(
        null,
        '/student/login',
        'https://www.tes.com/verify?returnUrl=x',
        '::',
      ),
      rejects: fc.oneof(
        { weight: 40, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
    })
    .map(({ seed, changes, hurt, status: code, location, rejects }) => {
      let value: Json = structuredClone(seeds[seed]!);
      for (const change of changes) value = apply(value, change);
      return { status: code, body: damaged(value, hurt), setCookies: [], location, rejects };
    });
}

/** Characters a header value may hold (Latin-1, no controls): what a server can put in `Set-Cookie`. */
const headerSafe = fc.string({
  unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});

/**
 * Hostile `Set-Cookie` lines for a sign-in answer: the real ones, ones whose credentials cookie holds a
 * session id of any unicode (percent-encoded, as the service encodes it, or raw), expired ones, and junk.
 */
export function hostileCookies(realCookies: readonly string[]): fc.Arbitrary<string[]> {
  const sessionId = fc.oneof(wildString, fc.constantFrom('', ' ', 'abc', 'a'.repeat(5000)));
  const credentials = fc
    .record({
      name: fc.constantFrom(
        'student_session_credentials',
        'parent_session_credentials',
        'x_session_credentials',
      ),
      id: sessionId,
      encode: fc.boolean(),
      extra: fc.constantFrom(
        '',
        '; Max-Age=0',
        '; expires=Thu, 01 Jan 1970 00:00:00 GMT',
        '; Max-Age=abc',
        '; path=/',
      ),
    })
    .map(({ name, id, encode, extra }) => {
      const json = JSON.stringify({ remember_me: true, session_id: id });
      // A raw value must still be a valid header: fall back to encoding when it is not Latin-1.
      const raw = encode || !/^[\x20-\xff]*$/.test(json) ? encodeURIComponent(json) : json;
      return `${name}=${raw}${extra}`;
    });
  return fc.array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...realCookies) },
      { weight: 3, arbitrary: credentials },
      { weight: 1, arbitrary: headerSafe },
      { weight: 1, arbitrary: headerSafe.map((value) => `student_session_credentials=${value}`) },
    ),
    { maxLength: 4 },
  );
}
