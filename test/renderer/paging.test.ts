import { describe, expect, it } from 'vitest';
import { PAGE_SLACK, renderedCount } from '../../renderer/lib/paging';

describe('renderedCount', () => {
  it('renders a page, or everything when only a few would be left behind "Show more"', () => {
    expect(renderedCount(75, 30)).toBe(30);
    expect(renderedCount(31, 30)).toBe(31); // no "Show 1 more"
    expect(renderedCount(30 + PAGE_SLACK, 30)).toBe(30 + PAGE_SLACK);
    expect(renderedCount(30 + PAGE_SLACK + 1, 30)).toBe(30);
    expect(renderedCount(12, 30)).toBe(12);
  });
});
