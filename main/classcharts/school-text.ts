/**
 * School text as a mapped record holds it: plain-text fields decoded once and cut, HTML cut, addresses and
 * ids kept (docs/classcharts-api.md §5, §7.17). Pure; used by ./map.ts on every record it maps.
 */
import { decodeHTML } from 'entities';
import { cutText } from '../../common/text';

/**
 * The longest school text a mapped record holds, in UTF-16 code units: a name, title or reason is cut to
 * {@link SCHOOL_TEXT_MAX} and school HTML to {@link SCHOOL_HTML_MAX}, with `…` (issue 15: a broken or
 * hostile record of 100 KB fields must not make the app slow — each snapshot crosses IPC to the popover —
 * while no real field comes near). Addresses (keys ending `url`/`Url`) are never cut: a cut address goes
 * elsewhere, and one too long is refused when opened (common/text.ts `webLinkProblem`).
 */
export const SCHOOL_TEXT_MAX = 1_000;
/** The longest school HTML (a description, a lesson note) a mapped record holds; see {@link SCHOOL_TEXT_MAX}. */
export const SCHOOL_HTML_MAX = 100_000;

/**
 * A plain-text field as the service sent it → the text it stands for: its character references decoded
 * ONCE (`Design &amp; Technology` → `Design & Technology`, `O&#039;Brien` → `O'Brien`, `&amp;amp;` →
 * `&amp;`), then cut to {@link SCHOOL_TEXT_MAX}. ClassCharts HTML-encodes names: "ClassCharts sends names
 * HTML-encoded ('Pure &amp; Applied'); decode once so they display as text"
 * (skeffling/timetable-plus@1bfce46dc9 extension/timetable.js `decode`);
 * itsnotrin/BetterClasscharts@19910811b7 StringExtension.swift decodes homework titles. Decoding twice
 * would turn a name that really says `&amp;` into `&`.
 *
 * `entities`' `decodeHTML` in its default (legacy) mode decodes as a browser does in text, which is where the
 * web app shows these names (timetable-plus decodes with `DOMParser` the same way): every named and numeric
 * reference of the HTML standard, and the legacy names (`&amp`, `&copy`) without their `;` too. The strict
 * mode (`decodeHTMLStrict`) would leave `&amp` without `;` as it is, which no browser does. Anything that is
 * not a reference (`R&D`, `AT&T;`) is left as it is. Pure; never throws.
 */
export function schoolText(value: string): string {
  return cutText(decodeHTML(value), SCHOOL_TEXT_MAX);
}

/**
 * A mapped record with its text fields decoded and bounded, deeply; a new object. Keys decide what a string
 * is: an address (a key ending `url`/`Url`) and an `id` are kept as they are, HTML (a key ending `Html`) is
 * only cut to {@link SCHOOL_HTML_MAX}, and everything else is plain text ({@link schoolText}). Call it once
 * per record: the decoding must happen once.
 */
export function bounded<T>(record: T, key = ''): T {
  if (typeof record === 'string') {
    if (/url$/i.test(key) || key === 'id') return record;
    if (/Html$/.test(key)) return cutText(record, SCHOOL_HTML_MAX) as T;
    return schoolText(record) as T;
  }
  if (Array.isArray(record)) return record.map((item) => bounded(item, key)) as T;
  if (record === null || typeof record !== 'object') return record;
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, bounded(v, k)])) as T;
}
