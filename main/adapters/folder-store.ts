/**
 * A Store (main/ports.ts) kept as one JSON file per key in a folder: where the app keeps what it remembers
 * of a signed-in account (the cached known data in pieces, per pupil and kind; the notification ledger; the
 * announcements read here), apart from the settings (issue 30, docs/decisions.md "The cache in pieces,
 * apart from the settings").
 *
 * - A `set` keeps the value and returns at once; the value is serialized when its turn to be written comes,
 *   a list item by item in slices of at most {@link SLICE_MS} between which the event loop runs (a busy
 *   year's announcements are ~1 MB a pupil at 10×, ~10 MB at 100×: one `JSON.stringify` would hold the
 *   main process 8 ms and 80 ms; issue 30). So a value must not be changed after it is handed over; the
 *   app's data never is (every change is a new object). A key is written only when its text differs
 *   from what the file holds, compared by SHA-256 digest (memory keeps a digest per file, not the text: at
 *   100× a busy year the texts were 60 MB): a refresh that brings the same homework writes nothing.
 * - Writes are asynchronous (the main process never waits for the disk) and atomic: a temporary file is
 *   written, flushed to disk and renamed over the old one, so a crash leaves the old file or the new one.
 *   Several changes of one key before its write starts are written once, the last.
 * - `flushSync()` writes what is still waiting or on its way, synchronously: for quitting, when nothing
 *   asynchronous runs any more. A write in flight for a key written since is dropped before its rename.
 * - Files are written 0600 in a folder created 0700: they hold a pupil's timetable and homework (never
 *   secrets). Each write renames a new file over the old one, and the temporary file is chmodded 0600 when
 *   opened (one left by a crashed run keeps its own mode otherwise), so a looser file becomes 0600 at its
 *   next write.
 * - A file that is not valid JSON reads as missing (it is rewritten at the next change); a write that
 *   fails is logged and tried again at the next change; the value stays in memory meanwhile.
 *
 * Node `fs` only (no electron): the Electron main process and the CLI's Node run it alike.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger, Store } from '../ports';
import { silentLogger } from '../ports';
import { PRIVATE_FILE_MODE, writeFileAtomic } from './json-file-store';

/**
 * The folder in the user-data folder the app keeps a remembered account's data in. Not `cache`: beside
 * Chromium's own `Cache` folder that would be the same folder where names ignore case (macOS, Windows).
 */
export const REMEMBERED_DATA_FOLDER = 'remembered-data';

/** The longest a slice of serializing a value runs before the event loop gets a turn, in ms. */
export const SLICE_MS = 1;

/** Options for {@link createFolderStore}. */
export interface FolderStoreOptions {
  logger?: Logger;
  /** Told the size (UTF-8 bytes) of each file written, once it is on disk: the benchmark counts them. */
  onWrite?(bytes: number): void;
  /** Told how long (ms) each synchronous slice of serializing a value took: the benchmark keeps the longest. */
  onSlice?(ms: number): void;
}

/** A {@link Store} with its writes to wait for. */
export interface FolderStore extends Store {
  /** The folder the files are in. */
  readonly path: string;
  /** Resolves when every write asked for so far is on disk (or failed and was logged). */
  flush(): Promise<void>;
  /** Writes (or deletes) synchronously whatever is still waiting: at quit. Never throws; failures are logged. */
  flushSync(): void;
}

/** The file name of a key: letters, digits, `.`, `-` and `_` kept, anything else percent-encoded. */
export function fileNameOf(key: string): string {
  return `${key.replace(/[^A-Za-z0-9._-]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}.json`;
}

/** A value serialized: its JSON text in chunks (joined, the text `JSON.stringify` gives) and their digest. */
export interface Serialized {
  chunks: string[];
  /** SHA-256 (hex) of the text: what the store compares with the file, not the text itself. */
  digest: string;
  /** UTF-8 bytes of the text. */
  bytes: number;
}

