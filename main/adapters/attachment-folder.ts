/**
 * The AttachmentFolder port (main/ports.ts) on node:fs: one private folder per run under the system's
 * temporary folder (`mkdtemp`: a random name, mode 0700), created on first use; each file in its own fresh
 * sub-folder so two files of the same name never overwrite each other and each keeps its real name for
 * the application that opens it; files written 0600. `clear()` removes it all, synchronously once the
 * folder exists (so it finishes even when called as the app quits). No electron imports: the
 * Electron shell, the preview and tests use it alike.
 */
import { rmSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeFileName } from '../attachment-names';
import type { AttachmentFolder, Logger } from '../ports';
import { silentLogger } from '../ports';

/** Options: where the run's folder goes (default: the system's temporary folder) and its name's prefix. */
export interface AttachmentFolderOptions {
  parent?: string;
  prefix?: string;
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
  return {
    path: () => created,
    async save(name, bytes) {
      root ??= mkdtemp(join(parent, prefix)).then((path) => (created = path));
      const folder = await mkdtemp(join(await root, 'f-'));
      const file = join(folder, safeFileName(name));
      await writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
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
