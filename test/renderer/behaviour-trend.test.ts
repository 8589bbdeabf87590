// The behaviour chart at the top of More › Behaviour (issue 28 §3): a column per school week main sends
// (the last twelve), this week highlighted and last, an accessible name with this week's figures, and the
// same figures in a table; "Last week" only when last week was a school week.
import { fireEvent, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { RecordsRequest, RecordsResult } from '../../common/contract';
import { addDays } from '../../common/dates';
import { november } from '../support/fixtures';
import { formatDayMonth } from '../../renderer/lib/week-figures';
import { defaultRecords } from './mock-bridge';
import { renderApp } from './render';

/** Mondays of twelve school weeks up to today's (23 November 2026), the October half term left out. */
const MONDAYS = [
  '2026-08-31',
  '2026-09-07',
  '2026-09-14',
  '2026-09-21',
  '2026-09-28',
  '2026-10-05',
  '2026-10-19',
  '2026-10-26',
  '2026-11-02',
  '2026-11-09',
  '2026-11-16',
  '2026-11-23',
];

/** Week `i`'s points: `i + 2` positive (this week 5), 1 negative every third week and this week. */
function points(i: number, count: number): { positive: number; negative: number } {
  const last = i === count - 1;
  return { positive: last ? 5 : i + 2, negative: last || i % 3 === 0 ? 1 : 0 };
}

function behaviour(request: RecordsRequest, mondays = MONDAYS): RecordsResult {
  const base = defaultRecords(request);
  if (base.kind !== 'behaviour') throw new Error('expected behaviour');
  const weeks = mondays.map((start, i) => ({ start, end: addDays(start, 6), ...points(i, mondays.length) }));
  return { ...base, summary: { ...base.summary, weeks } };
}

async function openBehaviour(respond: (request: RecordsRequest) => RecordsResult = behaviour) {
  const rendered = await renderApp(november.studentState());
  rendered.bridge.handlers['records:get'] = async (request) =>
    request.kind === 'behaviour' ? respond(request) : defaultRecords(request);
  await fireEvent.click(rendered.screen.getByRole('button', { name: 'More' }));
  await rendered.screen.findByText('positive this week');
  return rendered;
}

describe('More: the behaviour chart', () => {
  it("names the chart with this week's figures and gives every week's in a table", async () => {
    const { screen } = await openBehaviour();
    const name = 'Behaviour points per week, last 12 school weeks: this week 5 positive, 1 negative';
    const chart = screen.getByRole('img', { name });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    const table = screen.getByRole('table', { name });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    // Newest first, the same figures as the bars.
    expect(rows).toEqual(
      MONDAYS.map((monday, i) => {
        const { positive, negative } = points(i, MONDAYS.length);
        const label = formatDayMonth(monday) + (i === MONDAYS.length - 1 ? ' (this week)' : '');
        return [label, String(positive), String(negative)];
      }).reverse(),
    );
    expect(within(table).getAllByRole('row')[1]!.getAttribute('aria-current')).toBe('date');
    expect(table.closest('details')?.querySelector('summary')?.textContent).toBe('Points per week');
  });

  it('draws a bar per point count, this week last and highlighted, every other week labelled', async () => {
    const { screen } = await openBehaviour();
    const chart = screen.getByRole('img', { name: /^Behaviour points per week/ });
    const positives = [...chart.querySelectorAll('rect.bar.positive')];
    const negatives = [...chart.querySelectorAll('rect.bar.negative')];
    expect(positives).toHaveLength(12);
    expect(negatives).toHaveLength(5); // weeks 0, 3, 6, 9 and this one
    // One scale for both sides: a bar's height is proportional to its count.
    const heights = positives.map((r) => Number(r.getAttribute('height')));
    expect(heights[1]! / heights[0]!).toBeCloseTo(3 / 2);
    expect(Number(negatives[0]!.getAttribute('height')) / heights[0]!).toBeCloseTo(1 / 2);
    // This week: the highlight sits behind the last column, and its bars are marked current.
    const highlight = chart.querySelector('rect.highlight')!;
    expect(Number(highlight.getAttribute('x'))).toBe(11 * 28 + 1);
    expect(positives.at(-1)!.classList.contains('current')).toBe(true);
    expect(positives.filter((r) => r.classList.contains('current'))).toHaveLength(1);
    const labels = [...screen.getByText('23 Nov').parentElement!.children].map((l) => l.textContent);
    expect(labels).toEqual(['7 Sept', '21 Sept', '5 Oct', '26 Oct', '9 Nov', '23 Nov']);
    expect(screen.getByText('23 Nov').classList.contains('current')).toBe(true);
  });

  it('keeps this week at the right with fewer weeks, and says "Last week" only after a school week', async () => {
    // Two weeks, the week before this one a half term: last week's line would be about 9 November.
    const { screen } = await openBehaviour((request) => behaviour(request, ['2026-11-09', '2026-11-23']));
    const chart = screen.getByRole('img', {
      name: 'Behaviour points per week, last 2 school weeks: this week 5 positive, 1 negative',
    });
    expect(screen.getByText('Last 2 school weeks')).toBeTruthy();
    expect(Number(chart.querySelector('rect.highlight')!.getAttribute('x'))).toBe(11 * 28 + 1);
    expect(screen.queryByText(/^Last week/)).toBeNull();
  });

  it('the tiles still give this week, and "Last week" the week before', async () => {
    const { screen } = await openBehaviour();
    expect(screen.getByText('positive this week').previousElementSibling?.textContent).toBe('5');
    expect(screen.getByText('Last week: 12 positive, 0 negative')).toBeTruthy();
  });
});
