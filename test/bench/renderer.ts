/**
 * The renderer: gzip size of the built JS + CSS (renderer/vite.config.ts, built into a temporary folder
 * so a running preview or e2e build is not disturbed), and boot time in Debian Chromium from navigation
 * to today's lessons on screen, with the student signed in:
 * - `bootToLessons`: the page as `npm run preview` serves it (the contract over a WebSocket, whose code
 *   the page loads as separate chunks first);
 * - `bootToLessonsDirectBridge`: the same page and server with `window.classcharts` present before any
 *   script runs — as Electron's preload provides it — whose `getState` answers at once, so the
 *   preview-only chunks and the WebSocket are skipped: the renderer's own share of the boot, closer to
 *   the desktop app (where IPC answers in about a millisecond).
 * Each navigation records its phases (document, scripts, DOMContentLoaded, bridge chunks, socket open,
 * first message, lessons in the DOM), reported as medians to show where the time goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { build } from 'vite';
import { type AppState, BRIDGE_EVENTS, BRIDGE_METHODS, type InvokeChannel } from '../../common/contract';
import { CHROMIUM, CHROMIUM_ARGS, POPOVER } from '../e2e/browser';
import { measureBundle } from '../../dev/preview/build';
import { type Preview, quietLogger, startPreview } from '../../dev/preview/server';
import { SCHOOL_MORNING } from './network';
import { figure, type Figure, LOGINS, median } from './setup';

const VITE_CONFIG = path.resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../renderer/vite.config.ts',
);

/**
 * In the page before any script: when the first lesson row enters the DOM (ms from navigation start,
 * `performance.now()`), the next frame after it, and the WebSocket's creation, open and first message.
 */
const OBSERVE_BOOT = `
  window.__bench = {};
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args) {
      super(...args);
      window.__bench.socketNew = performance.now();
      this.addEventListener('open', () => { window.__bench.socketOpen = performance.now(); });
      this.addEventListener('message', () => { window.__bench.firstMessage ??= performance.now(); });
    }
  };
  new MutationObserver((_, observer) => {
    if (!document.querySelector('ol.lessons li.lesson')) return;
    observer.disconnect();
    window.__bench.lessons = performance.now();
    requestAnimationFrame(() => { window.__bench.frame = performance.now(); });
  }).observe(document, { childList: true, subtree: true });
`;

/**
 * `window.classcharts` as preload/index.ts shapes it, with `getState` answered at once from `snapshot`
 * (the core's state just before the navigation) and every other method sent to the `__ccInvoke` binding.
 * An instant answer stands in for Electron IPC (about a millisecond); a Playwright binding itself takes
 * tens of milliseconds, which would measure Playwright rather than the popover.
 */
function directBridge(snapshot: AppState): string {
  return `
  const snapshot = ${JSON.stringify(snapshot)};
  const methods = ${JSON.stringify(BRIDGE_METHODS)};
  const events = ${JSON.stringify(BRIDGE_EVENTS)};
  const api = {};
  for (const [name, channel] of Object.entries(methods))
    api[name] = (request) => {
      window.__bench.firstCall ??= performance.now();
      const answer = channel === 'state:get'
        ? Promise.resolve(structuredClone(snapshot))
        : window.__ccInvoke(channel, request === undefined ? null : request);
      return answer.then((value) => {
        window.__bench.firstAnswer ??= performance.now();
        return value;
      });
    };
  for (const [name, channel] of Object.entries(events)) {
    const listeners = new Set();
    api[name] = (listener) => { listeners.add(listener); return () => listeners.delete(listener); };
  }
  window.classcharts = Object.freeze(api);
`;
}

/**
 * Read back in the page after the lessons showed: the recorded times and the navigation and resource
 * timings. A string, so the bundler's helpers (tsx adds `__name` to named functions) never reach the page.
 */
const READ_BOOT = `(() => {
  const bench = window.__bench;
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const loaded = (pattern) => {
    const ends = resources.filter((r) => pattern.test(r.name)).map((r) => r.responseEnd);
    return ends.length > 0 ? Math.max(...ends) : null;
  };
  return {
    lessons: bench.lessons,
    frame: bench.frame,
    phases: {
      document: nav.responseEnd,
      entryScriptAndCss: loaded(/\\/assets\\/index-[^/]+\\.(js|css)$/),
      domContentLoaded: nav.domContentLoadedEventEnd,
      bridgeChunks: loaded(/\\/assets\\/(bridge|ws-transport|ws-protocol)-[^/]+\\.js$/),
      bridgeFirstCall: bench.firstCall ?? null,
      bridgeFirstAnswer: bench.firstAnswer ?? null,
      socketOpen: bench.socketOpen ?? null,
      firstMessage: bench.firstMessage ?? null,
      lessonsInDom: bench.lessons,
    },
  };
})()`;

/** One navigation's timeline, ms from navigation start (`null` for a phase that did not happen). */
interface Boot {
  lessons: number;
  frame: number;
  phases: Record<string, number | null>;
}

