/**
 * Temporary folders that a shared test helper makes for a test file but cannot remove itself, not knowing
 * when the file is done (the electron mock's userData folders: test/mocks/electron.ts). Each is removed,
 * with everything in it, after every test file by test/setup/remove-temp-folders.ts (a vitest setup file).
 * The list lives on globalThis: a test that evaluates the helper again after `vi.resetModules()` adds to
 * the same list. A test file's own folders stay its own business (mkdtemp, then rmSync in afterAll).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const KEY = Symbol.for('classcharts-tray.test.temp-folders');

function made(): Set<string> {
  const global = globalThis as { [KEY]?: Set<string> };
  return (global[KEY] ??= new Set());
}

/** A new empty folder `<prefix>XXXXXX` in the OS temp folder, removed after the test file. */
export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  made().add(folder);
  return folder;
}

/** Removes every folder `tempFolder` made so far. */
export function removeTempFolders(): void {
  for (const folder of made()) rmSync(folder, { recursive: true, force: true });
  made().clear();
}
