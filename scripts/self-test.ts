// `npm run self-test`: builds the app (electron-vite build), starts the fake ClassCharts server on 127.0.0.1,
// runs Electron on this folder with `--self-test` pointed at it (CLASSCHARTS_BASE_URL, CLASSCHARTS_DEMO=1),
// relays the check lines and exits with Electron's exit code (0: no check failed). What the lines mean:
// docs/self-test.md. Where the Electron binary is missing it prints the one paragraph of scripts/launch.ts
// and exits 1 — it never downloads anything.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBuild, electronArgs, electronPackageDir, findElectronBinary, MISSING_ELECTRON } from './launch';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** How long the whole self-test may run before it is killed, in milliseconds. */
export const SELF_TEST_TIMEOUT_MS = 90_000;

/** What one `--self-test` run gave: its exit code, its stdout lines, and its stderr (Chromium's noise). */
export interface SelfTestRun {
  /** The process's exit code; 1 when it was killed (signal or timeout). */
  code: number;
  /** Each non-empty stdout line, in order: the check lines. */
  lines: string[];
  stderr: string;
}

/**
 * Runs `binary` (Electron) on the app in `cwd` with `--self-test` and `env` (ELECTRON_RUN_AS_NODE removed),
 * passing each stdout line to `onLine` as it comes. Resolves when it exits; kills it after `timeoutMs`
 * (default {@link SELF_TEST_TIMEOUT_MS}). Rejects only when it cannot be started. Used by this script and
 * by the `_electron` smoke test (test/e2e/electron/smoke.spec.ts).
 */
export function runSelfTestBinary(options: {
  binary: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  onLine?: (line: string) => void;
  timeoutMs?: number;
}): Promise<SelfTestRun> {
  const env = { ...options.env };
  delete env.ELECTRON_RUN_AS_NODE;
  return new Promise((resolve, reject) => {
    const args = electronArgs({
      platform: process.platform,
      env,
      root: process.getuid?.() === 0,
      appArgs: ['--self-test'],
    });
    const child = spawn(options.binary, args, {
      cwd: options.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let pending = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const parts = pending.split(/\r?\n/);
      pending = parts.pop() ?? '';
      for (const line of parts)
        if (line.trim() !== '') {
          lines.push(line);
          options.onLine?.(line);
        }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? SELF_TEST_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (pending.trim() !== '') {
        lines.push(pending);
        options.onLine?.(pending);
      }
      resolve({ code: code ?? 1, lines, stderr });
    });
  });
}

async function main(): Promise<number> {
  const binary = findElectronBinary({
    env: process.env,
    platform: process.platform,
    electronDir: electronPackageDir(),
  });
  if (!binary) {
    console.error(MISSING_ELECTRON);
    return 1;
  }
  const built = await runBuild(process.env);
  if (built !== 0) return built;
  const { startFakeClassCharts } = await import('../test/fake-classcharts/index');
  const fake = await startFakeClassCharts({ port: 0 });
  try {
    const run = await runSelfTestBinary({
      binary,
      cwd: root,
      env: { ...process.env, CLASSCHARTS_BASE_URL: fake.url, CLASSCHARTS_DEMO: '1' },
      onLine: (line) => console.log(line),
    });
    // Chromium's own messages are held back unless the app printed nothing (it did not start).
    if (run.lines.length === 0 && run.stderr.trim() !== '') console.error(run.stderr.trimEnd());
    return run.code;
  } finally {
    await fake.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
