/** School text cut to a sane length for display (renderer/lib/text.ts, issue 15 §1). */
import { describe, expect, it } from 'vitest';
import { clampText } from '../../renderer/lib/text';

describe('clampText', () => {
  it('keeps text up to the limit and cuts longer text with an ellipsis, within the limit', () => {
    expect(clampText('Maths', 5)).toBe('Maths');
    expect(clampText('Mathematics', 5)).toBe('Math…');
    expect(clampText('x'.repeat(100_000), 120)).toHaveLength(120);
  });

  it('never splits an emoji (a surrogate pair)', () => {
    const cut = clampText('ab😀cd', 4);
    expect(cut).toBe('ab…');
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('shows nothing for a missing field', () => {
    expect(clampText(null, 10)).toBe('');
    expect(clampText(undefined, 10)).toBe('');
  });
});
