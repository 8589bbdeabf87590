/** The `key provider` check of `--self-test`: which key protects a remembered sign-in (safeStorage). */
import { systemClock, type Clock } from '../../ports';
import { probeKeychain, type SafeStorageAsync } from '../../platform/vault';
import type { CheckResult } from '../report';

function keychainName(platform: string, desktopBackend: string | null): string {
  if (platform === 'darwin') return 'the macOS Keychain';
  if (platform === 'win32') return 'Windows DPAPI';
  return `the Secret Service keyring (${desktopBackend ?? 'unknown backend'})`;
}

/** How long {@link checkKeyProvider} waits for the key provider, in milliseconds. */
export const KEY_PROBE_WAIT_MS = 15_000;

/**
 * Which key protects a remembered sign-in (main/platform/vault.ts `probeKeychain`: a fresh ciphertext's
 * tag). Never `fail`: the app works without "remember me" (the sign-in screen says why it is off), so no
 * keyring (Linux `v10`, Chromium's fixed public key) and no encryption at all are both `warn`. A provider
 * that has not answered within `waitMs` (a keyring's unlock prompt nobody answers, on an unattended
 * machine) is `warn` too, so the self-test never hangs there.
 */
export async function checkKeyProvider(
  safeStorage: SafeStorageAsync,
  platform: string,
  options: { clock?: Pick<Clock, 'setTimeout' | 'clearTimeout'>; waitMs?: number } = {},
): Promise<CheckResult> {
  const name = 'key provider';
  const clock = options.clock ?? systemClock;
  const waitMs = options.waitMs ?? KEY_PROBE_WAIT_MS;
  let timer: unknown = null;
  const late = new Promise<null>((resolve) => {
    timer = clock.setTimeout(() => resolve(null), waitMs);
  });
  const probe = await Promise.race([probeKeychain(safeStorage, platform), late]);
  clock.clearTimeout(timer);
  if (probe === null)
    return {
      status: 'warn',
      name,
      detail: `no answer from the key provider within ${waitMs / 1000} s: is a keyring unlock prompt waiting?`,
    };
  const tag = probe.tag ?? 'untagged';
  if (probe.status === 'available')
    return { status: 'ok', name, detail: `${tag}: ${keychainName(platform, probe.desktopBackend)}` };
  if (probe.status === 'basic-text')
    return {
      status: 'warn',
      name,
      detail:
        `${tag}: no keyring: a remembered sign-in is protected only by a public key ` +
        `(desktop backend ${probe.desktopBackend ?? 'unknown'}); start or unlock gnome-keyring or KWallet`,
    };
  return {
    status: 'warn',
    name,
    detail: `no encryption (${probe.error ?? 'unknown error'}): "remember me" is refused; signing in still works`,
  };
}
