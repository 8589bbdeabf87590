/**
 * The Downloads port (main/ports.ts) on node:fs: a file the app will not open is saved in the user's
 * Downloads folder as a browser saves it — under its own (safe) name, `name (1).ext` when that is taken,
 * never overwriting — written 0600 and marked as downloaded (./download-mark.ts). The folder is created if
 * missing. No electron imports: Electron gives the folder (`app.getPath('downloads')`), the preview a
 * temporary one.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { safeFileName } from '../attachment-names';
import type { Downloads } from '../ports';
import type { DownloadMarker } from './download-mark';
import { PRIVATE_FILE_MODE } from './json-file-store';

/** Options: the folder (asked on each save: the user may move it) and how saved files are marked. */
export interface DownloadsFolderOptions {
  folder: () => string;
  mark?: DownloadMarker;
}

/** How many numbered names (`name (1).ext` … `name (99).ext`) are tried before giving up. */
const MAX_NUMBERED = 99;

/** `name` with ` (n)` before its extension: `Plan.zip`, 2 → `Plan (2).zip`. */
export function numberedName(name: string, n: number): string {
  if (n === 0) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** A Downloads port writing into `options.folder()`. */
export function createDownloadsFolder(options: DownloadsFolderOptions): Downloads {
  return {
    async save(name, bytes, sourceUrl) {
      const folder = options.folder();
      await mkdir(folder, { recursive: true });
      const safe = safeFileName(name);
      for (let n = 0; n <= MAX_NUMBERED; n++) {
        const fileName = numberedName(safe, n);
        const file = join(folder, fileName);
        try {
          await writeFile(file, bytes, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
          throw error;
        }
        await options.mark?.(file, sourceUrl);
        return { path: file, fileName };
      }
      throw new Error(`the Downloads folder already has ${MAX_NUMBERED + 1} files named ${safe}.`);
    },
  };
}
