// `npm run self-test`: builds the app (electron-vite build), starts the fake ClassCharts server on 127.0.0.1,
// runs Electron on this folder with `--self-test` pointed at it (CLASSCHARTS_BASE_URL, CLASSCHARTS_DEMO=1),
// relays the check lines and exits 0 when no check failed. What the lines mean: docs/self-test.md. Where
// the Electron binary is missing it prints the one paragraph of scripts/launch.ts and exits 1 — it never
// downloads anything.
//
// `npm run self-test -- --packed`: runs the app that `npm run build && npx electron-builder --dir` left in
// dist/ instead, as users get it (app.asar, fuses flipped): no build, no fake server — a packaged app ignores
// CLASSCHARTS_BASE_URL and signs in to the stand-in the self-test starts itself (main/self-test/runner.ts
// `signInTarget`). `--allow-fail <check>` (repeatable) lets that one check fail without failing the run;
// CI passes `--allow-fail notifications` (docs/releasing.md). Either way every check must print its line.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { CHECK_NAMES, parseCheckLine } from '../main/self-test/report';
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
 * Runs `binary` with `--self-test` and `env` (ELECTRON_RUN_AS_NODE removed) in `cwd`, passing each stdout
 * line to `onLine` as it comes: Electron on the app folder `cwd` (its first argument `.`), or with `packed`
 * a packaged app's own executable, which takes no app folder. Resolves when it exits; kills it after
 * `timeoutMs` (default {@link SELF_TEST_TIMEOUT_MS}). Rejects only when it cannot be started. Used by this
 * script and by the `_electron` smoke test (test/e2e/electron/smoke.spec.ts).
 */
