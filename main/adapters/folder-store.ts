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
 *   from what the file holds: a refresh that brings the same homework writes nothing.
 * - Writes are asynchronous (the main process never waits for the disk) and atomic: a temporary file is
 *   written, flushed to disk and renamed over the old one, so a crash leaves the old file or the new one.
 *   Several changes of one key before its write starts are written once, the last.
 * - `flushSync()` writes what is still waiting, synchronously: for quitting, when nothing asynchronous
 *   runs any more. A write in flight for a key written since is dropped before its rename.
 * - Files are created 0600 in a 0700 folder: they hold a pupil's timetable and homework (never secrets).
 * - A file that is not valid JSON reads as missing (it is rewritten at the next change); a write that
 *   fails is logged and tried again at the next change; the value stays in memory meanwhile.
 *
 * Node `fs` only (no electron): the Electron main process and the CLI's Node run it alike.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger, Store } from '../ports';
import { silentLogger } from '../ports';
import { writeFileAtomic } from './json-file-store';

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

/**
 * `value` as `JSON.stringify` writes it, an array item by item: between slices of at most
 * {@link SLICE_MS} the event loop runs. `onSlice` is told each slice's length (ms).
 */
export async function serializeInSlices(value: unknown, onSlice?: (ms: number) => void): Promise<string> {
  let sliceStart = performance.now();
  if (!Array.isArray(value)) {
    const text = JSON.stringify(value);
    onSlice?.(performance.now() - sliceStart);
    return text;
  }
  const parts: string[] = [];
  for (let i = 0; i < value.length; i += 1) {
    // As JSON.stringify writes an array's item: what has no JSON form (undefined, a function) is null.
    parts.push((JSON.stringify(value[i]) as string | undefined) ?? 'null');
    const elapsed = performance.now() - sliceStart;
    if (elapsed >= SLICE_MS && i < value.length - 1) {
      onSlice?.(elapsed);
      await new Promise((resume) => setImmediate(resume));
      sliceStart = performance.now();
    }
  }
  const text = `[${parts.join(',')}]`;
  onSlice?.(performance.now() - sliceStart);
  return text;
}

/** A change waiting to be written: the value to serialize, or `null` to delete the file. */
type Change = { value: unknown } | null;

/**
 * Opens (creating on first write) the folder store at `folder`. Reading a key reads its file once; later
 * reads parse the text kept in memory (or copy a value still waiting to be written). Never throws on a
 * missing or damaged file.
 */
export function createFolderStore(folder: string, options: FolderStoreOptions = {}): FolderStore {
  const logger = options.logger ?? silentLogger;
  /** The text each key's file holds (or will once its write is done); `null`: no file. */
  const texts = new Map<string, string | null>();
  /** Keys changed and not yet serialized, in the order changed. */
  const pending = new Map<string, Change>();
  /** Per key, how many changes were asked for: a write in flight for an older one is not renamed. */
  const generations = new Map<string, number>();
  let draining: Promise<void> | null = null;
  let temporaries = 0;

  const pathOf = (key: string) => join(folder, fileNameOf(key));

  /** The file's text as last read or written (read once); `null` when there is none or it cannot be read. */
  function read(key: string): string | null {
    if (texts.has(key)) return texts.get(key) ?? null;
    let text: string | null = null;
    try {
      text = readFileSync(pathOf(key), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        logger.warn('could not read a remembered file', { key, error: String(error) });
    }
    texts.set(key, text);
    return text;
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
      let text: string | null = null;
      try {
        if (next !== null) text = await serializeInSlices(next.value, options.onSlice);
      } catch (error) {
        // Not JSON (a cycle, a BigInt): a bug of the caller's; the file keeps what it had.
        logger.error('could not serialize a remembered value', { key, error: String(error) });
        if ((generations.get(key) ?? 0) === generation) pending.delete(key);
        continue;
      }
      // Changed again while it was serialized: the newer change is still queued, and written instead.
      if ((generations.get(key) ?? 0) !== generation) continue;
      pending.delete(key);
      if (read(key) === text) continue;
      texts.set(key, text);
      try {
        if (text === null) await rm(pathOf(key), { force: true });
        else await writeAsync(key, text, generation);
      } catch (error) {
        logger.warn('could not write a remembered file', { key, error: String(error) });
        // The file is not what memory says: the next change of this key writes it.
        if (!pending.has(key)) texts.delete(key);
      }
    }
  }

  async function writeAsync(key: string, text: string, generation: number): Promise<void> {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const temporary = `${pathOf(key)}.${process.pid}.${++temporaries}.tmp`;
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(text);
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
    options.onWrite?.(Buffer.byteLength(text));
  }

  function writeSyncNow(key: string, text: string | null): void {
    if (text === null) rmSync(pathOf(key), { force: true });
    else {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      writeFileAtomic(pathOf(key), text);
      options.onWrite?.(Buffer.byteLength(text));
    }
  }

  return {
    path: folder,
    get<T>(key: string): T | undefined {
      if (pending.has(key)) {
        const next = pending.get(key) ?? null;
        // A copy, as a read of the file would give: the caller may change what it reads.
        return next === null ? undefined : (JSON.parse(JSON.stringify(next.value)) as T);
      }
      const text = read(key);
      if (text === null) return undefined;
      try {
        return JSON.parse(text) as T;
      } catch {
        // Damaged (hand-edited, or not ours): missing from now on, and rewritten at the next change.
        logger.warn('a remembered file was not valid JSON; it reads as missing', { key });
        texts.set(key, null);
        return undefined;
      }
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
      for (const [key, next] of [...pending]) {
        pending.delete(key);
        // A write in flight for this key sees the newer generation and drops its temporary file.
        generations.set(key, (generations.get(key) ?? 0) + 1);
        try {
          const text = next === null ? null : JSON.stringify(next.value);
          if (read(key) === text) continue;
          texts.set(key, text);
          writeSyncNow(key, text);
        } catch (error) {
          logger.warn('could not write a remembered file at quit', { key, error: String(error) });
        }
      }
    },
  };
}
