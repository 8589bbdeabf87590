/**
 * The `Store` port (main/ports.ts) on electron-store: a JSON file in the user-data folder for settings,
 * the cached snapshot and the notification ledger — nothing secret (secrets go through vault.ts, which
 * keeps only safeStorage ciphertext here).
 *
 * Keys are taken literally (`accessPropertiesByDotNotation: false`): `seen.homework-new:12` is one key,
 * not a path. A corrupt file (hand-edited, half-written by a crash) is cleared instead of stopping the app
 * from starting: everything in it can be fetched again, and a failed start helps nobody.
 *
 * The file is private (mode 0600, {@link PRIVATE_FILE_MODE}): it holds a pupil's settings, or the vault's
 * ciphertext. electron-store's default is 0o666 less the umask (0644 under the usual 022), readable by
 * every user of the machine. With `configFileMode` conf writes each new file with that mode and chmods it
 * on every write, an existing file included (conf 16 `#writeFile` → atomically 2 `writeFileSync` with
 * `mode`: the temporary file is chmodded before it is renamed over the file); a file an earlier version
 * left looser is chmodded when the store opens, not only at its next write.
 */
import { chmodSync, statSync } from 'node:fs';
import { ipcMain } from 'electron';
import ElectronStore from 'electron-store';
import { PRIVATE_FILE_MODE } from '../adapters/json-file-store';
import type { Store } from '../ports';

/**
 * The synchronous IPC channel electron-store opens in the main process (for stores created in a
 * renderer, which this app never does). Closed again: the popover speaks only the contract's channels.
 */
export const ELECTRON_STORE_CHANNEL = 'electron-store-get-data';

/** Options for {@link createElectronStore}. */
export interface ElectronStoreOptions {
  /** File name without `.json`, e.g. `classcharts-tray` or `vault`. */
  name: string;
  /** Folder for the file; defaults to Electron's `userData` path. Tests pass a temporary folder. */
  cwd?: string;
}

/**
 * Opens (or creates) the store file and adapts it to the `Store` port. Writes are synchronous and atomic
 * (electron-store writes a temporary file and renames it) and leave the file mode 0600
 * ({@link PRIVATE_FILE_MODE}); an existing file with a looser mode is made 0600 here. Closes
 * electron-store's own IPC channel. Throws only if the folder cannot be created.
 */
export function createElectronStore(options: ElectronStoreOptions): Store & { readonly path: string } {
  const store = new ElectronStore<Record<string, unknown>>({
    name: options.name,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: true,
    watch: false,
    configFileMode: PRIVATE_FILE_MODE,
  });
  ipcMain.removeAllListeners(ELECTRON_STORE_CHANNEL);
  makePrivate(store.path);
  return {
    path: store.path,
    get<T>(key: string): T | undefined {
      return store.get(key) as T | undefined;
    },
    set(key: string, value: unknown): void {
      // electron-store refuses `undefined`; storing nothing is deleting.
      if (value === undefined) store.delete(key);
      else store.set(key, value);
    },
    delete(key: string): void {
      store.delete(key);
    },
  };
}

/**
 * Chmods an existing file with any group or other permission bits to {@link PRIVATE_FILE_MODE}. A missing
 * file is left to the first write (created 0600). Never throws: a file that cannot be chmodded (another
 * owner, a read-only disk) still works, and its next write tries again through conf.
 */
function makePrivate(path: string): void {
  if (process.platform === 'win32') return;
  try {
    const mode = statSync(path, { throwIfNoEntry: false })?.mode;
    if (mode !== undefined && (mode & 0o077) !== 0) chmodSync(path, PRIVATE_FILE_MODE);
  } catch {
    // Best effort: see above.
  }
}
