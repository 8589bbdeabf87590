/**
 * Build, packaging and launch checks, in one file because they share out/ (slow: ~20 s).
 *
 * Packaging: `electron-vite build`, then `electron-builder --linux dir` with a stub
 * Electron binary (the real one cannot be downloaded here — toolchain.md). The stub carries Electron's
 * fuse sentinel and default fuse wire, so electron-builder really flips the fuses of electron-builder.yml
 * and this test reads them back. Then app.asar is opened with @electron/asar: it must hold the built main,
 * preload and renderer and the tray icons — and no sources, tests, scripts, source maps or fake server.
 *
 * Launch: `npm run demo` (scripts/launch.ts) with a stub Electron (ELECTRON_OVERRIDE_DIST_PATH) that
 * records how it was started and calls the fake server it was pointed at; and the one-paragraph message
 * where no Electron binary exists.
 */
import { extractFile, listPackage } from '@electron/asar';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MISSING_ELECTRON,
  electronPackageDir,
  findElectronBinary,
  installFailure,
} from '../../scripts/launch';
import { acquireOutDirLock } from './out-dir-lock';

const root = process.cwd();
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const work = mkdtempSync(join(tmpdir(), 'cct-pack-'));
const unpacked = join(work, 'dist', 'linux-unpacked');
const asarPath = join(unpacked, 'resources', 'app.asar');

