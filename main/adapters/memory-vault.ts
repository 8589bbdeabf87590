/**
 * An in-memory Vault (main/ports.ts) for tests, the CLI and the preview: secrets live only in this
 * process and vanish with it. No electron, no node imports.
 */
import type { KeychainStatus } from '../../common/contract';
import { KeychainLockedError, type Vault } from '../ports';

/** Options for {@link createMemoryVault}. */
export interface MemoryVaultOptions {
  /** What `status()` reports; `'unavailable'` also makes `set` reject, like a machine without a keychain. */
  status?: KeychainStatus;
  /** Secrets present from the start (key → value). */
  initial?: Record<string, string>;
  /**
   * True while the keychain is locked (asked at each `get`): a stored secret is then kept and `get`
   * rejects with {@link KeychainLockedError}, as the safeStorage vault does for a keyring locked at login.
   */
  isLocked?: () => boolean;
}

/**
 * A Vault backed by a Map. `set` rejects with an Error when the status is `'unavailable'`; `get` rejects
 * with {@link KeychainLockedError} for a stored secret while `isLocked()` says so.
 */
export function createMemoryVault(options: MemoryVaultOptions = {}): Vault {
  const status = options.status ?? 'available';
  const secrets = new Map<string, string>(Object.entries(options.initial ?? {}));
  return {
    async get(key) {
      const secret = secrets.get(key);
      if (secret !== undefined && options.isLocked?.()) throw new KeychainLockedError();
      return secret ?? null;
    },
    async set(key, value) {
      if (status === 'unavailable') throw new Error('No keychain is available to store secrets.');
      secrets.set(key, value);
    },
    async delete(key) {
      secrets.delete(key);
    },
    async status() {
      return status;
    },
  };
}
