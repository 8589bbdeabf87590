/**
 * Attendance in More, in Chromium against the preview (the real core and the fake ClassCharts server) on
 * Monday 23 November 2026 at 10:15: the school year so far (issue 28 §3: the percentage computed from the
 * fake's marks since 1 September, a strip of weeks, late marks explained, the weeks in a table reached by
 * keyboard) and the last seven days' AM and PM marks in words, as the fake's register holds them, for the
 * student and for each of the parent's children; percentages only for the child whose school shows them;
 * no Attendance section for a pupil whose school hides it. Light and dark at 380 px, and at 125 % zoom.
 */
import { addDays } from '../../../common/dates';
import { percentageOf, tallyOf } from '../../../common/school-year';
import { attendanceStatus } from '../../../main/classcharts/map';
import { attendanceStatusLabel, formatPercentage } from '../../../renderer/lib/format';
import { POPOVER } from '../browser';
import type { Preview } from '../../../dev/preview/server';
import { expect, test } from '../fixtures';
import { expectOnFirstScreen, fakePupil, openTab, signInParent, signInStudent } from '../popover-page';
import type { Page } from '@playwright/test';

const TODAY = '2026-11-23';

/** The rows the table should show for a pupil: the fake's marks of the last 7 days, newest first. */
function expectedRows(preview: Preview, pupilId: number): string[][] {
  const register = fakePupil(preview, pupilId).attendance ?? {};
  const from = addDays(TODAY, -6);
  return Object.keys(register)
    .filter((date) => date >= from && date <= TODAY)
    .sort()
    .reverse()
    .map((date) =>
      ['AM', 'PM'].map((session) => {
        const mark = register[date]?.[session];
        if (!mark) return 'Not sent';
        const late =
          mark.status === 'late' && Number(mark.late_minutes) > 0 ? ` ${mark.late_minutes} min` : '';
        return `${attendanceStatusLabel(attendanceStatus(mark.status))}${late}`;
      }),
    );
}

/** The student's attendance since 1 September from the fake's marks, as the tile shows it. */
function yearPercentage(preview: Preview, pupilId: number): string {
  const register = fakePupil(preview, pupilId).attendance ?? {};
  const days = Object.entries(register)
    .filter(([date]) => date >= '2026-09-01' && date <= TODAY)
    .map(([date, sessions]) => ({
      date,
      marks: Object.entries(sessions).map(([session, m]) => ({
        session,
        code: m.code,
        status: attendanceStatus(m.status),
        lateMinutes: null,
        lesson: null,
        room: null,
      })),
    }));
  return formatPercentage(percentageOf(tallyOf(days))!);
}

/** The table's rows as a screen reader gets them (the decorative signs are aria-hidden). */
async function shownRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: 'Register, last 7 days' });
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) =>
      [...row.querySelectorAll('td')].map((cell) => {
        const heard = cell.cloneNode(true) as HTMLElement;
        for (const hidden of heard.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
        return (heard.textContent ?? '').replace(/\s+/g, ' ').trim();
      }),
    ),
  );
}

/** Opens More's Attendance section. */
async function openAttendance(page: Page): Promise<void> {
  await openTab(page, 'More');
  await page.getByRole('group', { name: 'Records' }).getByRole('button', { name: 'Attendance' }).click();
  await page.getByRole('table', { name: 'Register, last 7 days' }).waitFor();
}

