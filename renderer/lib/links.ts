/**
 * Which links the popover may hand to the system browser: http(s) only. Kept apart from sanitize.ts so
 * buttons for homework links and attachments do not pull DOMPurify into the first load.
 */

/** Links in school HTML keep only http(s) (what `shell:open-external` accepts); javascript:, data:, file:,
 * mailto: and relative links lose their href and stay as text. */
export const SAFE_LINK = /^https?:/i;

/**
 * The http(s) URL a link may open in the system browser, or `null` for anything else.
 * Used for clicks inside sanitized HTML and for homework links and attachments.
 */
export function externalHref(href: string | null | undefined): string | null {
  if (typeof href !== 'string') return null;
  const trimmed = href.trim();
  if (!SAFE_LINK.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
