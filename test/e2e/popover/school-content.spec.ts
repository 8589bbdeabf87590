/**
 * Real school content, and hostile content, in every view of the popover (issue 15), in real Chromium at
 * the popover's size. The fake ClassCharts serves a `--data` file (../school-content.ts) where every field
 * the popover shows holds long links, unbroken words, a 100 KB string, bidi overrides, scripts written as
 * text or HTML, deceptive and oversized links, … round-robin. On every view of the student and of the
 * parent — Today on each school day with every lesson note open, the homework list, every homework's
 * detail (and its "Show more"), each section of More with every announcement open, Settings, the pupil
 * switcher — the tests check that nothing is wider than the popover and no field reorders another
 * (../content-checks.ts), and the fixtures' guards that nothing ran, loaded or left the machine. Each
 * view's screenshot is attached to the report; a few are visual snapshots too.
 *
 * A held-out corpus runs through the same walk: `CCT_CONTENT_CORPUS=corpus.json npm run test:e2e -- -g
 * content` (a JSON array of strings, each put into text fields and HTML fields alike).
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { bidiLeaks, overflows } from '../content-checks';
import { expect, test } from '../fixtures';
import { NAME_MAX, shownText } from '../../../renderer/lib/text';
import { fakePupil, MONDAY_MORNING, openTab, signInParent, signInStudent, waitForDay } from '../popover-page';
import { readCorpusFile, shownFields, writeSchoolContentDataset } from '../school-content';

/**
 * The popover test, with the dataset written once per worker (about 20 MB: the 100 KB strings recur in
 * many fields) to the temp folder and removed after, and the preview serving it.
 */
const contentTest = test.extend<object, { dataFile: string }>({
  dataFile: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const file = path.join(tmpdir(), `cct-school-content-${randomUUID()}.json`);
      writeSchoolContentDataset(file, { today: '2026-11-23', extra });
      try {
        await use(file);
      } finally {
        rmSync(file, { force: true });
      }
    },
    { scope: 'worker' },
  ],
  previewOptions: async ({ dataFile }, use) => {
    await use({ now: MONDAY_MORNING, frozen: true, fake: { data: dataFile } });
  },
  // With a corpus of one's own the views differ from the committed snapshots by design: axe only.
  view: async ({ view, axe, page }, use) => {
    await use(extra.length > 0 ? (name, on = page) => axe(on, name) : view);
  },
});

const corpus = process.env.CCT_CONTENT_CORPUS;
const extra = corpus ? readCorpusFile(corpus) : [];
/** The fields' texts as shown, for the bidi check. */
const FIELDS = shownFields(extra);

/** Fails the test (softly, so every view is reported) on a view wider than the popover or a bidi leak. */
async function check(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await settle(page);
  expect.soft(await overflows(page), `${name}: nothing is wider than the popover`).toEqual([]);
  expect.soft(await bidiLeaks(page, FIELDS), `${name}: no field reorders the text around it`).toEqual([]);
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

/** Waits until nothing is loading (no busy region, no "Loading…" placeholder) and fonts are drawn. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      ![...document.querySelectorAll('.placeholder')].some((p) => /Loading/.test(p.textContent ?? '')),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Scripts in the corpus call `window.__cctPwned(where)` if they ever run: the test fails on a call. */
async function watchForScripts(page: Page): Promise<string[]> {
  const ran: string[] = [];
  await page.context().exposeBinding('__cctPwned', (_source, where: unknown) => ran.push(String(where)));
  page.on('crash', () => ran.push('the page crashed'));
  await page.reload();
  return ran;
}

/** Today on each day of the school week, with every lesson note open. */
async function walkToday(page: Page, testInfo: TestInfo, who: string): Promise<void> {
  const days = ['Monday 23', 'Tuesday 24', 'Wednesday 25', 'Thursday 26', 'Friday 27'];
  for (const [index, day] of days.entries()) {
    if (index > 0) {
      await page.getByRole('button', { name: 'Next day' }).click();
      await waitForDay(page, `${day} November`);
    }
    // Every school day of the dataset has lessons: a view that lost them would fit, and prove nothing.
    await expect(
      page
        .getByRole('list', { name: /^Lessons/ })
        .locator('li.lesson')
        .first(),
    ).toBeVisible();
    // Today's lessons already over are folded into one line: open them, so their notes are walked too.
    const earlier = page.getByRole('button', { name: /earlier lessons?/, expanded: false });
    if ((await earlier.count()) > 0) await earlier.click();
    const notes = page.getByRole('button', { name: /^Note for/, expanded: false });
    for (let n = await notes.count(); n > 0; n--) await notes.first().click();
    // Each open note shows all of itself, so what its fold hid is measured too.
    await settle(page);
    const more = page.getByRole('button', { name: 'Show more' });
    for (let n = await more.count(); n > 0; n--) await more.first().click();
    await check(page, testInfo, `${who} today ${day}`);
  }
  await page.getByRole('button', { name: 'Back to today' }).click();
}

/** The homework list, and every homework's detail, with its description expanded. */
async function walkHomework(page: Page, testInfo: TestInfo, who: string): Promise<void> {
  await openTab(page, 'Homework');
  await check(page, testInfo, `${who} homework`);
  const items = page.locator('button.item');
  const count = await items.count();
  expect(count, 'the dataset has homework to show').toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await items.nth(i).click();
    await page.getByRole('region', { name: 'Description' }).or(page.getByText('No description.')).waitFor();
    const more = page.getByRole('button', { name: 'Show more' });
    if (await more.isVisible()) await more.click();
    await check(page, testInfo, `${who} homework ${i + 1}`);
    await page.getByRole('button', { name: 'Homework', exact: true }).click();
    await items.first().waitFor();
  }
}

