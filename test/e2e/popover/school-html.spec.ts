/**
 * School HTML in the popover: a homework description full of scripts, event handlers in every spelling the
 * HTML tokenizer accepts, pasted style blocks, frames and forms runs nothing, requests nothing, and opens
 * only its safe link — in the browser, never in the popover. The page guards (test/e2e/fixtures.ts) fail
 * the test on any CSP report, so a handler the sanitizer let through to the parser fails it too.
 */
import type { RawHomework } from '../../fake-classcharts/index';
import { expect, test } from '../fixtures';
import { fakePupil, openTab, signInStudent } from '../popover-page';

test('a homework description with scripts and event handlers runs nothing', async ({ page, preview }) => {
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

  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(await description.innerHTML()).not.toMatch(
    /<script|onerror|onmouseover|onload|javascript:|<iframe|<form|<svg|<img/i,
  );
  expect(page.url(), 'the popover never navigated').toBe(preview.url);
  expect(requested, 'the image was never requested').not.toContain('/x.png');
  expect(preview.opened, 'only the safe link went to the browser').toEqual(['https://example.org/safe']);
});
