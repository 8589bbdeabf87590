/**
 * A student's popover in Chromium against the preview (the real core and the fake ClassCharts server) on
 * Monday 23 November 2026 at 10:15 London time: signing in, today and the homework list, moving between
 * days, reopening, settings that last, an expired session and the service going down.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { homeworkGroupTitle } from '../../../renderer/lib/format';
import { titleWithoutSubject } from '../../../renderer/lib/glance';
import { expect, test } from '../fixtures';
import {
  dayHeading,
  expectTodayShown,
  fakePupil,
  lessonList,
  lessonSubjects,
  openTab,
  signInStudent,
  waitForDay,
  waitForToday,
} from '../popover-page';
import { DEFAULT_RENDERER_DIR } from '../../../dev/preview/server';
import { chunksToPreload, MANIFEST } from '../../../dev/preview/static-files';

/** The modules main.ts warms once the popover is idle (renderer-relative, as Vite's manifest names them). */
const WARMED_LATER = [
  'views/SignIn.svelte',
  'views/Homework.svelte',
  'views/HomeworkDetail.svelte',
  'views/More.svelte',
  'views/Settings.svelte',
  'views/WeekView.svelte',
  'views/Notifications.svelte',
  'components/FamilySwitcher.svelte',
  'components/SanitizedHtml.svelte',
  'components/TickBox.svelte',
  'components/SavedFileBanner.svelte',
];

test('student signs in and sees today, homework and a homework detail', async ({ page, preview }) => {
  await page.getByRole('heading', { name: 'Sign in to ClassCharts' }).waitFor();
  await signInStudent(page, preview.fake!.accounts.student);
  await expectTodayShown(page);
  expect(await page.getByRole('group', { name: /^Pupil/ }).count(), 'no pupil switcher for a student').toBe(
    0,
  );

  await openTab(page, 'Homework');
  // The groups main made, in its order, with their counts (the wording is the component tests' business),
  // and a homework of the fake's due today, in "Due today".
  const groups = preview.app.state().homework.filter((g) => g.items.length > 0);
  expect(
    groups.length,
    `homework groups in the core: ${groups.map((g) => g.key).join(', ')}`,
  ).toBeGreaterThanOrEqual(3);
  await page
    .getByRole('heading', {
      level: 2,
      name: `${homeworkGroupTitle(groups[0]!.key)} (${groups[0]!.items.length})`,
    })
    .waitFor();
  expect(
    (await page.getByRole('heading', { level: 2 }).allTextContents()).map((t) =>
      t.replace(/\s+/g, ' ').trim(),
    ),
  ).toEqual(groups.map((g) => `${homeworkGroupTitle(g.key)} (${g.items.length})`));
  const dueToday = fakePupil(preview, preview.fake!.accounts.student.pupilId).homeworks.find(
    (h) => h.due_date === '2026-11-23' && h.status.state !== 'completed',
  );
  expect(dueToday, 'the fake has homework due on Monday 23 November').toBeTruthy();
  // Shown without the subject its title repeats ("Mathematics: Pythagoras" under Mathematics).
  await page
    .getByRole('region', { name: /^Due today/ })
    .getByText(titleWithoutSubject(dueToday!.title, dueToday!.subject), { exact: true })
    .waitFor();

  const firstItem = page.locator('main section li button').first();
  const title = (await firstItem.locator('.hw-title').innerText()).trim();
  await firstItem.click();
  await page.getByRole('heading', { level: 2, name: new RegExp(`${title}$`) }).waitFor();
  expect(await page.evaluate(() => document.activeElement?.id), 'focus moves to the homework title').toBe(
    'hw-title',
  );
  await page.keyboard.press('Escape');
  await page.locator('main section li button').first().waitFor();

  // Back from a homework far down the list: the same place, focus on that homework (Back and Escape).
  const main = page.locator('main');
  for (const close of ['Back', 'Escape'] as const) {
    const item = page.locator('main section li button').nth(close === 'Back' ? -1 : -2);
    await item.scrollIntoViewIfNeeded();
    const scrolled = await main.evaluate((m) => m.scrollTop);
    expect(scrolled, 'the list is scrolled').toBeGreaterThan(0);
    const id = await item.getAttribute('data-homework-id');
    await item.click();
    await page.locator('#hw-title').waitFor();
    if (close === 'Back') await page.getByRole('button', { name: 'Homework', exact: true }).click();
    else await page.keyboard.press('Escape');
    await item.waitFor();
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('data-homework-id')),
      `${close}: focus on the homework that was open`,
    ).toBe(id);
    expect(await main.evaluate((m) => m.scrollTop), `${close}: the list where it was`).toBe(scrolled);
  }
});