async function navigate(context: BrowserContext, url: string): Promise<Boot> {
  await context.addInitScript(OBSERVE_BOOT);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as { __bench?: { frame?: number } }).__bench?.frame !== undefined);
  return (await page.evaluate(READ_BOOT)) as Boot;
}

/** One fresh browser context (empty cache) navigated to the preview; `direct`: with the instant bridge. */
async function bootOnce(browser: Browser, preview: Preview, direct: boolean): Promise<Boot> {
  const context = await browser.newContext({
    viewport: POPOVER,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    reducedMotion: 'reduce',
  });
  try {
    if (direct) {
      await context.exposeBinding('__ccInvoke', (_source, channel: InvokeChannel, request: unknown) =>
        (preview.app.handlers[channel] as (request: unknown) => Promise<unknown>)(request ?? undefined),
      );
      await context.addInitScript(directBridge(preview.app.state()));
    }
    return await navigate(context, preview.url);
  } finally {
    await context.close();
  }
}

/** The boot figure's value and conditions from its navigations: medians, phases as medians too. */
function summarise(
  boots: Boot[],
  browser: Browser,
  runs: number,
): { value: number; conditions: Record<string, unknown> } {
  const round = (value: number) => Math.round(value * 10) / 10;
  const lessons = boots.map((b) => b.lessons);
  const phases: Record<string, number | null> = {};
  for (const name of Object.keys(boots[0]!.phases)) {
    const values = boots.map((b) => b.phases[name]).filter((v): v is number => v !== null);
    phases[name] = values.length === boots.length ? round(median(values)) : null;
  }
  return {
    value: median(lessons),
    conditions: {
      measured: 'navigation start → first lesson row in the DOM (MutationObserver, performance.now())',
      nextFrameMs: round(median(boots.map((b) => b.frame))),
      minMs: round(Math.min(...lessons)),
      maxMs: round(Math.max(...lessons)),
      phasesMs: phases,
      runs,
      statistic:
        'median after one warm-up navigation; a fresh browser context (empty cache) each; the two boot figures measured alternately, so load on the machine hits both alike',
      browser: `Debian Chromium ${browser.version()}, headless, flags of docs/toolchain.md`,
      viewport: `${POPOVER.width}×${POPOVER.height}`,
    },
  };
}

/** Renderer size and boot-time figures. */
export async function rendererFigures(options: {
  latencyMs: number;
  runs: number;
}): Promise<Record<string, Figure>> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'cc-bench-renderer-'));
  try {
    await build({ configFile: VITE_CONFIG, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    const size = measureBundle(outDir);
    const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
    const sizeConditions = {
      build: 'vite build with renderer/vite.config.ts (target chrome120)',
      compression: 'gzip -9 per file, summed; 1 KB = 1024 bytes',
      files: Object.fromEntries(size.files.map((f) => [f.name, kb(f.gzip)])),
      rawKB: kb(size.raw),
    };
    const figures: Record<string, Figure> = {
      rendererGzip: figure(size.gzip / 1024, 'KB', 40, '≤ 40 KB', {
        ...sizeConditions,
        measured: 'every JS and CSS file the build writes (incl. the lazy sanitizer and preview-only chunks)',
      }),
      rendererGzipFirstLoad: figure(size.firstLoad.gzip / 1024, 'KB', 40, '≤ 40 KB', {
        ...sizeConditions,
        measured: 'what index.html loads before the first screen: its JS and CSS and their static imports',
        firstLoadFiles: size.firstLoad.files,
      }),
    };

    const preview = await startPreview({
      rendererDir: outDir,
      now: SCHOOL_MORNING,
      fake: { latencyMs: options.latencyMs },
      logger: quietLogger,
    });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    try {
      const result = await preview.app.handlers['auth:login'](LOGINS.student);
      if (!result.ok) throw new Error(`sign-in failed: ${result.message}`);
      await preview.app.whenIdle();
      const viaSocket: Boot[] = [];
      const direct: Boot[] = [];
      for (let i = 0; i <= options.runs; i++) {
        const socketBoot = await bootOnce(browser, preview, false);
        const directBoot = await bootOnce(browser, preview, true);
        if (i === 0) continue; // warm-up: Chromium's own first-use costs
        viaSocket.push(socketBoot);
        direct.push(directBoot);
      }
      const socketSummary = summarise(viaSocket, browser, options.runs);
      const directSummary = summarise(direct, browser, options.runs);
      figures.bootToLessons = figure(socketSummary.value, 'ms', 80, '≤ 80 ms', {
        ...socketSummary.conditions,
        page: 'npm run preview’s server: the built renderer, the contract over its WebSocket to the real core',
      });
      figures.bootToLessonsDirectBridge = figure(directSummary.value, 'ms', 80, '≤ 80 ms', {
        ...directSummary.conditions,
        page: 'the same page with window.classcharts set before any script (as preload does), getState answered at once with the core’s snapshot: no bridge chunks, no WebSocket',
      });
    } finally {
      await browser.close();
      await preview.close();
    }
    return figures;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
