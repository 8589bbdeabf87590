// The remembered-data store (main/adapters/folder-store.ts, issue 30): a file per key, written only when
// its text changed, asynchronously and atomically, and at quit synchronously.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFolderStore, fileNameOf } from '../../main/adapters/folder-store';
import { tempFolder } from '../temp-folders';

/** The file's inode: a new one after each write (a temporary file renamed over the old one). */
const inode = (path: string) => statSync(path).ino;

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

  it('writes several changes of one key in a turn once, the last; a value changed later is not affected', async () => {
    const folder = tempFolder('folder-store-');
    const store = createFolderStore(folder);
    const value = { n: 1 };
    store.set('k', value);
    value.n = 2; // serialized at `set`
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
});
