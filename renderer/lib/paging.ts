/**
 * Long lists shown a page at a time (issue 30; components/ShowMore.svelte): how many items to render.
 */

/** A remainder this small is rendered with the rest: a button to show one or two more is worse than rows. */
export const PAGE_SLACK = 10;

/**
 * How many of `items` to render when `shown` were asked for: `shown`, and at least up to the item whose id
 * is `keepId` (one a notification opened, or the list returns to); all of them when no more than
 * {@link PAGE_SLACK} would be left behind a "Show more" button. Never more than there are.
 */
export function renderedCount(
  items: readonly { id: number }[],
  shown: number,
  keepId: number | null = null,
): number {
  const kept = keepId === null ? 0 : items.findIndex((item) => item.id === keepId) + 1;
  const count = Math.max(shown, kept);
  return items.length - count <= PAGE_SLACK ? items.length : count;
}