export function runSelfTestBinary(options: {
  binary: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  packed?: boolean;
  onLine?: (line: string) => void;
  timeoutMs?: number;
}): Promise<SelfTestRun> {
  const env = { ...options.env };
  delete env.ELECTRON_RUN_AS_NODE;
  return new Promise((resolve, reject) => {
    const withFolder = electronArgs({
      platform: process.platform,
      env,
      root: process.getuid?.() === 0,
      appArgs: ['--self-test'],
    });
    const args = options.packed ? withFolder.slice(1) : withFolder;
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

/** The names a packed app is laid out under: package.json `productName`, electron-builder.yml `linux.executableName`. */
export interface PackedNames {
  productName: string;
  /** The Linux executable (electron-builder's default is the package name). */
  executableName: string;
}

/** {@link PackedNames} as package.json and electron-builder.yml in `root` give them. */
export function packedNames(root: string): PackedNames {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    productName?: string;
  };
  const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as {
    productName?: string;
    linux?: { executableName?: string };
  };
  return {
    productName: config.productName ?? pkg.productName ?? pkg.name,
    executableName: config.linux?.executableName ?? pkg.name,
  };
}

/**
 * Where `electron-builder --dir` leaves the app's executable under `distDir`, most likely first: the
 * folder is `<platform key><arch suffix>` plus `-unpacked` except on macOS, the suffix empty for x64 and
 * `-<arch>` otherwise (app-builder-lib 26 out/platformPackager.js `computeAppOutDir`, builder-util
 * `getArchSuffix`); then `linux-unpacked/<executableName>`, `win-unpacked/<productName>.exe` or
 * `mac/<productName>.app/Contents/MacOS/<productName>`. macOS also tries the universal build.
 */
export function packedBinaryCandidates(options: {
  distDir: string;
  platform: NodeJS.Platform;
  arch: string;
  names: PackedNames;
}): string[] {
  const suffix = options.arch === 'x64' ? '' : `-${options.arch}`;
  const { productName, executableName } = options.names;
  if (options.platform === 'darwin')
    return [`mac${suffix}`, 'mac-universal'].map((folder) =>
      join(options.distDir, folder, `${productName}.app`, 'Contents', 'MacOS', productName),
    );
  if (options.platform === 'win32')
    return [join(options.distDir, `win${suffix}-unpacked`, `${productName}.exe`)];
  return [join(options.distDir, `linux${suffix}-unpacked`, executableName)];
}

/** How a run came out: the exit code for this script, and one line per thing that made it fail or was let pass. */
export interface SelfTestVerdict {
  code: 0 | 1;
  /** Why the run failed (empty when it passed). */
  problems: string[];
  /** `fail` lines let pass by `allowFail`. */
  allowed: string[];
}

/**
 * Judges a `--self-test` run: it passes when every check of {@link CHECK_NAMES} printed its line and no
 * line says `fail`, except for the checks named in `allowFail` (CI's `notifications`: an unsigned macOS
 * app or a runner without a notification server cannot show one). A run that exits non-zero with no
 * `fail` line (a crash) fails.
 */
export function selfTestVerdict(run: SelfTestRun, allowFail: readonly string[] = []): SelfTestVerdict {
  const results = run.lines.map(parseCheckLine).filter((result) => result !== null);
  const problems: string[] = [];
  const allowed: string[] = [];
  const printed = new Set(results.map((result) => result.name));
  const missing = CHECK_NAMES.filter((name) => !printed.has(name));
  if (missing.length > 0) problems.push(`no line for ${missing.join(', ')}`);
  for (const result of results.filter((r) => r.status === 'fail')) {
    const line = `${result.name}: ${result.detail}`;
    if (allowFail.includes(result.name)) allowed.push(line);
    else problems.push(`failed: ${line}`);
  }
  if (run.code !== 0 && problems.length === 0 && allowed.length === 0)
    problems.push(`exited ${run.code} without a failed check`);
  return { code: problems.length > 0 ? 1 : 0, problems, allowed };
}

/**
 * This script's options: `--packed`, and each `--allow-fail <check>` (or `--allow-fail=<check>`). Throws
 * on an unknown argument and on a check name that is not one of {@link CHECK_NAMES}.
 */
export function parseSelfTestArgs(argv: readonly string[]): { packed: boolean; allowFail: string[] } {
  let values: { packed: boolean; 'allow-fail': string[] };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        packed: { type: 'boolean', default: false },
        'allow-fail': { type: 'string', multiple: true, default: [] },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('. ')[0] : String(error);
    throw new Error(`unknown argument (${reason}): use --packed and --allow-fail <check>`, {
      cause: error,
    });
  }
  const allowFail = values['allow-fail'];
  const unknown = allowFail.filter((name) => !(CHECK_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`--allow-fail ${unknown.join(', ')}: not a check (${CHECK_NAMES.join(', ')})`);
  return { packed: values.packed, allowFail };
}

function report(run: SelfTestRun, allowFail: readonly string[]): number {
  // Chromium's own messages are held back unless the app printed nothing (it did not start).
  if (run.lines.length === 0 && run.stderr.trim() !== '') console.error(run.stderr.trimEnd());
  const verdict = selfTestVerdict(run, allowFail);
  for (const line of verdict.allowed) console.log(`self-test: allowed to fail here: ${line}`);
  for (const line of verdict.problems) console.error(`self-test: ${line}`);
  return verdict.code;
}

async function runPacked(allowFail: readonly string[]): Promise<number> {
  const candidates = packedBinaryCandidates({
    distDir: join(root, 'dist'),
    platform: process.platform,
    arch: process.arch,
    names: packedNames(root),
  });
  const binary = candidates.find((candidate) => existsSync(candidate));
  if (!binary) {
    console.error(
      `No packed app: run \`npm run build && npx electron-builder --dir\` first (looked for ${candidates.join(', ')}).`,
    );
    return 1;
  }
  console.log(`self-test of the packed app ${binary}`);
  const env = { ...process.env };
  delete env.CLASSCHARTS_BASE_URL;
  delete env.CLASSCHARTS_DEMO;
  const run = await runSelfTestBinary({
    binary,
    cwd: root,
    env,
    packed: true,
    onLine: (line) => console.log(line),
  });
  return report(run, allowFail);
}

async function main(argv: readonly string[]): Promise<number> {
  const { packed, allowFail } = parseSelfTestArgs(argv);
  if (packed) return runPacked(allowFail);
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
  const { startFakeClassCharts } = await import('../dev/fake-classcharts/index');
  const fake = await startFakeClassCharts({ port: 0 });
  try {
    const run = await runSelfTestBinary({
      binary,
      cwd: root,
      env: { ...process.env, CLASSCHARTS_BASE_URL: fake.url, CLASSCHARTS_DEMO: '1' },
      onLine: (line) => console.log(line),
    });
    return report(run, allowFail);
  } finally {
    await fake.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
