/**
 * What the long- and hostile-content tests (popover/school-content.spec.ts) check on every view, measured
 * in the page by the browser's own layout:
 * - {@link overflows}: nothing is wider than the popover: the document and every element inside it have
 *   `scrollWidth <= clientWidth` (an element that clips its own text with an ellipsis is allowed to, as
 *   long as its box is inside the popover), and no box reaches past the popover's edges;
 * - {@link bidiLeaks}: no field's right-to-left letters or bidi controls reorder anything outside it.
 * Both return descriptions of what they found (empty when all is well), for an `expect(...).toEqual([])`.
 */
import type { Page } from '@playwright/test';

/** Elements that are wider than the popover or reach past it: `tag.class "text…" (scrollWidth/clientWidth)`. */
export async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const classes = [...el.classList].filter((c) => !c.startsWith('svelte-')).join('.');
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}"`;
    };
    const clips = (el: Element) => {
      const overflow = getComputedStyle(el).overflowX;
      return overflow === 'hidden' || overflow === 'clip';
    };
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (clips(up)) return true;
      }
      return false;
    };
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`the document (${root.scrollWidth}/${root.clientWidth})`);
    for (const el of document.body.querySelectorAll('*')) {
      if (!(el instanceof HTMLElement) && !(el instanceof SVGElement)) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || el.closest('.visually-hidden')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      // Inside an element that clips (an ellipsis, a line clamp), only that element's box is seen: it is
      // checked itself.
      if (clipped(el)) continue;
      if (rect.left < -0.5 || rect.right > width + 0.5) {
        found.push(`${describe(el)} reaches ${Math.round(rect.left)}…${Math.round(rect.right)} of ${width}`);
        continue;
      }
      // An element that clips its content on purpose (an ellipsis, a line clamp) may hold more than it shows,
      // but one that clips sideways must say so with an ellipsis: text cut with no sign of it is lost.
      if (clips(el) && el instanceof HTMLElement && el.scrollWidth > el.clientWidth + 1) {
        if (style.textOverflow !== 'ellipsis') found.push(`${describe(el)} is cut with no ellipsis`);
      }
      if (
        !clips(el) &&
        el instanceof HTMLElement &&
        el.scrollWidth > el.clientWidth + 1 &&
        el.clientWidth > 0
      ) {
        found.push(`${describe(el)} (${el.scrollWidth}/${el.clientWidth})`);
      }
    }
    return found;
  });
}

/**
 * Bidi leaks: what the school's text reorders outside its own field. `fields` are the texts put into the
 * fields (the corpus): a text with right-to-left letters or bidi controls must end, in the popover, at the
 * edge of an isolate (`<bdi>`, `[dir]`, `unicode-bidi: isolate`) or a block: nothing of the popover's own
 * text may follow it there, or its direction would carry over (an override reverses what follows; digits
 * after Hebrew join the Hebrew run). And every left-to-right run of text reads left to right, and
 * consecutive runs of one line stand in the order of the page. Returns descriptions of what was found.
 */
