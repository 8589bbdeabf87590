/**
 * Finds places where a file of the project reads or links something outside the repository: a relative
 * path climbing out of the repository root (in an import, a file read, a Markdown link or a comment),
 * and any mention of the `shared` folder that sits beside the repository on the developers' machines but
 * not in a user's clone. Used by ./self-contained.integration.test.ts; pure except for {@link projectFiles} and
 * {@link scanProject}, which read the file list and the files.
 *
 * This file's own text must not trip the scan, so every pattern is built from parts.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** One offending line: `file` relative to the root with `/` separators, `line` 1-based. */
export interface OutsideReference {
  file: string;
  line: number;
  /** The offending text as written. */
  text: string;
  /** `outside`: a relative path leaving the repository root; `shared`: the folder beside the repository. */
  kind: 'outside' | 'shared';
}

/** A known false alarm: a `text` in `file` that is not a path of that file. `why` says what it is. */
export interface Exception {
  file: string;
  text: string;
  why: string;
}

const UP = '\\.\\.' + '/';
const SHARED = 'sha' + 'red';

/**
 * A relative path: one or more `../` then path characters, not glued to a preceding path or word (so
 * `a/../b` and `https://x/../y` are not read as relative paths).
 */
const RELATIVE_PATH = new RegExp(`(?<![\\w./@-])(?:${UP})+[\\w.@/-]*`, 'g');

/**
 * The folder beside the repository however it is written: its name after one or more `../`, or its
 * sub-folders (api, design, fixtures, reviews, hooks) named after it with a slash and no `../`.
 */
const SHARED_FOLDER = new RegExp(
  `(?:(?:${UP})+${SHARED}(?![\\w-])|(?<![\\w./-])${SHARED}/(?:api|design|fixtures|reviews|hooks)(?![\\w-]))`,
  'g',
);

/** Folders never scanned when git is missing: git's own, dependencies, build output, reports (.gitignore). */
const SKIPPED_FOLDERS = new Set([
  '.git',
  'node_modules',
  'out',
  'dist',
  'coverage',
  'test-results',
  'tmp',
  '.scratch',
]);

/**
 * The offending references in one file's text. `file` is the path relative to `root` (`/` separators);
 * relative paths are resolved from the file's folder. `exceptions` lists known false alarms.
 */
export function findOutsideReferences(
  root: string,
  file: string,
  text: string,
  exceptions: readonly Exception[] = [],
): OutsideReference[] {
  const absoluteRoot = resolve(root);
  const sibling = join(dirname(absoluteRoot), SHARED);
  const folder = dirname(join(absoluteRoot, file));
  const found: OutsideReference[] = [];
  const excepted = (candidate: string): boolean =>
    exceptions.some((exception) => exception.file === file && exception.text === candidate);
  text.split(/\r?\n/).forEach((content, index) => {
    const add = (candidate: string, kind: OutsideReference['kind']): void => {
      if (excepted(candidate)) return;
      if (found.some((f) => f.line === index + 1 && f.text === candidate)) return;
      found.push({ file, line: index + 1, text: candidate, kind });
    };
    for (const match of content.matchAll(SHARED_FOLDER)) add(match[0], 'shared');
    if (content.includes(sibling)) add(sibling, 'shared');
    for (const match of content.matchAll(RELATIVE_PATH)) {
      const target = resolve(folder, match[0]);
      if (target !== absoluteRoot && !target.startsWith(absoluteRoot + sep)) add(match[0], 'outside');
    }
  });
  return found;
}

/**
 * The project's files relative to `root` (`/` separators): what git tracks plus new files it does not
 * ignore, or, without git, every file under `root` except dependencies and build output.
 */
export function projectFiles(root: string): string[] {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
    const files = [...new Set(listed.split('\0').filter((name) => name !== ''))];
    if (files.length > 0) return files.sort();
  } catch {
    // No git, or not a git checkout: walk the tree instead.
  }
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(join(folder, entry.name));
      } else if (entry.isFile()) {
        files.push(relative(root, join(folder, entry.name)).split(sep).join('/'));
      }
    }
  };
  walk(root);
  return files.sort();
}

/**
 * Scans every project file under `root` ({@link projectFiles}) and returns all offending references.
 * Binary files (a NUL byte in the first 8 KiB) and files that vanished since listing are skipped.
 */
export function scanProject(root: string, exceptions: readonly Exception[] = []): OutsideReference[] {
  const found: OutsideReference[] = [];
  for (const file of projectFiles(root)) {
    let data: Buffer;
    try {
      data = readFileSync(join(root, file));
    } catch {
      continue;
    }
    if (data.subarray(0, 8192).includes(0)) continue;
    found.push(...findOutsideReferences(root, file, data.toString('utf8'), exceptions));
  }
  return found;
}

/** `file:line: text (kind)`, the form a failing test prints. */
export function describeReference(reference: OutsideReference): string {
  return `${reference.file}:${reference.line}: ${reference.text} (${reference.kind})`;
}
