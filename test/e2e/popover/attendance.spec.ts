/**
 * Attendance in More, in Chromium against the preview (the real core and the fake ClassCharts server) on
 * Monday 23 November 2026 at 10:15: the last seven days' AM and PM marks in words, as the fake's register
 * holds them, for the student and for each of the parent's children; the percentage only for the child
 * whose school shows it; no Attendance section for a pupil whose school hides it.
 */
import { addDays } from '../../../common/dates';
import { attendanceStatus } from '../../../main/classcharts/map';
import { attendanceStatusLabel } from '../../../renderer/lib/format';
import type { Preview } from '../../../dev/preview/server';
import { expect, test } from '../fixtures';
import { fakePupil, openTab, signInParent, signInStudent } from '../popover-page';
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

/** The table's rows as a screen reader gets them (the decorative signs are aria-hidden). */
async function shownRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table');
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
  await page.getByRole('table').waitFor();
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
  expect(await page.getByRole('table').getByRole('rowheader').first().textContent()).toBe('Mon 23 Nov');
  await expect(page.getByText('attendance since August')).toBeVisible();
  await expect(page.getByText(/^Last 7 days: [\d.]+%$/)).toBeVisible();
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
  await expect(page.getByText('attendance since August')).toBeVisible();

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
    (count) => document.querySelectorAll('table tbody tr').length === count,
    rows.length,
  );
  await expect.poll(() => shownRows(page)).toEqual(rows);
  expect(rows.flat()).toContain('Late 5 min');
  expect(await page.getByText(/%/).count(), "Oliver's school does not show the percentage").toBe(0);
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
