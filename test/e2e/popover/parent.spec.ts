/**
 * A parent's popover in Chromium against the preview: the pupil switcher (buttons and number keys), three
 * children at a glance on Today, and their chips (homework counts and detentions in words) on one row; six
 * children's chips as names in two rows at most.
 */
import { expect, test } from '../fixtures';
import {
  expectTodayShown,
  fakePupil,
  lessonSubjects,
  MONDAY_MORNING,
  openTab,
  signInParent,
} from '../popover-page';

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

    test('three pupils at a glance on Today, and their chips in one row elsewhere, all in words', async ({
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
      // Today: a row per child, what they have now and what is due written out (issue 24 §2).
      for (const [i, pupil] of preview.app.state().pupils.entries()) {
        const row = pupils.nth(i);
        const text = (await row.innerText()).replace(/\s+/g, ' ');
        expect(text, `${pupil.firstName}'s row`).toContain(pupil.firstName);
        expect(text).toContain(
          pupil.currentLesson?.subject ?? pupil.nextLesson?.subject ?? 'No more lessons',
        );
        expect(text).toContain(
          pupil.homeworkDueThisWeek > 0
            ? `${pupil.homeworkDueThisWeek} due this week`
            : 'nothing due this week',
        );
        const box = await row.boundingBox();
        expect(box!.x + box!.width, 'inside the popover').toBeLessThanOrEqual(380);
      }
      await view('pupil-family-three');

      // Elsewhere, the chips: names and counts in words under each name, one row.
      await openTab(page, 'Homework');
      for (const [i, pupil] of preview.app.state().pupils.entries()) {
        const data = fakePupil(preview, pupil.id);
        const pending = data.detentions.filter((d) => d.attended === 'pending').length;
        const parts = [
          ...(pupil.homeworkOverdue > 0 ? [`${pupil.homeworkOverdue} overdue`] : []),
          ...(pupil.homeworkDue > 0 ? [`${pupil.homeworkDue} due`] : []),
          ...(pending > 0 ? [`${pending} detention${pending === 1 ? '' : 's'}`] : []),
        ];
        expect(parts.length, `${pupil.firstName} has homework in the fake`).toBeGreaterThan(0);
        expect(await pupils.nth(i).locator('.counts > span').allInnerTexts()).toEqual(parts);
        expect(
          await pupils
            .nth(i)
            .locator('.counts > span + span')
            .evaluateAll((spans) => spans.map((span) => getComputedStyle(span, '::before').content)),
          'a dot between the counts',
        ).toEqual(parts.slice(1).map(() => '"\u00a0·\u00a0"'));
        expect(await pupils.nth(i).locator('svg').count(), 'no symbols to decode').toBe(0);
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

test('six children: names only on the chips, in two rows at most, and the homework list starts in view', async ({
  page,
  preview,
}) => {
  const fake = preview.fake!;
  const parent = fake.dataset.parents[0]!;
  const names = ['Amelia', 'Oliver', 'Isla', 'Noah'];
  for (const [i, name] of names.entries()) {
    const child = structuredClone(fakePupil(preview, parent.pupilIds[i % 2]!));
    child.pupil = { ...child.pupil, id: 4103000 + i, first_name: name, name: `${name} Hughes` };
    fake.dataset.pupils.push(child);
    parent.pupilIds.push(child.pupil.id);
  }
  await signInParent(page, fake.accounts.parent);
  await openTab(page, 'Homework');
  const chips = page.getByRole('group', { name: /^Pupil/ }).getByRole('button');
  expect(await chips.count()).toBe(6);
  const rows = new Set<number>();
  for (let i = 0; i < 6; i++) {
    const box = (await chips.nth(i).boundingBox())!;
    rows.add(Math.round(box.y));
    expect(box.x + box.width, 'inside the popover').toBeLessThanOrEqual(380);
    expect(await chips.nth(i).locator('.counts').count(), 'no counts under the name').toBe(0);
  }
  expect(rows.size, 'two rows at most').toBeLessThanOrEqual(2);
  // A parent of six still sees homework without scrolling, above the footer.
  const first = page.locator('main li').first();
  const footer = (await page.locator('footer').boundingBox())!;
  const item = (await first.boundingBox())!;
  expect(item.y + item.height, 'the first homework above the footer').toBeLessThanOrEqual(footer.y);
});
