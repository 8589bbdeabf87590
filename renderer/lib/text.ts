/**
 * School text as the popover shows it: how long a field may be, and the full text of a field cut by an
 * ellipsis. Real records hold long links, unbroken strings and, broken or hostile, fields of 100 KB
 * (issue 15); every field is shown within the popover's width (CSS: `overflow-wrap: anywhere` in
 * styles.css, one-line rows end in an ellipsis) and cut to a length below, so no record can make a view
 * slow or huge.
 */

/** Longest name shown (pupil, teacher, subject, class, room, place, badge), in characters. */
export const NAME_MAX = 120;
/** Longest title or reason shown (homework title, announcement title, behaviour reason), in characters. */
export const TITLE_MAX = 200;
/** Longest school HTML taken (a description, an announcement, a lesson note), in characters of source. */
export const HTML_MAX = 50_000;
/** Longest tooltip (the full text of a field cut by an ellipsis), in characters. */
const TOOLTIP_MAX = 1_000;

/**
 * `text` cut to at most `max` characters (UTF-16 code units), ending with `…` when cut; never splits a
 * surrogate pair. `null`/`undefined` give `''`. Pure; O(max), so a 100 KB field costs no more than a
 * short one.
 */
export function clampText(text: string | null | undefined, max: number): string {
  if (typeof text !== 'string') return '';
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // a high surrogate: keep the pair whole
  return `${text.slice(0, end)}…`;
}

/**
 * Svelte attachment for text cut by CSS (an ellipsis, a line clamp): when the pointer comes over the
 * element and its text does not fit, its `title` is set to the text (at most {@link TOOLTIP_MAX}
 * characters), so the whole of it shows on hover. A screen reader reads the element's text, which is
 * all there. Returns the cleanup.
 */
export function fullTextOnHover(element: HTMLElement): () => void {
  const update = () => {
    const cut =
      element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
    if (cut) element.title = clampText((element.textContent ?? '').trim(), TOOLTIP_MAX);
    else element.removeAttribute('title');
  };
  element.addEventListener('pointerenter', update);
  return () => element.removeEventListener('pointerenter', update);
}