/** Electron's fuse sentinel (@electron/fuses) and the fuse order of wire version 1. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
] as const;
const ON = 0x31;
const OFF = 0x30;

/** Runs a command to completion; rejects with its output's tail when it fails or takes too long. */
function run(
  command: string,
  args: string[],
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...env, CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else
        reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code}):\n${output.slice(-4000)}`));
    });
  });
}

let files: string[] = [];
let releaseOutDir: () => void = () => undefined;

beforeAll(async () => {
  // A stub "electron" executable with Electron's default fuse wire (version 1, 8 fuses).
  const stubDir = join(work, 'electron-stub');
  const defaults = [ON, OFF, ON, ON, OFF, OFF, OFF, ON];
  const stub = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stub electron"\n# '),
    Buffer.from(SENTINEL, 'ascii'),
    Buffer.from([1, defaults.length, ...defaults]),
    Buffer.from('\n'),
  ]);
  mkdirSync(stubDir, { recursive: true });
  releaseOutDir = await acquireOutDirLock();
  writeFileSync(join(stubDir, 'electron'), stub, { mode: 0o755 });

  await run(bin('electron-vite'), ['build'], 300_000);
  await run(
    bin('electron-builder'),
    [
      '--linux',
      'dir',
      `-c.electronDist=${stubDir}`,
      '-c.electronVersion=45.4.1',
      `-c.directories.output=${join(work, 'dist')}`,
    ],
    300_000,
  );
  files = listPackage(asarPath, { isPack: false }).map((f) => f.replace(/\\/g, '/'));
}, 600_000);

afterAll(() => {
  releaseOutDir();
  rmSync(work, { recursive: true, force: true });
});

describe('packaged app (electron-builder --dir, stub Electron)', () => {
  it('app.asar holds the built main, preload and renderer, and the tray icons', () => {
    for (const expected of [
      '/package.json',
      '/out/main/index.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/resources/icon.png',
      '/resources/tray/tray-normalTemplate.png',
      '/resources/tray/tray-signed-out-linux.png',
    ]) {
      expect(files).toContain(expected);
    }
    expect(files.some((f) => /^\/out\/renderer\/assets\/index-[\w-]+\.js$/.test(f))).toBe(true);
  });

  it('holds no sources, tests, scripts, source maps, build manifests or fake server', () => {
    const own = files.filter((f) => !f.startsWith('/node_modules/'));
    const offenders = own.filter(
      (f) =>
        /^\/(main|preload|renderer|test|scripts|build|docs|\.ci)(\/|$)/.test(f) ||
        /\.(ts|svelte|map)$/.test(f) ||
        /fake-classcharts|vitest|tsconfig|electron\.vite\.config|electron-builder\.yml|\/\.vite\//.test(f),
    );
    expect(offenders).toEqual([]);
    expect(files.filter((f) => f.includes('fake-classcharts'))).toEqual([]);
  });

  it('bundles only runtime dependencies, none of the dev tooling', () => {
    const packages = new Set(
      files
        .map((f) => /^\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f)?.[1])
        .filter((name): name is string => Boolean(name)),
    );
    for (const runtime of ['electron-store', 'zod', 'date-fns', 'set-cookie-parser'])
      expect(packages).toContain(runtime);
    for (const dev of [
      'electron',
      'vitest',
      'vite',
      'svelte',
      'typescript',
      'electron-builder',
      '@resvg/resvg-js',
      'playwright-core',
    ]) {
      expect(packages).not.toContain(dev);
    }
  });

  it('package.json in the asar starts the built main as an ES module', () => {
    const pkg = JSON.parse(extractFile(asarPath, 'package.json').toString('utf8')) as Record<string, unknown>;
    expect(pkg).toMatchObject({ main: 'out/main/index.js', type: 'module', productName: 'ClassCharts Tray' });
    expect(pkg.devDependencies).toBeUndefined();
  });

  it('the preload is one CommonJS file needing only electron (a sandboxed preload can load nothing else)', () => {
    const preload = extractFile(asarPath, 'out/preload/index.cjs').toString('utf8');
    const required = [...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(required).toEqual(['electron']);
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
    expect(preload).not.toMatch(/\bexports\b/);
  });

  it('the renderer page keeps its strict Content-Security-Policy', () => {
    const html = extractFile(asarPath, 'out/renderer/index.html').toString('utf8');
    expect(html).toMatch(/http-equiv="Content-Security-Policy"/);
    expect(html).toMatch(/default-src 'none'/);
    expect(html).toMatch(/script-src 'self'/);
    expect(html).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('flips the Electron fuses set in electron-builder.yml', () => {
    const binary = readFileSync(join(unpacked, 'classcharts-tray'));
    const at = binary.indexOf(SENTINEL) + SENTINEL.length;
    const wire = Object.fromEntries(FUSES.map((name, i) => [name, binary[at + 2 + i] === ON]));
    expect(wire).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: true,
    });
  });
});

describe('npm run demo / npm start (scripts/launch.ts)', () => {
  it('demo: builds, starts the fake server on 127.0.0.1 and runs Electron on this folder pointed at it', async () => {
    // A stub "Electron" that records its arguments and environment and calls the server it was given.
    const dist = join(work, 'launch-stub');
    mkdirSync(dist, { recursive: true });
    const report = join(work, 'launch-report.json');
    writeFileSync(
      join(dist, process.platform === 'win32' ? 'electron.exe' : 'electron'),
      [
        `#!${process.execPath}`,
        "const { writeFileSync } = require('node:fs');",
        'const base = process.env.CLASSCHARTS_BASE_URL;',
        "fetch(base + '/apiv2student/ping', { method: 'POST' }).then((r) => r.status, (e) => String(e)).then((status) => {",
        '  writeFileSync(process.env.STUB_REPORT, JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd(), base, demo: process.env.CLASSCHARTS_DEMO, status }));',
        '});',
      ].join('\n'),
      { mode: 0o755 },
    );
    const output = await run(
      process.execPath,
      [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/launch.ts', 'demo'],
      300_000,
      {
        ...process.env,
        ELECTRON_OVERRIDE_DIST_PATH: dist,
        STUB_REPORT: report,
      },
    );
    const seen = JSON.parse(readFileSync(report, 'utf8')) as {
      argv: string[];
      cwd: string;
      base: string;
      demo: string;
      status: unknown;
    };
    expect(seen.argv[0]).toBe('.');
    expect(seen.cwd).toBe(root);
    expect(seen.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(seen.demo).toBe('1');
    expect(seen.status).toBe(200);
    expect(output).toContain('DEMO2026');
  }, 300_000);

  it('finds Electron only where a binary really is', () => {
    const pkg = join(work, 'electron-pkg');
    mkdirSync(join(pkg, 'dist'), { recursive: true });
    expect(findElectronBinary({ env: {}, platform: 'linux', electronDir: pkg })).toBeNull();
    writeFileSync(join(pkg, 'path.txt'), 'electron');
    expect(findElectronBinary({ env: {}, platform: 'linux', electronDir: pkg })).toBeNull();
    writeFileSync(join(pkg, 'dist', 'electron'), '');
    expect(findElectronBinary({ env: {}, platform: 'linux', electronDir: pkg })).toBe(
      join(pkg, 'dist', 'electron'),
    );
    expect(findElectronBinary({ env: {}, platform: 'linux', electronDir: null })).toBeNull();
  });

  const installed = findElectronBinary({
    env: process.env,
    platform: process.platform,
    electronDir: electronPackageDir(),
  });
  it.skipIf(installed !== null)(
    'without the binary, start and demo stop at once with one paragraph pointing at preview',
    async () => {
      for (const mode of ['start', 'demo']) {
        const failure = await run(
          process.execPath,
          [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/launch.ts', mode],
          60_000,
          // Where the binary is missing, launch.ts would first run Electron's installer (a download from
          // the internet); tests reach nothing but 127.0.0.1, so the standard switch turns it off.
          { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
        ).then(
          () => null,
          (error: Error) => error.message,
        );
        expect(failure).toContain(MISSING_ELECTRON);
        expect(MISSING_ELECTRON).toContain('npm run preview');
        expect(MISSING_ELECTRON.split('\n')).toHaveLength(1);
      }
    },
  );

  it.skipIf(installed !== null)(
    "a download that fails (no internet) ends in the paragraph and the reason, not the installer's stack trace",
    async () => {
      const output = await run(
        process.execPath,
        [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/launch.ts', 'demo'],
        120_000,
        // A mirror on a closed loopback port: the installer runs and fails at once, reaching nothing outside.
        {
          ...process.env,
          ELECTRON_SKIP_BINARY_DOWNLOAD: '',
          ELECTRON_MIRROR: 'http://127.0.0.1:9/',
          electron_config_cache: mkdtempSync(join(work, 'electron-cache-')),
        },
      ).then(
        () => '',
        (error: Error) => error.message,
      );
      expect(output).toContain('fetching it once');
      expect(output).toContain(`${MISSING_ELECTRON} (Fetching it just now failed: `);
      expect(output).not.toMatch(/^\s+at /m);
    },
  );

  it('names the first error line of a failed install, short and ending in a full stop', () => {
    const output = [
      'HTTPError: Response code 404 (Not Found) for http://mirror/v45.0.0/electron.zip',
      '    at Request.<anonymous> (node_modules/got/dist/source/as-promise/index.js:118:42)',
    ].join('\n');
    expect(installFailure(output)).toBe(
      'HTTPError: Response code 404 (Not Found) for http://mirror/v45.0.0/electron.zip.',
    );
    expect(installFailure('', new Error('spawnSync node ETIMEDOUT'))).toBe('spawnSync node ETIMEDOUT.');
    expect(installFailure(`Error: ${'x'.repeat(500)}`)).toHaveLength(200);
  });
});
