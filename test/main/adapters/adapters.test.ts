// Plain-Node adapters: the JSON file store (atomic writes, reopening, damaged files), the memory store
// and vault, the console notifier.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsoleNotifier } from '../../../main/adapters/console-notifier';
import { createJsonFileStore } from '../../../main/adapters/json-file-store';
import { createMemoryStore } from '../../../main/adapters/memory-store';
import { createMemoryVault } from '../../../main/adapters/memory-vault';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-store-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('JSON file store', () => {
  it('persists values across reopening, in a private file, leaving no temporary files', () => {
    const dir = scratch();
    const file = join(dir, 'nested', 'store.json');
    const store = createJsonFileStore(file);
    store.set('settings', { a: 1 });
    store.set('cache.known', [1, 2, 3]);
    store.delete('settings');
    const reopened = createJsonFileStore(file);
    expect(reopened.get('settings')).toBeUndefined();
    expect(reopened.get('cache.known')).toEqual([1, 2, 3]);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['store.json']);
    // Windows has no POSIX modes (stat reports 0o666 for any writable file): the private mode is POSIX's.
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ 'cache.known': [1, 2, 3] });
  });

  it('writes the file 0600 even over a looser file or a temporary file left behind', () => {
    const dir = scratch();
    const file = join(dir, 'store.json');
    writeFileSync(file, '{}', { mode: 0o644 });
    // A temporary file of an earlier run that crashed with this process id, looser than it should be.
    writeFileSync(`${file}.${process.pid}.tmp`, '', { mode: 0o644 });
    chmodSync(file, 0o644);
    chmodSync(`${file}.${process.pid}.tmp`, 0o644);
    createJsonFileStore(file).set('cache.known', [1]);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['store.json']);
  });

  it('a damaged file is moved aside and the store starts empty', () => {
    const dir = scratch();
    const file = join(dir, 'store.json');
    writeFileSync(file, '{"settings": {"a"');
    const store = createJsonFileStore(file, { now: () => 42 });
    expect(store.get('settings')).toBeUndefined();
    expect(readdirSync(dir).sort()).toEqual(['store.json.corrupt-42']);
    store.set('x', 1);
    expect(createJsonFileStore(file).get('x')).toBe(1);
  });

  it('returns copies: changing a value read does not change the store', () => {
    const store = createJsonFileStore(join(scratch(), 's.json'));
    store.set('k', { list: [1] });
    store.get<{ list: number[] }>('k')?.list.push(2);
    expect(store.get('k')).toEqual({ list: [1] });
  });
});

describe('memory adapters', () => {
  it('the memory store copies through JSON, like a real store', () => {
    const store = createMemoryStore();
    const value = { when: new Date(0) };
    store.set('k', value);
    expect(store.get('k')).toEqual({ when: '1970-01-01T00:00:00.000Z' });
  });

  it('the memory vault refuses to store when no keychain is available', async () => {
    const vault = createMemoryVault({ status: 'unavailable' });
    await expect(vault.set('k', 'v')).rejects.toThrow(/keychain/);
    expect(await vault.get('k')).toBeNull();
  });

  it('the console notifier prints one JSON line per notification', () => {
    const lines: string[] = [];
    const notifier = createConsoleNotifier({ write: (l) => lines.push(l), format: 'json', now: () => 0 });
    notifier.show({
      id: 'badge:1:2',
      kind: 'badge',
      pupilId: 1,
      title: 'New badge',
      body: 'Star reader',
      target: { view: 'more', kind: 'badges', itemId: 2 },
    });
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ event: 'notification', at: '1970-01-01T00:00:00.000Z', id: 'badge:1:2' }),
    ]);
  });
});
