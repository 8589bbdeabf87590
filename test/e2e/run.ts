/**
 * `npm run test:e2e`: the whole popover in Debian Chromium against `preview` (test/preview/) — the real
 * core (createApp) and the fake ClassCharts server — on Monday 23 November 2026 at 10:15 London time.
 * Builds the renderer first, prints its gzip size, saves screenshots of every view in light and dark under
 * test-results/screenshots/, and ends with `e2e: N passed, N failed` (exit code 1 on any failure).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RawHomework } from '../fake-classcharts/index';
import { buildRenderer, measureBundle } from '../preview/build';
import { DEFAULT_RENDERER_DIR } from '../preview/server';
import { chunksToPreload, PREVIEW_BRIDGE_MODULES } from '../preview/static-files';
import { runAll, test, type Popover } from './harness';
import {
  assertAccessible,
  dayHeading,
  lessonList,
  lessonSubjects,
  MONDAY_MORNING,
  openTab,
  signInParent,
  signInStudent,
  waitForToday,
} from './popover-page';

const monday = { now: MONDAY_MORNING };

/** Lessons are shown, and one is current (10:15 falls inside a lesson in the fake timetable). */
async function assertTodayShown({ page }: Popover): Promise<void> {
  assert.match(await dayHeading(page), /Today Monday 23 November/);
  const subjects = await lessonSubjects(page);
  assert.ok(subjects.length >= 4, `lessons shown: ${subjects.join(', ')}`);
  await lessonList(page).locator('li[aria-current="time"]').first().waitFor();
}

test('student signs in and sees today, homework and a homework detail', async (open) => {
  const popover = await open({ preview: monday });
  const { page, preview } = popover;
  await page.getByRole('heading', { name: 'Sign in to ClassCharts' }).waitFor();
  await signInStudent(page, preview.fake!.accounts.student);
  await assertTodayShown(popover);
  assert.equal(
    await page.getByRole('group', { name: /^Pupil/ }).count(),
    0,
    'no pupil switcher for a student',
  );

  await openTab(page, 'Homework');
  const firstItem = page.locator('main section li button').first();
  const title = (await firstItem.locator('.hw-title').innerText()).trim();
  assert.ok((await page.getByRole('heading', { level: 2 }).count()) >= 1, 'homework groups shown');
  await firstItem.click();
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
  assert.equal(
    await page.evaluate(() => document.activeElement?.id),
    'hw-title',
    'focus moves to the homework title',
  );
  await page.keyboard.press('Escape');
  await page.locator('main section li button').first().waitFor();
});

test('parent signs in and switches pupils with the switcher and number keys', async (open) => {
  const popover = await open({ preview: monday });
  const { page, preview } = popover;
  await signInParent(page, preview.fake!.accounts.parent);
  await assertTodayShown(popover);
  const switcher = page.getByRole('group', { name: /^Pupil/ });
  const pupils = switcher.getByRole('button');
  assert.equal(await pupils.count(), 2);
  assert.equal(await pupils.nth(0).getAttribute('aria-pressed'), 'true');
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
  assert.equal(await pupils.nth(1).getAttribute('aria-pressed'), 'true');
  const second = await lessonSubjects(page);
  assert.notDeepEqual(second, first, 'the sibling has a different timetable');

  await pupils.nth(0).click();
  await page.waitForFunction(
    (before) =>
      JSON.stringify(
        [...document.querySelectorAll('ol[aria-label^="Lessons"] li .subject')].map((e) => e.textContent),
      ) === JSON.stringify(before),
    first,
  );
});

