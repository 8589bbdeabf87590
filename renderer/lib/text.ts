/**
 * School text as the popover shows it: how long a field may be, and the full text of a field cut by an
 * ellipsis. Real records hold long links, unbroken strings and, broken or hostile, fields of 100 KB
 * (issue 15); every field is shown within the popover's width (CSS: `overflow-wrap: anywhere` in
 * styles.css, one-line rows end in an ellipsis) and cut to a length below, so no record can make a view
 * slow or huge.
 */
import { cutText } from '../../common/text';

/** Longest name shown (pupil, teacher, subject, class, room, place, badge), in characters. */
export const NAME_MAX = 120;
/** Longest title or reason shown (homework title, announcement title, behaviour reason), in characters. */
export const TITLE_MAX = 200;
/** Longest school HTML taken (a description, an announcement, a lesson note), in characters of source. */
export const HTML_MAX = 50_000;
/** Longest tooltip (the full text of a field cut by an ellipsis), in characters. */
const TOOLTIP_MAX = 1_000;

/**
 * What draws badly in a line of the popover, whatever the font: C0 and C1 control characters (boxes),
 * except tab and line feed, which white space folds.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** Line and paragraph separators (U+2028, U+2029): drawn as nothing, so the words around them ran together. */
const SEPARATORS = /[\u2028\u2029]/g;
/**
 * More than four combining marks on one letter: real text needs at most three or four (Vietnamese,
 * Devanagari, pointed Hebrew); a "Zalgo" stack of hundreds draws over the rows above and below.
 * (UAX #15's stream-safe limit is 30, far taller than a 13 px line.)
 */
const MARK_STACK = /(\p{M}{4})\p{M}+/gu;

/**
 * School text made fit to draw: controls dropped, separators as spaces, combining marks at most four per
 * letter. Pure; linear in the length of `text`. Used by {@link shownText} and on sanitized HTML.
 */
export function tidyText(text: string): string {
  return text.replace(CONTROLS, '').replace(SEPARATORS, ' ').replace(MARK_STACK, '$1');
}

/**
 * A field of school text as the popover shows it: {@link tidyText}, then cut to at most `max` characters
 * (UTF-16 code units), ending with `…` when cut, never splitting a surrogate pair. `null`/`undefined` give
 * `''`. Pure; reads at most the first `4 × max` characters, so a 100 KB field costs no more than a short one;
 * text beyond them is cut with `…` too, even when tidying left what was read short (a letter under hundreds
 * of combining marks, then the rest of a name, would otherwise show as that letter alone).
 */
export function shownText(text: string | null | undefined, max: number): string {
  if (typeof text !== 'string') return '';
  if (text.length <= max * 4) return cutText(tidyText(text), max);
  let read = text.slice(0, max * 4);
  const last = read.charCodeAt(read.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) read = read.slice(0, -1); // a high surrogate: keep the pair whole
  const shown = cutText(tidyText(read), max);
  return shown.endsWith('…') ? shown : cutText(`${shown}…`, max);
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
    if (cut) element.title = shownText((element.textContent ?? '').trim(), TOOLTIP_MAX);
    else element.removeAttribute('title');
  };
  element.addEventListener('pointerenter', update);
  return () => element.removeEventListener('pointerenter', update);
}
