/**
 * Redaction of recorded ClassCharts answers (`cli record`, ./record.ts): every value that could say who
 * the account is, or what the school wrote, is replaced by a stand-in of the same shape, so the recording
 * can be shared and replayed by the fake server without holding anything of the account.
 *
 * Rules, by value:
 * - `null`, booleans, flag words (`yes`/`no`/`true`/`false`/`""`), dates and times (`2026-06-17`,
 *   `2026-06-17T08:45:00+01:00`, `2026-06-17 10:00:00`, `08:45`, `6/17/2026`), hex colours and the
 *   vocabulary fields of {@link KEPT_KEYS} (`type`, `polarity`, `state`, …) are kept;
 * - ids (keys `id`, `*_id`, `key`) and any number of 1000 or more: another number of as many digits, the
 *   same for the same original everywhere (so a pupil id still joins `/pupils` to the paths and to
 *   `detentions[].pupil.id`), numeric strings included; small counts, scores and minutes are kept;
 * - URLs: `https://example.com/` with the path and query words replaced (file extensions kept, as in
 *   `filename`/`file_name`);
 * - email addresses: `<stand-in>@example.com`;
 * - HTML: tags and entities kept, text and attribute values replaced;
 * - any other text (names, titles, notes, codes, tokens): each word (letters, digits) replaced by a
 *   random word of the same length and case pattern, the same word everywhere, spacing and punctuation
 *   kept;
 * - map keys that are data (not identifiers, or under `positive_reasons`/`negative_reasons`) like text.
 * A stand-in never equals an original value or word ({@link Redactor} is given them all first).
 */

/** Fields whose values are a small fixed vocabulary of the service, not the account's: kept. */
export const KEPT_KEYS: ReadonlySet<string> = new Set([
  'type',
  'polarity',
  'state',
  // An attendance mark's status (`present`, `late`, `absent`, `excused`, `ignore`; docs/classcharts-api.md §5.11).
  'status',
  'attended',
  'completion_time_unit',
  'display_attendance_type',
  'timezone',
  'comment_visibility',
  'scan_status',
  'display_type',
  'version',
  'allowed_file_types',
]);

/** Fields holding a file name: the name is replaced, a short extension (`.docx`) kept. */
const FILE_NAME_KEYS: ReadonlySet<string> = new Set(['filename', 'file_name']);

/** Objects whose keys are data (reason names), not field names. */
const MAP_KEYS: ReadonlySet<string> = new Set(['positive_reasons', 'negative_reasons']);

const FLAG_WORDS = new Set(['', 'yes', 'no', 'true', 'false']);
const DATE_OR_TIME = [
  /^\d{4}-\d{2}-\d{2}([T :][0-9:.+\-Z]*)?$/,
  /^\d{1,2}:\d{2}(:\d{2})?$/,
  /^\d{1,2}\/\d{1,2}\/\d{4}$/,
];
const HEX_COLOUR = /^#[0-9a-f]{3,8}$/i;
const ID_KEY = /^(id|key)$|_id$/i;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const WORD = /[\p{L}\p{N}]+/gu;

/** Is this string a date or a time the redaction keeps? */
export function isDateOrTime(text: string): boolean {
  return DATE_OR_TIME.some((pattern) => pattern.test(text));
}

/** Is this string a flag word (`yes`, `no`, `true`, `false`, `""`)? */
export function isFlagWord(text: string): boolean {
  return FLAG_WORDS.has(text.trim().toLowerCase());
}

/** Every string and number in a JSON value, and every word of its strings (what stand-ins must avoid). */
export function originalsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    into.add(value);
    for (const word of value.match(WORD) ?? []) into.add(word);
  } else if (typeof value === 'number') into.add(String(value));
  else if (Array.isArray(value)) for (const item of value) originalsOf(item, into);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      originalsOf(item, into);
    }
  return into;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const DIGITS = '0123456789';

/**
 * A consistent redaction: the same original always gets the same stand-in. `avoid` holds every original
 * string, number and word (see {@link originalsOf}); `random` returns [0, 1) (default Math.random).
 */
export class Redactor {
  private readonly words = new Map<string, string>();
  private readonly ids = new Map<string, string>();
  private readonly issued = new Set<string>();

  constructor(
    private readonly avoid: ReadonlySet<string>,
    private readonly random: () => number = Math.random,
  ) {}

  /** A redacted copy of a JSON value (see the module comment for the rules). */
  json(value: unknown, key: string | null = null): unknown {
    if (value === null || typeof value === 'boolean') return value;
    if (typeof value === 'number') return this.number(value, key);
    if (typeof value === 'string') return this.string(value, key);
    if (Array.isArray(value)) return value.map((item) => this.json(item, key));
    if (typeof value === 'object') {
      const out: Record<string, unknown> = {};
      const dataKeys = key !== null && MAP_KEYS.has(key);
      for (const [name, item] of Object.entries(value)) {
        const outName = dataKeys || !IDENTIFIER.test(name) ? this.text(name) : name;
        out[outName] = this.json(item, dataKeys ? null : name);
      }
      return out;
    }
    return value;
  }

