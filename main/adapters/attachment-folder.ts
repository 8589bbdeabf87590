/**
 * The AttachmentFolder port (main/ports.ts) on node:fs: one private folder per run under the system's
 * temporary folder (`mkdtemp`: a random name, mode 0700), created on first use and marked as this app's
 * with a file naming its owner (`app`, `preview`, …) and the process that made it; each file in its own
 * fresh sub-folder so two files of the same name never overwrite each other and each keeps its real name
 * for the application that opens it; files written 0600 and marked as downloaded (./download-mark.ts).
 * `clear()` removes it all, synchronously once the folder exists (so it finishes even when called as the
 * app quits).
 *
 * A folder a crash left behind, or one a program still held open on Windows when `clear()` ran, is removed
 * by {@link sweepAttachmentFolders} at the next start: only folders with this prefix, this owner's mark,
 * owned by this user, made by a process no longer running, never a symbolic link. No electron imports: the
 * Electron shell, the preview and tests use it alike.
 */
import { lstatSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeFileName } from '../attachment-names';
import type { AttachmentFolder, Logger } from '../ports';
import { silentLogger } from '../ports';
import type { DownloadMarker } from './download-mark';
import { PRIVATE_FILE_MODE } from './json-file-store';

/** The file in a run's folder that says whose it is (its text: `classcharts-tray <owner> <process id>`). */
export const OWNER_MARK_FILE = '.classcharts-tray-owner';

/** Options: where the run's folder goes, its name's prefix, its owner, and how saved files are marked. */
export interface AttachmentFolderOptions {
  /** Default: the system's temporary folder. */
  parent?: string;
  /** Default `classcharts-tray-`. */
  prefix?: string;
  /** Who the folder belongs to (`app`, `preview`), written in {@link OWNER_MARK_FILE}; default `app`. */
  owner?: string;
  /** Marks each saved file as downloaded (./download-mark.ts); default: no mark. */
  mark?: DownloadMarker;
  logger?: Logger;
}

/** An AttachmentFolder in a fresh private folder; also tells `path()` (the run's folder, or `null`). */
export function createAttachmentFolder(
  options: AttachmentFolderOptions = {},
): AttachmentFolder & { path(): string | null } {
  const parent = options.parent ?? tmpdir();
  const prefix = options.prefix ?? 'classcharts-tray-';
  const logger = options.logger ?? silentLogger;
  let root: Promise<string> | null = null;
  let created: string | null = null;
  const makeRoot = async (): Promise<string> => {
    const path = await mkdtemp(join(parent, prefix));
    created = path;
    const mark = `${ownerMark(options.owner ?? 'app')} ${process.pid}\n`;
    await writeFile(join(path, OWNER_MARK_FILE), mark, { mode: PRIVATE_FILE_MODE });
    return path;
  };
  return {
    path: () => created,
    async save(name, bytes, sourceUrl) {
      root ??= makeRoot();
      const folder = await mkdtemp(join(await root, 'f-'));
      const file = join(folder, safeFileName(name));
      await writeFile(file, bytes, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      await options.mark?.(file, sourceUrl);
      return file;
    },
    async clear() {
      const pending = root;
      const known = created;
      root = null;
      created = null;
      if (pending === null) return;
      try {
        rmSync(known ?? (await pending), { recursive: true, force: true });
      } catch (error) {
        logger.warn('could not remove the attachments folder', { error: String(error) });
      }
    },
  };
}

/** The start of {@link OWNER_MARK_FILE}'s text for `owner`; the process id follows. */
function ownerMark(owner: string): string {
  return `classcharts-tray ${owner}`;
}

/** Is process `pid` running (this one included)? A process of another user counts as running. */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Options of {@link sweepAttachmentFolders}: those of the folder to sweep for, and the user's id. */
export interface SweepOptions {
  parent?: string;
  prefix?: string;
  owner?: string;
  /** This user's id (POSIX `process.getuid()`); default: the process's (none on Windows: per-user temp). */
  uid?: number;
  logger?: Logger;
}

/**
 * Removes the run folders an earlier run of `owner` left in `parent` (see the module comment: a folder
 * whose process still runs — another window of the preview, a test — is left alone), synchronously
 * (at start, before the first file is saved). Returns the paths removed; a folder that cannot be
 * removed (a file still open on Windows) is logged and left for the next start. Never throws.
 */
export function sweepAttachmentFolders(options: SweepOptions = {}): string[] {
  const parent = options.parent ?? tmpdir();
  const prefix = options.prefix ?? 'classcharts-tray-';
  const expected = ownerMark(options.owner ?? 'app');
  const uid = 'uid' in options ? options.uid : process.getuid?.();
  const logger = options.logger ?? silentLogger;
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(parent).filter((name) => name.startsWith(prefix));
  } catch {
    return removed;
  }
  for (const name of names) {
    const path = join(parent, name);
    try {
      const stat = lstatSync(path);
      if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) continue;
      const markPath = join(path, OWNER_MARK_FILE);
      const mark = lstatSync(markPath);
      if (!mark.isFile() || (uid !== undefined && mark.uid !== uid)) continue;
      const [text, pid] = readFileSync(markPath, 'utf8')
        .trimEnd()
        .split(/ (?=\d+$)/);
      if (text !== expected || pid === undefined || isRunning(Number(pid))) continue;
    } catch {
      continue; // no mark: not a folder of ours
    }
    try {
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    } catch (error) {
      logger.warn('could not remove an earlier attachments folder', { error: String(error) });
    }
  }
  return removed;
}
