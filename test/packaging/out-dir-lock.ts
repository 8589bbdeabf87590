/**
 * A cross-process lock around out/ for the test files that build the app and then use the build
 * (test/packaging/packaging.packaging.test.ts under vitest, test/e2e/electron/ under Playwright). Both
 * runners use parallel processes; two `electron-vite build`s into the same out/ would clobber each other, nor
 * may two runs in one working tree. `mkdir` is atomic, so the lock is a folder beside the project's other
 * caches (node_modules/.cache, not the OS temp folder: each run has a temp folder of its own,
 * scripts/run-temp-folder.ts); one older than 10 minutes is taken to be left by a killed run.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const LOCK = join(process.cwd(), 'node_modules', '.cache', 'cct-out-dir.lock');
const STALE_MS = 10 * 60_000;

/** Waits for the out/ lock (polling: another process holds it, there is no event to await). */
export async function acquireOutDirLock(): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(dirname(LOCK), { recursive: true });
      mkdirSync(LOCK);
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await delay(250);
    }
  }
}
