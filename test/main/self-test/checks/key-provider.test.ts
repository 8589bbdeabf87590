/**
 * The `key provider` check (main/self-test/checks/key-provider.ts): the key tag of a fresh safeStorage
 * ciphertext, never a `fail`, and never a hang.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../../support/clock';

vi.mock('electron', () => import('../../../mocks/electron'));

const { electronMock, resetElectronMock, safeStorage } = await import('../../../mocks/electron');
const { checkKeyProvider } = await import('../../../../main/self-test/checks/key-provider');

beforeEach(() => resetElectronMock());

describe('key provider', () => {
  // The mock tags ciphertext as Electron does on this test machine's platform (Linux).
  it.runIf(process.platform === 'linux')('an open keyring (v11) is ok and named', async () => {
    expect(await checkKeyProvider(safeStorage, 'linux')).toEqual({
      status: 'ok',
      name: 'key provider',
      detail: 'v11: the Secret Service keyring (gnome_libsecret)',
    });
  });

  it.runIf(process.platform === 'linux')(
    'no keyring (v10, the fixed public key) warns, even though the desktop names a keyring backend',
    async () => {
      electronMock.keyring = 'none';
      const result = await checkKeyProvider(safeStorage, 'linux');
      expect(result.status).toBe('warn');
      expect(result.detail).toMatch(
        /^v10: no keyring: a remembered sign-in is protected only by a public key/,
      );
    },
  );

  it('a key provider that never answers (an unlock prompt nobody sees) warns instead of hanging', async () => {
    const clock = new FakeClock(0);
    const waiting = {
      ...safeStorage,
      isAsyncEncryptionAvailable: () => new Promise<boolean>(() => undefined),
    };
    const result = checkKeyProvider(waiting, 'linux', { clock, waitMs: 15_000 });
    await vi.waitFor(() => expect(clock.pending).toBe(1));
    clock.fireAll();
    expect(await result).toMatchObject({ status: 'warn', detail: expect.stringMatching(/within 15 s/) });
  });

  it('no encryption at all warns (signing in still works without "remember me"), never fails', async () => {
    electronMock.encryptionAvailable = false;
    const result = await checkKeyProvider(safeStorage, process.platform);
    expect(result.status).toBe('warn');
    expect(result.detail).toMatch(/no encryption.*remember me/);
  });
});
