/**
 * The behaviour chart of More › Behaviour (issue 28 §3), in Chromium against the preview (the real core
 * and the fake ClassCharts server) on Thursday 26 November 2026 at 10:15: the last twelve school weeks (the
 * October half term left out, as the fake's register has only `#` marks that week), this week highlighted,
 * its accessible name and table matching the fake's behaviour points; on the first screen, reachable by
 * keyboard; light and dark at 380 px, and at 125 % zoom.
 */
import { addDays, mondayOf } from '../../../common/dates';
import { POPOVER } from '../browser';
import type { Preview } from '../../../dev/preview/server';
import { formatDayMonth } from '../../../renderer/lib/week-figures';
import { expect, test } from '../fixtures';
import { expectOnFirstScreen, fakePupil, openTab, signInStudent } from '../popover-page';
import type { Page } from '@playwright/test';

const THURSDAY = Date.parse('2026-11-26T10:15:00Z');
const TODAY = '2026-11-26';

/** The school weeks of the fake's student, oldest first: the twelve Mondays before today's, half term out. */
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

/** The fake's behaviour points of the student per week, as [positive, negative]. */
function pointsPerWeek(preview: Preview): [number, number][] {
  const pupil = fakePupil(preview, preview.fake!.accounts.student.pupilId);
  return MONDAYS.map((monday) => {
    const end = monday === mondayOf(TODAY) ? TODAY : addDays(monday, 6);
    const inWeek = pupil.activity.filter((p) => {
      const day = p.timestamp.slice(0, 10);
      return p.type === 'behaviour' && day >= monday && day <= end;
    });
    return [
      inWeek.filter((p) => p.polarity === 'positive').length,
      inWeek.filter((p) => p.polarity === 'negative').length,
    ];
  });
}

async function openBehaviour(page: Page): Promise<void> {
  await openTab(page, 'More');
  await page.getByRole('img', { name: /^Behaviour points per week/ }).waitFor();
}

test.use({ previewOptions: { now: THURSDAY, frozen: true } });

test("the chart's name and table give the fake's points per school week; it is on the first screen", async ({
  page,
  preview,
}) => {
  await signInStudent(page, preview.fake!.accounts.student);
  await openBehaviour(page);
  const points = pointsPerWeek(preview);
  const [positive, negative] = points.at(-1)!;
  expect(positive, 'the fake gave points this week').toBeGreaterThan(0);
  const name = `Behaviour points per week, last 12 school weeks: this week ${positive} positive, ${negative} negative`;
  const chart = page.getByRole('img', { name });
  await expectOnFirstScreen(page, chart, 'the behaviour chart');
  await expect(chart.locator('rect.bar.positive')).toHaveCount(points.filter(([p]) => p > 0).length);
  await expect(chart.locator('rect.highlight')).toHaveCount(1);

  // Keyboard: Tab from the Behaviour segment reaches the disclosure; Enter opens the table.
  await page.getByRole('group', { name: 'Records' }).getByRole('button', { name: 'Behaviour' }).focus();
  const summary = page.getByText('Points per week', { exact: true });
  for (let i = 0; i < 10 && !(await summary.evaluate((e) => e === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(summary).toBeFocused();
  await page.keyboard.press('Enter');
  const table = page.getByRole('table', { name });
  await expect(table).toBeVisible();
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')));
  expect(rows).toEqual(
    MONDAYS.map((monday, i) => [
      formatDayMonth(monday) + (i === MONDAYS.length - 1 ? ' (this week)' : ''),
      String(points[i]![0]),
      String(points[i]![1]),
    ]).reverse(),
  );
  await expect(table.locator('tbody tr').first()).toHaveAttribute('aria-current', 'date');
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(scheme, () => {
    test.use({ colorScheme: scheme });

    test('the behaviour chart', async ({ page, preview, view }) => {
      await signInStudent(page, preview.fake!.accounts.student);
      await openBehaviour(page);
      await view('more-behaviour-trend');
      await page.getByText('Points per week', { exact: true }).click();
      await page.getByRole('table', { name: /^Behaviour points per week/ }).waitFor();
      await view('more-behaviour-trend-table');
    });
  });
}

test.describe('at 125 % zoom', () => {
  test.use({
    viewport: { width: Math.round(POPOVER.width / 1.25), height: Math.round(POPOVER.height / 1.25) },
    deviceScaleFactor: 1.25,
  });

  test('the chart keeps its labels whole and fits the popover', async ({ page, preview, view }) => {
    await signInStudent(page, preview.fake!.accounts.student);
    await openBehaviour(page);
    const chart = page.getByRole('img', { name: /^Behaviour points per week/ });
    await expectOnFirstScreen(page, chart, 'the behaviour chart at 125 %');
    const labels = page.locator('.weeks .week');
    await expect(labels).toHaveCount(6);
    // Neighbouring labels do not touch, and none is wider than the figure.
    const boxes = await labels.evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().toJSON()));
    for (let i = 1; i < boxes.length; i++) expect(boxes[i].left).toBeGreaterThan(boxes[i - 1].right + 2);
    const figure = await page.locator('figure.trend').evaluate((f) => f.getBoundingClientRect().toJSON());
    expect(boxes[0].left).toBeGreaterThanOrEqual(figure.left);
    expect(boxes.at(-1).right).toBeLessThanOrEqual(figure.right);
    await view('more-behaviour-trend-zoom-125');
  });
});
