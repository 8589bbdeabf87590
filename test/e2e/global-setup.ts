/**
 * Playwright's global setup (playwright.config.ts): builds the renderer for the preview (out/renderer-web,
 * test/preview/build.ts) and prints its gzip size, then names the browser the popover tests will run in.
 * Throws when the build fails, so no test runs against an old page.
 */
import { chromium } from '@playwright/test';
import { buildRenderer, measureBundle } from '../preview/build';
import { CHROMIUM, CHROMIUM_ARGS } from './browser';

/** Builds the page; resolves when it is ready to serve. */
export default async function globalSetup(): Promise<void> {
  await buildRenderer({ quiet: true });
  const size = measureBundle();
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    `renderer: ${kb(size.firstLoad.gzip)} KB gzip JS+CSS on first load, ${kb(size.gzip)} KB in all (${size.files
      .map((f) => `${f.name} ${kb(f.gzip)}`)
      .join(', ')})`,
  );
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    console.log(`popover tests on Chromium ${browser.version()} (${CHROMIUM})`);
    await browser.close();
  } catch (error) {
    // Each popover test then fails with Playwright's own message; say once where it looked.
    console.log(
      `no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH): ${String(error)}`,
    );
  }
}
