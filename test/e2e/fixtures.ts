/**
 * Playwright Test fixtures of the popover tests (project `popover` in playwright.config.ts):
 * - `previewOptions` (an option: `test.use({ previewOptions })`; Monday 23 November 2026, 10:15 London, by
 *   default) and `preview`: a fresh preview per test
 *   (dev/preview/: the fake ClassCharts server and the real core behind the built page), its log attached
 *   to the report when the test fails;
 * - `page`: the popover, opened on the preview; `reopen()` opens it again (a new page, as when the popover
 *   is closed and shown again);
 * - `guards` (automatic): fail the test on a page error, a Content-Security-Policy violation (the live
 *   `securitypolicyviolation` event and Chromium's console report), a dialog, or a request that leaves the
 *   preview's origin — on any page of the test's context;
 * - `axe`: axe-core (@axe-core/playwright, injected through the DevTools protocol, so the page's strict CSP
 *   stays on) on the whole page, every violation of any impact failing the test;
 * - `view(name)`: a visual snapshot of the popover (`toHaveScreenshot`, name suffixed with the colour
 *   scheme) and axe on it — every view a user can reach goes through it.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { recordingLogger } from '../main/classcharts/helpers';
import { MONDAY_MORNING } from './popover-page';
import { startPreview, type Preview, type PreviewOptions } from '../../dev/preview/server';

/** A problem one of the guards saw. */
export interface GuardProblem {
  kind: 'page error' | 'CSP' | 'dialog' | 'request outside the preview';
  detail: string;
}

/** What a `securitypolicyviolation` event carries to the guard. */
interface CspReport {
  directive: string;
  blocked: string;
  sample: string;
}

interface PopoverFixtures {
  /**
   * Options of the test's preview. Default: main's clock starting at {@link MONDAY_MORNING} (a school day,
   * during period 2) and running on, so the tests see a school day whatever day they run.
   */
  previewOptions: PreviewOptions;
  /** The test's preview: fake ClassCharts + core + page server on 127.0.0.1. */
  preview: Preview;
  /** Problems the guards saw so far (the test fails at its end if there are any). */
  guards: GuardProblem[];
  /** Closes the popover's page and opens it again; resolves with the new page. */
  reopen: (page: Page) => Promise<Page>;
  /** Runs axe-core on the page; fails on any violation. `where` names the view in the message. */
  axe: (page: Page, where: string) => Promise<void>;
  /**
   * Checks one view as it stands: a visual snapshot `<name>-<scheme>.png` (soft, so every changed view of
   * a test is reported) and axe with no violations.
   */
  view: (name: string, page?: Page) => Promise<void>;
}

/** The popover test: Playwright's `test` with the fixtures above. */
export const test = base.extend<PopoverFixtures>({
  previewOptions: [{ now: MONDAY_MORNING }, { option: true }],

  preview: async ({ previewOptions }, use, testInfo) => {
    const log = recordingLogger();
    const preview = await startPreview({ logger: log, ...previewOptions });
    try {
      await use(preview);
    } finally {
      const lines = log.entries
        .filter((entry) => entry.level !== 'debug')
        .map(
          ({ level, message, fields }) => `${level} ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`,
        );
      if (testInfo.status !== testInfo.expectedStatus && lines.length > 0) {
        await testInfo.attach('preview log', { body: lines.join('\n'), contentType: 'text/plain' });
      }
      await preview.close();
    }
  },

  guards: [
    async ({ browser, context, preview }, use, testInfo) => {
      // A browser update can change what a page reports (Chromium 156 began reporting inline handlers at
      // parse time): the report names the browser each test ran on.
      testInfo.annotations.push({ type: 'browser', description: `Chromium ${browser.version()}` });
      const origin = preview.url.replace(/\/$/, '');
      const problems: GuardProblem[] = [];
      const report = (kind: GuardProblem['kind'], detail: string) => problems.push({ kind, detail });
      await context.exposeBinding('__cctCspReport', (_source, csp: CspReport) =>
        report('CSP', `${csp.directive} blocked ${csp.blocked || 'inline code'} ${csp.sample}`.trim()),
      );
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const send = (window as unknown as { __cctCspReport?: (r: CspReport) => void }).__cctCspReport;
          send?.({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample });
        });
      });
      const watch = (page: Page) => {
        page.on('pageerror', (error) => report('page error', error.message));
        page.on('console', (message) => {
          if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
            report('CSP', message.text());
          }
        });
        page.on('request', (request) => {
          const url = request.url();
          // axe's results page (about:blank) is Playwright's own; everything else is the popover's.
          if (!url.startsWith(origin) && url !== 'about:blank') report('request outside the preview', url);
        });
        page.on('dialog', (dialog) => {
          report('dialog', dialog.message());
          void dialog.dismiss();
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(problems);
      // Chromium tells one violation twice (console and event, sometimes each twice): each said once.
      expect(
        [...new Set(problems.map((p) => `${p.kind}: ${p.detail}`))],
        'the guards saw nothing (page errors, CSP reports, dialogs, requests outside the preview)',
      ).toEqual([]);
    },
    { auto: true },
  ],

  page: async ({ page, context, preview, previewOptions }, use) => {
    // A frozen main clock (previewOptions.frozen) comes with a frozen page clock: the page counts down
    // lessons with its own Date, which follows main's through an offset taken when it connects.
    if (previewOptions.frozen && previewOptions.now !== undefined) {
      await context.clock.setFixedTime(previewOptions.now);
    }
    await page.goto(preview.url);
    await use(page);
  },

  reopen: async ({ context, preview }, use) => {
    await use(async (page) => {
      await page.close();
      const next = await context.newPage();
      await next.goto(preview.url);
      return next;
    });
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  axe: async ({}, use) => {
    await use(async (page, where) => {
      // Legacy mode runs one axe.run in the page: the popover has no frames, and the default mode's extra
      // blank page per run (to merge frame results) doubled the cost of every view (≈600 → ≈300 ms).
      const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
      expect
        .soft(
          results.violations.map(
            (v) =>
              `${v.id} (${v.impact}): ${v.help} @ ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(', ')}`,
          ),
          `axe on ${where}`,
        )
        .toEqual([]);
    });
  },

  view: async ({ page, axe, colorScheme }, use, testInfo) => {
    // The baselines are drawn on Linux with DejaVu (./fonts.conf); macOS and Windows draw text their own
    // way, so there the views are checked by axe only, and the report says so.
    const snapshots = process.platform === 'linux';
    if (!snapshots) {
      testInfo.annotations.push({ type: 'no visual snapshots', description: `baselines are Linux's` });
    }
    await use(async (name, on = page) => {
      const scheme = colorScheme ?? 'light';
      if (snapshots) await expect.soft(on, `the look of ${name}`).toHaveScreenshot(`${name}-${scheme}.png`);
      await axe(on, `${name} (${scheme})`);
    });
  },
});

export { expect };
