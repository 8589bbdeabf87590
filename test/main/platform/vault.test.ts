import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../../mocks/electron'));

const { electronMock, resetElectronMock, safeStorage } = await import('../../mocks/electron');
const { createElectronStore } = await import('../../../main/platform/store');
const { createSafeStorageVault, KeychainUnavailableError, probeKeychain } =
  await import('../../../main/platform/vault');
const { KeychainLockedError } = await import('../../../main/ports');

/** The host is Linux: the mock's safeStorage tags and locks `v11` keyring ciphertext there only. */
const linux = process.platform === 'linux';

function setup(platform = 'linux') {
  const store = createElectronStore({ name: 'vault', cwd: electronMock.userData });
  return { store, vault: createSafeStorageVault({ safeStorage, store, platform }) };
}

describe('safeStorage vault', () => {
  beforeEach(() => resetElectronMock());

  it('round-trips a secret, keeping only ciphertext on disk', async () => {
    const { store, vault } = setup();
    await vault.set('credentials', '{"code":"DEMO2026","dateOfBirth":"14/05/2012"}');
    expect(await vault.get('credentials')).toBe('{"code":"DEMO2026","dateOfBirth":"14/05/2012"}');
    const onDisk = readFileSync(store.path, 'utf8');
    expect(onDisk).not.toContain('DEMO2026');
    expect(onDisk).not.toContain('14/05/2012');
    // Storing encrypts the secret and nothing else (no probe string first): one keychain use, not two.
    expect(safeStorage.encryptStringAsync).toHaveBeenCalledTimes(1);
  });

  it('says why it cannot store when encryption fails, and writes nothing', async () => {
    const { store, vault } = setup();
    safeStorage.encryptStringAsync.mockRejectedValueOnce(new Error('Error while encrypting the text'));
    await expect(vault.set('credentials', 'secret')).rejects.toBeInstanceOf(KeychainUnavailableError);
    expect(store.get('secret:credentials')).toBeUndefined();
  });

  it('survives a restart (a new vault over the same file)', async () => {
    await setup().vault.set('credentials', 'secret-1');
    expect(await setup().vault.get('credentials')).toBe('secret-1');
  });

  it('refuses to store when encryption is unavailable, and writes nothing', async () => {
    electronMock.encryptionAvailable = false;
    const { store, vault } = setup();
    expect(await vault.status()).toBe('unavailable');
    await expect(vault.set('credentials', 'secret')).rejects.toBeInstanceOf(KeychainUnavailableError);
    await expect(vault.set('credentials', 'secret')).rejects.toThrow(/cannot be remembered/);
    expect(store.get('secret:credentials')).toBeUndefined();
  });

  // The protection is read from a fresh ciphertext's key tag, not from the backend named after the desktop
  // (electron/electron@96f3996d shell/browser/electron_browser_main_parts.cc: the backend is picked from
  // XDG_CURRENT_DESKTOP; Chromium posix_key_provider.cc: `v10` is a constant key anyone can derive).
  it('reports basic-text on GNOME with no keyring running, though the desktop names gnome_libsecret', async () => {
    electronMock.keyring = 'none';
    electronMock.storageBackend = 'gnome_libsecret';
    const { vault } = setup('linux');
    expect(await vault.status()).toBe('basic-text');
    await vault.set('credentials', 'secret'); // still stored: the user chose it after the warning
    expect(await vault.get('credentials')).toBe('secret');
  });

  // The keyring (`v11`, locked at login) is Linux's: main's vault and the mock read it on Linux only.
  it.runIf(linux)(
    'reports available on Sway with a running keyring, though the desktop names basic_text',
    async () => {
      electronMock.keyring = 'open';
      electronMock.storageBackend = 'basic_text';
      expect(await setup('linux').vault.status()).toBe('available');
    },
  );

  it('reads the probe on Linux only: macOS and Windows tag their OS-protected key v10 too', async () => {
    electronMock.keyring = 'none';
    expect(await setup('darwin').vault.status()).toBe('available');
    expect(await setup('win32').vault.status()).toBe('available');
    expect(safeStorage.isEncryptionAvailable).not.toHaveBeenCalled();
  });

  it('reports unavailable when nothing can encrypt, and says why in the probe', async () => {
    electronMock.encryptionAvailable = false;
    const probe = await probeKeychain(safeStorage, 'linux');
    expect(probe).toMatchObject({ status: 'unavailable', tag: null, desktopBackend: 'gnome_libsecret' });
    expect(probe.error).toBeTruthy();
  });

  // electron/electron@96f3996d shell/browser/api/electron_api_safe_storage.cc: a ciphertext whose key is
  // missing for now rejects with "…is temporarily unavailable. Please try again."; the entry must survive.
  it.runIf(linux)(
    'keeps a remembered secret while the keyring is locked at login, and opens it once unlocked',
    async () => {
      await setup('linux').vault.set('credentials', 'secret-1');
      electronMock.keyring = 'locked';
      const { store, vault } = setup('linux');
      const kept = store.get('secret:credentials');
      await expect(vault.get('credentials')).rejects.toBeInstanceOf(KeychainLockedError);
      expect(store.get('secret:credentials')).toBe(kept);
      expect(await vault.status()).toBe('basic-text'); // what a new "remember me" would get meanwhile
      electronMock.keyring = 'open'; // the next start, or a keyring that came up
      expect(await setup('linux').vault.get('credentials')).toBe('secret-1');
    },
  );

  it.runIf(linux)('re-keys a secret stored under the fixed key once the keyring is there', async () => {
    electronMock.keyring = 'none';
    const { store, vault } = setup('linux');
    await vault.set('credentials', 'secret');
    expect(Buffer.from(store.get<string>('secret:credentials')!, 'base64').toString('latin1')).toMatch(
      /^v10/,
    );
    electronMock.keyring = 'open';
    expect(await vault.get('credentials')).toBe('secret');
    expect(Buffer.from(store.get<string>('secret:credentials')!, 'base64').toString('latin1')).toMatch(
      /^v11/,
    );
  });

  it('returns null for a missing secret and after delete', async () => {
    const { vault } = setup();
    expect(await vault.get('credentials')).toBeNull();
    await vault.set('credentials', 'secret');
    await vault.delete('credentials');
    expect(await vault.get('credentials')).toBeNull();
  });

  it('drops a secret the key it has cannot decrypt (keyring reset, copied profile) instead of failing', async () => {
    const { store, vault } = setup();
    store.set('secret:credentials', Buffer.from('v11 not what this key wrote').toString('base64'));
    expect(await vault.get('credentials')).toBeNull();
    expect(store.get('secret:credentials')).toBeUndefined();
  });

  it('re-encrypts when the OS says the key was rotated', async () => {
    const { vault } = setup();
    await vault.set('credentials', 'secret');
    electronMock.shouldReEncrypt = true;
    const before = safeStorage.encryptStringAsync.mock.calls.length;
    expect(await vault.get('credentials')).toBe('secret');
    expect(safeStorage.encryptStringAsync.mock.calls.length).toBe(before + 1);
  });
});

