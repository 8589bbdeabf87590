/**
 * Child processes of the tests and of the dev tools (dev/fake-classcharts/spawn.ts), started and ended the
 * same way on Linux, macOS and Windows (the CI runs all three): TypeScript scripts through tsx's own bin on
 * this Node (./node-bin.ts says why not the .bin shim), an environment built from scratch, and a process
 * tree ended as a whole.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { nodeBin } from './node-bin';

/** tsx's command-line entry (node_modules/tsx/dist/cli.mjs): `spawn(process.execPath, [TSX, 'x.ts'])`. */
export const TSX = nodeBin('tsx');

/**
 * `extra` on top of the little a child needs and nothing else from this process (a developer's own
 * CLASSCHARTS_* settings never leak in): PATH and HOME; on Windows also SystemRoot, without which system
 * libraries the child loads fail (Winsock, CryptoAPI: https://jpassing.com/2009/12/28/the-hidden-danger-of-forgetting-to-specify-systemroot-in-a-custom-environment-block/),
 * and the profile and temp folders (USERPROFILE, APPDATA, LOCALAPPDATA, TEMP, TMP) Windows programs find
 * their folders by.
 */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const names =
    process.platform === 'win32'
      ? ['PATH', 'HOME', 'SystemRoot', 'USERPROFILE', 'APPDATA', 'LOCALAPPDATA', 'TEMP', 'TMP']
      : ['PATH', 'HOME'];
  // On Windows process.env reads its names case-insensitively (`Path` answers to PATH).
  const base = Object.fromEntries(names.map((name) => [name, process.env[name] ?? '']));
  return { ...base, ...extra };
}

/**
 * Ends `child` and every process it started (npm → tsx → node), at once: on Linux and macOS by sending
 * SIGKILL to its process group (so start it with `detached: true`, see {@link DETACHED}); on Windows,
 * which has neither signals nor process groups, with `taskkill /T /F` (the tree, forced). Never throws: a
 * process that is already gone is fine.
 */
export function endProcessTree(child: ChildProcess): void {
  if (child.pid === undefined) return;
  if (process.platform === 'win32') {
    spawnSync('taskkill', ['/pid', String(child.pid), '/T', '/F'], { stdio: 'ignore' });
    return;
  }
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * `detached` for a child that {@link endProcessTree} ends: its own process group on Linux and macOS; not
 * on Windows, where `detached` would give it a console window of its own instead.
 */
export const DETACHED = process.platform !== 'win32';
