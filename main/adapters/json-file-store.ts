/**
 * A Store (main/ports.ts) kept in one JSON file, for the CLI and the preview. Reads the file once; every
 * `set`/`delete` rewrites it atomically (write a temporary file beside it, flush it to disk, rename it
 * over the old one), so a crash mid-write leaves the old file or the new one, never half of each. Every
 * write leaves the file mode 0600, whatever the mode of the file it replaces or of a temporary file a
 * crashed run left behind: it holds a pupil's cached timetable and homework (never secrets).
 *
 * A file that is not valid JSON is moved aside (`<file>.corrupt-<epoch ms>`) and the store starts empty.
 */
import {
  closeSync,
  fchmodSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { Logger, Store } from '../ports';
import { silentLogger } from '../ports';
import { jsonCopy } from './memory-store';

/** Options for {@link createJsonFileStore}. */
export interface JsonFileStoreOptions {
  logger?: Logger;
  /** Epoch ms for the corrupt-file suffix (injected clock); defaults to `Date.now`. */
  now?: () => number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readValues(filePath: string, logger: Logger, now: () => number): Map<string, unknown> {
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) return new Map(Object.entries(parsed));
  } catch {
    // fall through: moved aside below
  }
  const aside = `${filePath}.corrupt-${now()}`;
  renameSync(filePath, aside);
  logger.warn('store file was not valid JSON; moved aside and starting empty', { aside });
  return new Map();
}

/** The mode of a file the stores write: read and write for its owner only (POSIX; not Windows). */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Writes `text` to `filePath` atomically (temporary file + fsync + rename), mode 0600
 * ({@link PRIVATE_FILE_MODE}). The temporary file is chmodded too: `open` applies a mode only to a file it
 * creates, and one left by a crashed run with this process id keeps its own. Throws what `fs` throws.
 */
export function writeFileAtomic(filePath: string, text: string): void {
  const temporary = `${filePath}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', PRIVATE_FILE_MODE);
  try {
    if (process.platform !== 'win32') fchmodSync(fd, PRIVATE_FILE_MODE);
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, filePath);
}

/**
 * Opens (or creates on first write) the JSON store at `filePath`; its folder is created when missing.
 * Throws what `fs` throws when the file cannot be read or written (permissions, disk full).
 */
export function createJsonFileStore(filePath: string, options: JsonFileStoreOptions = {}): Store {
  const logger = options.logger ?? silentLogger;
  const values = readValues(filePath, logger, options.now ?? Date.now);
  const flush = (): void => {
    mkdirSync(dirname(filePath), { recursive: true });
    writeFileAtomic(filePath, `${JSON.stringify(Object.fromEntries(values), null, 2)}\n`);
  };
  return {
    get<T>(key: string): T | undefined {
      return jsonCopy(values.get(key)) as T | undefined;
    },
    set(key, value) {
      values.set(key, jsonCopy(value));
      flush();
    },
    delete(key) {
      if (values.delete(key)) flush();
    },
  };
}
