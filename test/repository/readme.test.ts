// The README stays a two-minute read and the docs stay reachable: README.md is at most 12 KB, shows the two
// screenshots of the Today popover (each at most 100 KB), names the test command CI runs and every npm
// script, and links every doc under docs/ exactly once; every relative link in README.md and docs/*.md
// leads to a file (and, with a #fragment into a Markdown file, to one of its headings); every decision in
// docs/decisions.md keeps its date, choice, why and trade-off.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (file: string): string => readFileSync(join(root, file), 'utf8');

/** README.md's ceiling in bytes (12 KB). */
const README_MAX_BYTES = 12 * 1024;
/** Each committed screenshot's ceiling in bytes (100 KB). */
const IMAGE_MAX_BYTES = 100 * 1024;
/** The two screenshots test/e2e/popover/docs-screenshots.spec.ts draws (`npm run test:e2e -- --update-docs`). */
const SCREENSHOTS = [
  'docs/images/today-light.png',
  'docs/images/today-dark.png',
  'docs/images/family-light.png',
];

/** A link found in a Markdown file: its target as written and its 1-based line. */
interface Link {
  target: string;
  line: number;
}

/**
 * The links of a Markdown text: `[text](target)` and HTML `src`/`href` attributes, outside code fences and
 * inline code (whose text is an example, not a link). A `<target>` in angle brackets and a link title
 * (`(target "title")`) are reduced to the target.
 */
