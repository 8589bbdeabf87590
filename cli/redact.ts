/**
 * Redaction of recorded ClassCharts answers (`cli record`, ./record.ts): every value that could say who
 * the account is, or what the school wrote, is replaced by a stand-in of the same shape, so the recording
 * can be shared and replayed by the fake server without holding anything of the account.
 *
 * Rules, by value:
 * - `null`, booleans, flag words (`yes`/`no`/`true`/`false`/`""`), dates and times when they are the whole
 *   value (`2026-06-17`, `2026-06-17T08:45:00+01:00`, `2026-06-17 10:00:00`, `08:45`, `6/17/2026`; not
 *   `2026-06-17 07700900123`), hex colours and the vocabulary fields of {@link KEPT_KEYS} (`type`,
 *   `polarity`, `state`, …) are kept;
 * - ids (keys `id`, `*_id`, `key`) and any number of 1000 or more: another number of as many digits, the
 *   same for the same original everywhere (so a pupil id still joins `/pupils` to the paths and to
 *   `detentions[].pupil.id`), numeric strings included; small counts, scores and minutes are kept;
 * - HTML, told by {@link isHtml} (it parses, with parse5, to at least one element of a known HTML name:
 *   `Name <john@x.com>` and `<07700 900123>` are text): re-serialized by parse5 with every text node, comment
 *   and attribute value replaced (attribute values by these same rules, so URLs as URLs); known tag and
 *   attribute names kept, unknown ones replaced like words; character references come out decoded;
 * - any other string is text: its character references (`&#48;`, `&euml;`) decoded first, then
 *   - URLs: `https://example.com/` with the path and query words replaced (file extensions kept, as in
 *     `filename`/`file_name`, and query names that are field names, such as `token`);
 *   - email addresses: `<stand-in>@example.com`;
 *   - the rest (names, titles, notes, codes, tokens): each word (letters with their combining marks,
 *     digits) replaced by a random word of the same length (in NFC code points) and case pattern, the same
 *     word everywhere (whether its accents are precomposed or not), spacing and punctuation kept;
 * - object keys: kept when they are field names (`lower_snake`/`lowerCamel`) or dates (attendance's `data`
 *   is keyed by date, docs/classcharts-api.md §5.11); replaced like text otherwise, and always under
 *   `positive_reasons`/`negative_reasons` and under a date key (attendance's session names, `AM`,
 *   `Registration`), the same word as where the same name is a value (`meta.sessions`).
 * A stand-in never equals an original value or word ({@link Redactor} is given them all first).
 */
import { decodeHTML } from 'entities';
import {
  type DefaultTreeAdapterTypes,
  defaultTreeAdapter,
  html as spec,
  parseFragment,
  serialize,
} from 'parse5';

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
  /^\d{4}-\d{2}-\d{2}([T :]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
  /^\d{1,2}:\d{2}(:\d{2})?$/,
  /^\d{1,2}\/\d{1,2}\/\d{4}$/,
];
const HEX_COLOUR = /^#[0-9a-f]{3,8}$/i;
const ID_KEY = /^(id|key)$|_id$/i;
/** A field name of the service (`pupil_name`, `isEmailVerified`); a capitalised or spaced key is data. */
const FIELD_NAME = /^[a-z_][A-Za-z0-9_]*$/;
/** A word: letters with their combining marks, and digits. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** HTML elements parse5 has no id for (its list holds those its parser treats specially). */
const MORE_ELEMENTS: ReadonlySet<string> = new Set(
  'abbr audio bdi bdo canvas cite data datalist del dfn ins kbd legend map mark meter output picture progress q samp slot time video'.split(
    ' ',
  ),
);

/** Attribute names kept as they are; any other is replaced like a word (`<main hall>` would keep `hall`). */
const ATTRIBUTE_NAMES: ReadonlySet<string> = new Set(
  'align alt bgcolor border cellpadding cellspacing class color colspan controls dir download face frameborder headers height href hreflang id lang loading media name rel reversed role rowspan scope size span src srcset start style summary tabindex target title type valign value width'.split(
    ' ',
  ),
);

type HtmlNode = DefaultTreeAdapterTypes.ChildNode;

/** Is `name` (lower case, as parse5 gives it) the name of an HTML element? */
function isElementName(name: string): boolean {
  return spec.getTagID(name) !== spec.TAG_ID.UNKNOWN || MORE_ELEMENTS.has(name);
}

/** Every node under `parent`, depth first, a `<template>`'s content included. */
function nodesOf(parent: DefaultTreeAdapterTypes.ParentNode): HtmlNode[] {
  return parent.childNodes.flatMap((node) =>
    defaultTreeAdapter.isElementNode(node)
      ? [node, ...nodesOf('content' in node ? node.content : node)]
      : [node],
  );
}

/** Is this string a date or a time the redaction keeps (the whole string, nothing after)? */
export function isDateOrTime(text: string): boolean {
  return DATE_OR_TIME.some((pattern) => pattern.test(text));
}

/** Is this string a flag word (`yes`, `no`, `true`, `false`, `""`)? */
export function isFlagWord(text: string): boolean {
  return FLAG_WORDS.has(text.trim().toLowerCase());
}

