/**
 * Sanitizing the school's HTML (homework descriptions, announcements, lesson notes) with DOMPurify before
 * the popover shows it. docs/classcharts-api.md §5.6/§5.9: descriptions hold `<p>`, `<b>`, lists,
 * `<a target=_blank>`, `<img>` and inline `style` spans, and anything a teacher's editor pasted.
 *
 * What comes out: plain HTML formatting only — no scripts, no event handlers, no forms, frames, styles or
 * SVG; links kept only for http(s); images never loaded: each `<img>` becomes a link
 * ("Image: alt") that opens in the browser on request. The popover never navigates: see `externalHref`
 * and components/SafeHtml.svelte, which send link clicks to `bridge.openExternal`.
 *
 * Loaded on demand (components/SafeHtml.svelte imports it dynamically; main.ts warms it when idle), so
 * DOMPurify is not part of the popover's first load.
 */
import DOMPurify, { type Config } from 'dompurify';
import { SAFE_LINK } from './links';

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'link',
    'meta',
    'base',
    'video',
    'audio',
    'source',
    'track',
    'picture',
    'dialog',
  ],
  FORBID_ATTR: ['style', 'class', 'id', 'name', 'srcset', 'target', 'ping', 'formaction', 'background'],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: SAFE_LINK,
};

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

/** Where a `<style>` element's text ends: its end tag (`</style` then whitespace, `/` or `>`), or the end. */
const STYLE_END_TAG = /<\/style[\t\n\f\r />]/gi;

/**
 * Removes the inline code a parser would check against the CSP from `html` before any parser sees it:
 * every `style` and `on*` attribute, and every `<style>` element with its text, found exactly as the HTML
 * tokenizer finds them (see `readTag`). So every spelling a parser reads as a handler is cut: `onerror=x`,
 * `ONERROR = "x"`, `onload='x'`, after a `/` (`<img/onerror=x>`) or straight after a quoted value
 * (`<img src="a"onerror=x>`), in HTML, SVG and MathML alike; and the `<style>` blocks that pasting from a
 * word processor leaves in a description.
 *
 * Only whole attributes (name through value) are cut, each replaced by `/ `, and a `<style>` element up to
 * its end tag; so the rest of the input tokenizes as before (a property test checks it against a spec
 * parser), and no markup is added: neither `/ ` after whitespace, `/` or a quote, nor the `</style` left
 * after a cut, can end a comment or open a tag with what precedes it.
 *
 * Where the browser would read text rather than a tag (inside a comment or a `<textarea>`), text shaped
 * like a handler is cut too, and a `<style>` inside SVG or MathML (which holds markup, not text) is cut
 * with that markup up to its end tag: over-cutting is safe, as DOMPurify still sanitizes what is left and
 * keeps no comment, script, style, textarea, SVG or MathML. Never throws; returns `html` itself when
 * there is nothing to cut.
 */
export function stripInlineCode(html: string): string {
  let out = '';
  let copiedTo = 0;
  let i = 0;
  const n = html.length;
  while (i < n) {
    // Tag open: `<` then a letter (a start tag) or `</` then a letter (an end tag; its attributes are
    // dropped by the parser, and cutting them is harmless).
    const endTag = html[i + 1] === '/';
    const nameAt = endTag ? i + 2 : i + 1;
    if (html[i] !== '<' || !isAsciiAlpha(html[nameAt] ?? '')) {
      i++;
      continue;
    }
    const tag = readTag(html, nameAt);
    if (!endTag && tag.name === 'style') {
      STYLE_END_TAG.lastIndex = tag.end;
      const closing = STYLE_END_TAG.exec(html);
      out += html.slice(copiedTo, i);
      // The end tag stays (alone, the parser ignores it), so what follows the cut starts with `</`, which
      // joins nothing before it into a tag.
      i = copiedTo = closing ? closing.index : n;
      continue;
    }
    for (const attribute of tag.attributes) {
      if (attribute.name !== 'style' && !attribute.name.startsWith('on')) continue;
      // "/ " in its place: the parser reads it as nothing (a `/` not followed by `>` is skipped), and it
      // keeps a next attribute written `=x` from becoming the value of a valueless one before the cut.
      out += `${html.slice(copiedTo, attribute.start)}/ `;
      copiedTo = attribute.end;
    }
    i = tag.end + 1;
  }
  return copiedTo === 0 ? html : out + html.slice(copiedTo);
}

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** One DOMPurify instance for this window, with our hooks (hooks are per instance). */
function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    const doc = node.ownerDocument;
    if (node.nodeName === 'IMG') {
      // Runs inside DOMPurify's inert document, so the image has not been requested; replace it with a
      // link the user may choose to open.
      const src = node.getAttribute('src') ?? '';
      const alt = (node.getAttribute('alt') ?? '').trim();
      const label = doc.createTextNode(alt ? `Image: ${alt}` : 'Image');
      if (SAFE_LINK.test(src)) {
        const link = doc.createElement('a');
        link.setAttribute('href', src);
        link.setAttribute('rel', 'noopener noreferrer');
        link.appendChild(label);
        node.replaceWith(link);
      } else {
        const span = doc.createElement('span');
        span.appendChild(label);
        node.replaceWith(span);
      }
      return;
    }
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href');
      if (href !== null && !SAFE_LINK.test(href.trim())) node.removeAttribute('href');
      if (node.hasAttribute('href')) node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Returns `html` sanitized for `{@html}`: formatting kept, anything active removed, images turned into
 * links. Never throws; an empty or non-string input gives `''`.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (typeof html !== 'string' || html.trim() === '') return '';
  return getPurifier().sanitize(stripInlineCode(html), CONFIG).trim();
}
