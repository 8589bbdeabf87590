/**
 * Sanitizing the school's HTML (homework descriptions, announcements, lesson notes) with DOMPurify before
 * the popover shows it. docs/classcharts-api.md §5.6/§5.9: descriptions hold `<p>`, `<b>`, lists,
 * `<a target=_blank>`, `<img>` and inline `style` spans, and anything a teacher's editor pasted.
 *
 * What comes out: plain HTML formatting only — no scripts, no event handlers, no forms, frames, styles or
 * SVG; links kept only for http(s); images never loaded: each `<img>` becomes a link
 * ("Image: alt") that opens in the browser on request. The popover never navigates: see
 * components/SanitizedHtml.svelte, which sends link clicks to the store's `openExternal` (lib/links.ts
 * `judgeLink` decides).
 *
 * Loaded on demand (components/SafeHtml.svelte imports it dynamically; main.ts warms it when idle), so
 * DOMPurify is not part of the popover's first load.
 */
import DOMPurify, { type Config } from 'dompurify';
import { stripInlineCode } from './inline-code';
import { SAFE_LINK } from './links';

export { stripInlineCode };

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
    'marquee',
  ],
  // stripInlineCode renames <style> to <x-style>: its text (a word processor's CSS) goes with it.
  ADD_FORBID_CONTENTS: ['x-style'],
  FORBID_ATTR: ['style', 'class', 'id', 'name', 'srcset', 'target', 'ping', 'formaction', 'background'],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: SAFE_LINK,
};

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
        link.setAttribute('dir', 'auto');
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
      // Each link is its own bidi isolate: an override left open in the text before it cannot reverse the
      // address it shows (nor one in it the text after).
      node.setAttribute('dir', 'auto');
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
