/**
 * `npm run test:e2e`: the whole popover in Debian Chromium against `preview` (test/preview/) — the real
 * core (createApp) and the fake ClassCharts server — on Monday 23 November 2026 at 10:15 London time.
 * Builds the renderer first, prints its gzip size, saves screenshots of every view in light and dark under
 * test-results/screenshots/, checks that the run left nothing in its temp folder (TMPDIR, fresh for the run:
 * scripts/run-temp-folder.ts), and ends with `e2e: N passed, N failed` (exit code 1 on any failure).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { homeworkGroupTitle } from '../../renderer/lib/format';
import type { FakePupilData, RawHomework } from '../fake-classcharts/index';
import { runTempFolder, TEMP_CHECK } from '../../scripts/run-temp-folder';
import { buildRenderer, measureBundle } from '../preview/build';
import { DEFAULT_RENDERER_DIR, type Preview } from '../preview/server';
import { chunksToPreload, PREVIEW_BRIDGE_MODULES } from '../preview/static-files';
import type { Locator } from 'playwright-core';
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

/** The fake's data of one pupil (raw, as ClassCharts would send it). */
function fakePupil(preview: Preview, pupilId: number): FakePupilData {
  const pupil = preview.fake!.dataset.pupils.find((p) => p.pupil.id === pupilId);
  assert.ok(pupil, `the fake has pupil ${pupilId}`);
  return pupil;
}

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
  // The groups main made, in its order, with their counts (the wording is the component tests' business),
  // and a homework of the fake's due today, in "Due today".
  const groups = preview.app.state().homework.filter((g) => g.items.length > 0);
  assert.ok(groups.length >= 3, `homework groups in the core: ${groups.map((g) => g.key).join(', ')}`);
  await page.getByRole('heading', { level: 2, name: /^Overdue/ }).waitFor();
  assert.deepEqual(
    (await page.getByRole('heading', { level: 2 }).allTextContents()).map((t) =>
      t.replace(/\s+/g, ' ').trim(),
    ),
    groups.map((g) => `${homeworkGroupTitle(g.key)} (${g.items.length})`),
  );
  const dueToday = fakePupil(preview, preview.fake!.accounts.student.pupilId).homeworks.find(
    (h) => h.due_date === '2026-11-23' && h.status.state !== 'completed',
  );
  assert.ok(dueToday, 'the fake has homework due on Monday 23 November');
  await page
    .getByRole('region', { name: /^Due today/ })
    .getByText(dueToday.title, { exact: true })
    .waitFor();

  const firstItem = page.locator('main section li button').first();
  const title = (await firstItem.locator('.hw-title').innerText()).trim();
  await firstItem.click();
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
  assert.equal(
    await page.evaluate(() => document.activeElement?.id),
    'hw-title',
    'focus moves to the homework title',
  );
  await page.keyboard.press('Escape');
  await page.locator('main section li button').first().waitFor();

  // Back from a homework far down the list: the same place, focus on that homework (Back and Escape).
  const main = page.locator('main');
  for (const close of ['Back', 'Escape'] as const) {
    const item = page.locator('main section li button').nth(close === 'Back' ? -1 : -2);
    await item.scrollIntoViewIfNeeded();
    const scrolled = await main.evaluate((m) => m.scrollTop);
    assert.ok(scrolled > 0, 'the list is scrolled');
    const id = await item.getAttribute('data-homework-id');
    await item.click();
    await page.locator('#hw-title').waitFor();
    if (close === 'Back') await page.getByRole('button', { name: 'Homework', exact: true }).click();
    else await page.keyboard.press('Escape');
    await item.waitFor();
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-homework-id')),
      id,
      `${close}: focus on the homework that was open`,
    );
    assert.equal(await main.evaluate((m) => m.scrollTop), scrolled, `${close}: the list where it was`);
  }
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

test("three pupils' names and homework counts fit one row of the switcher, in words", async (open) => {
  const popover = await open({ preview: monday });
  const { page, preview } = popover;
  const fake = preview.fake!;
  // A third child: the sibling's data under another id and a longer name.
  const parent = fake.dataset.parents[0]!;
  const third = structuredClone(fakePupil(preview, parent.pupilIds[1]!));
  third.pupil = { ...third.pupil, id: 4102999, first_name: 'Isabella', name: 'Isabella Hughes' };
  fake.dataset.pupils.push(third);
  parent.pupilIds.push(third.pupil.id);

  await signInParent(page, fake.accounts.parent);
  const pupils = page.getByRole('group', { name: /^Pupil/ }).getByRole('button');
  assert.equal(await pupils.count(), 3);
  // Written in words under each name, read out as one phrase (the dot is not read).
  for (const [i, pupil] of preview.app.state().pupils.entries()) {
    const parts = [
      ...(pupil.homeworkOverdue > 0 ? [`${pupil.homeworkOverdue} overdue`] : []),
      ...(pupil.homeworkDue > 0 ? [`${pupil.homeworkDue} due`] : []),
    ];
    assert.ok(parts.length > 0, `${pupil.firstName} has homework in the fake`);
    assert.deepEqual(await pupils.nth(i).locator('.counts > span').allInnerTexts(), parts);
    assert.deepEqual(
      await pupils
        .nth(i)
        .locator('.counts > span + span')
        .evaluateAll((spans) => spans.map((span) => getComputedStyle(span, '::before').content)),
      parts.length > 1 ? ['"\u00a0·\u00a0"'] : [],
      'a dot between the counts',
    );
    const name = `${pupil.firstName} Homework: ${parts.join(' and ')}`;
    assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, name);
  }
  const boxes = await Promise.all([0, 1, 2].map((i) => pupils.nth(i).boundingBox()));
  assert.ok(
    boxes.every((b) => b && b.y === boxes[0]!.y),
    'one row',
  );
  assert.ok(boxes[2]!.x + boxes[2]!.width <= 380 - 8, `inside the popover: ${JSON.stringify(boxes[2])}`);
  await popover.screenshot('pupil-switcher-three');
});