function markdownLinks(text: string): Link[] {
  const links: Link[] = [];
  let fenced = false;
  text.split('\n').forEach((raw, index) => {
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const line = raw.replace(/`[^`]*`/g, '');
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1]!, line: index + 1 });
    }
    for (const match of line.matchAll(/\b(?:src|href)="([^"]+)"/g)) {
      links.push({ target: match[1]!, line: index + 1 });
    }
  });
  return links;
}

/**
 * The anchor GitHub gives a heading: lower case, punctuation dropped, each space a hyphen (as github-slugger
 * does, https://github.com/Flet/github-slugger/blob/master/index.js); a repeated heading gets `-1`, `-2`….
 */
function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * The broken relative links of one Markdown file of the repository, as `file:line: target (why)`: a target
 * that is not a file or folder of the repository, or a `#fragment` naming no heading of the Markdown file
 * it points to. Web addresses (`scheme:`) are not checked.
 */
function brokenLinks(
  file: string,
  text: string,
  exists: (path: string) => boolean,
  readText = read,
): string[] {
  const broken: string[] = [];
  for (const { target, line } of markdownLinks(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [pathPart, fragment] = target.split('#', 2) as [string, string | undefined];
    const resolved = pathPart === '' ? file : relative(root, resolve(root, dirname(file), pathPart));
    if (resolved.startsWith('..') || !exists(resolved)) {
      broken.push(`${file}:${line}: ${target} (no such file)`);
      continue;
    }
    if (fragment !== undefined && resolved.endsWith('.md')) {
      const anchors = headingAnchors(resolved === file ? text : readText(resolved));
      if (!anchors.has(fragment)) broken.push(`${file}:${line}: ${target} (no such heading)`);
    }
  }
  return broken;
}

/** Every Markdown file under docs/, relative to the root, sorted. */
function docsFiles(dir = 'docs'): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return docsFiles(path);
      return entry.name.endsWith('.md') ? [path] : [];
    })
    .sort();
}

/** How many times README.md links `doc` (a path from the root), fragments ignored. */
function timesLinked(readme: string, doc: string): number {
  return markdownLinks(readme).filter(({ target }) => target.split('#')[0] === doc).length;
}

describe('the link checks themselves', () => {
  const files = new Set(['README.md', 'docs/a.md', 'docs/notes/b.md']);
  const exists = (path: string) => files.has(path);
  const texts: Record<string, string> = { 'docs/a.md': '# A\n\n## Why "this", not that?\n' };

  it('find links outside code, in Markdown and in HTML', () => {
    const text = 'See [a](docs/a.md) and `[not](a link)`.\n```\n[nor](this)\n```\n<img src="x.png" alt="">';
    expect(markdownLinks(text)).toEqual([
      { target: 'docs/a.md', line: 1 },
      { target: 'x.png', line: 5 },
    ]);
  });

  it('flag a missing file and a missing heading, and pass what resolves', () => {
    const text = [
      '[ok](docs/a.md#why-this-not-that) [web](https://example.com) [self](#top)',
      '[gone](docs/gone.md) [nohead](docs/a.md#nope) [up](../outside.md)',
      '# Top',
    ].join('\n');
    expect(brokenLinks('README.md', text, exists, (file) => texts[file]!)).toEqual([
      'README.md:2: docs/gone.md (no such file)',
      'README.md:2: docs/a.md#nope (no such heading)',
      'README.md:2: ../outside.md (no such file)',
    ]);
  });

  it('resolve a doc’s links from its own folder', () => {
    expect(brokenLinks('docs/a.md', '[b](notes/b.md) [readme](../README.md) [x](a/b.md)', exists)).toEqual([
      'docs/a.md:1: a/b.md (no such file)',
    ]);
  });

  it('number repeated headings as GitHub does', () => {
    expect([...headingAnchors('# Setup\n## Set-up: `npm`\n# Setup\n')]).toEqual([
      'setup',
      'set-up-npm',
      'setup-1',
    ]);
  });
});

describe('README.md', () => {
  const readme = read('README.md');

  it('is at most 12 KB', () => {
    expect(statSync(join(root, 'README.md')).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('shows the screenshots of the first screen (pupil light and dark, parent), each a PNG of at most 100 KB', () => {
    const targets = markdownLinks(readme).map((l) => l.target);
    for (const image of SCREENSHOTS) {
      expect(targets, `README.md shows ${image}`).toContain(image);
      const bytes = readFileSync(join(root, image));
      expect(bytes.toString('latin1', 1, 4), `${image} is a PNG`).toBe('PNG');
      expect(bytes.length, `${image} is at most 100 KB`).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
    }
  });

  it('links every doc under docs/ exactly once', () => {
    const counts = docsFiles().map((doc) => `${doc}: ${timesLinked(readme, doc)}`);
    expect(counts).toEqual(counts.map((line) => line.replace(/\d+$/, '1')));
  });

  it('gives, as its test command, the one CI runs', () => {
    const commands = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n'));
    expect(commands).toContain('npm test');
    expect(read('.ci/run').split('\n')).toContain('npm test');
  });

  it('lists every npm script in its Scripts table', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: object }).scripts);
    const table = readme.split('\n## Scripts\n')[1]!.split('\n## ')[0]!;
    const missing = scripts.filter(
      (name) =>
        !table.includes(`\`npm run ${name}\``) &&
        !((name === 'test' || name === 'start') && table.includes(`\`npm ${name}\``)),
    );
    expect(missing, 'scripts of package.json missing from the README table').toEqual([]);
  });
});

describe('the docs', () => {
  it('have no broken relative link (README.md and docs/*.md)', () => {
    const files = [
      'README.md',
      ...readdirSync(join(root, 'docs'))
        .filter((n) => n.endsWith('.md'))
        .map((n) => `docs/${n}`),
    ];
    const exists = (path: string) => existsSync(join(root, path));
    expect(files.flatMap((file) => brokenLinks(file, read(file), exists))).toEqual([]);
  });

  it('keep, for every decision, its date, choice, why and trade-off', () => {
    const entries = read('docs/decisions.md')
      .split(/\n(?=### )/)
      .slice(1);
    expect(entries.length, 'decisions in docs/decisions.md').toBeGreaterThanOrEqual(30);
    const incomplete = entries
      .map((entry) => ({ title: entry.split('\n')[0]!, entry }))
      .filter(
        ({ entry }) =>
          !/\nDecided \d{4}-\d{2}-\d{2}\./.test(entry) ||
          !/\n- \*\*Choice:\*\* \S/.test(entry) ||
          !/\n- \*\*Why:\*\* \S/.test(entry) ||
          !/\n- \*\*Trade-off:\*\* \S/.test(entry),
      )
      .map(({ title }) => title);
    expect(incomplete, 'decisions without a date, choice, why or trade-off').toEqual([]);
  });
});
