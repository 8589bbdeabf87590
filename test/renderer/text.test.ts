/** School text made fit to draw and cut to a sane length (renderer/lib/text.ts, issue 15 §1). */
import { describe, expect, it } from 'vitest';
import { NAME_MAX, shownText, tidyText } from '../../renderer/lib/text';

describe('shownText', () => {
  it('keeps text up to the limit and cuts longer text with an ellipsis, within the limit', () => {
    expect(shownText('Maths', 5)).toBe('Maths');
    expect(shownText('Mathematics', 5)).toBe('Math…');
    expect(shownText('x'.repeat(100_000), 120)).toHaveLength(120);
  });

  it('never splits an emoji (a surrogate pair)', () => {
    const cut = shownText('ab😀cd', 4);
    expect(cut).toBe('ab…');
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('cuts a name whose letter carries hundreds of combining marks with an ellipsis, not to that letter alone', () => {
    // More marks than the characters read (4 × 120): tidying leaves "Z" and four marks of what was read.
    const name = `Z${'\u0301\u0336'.repeat(300)}oë Smith`;
    const shown = shownText(name, NAME_MAX);
    expect(shown).toBe('Z\u0301\u0336\u0301\u0336…');
    // Cut at the limit all the same, the ellipsis included, and never one after another.
    const long = `${'Ab'.repeat(60)}\u0301`.repeat(8);
    expect(shownText(long, NAME_MAX)).toHaveLength(NAME_MAX);
    expect(shownText(long, NAME_MAX)).toMatch(/[^…]…$/);
    // The characters read end inside an emoji (a surrogate pair): no half of it is shown.
    expect(shownText(`Z${'\u0301'.repeat(478)}😀 Smith`, NAME_MAX)).toBe('Z\u0301\u0301\u0301\u0301…');
  });

  it('shows nothing for a missing field', () => {
    expect(shownText(null, 10)).toBe('');
    expect(shownText(undefined, 10)).toBe('');
  });
});

describe('tidyText', () => {
  it('drops control characters that draw as boxes, keeping tab and line feed', () => {
    expect(tidyText('Tab\there\nbell\u0007 esc\u001b[31m nul\u0000 c1\u0085')).toBe(
      'Tab\there\nbell esc[31m nul c1',
    );
  });

  it('turns line and paragraph separators into spaces, so words do not run together', () => {
    expect(tidyText('inline\u2028sep\u2029para')).toBe('inline sep para');
  });

  it('keeps up to four combining marks on a letter and drops a taller stack', () => {
    expect(tidyText('Tiếng Việt')).toBe('Tiếng Việt'.normalize('NFC'));
    const stack = `Z${'\u0301\u0302\u0303\u0304\u0305'.repeat(100)}algo`;
    expect(tidyText(stack)).toBe('Z\u0301\u0302\u0303\u0304algo');
    expect(tidyText('שָׁלוֹם')).toBe('שָׁלוֹם');
  });
});