test('moves between days with buttons and arrow keys', async (open) => {
  const popover = await open({ preview: monday });
  const { page, preview } = popover;
  await signInStudent(page, preview.fake!.accounts.student);
  // Two clicks in the same spot go two days ahead: Next does not move when "Today" appears.
  const next = await page.getByRole('button', { name: 'Next day' }).boundingBox();
  assert.ok(next);
  await page.mouse.click(next.x + next.width / 2, next.y + next.height / 2);
  await page.waitForFunction(() =>
    document.querySelector('#day-heading')?.textContent?.includes('Tuesday 24 November'),
  );
  assert.match(await dayHeading(page), /^Tomorrow/);
  await lessonList(page).waitFor();
  assert.ok((await lessonSubjects(page)).length >= 4, 'Tuesday has lessons');
  await page.getByRole('button', { name: 'Back to today' }).waitFor();
  assert.deepEqual(
    await page.getByRole('button', { name: 'Next day' }).boundingBox(),
    next,
    'Next stayed put',
  );
  await page.mouse.click(next.x + next.width / 2, next.y + next.height / 2);
  await page.waitForFunction(() =>
    document.querySelector('#day-heading')?.textContent?.includes('Wednesday 25 November'),
  );
  assert.match(await dayHeading(page), /^In 2 days/);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() =>
    document.querySelector('#day-heading')?.textContent?.includes('Tuesday 24 November'),
  );

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
  // The on-demand chunks warmed when the popover is idle (sanitizer, Settings) may come later.
  const late = scripts.filter((name) => !html.includes(`.${name}"`) && !/\/(sanitize|Settings)-/.test(name));
  assert.deepEqual(late, [], 'every other script is named in the page (entry or modulepreload)');
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
  await page.getByLabel('From').selectOption('20:30');
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
  assert.match(await banner.innerText(), /\nShowing data from 10:1\d\.$/m);
  assert.deepEqual(await lessonSubjects(page), before, 'the last lessons are still shown');

  await fake.up();
  await banner.getByRole('button', { name: 'Retry' }).click();
  await banner.waitFor({ state: 'detached' });
  assert.equal(preview.app.state().freshness.stale, false);
});

