/**
 * `npm run self-test` (scripts/self-test.ts) without a real Electron: where the binary is missing it stops
 * with the launch paragraph and exit 1; and the runner it shares with the `_electron` smoke test starts the
 * binary on the app folder with `--self-test`, relays each line as it comes and keeps the exit code (a stub
 * shell script plays Electron).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { electronPackageDir, findElectronBinary, MISSING_ELECTRON } from '../../scripts/launch';
import { runSelfTestBinary } from '../../scripts/self-test';
import { run } from './pack';

const root = process.cwd();
const work = mkdtempSync(join(tmpdir(), 'cct-self-test-script-'));
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
      const failure = await run(
        process.execPath,
        [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/self-test.ts'],
        60_000,
      ).then(
        () => 'exited 0',
        (error: Error) => error.message,
      );
      expect(failure).toMatch(/failed \(1\)/);
      expect(failure).toContain(MISSING_ELECTRON);
    },
  );

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
