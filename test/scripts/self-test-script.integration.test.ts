/**
 * `npm run self-test` (scripts/self-test.ts) without a real Electron: where the binary is missing it stops
 * with the launch paragraph and exit 1; and the runner it shares with the `_electron` smoke test starts the
 * binary on the app folder with `--self-test`, relays each line as it comes and keeps the exit code (a stub
 * shell script plays Electron). `--packed` (CI, after `electron-builder --dir`): where each OS's packed
 * executable is, that it is started without an app folder, and how a run is judged (`--allow-fail`).
 */
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECK_NAMES, formatCheck, type CheckResult } from '../../main/self-test/report';
import { electronPackageDir, findElectronBinary, MISSING_ELECTRON } from '../../scripts/launch';
import {
  packedBinaryCandidates,
  packedNames,
  parseSelfTestArgs,
  runSelfTestBinary,
  selfTestVerdict,
  type SelfTestRun,
} from '../../scripts/self-test';
import { TSX } from '../../scripts/child-processes';
import { run } from '../packaging/pack';

const root = process.cwd();
// Its real path: macOS's temp folder is under /var, a link to /private/var, and the stub's shell reports
// the real one as $PWD.
const work = realpathSync(mkdtempSync(join(tmpdir(), 'cct-self-test-script-')));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const installed = findElectronBinary({
  env: process.env,
  platform: process.platform,
  electronDir: electronPackageDir(),
});

describe('npm run self-test', () => {
  it.skipIf(installed !== null)(
    'without the binary, stops at once with the launch paragraph and exit 1',
    async () => {
      const failure = await run(process.execPath, [TSX, 'scripts/self-test.ts'], 60_000).then(
        () => 'exited 0',
        (error: Error) => error.message,
      );
      expect(failure).toMatch(/failed \(1\)/);
      expect(failure).toContain(MISSING_ELECTRON);
    },
  );

  // The stub Electron is a shell script: Windows starts only real executables.
  it.runIf(process.platform !== 'win32')(
    'runs the binary on the app folder with --self-test, relays each line and keeps the exit code',
    async () => {
      const stub = join(work, 'electron');
      const seen = join(work, 'seen.txt');
      writeFileSync(
        stub,
        [
          '#!/bin/sh',
          `printf '%s|%s|%s\\n' "$PWD" "$*" "\${ELECTRON_RUN_AS_NODE:-unset}" > '${seen}'`,
          "echo 'ok    versions         Electron 45.4.1'",
          "echo 'fail  notifications    refused'",
          "echo 'chromium noise' >&2",
          'exit 1',
        ].join('\n'),
      );
      chmodSync(stub, 0o755);
      const relayed: string[] = [];
      const result = await runSelfTestBinary({
        binary: stub,
        cwd: work,
        env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
        onLine: (line) => relayed.push(line),
      });
      expect(result.code).toBe(1);
      expect(result.lines).toEqual([
        'ok    versions         Electron 45.4.1',
        'fail  notifications    refused',
      ]);
      expect(relayed).toEqual(result.lines);
      expect(result.stderr).toContain('chromium noise');
      const [cwd, args, runAsNode] = readFileSync(seen, 'utf8').trim().split('|');
      expect(cwd).toBe(work);
      expect(args!.split(' ').slice(0, 2)).toEqual(['.', '--self-test']);
      expect(runAsNode).toBe('unset'); // Electron as Node would not run the app at all
    },
  );
});

