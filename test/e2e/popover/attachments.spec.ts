/**
 * Attached files open for real: a click on a homework's or an announcement's file in the popover makes
 * main download it (the homework file from its signed storage link, the announcement file with the session:
 * dev/fake-classcharts/attachments.ts) into its private folder and open it with the system's default
 * application — here the preview's shell, which records the path instead. Nothing goes to the browser.
 * A type that can run code is saved to (the preview's stand-in for) Downloads instead, with a warning, and
 * shown in its folder only when asked (issue 26 §3).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { RawHomework } from '../../../dev/fake-classcharts/index';
import { expect, test } from '../fixtures';
import type { Preview } from '../../../dev/preview/server';
import { fakePupil, openTab, signInStudent } from '../popover-page';

/**
 * The student's first homework with a virus-checked teacher's file, renamed `title`, to do and due tomorrow
 * (Tuesday 24).
 */
function homeworkWithFileDueTomorrow(preview: Preview, title: string): RawHomework {
  const homework = fakePupil(preview, preview.fake!.accounts.student.pupilId).homeworks.find(
    (h) => h.validated_attachments[0]?.scan_status === 'pass',
  )!;
  homework.title = title;
  homework.due_date = '2026-11-24';
  homework.status = { ...homework.status, state: null, ticked: 'no' };
  return homework;
}

test('a homework file is downloaded from its signed link and opened with the system', async ({
  page,
  preview,
}) => {
  const fake = preview.fake!;
  const homework = homeworkWithFileDueTomorrow(preview, 'Homework with a worksheet');
  const name = homework.validated_attachments[0]!.filename;
  await signInStudent(page, fake.accounts.student);
  await openTab(page, 'Homework');
  await page.getByRole('button', { name: /Homework with a worksheet/ }).click();
  const button = page.getByRole('button', { name });
  await expect(button).toContainText('opens file');
  // While the storage answer is held, the button spins, says so and takes no second click.
  fake.faults.inject({ path: '/storage/', kind: 'hang' });
  await button.click();
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await expect(button).toContainText('Opening…');
  await page.screenshot({ path: test.info().outputPath('opening.png') });
  fake.faults.clear();

  await expect.poll(() => preview.openedFiles.length).toBe(1);
  const path = preview.openedFiles[0]!;
  expect(basename(path)).toBe(name);
  expect(readFileSync(path, 'utf8')).toMatch(/^%PDF-/);
  const download = fake.requests.filter((r) => r.path.startsWith('/storage/'));
  expect(download.map((r) => r.status)).toEqual([200]);
  expect(download[0]!.headers['authorization'], 'a signed link gets no session').toBeUndefined();
  expect(preview.opened, 'nothing went to the browser').toEqual([]);
  await expect(button).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an announcement file is downloaded with the session and opened', async ({ page, preview }) => {
  const fake = preview.fake!;
  await signInStudent(page, fake.accounts.student);
  await openTab(page, 'More');
  await page.getByRole('group', { name: 'Records' }).getByRole('button', { name: 'Announcements' }).click();
  await page.getByText('Year 9 trip to the Science Museum').click();
  await page.getByRole('button', { name: 'Science Museum trip letter.pdf' }).click();

  await expect.poll(() => preview.openedFiles.length).toBe(1);
  expect(basename(preview.openedFiles[0]!)).toBe('Science Museum trip letter.pdf');
  const download = fake.requests.filter((r) => r.path.startsWith('/announcement-files/'));
  expect(download.map((r) => r.status)).toEqual([200]);
  expect(download[0]!.headers['authorization']).toMatch(/^Basic /);
  expect(preview.opened).toEqual([]);
  await preview.close();
  expect(existsSync(preview.openedFiles[0]!), 'the files go when the app stops').toBe(false);
});

test('a file that cannot be opened says so in the banner', async ({ page, preview }) => {
  const fake = preview.fake!;
  const homework = homeworkWithFileDueTomorrow(preview, 'Homework with a missing file');
  const name = homework.validated_attachments[0]!.filename;
  await signInStudent(page, fake.accounts.student);
  await openTab(page, 'Homework');
  await page.getByRole('button', { name: /Homework with a missing file/ }).click();
  fake.faults.inject({ path: '/storage/', kind: 'reset' });
  await page.getByRole('button', { name }).click();
  await expect(page.getByRole('alert')).toContainText(`Couldn't open ${name}: Cannot reach ClassCharts.`);
  expect(preview.openedFiles).toEqual([]);
});

test('a file that can run code is saved to Downloads with a warning, never opened', async ({
  page,
  preview,
  axe,
}) => {
  const fake = preview.fake!;
  const homework = homeworkWithFileDueTomorrow(preview, 'Homework with a revision pack');
  homework.validated_attachments[0]!.filename = 'Revision pack.zip';
  await signInStudent(page, fake.accounts.student);
  await openTab(page, 'Homework');
  await page.getByRole('button', { name: /Homework with a revision pack/ }).click();
  const button = page.getByRole('button', { name: 'Revision pack.zip' });
  await expect(button).toContainText('saves to Downloads');
  await button.click();

  const banner = page.getByRole('alert');
  await expect(banner).toContainText(
    'Saved Revision pack.zip to Downloads, not opened: .zip files can run code. Open it only if you trust it.',
  );
  await expect(banner).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('saved-to-downloads.png') });
  await axe(page, 'the saved-to-Downloads warning');
  expect(preview.openedFiles, 'never opened').toEqual([]);
  const saved = join(preview.downloadsFolder, 'Revision pack.zip');
  expect(existsSync(saved)).toBe(true);
  expect(preview.revealed).toEqual([]);
  await banner.getByRole('button', { name: 'Show in folder' }).click();
  await expect.poll(() => preview.revealed).toEqual([saved]);
  await expect(banner).toHaveCount(0);
  expect(preview.openedFiles).toEqual([]);
});
