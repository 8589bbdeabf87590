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

/** Where a `<style>` element's text ends: its end tag (`</style` then whitespace, `/` or `>`), or the end. */
const STYLE_END_TAG = /<\/style[\t\n\f\r />]/gi;

/**
 * Removes the inline code a parser would check against the CSP from `html` before any parser sees it:
 * every `style` and `on*` attribute, every `<style>` element with its text, and every `<base>` tag
 * (`base-uri`: renamed `<x-base>`), found exactly as the HTML
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
    if (!endTag && tag.name === 'base') {
      // A <base> sets the parsing document's base URL, which the page's CSP (`base-uri 'none'`) checks and
      // reports even in an inert document. Renamed `<x-base>`, an unknown element (DOMPurify drops it and
      // keeps what follows): nothing is removed, so nothing around it joins into other markup.
      out += `${html.slice(copiedTo, nameAt)}x-`;
      copiedTo = nameAt;
    }
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