/** The SHA-256 (hex) of a text given in parts. */
function digestOf(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

/**
 * `value` as `JSON.stringify` writes it, an array item by item: between slices of at most
 * {@link SLICE_MS} the event loop runs. The text is never joined into one string (a busy year's list is
 * ~1 MB at 10×, ~10 MB at 100×; a join alone held the loop 2–3 ms); each slice's items make one chunk.
 * `onSlice` is told each slice's length (ms).
 */
export async function serializeInSlices(value: unknown, onSlice?: (ms: number) => void): Promise<Serialized> {
  let sliceStart = performance.now();
  const hash = createHash('sha256');
  const chunks: string[] = [];
  let bytes = 0;
  /** Adds text to the digest and the count as it is made, so a slice's limit includes that work. */
  const account = (text: string) => {
    hash.update(text);
    bytes += Buffer.byteLength(text);
  };
  if (!Array.isArray(value)) {
    const text = JSON.stringify(value);
    account(text);
    chunks.push(text);
  } else {
    let slice = '[';
    account('[');
    for (let i = 0; i < value.length; i += 1) {
      // As JSON.stringify writes an array's item: what has no JSON form (undefined, a function) is null.
      const item = `${i > 0 ? ',' : ''}${(JSON.stringify(value[i]) as string | undefined) ?? 'null'}`;
      account(item);
      slice += item;
      const elapsed = performance.now() - sliceStart;
      if (elapsed >= SLICE_MS && i < value.length - 1) {
        chunks.push(slice);
        slice = '';
        onSlice?.(elapsed);
        await new Promise((resume) => setImmediate(resume));
        sliceStart = performance.now();
      }
    }
    account(']');
    chunks.push(`${slice}]`);
  }
  onSlice?.(performance.now() - sliceStart);
  return { chunks, digest: hash.digest('hex'), bytes };
}

/** A change waiting to be written: the value to serialize, or `null` to delete the file. */
type Change = { value: unknown } | null;

/**
 * Opens (creating on first write) the folder store at `folder`. A read parses the key's file (or copies
 * a value still waiting to be written); the app reads its remembered data once, at start. Memory keeps
 * a digest per file, not its text. Never throws on a missing or damaged file.
 */
export function createFolderStore(folder: string, options: FolderStoreOptions = {}): FolderStore {
  const state = newFolderState(folder, options);
  const { logger, digests, pending, writing, generations } = state;
  let draining: Promise<void> | null = null;
  let temporaries = 0;

  const pathOf = (key: string) => filePath(state, key);

  /** The digest of the key's file, read once (asynchronously) and then kept. */
  async function fileDigest(key: string): Promise<string | null> {
    if (digests.has(key)) return digests.get(key) ?? null;
    let digest: string | null = null;
    try {
      digest = digestOf([await readFile(pathOf(key), 'utf8')]);
    } catch {
      // Missing or unreadable: written anew.
    }
    // A change may have been decided meanwhile: it wins.
    if (!digests.has(key)) digests.set(key, digest);
    return digests.get(key) ?? null;
  }

  function change(key: string, next: Change): void {
    // Set anew: to the end of the queue, so a key changed again and again cannot starve the others.
    pending.delete(key);
    pending.set(key, next);
    generations.set(key, (generations.get(key) ?? 0) + 1);
    draining ??= drain().finally(() => {
      draining = null;
    });
  }

  async function drain(): Promise<void> {
    await Promise.resolve(); // changes made in the same turn are written once
    while (pending.size > 0) {
      const [key, next] = pending.entries().next().value as [string, Change];
      const generation = generations.get(key) ?? 0;
      let serialized: Serialized | null = null;
      try {
        if (next !== null) serialized = await serializeInSlices(next.value, options.onSlice);
      } catch (error) {
        // Not JSON (a cycle, a BigInt): a bug of the caller's; the file keeps what it had.
        logger.error('could not serialize a remembered value', { key, error: String(error) });
        if ((generations.get(key) ?? 0) === generation) pending.delete(key);
        continue;
      }
      const onFile = await fileDigest(key);
      // Changed again while it was serialized: the newer change is still queued, and written instead.
      if ((generations.get(key) ?? 0) !== generation) continue;
      pending.delete(key);
      const digest = serialized?.digest ?? null;
      if (onFile === digest) continue;
      digests.set(key, digest);
      writing.set(key, next);
      try {
        if (serialized === null) await rm(pathOf(key), { force: true });
        else await writeAsync(key, serialized, generation);
      } catch (error) {
        logger.warn('could not write a remembered file', { key, error: String(error) });
        // The file is not what memory says: the next change of this key writes it.
        if (!pending.has(key)) digests.delete(key);
      } finally {
        if ((generations.get(key) ?? 0) === generation) writing.delete(key);
      }
    }
  }

  async function writeAsync(key: string, serialized: Serialized, generation: number): Promise<void> {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const temporary = `${pathOf(key)}.${process.pid}.${++temporaries}.tmp`;
    const handle = await open(temporary, 'w', PRIVATE_FILE_MODE);
    try {
      if (process.platform !== 'win32') await handle.chmod(PRIVATE_FILE_MODE);
      await handle.writeFile(serialized.chunks);
      await handle.sync();
    } finally {
      await handle.close();
    }
    // Written since (flushSync at quit, or a newer change already renamed): this text is out of date.
    if ((generations.get(key) ?? 0) !== generation || pending.has(key)) {
      await rm(temporary, { force: true });
      return;
    }
    await rename(temporary, pathOf(key));
    options.onWrite?.(serialized.bytes);
  }

  return {
    path: folder,
    get<T>(key: string): T | undefined {
      return readValue<T>(state, key);
    },
    set(key, value) {
      change(key, value === undefined ? null : { value });
    },
    delete(key) {
      change(key, null);
    },
    async flush() {
      while (draining) await draining;
    },
    flushSync() {
      flushAllSync(state);
    },
  };
}

/** What a folder store keeps in memory about its files. */
interface FolderState {
  folder: string;
  options: FolderStoreOptions;
  logger: Logger;
  /** The digest of what each key's file holds (or will once its write is done); `null`: no usable file. */
  digests: Map<string, string | null>;
  /** Keys changed and not yet serialized, in the order changed. */
  pending: Map<string, Change>;
  /** Keys being written (serialized, on their way to disk): what a read or a quit must see meanwhile. */
  writing: Map<string, Change>;
  /** Per key, how many changes were asked for: a write in flight for an older one is not renamed. */
  generations: Map<string, number>;
}

function newFolderState(folder: string, options: FolderStoreOptions): FolderState {
  return {
    folder,
    options,
    logger: options.logger ?? silentLogger,
    digests: new Map(),
    pending: new Map(),
    writing: new Map(),
    generations: new Map(),
  };
}

/** The file that holds `key`'s value. */
function filePath(state: FolderState, key: string): string {
  return join(state.folder, fileNameOf(key));
}

/** The file's text, or `null` when there is none or it cannot be read (logged). */
function readText(state: FolderState, key: string): string | null {
  try {
    return readFileSync(filePath(state, key), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      state.logger.warn('could not read a remembered file', { key, error: String(error) });
    return null;
  }
}

/** `get`: a value still waiting to be written (a copy), else the key's file parsed; missing when damaged. */
function readValue<T>(state: FolderState, key: string): T | undefined {
  const { pending, writing, digests, logger } = state;
  const waiting = pending.has(key) ? pending : writing.has(key) ? writing : null;
  if (waiting) {
    const next = waiting.get(key) ?? null;
    // A copy, as a read of the file would give: the caller may change what it reads.
    return next === null ? undefined : (JSON.parse(JSON.stringify(next.value)) as T);
  }
  // Found damaged before: missing until the next change rewrites it.
  if (digests.has(key) && digests.get(key) === null) return undefined;
  const text = readText(state, key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    // Damaged (hand-edited, or not ours): missing from now on, and rewritten at the next change.
    logger.warn('a remembered file was not valid JSON; it reads as missing', { key });
    digests.set(key, null);
    return undefined;
  }
}

/**
 * `flushSync`: writes every waiting change now, synchronously (at quit nothing asynchronous finishes).
 * What is being written asynchronously is written again, whatever the digest says, as its asynchronous
 * write is now dropped before its rename.
 */
function flushAllSync(state: FolderState): void {
  const { pending, writing, digests, generations, logger, options, folder } = state;
  const unsure = new Set(writing.keys());
  const waiting = new Map([...writing, ...pending]);
  pending.clear();
  writing.clear();
  for (const [key, next] of waiting) {
    const path = filePath(state, key);
    // A write in flight for this key sees the newer generation and drops its temporary file.
    generations.set(key, (generations.get(key) ?? 0) + 1);
    try {
      if (next === null) {
        rmSync(path, { force: true });
        digests.set(key, null);
        continue;
      }
      const text = JSON.stringify(next.value);
      const digest = digestOf([text]);
      const onFile = digests.has(key) ? digests.get(key) : digestOf([readText(state, key) ?? '']);
      if (onFile === digest && !unsure.has(key)) continue;
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      writeFileAtomic(path, text);
      digests.set(key, digest);
      options.onWrite?.(Buffer.byteLength(text));
    } catch (error) {
      logger.warn('could not write a remembered file at quit', { key, error: String(error) });
    }
  }
}
