/**
 * The README's pictures: the first screen of the demo student, light and dark, of the demo parent (the
 * family at a glance), light, and the student's week and behaviour chart, light, on Monday 23 November
 * 2026 at 10:15 London time (main's clock and the page's frozen there), drawn by Chromium at twice the
 * popover's size with the pinned DejaVu fonts (test/e2e/browser.ts).
 *
 * `npm run test:e2e -- --update-docs` (scripts/run-e2e.ts sets {@link UPDATE_DOCS_ENV} and runs only this
 * file) writes them to docs/images/today-light.png, today-dark.png, family-light.png, week-light.png and
 * behaviour-light.png, recompressed by optipng (lossless; Debian's `optipng` package). Without it the test
 * still renders the view and checks that the committed picture exists, is at most {@link MAX_BYTES} bytes
 * (the README stays light to clone and to load) and has the rendered picture's size in pixels, so a change
 * of the popover's size or scale cannot leave the README showing an outdated shape.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures';
import { expectTodayShown, MONDAY_MORNING, waitForToday } from '../popover-page';

/** The environment variable scripts/run-e2e.ts sets (to `1`) for `--update-docs`. */
const UPDATE_DOCS_ENV = 'CCT_UPDATE_DOCS';

/** The largest a committed screenshot may be, in bytes (100 KB). */
const MAX_BYTES = 100 * 1024;

/** docs/images/ of this repository. */
const IMAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/images');

/**
 * Width and height in pixels of a PNG, read from its IHDR chunk (bytes 16–23, big-endian; PNG spec
 * §11.2.2, https://www.w3.org/TR/png-3/#11IHDR). Throws when the bytes are not a PNG.
 */
function pngSize(bytes: Buffer): { width: number; height: number } {
  if (
    bytes.length < 24 ||
    bytes.toString('latin1', 1, 4) !== 'PNG' ||
    bytes.toString('latin1', 12, 16) !== 'IHDR'
  ) {
    throw new Error('not a PNG');
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.use({ previewOptions: { now: MONDAY_MORNING, frozen: true }, deviceScaleFactor: 2 });

const PICTURES = [
  { file: 'today-light.png', scheme: 'light', account: 'student', then: null },
  { file: 'today-dark.png', scheme: 'dark', account: 'student', then: null },
  { file: 'family-light.png', scheme: 'light', account: 'parent', then: null },
  { file: 'week-light.png', scheme: 'light', account: 'student', then: 'week' },
  { file: 'behaviour-light.png', scheme: 'light', account: 'student', then: 'behaviour' },
] as const;

for (const picture of PICTURES) {
  test.describe(picture.scheme, () => {
    test.use({ colorScheme: picture.scheme });

    test(`the README's picture ${picture.file}`, async ({ page }) => {
      await page.getByRole('button', { name: `Use demo ${picture.account}` }).click();
      await waitForToday(page);
      await expectTodayShown(page);
      if (picture.then === 'week') {
        await page.getByRole('button', { name: 'Week', exact: true }).click();
        await page.getByRole('table', { name: /^Timetable, this week/ }).waitFor();
      }
      if (picture.then === 'behaviour') {
        await page
          .getByRole('navigation', { name: 'Sections' })
          .getByRole('button', { name: /^More/ })
          .click();
        await page.getByRole('img', { name: /^Behaviour points per week/ }).waitFor();
      }
      // The pointer leaves the sign-in button's place, which is a homework row now: no hover in the picture.
      await page.mouse.move(0, 0);
      const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });
      const file = path.join(IMAGES, picture.file);
      if (process.env[UPDATE_DOCS_ENV] === '1') {
        mkdirSync(IMAGES, { recursive: true });
        writeFileSync(file, shot);
        // Chromium's PNGs are quickly compressed; optipng (Debian's `optipng`) recompresses them losslessly,
        // about a quarter smaller, which keeps each picture under the limit.
        const optimised = spawnSync('optipng', ['-quiet', '-o5', file], { encoding: 'utf8' });
        expect(optimised.error, 'optipng compresses the picture (apt-get install optipng)').toBeUndefined();
        expect(optimised.status, optimised.stderr).toBe(0);
      }
      expect(existsSync(file), `${file} is committed (npm run test:e2e -- --update-docs)`).toBe(true);
      const bytes = statSync(file).size;
      expect(bytes, `${path.basename(file)} is at most 100 KB`).toBeLessThanOrEqual(MAX_BYTES);
      expect(pngSize(readFileSync(file)), `${path.basename(file)} has the rendered size in pixels`).toEqual(
        pngSize(shot),
      );
    });
  });
}
