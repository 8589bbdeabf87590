// Nothing in the project reads or links outside the repository: a user's clone has only the repository,
// so every fixture, doc and import the project relies on must live inside it. The scan covers every file
// git tracks (plus new, not ignored ones), or the whole tree without dependencies and build output when
// git is missing. The facts the project once took from notes beside the repository are in docs/.
//
// Patterns and sample paths are built from parts so that this file does not trip its own scan.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  describeReference,
  findOutsideReferences,
  projectFiles,
  scanProject,
  type Exception,
} from './outside-references';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const up = (levels: number): string => '../'.repeat(levels);
const sharedFolder = ['sha', 'red'].join('');

/** Known false alarms: text that looks like a path climbing out of the repository but is not one. */
const EXCEPTIONS: Exception[] = [
  {
    file: 'eslint.config.js',
    text: `${up(2)}main`,
    why: 'an import pattern matched against imports in renderer/, not a path from eslint.config.js',
  },
  // Resolved from the root, `../main` is the repository itself only when its folder is named `main`; a
  // clone in any other folder (`git clone … classcharts-tray`) would flag it.
  {
    file: 'eslint.config.js',
    text: `${up(1)}main`,
    why: 'the same import pattern, one level up',
  },
];

describe('findOutsideReferences', () => {
  const scan = (file: string, text: string): string[] =>
    findOutsideReferences('/repo/main', file, text).map(describeReference);

  it('flags a file read through a relative path that leaves the repository', () => {
    const line = `const FIXTURES = new URL('${up(3)}${sharedFolder}/fixtures/classcharts/', import.meta.url);`;
    expect(scan('test/fake-classcharts/shapes.test.ts', `// header\n${line}\n`)).toEqual([
      `test/fake-classcharts/shapes.test.ts:2: ${up(3)}${sharedFolder} (shared)`,
      `test/fake-classcharts/shapes.test.ts:2: ${up(3)}${sharedFolder}/fixtures/classcharts/ (outside)`,
    ]);
  });

  it('flags a Markdown link and a comment that point outside, resolved from the file’s own folder', () => {
    expect(scan('README.md', `See [the notes](${up(1)}notes/api.md).`)).toEqual([
      `README.md:1: ${up(1)}notes/api.md (outside)`,
    ]);
    expect(scan('main/a/b.ts', ` * spec ${up(3)}elsewhere/spec.md §5`)).toEqual([
      `main/a/b.ts:1: ${up(3)}elsewhere/spec.md (outside)`,
    ]);
  });

  it('flags the folder beside the repository however it is named, even when the path stays inside', () => {
    // From docs/notes/, one level up is docs/: inside the repository, but it still names that folder.
    expect(scan('docs/notes/client.md', `as \`${up(1)}${sharedFolder}/fixtures/classcharts/\``)).toEqual([
      `docs/notes/client.md:1: ${up(1)}${sharedFolder} (shared)`,
    ]);
    expect(scan('main/x.ts', `// ${sharedFolder}/design/toolchain.md "Browser tests"`)).toEqual([
      `main/x.ts:1: ${sharedFolder}/design (shared)`,
    ]);
    expect(scan('main/x.ts', `const notes = '/repo/${sharedFolder}/api';`)).toEqual([
      `main/x.ts:1: /repo/${sharedFolder} (shared)`,
    ]);
  });

  it('lets relative paths inside the repository, URLs and other projects’ folders of that name pass', () => {
    const text = [
      `import { a } from '${up(2)}main/classcharts/client';`,
      `[docs](${up(3)}docs/classcharts-api.md)`,
      `fetch('https://example.com/a/${up(1)}b');`,
      `classcharts-orc \`${sharedFolder}/src/classcharts.ts\``,
      `const outDir = join(here, '..');`,
    ].join('\n');
    expect(scan('test/classcharts/fixtures/README.md', text)).toEqual([]);
  });

  it('skips a listed exception and only that', () => {
    const text = `group: ['${up(2)}main'], other: '${up(2)}other'`;
    expect(
      findOutsideReferences('/repo/main', 'eslint.config.js', text, EXCEPTIONS).map(describeReference),
    ).toEqual([`eslint.config.js:1: ${up(2)}other (outside)`]);
  });
});

describe('the repository', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'self-contained-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('lists its files (git, or a walk of the tree without git)', () => {
    const files = projectFiles(root);
    expect(files).toContain('package.json');
    expect(files).toContain('test/repository/self-contained.integration.test.ts');
    expect(files.some((file) => file.startsWith('node_modules/'))).toBe(false);

    writeFileSync(join(scratch, 'a.md'), `[x](${up(1)}y.md)\n`);
    expect(projectFiles(scratch)).toEqual(['a.md']);
    expect(scanProject(scratch).map(describeReference)).toEqual([`a.md:1: ${up(1)}y.md (outside)`]);
  });

  it('reads and links nothing outside itself (file:line of each offence)', () => {
    expect(scanProject(root, EXCEPTIONS).map(describeReference)).toEqual([]);
  });

  it('has no stale exception', () => {
    const all = scanProject(root).map((reference) => `${reference.file} ${reference.text}`);
    // An exception that resolves to the repository's own folder (`../main` in a clone named `main`) is
    // flagged only in clones named otherwise, so it cannot be judged stale here.
    const pointsHome = (exception: Exception): boolean =>
      resolve(root, dirname(exception.file), exception.text) === resolve(root);
    for (const exception of EXCEPTIONS.filter((e) => !pointsHome(e)))
      expect(all, exception.why).toContain(`${exception.file} ${exception.text}`);
  });
});
