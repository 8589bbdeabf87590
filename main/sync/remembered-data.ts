/**
 * Moves what the app remembers of a signed-in account out of the settings file (issue 30). Before, the
 * cached known data, the notification ledger and the announcements read here lived in the one
 * electron-store file with the settings, which electron-store reads and parses again at every access and
 * rewrites whole at every change: at 10× a busy year a settings read parsed megabytes of homework and
 * announcements. They now live in their own store (main/adapters/folder-store.ts), the known data in
 * pieces (./known-data.ts).
 *
 * Run once at start, before anything is read: the ledger moves whole, so nothing is notified again.
 * Pure over the store port; no electron, no node imports.
 */
import { LEDGER_STORE_KEY } from '../notify/ledger';
import type { Store } from '../ports';
import { KNOWN_DATA_STORE_KEY, loadKnownData, saveKnownData } from './known-data';
import { READ_ANNOUNCEMENTS_STORE_KEY } from './read-announcements';

/** The keys the settings file held for the account's data before issue 30. */
export const SETTINGS_FILE_DATA_KEYS = [
  KNOWN_DATA_STORE_KEY,
  LEDGER_STORE_KEY,
  READ_ANNOUNCEMENTS_STORE_KEY,
] as const;

/**
 * Moves the account's data found in `settings` (the known data, converted to pieces; the ledger; the
 * announcements read here) into `remembered`, waits for it to be written when `remembered` can say so
 * (`flushSync`), then deletes it from `settings`. What `remembered` already holds is kept. Returns whether
 * anything was moved. A damaged cache is not moved (it is deleted: the next refresh fetches it again).
 */
export function moveRememberedData(settings: Store, remembered: Store & { flushSync?(): void }): boolean {
  const found = SETTINGS_FILE_DATA_KEYS.filter((key) => settings.get<unknown>(key) !== undefined);
  if (found.length === 0) return false;
  const known = loadKnownData(settings);
  if (known !== null && loadKnownData(remembered) === null) saveKnownData(remembered, known);
  for (const key of [LEDGER_STORE_KEY, READ_ANNOUNCEMENTS_STORE_KEY]) {
    const value = settings.get<unknown>(key);
    if (value !== undefined && remembered.get<unknown>(key) === undefined) remembered.set(key, value);
  }
  remembered.flushSync?.();
  for (const key of found) settings.delete(key);
  return true;
}
