/**
 * A parent's popover in Chromium against the preview: the pupil switcher (buttons and number keys) and
 * three children's names, homework counts and the service's counters (detentions, announcements) on one row.
 */
import { expect, test } from '../fixtures';
import { expectTodayShown, fakePupil, lessonSubjects, MONDAY_MORNING, signInParent } from '../popover-page';

test.use({ previewOptions: { now: MONDAY_MORNING, frozen: true } });

test('parent signs in and switches pupils with the switcher and number keys', async ({ page, preview }) => {
  await signInParent(page, preview.fake!.accounts.parent);
  await expectTodayShown(page);
  const switcher = page.getByRole('group', { name: /^Pupil/ });
  const pupils = switcher.getByRole('button');
  expect(await pupils.count()).toBe(2);
  expect(await pupils.nth(0).getAttribute('aria-pressed')).toBe('true');
  const first = await lessonSubjects(page);

  await page.keyboard.press('2');
  await switcher.locator('button:nth-child(2)[aria-pressed="true"]').waitFor();
  await page.waitForFunction(
    (before) =>
      JSON.stringify(
        [...document.querySelectorAll('ol[aria-label^="Lessons"] li .subject')].map((e) => e.textContent),
      ) !== JSON.stringify(before),
    first,
  );
  expect(await pupils.nth(1).getAttribute('aria-pressed')).toBe('true');
  const second = await lessonSubjects(page);
  expect(second, 'the sibling has a different timetable').not.toEqual(first);

  await pupils.nth(0).click();
  await page.waitForFunction(
    (before) =>
      JSON.stringify(
        [...document.querySelectorAll('ol[aria-label^="Lessons"] li .subject')].map((e) => e.textContent),
      ) === JSON.stringify(before),
    first,
  );
});

// The switcher with three children is a view of its own (the snapshot), in both schemes.
for (const scheme of ['light', 'dark'] as const) {
  test.describe(scheme, () => {
    test.use({ colorScheme: scheme });

    test("three pupils' names and homework counts fit one row of the switcher, in words", async ({
      page,
      preview,
      view,
    }) => {
      const fake = preview.fake!;
      // A third child: the sibling's data under another id and a longer name.
      const parent = fake.dataset.parents[0]!;
      const third = structuredClone(fakePupil(preview, parent.pupilIds[1]!));
      third.pupil = { ...third.pupil, id: 4102999, first_name: 'Isabella', name: 'Isabella Hughes' };
      fake.dataset.pupils.push(third);
      parent.pupilIds.push(third.pupil.id);

      await signInParent(page, fake.accounts.parent);
      const pupils = page.getByRole('group', { name: /^Pupil/ }).getByRole('button');
      expect(await pupils.count()).toBe(3);
      // Written in words under each name, read out as one phrase (the dot is not read).
      for (const [i, pupil] of preview.app.state().pupils.entries()) {
        const parts = [
          ...(pupil.homeworkOverdue > 0 ? [`${pupil.homeworkOverdue} overdue`] : []),
          ...(pupil.homeworkDue > 0 ? [`${pupil.homeworkDue} due`] : []),
        ];
        expect(parts.length, `${pupil.firstName} has homework in the fake`).toBeGreaterThan(0);
        expect(await pupils.nth(i).locator('.counts > span').allInnerTexts()).toEqual(parts);
        // The service's counters (/pupils), as the fake counts them from the child's own records.
        const data = fakePupil(preview, pupil.id);
        const pending = data.detentions.filter((d) => d.attended === 'pending').length;
        const unread = data.announcements.filter((a) => a.state === 'new').length;
        const extras = [
          ...(pending > 0 ? [`${pending} detention${pending === 1 ? '' : 's'}`] : []),
          ...(unread > 0 ? [`${unread} announcement${unread === 1 ? '' : 's'}`] : []),
        ];
        expect(extras.length, `${pupil.firstName} has announcements in the fake`).toBeGreaterThan(0);
        // Seen as badges (a number each, its words on hover); heard in words.
        expect(
          await pupils
            .nth(i)
            .locator('.badge')
            .evaluateAll((badges) => badges.map((b) => `${b.textContent} ${b.getAttribute('title')}`)),
        ).toEqual(extras.map((words) => `${words.split(' ')[0]} ${words}`));
        expect(
          await pupils
            .nth(i)
            .locator('.counts > span + span')
            .evaluateAll((spans) => spans.map((span) => getComputedStyle(span, '::before').content)),
          'a dot between the counts',
        ).toEqual(parts.length > 1 ? ['"\u00a0·\u00a0"'] : []);
        const name = `${pupil.firstName} Homework: ${parts.join(' and ')} , ${extras.join(' and ')}`;
        expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(1);
      }
      const boxes = await Promise.all([0, 1, 2].map((i) => pupils.nth(i).boundingBox()));
      expect(
        boxes.every((b) => b && b.y === boxes[0]!.y),
        'one row',
      ).toBe(true);
      expect(
        boxes[2]!.x + boxes[2]!.width,
        `inside the popover: ${JSON.stringify(boxes[2])}`,
      ).toBeLessThanOrEqual(380 - 8);
      await view('pupil-switcher-three');
    });
  });
}