/**
 * Is this string HTML? True when parse5 parses it (as a fragment) to at least one element with the name of
 * an HTML element (`<p>`, `<a href=…>`, `<br>`); false for text such as `Name <john@x.com>`, `<07700
 * 900123>` or `a < b`.
 */
export function isHtml(text: string): boolean {
  return (
    /<[a-z]/i.test(text) &&
    nodesOf(parseFragment(text)).some(
      (node) => defaultTreeAdapter.isElementNode(node) && isElementName(node.tagName),
    )
  );
}

/**
 * Every string and number in a JSON value, every key, and every word of its strings, as written and with
 * character references decoded (what stand-ins must avoid).
 */
export function originalsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    into.add(value);
    for (const text of [value, decodeHTML(value)])
      for (const word of text.match(WORD) ?? []) into.add(word).add(word.normalize('NFC'));
  } else if (typeof value === 'number') into.add(String(value));
  else if (Array.isArray(value)) for (const item of value) originalsOf(item, into);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      originalsOf(key, into);
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

  /**
   * A redacted copy of a JSON value (see the module comment for the rules); `key` is the field the value
   * is under (`null` at the top, in arrays of the top and under data keys), which some rules depend on.
   */
  json(value: unknown, key: string | null = null): unknown {
    if (value === null || typeof value === 'boolean') return value;
    if (typeof value === 'number') return this.number(value, key);
    if (typeof value === 'string') return this.string(value, key);
    if (Array.isArray(value)) return value.map((item) => this.json(item, key));
    if (typeof value === 'object') {
      const out: Record<string, unknown> = {};
      // Under a date key (attendance: date → session name → mark) the keys are names, as in a reason map.
      const dataKeys = key !== null && (MAP_KEYS.has(key) || isDateOrTime(key));
      for (const [name, item] of Object.entries(value)) {
        const kept = isDateOrTime(name) || (!dataKeys && FIELD_NAME.test(name));
        out[kept ? name : this.text(decodeHTML(name))] = this.json(item, dataKeys ? null : name);
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

  /** A string under field `key` (`null`: none), by the rules of the module comment. */
  string(value: string, key: string | null): string {
    if (key !== null && KEPT_KEYS.has(key)) return value;
    if (isHtml(value)) return this.html(value);
    const text = decodeHTML(value);
    if (isFlagWord(text) || isDateOrTime(text) || HEX_COLOUR.test(text)) return text;
    if (/^-?\d+$/.test(text)) {
      const isId = key !== null && ID_KEY.test(key);
      return !isId && Math.abs(Number(text)) < 1000 ? text : this.digits(text);
    }
    if (/^https?:\/\//i.test(text.trim())) return this.url(text.trim());
    if (/^[^\s@<>]+@[^\s@<>]+$/.test(text)) return `${this.text(text.split('@')[0] ?? '')}@example.com`;
    const extension = /\.[A-Za-z0-9]{1,5}$/.exec(text)?.[0];
    if (key !== null && FILE_NAME_KEYS.has(key) && extension !== undefined)
      return this.text(text.slice(0, -extension.length)) + extension;
    return this.text(text);
  }

  /**
   * A URL on example.com: path and query words replaced, a short file extension and query names that are
   * field names (`token`, `file_id`) kept; a value that is no URL is redacted as text.
   */
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
      ([name, item]) =>
        `${encodeURIComponent(FIELD_NAME.test(name) ? name : this.text(name))}=${encodeURIComponent(this.text(item))}`,
    );
    return `https://example.com${segments.map((s) => encodeURI(s)).join('/')}${query.length ? `?${query.join('&')}` : ''}`;
  }

  /**
   * HTML, parsed by parse5 as a fragment and serialized again: every text node and comment replaced as text,
   * every attribute value as a string ({@link Redactor.string}: URLs on example.com); names of HTML elements
   * and of common attributes kept, other names replaced like words. Character references come out decoded
   * (parse5 writes back only `&amp;`, `&nbsp;`, `&lt;`, `&gt;` and `&quot;`).
   */
  html(value: string): string {
    const fragment = parseFragment(value);
    for (const node of nodesOf(fragment)) {
      if (defaultTreeAdapter.isTextNode(node)) node.value = this.text(node.value);
      else if (defaultTreeAdapter.isCommentNode(node)) node.data = this.text(node.data);
      else if (defaultTreeAdapter.isElementNode(node)) {
        if (!isElementName(node.tagName)) node.tagName = node.nodeName = this.text(node.tagName);
        node.attrs = node.attrs.map((attribute) => ({
          ...attribute,
          name: ATTRIBUTE_NAMES.has(attribute.name) ? attribute.name : this.text(attribute.name),
          value: this.string(attribute.value, null),
        }));
      }
    }
    return serialize(fragment);
  }

  /** Free text: every word replaced by its stand-in; spacing and punctuation kept. */
  text(value: string): string {
    return value.replace(WORD, (word) => this.word(word));
  }

  /**
   * The stand-in of one word: as many characters as its NFC form, each letter's case and each digit kept as
   * a class (a combining mark counts as a lower-case letter).
   */
  private word(original: string): string {
    const word = original.normalize('NFC');
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
