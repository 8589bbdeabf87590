// `npm start` / `npm run demo`: builds the app (electron-vite build) and runs it in Electron.
//   start  against the real ClassCharts service.
//   demo   starts the fake ClassCharts server (dev/fake-classcharts) on 127.0.0.1 and points the app at
//          it (CLASSCHARTS_BASE_URL, CLASSCHARTS_DEMO=1): the sign-in screen offers the demo accounts.
// Where the Electron binary is missing, Electron's own installer is run once to download it (skipped when
// ELECTRON_SKIP_BINARY_DOWNLOAD is set), its output held back; if that cannot work (a machine without
// internet), both stop and say, in one paragraph, how to get it, why the download failed, and that
// `npm run preview` shows the popover in a browser.
// Never `require('electron')` here: its download-on-load gives no say over the message.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { xwaylandArgs } from '../main/platform/display-server';
import { nodeBin } from './node-bin';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The executable inside an Electron dist folder, per platform (as node_modules/electron/install.js writes
 * it to path.txt), relative to that folder with `/`: `electron`, `electron.exe` or
 * `Electron.app/Contents/MacOS/Electron`.
 */
export function executableIn(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

/**
 * The Electron executable, or `null` when it is not installed. Mirrors node_modules/electron/index.js
 * (ELECTRON_OVERRIDE_DIST_PATH, then `path.txt` + `dist/`) without its download-on-miss.
 */
export function findElectronBinary(options: {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** The `electron` package folder, or `null` when the package is not installed. */
  electronDir: string | null;
}): string | null {
  const pathTxt = options.electronDir ? join(options.electronDir, 'path.txt') : null;
  const relative =
    pathTxt && existsSync(pathTxt) ? readFileSync(pathTxt, 'utf8').trim() : executableIn(options.platform);
  const candidates: string[] = [];
  if (options.env.ELECTRON_OVERRIDE_DIST_PATH)
    candidates.push(join(options.env.ELECTRON_OVERRIDE_DIST_PATH, relative));
  if (options.electronDir) candidates.push(join(options.electronDir, 'dist', relative));
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

/** The folder of the installed `electron` package, or `null`. */
export function electronPackageDir(): string | null {
  try {
    return dirname(createRequire(join(root, 'package.json')).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/** The one paragraph printed where Electron cannot run. */
export const MISSING_ELECTRON = [
  'The Electron binary is not installed, so ClassCharts Tray cannot start here. Electron downloads it',
  '(about 100 MB) the first time it is used, which needs internet access: on a machine with internet, run',
  '`npx electron --version` once in this folder (or `node node_modules/electron/install.js`); behind a',
  'firewall, set ELECTRON_MIRROR to a mirror you can reach, or ELECTRON_OVERRIDE_DIST_PATH to an unpacked',
  'Electron 45 folder, then try again. Meanwhile `npm run preview` shows the popover in a browser, driven',
  'by the same core against the fake ClassCharts server.',
].join(' ');

/**
 * Runs Electron's installer (node_modules/electron/install.js: downloads and unpacks the binary) once,
 * its output held back so that a failure ends in the one paragraph rather than the installer's stack
 * trace. Returns `null` when the binary was installed, else why not (one line): skipped
 * (ELECTRON_SKIP_BINARY_DOWNLOAD), or the installer's first error line (no network, say).
 */
function installElectron(electronDir: string, env: NodeJS.ProcessEnv): string | null {
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD)
    return 'ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it was not fetched.';
  console.log('Electron is not downloaded yet: fetching it once (about 100 MB)…');
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    cwd: electronDir,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 15 * 60_000,
  });
  if (result.status === 0) return null;
  return `Fetching it just now failed: ${installFailure(`${result.stderr ?? ''}\n${result.stdout ?? ''}`, result.error)}`;
}

/** The first meaningful line of a failed install (an `Error: …` line if any), at most 200 characters. */
export function installFailure(output: string, error?: Error): string {
  if (error) return `${error.message}.`;
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at '));
  const reason =
    lines.find((line) => /error/i.test(line)) ?? lines[0] ?? 'the installer stopped without saying why';
  const short = reason.length > 200 ? `${reason.slice(0, 199)}…` : reason;
  return /[.!?…]$/.test(short) ? short : `${short}.`;
}

/** The sentence added when Electron exits with an error on Linux (AppArmor and the SUID sandbox helper). */
export const LINUX_SANDBOX_HINT =
  'If Electron stopped with a message about chrome-sandbox, your system restricts its sandbox helper: run ' +
  '`sudo chown root:root node_modules/electron/dist/chrome-sandbox && sudo chmod 4755 node_modules/electron/dist/chrome-sandbox` once, then try again.';

/**
 * Electron's arguments for this checkout: the app folder and `appArgs` (e.g. `--self-test`);
 * `--ozone-platform=x11` in a Linux Wayland session with XWayland (as the packaged app's desktop entry has
 * it: main/platform/display-server.ts); and `--no-sandbox` when running as root, since Chromium refuses to
 * run as root with its sandbox on (containers, CI). Used by `npm start`/`npm run demo`, `npm run self-test`
 * and the `_electron` tests.
 */
export function electronArgs(options: {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  root: boolean;
  appArgs?: readonly string[];
}): string[] {
  const sandbox = options.platform === 'linux' && options.root ? ['--no-sandbox'] : [];
  return ['.', ...(options.appArgs ?? []), ...xwaylandArgs(options), ...sandbox];
}

/**
 * Builds the app into out/ (`electron-vite build`, run through this Node: ./node-bin.ts) with `env`;
 * resolves with its exit code.
 */
export function runBuild(env: NodeJS.ProcessEnv): Promise<number> {
  return run(process.execPath, [nodeBin('electron-vite'), 'build'], env);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function main(mode: string | undefined): Promise<number> {
  if (mode !== 'start' && mode !== 'demo') {
    console.error('usage: tsx scripts/launch.ts start|demo');
    return 2;
  }
  const electronDir = electronPackageDir();
  const find = () => findElectronBinary({ env: process.env, platform: process.platform, electronDir });
  let electron = find();
  let failure: string | null = null;
  if (!electron && electronDir) {
    failure = installElectron(electronDir, process.env);
    if (failure === null) electron = find();
  }
  if (!electron) {
    console.error(failure ? `${MISSING_ELECTRON} (${failure})` : MISSING_ELECTRON);
    return 1;
  }

  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.CLASSCHARTS_BASE_URL;
  delete env.CLASSCHARTS_DEMO;
  delete env.ELECTRON_RUN_AS_NODE;

  const built = await runBuild(env);
  if (built !== 0) return built;

  let fake: { url: string; close(): Promise<void> } | null = null;
  if (mode === 'demo') {
    const { startFakeClassCharts } = await import('../dev/fake-classcharts/index');
    fake = await startFakeClassCharts({ port: 0 });
    Object.assign(env, { CLASSCHARTS_BASE_URL: fake.url, CLASSCHARTS_DEMO: '1' });
    console.log(
      `demo: fake ClassCharts on ${fake.url} — student DEMO2026 / 14/05/2012, parent parent@example.com / demo-parent`,
    );
  }
  const args = electronArgs({ platform: process.platform, env, root: process.getuid?.() === 0 });
  try {
    const code = await run(electron, args, env);
    if (code !== 0 && process.platform === 'linux') console.error(LINUX_SANDBOX_HINT);
    return code;
  } finally {
    await fake?.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv[2]).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