export async function bidiLeaks(page: Page, fields: readonly string[] = []): Promise<string[]> {
  return page.evaluate((fields) => {
    const found: string[] = [];
    // Strong right-to-left letters (Hebrew to Arabic Extended, the presentation forms, and the astral
    // right-to-left blocks: Phoenician to Adlam) and the bidi controls: a run holding one may read right
    // to left, and carry that direction over to what follows it.
    const rtlOrControl =
      /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200e\u200f\u202a-\u202e\u2066-\u2069\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
    const letters = /[\p{L}\p{N}]/u;
    /** An isolate: what it holds keeps its own direction, and its bidi controls end with it. */
    const isolatesOnly = (el: Element) =>
      el.localName === 'bdi' ||
      el.hasAttribute('dir') ||
      /isolate|plaintext/.test(getComputedStyle(el).unicodeBidi);
    /** Where a field's direction stops: an isolate, or a block (which ends the bidi paragraph). */
    const isolates = (el: Element) => isolatesOnly(el) || !getComputedStyle(el).display.startsWith('inline');
    // The fields that can carry their direction over, longest first (a field may hold a shorter one).
    const directional = fields.filter((f) => rtlOrControl.test(f)).sort((a, b) => b.length - a.length);
    const range = document.createRange();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    type Run = { node: Text; rects: DOMRect[]; block: Element | null };
    const runs: Run[] = [];
    const blockOf = (node: Node): Element | null => {
      let el = node.parentElement;
      while (el && getComputedStyle(el).display.startsWith('inline')) el = el.parentElement;
      return el;
    };
    const seen = new Set<Element>();
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[hidden], script, style')) continue;
      if (rtlOrControl.test(node.data)) {
        // Such text must be isolated before its line's block ends (a <bdi>, `dir`, `unicode-bidi: isolate`),
        // unless it is school HTML (inside an element with `dir`, the school's own paragraphs).
        let up: Element | null = parent;
        while (up && !isolatesOnly(up) && getComputedStyle(up).display.startsWith('inline'))
          up = up.parentElement;
        if (up && !isolatesOnly(up) && !parent.closest('[dir]')) {
          found.push(`"${node.data.trim().slice(0, 30)}" is not isolated from the rest of its line`);
        }
        // The field ends where its isolate or block ends: nothing of the popover's may follow it there.
        let isolate: Element | null = parent;
        while (isolate && !isolates(isolate)) isolate = isolate.parentElement;
        if (isolate && !seen.has(isolate)) {
          seen.add(isolate);
          let text = isolate.textContent ?? '';
          let first = -1;
          for (const field of directional) {
            for (let at = text.indexOf(field); at >= 0; at = text.indexOf(field)) {
              text = `${text.slice(0, at)}\u{fffc}${text.slice(at + field.length)}`;
              if (first < 0 || at < first) first = at;
            }
          }
          const after = first < 0 ? '' : text.slice(first + 1).replaceAll('\u{fffc}', '');
          if (letters.test(after)) {
            found.push(`"${after.trim().slice(0, 30)}" follows a right-to-left field in one isolate`);
          }
        }
        continue;
      }
      if (!letters.test(node.data) || parent.closest('.visually-hidden')) continue;
      // School HTML (a region with `dir`) may reorder its own paragraph as the school wrote it; only its
      // links, each an isolate, must read as they are.
      if (parent.closest('[role="region"][dir]') && !parent.closest('a')) continue;
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (rects.length === 0) continue;
      runs.push({ node, rects, block: blockOf(node) });
      // Within a left-to-right run, the first letters stand left to right (first 16 letter pairs).
      const positions: { at: number; top: number }[] = [];
      for (let i = 0; i < node.data.length && positions.length < 17; i++) {
        if (!letters.test(node.data[i]!)) continue;
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const r = range.getBoundingClientRect();
        if (r.width > 0) positions.push({ at: r.left, top: r.top });
      }
      for (let i = 1; i < positions.length; i++) {
        const [a, b] = [positions[i - 1]!, positions[i]!];
        if (Math.abs(a.top - b.top) < 2 && b.at < a.at - 0.5) {
          found.push(`"${node.data.slice(0, 30)}" reads right to left`);
          break;
        }
      }
    }
    // Consecutive left-to-right runs of one block on one line: the later stands to the right.
    for (let i = 1; i < runs.length; i++) {
      const [a, b] = [runs[i - 1]!, runs[i]!];
      if (a.block !== b.block) continue;
      const last = a.rects[a.rects.length - 1]!;
      const first = b.rects[0]!;
      if (Math.abs(last.top - first.top) < 2 && first.left < last.left - 0.5) {
        found.push(`"${b.node.data.slice(0, 20)}" stands before "${a.node.data.slice(0, 20)}"`);
      }
    }
    return found;
  }, fields);
}