  /** A number: ids and numbers of 1000 or more replaced (same digit count), small ones kept. */
  number(value: number, key: string | null): number {
    const isId = key !== null && ID_KEY.test(key);
    if (!isId && Math.abs(value) < 1000) return value;
    if (!Number.isInteger(value))
      return Math.round(value) === 0 ? 0 : Number(this.digits(String(Math.round(value))));
    return Number(this.digits(String(value)));
  }

  /** A string, by the rules of the module comment. */
  string(value: string, key: string | null): string {
    if (isFlagWord(value) || isDateOrTime(value) || HEX_COLOUR.test(value)) return value;
    if (key !== null && KEPT_KEYS.has(key)) return value;
    if (/^-?\d+$/.test(value)) {
      const isId = key !== null && ID_KEY.test(key);
      return !isId && Math.abs(Number(value)) < 1000 ? value : this.digits(value);
    }
    if (/^https?:\/\//i.test(value.trim())) return this.url(value.trim());
    if (/^[^\s@<>]+@[^\s@<>]+$/.test(value)) return `${this.text(value.split('@')[0] ?? '')}@example.com`;
    if (/<[a-z!/][^>]*>/i.test(value)) return this.html(value);
    const extension = /\.[A-Za-z0-9]{1,5}$/.exec(value)?.[0];
    if (key !== null && FILE_NAME_KEYS.has(key) && extension !== undefined)
      return this.text(value.slice(0, -extension.length)) + extension;
    return this.text(value);
  }

  /** A URL on example.com: path and query words replaced, a short file extension kept. */
  url(value: string): string {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return this.text(value);
    }
    const segments = url.pathname.split('/').map((segment) => {
      const dot = segment.lastIndexOf('.');
      const extension = dot > 0 ? segment.slice(dot) : '';
      return /^\.[A-Za-z0-9]{1,5}$/.test(extension)
        ? this.text(decodeSafely(segment.slice(0, dot))) + extension
        : this.text(decodeSafely(segment));
    });
    const query = [...url.searchParams.entries()].map(
      ([name, item]) => `${encodeURIComponent(name)}=${encodeURIComponent(this.text(item))}`,
    );
    return `https://example.com${segments.map((s) => encodeURI(s)).join('/')}${query.length ? `?${query.join('&')}` : ''}`;
  }

  /** HTML: tags and entities kept; text, and attribute values, replaced (URLs as URLs). */
  html(value: string): string {
    return value
      .split(/(<[^>]*>|&#?[A-Za-z0-9]+;)/)
      .map((part) => {
        if (part.startsWith('&')) return part;
        if (!part.startsWith('<')) return this.text(part);
        return part.replace(/(=\s*)(["'])(.*?)\2/g, (_, eq: string, quote: string, inner: string) => {
          const replaced = /^https?:\/\//i.test(inner) ? this.url(inner) : this.text(inner);
          return `${eq}${quote}${replaced}${quote}`;
        });
      })
      .join('');
  }

  /** Free text: every word replaced by its stand-in; spacing and punctuation kept. */
  text(value: string): string {
    return value.replace(WORD, (word) => this.word(word));
  }

  /** The stand-in of one word: same length, each letter's case and each digit kept as a class. */
  private word(word: string): string {
    const known = this.words.get(word);
    if (known !== undefined) return known;
    const standIn = this.fresh(() =>
      [...word]
        .map((ch) => {
          if (/\p{N}/u.test(ch)) return this.pick(DIGITS);
          return ch === ch.toUpperCase() && ch !== ch.toLowerCase() ? this.pick(UPPER) : this.pick(LOWER);
        })
        .join(''),
    );
    this.words.set(word, standIn);
    return standIn;
  }

  /** The stand-in of a digit string (an id): as many digits, no leading zero unless the original had one. */
  private digits(value: string): string {
    const known = this.ids.get(value);
    if (known !== undefined) return known;
    const sign = value.startsWith('-') ? '-' : '';
    const body = sign ? value.slice(1) : value;
    const standIn = this.fresh(
      () =>
        sign +
        [...body]
          .map((_, i) =>
            i === 0 && body.length > 1 && !body.startsWith('0') ? this.pick('123456789') : this.pick(DIGITS),
          )
          .join(''),
      () => sign + String(this.ids.size + 1) + body,
    );
    this.ids.set(value, standIn);
    return standIn;
  }

  /** A candidate that is neither an original nor issued before (tries 50 times, then `fallback`). */
  private fresh(make: () => string, fallback: () => string = make): string {
    for (let i = 0; i < 50; i++) {
      const candidate = make();
      if (!this.avoid.has(candidate) && !this.issued.has(candidate)) {
        this.issued.add(candidate);
        return candidate;
      }
    }
    let candidate = fallback();
    while (this.avoid.has(candidate) || this.issued.has(candidate)) candidate += this.pick(DIGITS);
    this.issued.add(candidate);
    return candidate;
  }

  private pick(alphabet: string): string {
    return alphabet[Math.floor(this.random() * alphabet.length)] ?? alphabet[0] ?? '';
  }
}

/** decodeURIComponent that keeps the text as it is when it is not valid percent-encoding. */
function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
