/**
 * Text rules main and the popover share: the one cut of school text and which links may open in the
 * browser. Pure; no electron, node or DOM.
 */

/**
 * `text` cut to at most `max` UTF-16 code units, ending with `…` when cut; a surrogate pair is never split.
 * The one cut of school text: main bounds the fields of a mapped record with it (main/classcharts/map.ts),
 * the popover the fields it shows (renderer/lib/text.ts). Pure; O(`max`).
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // a high surrogate: keep the pair whole
  return `${text.slice(0, end)}…`;
}

/**
 * The longest address `shell:open-external` opens, in UTF-16 code units of the URL string. Windows'
 * URL APIs stop at 2,083 characters (`INTERNET_MAX_URL_LENGTH`, wininet.h), and no link a teacher pastes
 * needs more; a longer one is refused with {@link WEB_LINK_REFUSALS}`['too-long']` rather than passed on.
 */
export const WEB_LINK_MAX_LENGTH = 2048;

/**
 * Why an address may not be opened in the browser:
 * - `not-web`: not an absolute `http:`/`https:` URL (`file:`, `javascript:`, `mailto:`, relative, unparsable);
 * - `credentials`: it carries a user name or password (`https://school.example@evil.example/` goes to
 *   `evil.example`: the part before `@` only looks like the address);
 * - `too-long`: longer than {@link WEB_LINK_MAX_LENGTH}.
 */
export type WebLinkProblem = 'not-web' | 'credentials' | 'too-long';

/** What the popover and main say for each {@link WebLinkProblem}: a sentence fit to show. */
export const WEB_LINK_REFUSALS: Record<WebLinkProblem, string> = {
  'not-web': 'Only web links (http or https) can be opened.',
  credentials: 'This link was not opened: it hides its real address.',
  'too-long': `This link was not opened: its address is too long (over ${WEB_LINK_MAX_LENGTH.toLocaleString('en-GB')} characters).`,
};

/**
 * Whether `shell:open-external` (main) and the popover accept `value` as a link to open in the system
 * browser: `null` when it may open, else the {@link WebLinkProblem}. The length is checked first, so a
 * 100 KB string is never parsed. Pure; never throws. Source: issue 15 §3 and main/platform/security.ts.
 */
export function webLinkProblem(value: string): WebLinkProblem | null {
  if (value.length > WEB_LINK_MAX_LENGTH) return 'too-long';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not-web';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not-web';
  if (url.username !== '' || url.password !== '') return 'credentials';
  return null;
}