/** Each section of More, with every announcement open, and Settings. */
async function walkMoreAndSettings(page: Page, testInfo: TestInfo, who: string): Promise<void> {
  await openTab(page, 'More');
  for (const section of ['Behaviour', 'Detentions', 'Badges', 'Announcements']) {
    await page.getByRole('button', { name: section, exact: true }).click();
    await settle(page);
    if (section === 'Announcements') {
      const closed = page.locator('details.announcement:not([open]) summary');
      for (let n = await closed.count(); n > 0; n--) await closed.first().click();
    }
    await check(page, testInfo, `${who} more ${section.toLowerCase()}`);
  }
  await openTab(page, 'Settings');
  await page.getByText(/Signed in as/).waitFor();
  await check(page, testInfo, `${who} settings`);
}

contentTest.describe('school content', () => {
  // Every view of an account, each measured and photographed: longer than the other popover tests.
  contentTest.describe.configure({ timeout: 600_000 });

  contentTest(
    'student: every view of long and hostile school content fits the popover, in order',
    async ({ page, preview, view }, testInfo) => {
      const ran = await watchForScripts(page);
      await signInStudent(page, preview.fake!.accounts.student);
      // The pupil's name is cut to one line in the header; pointing at it shows the whole (as shown) name.
      const header = page.locator('header h1');
      await header.hover();
      const name = fakePupil(preview, preview.fake!.accounts.student.pupilId).pupil.name;
      await expect(header).toHaveAttribute('title', shownText(name, NAME_MAX).trim());
      await view('content-today');
      await walkToday(page, testInfo, 'student');
      await walkHomework(page, testInfo, 'student');
      await page.locator('button.item').first().click();
      await view('content-homework-detail');
      await page.getByRole('button', { name: 'Homework', exact: true }).click();
      await walkMoreAndSettings(page, testInfo, 'student');
      await openTab(page, 'More');
      await view('content-more-announcements');
      expect(ran, 'no script of the content ran and the page never crashed').toEqual([]);
    },
  );

  contentTest(
    'parent: every view of every pupil, and the switcher, fit the popover, in order',
    async ({ page, preview, view }, testInfo) => {
      const ran = await watchForScripts(page);
      await signInParent(page, preview.fake!.accounts.parent);
      const switcher = page.getByRole('group', { name: /^Pupil/ });
      await expect(switcher.getByRole('button')).toHaveCount(preview.fake!.accounts.parent.pupilIds.length);
      await view('content-parent-switcher');
      for (const [index, pupil] of (await switcher.getByRole('button').all()).entries()) {
        await pupil.click();
        await expect(pupil).toHaveAttribute('aria-pressed', 'true');
        await openTab(page, 'Today');
        await walkToday(page, testInfo, `pupil ${index + 1}`);
        await walkHomework(page, testInfo, `pupil ${index + 1}`);
        await walkMoreAndSettings(page, testInfo, `pupil ${index + 1}`);
      }
      expect(ran, 'no script of the content ran and the page never crashed').toEqual([]);
    },
  );
});

test('the content checks find a view wider than the popover and a field that reorders its line', async ({
  page,
}) => {
  // The checks themselves, on pages built to fail them: an unbreakable line; an override left open in a
  // field, in the same element as the text after it (and so reversing it); digits after a Hebrew field.
  const field = 'Maths \u202Eset 2';
  const hebrew = 'מתמטיקה 101';
  await page.setContent(`<pre>${'Unbreakable '.repeat(60)}</pre>`);
  expect((await overflows(page)).join('\n')).toMatch(/the document|pre "Unbreakable/);
  for (const leaking of [
    `<p><span>${field} · Room 14</span></p>`,
    `<p><span>${field}</span> <span>Room 14</span> <span>Mr Smith</span></p>`,
    `<p><span>${hebrew} · 10:45–11:05</span></p>`,
  ]) {
    await page.setContent(leaking);
    expect(await bidiLeaks(page, [field, hebrew]), leaking).not.toEqual([]);
  }
  await page.setContent(
    `<p><bdi>${field}</bdi> · Room 14</p><p><bdi>${hebrew}</bdi> · 10:45–11:05</p><p>Fits</p>`,
  );
  expect(await overflows(page)).toEqual([]);
  expect(await bidiLeaks(page, [field, hebrew])).toEqual([]);
});
