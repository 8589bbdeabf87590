/**
 * The package: what an installer, an update download and every start of the app pay for.
 * - `asarBytes`, `asarEntries`: app.asar as `electron-builder --linux dir` packs it (test/packaging/pack.ts:
 *   a fresh `electron-vite build`, a stub Electron), in a temporary folder removed afterwards;
 * - `mainLoad`: how long `import()` of the built out/main/index.js takes in Node, each run a fresh process:
 *   the shared electron mock (test/mocks/electron.ts) is loaded first through tsx and not timed, then the
 *   bundle is imported by plain Node (no TypeScript loader on its path, as in Electron) and timed until the
 *   import resolves: reading, parsing and evaluating the bundle and the synchronous start of `boot()`.
 *   In Electron every `import` of main reads from app.asar; here from out/ on disk.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listPackage } from '@electron/asar';
import { acquireOutDirLock } from '../packaging/out-dir-lock';
import { ROOT, buildApp, packLinuxDir } from '../packaging/pack';
import { figure, type Figure, median } from './setup';

/** Goals of the issue: app.asar ≤ 3 MB and ≤ 200 entries; main loads in ≤ 150 ms on the 2-core machine. */
const GOALS = { asarBytes: 3 * 1024 * 1024, asarEntries: 200, mainLoadMs: 150 };

/**
 * The child's program (ES module, plain Node): the mock through tsx's scoped loader, `electron` resolved to
 * a module re-exporting it, then the timed import. Prints `{"ms": N}`.
 */
const LOAD_MAIN = `
import { register } from 'node:module';
import { tsImport } from 'tsx/esm/api';
const [mockUrl, bundleUrl] = process.argv.slice(1);
globalThis.__electronMock = await tsImport(mockUrl, import.meta.url);
const names = Object.keys(globalThis.__electronMock).filter((name) => name !== 'default');
const shim = 'const m = globalThis.__electronMock; export default m.default; ' +
  names.map((name) => 'export const ' + name + ' = m.' + name + ';').join(' ');
const hook = 'export async function resolve(specifier, context, next) { return specifier === "electron" ? ' +
  '{ url: ' + JSON.stringify('data:text/javascript,' + encodeURIComponent(shim)) + ', shortCircuit: true } : ' +
  'next(specifier, context); }';
register('data:text/javascript,' + encodeURIComponent(hook));
const started = performance.now();
await import(bundleUrl);
process.stdout.write(JSON.stringify({ ms: performance.now() - started }) + '\\n', () => process.exit(0));
`;

/** One fresh Node process importing the bundle; resolves with the milliseconds the import took. */
function loadMainOnce(temp: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '--eval',
        LOAD_MAIN,
        pathToFileURL(join(ROOT, 'test/mocks/electron.ts')).href,
        pathToFileURL(join(ROOT, 'out/main/index.js')).href,
      ],
      {
        cwd: ROOT,
        // Its own temp folder (the mock's userData; os.tmpdir() reads TMPDIR, or TEMP/TMP on Windows), and a
        // closed port: a signed-out start sends nothing.
        env: {
          ...process.env,
          TMPDIR: temp,
          TEMP: temp,
          TMP: temp,
          CLASSCHARTS_BASE_URL: 'http://127.0.0.1:9',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = /\{"ms":([\d.]+)\}/.exec(out)?.[1];
      if (code === 0 && ms) resolve(Number(ms));
      else reject(new Error(`loading out/main/index.js failed (${code}):\n${err.slice(-2000)}`));
    });
  });
}

/** Builds and packs the app, then measures the package and main's load time (`runs` after one warm-up). */
export async function packageFigures(opts: { runs: number }): Promise<Record<string, Figure>> {
  const work = mkdtempSync(join(tmpdir(), 'cct-bench-pack-'));
  const release = await acquireOutDirLock();
  try {
    await buildApp();
    const packed = await packLinuxDir(work);
    const bytes = statSync(packed.asarPath).size;
    const entries = listPackage(packed.asarPath, { isPack: false });
    const packing = {
      packed: 'electron-vite build, then electron-builder --linux dir with a stub Electron',
      nodeModulesEntries: entries.filter((f) => /^[\\/]node_modules/.test(f)).length,
      mainBundleBytes: statSync(join(ROOT, 'out/main/index.js')).size,
    };
    const load: number[] = [];
    await loadMainOnce(work); // warm-up: the OS file cache, as for a second start of the app
    for (let i = 0; i < opts.runs; i++) load.push(await loadMainOnce(work));
    return {
      asarBytes: figure(bytes, 'bytes', GOALS.asarBytes, '≤ 3 MB', packing),
      asarEntries: figure(entries.length, 'entries', GOALS.asarEntries, '≤ 200 entries', packing),
      mainLoad: figure(median(load), 'ms', GOALS.mainLoadMs, '≤ 150 ms', {
        measured: 'import() of out/main/index.js in a fresh Node process, electron mocked, until it resolves',
        runs: opts.runs,
        statistic: 'median (after one warm-up run)',
        minMs: Math.round(Math.min(...load)),
        maxMs: Math.round(Math.max(...load)),
        node: process.version,
      }),
    };
  } finally {
    release();
    rmSync(work, { recursive: true, force: true });
  }
}