test('moves between days with buttons and arrow keys', async (open) => {
  const popover = await open({ preview: monday });
  const { page, preview } = popover;
  await signInStudent(page, preview.fake!.accounts.student);
  await page.getByRole('button', { name: 'Next day' }).click();
  await page.waitForFunction(() =>
    document.querySelector('#day-heading')?.textContent?.includes('Tuesday 24 November'),
  );
  assert.match(await dayHeading(page), /^Tomorrow/);
  await lessonList(page).waitFor();
  assert.ok((await lessonSubjects(page)).length >= 4, 'Tuesday has lessons');

  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await page.getByText("No lessons — it's the weekend.").waitFor();
  assert.match(await dayHeading(page), /Saturday 28 November/);

  await page.keyboard.press('Home');
  await page.waitForFunction(() =>
    document.querySelector('#day-heading')?.textContent?.includes('Monday 23 November'),
  );
  await page.keyboard.press('ArrowLeft');
  await page.getByText("No lessons — it's the weekend.").waitFor();
  await page.getByRole('button', { name: 'Back to today' }).click();
  await assertTodayShown(popover);
});

test('a reopened popover shows the lessons from its first frame, its bridge code preloaded', async (open) => {
  const popover = await open({ preview: monday });
  const { preview } = popover;
  await signInStudent(popover.page, preview.fake!.accounts.student);
  const sent: string[] = [];
  popover.context.on('page', (page) =>
    page.on('websocket', (socket) => socket.on('framesent', (frame) => sent.push(String(frame.payload)))),
  );
  const page = await popover.reopen();
  await assertTodayShown(popover);

  const html = await (await fetch(preview.url)).text();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((name) => name.endsWith('.js')),
  );
  const late = scripts.filter((name) => !html.includes(`.${name}"`) && !/\/sanitize-/.test(name));
  assert.deepEqual(late, [], 'every script but the sanitizer is named in the page (entry or modulepreload)');
  assert.ok(
    scripts.some((name) => /\/ws-transport-/.test(name)),
    `the bridge was loaded: ${scripts.join(', ')}`,
  );
  const asked = sent.map((frame) => (JSON.parse(frame) as { channel?: string }).channel);
  assert.ok(!asked.includes('state:get'), `the state came with the hello frame; sent: ${asked.join(', ')}`);
});

test('the page Electron loads names no preview chunk', async () => {
  const html = readFileSync(path.join(DEFAULT_RENDERER_DIR, 'index.html'), 'utf8');
  const manifest = readFileSync(path.join(DEFAULT_RENDERER_DIR, '.vite/manifest.json'), 'utf8');
  const previewOnly = chunksToPreload(manifest, PREVIEW_BRIDGE_MODULES);
  assert.ok(previewOnly.length >= 1, `preview chunks: ${previewOnly.join(', ')}`);
  for (const file of previewOnly) assert.ok(!html.includes(file), `${file} is not in the built index.html`);
  const firstLoad = measureBundle().firstLoad.files;
  for (const file of previewOnly)
    assert.ok(!firstLoad.includes(path.basename(file)), `${file} not loaded first`);
});

test('a changed setting is kept after reopening the popover', async (open) => {
  const popover = await open({ preview: monday });
  const { preview } = popover;
  let page = popover.page;
  await signInStudent(page, preview.fake!.accounts.student);
  await openTab(page, 'Settings');
  await page.getByRole('checkbox', { name: 'Badges' }).uncheck();
  await page.getByRole('status').getByText('Saved.').waitFor();
  await page.getByRole('combobox', { name: 'Check for updates every' }).selectOption('30');
  await page.getByRole('status').getByText('Saved.').waitFor();
  await page.getByRole('checkbox', { name: /quiet hours/ }).check();
  await page.getByLabel('From').fill('20:30');
  await page.getByLabel('From').blur();
  await page.waitForFunction(() =>
    document.querySelector('[role="status"]')?.textContent?.includes('Saved.'),
  );

  page = await popover.reopen();
  await waitForToday(page);
  await openTab(page, 'Settings');
  assert.equal(await page.getByRole('checkbox', { name: 'Badges' }).isChecked(), false);
  assert.equal(await page.getByRole('combobox', { name: 'Check for updates every' }).inputValue(), '30');
  assert.equal(await page.getByLabel('From').inputValue(), '20:30');
  const kept = preview.app.state().settings;
  assert.equal(kept.notifications.kinds.badge, false);
  assert.equal(kept.refreshIntervalMinutes, 30);
  assert.deepEqual(kept.notifications.quietHours, { enabled: true, start: '20:30', end: '07:00' });
});

