/**
 * Every view a user can reach, in light and dark: each is compared with its committed snapshot
 * (test/e2e/__screenshots__/views.spec.ts/<view>-<scheme>.png; `npm run test:e2e -- --update-snapshots`
 * renews them) and checked by axe with no violation (the `view` fixture, test/e2e/fixtures.ts). The
 * parent demo account on Monday 23 November 2026 at 10:15 London time, with the clock of main and page
 * starting there, so each view shows the same day and times on every run.
 */
import type { Locator, Page } from '@playwright/test';
import { titleWithoutSubject } from '../../../renderer/lib/glance';
import { expect, test } from '../fixtures';
import {
  expectTodayShown,
  fakePupil,
  lessonList,
  MONDAY_MORNING,
  openTab,
  waitForDay,
  waitForToday,
} from '../popover-page';

test.use({ previewOptions: { now: MONDAY_MORNING, frozen: true } });

/** Signs in with the sign-in form's demo parent button. */
async function signInDemoParent(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Use demo parent' }).click();
  await waitForToday(page);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(scheme, () => {
    test.use({ colorScheme: scheme });

    test('sign-in, and sign-in with errors', async ({ page, view }) => {
      await page.getByRole('heading', { name: 'Sign in to ClassCharts' }).waitFor();
      await view('sign-in');
      await page.getByLabel('Access code').fill('WRONG');
      await page.getByLabel('Date of birth').fill('31/02/2012');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.locator('#dob-error').waitFor();
      await view('sign-in-errors');
    });

    test('today, other days, a lesson note and the second pupil', async ({ page, view }) => {
      await signInDemoParent(page);
      await expectTodayShown(page);
      await view('today');
      await page.keyboard.press('ArrowRight');
      await waitForDay(page, 'Tomorrow');
      await lessonList(page).waitFor();
      await view('today-tomorrow');
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
      await page.getByText("No lessons — it's the weekend.").waitFor();
      await view('today-weekend');
      // The fake's one lesson note: Monday 30 November (week 2 of the demo student's cycle), P1 Science.
      for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');
      await waitForDay(page, 'Monday 30 November');
      const noteButton = page.getByRole('button', { name: 'Note for Science' });
      await noteButton.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('region', { name: 'Note for Science' }).getByText('calculator').waitFor();
      expect(await noteButton.getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByRole('button', { name: /^Note for/ }).count(), 'one lesson has a note').toBe(1);
      await view('today-note');
      await page.keyboard.press('Space');
      await page.getByRole('region', { name: 'Note for Science' }).waitFor({ state: 'detached' });
      expect(await noteButton.getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press('Home');
      await waitForDay(page, 'Monday 23 November');
      await page.keyboard.press('2');
      await page
        .getByRole('group', { name: /^Pupil/ })
        .locator('button:nth-child(2)[aria-pressed="true"]')
        .waitFor();
      await page.keyboard.press('Home');
      await waitForToday(page);
      await view('today-second-pupil');
    });

    test('the homework list, a homework and its links and files', async ({ page, preview, view }) => {
      await signInDemoParent(page);
      await openTab(page, 'Homework');
      await page.locator('main section li button').first().waitFor();
      await view('homework');
      // Last, homework the teacher marked in the last two weeks: the mark and "Feedback" on its row, and in
      // its detail (the fake marks some completed homework, with feedback on some).
      const marked = page.getByRole('region', { name: /^Marked/ });
      await marked.scrollIntoViewIfNeeded();
      await view('homework-marked');
      const withFeedback = fakePupil(preview, preview.fake!.accounts.parent.pupilIds[0]!).homeworks.find(
        (h) =>
          h.status.mark !== null &&
          h.status.has_feedback &&
          h.due_date >= '2026-11-09' &&
          h.due_date < '2026-11-23',
      );
      expect(withFeedback, 'the fake has marked homework with feedback in the last two weeks').toBeTruthy();
      await marked
        .getByRole('button', {
          name: new RegExp(titleWithoutSubject(withFeedback!.title, withFeedback!.subject)),
        })
        .click();
      await page.locator('#hw-title').waitFor();
      await view('homework-marked-detail');
      await page.keyboard.press('Escape');
      await marked.waitFor();
      // A homework of the first pupil's with a teacher's link and a file (the fake gives some both).
      const withLinks = fakePupil(preview, preview.fake!.accounts.parent.pupilIds[0]!).homeworks.find(
        (h) =>
          h.validated_links.length > 0 &&
          h.validated_attachments.length > 0 &&
          h.due_date >= '2026-11-23' &&
          h.due_date <= '2026-12-04' &&
          h.status.state !== 'completed',
      );
      expect(withLinks, 'the fake has homework with a link and a file in the next two weeks').toBeTruthy();
      await page
        .getByRole('button', { name: new RegExp(titleWithoutSubject(withLinks!.title, withLinks!.subject)) })
        .first()
        .click();
      await page.locator('#hw-title').waitFor();
      // The whole detail, its links and files included, fits the popover's height: one snapshot.
      await view('homework-detail');
      const file = withLinks!.validated_attachments[0]!.filename;
      const fileButton = page.getByRole('button', { name: file });
      await fileButton.scrollIntoViewIfNeeded();
      expect(await fileButton.getAttribute('title'), 'the whole file name in a tooltip').toBe(file);
      expect(
        await fileButton.locator('.label').evaluate((l) => l.scrollHeight <= l.clientHeight + 1),
        `the whole file name is shown: ${file}`,
      ).toBe(true);
    });

    test('each section of More', async ({ page, view }) => {
      await signInDemoParent(page);
      await openTab(page, 'More');
      for (const section of ['Behaviour', 'Detentions', 'Badges', 'Announcements']) {
        await page.getByRole('group', { name: 'Records' }).getByRole('button', { name: section }).click();
        await page.locator(`section[aria-label="${section}"][aria-busy="false"]`).waitFor();
        if (section === 'Announcements') {
          // A chevron says each announcement opens; it turns down when one is open.
          const chevrons = page.locator('details summary .chevron');
          expect(await chevrons.count(), 'the fake has announcements').toBeGreaterThanOrEqual(1);
          const turn = (i: number) => chevrons.nth(i).evaluate((c) => getComputedStyle(c).transform);
          expect(await turn(0)).toBe('none');
          await page.locator('details summary').first().click();
          expect(await turn(0), 'turned a quarter when open').toBe('matrix(0, 1, -1, 0, 0, 0)');
          if ((await chevrons.count()) > 1) expect(await turn(1)).toBe('none');
        }
        await view(`more-${section.toLowerCase()}`);
      }
    });

    test('settings, top and bottom; Today opens at its top again', async ({ page, view }) => {
      await signInDemoParent(page);
      await openTab(page, 'Settings');
      await page.getByRole('form', { name: 'Settings' }).waitFor();
      await view('settings');
      await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
      await view('settings-bottom');
      await openTab(page, 'Today');
      await waitForToday(page);
      expect(await page.locator('main').evaluate((m) => m.scrollTop), 'Today opens at its top').toBe(0);
    });

    test('banners over the last data: offline, stale, sign in again', async ({ page, preview, view }) => {
      const fake = preview.fake!;
      await signInDemoParent(page);
      const refreshAndWait = async (banner: Locator) => {
        await page.getByRole('button', { name: 'Refresh now' }).click();
        await banner.waitFor();
      };
      const retryUntilGone = async (banner: Locator) => {
        await banner.getByRole('button', { name: 'Retry' }).click();
        await banner.waitFor({ state: 'detached' });
      };
      await fake.down();
      const offline = page.getByRole('status').filter({ hasText: 'Offline.' });
      await refreshAndWait(offline);
      await view('offline-banner');
      await fake.up();
      await retryUntilGone(offline);

      fake.faults.inject({ path: /^\/apiv2parent\/timetable\//, kind: 'http-500', count: 1000 });
      const stale = page.getByRole('status').filter({ hasText: 'May be out of date.' });
      await refreshAndWait(stale);
      const staleText = await stale.locator('p').innerText();
      expect(staleText, 'the time of the data on a line of its own').toMatch(
        /\nShowing data from \d\d:\d\d\.$/,
      );
      expect(staleText, 'whole sentences, no ".;"').not.toMatch(/[.;][.;]/);
      await view('stale-banner');
      fake.faults.clear();
      await retryUntilGone(stale);

      // The saved sign-in stops working (the parent's password changed elsewhere).
      fake.dataset.parents[0]!.password = 'changed-elsewhere';
      fake.expireSessions();
      const signInAgain = page.getByRole('alert').filter({ hasText: 'Sign in again.' });
      await page.getByRole('button', { name: 'Refresh now' }).click();
      await signInAgain.waitFor();
      await expectTodayShown(page);
      await view('sign-in-again-banner');
      await signInAgain.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Sign in to ClassCharts' }).waitFor();
      expect(
        await page.getByRole('button', { name: 'Parent', exact: true }).getAttribute('aria-pressed'),
        'the form opens on the account kind main had',
      ).toBe('true');
      expect(await page.getByLabel('Email').inputValue(), 'nothing is prefilled').toBe('');
      await view('sign-in-again-form');
      await page.getByRole('button', { name: 'Back to the last data' }).click();
      await expectTodayShown(page);
    });
  });
}

// Issue 25 §1: the demo pupil with a code only (NODOB2026; daydreme/classcharts-server-mock@1c742cfc67
// pkg/student/user/auth.go) signs in through the form with the date of birth left empty, as the demo hint
// says.
test('a pupil with a code only signs in through the form, the date of birth left empty', async ({ page }) => {
  await page.getByRole('heading', { name: 'Sign in to ClassCharts' }).waitFor();
  await expect(page.getByText('NODOB2026')).toBeVisible();
  await page.getByLabel('Access code').fill('nodob2026');
  await expect(page.getByLabel('Date of birth')).toHaveValue('');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await waitForToday(page);
  await expect(page.getByRole('heading', { name: 'Sign in to ClassCharts' })).toHaveCount(0);
  // Monday morning: Isla has lessons (Oliver's timetable shape), so the list is there and not empty.
  await expect(
    page
      .getByRole('list', { name: /^Lessons/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
});