test('the student sees the last seven days of register marks in words, and the percentage', async ({
  page,
  preview,
}) => {
  await signInStudent(page, preview.fake!.accounts.student);
  await openAttendance(page);
  const rows = expectedRows(preview, preview.fake!.accounts.student.pupilId);
  expect(rows.flat(), 'the fake has a late mark and an absence in the week').toEqual(
    expect.arrayContaining([expect.stringMatching(/^Late \d+ min$/), 'Absent']),
  );
  expect(await shownRows(page)).toEqual(rows);
  const register = page.getByRole('table', { name: 'Register, last 7 days' });
  expect(await register.getByRole('rowheader').first().textContent()).toBe('Mon 23 Nov');

  // The school year: the percentage from the marks, the strip, late marks explained, on the first screen.
  const tile = page.getByText('attendance this school year');
  await expect(tile.locator('xpath=preceding-sibling::span')).toHaveText(
    yearPercentage(preview, preview.fake!.accounts.student.pupilId),
  );
  const strip = page.getByRole('img', { name: /^Attendance per week since 1 Sept: 12 weeks with school;/ });
  await expectOnFirstScreen(page, strip, 'the attendance strip');
  await expect(strip.locator('.cell')).toHaveCount(13);
  await expect(strip.locator('.cell.none')).toHaveCount(1); // the October half term
  await expect(strip.locator('.cell.current')).toHaveCount(1);
  await expect(
    page.getByText(
      /^Late \(L\) counts as present: \d+ late marks? this school year, \d+ minutes? late in all\.$/,
    ),
  ).toBeVisible();

  // Keyboard: Tab from the Attendance segment reaches "Week by week"; Enter shows every week.
  await page.getByRole('group', { name: 'Records' }).getByRole('button', { name: 'Attendance' }).focus();
  const summary = page.getByText('Week by week', { exact: true });
  for (let i = 0; i < 10 && !(await summary.evaluate((e) => e === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(summary).toBeFocused();
  await page.keyboard.press('Enter');
  const weeks = page.getByRole('table', { name: 'Attendance per week since 1 Sept' });
  await expect(weeks.locator('tbody tr')).toHaveCount(13);
  await expect(weeks.locator('tbody tr').first().locator('th')).toHaveText('23 Nov (this week)');
});

test("the parent sees each child's marks; the percentage only where the school shows it", async ({
  page,
  preview,
}) => {
  const fake = preview.fake!;
  await signInParent(page, fake.accounts.parent);
  await openAttendance(page);
  const [amelia, oliver] = fake.accounts.parent.pupilIds as [number, number];
  expect(await shownRows(page)).toEqual(expectedRows(preview, amelia));
  await expect(page.getByText('attendance this school year')).toBeVisible();

  await page.keyboard.press('2');
  await page
    .getByRole('group', { name: /^Pupil/ })
    .locator('button:nth-child(2)[aria-pressed="true"]')
    .waitFor();
  await expect(
    page.getByRole('group', { name: 'Records' }).getByRole('button', { name: 'Attendance' }),
  ).toHaveAttribute('aria-pressed', 'true');
  const rows = expectedRows(preview, oliver);
  await page.waitForFunction(
    (count) => document.querySelectorAll('table.register tbody tr').length === count,
    rows.length,
  );
  await expect.poll(() => shownRows(page)).toEqual(rows);
  expect(rows.flat()).toContain('Late 5 min');
  expect(await page.getByText(/%/).count(), "Oliver's school does not show the percentage").toBe(0);
  await expect(page.getByText('attended this school year')).toBeVisible();
});

test('no Attendance section for a pupil whose school hides attendance', async ({ page, preview }) => {
  const fake = preview.fake!;
  fakePupil(preview, fake.accounts.parent.pupilIds[1]!).pupil.display_attendance = false;
  await signInParent(page, fake.accounts.parent);
  await openTab(page, 'More');
  const records = page.getByRole('group', { name: 'Records' });
  await expect(records.getByRole('button', { name: 'Attendance' })).toHaveCount(1);
  await page.keyboard.press('2');
  await page
    .getByRole('group', { name: /^Pupil/ })
    .locator('button:nth-child(2)[aria-pressed="true"]')
    .waitFor();
  await expect(records.getByRole('button', { name: 'Attendance' })).toHaveCount(0);
  await expect(records.getByRole('button', { name: 'Behaviour' })).toHaveCount(1);
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(scheme, () => {
    test.use({
      colorScheme: scheme,
      previewOptions: { now: Date.parse('2026-11-23T10:15:00Z'), frozen: true },
    });

    test('the attendance view', async ({ page, preview, view }) => {
      await signInStudent(page, preview.fake!.accounts.student);
      await openAttendance(page);
      await view('more-attendance');
    });
  });
}

test.describe('at 125 % zoom', () => {
  test.use({
    viewport: { width: Math.round(POPOVER.width / 1.25), height: Math.round(POPOVER.height / 1.25) },
    deviceScaleFactor: 1.25,
    previewOptions: { now: Date.parse('2026-11-23T10:15:00Z'), frozen: true },
  });

  test('the attendance year fits the popover', async ({ page, preview, view }) => {
    await signInStudent(page, preview.fake!.accounts.student);
    await openAttendance(page);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(wide, 'nothing wider than the popover').toBe(false);
    await view('more-attendance-zoom-125');
  });
});