test('a homework description with scripts and event handlers runs nothing', async (open) => {
  const popover = await open({ preview: monday });
  const { page, preview } = popover;
  const fake = preview.fake!;
  const pupil = fakePupil(preview, fake.accounts.student.pupilId);
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
    // Every spelling the HTML tokenizer reads as a handler: Chromium 156 reports each one it parses, even
    // in DOMPurify's inert document, so the sanitizer must cut them all before parsing.
    '<img src=/y.png onerror=window.__xss=1>' +
    '<img src="/z.png" ONERROR = "window.__xss = 2">' +
    "<p onclick='window.__xss = 3'>Quoted once</p>" +
    '<img/onerror=window.__xss=4>' +
    '<img src="/w.png"onerror="window.__xss = 5">' +
    '<svg><a onclick="window.__xss = 6"><circle onload=window.__xss=7 r=1></circle></a></svg>' +
    '<math><mi onmouseover="window.__xss = 8">x</mi></math>' +
    // A word processor's paste brings <style> blocks: Chromium reports those at parse time too.
    '<style>p.MsoNormal { color: red }</style><link rel="stylesheet" href="/s.css">' +
    '<svg><style>a { fill: red }</style></svg>' +
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
    const { page, preview } = popover;
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
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await page.getByText("No lessons — it's the weekend.").waitFor();
    await check('today-weekend');
    // The fake's one lesson note: Monday 30 November (week 2 of the demo student's cycle), P1 Science.
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');
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
    // A homework of the first pupil's with a teacher's link and a file (the fake gives some both).
    const withLinks = fakePupil(preview, preview.fake!.accounts.parent.pupilIds[0]!).homeworks.find(
      (h) =>
        h.validated_links.length > 0 &&
        h.validated_attachments.length > 0 &&
        h.due_date >= '2026-11-23' &&
        h.due_date <= '2026-12-04' &&
        h.status.state !== 'completed',
    );
    assert.ok(withLinks, 'the fake has homework with a link and a file in the next two weeks');
    await page.getByRole('button', { name: new RegExp(withLinks.title) }).click();
    await page.locator('#hw-title').waitFor();
    await check('homework-detail');
    const file = withLinks.validated_attachments[0]!.filename;
    const fileButton = page.getByRole('button', { name: file });
    await fileButton.scrollIntoViewIfNeeded();
    assert.equal(await fileButton.getAttribute('title'), file, 'the whole file name in a tooltip');
    assert.ok(
      await fileButton.locator('.label').evaluate((l) => l.scrollHeight <= l.clientHeight + 1),
      `the whole file name is shown: ${file}`,
    );
    await check('homework-detail-links');

    await openTab(page, 'More');
    for (const section of ['Behaviour', 'Detentions', 'Badges', 'Announcements']) {
      await page.getByRole('group', { name: 'Records' }).getByRole('button', { name: section }).click();
      await page.locator(`section[aria-label="${section}"][aria-busy="false"]`).waitFor();
      if (section === 'Announcements') {
        // A chevron says each announcement opens; it turns down when one is open.
        const chevrons = page.locator('details summary .chevron');
        assert.ok((await chevrons.count()) >= 1, 'the fake has announcements');
        const turn = (i: number) => chevrons.nth(i).evaluate((c) => getComputedStyle(c).transform);
        assert.equal(await turn(0), 'none');
        await page.locator('details summary').first().click();
        assert.equal(await turn(0), 'matrix(0, 1, -1, 0, 0, 0)', 'turned a quarter when open');
        if ((await chevrons.count()) > 1) assert.equal(await turn(1), 'none');
      }
      await check(`more-${section.toLowerCase()}`);
    }

    await openTab(page, 'Settings');
    await page.getByRole('form', { name: 'Settings' }).waitFor();
    await check('settings');
    await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    await popover.screenshot('settings-bottom');

    // Banners over the last data: offline, stale (ClassCharts answers with errors), "sign in again".
    const fake = preview.fake!;
    await openTab(page, 'Today');
    await waitForToday(page);
    assert.equal(await page.locator('main').evaluate((m) => m.scrollTop), 0, 'Today opens at its top');
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
    await check('offline-banner');
    await fake.up();
    await retryUntilGone(offline);

    fake.faults.inject({ path: /^\/apiv2parent\/timetable\//, kind: 'http-500', count: 1000 });
    const stale = page.getByRole('status').filter({ hasText: 'May be out of date.' });
    await refreshAndWait(stale);
    const staleText = await stale.locator('p').innerText();
    assert.match(staleText, /\nShowing data from \d\d:\d\d\.$/, 'the time of the data on a line of its own');
    assert.doesNotMatch(staleText, /[.;][.;]/, 'whole sentences, no ".;"');
    await check('stale-banner');
    fake.faults.clear();
    await retryUntilGone(stale);

    // The saved sign-in stops working (the parent's password changed elsewhere).
    fake.dataset.parents[0]!.password = 'changed-elsewhere';
    fake.expireSessions();
    const signInAgain = page.getByRole('alert').filter({ hasText: 'Sign in again.' });
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await signInAgain.waitFor();
    await assertTodayShown(popover);
    await check('sign-in-again-banner');
    await signInAgain.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in to ClassCharts' }).waitFor();
    assert.equal(
      await page.getByRole('button', { name: 'Parent', exact: true }).getAttribute('aria-pressed'),
      'true',
      'the form opens on the account kind main had',
    );
    assert.equal(await page.getByLabel('Email').inputValue(), '', 'nothing is prefilled');
    await check('sign-in-again-form');
    await page.getByRole('button', { name: 'Back to the last data' }).click();
    await assertTodayShown(popover);

    if (minor.length > 0) console.log(`    axe (minor/moderate, ${scheme}): ${minor.join('; ')}`);
  });
}

const started = Date.now();
// The run's own temp folder (Chromium's profiles go there too), empty again at the end.
const temp = runTempFolder();
Object.assign(process.env, temp.env);
let code: number;
try {
  await buildRenderer({ quiet: true });
  const size = measureBundle();
  console.log(
    `renderer: ${(size.firstLoad.gzip / 1024).toFixed(1)} KB gzip JS+CSS on first load, ${(size.gzip / 1024).toFixed(1)} KB in all (${size.files
      .map((f) => `${f.name} ${(f.gzip / 1024).toFixed(1)}`)
      .join(', ')})`,
  );
  code = await runAll([
    {
      name: TEMP_CHECK,
      check() {
        const problem = temp.leftoverProblem();
        if (problem) throw new Error(problem);
      },
    },
  ]);
} finally {
  temp.remove();
}
console.log(`e2e finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(code);
