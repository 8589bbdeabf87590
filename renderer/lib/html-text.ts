/**
 * Questions about school HTML (lesson notes, docs/classcharts-api.md §7.3: "leading blank lines and
 * `&nbsp;`") that the popover answers before DOMPurify (sanitize.ts) has loaded. Kept apart from sanitize.ts
 * so the Today view does not pull DOMPurify into the first load.
 */
import { stripInlineCode } from './inline-code';

/**
 * Whether `html` would show anything: text other than white space (`&nbsp;` counts as space), or an
 * image (the sanitizer shows it as a link). `"<p>&nbsp;</p>\n"` shows nothing. Parsed with DOMParser,
 * whose document is inert: no script runs and nothing is fetched; inline code is cut first
 * (inline-code.ts), so a hostile note's `onerror` does not even make a CSP report.
 */
export function htmlHasContent(html: string): boolean {
  if (html.trim() === '') return false;
  const body = new DOMParser().parseFromString(stripInlineCode(html), 'text/html').body;
  return (body.textContent ?? '').trim() !== '' || body.querySelector('img') !== null;
}
