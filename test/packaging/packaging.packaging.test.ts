/**
 * Build, packaging and launch checks, in one file because they share out/ (slow: ~20 s).
 *
 * Packaging: `electron-vite build`, then `electron-builder --linux dir` with a stub Electron binary
 * (./pack.ts; the real one cannot be downloaded here), whose fuses this test reads back. Then app.asar is
 * opened with @electron/asar: it must hold the built main, preload and renderer and the tray icons, and
 * only what runs: no node_modules (every package is bundled, each once), no sources, tests, scripts,
 * source maps or fake server, within 3 MB and 200 entries. Beside it, resources/app-update.yml names the
 * GitHub releases electron-builder.yml `publish` sets.
 *
 * Launch: `npm run demo` (scripts/launch.ts) with a stub Electron (ELECTRON_OVERRIDE_DIST_PATH) that
 * records how it was started and calls the fake server it was pointed at; and the one-paragraph message
 * where no Electron binary exists.
 */
import { extractFile, listPackage } from '@electron/asar';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import type { Configuration } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  MISSING_ELECTRON,
  electronPackageDir,
  executableIn,
  findElectronBinary,
  installFailure,
} from '../../scripts/launch';
import { DEMO_CREDENTIALS } from '../../common/demo-accounts';
import { TSX } from '../../scripts/child-processes';
import { acquireOutDirLock } from './out-dir-lock';
import {
  FUSES,
  FUSE_ON,
  FUSE_SENTINEL,
  ROOT as root,
  buildApp,
  packLinuxDir,
  run,
  type PackedApp,
} from './pack';

const work = mkdtempSync(join(tmpdir(), 'cct-pack-'));

let packed: PackedApp;
let files: string[] = [];
/**
 * The packages bundled into main (out/main/index.js and its chunks), from their source maps: package
 * name → the paths it came from.
 */
let mainPackages = new Map<string, Set<string>>();
/** The packages of out/main/index.js alone: what every start loads. */
let startPackages = new Set<string>();
let releaseOutDir: () => void = () => undefined;

/** `node_modules/<name>` or `node_modules/@scope/<name>`, the last one in a source path. */
function packageOf(source: string): { name: string; path: string } | null {
  const match = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(source);
  return match ? { name: match[2]!, path: match[1]! } : null;
}

