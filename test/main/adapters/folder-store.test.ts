// The remembered-data store (main/adapters/folder-store.ts, issue 30): a file per key, written only when
// its text changed, asynchronously and atomically, and at quit synchronously.
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  createFolderStore,
  fileNameOf,
  serializeInSlices,
  SLICE_MS,
} from '../../../main/adapters/folder-store';
import { recordingLogger } from '../classcharts/helpers';
import { tempFolder } from '../../support/temp-folders';

/**
 * The file's inode and modification time: each write renames a new file over the old one, so one of them
 * changes (an inode number freed by a rename may be given to the next file).
 */
const inode = (path: string) => {
  const stat = statSync(path, { bigint: true });
  return `${stat.ino}:${stat.mtimeNs}`;
};

describe('folder store', () => {
  it('keeps each key in its own file, read back by a new store', async () => {
    const folder = join(tempFolder('folder-store-'), 'remembered-data');
    const store = createFolderStore(folder);
    store.set('cache.pupil.7.homework', { fetchedAt: 1, items: [{ id: 1 }] });
    store.set('notify.ledger', { version: 1, entries: { a: 1 } });
    await store.flush();
    expect(readdirSync(folder).sort()).toEqual(['cache.pupil.7.homework.json', 'notify.ledger.json']);
    const again = createFolderStore(folder);
    expect(again.get('cache.pupil.7.homework')).toEqual({ fetchedAt: 1, items: [{ id: 1 }] });
    expect(again.get('missing')).toBeUndefined();
    if (process.platform !== 'win32') {
      expect(statSync(join(folder, 'notify.ledger.json')).mode & 0o777).toBe(0o600);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
    }
  });

  it('writes 0600 over looser files, and over temporary files of an earlier run left behind', async () => {
    const folder = tempFolder('folder-store-');
    const loose = (name: string) => {
      writeFileSync(join(folder, name), '{}', { mode: 0o644 });
      chmodSync(join(folder, name), 0o644);
    };
    // An earlier version's files, and temporary files of a crashed run that had this process id.
    for (const name of ['a.json', 'b.json', `a.json.${process.pid}.1.tmp`, `b.json.${process.pid}.tmp`])
      loose(name);
    const store = createFolderStore(folder);
    store.set('a', { n: 1 });
    await store.flush();
    store.set('b', { n: 2 });
    store.flushSync(); // at quit: written synchronously
    if (process.platform !== 'win32')
      for (const name of ['a.json', 'b.json']) expect(statSync(join(folder, name)).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder).sort()).toEqual(['a.json', 'b.json']);
  });

  it('writes a key only when its text changed, and each key apart', async () => {
    const folder = tempFolder('folder-store-');
    const store = createFolderStore(folder);
    store.set('a', { items: [1, 2] });
    store.set('b', { items: [3] });
    await store.flush();
    const [a, b] = [inode(join(folder, 'a.json')), inode(join(folder, 'b.json'))];
    store.set('a', { items: [1, 2] }); // the same text: no write
    store.set('b', { items: [3, 4] });
    await store.flush();
    expect(inode(join(folder, 'a.json'))).toBe(a);
    expect(inode(join(folder, 'b.json'))).not.toBe(b);
    expect(JSON.parse(readFileSync(join(folder, 'b.json'), 'utf8'))).toEqual({ items: [3, 4] });
  });

  it('writes several changes of one key in a turn once, the last; a read is a copy', async () => {
    const folder = tempFolder('folder-store-');
    const store = createFolderStore(folder);
    store.set('k', { n: 1 });
    store.get<{ n: number }>('k')!.n = 2; // a copy: the value waiting to be written is not changed
    expect(store.get('k')).toEqual({ n: 1 });
    store.set('k', { n: 3 });
    store.set('k', { n: 4 });
    expect(store.get('k')).toEqual({ n: 4 });
    await store.flush();
    expect(JSON.parse(readFileSync(join(folder, 'k.json'), 'utf8'))).toEqual({ n: 4 });
    expect(readdirSync(folder)).toEqual(['k.json']); // no temporary file left
  });

  it('deletes, and writes what waits synchronously at quit', () => {
    const folder = tempFolder('folder-store-');
    const store = createFolderStore(folder);
    store.set('k', { n: 1 });
    store.flushSync();
    expect(readdirSync(folder)).toEqual(['k.json']);
    store.set('k', { n: 2 });
    store.set('j', { n: 3 });
    store.flushSync(); // nothing asynchronous ran in between
    expect(JSON.parse(readFileSync(join(folder, 'k.json'), 'utf8'))).toEqual({ n: 2 });
    store.delete('k');
    store.flushSync();
    expect(readdirSync(folder)).toEqual(['j.json']);
  });

  it('a damaged file reads as missing and is replaced at the next change', async () => {
    const folder = tempFolder('folder-store-');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'k.json'), '{"half');
    const store = createFolderStore(folder);
    expect(store.get('k')).toBeUndefined();
    store.set('k', { n: 1 });
    await store.flush();
    expect(createFolderStore(folder).get('k')).toEqual({ n: 1 });
  });

  it('a key never names a path outside the folder', () => {
    expect(fileNameOf('../settings')).toBe('..%2fsettings.json');
    expect(fileNameOf('seen:homework-new:12')).toBe('seen%3ahomework-new%3a12.json');
  });
  it('serializes a long list in slices, the event loop running between them, to the text JSON gives', async () => {
    const folder = tempFolder('folder-store-');
    const slices: number[] = [];
    const store = createFolderStore(folder, { onSlice: (ms) => slices.push(ms) });
    // A busy year's announcements for one pupil: ~1 MB of HTML in 200 items.
    const items = Array.from({ length: 200 }, (_, i) => ({
      id: i,
      title: `Announcement ${i}`,
      html: `<p>${'Dear parents and carers, '.repeat(200)}</p>`,
      gone: undefined,
    }));
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 0);
    store.set('announcements', [...items, undefined]);
    expect(slices, 'set returns before serializing').toEqual([]);
    await store.flush();
    clearInterval(ticking);
    const text = readFileSync(join(folder, 'announcements.json'), 'utf8');
    expect(text).toBe(JSON.stringify([...items, undefined]));
    expect(slices.length, 'more than one slice').toBeGreaterThan(1);
    expect(turns, 'timers ran while it was serialized').toBeGreaterThan(0);
    // Each slice ends at the first item past SLICE_MS; one item here takes well under a millisecond.
    expect(Math.max(...slices)).toBeLessThan(SLICE_MS + 20);
  });

  it('a key changed while it is serialized is written once, the newer value', async () => {
    const folder = tempFolder('folder-store-');
    let written = 0;
    const store = createFolderStore(folder, { onWrite: () => (written += 1) });
    const big = (tag: string) => Array.from({ length: 400 }, (_, i) => `${tag} ${i} ${'x'.repeat(4000)}`);
    store.set('k', big('old'));
    await new Promise((resume) => setImmediate(resume)); // the first slice has run
    store.set('k', big('new'));
    await store.flush();
    expect(JSON.parse(readFileSync(join(folder, 'k.json'), 'utf8'))[0]).toMatch(/^new 0 /);
    expect(written).toBe(1);
  });

  it('a value with no JSON form is refused with an error logged, and the file keeps what it had', async () => {
    const folder = tempFolder('folder-store-');
    const logger = recordingLogger();
    const store = createFolderStore(folder, { logger });
    store.set('k', [1, 2]);
    await store.flush();
    store.set('k', [{ n: 10n }]);
    await store.flush();
    expect(JSON.parse(readFileSync(join(folder, 'k.json'), 'utf8'))).toEqual([1, 2]);
    expect(logger.entries.some((e) => e.level === 'error' && e.message.includes('serialize'))).toBe(true);
  });

  it('a read while a change is on its way to disk gives the new value, never the old file', async () => {
    const folder = tempFolder('folder-store-');
    const store = createFolderStore(folder);
    const list = (tag: string) => Array.from({ length: 300 }, (_, i) => `${tag} ${i} ${'x'.repeat(3000)}`);
    store.set('k', list('old'));
    await store.flush();
    store.set('k', list('new'));
    let reads = 0;
    const flushed = store.flush();
    let done = false;
    void flushed.then(() => (done = true));
    while (!done) {
      expect(store.get<string[]>('k')![0]).toMatch(/^new 0 /);
      reads += 1;
      await new Promise((resume) => setImmediate(resume));
    }
    expect(reads, 'read while it was serialized and written').toBeGreaterThan(1);
    expect(createFolderStore(folder).get<string[]>('k')![0]).toMatch(/^new 0 /);
  });

  it('quitting at any moment of a write leaves the newest value on disk', async () => {
    const list = (tag: string) => Array.from({ length: 300 }, (_, i) => `${tag} ${i} ${'x'.repeat(3000)}`);
    for (let turns = 0; turns < 40; turns += 4) {
      const folder = tempFolder('folder-store-');
      const store = createFolderStore(folder);
      store.set('k', list('old'));
      store.flushSync();
      store.set('k', list('new'));
      for (let i = 0; i < turns; i += 1) await new Promise((resume) => setImmediate(resume));
      store.flushSync(); // will-quit: nothing asynchronous runs after this
      expect(JSON.parse(readFileSync(join(folder, 'k.json'), 'utf8'))[0], `after ${turns} turns`).toMatch(
        /^new 0 /,
      );
      await store.flush(); // the dropped asynchronous write leaves nothing behind
      expect(readdirSync(folder)).toEqual(['k.json']);
    }
  });

  it('serializes to the text and digest JSON.stringify gives, in chunks, for any list', async () => {
    const values: unknown[] = [
      [],
      [null],
      { a: [1, 2] },
      Array.from({ length: 500 }, (_, i) => ({ i, s: 'é'.repeat(i * 7), u: undefined })),
      [undefined, () => 1, 'a'],
    ];
    for (const value of values) {
      const serialized = await serializeInSlices(value);
      const text = JSON.stringify(value);
      expect(serialized.chunks.join('')).toBe(text);
      expect(serialized.digest).toBe(createHash('sha256').update(text).digest('hex'));
      expect(serialized.bytes).toBe(Buffer.byteLength(text));
    }
  });
});
