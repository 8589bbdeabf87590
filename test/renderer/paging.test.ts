import { describe, expect, it } from 'vitest';
import { PAGE_SLACK, renderedCount } from '../../renderer/lib/paging';

/** `n` list items with ids 1 … n. */
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

describe('renderedCount', () => {
  it('renders a page, or everything when only a few would be left behind "Show more"', () => {
    expect(renderedCount(items(75), 30)).toBe(30);
    expect(renderedCount(items(31), 30)).toBe(31); // no "Show 1 more"
    expect(renderedCount(items(30 + PAGE_SLACK), 30)).toBe(30 + PAGE_SLACK);
    expect(renderedCount(items(30 + PAGE_SLACK + 1), 30)).toBe(30);
    expect(renderedCount(items(12), 30)).toBe(12);
  });

  it('renders down to the item to keep (a notification opened it), and ignores an id not listed', () => {
    expect(renderedCount(items(200), 30, 70)).toBe(70);
    expect(renderedCount(items(200), 30, 12)).toBe(30);
    expect(renderedCount(items(200), 30, 999)).toBe(30);
  });
});