describe('electron-store adapter', () => {
  beforeEach(() => resetElectronMock());

  it('takes keys literally (no dot paths) and treats undefined as delete', () => {
    const store = createElectronStore({ name: 'settings', cwd: electronMock.userData });
    store.set('seen.homework-new:12', true);
    expect(store.get('seen.homework-new:12')).toBe(true);
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({ 'seen.homework-new:12': true });
    store.set('seen.homework-new:12', undefined);
    expect(store.get('seen.homework-new:12')).toBeUndefined();
  });

  it("leaves no IPC channel of electron-store's own open: the popover has only the contract's", async () => {
    // electron-store opens its channel once per process, on its first store: load it afresh.
    vi.resetModules();
    const { ipcMain } = await import('electron');
    const { createElectronStore: create, ELECTRON_STORE_CHANNEL } =
      await import('../../../main/platform/store');
    create({ name: 'settings', cwd: electronMock.userData });
    expect(ipcMain.listenerCount(ELECTRON_STORE_CHANNEL)).toBe(0);
    expect(ipcMain.eventNames()).toEqual([]);
  });

  it('starts empty instead of crashing on a corrupt file', async () => {
    const first = createElectronStore({ name: 'settings', cwd: electronMock.userData });
    first.set('a', 1);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(first.path, '{ not json');
    const again = createElectronStore({ name: 'settings', cwd: electronMock.userData });
    expect(again.get('a')).toBeUndefined();
  });

  // Windows has no POSIX modes (stat reports 0o666 for any writable file): the private mode is POSIX's.
  const posix = process.platform !== 'win32';
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it('writes the settings and the vault file readable by their owner only (0600)', async () => {
    const { store, vault } = setup();
    await vault.set('credentials', 'secret');
    const settings = createElectronStore({ name: 'classcharts-tray', cwd: electronMock.userData });
    settings.set('settings', { notifications: true });
    if (posix) {
      expect(modeOf(store.path)).toBe(0o600);
      expect(modeOf(settings.path)).toBe(0o600);
    }
  });

  it('makes a file an earlier version left readable by others private, at open and at every write', () => {
    mkdirSync(electronMock.userData, { recursive: true });
    const path = join(electronMock.userData, 'vault.json');
    writeFileSync(path, '{"secret:credentials":"djEx"}', { mode: 0o644 });
    chmodSync(path, 0o644);
    const store = createElectronStore({ name: 'vault', cwd: electronMock.userData });
    if (posix) expect(modeOf(path)).toBe(0o600);
    chmodSync(path, 0o644);
    store.set('secret:credentials', 'djEy');
    if (posix) expect(modeOf(path)).toBe(0o600);
    expect(store.get('secret:credentials')).toBe('djEy');
  });
});
