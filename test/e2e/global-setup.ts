/**
 * Playwright's global setup (playwright.config.ts): builds the renderer for the preview (out/renderer-web,
 * dev/preview/build.ts) and prints its gzip size. Throws when the build fails, so no test runs against an
 * old page.
 */
import { buildRenderer, measureBundle } from '../../dev/preview/build';

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
}
