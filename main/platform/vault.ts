/**
 * The `Vault` port (main/ports.ts) on Electron's safeStorage, async API only (the sync one is deprecated
 * in Electron 45 and removed in 46: docs/toolchain.md "Electron under Node"). Secrets are encrypted with the
 * OS key (macOS Keychain, Windows DPAPI, Linux libsecret/kwallet) and the ciphertext is kept base64 in a
 * `Store` (electron-store file `vault.json`); the plain text never touches the disk.
 *
 * Protection levels (`status()`, shown on the sign-in screen via `AppState.environment.keychain`):
 * - `available`: an OS keychain protects the key.
 * - `basic-text`: Linux with no keyring (`getSelectedStorageBackend() === 'basic_text'`): Chromium
 *   encrypts with a key built into the app, so the file is barely protected. Storing still works — the
 *   sign-in screen says so and the user chose "remember me" knowing it.
 * - `unavailable`: no encryption at all; `set` refuses (credentials are never written in plain text).
 */
import type { SafeStorage } from 'electron';
import type { KeychainStatus } from '../../preload/contract';
import type { Logger, Store, Vault } from '../ports';

/** The part of Electron's `safeStorage` the vault uses (async API). */
export type SafeStorageAsync = Pick<
  SafeStorage,
  'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'
>;

/** Options for {@link createSafeStorageVault}. */
export interface SafeStorageVaultOptions {
  safeStorage: SafeStorageAsync;
  /** Where ciphertext (base64) lives; a store of its own, e.g. electron-store `vault`. */
  store: Store;
  /** `process.platform`: the `basic_text` check applies on Linux only. */
  platform: string;
  logger?: Logger;
}

/** Store key prefix for one secret. */
const PREFIX = 'secret:';

/** The Error `set` rejects with when nothing can encrypt: its message is shown to the user. */
export class KeychainUnavailableError extends Error {
  constructor() {
    super(
      'This computer has no keychain the app can use, so your sign-in cannot be remembered. ' +
        'Sign in without "remember me"; you will be asked again next time.',
    );
    this.name = 'KeychainUnavailableError';
  }
}

/**
 * Creates the vault. `get` resolves `null` for a missing secret and also for one that can no longer be
 * decrypted (keyring reset, profile copied to another machine): that entry is dropped and the user signs
 * in again, which is the only way to recover it anyway. `set` rejects with {@link KeychainUnavailableError}
 * when encryption is unavailable.
 */
export function createSafeStorageVault(options: SafeStorageVaultOptions): Vault {
  const { safeStorage, store, platform, logger } = options;

  async function status(): Promise<KeychainStatus> {
    let available = false;
    try {
      available = await safeStorage.isAsyncEncryptionAvailable();
    } catch (error) {
      logger?.warn('vault: encryption check failed', { error: String(error) });
    }
    if (!available) return 'unavailable';
    if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return 'basic-text';
    return 'available';
  }

  async function encryptTo(key: string, value: string): Promise<void> {
    const cipher = await safeStorage.encryptStringAsync(value);
    store.set(PREFIX + key, Buffer.from(cipher).toString('base64'));
  }

  return {
    status,

    async get(key) {
      const stored = store.get<unknown>(PREFIX + key);
      if (typeof stored !== 'string' || stored === '') return null;
      try {
        const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(
          Buffer.from(stored, 'base64'),
        );
        if (shouldReEncrypt) {
          // The OS rotated the key or a stronger one became available: store it under the new key.
          await encryptTo(key, result).catch((error: unknown) =>
            logger?.warn('vault: re-encryption failed', { key, error: String(error) }),
          );
        }
        return result;
      } catch (error) {
        logger?.warn('vault: stored secret cannot be decrypted; dropping it', { key, error: String(error) });
        store.delete(PREFIX + key);
        return null;
      }
    },

    async set(key, value) {
      if ((await status()) === 'unavailable') throw new KeychainUnavailableError();
      await encryptTo(key, value);
    },

    async delete(key) {
      store.delete(PREFIX + key);
    },
  };
}
