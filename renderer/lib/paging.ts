/**
 * Long lists shown a page at a time (issue 30; components/ShowMore.svelte): how many items to render.
 */

/** A remainder this small is rendered with the rest: a button to show one or two more is worse than rows. */
export const PAGE_SLACK = 10;

/**
 * How many of `total` items to render when `shown` were asked for: `shown`, or all of them when no more
 * than {@link PAGE_SLACK} would be left behind a "Show more" button. Never more than `total`.
 */
export function renderedCount(total: number, shown: number): number {
  return total - shown <= PAGE_SLACK ? total : Math.min(total, shown);
}
