/**
 * School HTML in the popover: a homework description full of scripts, event handlers in every spelling the
 * HTML tokenizer accepts, pasted style blocks, frames and forms runs nothing, requests nothing, and opens
 * only its safe link — in the browser, never in the popover. The page guards (test/e2e/fixtures.ts) fail
 * the test on any CSP report, so a handler the sanitizer let through to the parser fails it too.
 */
import type { RawHomework } from '../../../dev/fake-classcharts/index';
import { expect, test } from '../fixtures';
import type { Preview } from '../../../dev/preview/server';
import { fakePupil, openTab, signInStudent } from '../popover-page';

/**
 * The student's homework number `index` in the fake, renamed `title`, to do and due tomorrow (Tuesday 24),
 * not marked.
 */
function homeworkDueTomorrow(preview: Preview, title: string, index = 0): RawHomework {
  const homework = fakePupil(preview, preview.fake!.accounts.student.pupilId).homeworks[index]!;
  homework.title = title;
  homework.due_date = '2026-11-24';
  homework.status = { ...homework.status, state: null, ticked: 'no', mark: null, has_feedback: false };
  return homework;
}

test('a homework description with scripts and event handlers runs nothing', async ({ page, preview }) => {
  const fake = preview.fake!;
  const homework = homeworkDueTomorrow(preview, 'Injected homework');
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

  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(await description.innerHTML()).not.toMatch(
    /<script|onerror|onmouseover|onload|javascript:|<iframe|<form|<svg|<img/i,
  );
  expect(page.url(), 'the popover never navigated').toBe(preview.url);
  expect(requested, 'the image was never requested').not.toContain('/x.png');
  // The click goes to main over the bridge: wait for it rather than race it.
  await expect
    .poll(() => preview.opened, { message: 'only the safe link went to the browser' })
    .toEqual(['https://example.org/safe']);
});

test('links say where they go, ask first when their text names another site, and say why they did not open', async ({
  page,
  preview,
  view,
}) => {
  const fake = preview.fake!;
  const homework = homeworkDueTomorrow(preview, 'Links homework');
  const long = `https://example.org/${'a'.repeat(10_000)}`;
  const huge = `https://example.org/${'a'.repeat(100_000)}`;
  homework.description =
    '<p><a href="https://www.bbc.co.uk/bitesize/guides/zsd8tyc">BBC Bitesize</a>, ' +
    '<a href="https://evil.example/login">https://www.bbc.co.uk/bitesize</a>, ' +
    '<a href="https://school.example@evil.example/">school.example</a> and ' +
    `<a href="${long}">a long link</a>.</p>`;
  homework.validated_links = [
    { link: 'https://www.bbc.co.uk/bitesize', validated_link: 'https://evil.example/' },
    { link: 'A very long link', validated_link: huge },
  ];

  await signInStudent(page, fake.accounts.student);
  await openTab(page, 'Homework');
  await page.getByRole('button', { name: /Links homework/ }).click();
  const description = page.getByRole('region', { name: 'Description' });
  const bubble = page.locator('.link-target');

  // Pointing at a link shows its real host before anything opens; focusing it describes it too.
  await description.getByRole('link', { name: 'BBC Bitesize' }).hover();
  await expect(bubble).toHaveText('Opens www.bbc.co.uk');
  const deceptive = description.getByRole('link', { name: 'https://www.bbc.co.uk/bitesize' });
  await deceptive.focus();
  await expect(deceptive).toHaveAccessibleDescription('Opens evil.example, not bbc.co.uk');
  await view('link-bubble');

  // Its text names bbc.co.uk, it goes to evil.example: a question first, Cancel focused, Escape cancels.
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('This link shows bbc.co.uk but goes to evil.example.');
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await view('link-question');
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(deceptive, 'focus is back on the link').toBeFocused();
  await expect(page.getByRole('heading', { name: 'Links homework' })).toBeVisible();
  await deceptive.click();
  await question.getByRole('button', { name: 'Open link' }).click();
  await expect.poll(() => preview.opened).toEqual(['https://evil.example/login']);

  // A user name before @ hides the real host: refused, saying so (not "only web links").
  await description.getByRole('link', { name: 'school.example' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This link was not opened: it hides its real address. It goes to evil.example.',
  );
  // A 10 KB address in the description, and a 100 KB one on a link button: refused in the page, saying
  // why; so the preview, whose bridge takes frames up to 64 KB, keeps serving (issue 15 §4).
  await description.getByRole('link', { name: 'a long link' }).click();
  await expect(page.getByRole('alert')).toContainText('its address is too long (over 2,048 characters)');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('button', { name: /^A very long link/ }).click();
  await expect(page.getByRole('alert')).toContainText('its address is too long (over 2,048 characters)');
  // The teacher's link button whose label names another site asks too; an honest link opens at once.
  await page.getByRole('button', { name: /^https:\/\/www\.bbc\.co\.uk\/bitesize/ }).click();
  await expect(question).toContainText('goes to evil.example');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await description.getByRole('link', { name: 'BBC Bitesize' }).click();
  await expect
    .poll(() => preview.opened)
    .toEqual(['https://evil.example/login', 'https://www.bbc.co.uk/bitesize/guides/zsd8tyc']);
});

test('school HTML wider than the popover is shown flat, and one that shows nothing says so', async ({
  page,
  preview,
}) => {
  const homework = homeworkDueTomorrow(preview, 'Wide homework');
  homework.description =
    `<table><tr>${'<td nowrap>Column with a long heading</td>'.repeat(40)}</tr></table>` +
    `${'<ul><li>'.repeat(30)}Deep${'</li></ul>'.repeat(30)}`;
  const embed = homeworkDueTomorrow(preview, 'Video homework', 1);
  embed.description = '<iframe src="https://www.youtube.com/embed/x" width="560" height="315"></iframe>';

  await signInStudent(page, preview.fake!.accounts.student);
  await openTab(page, 'Homework');
  await page.getByRole('button', { name: /Wide homework/ }).click();
  const description = page.getByRole('region', { name: 'Description' });
  await expect(description).toHaveClass(/\bflat\b/);
  const widths = await description.evaluate((el) => [el.scrollWidth, el.clientWidth, innerWidth]);
  expect(widths[0], `scrollWidth, clientWidth, popover: ${widths.join(', ')}`).toBeLessThanOrEqual(
    widths[1]!,
  );
  await expect(description).toContainText('Column with a long heading');
  await expect(description).toContainText('Deep');

  await page.getByRole('button', { name: 'Homework', exact: true }).click();
  await page.getByRole('button', { name: /Video homework/ }).click();
  await expect(page.getByText('No description.')).toBeVisible();
});
