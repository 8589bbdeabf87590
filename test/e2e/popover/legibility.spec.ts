/**
 * What a person with low vision or a zoomed desktop notices, in Chromium:
 * - the selected segment of a segmented control (Student/Parent on the sign-in form, More's sections)
 *   stands out from its neighbours: its edge or fill has a contrast of at least 3:1 against what the
 *   unselected ones show (WCAG 2.2 SC 1.4.11, Non-text Contrast), in light and dark;
 * - at 125 % and 150 % zoom (the 380 × 560 popover is then 304 × 448 and 253 × 373 CSS px, each CSS px
 *   1.25 or 1.5 device px) no label of a tab, a segment or a button breaks inside a word ("Toda|y"), nor
 *   any word of a parent's first screen.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { POPOVER } from '../browser';
import { MONDAY_MORNING, openTab, signInParent, signInStudent, waitForToday } from '../popover-page';

test.use({ previewOptions: { now: MONDAY_MORNING, frozen: true } });

/**
 * The largest contrast ratio (WCAG 2.2 "contrast ratio", relative luminance of sRGB) between what the
 * selected button of `group` shows (its fill, its border) and the fill behind its unselected neighbours.
 */
async function selectedContrast(page: Page, group: string): Promise<number> {
  return page.getByRole('group', { name: group }).evaluate((control) => {
    const rgb = (colour: string): [number, number, number, number] => {
      const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, colour.startsWith('rgba') ? a : 1];
    };
    /** The colour `element` shows as its fill: its own, or (transparent) the nearest ancestor's. */
    const fill = (element: Element | null): [number, number, number] => {
      for (let e = element; e; e = e.parentElement) {
        const [r, g, b, a] = rgb(getComputedStyle(e).backgroundColor);
        if (a > 0) return [r, g, b];
      }
      return [255, 255, 255];
    };
    const luminance = ([r, g, b]: [number, number, number]) => {
      const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (x: [number, number, number], y: [number, number, number]) => {
      const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const buttons = [...control.querySelectorAll('button')];
    const selected = buttons.find((b) => b.getAttribute('aria-pressed') === 'true')!;
    const others = buttons.filter((b) => b !== selected);
    const shown: [number, number, number][] = [fill(selected)];
    const style = getComputedStyle(selected);
    const [r, g, b, a] = rgb(style.borderTopColor);
    if (parseFloat(style.borderTopWidth) > 0 && a > 0) shown.push([r, g, b]);
    return Math.min(...others.map((o) => Math.max(...shown.map((s) => ratio(s, fill(o))))));
  });
}

/**
 * Every word of the elements `selector` matches (by default the tab, segment and button labels) that the
 * browser drew on more than one line (a word cut by a line break shows as two boxes), as "label: word".
 */
async function brokenWords(
  page: Page,
  selector = 'nav button, [role="group"] > button, button.btn',
): Promise<string[]> {
  return page.evaluate((selector) => {
    const broken: string[] = [];
    const labels = document.querySelectorAll(selector);
    for (const label of labels) {
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const word of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(`${label.textContent?.trim().slice(0, 40)}: ${word[0]}`);
        }
      }
    }
    return broken;
  }, selector);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the selected segment stands out by 3:1 or more (${scheme})`, async ({ page, preview }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.getByRole('heading', { name: 'Sign in to ClassCharts' }).waitFor();
    expect(await selectedContrast(page, 'I am'), 'Student / Parent').toBeGreaterThanOrEqual(3);
    await signInStudent(page, preview.fake!.accounts.student);
    await openTab(page, 'More');
    await page.getByRole('group', { name: 'Records' }).waitFor();
    expect(await selectedContrast(page, 'Records'), "More's sections").toBeGreaterThanOrEqual(3);
  });
}

for (const zoom of [1.25, 1.5]) {
  test.describe(`at ${zoom * 100} % zoom`, () => {
    test.use({
      viewport: { width: Math.round(POPOVER.width / zoom), height: Math.round(POPOVER.height / zoom) },
      deviceScaleFactor: zoom,
    });

    test('no tab, segment or button label breaks inside a word', async ({ page, preview }) => {
      await page.getByRole('heading', { name: 'Sign in to ClassCharts' }).waitFor();
      const seen: string[] = [];
      const check = async (where: string) =>
        seen.push(...(await brokenWords(page)).map((w) => `${where}: ${w}`));
      await check('sign-in');
      await signInStudent(page, preview.fake!.accounts.student);
      await waitForToday(page);
      await check('Today');
      await openTab(page, 'More');
      await page.getByRole('group', { name: 'Records' }).waitFor();
      await check('More');
      await openTab(page, 'Settings');
      await page.getByRole('form', { name: 'Settings' }).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await check('Settings');
      expect(seen).toEqual([]);
      // Nothing is wider than the popover either: a label that no longer breaks must not push it wide.
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('nav, [role="group"]')]
          .filter((e) => e.scrollWidth > e.clientWidth + 1)
          .map((e) => e.getAttribute('aria-label')),
      );
      expect(wide).toEqual([]);
    });

    // The week (issue 28 §1): at 125 % zoom five columns of about 50 px still hold every subject's short
    // name and every day whole, and nothing is wider than the popover.
    if (zoom === 1.25)
      test('the week keeps every subject and day whole', async ({ page, preview }) => {
        await signInStudent(page, preview.fake!.accounts.student);
        await waitForToday(page);
        await page.getByRole('button', { name: 'Week', exact: true }).click();
        const grid = page.getByRole('table', { name: /^Timetable, this week/ });
        await grid.waitFor();
        expect(await brokenWords(page, 'table .subject, table .day, #week-heading')).toEqual([]);
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
          ),
          'no sideways scrolling',
        ).toBe(true);
        const box = await grid.boundingBox();
        expect(box!.x + box!.width, 'the grid within the popover').toBeLessThanOrEqual(
          Math.round(POPOVER.width / zoom),
        );
      });

    // The first screen of a parent (issue 24 §3): the family rows, the day and the Due part, every word
    // of it whole, and nothing wider than the popover.
    for (const scheme of ['light', 'dark'] as const) {
      test.describe(scheme, () => {
        test.use({ colorScheme: scheme });

        test(`a parent's first screen keeps every word whole`, async ({ page, preview, view }) => {
          await signInParent(page, preview.fake!.accounts.parent);
          expect(await brokenWords(page, 'header, main')).toEqual([]);
          expect(
            await page.evaluate(
              () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
            ),
            'no sideways scrolling',
          ).toBe(true);
          await view(`glance-zoom-${zoom * 100}`);
        });
      });
    }
  });
}