test('an expired session recovers without the user noticing', async (open) => {
  const popover = await open({ preview: monday });
  const { page, preview } = popover;
  const fake = preview.fake!;
  await signInStudent(page, fake.accounts.student);
  const mark = fake.requests.length;

  fake.expireSessions();
  await page.getByRole('button', { name: 'Next day' }).click();
  await page.waitForFunction(() => document.querySelector('#day-heading')?.textContent?.includes('Tuesday'));
  await lessonList(page).waitFor();
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await preview.app.whenIdle();

  const after = fake.requests.slice(mark).map((r) => `${r.method} ${r.path}`);
  assert.ok(
    after.some((r) => r === 'POST /student/login'),
    `the core signed in again after the expiry: ${after.join(', ')}`,
  );
  assert.ok(
    after.some((r) => r.startsWith('GET /apiv2student/timetable/')),
    'and fetched the next day',
  );
  assert.equal(preview.app.state().auth, 'signed-in');
  assert.equal(await page.getByRole('alert').count(), 0, 'no alert shown');
  assert.equal(await page.getByRole('status').count(), 0, 'no stale or offline banner');
  assert.equal(await page.getByRole('heading', { name: 'Sign in to ClassCharts' }).count(), 0);
  assert.ok((await lessonSubjects(page)).length >= 4);
});

test('with the service down the last data stays, with a banner, and comes back', async (open) => {
  const popover = await open({ preview: monday });
  const { page, preview } = popover;
  const fake = preview.fake!;
  await signInStudent(page, fake.accounts.student);
  const before = await lessonSubjects(page);

  await fake.down();
  await page.getByRole('button', { name: 'Refresh now' }).click();
  const banner = page.getByRole('status').filter({ hasText: /Offline|out of date/ });
  await banner.waitFor();
  assert.match(await banner.innerText(), /showing data from 10:1\d/);
  assert.deepEqual(await lessonSubjects(page), before, 'the last lessons are still shown');
  await popover.screenshot('offline-banner');

  await fake.up();
  await banner.getByRole('button', { name: 'Retry' }).click();
  await banner.waitFor({ state: 'detached' });
  assert.equal(preview.app.state().freshness.stale, false);
});

