/**
 * A small end-to-end harness on playwright-core (no @playwright/test): Debian Chromium launched with the
 * flags of docs/toolchain.md ("Browser tests"; a fresh temporary profile per browser), a fresh preview
 * (fake ClassCharts + core + page server) and a fresh browser context per test, and guards that fail a
 * test on a page error, a Content-Security-Policy violation or any request leaving the preview's origin.
 * Prints one line per test and the closing `e2e: N passed, N failed`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Logger } from '../../main/ports';
import { startPreview, type Preview, type PreviewOptions } from '../preview/server';

/** Chromium from Debian (`apt-get install -y chromium`); override with CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launch flags from docs/toolchain.md ("Browser tests"). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The popover's size (architecture: a ~380×560 popover). */
export const POPOVER = { width: 380, height: 560 };

/** Where screenshots for review go. */
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');
const FAILURE_DIR = path.resolve('test-results/e2e-failures');

/** A running popover for one test. */
export interface Popover {
  preview: Preview;
  context: BrowserContext;
  page: Page;
  /** Problems the guards saw so far (page errors, CSP violations, foreign requests). */
  problems: string[];
  /** The preview's log lines (printed only when the test fails). */
  logs: string[];
  /** Saves `test-results/screenshots/<name>-<scheme>.png`. */
  screenshot(name: string): Promise<void>;
  /** Opens a second page on the same preview (a reload or reconnect). */
  reopen(): Promise<Page>;
}

/** Options of one popover: the preview's, plus the colour scheme. */
export interface PopoverOptions {
  preview?: PreviewOptions;
  colorScheme?: 'light' | 'dark';
}

type TestFn = (open: (options?: PopoverOptions) => Promise<Popover>) => Promise<void>;

const tests: { name: string; fn: TestFn }[] = [];

/** Registers a test; `open` starts a preview and a page for it (closed after the test). */
export function test(name: string, fn: TestFn): void {
  tests.push({ name, fn });
}

function guard(page: Page, origin: string, problems: string[]): void {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(`CSP: ${message.text()}`);
    }
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(origin)) problems.push(`request outside the preview: ${request.url()}`);
  });
  page.on('dialog', (dialog) => {
    problems.push(`dialog opened: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/** A logger that keeps the preview's lines for the failure report. */
function collectingLogger(logs: string[]): Logger {
  const keep =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void => {
      logs.push(`${level} ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`);
    };
  return { debug() {}, info: keep('info'), warn: keep('warn'), error: keep('error') };
}

async function openPopover(browser: Browser, cleanup: (() => Promise<void>)[], options: PopoverOptions) {
  const logs: string[] = [];
  const preview = await startPreview({ logger: collectingLogger(logs), ...options.preview });
  cleanup.push(() => preview.close());
  const scheme = options.colorScheme ?? 'light';
  const context = await browser.newContext({
    viewport: POPOVER,
    colorScheme: scheme,
    reducedMotion: 'reduce',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    deviceScaleFactor: 1,
  });
  cleanup.push(() => context.close());
  context.setDefaultTimeout(15_000);
  const origin = preview.url.replace(/\/$/, '');
  const problems: string[] = [];
  const newPage = async () => {
    const page = await context.newPage();
    guard(page, origin, problems);
    await page.goto(preview.url);
    return page;
  };
  const page = await newPage();
  const popover: Popover = {
    preview,
    context,
    page,
    problems,
    logs,
    async screenshot(name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await popover.page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${scheme}.png`) });
    },
    async reopen() {
      await popover.page.close();
      popover.page = await newPage();
      return popover.page;
    },
  };
  return popover;
}

/** A check on the whole run, made once the browser has closed; counted as one more test. */
export interface RunCheck {
  name: string;
  /** Throws to fail. */
  check(): void;
}

/**
 * Runs every registered test (or those whose name contains E2E_GREP), then `afterRun`; resolves with the
 * exit code.
 */
export async function runAll(afterRun: RunCheck[] = []): Promise<number> {
  const grep = process.env.E2E_GREP;
  const selected = tests.filter((t) => !grep || t.name.includes(grep));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  // A browser update can change what a page reports (Chromium 156 began reporting inline handlers at parse
  // time): every failure names the browser it ran on.
  const ranOn = `Chromium ${browser.version()} (${CHROMIUM})`;
  console.log(`e2e on ${ranOn}`);
  let passed = 0;
  let failed = 0;
  try {
    for (const { name, fn } of selected) {
      const cleanup: (() => Promise<void>)[] = [];
      const popovers: Popover[] = [];
      const started = Date.now();
      try {
        await fn(async (options = {}) => {
          const popover = await openPopover(browser, cleanup, options);
          popovers.push(popover);
          return popover;
        });
        const problems = popovers.flatMap((p) => p.problems);
        if (problems.length > 0) throw new Error(`guards: ${problems.join('; ')}`);
        passed++;
        console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed++;
        console.log(
          `  ✗ ${name} [${ranOn}]\n    ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        mkdirSync(FAILURE_DIR, { recursive: true });
        for (const [i, popover] of popovers.entries()) {
          if (popover.logs.length > 0)
            console.log(`    preview log:\n      ${popover.logs.join('\n      ')}`);
          const file = path.join(FAILURE_DIR, `${name.replace(/\W+/g, '-')}-${i}.png`);
          await popover.page.screenshot({ path: file }).catch(() => undefined);
        }
      } finally {
        for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
      }
    }
  } finally {
    await browser.close();
  }
  for (const { name, check } of afterRun) {
    try {
      check();
      passed++;
      console.log(`  ✓ ${name}`);
    } catch (error) {
      failed++;
      console.log(`  ✗ ${name}\n    ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}
