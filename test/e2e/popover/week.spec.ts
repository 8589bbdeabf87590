/**
 * The week and the rota week (issue 28 §1), in real Chromium against the fake ClassCharts with a Week
 * A/Week B school (the fake's `periodNames: 'letter'`, the shape of a real export: `"ATue:1"`,
 * docs/classcharts-api.md §5.7). On Wednesday 25 November 2026 at 10:20, a pupil's day heading names the
 * rota week; "Week" shows Monday to Friday as a grid that fits the 380×560 popover without scrolling, today
 * and the lesson now marked, the cover lesson said in words, and the homework due each day counted. Light
 * and dark, snapshots and axe (the `view` fixture); keyboard: Tab reaches every control, ← → move by week.
 */
import { expect, test } from '../fixtures';
import { dayHeading, expectOnFirstScreen, signInStudent } from '../popover-page';

const WEDNESDAY = Date.parse('2026-11-25T10:20:00Z');

test.use({ previewOptions: { now: WEDNESDAY, frozen: true, fake: { periodNames: 'letter' } } });

for (const scheme of ['light', 'dark'] as const) {
  test.describe(scheme, () => {
    test.use({ colorScheme: scheme });

    test('the day names the rota week, and the week fits the popover with today, now and cover marked', async ({
      page,
      preview,
      view,
    }) => {
      await signInStudent(page, preview.fake!.accounts.student);
      await expect.poll(() => dayHeading(page)).toBe('Today Wednesday 25 November Week A');
      await page.mouse.move(0, 0);
      await view('day-rota-week');

      await page.getByRole('button', { name: 'Week', exact: true }).click();
      const grid = page.getByRole('table', { name: 'Timetable, this week, 23–27 November' });
      await expectOnFirstScreen(page, grid, 'the week');
      expect((await page.locator('#week-heading').textContent())?.replace(/\s+/g, ' ').trim()).toBe(
        'This week 23–27 November Week A',
      );
      // Every day and every period of the week, without scrolling.
      const state = preview.app.state();
      const periods = new Set(state.today!.lessons.filter((l) => !l.isBreak).map((l) => l.period));
      for (const period of periods)
        await expectOnFirstScreen(page, grid.getByRole('rowheader', { name: period, exact: true }), period);
      for (const day of ['Mon 23', 'Tue 24', 'Wed 25', 'Thu 26', 'Fri 27'])
        await expectOnFirstScreen(page, grid.getByRole('button', { name: new RegExp(`^${day},`) }), day);
      await expect(grid.getByRole('button', { name: /^Wed 25/ })).toHaveAttribute('aria-current', 'date');
      // The lesson now, and the cover lesson, in words.
      const now = state.today!.lessons.find((l) => l.state === 'current')!;
      const nowCell = grid.getByRole('cell').filter({ hasText: 'Now' });
      await expect(nowCell).toHaveCount(1);
      await expect(nowCell).toContainText(now.subject);
      if (now.isAlternative) await expect(nowCell).toContainText('Cover');
      // The homework due each day, counted on its day (the snapshot's to-do and ticked homework).
      const dueWednesday = state.homework
        .filter((g) => g.key !== 'marked')
        .flatMap((g) => g.items)
        .filter((h) => h.dueDate === '2026-11-25').length;
      await expect(grid.getByRole('button', { name: /^Wed 25/ })).toHaveAccessibleName(
        `Wed 25, ${dueWednesday === 0 ? 'nothing' : dueWednesday} due: open the day`,
      );
      expect(await page.locator('main').evaluate((main) => main.scrollTop)).toBe(0);
      await view('week');
    });
  });
}

test('the week by keyboard: Tab reaches its controls and days, arrows move by week, Enter opens a day', async ({
  page,
  preview,
}) => {
  await signInStudent(page, preview.fake!.accounts.student);
  await page.getByRole('button', { name: 'Week', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: /this week/ })).toBeVisible();
  await page.locator('#week-heading').click();
  const reached: string[] = [];
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    reached.push(
      await page.evaluate(
        () =>
          document.activeElement?.getAttribute('aria-label') ??
          document.activeElement?.textContent?.trim() ??
          '',
      ),
    );
  }
  expect(reached).toEqual([
    'Day',
    'Previous week',
    'Next week',
    expect.stringMatching(/^Mon 23, /),
    expect.stringMatching(/^Tue 24, /),
    expect.stringMatching(/^Wed 25, /),
    expect.stringMatching(/^Thu 26, /),
    expect.stringMatching(/^Fri 27, /),
  ]);
  await page.locator('#week-heading').click();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('table', { name: 'Timetable, next week, 30 Nov – 4 Dec' })).toBeVisible();
  await expect(page.locator('#week-heading')).toContainText('Week B');
  await page.keyboard.press('Home');
  await page.getByRole('button', { name: /^Thu 26/ }).press('Enter');
  await expect.poll(() => dayHeading(page)).toBe('Tomorrow Thursday 26 November Week A');
});
