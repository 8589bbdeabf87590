/**
 * Questions about school HTML (lesson notes, docs/classcharts-api.md §7.3: "leading blank lines and
 * `&nbsp;`") that the popover answers before DOMPurify (sanitize.ts) has loaded. Kept apart from sanitize.ts
 * so the Today view does not pull DOMPurify into the first load.
 */

/**
 * Whether `html` would show anything: text other than white space (`&nbsp;` counts as space), or an
 * image (the sanitizer shows it as a link). `"<p>&nbsp;</p>\n"` shows nothing. Read by patterns, not by a
 * parser: the popover's parsers check inline code against its CSP and report it (see inline-code.ts), and
 * cutting it first would bring that cutter into the first load; for a yes/no that only decides whether a
 * "Note" button shows, comments, tags, and the blocks the sanitizer drops with their text (`<script>`,
 * `<style>`, an embed's fallback in `<iframe>`, `<video>`, `<audio>`, `<object>`, …) are dropped and the rest
 * looked at.
 * Linear in the length of `html`; never throws.
 */
export function htmlHasContent(html: string): boolean {
  if (html.trim() === '') return false;
  if (/<img\b/i.test(html)) return true;
  const text = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(
      /<(script|style|iframe|video|audio|object|noscript|template|noembed|noframes)\b[\s\S]*?(?:<\/\1\s*>|$)/gi,
      '',
    )
    .replace(/<[^>]*>?/g, '')
    .replace(/&(?:nbsp|#160|#x0*a0);?/gi, ' ');
  return /\S/.test(text);
}
