/**
 * Cutting the inline code out of school HTML before any parser of the popover's page reads it: Chromium
 * checks `style` and `on*` attributes and `<style>` elements against the popover's CSP as soon as its
 * parser meets them, even in an inert document (DOMParser, DOMPurify's), and reports a violation for each.
 * Used before DOMPurify (sanitize.ts) and before the lesson-note check (html-text.ts), so it is a module of
 * its own, small enough for the first load.
 */

/*
 * Inline code the browser checks against the popover's CSP as soon as its parser meets it — before DOMPurify
 * can drop it, even in DOMPurify's inert document: `style` attributes and `<style>` elements
 * (`style-src 'self'`), and event-handler attributes, `on*` (`script-src 'self'`). Chromium 156 reports a
 * violation for each one at parse time: nothing runs, but every styled span, pasted style block or hostile
 * `onerror` of a description would log a CSP report. `stripInlineCode` removes them first.
 */

/** HTML whitespace after input preprocessing (tab, LF, FF, space; CR, which preprocessing turns into LF). */
function isSpace(char: string): boolean {
  return char === ' ' || char === '\n' || char === '\t' || char === '\f' || char === '\r';
}

function isAsciiAlpha(char: string): boolean {
  return (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z');
}

/** One attribute of a tag as the tokenizer reads it: its name and where it starts and ends in the input. */
interface AttributeSpan {
  name: string;
  start: number;
  end: number;
}

/**
 * Reads the tag whose name starts at `nameAt` as the HTML tokenizer does (WHATWG HTML §13.2.5.8–13.2.5.40:
 * tag name, before/after attribute name, attribute name, before attribute value, the three value states,
 * after a quoted value, self-closing start tag): its lower-case name, its attributes, and the index of the
 * `>` that ends it (the input's length if the input ends inside the tag, where the parser emits no tag).
 */
function readTag(html: string, nameAt: number): { name: string; attributes: AttributeSpan[]; end: number } {
  const n = html.length;
  let i = nameAt;
  while (i < n && !isSpace(html[i]!) && html[i] !== '/' && html[i] !== '>') i++;
  const name = html.slice(nameAt, i).toLowerCase();
  const attributes: AttributeSpan[] = [];
  for (;;) {
    while (i < n && (isSpace(html[i]!) || html[i] === '/')) i++;
    if (i >= n || html[i] === '>') return { name, attributes, end: i };
    const start = i;
    // Attribute name: an `=` or anything but whitespace, `/`, `>` first, then up to one of those or `=`.
    i++;
    while (i < n && !isSpace(html[i]!) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=') i++;
    const attribute = { name: html.slice(start, i).toLowerCase(), start, end: i };
    let j = i;
    while (j < n && isSpace(html[j]!)) j++;
    if (html[j] === '=') {
      j++;
      while (j < n && isSpace(html[j]!)) j++;
      const quote = html[j];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, j + 1);
        j = close === -1 ? n : close + 1;
      } else {
        while (j < n && !isSpace(html[j]!) && html[j] !== '>') j++;
      }
      attribute.end = j;
      i = j;
    }
    attributes.push(attribute);
  }
}

/** `</style` as an end tag: then whitespace, `/`, `>` or the end of the input. */
const STYLE_END_TAG = /^<\/style(?=[\t\n\f\r />]|$)/i;

/**
 * Neutralises the inline code a parser would check against the CSP in `html`, before any parser sees it:
 * every `on*` and `style` attribute is renamed `x-…` (`onerror` → `x-error`, `style` → `x-yle`: unknown
 * attributes, which DOMPurify drops), and `<style>`, `</style>` and `<base>` become `<x-style>`,
 * `</x-style>` and `<x-base>` (unknown elements: sanitize.ts drops an `x-style` with its text, so a word
 * processor's pasted CSS never shows). Every spelling a parser reads as a handler is caught: `onerror=x`,
 * `ONERROR = "x"`, after a `/` (`<img/onerror=x>`) or straight after a quoted value, in HTML, SVG and
 * MathML alike — as the HTML tokenizer reads a tag (see `readTag`).
 *
 * Every `<` followed by a letter is read as a tag, wherever it stands: in text, in a comment, in a
 * `<textarea>` or `<title>`, inside a quoted attribute value. A parser may read any of them as a tag,
 * depending on a context this function does not model (`<textarea><a title="</textarea><img onerror=x>">`
 * holds a real handler; inside `<svg>`, the same is an `<a>` with a title); reading them all covers every
 * context. That is safe because nothing is removed: attribute names keep their length, and the renamed
 * tags only gain `x-`, so every other character tokenizes as before; a handler-shaped word in text or a
 * value is renamed too, which changes no markup (a property test holds this against a spec parser).
 *
 * Linear in practice; a hostile input whose tags would cost over 32 reads of the whole input (tens of
 * thousands of unclosed tags) is returned with every `<` escaped, as text. Never throws; returns `html`
 * itself when there is nothing to rename.
 */
export function stripInlineCode(html: string): string {
  const n = html.length;
  /** Edits, in order of position: at `at`, replace `remove` characters by `insert`. */
  const edits: { at: number; remove: number; insert: string }[] = [];
  let budget = 32 * n + 4096;
  for (let i = html.indexOf('<'); i !== -1; i = html.indexOf('<', i + 1)) {
    if (html[i + 1] === '/') {
      // An end tag's attributes are dropped by the parser; only `</style` is renamed, to close `<x-style>`.
      if (STYLE_END_TAG.test(html.slice(i, i + 8))) edits.push({ at: i + 2, remove: 0, insert: 'x-' });
      continue;
    }
    if (!isAsciiAlpha(html[i + 1] ?? '')) continue;
    const tag = readTag(html, i + 1);
    budget -= tag.end - i;
    if (budget < 0) return html.replaceAll('<', '&lt;');
    if (tag.name === 'style' || tag.name === 'base') edits.push({ at: i + 1, remove: 0, insert: 'x-' });
    for (const attribute of tag.attributes) {
      if (attribute.name.startsWith('on') || attribute.name === 'style') {
        edits.push({ at: attribute.start, remove: 2, insert: 'x-' });
      }
    }
  }
  if (edits.length === 0) return html;
  // Tags read from different `<` may name the same attribute: each place is edited once.
  edits.sort((a, b) => a.at - b.at);
  let out = '';
  let copiedTo = 0;
  for (const edit of edits) {
    if (edit.at < copiedTo) continue;
    out += html.slice(copiedTo, edit.at) + edit.insert;
    copiedTo = edit.at + edit.remove;
  }
  return out + html.slice(copiedTo);
}