test('moves between days with buttons and arrow keys', async ({ page, preview }) => {
  await signInStudent(page, preview.fake!.accounts.student);
  // Two clicks in the same spot go two days ahead: Next does not move when "Today" appears.
  const next = await page.getByRole('button', { name: 'Next day' }).boundingBox();
  expect(next).toBeTruthy();
  await page.mouse.click(next!.x + next!.width / 2, next!.y + next!.height / 2);
  await waitForDay(page, 'Tuesday 24 November');
  expect(await dayHeading(page)).toMatch(/^Tomorrow/);
  await lessonList(page).waitFor();
  expect((await lessonSubjects(page)).length, 'Tuesday has lessons').toBeGreaterThanOrEqual(4);
  await page.getByRole('button', { name: 'Back to today' }).waitFor();
  expect(await page.getByRole('button', { name: 'Next day' }).boundingBox(), 'Next stayed put').toEqual(next);
  await page.mouse.click(next!.x + next!.width / 2, next!.y + next!.height / 2);
  await waitForDay(page, 'Wednesday 25 November');
  expect(await dayHeading(page)).toMatch(/^In 2 days/);
  await page.keyboard.press('ArrowLeft');
  await waitForDay(page, 'Tuesday 24 November');

  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await page.getByText("No lessons — it's the weekend.").waitFor();
  expect(await dayHeading(page)).toMatch(/Saturday 28 November/);

  await page.keyboard.press('Home');
  await waitForDay(page, 'Monday 23 November');
  await page.keyboard.press('ArrowLeft');
  await page.getByText("No lessons — it's the weekend.").waitFor();
  await page.getByRole('button', { name: 'Back to today' }).click();
  await expectTodayShown(page);
});

test('a reopened popover shows the lessons from its first frame, its bridge code preloaded', async ({
  page: first,
  preview,
  context,
  reopen,
}) => {
  await signInStudent(first, preview.fake!.accounts.student);
  const sent: string[] = [];
  context.on('page', (page) =>
    page.on('websocket', (socket) => socket.on('framesent', (frame) => sent.push(String(frame.payload)))),
  );
  const page = await reopen(first);
  await expectTodayShown(page);

  const html = await (await fetch(preview.url)).text();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((name) => name.endsWith('.js')),
  );
  // The on-demand chunks warmed when the popover is idle (the views in chunks of their own, the
  // sanitized-HTML component with DOMPurify and the links' judgement, the homework tick) may come later.
  const manifest = readFileSync(path.join(DEFAULT_RENDERER_DIR, MANIFEST), 'utf8');
  const warmedLater = chunksToPreload(manifest, WARMED_LATER).map((file) => `/${file}`);
  const late = scripts.filter((name) => !html.includes(`.${name}"`) && !warmedLater.includes(name));
  expect(late, 'every other script is named in the page (entry or modulepreload)').toEqual([]);
  expect(
    scripts.some((name) => /\/ws-transport-/.test(name)),
    `the bridge was loaded: ${scripts.join(', ')}`,
  ).toBe(true);
  const asked = sent.map((frame) => (JSON.parse(frame) as { channel?: string }).channel);
  expect(asked, `the state came with the hello frame; sent: ${asked.join(', ')}`).not.toContain('state:get');
});