beforeAll(async () => {
  releaseOutDir = await acquireOutDirLock();
  await buildApp();
  const sourcesOf = (file: string) =>
    (JSON.parse(readFileSync(join(root, 'out/main', `${file}.map`), 'utf8')) as { sources: string[] })
      .sources;
  const chunks = readdirSync(join(root, 'out/main/chunks'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `chunks/${f}`);
  mainPackages = new Map();
  for (const file of ['index.js', ...chunks])
    for (const source of sourcesOf(file)) {
      const found = packageOf(source);
      if (found) mainPackages.set(found.name, (mainPackages.get(found.name) ?? new Set()).add(found.path));
    }
  startPackages = new Set(
    sourcesOf('index.js').flatMap((source) => {
      const found = packageOf(source);
      return found ? [found.name] : [];
    }),
  );
  packed = await packLinuxDir(work);
  files = listPackage(packed.asarPath, { isPack: false }).map((f) => f.replace(/\\/g, '/'));
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

  it('holds only what runs: no node_modules, within 3 MB and 200 entries', () => {
    // Every package main uses is bundled into out/main/index.js (electron.vite.config.ts), the renderer's
    // into its assets, so electron-builder adds no node_modules (package.json has no "dependencies").
    expect(files.filter((f) => f.startsWith('/node_modules'))).toEqual([]);
    expect(statSync(packed.asarPath).size).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect(files.length).toBeLessThanOrEqual(200);
    expect(files.filter((f) => /\.(ts|map)$/.test(f))).toEqual([]); // .d.ts included
  });

  it("main's bundle holds the runtime packages, each once, and none of the renderer's or the tooling", () => {
    for (const runtime of ['zod', 'date-fns', '@date-fns/tz', 'set-cookie-parser', 'electron-store', 'conf'])
      expect([...mainPackages.keys()]).toContain(runtime);
    const twice = [...mainPackages].filter(([, paths]) => paths.size > 1).map(([name]) => name);
    expect(twice).toEqual([]);
    // electron-updater is import()ed at the first update check (main/index.ts): in a chunk of its own in
    // the asar, never in what every start loads.
    expect(mainPackages.has('electron-updater')).toBe(true);
    expect(
      [...startPackages].filter((name) =>
        /^(electron-updater|builder-util-runtime|fs-extra|js-yaml)$/.test(name),
      ),
    ).toEqual([]);
    expect(files.some((f) => /^\/out\/main\/chunks\/electron-updater-[\w-]+\.js$/.test(f))).toBe(true);
    // DOMPurify runs in the popover (bundled into the renderer's assets), never in main.
    for (const other of [
      'dompurify',
      'svelte',
      'electron',
      'vitest',
      'vite',
      'typescript',
      'electron-builder',
    ])
      expect([...mainPackages.keys()]).not.toContain(other);
    const renderer = files
      .filter((f) => /^\/out\/renderer\/assets\/.*\.js$/.test(f))
      .map((f) => extractFile(packed.asarPath, f.slice(1)).toString('utf8'));
    expect(renderer.filter((code) => code.includes('DOMPurify')).length).toBe(1);
    // The browser preview's WebSocket bridge never runs in the app (preload provides window.classcharts).
    expect(files.filter((f) => /ws-transport/.test(f))).toEqual([]);
  });

  it('package.json in the asar starts the built main as an ES module, with the desktop name', () => {
    const pkg = JSON.parse(extractFile(packed.asarPath, 'package.json').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(pkg).toMatchObject({ main: 'out/main/index.js', type: 'module', productName: 'ClassCharts Tray' });
    // Electron names the app for the desktop from it (electron@96f3996 lib/browser/init.ts
    // `app.setDesktopName(packageJson.desktopName || …)`): Wayland app_id, notifications' desktop-entry hint.
    expect(pkg.desktopName).toBe('io.github.classchartstray.desktop');
    expect(pkg.devDependencies).toBeUndefined();
  });

  it('the preload is one CommonJS file needing only electron (a sandboxed preload can load nothing else)', () => {
    const preload = extractFile(packed.asarPath, 'out/preload/index.cjs').toString('utf8');
    const required = [...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(required).toEqual(['electron']);
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
    expect(preload).not.toMatch(/\bexports\b/);
  });

  it('the renderer page keeps its strict Content-Security-Policy', () => {
    const html = extractFile(packed.asarPath, 'out/renderer/index.html').toString('utf8');
    expect(html).toMatch(/http-equiv="Content-Security-Policy"/);
    expect(html).toMatch(/default-src 'none'/);
    expect(html).toMatch(/script-src 'self'/);
    expect(html).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it("tells electron-updater to read the project's GitHub releases (resources/app-update.yml)", () => {
    // electron-builder writes it after packing from `publish` (app-builder-lib 26
    // out/publish/PublishManager.js, onAfterPack → getAppUpdatePublishConfiguration), and electron-updater
    // reads it from process.resourcesPath at run time.
    const config = parse(
      readFileSync(join(packed.unpacked, 'resources', 'app-update.yml'), 'utf8'),
    ) as Record<string, unknown>;
    expect(config).toMatchObject({
      provider: 'github',
      owner: 'classchartstray',
      repo: 'classcharts-tray',
      releaseType: 'draft',
    });
  });

  it('flips the Electron fuses set in electron-builder.yml', () => {
    const binary = readFileSync(packed.executable);
    const at = binary.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length;
    const wire = Object.fromEntries(FUSES.map((name, i) => [name, binary[at + 2 + i] === FUSE_ON]));
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

describe('electron-builder.yml: signing, notarisation and architectures (docs/signing.md)', () => {
  /** The configuration as electron-builder itself loads and validates it (its own schema). */
  async function builderConfig(): Promise<Configuration> {
    const config = await getConfig(root, null, null);
    await validateConfiguration(config, { isEnabled: false, add: () => undefined } as never);
    return config;
  }

  it('builds the macOS dmg and zip for Intel and Apple silicon, signed and notarised when the keys are given', async () => {
    const { mac } = await builderConfig();
    // The zip is what electron-updater downloads on macOS; the dmg is what people install from.
    expect(mac?.target).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ]);
    // Signing identity from CSC_LINK/CSC_KEY_PASSWORD (or the keychain), never named in the file; notarised
    // by electron-builder when APPLE_API_KEY… or APPLE_ID… are set (app-builder-lib 26
    // out/mac/MacTargetHelper.js getNotarizeOptions); unsigned builds still build (no forceCodeSigning).
    expect(mac?.identity).toBeUndefined();
    expect(mac?.notarize).toBe(true);
    expect(mac?.hardenedRuntime).toBe(true);
    expect(mac?.forceCodeSigning ?? false).toBe(false);
  });

  it('publishes to a draft GitHub release, and only when asked (npm run dist never uploads)', async () => {
    const { publish } = await builderConfig();
    expect(publish).toEqual({
      provider: 'github',
      owner: 'classchartstray',
      repo: 'classcharts-tray',
      releaseType: 'draft',
    });
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.dist).toContain('--publish never');
  });

  it('names no certificate, password or Apple account in the file', () => {
    const text = readFileSync(join(root, 'electron-builder.yml'), 'utf8');
    expect(text).not.toMatch(
      /^\s*(identity|cscLink|cscKeyPassword|certificateFile|certificatePassword|appleId)\s*:/m,
    );
  });

  it('docs/signing.md explains every variable the build reads', () => {
    const doc = readFileSync(join(root, 'docs/signing.md'), 'utf8');
    for (const name of [
      'CSC_LINK',
      'CSC_KEY_PASSWORD',
      'APPLE_API_KEY',
      'APPLE_API_KEY_ID',
      'APPLE_API_ISSUER',
      'APPLE_ID',
      'APPLE_APP_SPECIFIC_PASSWORD',
      'APPLE_TEAM_ID',
      'WIN_CSC_LINK',
      'WIN_CSC_KEY_PASSWORD',
    ])
      expect(doc, name).toContain(`\`${name}\``);
  });
});

describe('npm run demo / npm start (scripts/launch.ts)', () => {
  // Windows starts only real executables: a script named electron.exe cannot play Electron there.
  it.skipIf(process.platform === 'win32')(
    'demo: builds, starts the fake server on 127.0.0.1 and runs Electron on this folder pointed at it',
    async () => {
      // A stub "Electron" that records its arguments and environment and calls the server it was given,
      // where launch.ts looks for this OS's executable (Electron.app/Contents/MacOS/Electron on macOS).
      const dist = join(work, 'launch-stub');
      const stub = join(dist, executableIn(process.platform));
      mkdirSync(dirname(stub), { recursive: true });
      const report = join(work, 'launch-report.json');
      writeFileSync(
        stub,
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
      const output = await run(process.execPath, [TSX, 'scripts/launch.ts', 'demo'], 300_000, {
        ...process.env,
        ELECTRON_OVERRIDE_DIST_PATH: dist,
        STUB_REPORT: report,
      });
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
      expect(output).toContain(DEMO_CREDENTIALS.student.code);
    },
    300_000,
  );

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
          [TSX, 'scripts/launch.ts', mode],
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
        [TSX, 'scripts/launch.ts', 'demo'],
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
