/**
 * Building and packing the app as a release would, without the Electron binary (it cannot be downloaded
 * here: docs/toolchain.md): `electron-vite build` into out/, then `electron-builder --linux dir` with a stub
 * Electron executable. The stub carries Electron's fuse sentinel and default fuse wire, so electron-builder
 * really flips the fuses of electron-builder.yml. Shared by test/packaging/packaging.packaging.test.ts (what
 * the package holds) and the bench (test/bench/package.ts: how big it is, how fast main loads).
 *
 * Callers hold the out/ lock (test/packaging/out-dir-lock.ts) from the build until they are done with out/.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeBin } from '../../scripts/node-bin';

/** The repository root (tests and the bench run from it). */
export const ROOT = process.cwd();

/** Electron's fuse sentinel (@electron/fuses): the fuse wire follows it in the binary. */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** The fuses of wire version 1, in wire order (@electron/fuses `FuseV1Options`). */
export const FUSES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
] as const;
/** A fuse byte that is on (ASCII '1'). */
export const FUSE_ON = 0x31;
/** A fuse byte that is off (ASCII '0'). */
export const FUSE_OFF = 0x30;

/**
 * Runs a command in the repository root to completion and resolves with its output (stdout and stderr).
 * Rejects with the output's last 4,000 characters when it exits non-zero, and kills it after `timeoutMs`.
 */
export function run(
  command: string,
  args: string[],
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
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

/** `electron-vite build` → out/ (main, preload, renderer), through this Node. Rejects when the build fails. */
export async function buildApp(): Promise<void> {
  await run(process.execPath, [nodeBin('electron-vite'), 'build'], 300_000);
}

/** What `packLinuxDir` made. */
export interface PackedApp {
  /** `<work>/dist/linux-unpacked`: the app as an installer would lay it out. */
  unpacked: string;
  /** `<unpacked>/resources/app.asar`. */
  asarPath: string;
  /** `<unpacked>/classcharts-tray`: the stub Electron with the fuses flipped. */
  executable: string;
}

/**
 * Packs the current out/ with `electron-builder --linux dir` into `<work>/dist` (a folder the caller
 * owns and removes), using a stub Electron with the default fuse wire written to `<work>/electron-stub`.
 * Rejects with electron-builder's output when packing fails.
 */
export async function packLinuxDir(work: string): Promise<PackedApp> {
  const stubDir = join(work, 'electron-stub');
  const defaults = [FUSE_ON, FUSE_OFF, FUSE_ON, FUSE_ON, FUSE_OFF, FUSE_OFF, FUSE_OFF, FUSE_ON];
  mkdirSync(stubDir, { recursive: true });
  writeFileSync(
    join(stubDir, 'electron'),
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "stub electron"\n# '),
      Buffer.from(FUSE_SENTINEL, 'ascii'),
      Buffer.from([1, defaults.length, ...defaults]),
      Buffer.from('\n'),
    ]),
    { mode: 0o755 },
  );
  await run(
    process.execPath,
    [
      nodeBin('electron-builder'),
      '--linux',
      'dir',
      `-c.electronDist=${stubDir}`,
      '-c.electronVersion=45.4.1',
      `-c.directories.output=${join(work, 'dist')}`,
    ],
    300_000,
  );
  const unpacked = join(work, 'dist', 'linux-unpacked');
  return {
    unpacked,
    asarPath: join(unpacked, 'resources', 'app.asar'),
    executable: join(unpacked, 'classcharts-tray'),
  };
}
