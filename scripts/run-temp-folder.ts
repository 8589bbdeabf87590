/**
 * The temp folder of one test run (`npm test`, `npm run test:e2e`): a fresh folder in the OS temp folder
 * that the run's TMPDIR, TMP and TEMP name, so what is in it at the end is this run's and no other's on a
 * shared machine. The suite leaves the temp folder as it found it: anything still in it is a failure the
 * runner counts in its closing line. The folder is removed either way.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The name of the check, as the runners print it. */
export const TEMP_CHECK = 'the suite leaves the temp folder as it found it';

/**
 * Caches tools keep in the temp folder on purpose, for every later run on the machine (not a test's
 * leftovers): tsx's (`tsx-<user>`, whenever a test runs a script with tsx), jiti's (electron-builder
 * reads its config through jiti) and Node's module compile cache (`node-compile-cache`, which the bins of
 * TypeScript, ESLint, Vite and Prettier turn on with `module.enableCompileCache()` on Node 22.1 and later).
 */
const TOOL_CACHES = /^(tsx-.+|jiti|node-compile-cache)$/;

/** A run's temp folder: where it is, the environment that points a process at it, and its checks. */
export interface RunTempFolder {
  /** The folder's absolute path (`<os temp>/cct-run-XXXXXX`). */
  path: string;
  /** TMPDIR, TMP and TEMP, for the run's processes (os.tmpdir() reads them). */
  env: { TMPDIR: string; TMP: string; TEMP: string };
  /**
   * What the run left in the folder (tools' caches aside), as the runners print it on failure
   * (`the run left N in it: a, b`, names sorted), or null when it left nothing.
   */
  leftoverProblem(): string | null;
  /** Removes the folder with everything in it. */
  remove(): void;
}

/**
 * Makes a new empty temp folder for one run (mkdtemp under the OS temp folder). Throws when it cannot be
 * made (the OS temp folder missing or not writable).
 */
export function runTempFolder(): RunTempFolder {
  const path = mkdtempSync(join(tmpdir(), 'cct-run-'));
  return {
    path,
    env: { TMPDIR: path, TMP: path, TEMP: path },
    leftoverProblem: () => {
      const left = readdirSync(path)
        .filter((name) => !TOOL_CACHES.test(name))
        .sort();
      return left.length > 0 ? `the run left ${left.length} in it: ${left.join(', ')}` : null;
    },
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}
