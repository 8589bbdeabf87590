/**
 * Settings' Calendar section (issue 28 §2), in real Chromium against the preview: the file chosen through
 * the preview's stand-in for the save dialog (a file in its temporary Downloads folder, written at once),
 * the address turned on and copied by main (to its clipboard; the page never sees it), a new address asked
 * first, and a parent's one calendar per child. A pupil and a parent, light and dark at 380 px, and at 125 %
 * zoom: snapshots and axe (the `view` fixture); keyboard: Tab reaches every control in order.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Preview } from '../../../dev/preview/server';
import { expect, test } from '../fixtures';
import { POPOVER } from '../browser';
import { MONDAY_MORNING, openTab, signInParent, signInStudent } from '../popover-page';

// A frozen clock: "Calendar updated 10:15" in every snapshot.
test.use({ previewOptions: { now: MONDAY_MORNING, frozen: true } });

/** What the snapshots show for the preview's temporary folder (its name ends in random letters). */
const SHOWN_FOLDER = '/tmp/classcharts-tray-preview-downloads-Ab12Cd';

/** Opens Settings and brings its Calendar section to the top of the view; resolves with the section. */
async function openCalendar(page: Page): Promise<Locator> {
  await openTab(page, 'Settings');
  await page.getByRole('form', { name: 'Settings' }).waitFor();
  const section = page.getByRole('group', { name: 'Calendar', exact: true });
  await section.evaluate(toTop);
  return section;
}

/** Scrolls the view (`<main>`, and only it: the tab bar and footer stay) so that `element` is at its top. */
function toTop(element: Element): void {
  const main = element.closest('main')!;
  main.scrollTop += element.getBoundingClientRect().top - main.getBoundingClientRect().top;
}

/** Chooses the file (the preview's dialog answers at once) and waits for its name. */
async function chooseFile(section: Locator): Promise<void> {
  await section.getByRole('button', { name: 'Choose file…' }).click();
  await expect(section.getByText('classcharts.ics', { exact: true })).toBeVisible();
  // Main answers once the file is written: until then Change… waits.
  await expect(section.getByRole('button', { name: 'Change…' })).toBeEnabled();
}

/** Turns the address on and waits for its copy buttons (the server started in the preview's core). */
async function turnOnAddress(section: Locator, copy: string | RegExp = 'Copy address'): Promise<void> {
  await section.getByRole('checkbox', { name: 'Calendar address for apps on this computer' }).check();
  await expect(section.getByRole('button', { name: copy }).first()).toBeVisible();
}

/**
 * Shows the preview's temporary folder under one fixed name (it differs in every run), scrolls the section
 * to the top again and moves the mouse off every control: ready for a snapshot.
 */