test('a homework description with scripts and event handlers runs nothing', async (open) => {
  const popover = await open({ preview: monday });
  const { page, preview } = popover;
  const fake = preview.fake!;
  const pupil = fake.dataset.pupils.find((p) => p.pupil.id === fake.accounts.student.pupilId)!;
  const homework: RawHomework = pupil.homeworks[0]!;
  homework.title = 'Injected homework';
  homework.due_date = '2026-11-24';
  homework.status = { ...homework.status, state: 'not_completed', ticked: 'no' };
  homework.description =
    '<p>Read this.</p><script>window.__xss = "script"</script>' +
    '<img src="/x.png" onerror="window.__xss = \'img\'">' +
    '<p id="hover" onmouseover="window.__xss = \'hover\'">Hover me</p>' +
    '<a href="javascript:window.__xss = \'link\'">Click me</a>' +
    '<svg onload="window.__xss = \'svg\'"></svg>' +
    '<iframe src="https://example.org/"></iframe>' +
    '<form action="https://example.org/"><button>Send</button></form>' +
    '<a href="https://example.org/safe">A safe link</a>';

  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await signInStudent(page, fake.accounts.student);
  await openTab(page, 'Homework');
  await page.getByRole('button', { name: /Injected homework/ }).click();
  const description = page.getByRole('region', { name: 'Description' });
  await description.waitFor();
  await description.getByText('Hover me').hover();
  await description.getByText('Click me').click();
  await description.getByText('A safe link').click();
  await page.getByText('Image').first().waitFor();

  assert.equal(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss), undefined);
  const html = await description.innerHTML();
  assert.doesNotMatch(html, /<script|onerror|onmouseover|onload|javascript:|<iframe|<form|<svg|<img/i);
  assert.equal(page.url(), preview.url, 'the popover never navigated');
  assert.ok(!requested.includes('/x.png'), 'the image was never requested');
  assert.deepEqual(preview.opened, ['https://example.org/safe'], 'only the safe link went to the browser');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`every view is accessible and photographed (${scheme})`, async (open) => {
    const popover = await open({ preview: monday, colorScheme: scheme });
    const { page } = popover;
    const minor: string[] = [];
    const check = async (name: string) => {
      await popover.screenshot(name);
      const found = await assertAccessible(page, `${name} (${scheme})`);
      minor.push(...found.map((v) => `${name}: ${v.id} (${v.impact})`));
    };

    await page.getByRole('heading', { name: 'Sign in to ClassCharts' }).waitFor();
    await check('sign-in');
    await page.getByLabel('Access code').fill('WRONG');
    await page.getByLabel('Date of birth').fill('31/02/2012');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('#dob-error').waitFor();
    await check('sign-in-errors');

    await page.getByRole('button', { name: 'Use demo parent' }).click();
    await waitForToday(page);
    await assertTodayShown(popover);
    await check('today');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() =>
      document.querySelector('#day-heading')?.textContent?.includes('Tomorrow'),
    );
    await lessonList(page).waitFor();
    await check('today-tomorrow');
    // The fake's one lesson note: Monday 30 November (week 2 of the demo student's cycle), P1 Science.
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() =>
      document.querySelector('#day-heading')?.textContent?.includes('Monday 30 November'),
    );
    const noteButton = page.getByRole('button', { name: 'Note for Science' });
    await noteButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Note for Science' }).getByText('calculator').waitFor();
    assert.equal(await noteButton.getAttribute('aria-expanded'), 'true');
    assert.equal(await page.getByRole('button', { name: /^Note for/ }).count(), 1, 'one lesson has a note');
    await check('today-note');
    await page.keyboard.press('Space');
    await page.getByRole('region', { name: 'Note for Science' }).waitFor({ state: 'detached' });
    assert.equal(await noteButton.getAttribute('aria-expanded'), 'false');
    await page.keyboard.press('Home');
    await page.waitForFunction(() =>
      document.querySelector('#day-heading')?.textContent?.includes('Monday 23 November'),
    );
    await page.keyboard.press('2');
    await page
      .getByRole('group', { name: /^Pupil/ })
      .locator('button[aria-pressed="true"]')
      .waitFor();
    await page.keyboard.press('Home');
    await waitForToday(page);
    await check('today-second-pupil');
    await page.keyboard.press('1');

    await openTab(page, 'Homework');
    await page.locator('main section li button').first().waitFor();
    await check('homework');
    await page.locator('main section li button').first().click();
    await page.locator('#hw-title').waitFor();
    await check('homework-detail');

    await openTab(page, 'More');
    for (const section of ['Behaviour', 'Detentions', 'Badges', 'Announcements']) {
      await page.getByRole('group', { name: 'Records' }).getByRole('button', { name: section }).click();
      await page.locator(`section[aria-label="${section}"][aria-busy="false"]`).waitFor();
      if (section === 'Announcements') {
        const first = page.locator('details summary').first();
        if ((await first.count()) > 0) await first.click();
      }
      await check(`more-${section.toLowerCase()}`);
    }

    await openTab(page, 'Settings');
    await page.getByRole('form', { name: 'Settings' }).waitFor();
    await check('settings');
    await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    await popover.screenshot('settings-bottom');

    if (minor.length > 0) console.log(`    axe (minor/moderate, ${scheme}): ${minor.join('; ')}`);
  });
}

const started = Date.now();
await buildRenderer({ quiet: true });
const size = measureBundle();
console.log(
  `renderer: ${(size.firstLoad.gzip / 1024).toFixed(1)} KB gzip JS+CSS on first load, ${(size.gzip / 1024).toFixed(1)} KB in all (${size.files
    .map((f) => `${f.name} ${(f.gzip / 1024).toFixed(1)}`)
    .join(', ')})`,
);
const code = await runAll();
console.log(`e2e finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(code);
