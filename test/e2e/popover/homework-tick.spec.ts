/**
 * A student ticks homework off in Chromium against the preview (the real core and the fake ClassCharts
 * server, whose homeworkticked toggles as the real one does: classchartsapi/api-docs@70803adfa6
 * openapi/studentclientapi.yaml): tick and untick from the list (mouse and keyboard), in the detail, and a
 * failing service (a fault on the fake) that rolls the tick back with a message. Light and dark are each
 * looked at once (visual snapshot + axe).
 */
import type { Page } from '@playwright/test';
import type { Preview } from '../../../dev/preview/server';
import { expect, test } from '../fixtures';
import { fakePupil, MONDAY_MORNING, openTab, signInStudent } from '../popover-page';

test.use({ previewOptions: { now: MONDAY_MORNING, frozen: true } });

/** The fake's record of a homework of the demo student. */
function served(preview: Preview, title: string) {
  const homework = fakePupil(preview, preview.fake!.accounts.student.pupilId).homeworks.find(
    (h) => h.title === title,
  );
  if (!homework) throw new Error(`the fake has no homework "${title}"`);
  return homework;
}

/** Signs the demo student in and opens Homework; resolves with the title of the first to-do homework due from today. */
async function homeworkList(page: Page, preview: Preview): Promise<string> {
  await page.getByRole('heading', { name: 'Sign in to ClassCharts' }).waitFor();
  await signInStudent(page, preview.fake!.accounts.student);
  await openTab(page, 'Homework');
  const upcoming = preview.app
    .state()
    .homework.filter((g) => g.key !== 'overdue')
    .flatMap((g) => g.items)
    .find((h) => h.status === 'todo');
  expect(upcoming, 'a to-do homework due from today on').toBeTruthy();
  await page.getByRole('checkbox', { name: `Done: ${upcoming!.title}` }).waitFor();
  return upcoming!.title;
}

/** Waits until the tick in flight is answered (the checkbox is no longer aria-disabled). */
async function settled(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('checkbox', { name: `Done: ${title}` })).toHaveAttribute(
    'aria-disabled',
    'false',
  );
}

test('tick off and untick from the list, by mouse and keyboard; the tab count follows', async ({
  page,
  preview,
}) => {
  const title = await homeworkList(page, preview);
  const box = page.getByRole('checkbox', { name: `Done: ${title}` });
  const tab = page.getByRole('button', { name: /^Homework/ });
  const before = (await tab.innerText()).replace(/\s+/g, ' ');

  await box.click();
  await expect(box).toBeChecked();
  await settled(page, title);
  expect(served(preview, title).status.ticked).toBe('yes');
  await expect(tab).not.toHaveText(before);
  expect(await box.evaluate((el) => el === document.activeElement), 'focus stays on the checkbox').toBe(true);

  await page.keyboard.press('Space');
  await expect(box).not.toBeChecked();
  await settled(page, title);
  expect(served(preview, title).status.ticked).toBe('no');
  await expect(tab).toHaveText(before);
  expect(
    preview
      .fake!.requests.filter((r) => r.path.startsWith('/apiv2student/homeworkticked/'))
      .map((r) => r.method),
  ).toEqual(['GET', 'GET']);
});

test('a failing service: the tick goes back and the banner says why', async ({ page, preview }) => {
  const title = await homeworkList(page, preview);
  preview.fake!.faults.inject({ path: '/apiv2student/homeworkticked', kind: 'http-500' });
  const box = page.getByRole('checkbox', { name: `Done: ${title}` });

  await box.click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText(`Could not tick off "${title}".`);
  await expect(alert).toContainText('ClassCharts sent an answer this app does not understand');
  await expect(box).not.toBeChecked();
  await settled(page, title);
  expect(served(preview, title).status.ticked).toBe('no');
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(scheme, () => {
    test.use({ colorScheme: scheme });

    test('looks right ticked, in the list and the detail', async ({ page, preview, view }) => {
      const title = await homeworkList(page, preview);
      await page.getByRole('checkbox', { name: `Done: ${title}` }).click();
      await settled(page, title);
      await page.mouse.move(0, 0);
      await view('homework-ticked');

      const id = served(preview, title).id;
      await page.locator(`[data-homework-id="${id}"]`).click();
      const detailBox = page.getByRole('checkbox', { name: `Done: ${title}` });
      await expect(detailBox).toBeChecked();
      await view('homework-detail-ticked');
      await detailBox.click();
      await expect(detailBox).not.toBeChecked();
      await settled(page, title);
      expect(served(preview, title).status.ticked).toBe('no');
    });
  });
}
