/**
 * The `Store` port (main/ports.ts) on electron-store: a JSON file in the user-data folder for settings,
 * the cached snapshot and the notification ledger — nothing secret (secrets go through vault.ts, which
 * keeps only safeStorage ciphertext here).
 *
 * Keys are taken literally (`accessPropertiesByDotNotation: false`): `seen.homework-new:12` is one key,
 * not a path. A corrupt file (hand-edited, half-written by a crash) is cleared instead of stopping the app
 * from starting: everything in it can be fetched again, and a failed start helps nobody.
 */
import { ipcMain } from 'electron';
import ElectronStore from 'electron-store';
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
 * (electron-store writes a temporary file and renames it). Closes electron-store's own IPC channel.
 * Throws only if the folder cannot be created.
 */
export function createElectronStore(options: ElectronStoreOptions): Store & { readonly path: string } {
  const store = new ElectronStore<Record<string, unknown>>({
    name: options.name,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: true,
    watch: false,
  });
  ipcMain.removeAllListeners(ELECTRON_STORE_CHANNEL);
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