describe('npm run self-test -- --packed', () => {
  const names = packedNames(root);

  it('reads the names electron-builder lays the app out under from package.json and electron-builder.yml', () => {
    expect(names).toEqual({ productName: 'ClassCharts Tray', executableName: 'classcharts-tray' });
  });

  it("looks for each OS's packed executable where electron-builder --dir leaves it", () => {
    const distDir = join('repo', 'dist');
    const where = (platform: NodeJS.Platform, arch: string) =>
      packedBinaryCandidates({ distDir, platform, arch, names });
    expect(where('linux', 'x64')).toEqual([join(distDir, 'linux-unpacked', 'classcharts-tray')]);
    expect(where('linux', 'arm64')).toEqual([join(distDir, 'linux-arm64-unpacked', 'classcharts-tray')]);
    expect(where('win32', 'x64')).toEqual([join(distDir, 'win-unpacked', 'ClassCharts Tray.exe')]);
    const app = join('ClassCharts Tray.app', 'Contents', 'MacOS', 'ClassCharts Tray');
    // macos-latest runners are Apple silicon: `--dir` packs for the running arch (electron-builder 26
    // out/builder.js `commonArch(true)`), into mac-arm64/.
    expect(where('darwin', 'arm64')).toEqual([
      join(distDir, 'mac-arm64', app),
      join(distDir, 'mac-universal', app),
    ]);
    expect(where('darwin', 'x64')[0]).toBe(join(distDir, 'mac', app));
  });

  // The stub packed app is a shell script: Windows starts only real executables.
  it.runIf(process.platform !== 'win32')(
    'starts the packed executable with --self-test and no app folder',
    async () => {
      const stub = join(work, 'packed-app');
      const seen = join(work, 'packed-seen.txt');
      writeFileSync(stub, `#!/bin/sh\nprintf '%s' "$*" > '${seen}'\n`);
      chmodSync(stub, 0o755);
      await runSelfTestBinary({ binary: stub, cwd: work, env: process.env, packed: true });
      expect(readFileSync(seen, 'utf8').split(' ')[0]).toBe('--self-test');
    },
  );

  const line = (status: CheckResult['status'], name: string) =>
    formatCheck({ status, name, detail: 'detail' });
  const outcome = (code: number, lines: string[]): SelfTestRun => ({ code, lines, stderr: '' });
  const allOk = CHECK_NAMES.map((name) => line('ok', name));

  it('passes a run where every check printed and none failed', () => {
    expect(selfTestVerdict(outcome(0, allOk))).toEqual({ code: 0, problems: [], allowed: [] });
  });

  it('fails a failed check unless it is allowed to fail, and says which was let pass', () => {
    const lines = CHECK_NAMES.map((name) => line(name === 'notifications' ? 'fail' : 'ok', name));
    expect(selfTestVerdict(outcome(1, lines)).code).toBe(1);
    expect(selfTestVerdict(outcome(1, lines), ['notifications'])).toEqual({
      code: 0,
      problems: [],
      allowed: ['notifications: detail'],
    });
    const twoFailed = lines.map((l, i) => (i === 0 ? line('fail', 'versions') : l));
    expect(selfTestVerdict(outcome(1, twoFailed), ['notifications']).problems).toEqual([
      'failed: versions: detail',
    ]);
  });

  it('fails a run that stopped before every check printed, or crashed without a failed check', () => {
    expect(selfTestVerdict(outcome(0, allOk.slice(0, 3))).problems).toEqual([
      `no line for ${CHECK_NAMES.slice(3).join(', ')}`,
    ]);
    expect(selfTestVerdict(outcome(139, allOk))).toEqual({
      code: 1,
      problems: ['exited 139 without a failed check'],
      allowed: [],
    });
  });

  it('takes --packed and --allow-fail <check>, and refuses a check that does not exist', () => {
    expect(parseSelfTestArgs([])).toEqual({ packed: false, allowFail: [] });
    expect(parseSelfTestArgs(['--packed', '--allow-fail', 'notifications'])).toEqual({
      packed: true,
      allowFail: ['notifications'],
    });
    expect(parseSelfTestArgs(['--allow-fail=tray host']).allowFail).toEqual(['tray host']);
    expect(() => parseSelfTestArgs(['--allow-fail', 'notification'])).toThrow(/not a check/);
    expect(() => parseSelfTestArgs(['--pakced'])).toThrow(/unknown argument/);
  });

  const packedHere = packedBinaryCandidates({
    distDir: join(root, 'dist'),
    platform: process.platform,
    arch: process.arch,
    names,
  }).some((candidate) => existsSync(candidate));
  it.skipIf(packedHere)('without a packed app in dist/, says to pack first and exits 1', async () => {
    const failure = await run(process.execPath, [TSX, 'scripts/self-test.ts', '--packed'], 60_000).then(
      () => 'exited 0',
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/failed \(1\)/);
    expect(failure).toContain('No packed app: run `npm run build && npx electron-builder --dir` first');
  });
});