async function steady(page: Page, preview: Preview, section: Locator): Promise<void> {
  await section.evaluate(
    (element, [folder, shown]) => {
      for (const node of element.querySelectorAll('.folder bdi, [title]')) {
        if (node.hasAttribute('title'))
          node.setAttribute('title', node.getAttribute('title')!.replace(folder!, shown!));
        else node.textContent = node.textContent!.replace(folder!, shown!);
      }
    },
    [preview.downloadsFolder, SHOWN_FOLDER],
  );
  await section.evaluate(toTop);
  await page.mouse.move(0, 0);
  await expect(section).toContainText(SHOWN_FOLDER);
  await expect(section).toContainText('Calendar updated 10:15');
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(scheme, () => {
    test.use({ colorScheme: scheme });

    test('a pupil keeps a file and copies the address', async ({ page, preview, view }) => {
      await signInStudent(page, preview.fake!.accounts.student);
      const section = await openCalendar(page);
      await chooseFile(section);
      const file = path.join(preview.downloadsFolder, 'classcharts.ics');
      expect(existsSync(file), 'the file is written at once').toBe(true);
      expect(readFileSync(file, 'utf8')).toContain('BEGIN:VCALENDAR');
      expect(preview.app.state().settings.calendar.filePath).toBe(file);

      await turnOnAddress(section);
      await steady(page, preview, section);
      await view('calendar-settings-student');

      await section.getByRole('button', { name: 'Copy address' }).click();
      await expect(section.getByText('Address copied')).toBeVisible();
      expect(await page.locator('body').textContent()).not.toContain('127.0.0.1');
    });

    test('a parent keeps one calendar per child', async ({ page, preview, view }) => {
      await signInParent(page, preview.fake!.accounts.parent);
      const section = await openCalendar(page);
      const pupils = preview.app.state().pupils;
      expect(pupils.length).toBeGreaterThan(1);
      await section.getByRole('radio', { name: 'One calendar per child' }).check();
      await expect.poll(() => preview.app.state().settings.calendar.family).toBe(false);
      await chooseFile(section);
      const first = pupils[0]!.firstName;
      await turnOnAddress(section, `Copy ${first}'s address`);
      await expect(section.getByRole('button', { name: /^Copy .+'s address$/ })).toHaveCount(pupils.length);
      await steady(page, preview, section);
      await view('calendar-settings-parent');

      await section.getByRole('button', { name: `Copy ${first}'s address` }).click();
      await expect(section.getByText(`${first}'s address copied`)).toBeVisible();
    });
  });
}

test('by keyboard: Tab reaches every control in order; a new address is asked first', async ({
  page,
  preview,
}) => {
  await signInStudent(page, preview.fake!.accounts.student);
  const section = await openCalendar(page);
  await page.getByRole('checkbox', { name: 'No notifications during quiet hours' }).focus();
  await page.keyboard.press('Tab'); // the quiet hours' times are off: not in the way
  const choose = section.getByRole('button', { name: 'Choose file…' });
  await expect(choose).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('button', { name: 'Change…' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Stop' })).toBeFocused();
  await page.keyboard.press('Tab');
  const address = section.getByRole('checkbox', { name: 'Calendar address for apps on this computer' });
  await expect(address).toBeFocused();
  await page.keyboard.press('Space');
  await expect(address).toBeChecked();
  await expect(section.getByRole('button', { name: 'Copy address' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Copy address' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(section.getByText('Address copied')).toBeVisible();
  await page.keyboard.press('Tab');
  const renew = section.getByRole('button', { name: 'New address…' });
  await expect(renew).toBeFocused();
  await page.keyboard.press('Enter');
  const question = section.getByRole('group', {
    name: 'Calendar apps using the old address stop updating. Continue?',
  });
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(renew).toBeFocused();
  await expect(page.getByRole('form', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Tab'); // from Cancel to "New address"
  await page.keyboard.press('Enter');
  await expect(section.getByText(/New address made/)).toBeVisible();
  await expect(renew).toBeFocused();
  // Back to the start: Stop, then Choose file… takes the focus.
  await section.getByRole('button', { name: 'Stop' }).focus();
  await page.keyboard.press('Enter');
  await expect(choose).toBeFocused();
  expect(preview.app.state().settings.calendar.filePath).toBeNull();
});

test.describe('at 125 % zoom', () => {
  test.use({
    viewport: { width: Math.round(POPOVER.width / 1.25), height: Math.round(POPOVER.height / 1.25) },
    deviceScaleFactor: 1.25,
  });

  test('nothing in the section is cut or wider than the popover', async ({ page, preview, view }) => {
    await signInParent(page, preview.fake!.accounts.parent);
    const section = await openCalendar(page);
    await section.getByRole('radio', { name: 'One calendar per child' }).check();
    await chooseFile(section);
    await turnOnAddress(section, /^Copy .+'s address$/);
    await steady(page, preview, section);
    const problems = await section.evaluate((element) => {
      const found: string[] = [];
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth > width) found.push('the page scrolls sideways');
      for (const e of element.querySelectorAll<HTMLElement>('*')) {
        const box = e.getBoundingClientRect();
        if (box.width === 0 || e.closest('.visually-hidden')) continue;
        const name = `${e.tagName.toLowerCase()} "${(e.textContent ?? '').trim().slice(0, 30)}"`;
        if (box.right > width + 0.5) found.push(`${name} reaches past the popover`);
        // Only the folder is cut on purpose (its start, with the whole path on hover).
        if (
          !e.closest('.folder') &&
          e.scrollWidth > e.clientWidth + 1 &&
          getComputedStyle(e).overflow !== 'visible'
        )
          found.push(`${name} is cut`);
      }
      // No button's label breaks inside a word.
      for (const button of element.querySelectorAll('button')) {
        const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1)
              found.push(`"${word[0]}" broken in ${button.textContent?.trim()}`);
          }
        }
      }
      return found;
    });
    expect(problems).toEqual([]);
    await view('calendar-settings-zoom-125');
  });
});
