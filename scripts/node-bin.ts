/**
 * The JavaScript file behind an installed package's command, to be run by this Node:
 * `spawn(process.execPath, [nodeBin('vitest'), 'run'])` starts the same program on Linux, macOS and Windows.
 *
 * Why not the command itself: node_modules/.bin/<command> is a shell script (npm adds a `.cmd` beside it
 * on Windows), which Windows cannot start as a program; and `npx`/`npm` are `.cmd` files there, which
 * Node refuses to spawn without `shell: true` since its CVE-2024-27980 fix (EINVAL:
 * https://nodejs.org/en/blog/vulnerability/april-2024-security-releases-2).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The absolute path of package `pkg`'s command `command` (default: the package's name without its scope),
 * as its package.json `bin` names it (a string `bin` is the one command). Resolved from the repository
 * root. Throws when the package is not installed or has no such command.
 */
export function nodeBin(pkg: string, command: string = pkg.replace(/^@[^/]+\//, '')): string {
  const manifest = createRequire(join(root, 'package.json')).resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: string | Record<string, string> };
  const file = typeof bin === 'string' ? bin : bin?.[command];
  if (!file) throw new Error(`${pkg} has no command ${command}`);
  return join(dirname(manifest), file);
}
