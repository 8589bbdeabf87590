/**
 * The `Vault` port (main/ports.ts) on Electron's safeStorage, async API only (the sync one is deprecated
 * in Electron 45 and removed in 46: docs/toolchain.md "Electron under Node"). Secrets are encrypted with the
 * OS key (macOS Keychain, Windows DPAPI, Linux Secret Service / KWallet) and the ciphertext is kept base64 in
 * a `Store` (electron-store file `vault.json`); the plain text never touches the disk.
 *
 * Protection levels (`status()`, shown on the sign-in screen via `AppState.environment.keychain`):
 * - `available`: an OS keychain protects the key.
 * - `basic-text`: Linux, and what safeStorage encrypts with now is Chromium's fixed, public `v10` key (no
 *   keyring running, or it stayed locked): the file is barely protected. Storing still works — the sign-in
 *   screen says so and the user chose "remember me" knowing it.
 * - `unavailable`: no encryption at all; `set` refuses (credentials are never written in plain text).
 *
 * On Linux the level is read from a fresh ciphertext's prefix, not from `getSelectedStorageBackend()`:
 * that names the backend picked from the desktop's name at start-up (`gnome_libsecret` on GNOME with no
 * keyring running; `basic_text` on Sway with gnome-keyring running), not the key actually used. Chromium's
 * Linux key providers tag what they encrypt: `v11` for the Secret Service / KWallet key, `v10` for the
 * PosixKeyProvider's constant key (PBKDF2 of "peanuts"). Sources: electron/electron@96f3996d
 * shell/browser/browser_process_impl.cc `CreateOSCryptAsync` (providers and precedence),
 * shell/browser/api/electron_api_safe_storage.cc (`isAsyncEncryptionAvailable` resolves true once the
 * encryptor exists); Chromium components/os_crypt/async/browser/posix_key_provider.cc (`v10`).
 */
import type { SafeStorage } from 'electron';
import type { KeychainStatus } from '../../common/contract';
import { KeychainLockedError, type Logger, type Store, type Vault } from '../ports';

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
  /** `process.platform`: the `v10` check applies on Linux only (macOS and Windows tag their OS key `v10`). */
  platform: string;
  logger?: Logger;
}

/** Store key prefix for one secret. */
const PREFIX = 'secret:';

/**
 * The tag Chromium's PosixKeyProvider puts before what it encrypts with its constant key, known to anyone
 * (Chromium components/os_crypt/async/browser/posix_key_provider.cc). Linux only: on macOS and Windows the
 * OS-protected key uses the same tag.
 */
export const LINUX_FIXED_KEY_TAG = 'v10';

/**
 * The message Electron rejects `decryptStringAsync` with when the key for the ciphertext's tag is missing
 * for now (a keyring not unlocked yet), matched here and nowhere else. Electron gives no flag for it: the
 * message is the only hook (electron/electron@96f3996d shell/browser/api/electron_api_safe_storage.cc,
 * "safeStorage.decryptStringAsync is temporarily unavailable. Please try again.").
 */
export function isTemporarilyUnavailable(error: unknown): boolean {
  return error instanceof Error && /temporarily unavailable/i.test(error.message);
}

/** The key tag a safeStorage ciphertext starts with (`v10`, `v11`, …), or `null` when it has none. */
export function keyTag(ciphertext: Uint8Array): string | null {
  const tag = Buffer.from(ciphertext.subarray(0, 3)).toString('latin1');
  return /^v\d\d$/.test(tag) ? tag : null;
}

/** What {@link probeKeychain} found out. */
export interface KeychainProbe {
  /** The protection a secret stored now gets. */
  status: KeychainStatus;
  /** The key tag of a fresh ciphertext (`v11`: Linux keyring; `v10`: fixed key on Linux), `null` if none. */
  tag: string | null;
  /** Linux: the backend Electron picked from the desktop's name (a hint only); `null` elsewhere. */
  desktopBackend: string | null;
  /** Why encryption is unavailable, when it is. */
  error: string | null;
}

/**
 * Finds the protection a secret stored now would get by encrypting a probe string (never stored): on Linux
 * a `v10` ciphertext means the fixed public key. Never throws; an encryption failure is `unavailable`.
 * Used by the vault's `status()` and by `--self-test`.
 */
export async function probeKeychain(safeStorage: SafeStorageAsync, platform: string): Promise<KeychainProbe> {
  const desktopBackend = platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null;
  const unavailable = (error: unknown): KeychainProbe => ({
    status: 'unavailable',
    tag: null,
    desktopBackend,
    error: String(error),
  });
  try {
    if (!(await safeStorage.isAsyncEncryptionAvailable())) return unavailable('encryption is not available');
    const tag = keyTag(await safeStorage.encryptStringAsync('keychain probe'));
    const fixedKey = platform === 'linux' && tag === LINUX_FIXED_KEY_TAG;
    return { status: fixedKey ? 'basic-text' : 'available', tag, desktopBackend, error: null };
  } catch (error) {
    return unavailable(error);
  }
}

/** The Error `set` rejects with when nothing can encrypt: its message is shown to the user. */
export class KeychainUnavailableError extends Error {
  constructor(options?: ErrorOptions) {
    super(
      'This computer has no keychain the app can use, so your sign-in cannot be remembered. ' +
        'Sign in without "remember me"; you will be asked again next time.',
      options,
    );
    this.name = 'KeychainUnavailableError';
  }
}

/**
 * Creates the vault. `get` resolves `null` for a missing secret and for one that can no longer be
 * decrypted with the key this machine has (keyring reset, profile copied to another machine): that entry
 * is dropped and the user signs in again, the only way to recover it. When the key is merely missing for
 * now (a keyring still locked at login), `get` rejects with {@link KeychainLockedError} and keeps the
 * entry. `set` rejects with {@link KeychainUnavailableError} when encryption is unavailable.
 */
export function createSafeStorageVault(options: SafeStorageVaultOptions): Vault {
  const { safeStorage, store, platform, logger } = options;

  async function status(): Promise<KeychainStatus> {
    const probe = await probeKeychain(safeStorage, platform);
    if (probe.error) logger?.warn('vault: encryption check failed', { error: probe.error });
    return probe.status;
  }

  /**
   * Stores `value` encrypted under `key`. Encrypting it is the test, without a probe of its own
   * ({@link probeKeychain} encrypts too): rejects with {@link KeychainUnavailableError} when nothing can.
   */
  async function encryptTo(key: string, value: string): Promise<void> {
    let cipher: Uint8Array;
    try {
      if (!(await safeStorage.isAsyncEncryptionAvailable())) throw new Error('encryption is not available');
      cipher = await safeStorage.encryptStringAsync(value);
    } catch (error) {
      logger?.warn('vault: encryption failed', { error: String(error) });
      throw new KeychainUnavailableError({ cause: error });
    }
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
        if (isTemporarilyUnavailable(error)) {
          logger?.warn('vault: the keychain will not open a stored secret yet; keeping it', { key });
          throw new KeychainLockedError({ cause: error });
        }
        logger?.warn('vault: stored secret cannot be decrypted; dropping it', { key, error: String(error) });
        store.delete(PREFIX + key);
        return null;
      }
    },

    set: encryptTo,

    async delete(key) {
      store.delete(PREFIX + key);
    },
  };
}