test('a changed setting is kept after reopening the popover', async ({ page: first, preview, reopen }) => {
  await signInStudent(first, preview.fake!.accounts.student);
  await openTab(first, 'Settings');
  await first.getByRole('checkbox', { name: 'Badges' }).uncheck();
  await first.getByRole('status').getByText('Saved.').waitFor();
  await first.getByRole('combobox', { name: 'Refresh school data every' }).selectOption('30');
  await first.getByRole('status').getByText('Saved.').waitFor();
  await first.getByRole('checkbox', { name: /quiet hours/ }).check();
  await first.getByLabel('From').selectOption('20:30');
  await first.waitForFunction(() =>
    document.querySelector('[role="status"]')?.textContent?.includes('Saved.'),
  );

  const page = await reopen(first);
  await waitForToday(page);
  await openTab(page, 'Settings');
  expect(await page.getByRole('checkbox', { name: 'Badges' }).isChecked()).toBe(false);
  expect(await page.getByRole('combobox', { name: 'Refresh school data every' }).inputValue()).toBe('30');
  expect(await page.getByLabel('From').inputValue()).toBe('20:30');
  const kept = preview.app.state().settings;
  expect(kept.notifications.kinds.badge).toBe(false);
  expect(kept.refreshIntervalMinutes).toBe(30);
  expect(kept.notifications.quietHours).toEqual({ enabled: true, start: '20:30', end: '07:00' });
});

test('an expired session recovers without the user noticing', async ({ page, preview }) => {
  const fake = preview.fake!;
  await signInStudent(page, fake.accounts.student);
  const mark = fake.requests.length;

  fake.expireSessions();
  // Wednesday: not the next school day, which the app already knows, so it is fetched.
  await page.getByRole('button', { name: 'Next day' }).click();
  await page.getByRole('button', { name: 'Next day' }).click();
  await waitForDay(page, 'Wednesday');
  await lessonList(page).waitFor();
  await page.getByRole('button', { name: 'Refresh now' }).click();
  // The click reaches main over the page's socket: wait for the refresh it starts, then for its end.
  await expect.poll(() => preview.app.state().freshness.refreshing || fake.requests.length > mark).toBe(true);
  await preview.app.whenIdle();

  const after = fake.requests.slice(mark).map((r) => `${r.method} ${r.path}`);
  expect(after, `the core signed in again after the expiry: ${after.join(', ')}`).toContain(
    'POST /student/login',
  );
  expect(
    after.some((r) => r.startsWith('GET /apiv2student/timetable/')),
    'and fetched the next day',
  ).toBe(true);
  expect(preview.app.state().auth).toBe('signed-in');
  expect(await page.getByRole('alert').count(), 'no alert shown').toBe(0);
  expect(await page.getByRole('status').count(), 'no stale or offline banner').toBe(0);
  expect(await page.getByRole('heading', { name: 'Sign in to ClassCharts' }).count()).toBe(0);
  expect((await lessonSubjects(page)).length).toBeGreaterThanOrEqual(4);
});

test('with the service down the last data stays, with a banner, and comes back', async ({
  page,
  preview,
}) => {
  const fake = preview.fake!;
  await signInStudent(page, fake.accounts.student);
  const before = await lessonSubjects(page);

  await fake.down();
  await page.getByRole('button', { name: 'Refresh now' }).click();
  const banner = page.getByRole('status').filter({ hasText: /Offline|out of date/ });
  await banner.waitFor();
  expect(await banner.innerText()).toMatch(/\nShowing data from 10:1\d\.$/m);
  expect(await lessonSubjects(page), 'the last lessons are still shown').toEqual(before);

  await fake.up();
  await banner.getByRole('button', { name: 'Retry' }).click();
  await banner.waitFor({ state: 'detached' });
  expect(preview.app.state().freshness.stale).toBe(false);
});

test('Sign out asks first, in the popover; Escape keeps the sign-in; the tray menu opens the same question', async ({
  page,
  preview,
  view,
}) => {
  await signInStudent(page, preview.fake!.accounts.student);
  await openTab(page, 'Settings');
  await page.getByRole('button', { name: 'Sign out' }).click();
  const question = page.getByRole('group', { name: 'Sign out? A saved sign-in is forgotten too.' });
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(question).toBeInViewport();
  await view('settings-sign-out-question');
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeFocused();
  expect(preview.app.state().auth).toBe('signed-in');

  // The tray menu's Sign out (main/index.ts): main shows the popover and sends it to the question.
  await openTab(page, 'Today');
  preview.app.navigate({ view: 'settings', confirmSignOut: true });
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await question.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to ClassCharts' }).waitFor();
  expect(preview.app.state().auth).toBe('signed-out');
});
