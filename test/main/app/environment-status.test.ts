// EnvironmentStatus (main/app/environment-status.ts): what Settings shows about the keychain, the shortcut,
// notification delivery, "launch at login" and updates, each read from its port.
import { describe, expect, it, vi } from 'vitest';
import type { KeychainStatus, UpdateState } from '../../../common/contract';
import { createMemoryVault } from '../../../main/adapters/memory-vault';
import { createNoopAutostart } from '../../../main/adapters/noop-autostart';
import { EnvironmentStatus } from '../../../main/app/environment-status';
import type { AppPorts, NotificationDelivery, Vault } from '../../../main/ports';
import { silentLogger } from '../../../main/ports';
import type { UpdateSchedule } from '../../../main/update/update-schedule';
import { unitPorts } from './helpers';

function environmentWith(over: Partial<AppPorts> = {}) {
  const warn = vi.fn();
  const config = { baseUrl: 'https://www.classcharts.com', demo: true, version: '2.3.4', platform: 'darwin' };
  const ports = unitPorts({ logger: { ...silentLogger, warn }, config, ...over });
  return { environment: new EnvironmentStatus(ports), warn };
}

describe('EnvironmentStatus', () => {
  it('readKeychain shows the protection a secret stored now gets', async () => {
    for (const status of ['basic-text', 'unavailable', 'available'] as KeychainStatus[]) {
      const { environment } = environmentWith({ vault: createMemoryVault({ status }) });
      await environment.readKeychain();
      expect(environment.keychain).toBe(status);
      expect(environment.view(null).keychain).toBe(status);
    }
  });

  it('readKeychain updates a locked keychain once the vault answers again', async () => {
    const { environment } = environmentWith();
    environment.keychain = 'locked';
    expect(environment.view(null).keychain).toBe('locked');
    await environment.readKeychain();
    expect(environment.view(null).keychain).toBe('available');
  });

  it('a keychain that cannot be read shows as unavailable, logged, never thrown', async () => {
    const vault: Vault = { ...createMemoryVault(), status: () => Promise.reject(new Error('dbus is down')) };
    const { environment, warn } = environmentWith({ vault });
    await expect(environment.readKeychain()).resolves.toBeUndefined();
    expect(environment.keychain).toBe('unavailable');
    expect(warn).toHaveBeenCalledWith('could not read the keychain status', {
      error: expect.stringContaining('dbus is down'),
    });
  });

  it('shows whether the shortcut works: active, requested, taken, off or unavailable', () => {
    expect(environmentWith().environment.view(null).shortcut).toBe('off');
    const none = environmentWith().environment;
    none.applyShortcut('CommandOrControl+Shift+C');
    expect(none.shortcut).toBe('unavailable');

    const accepting = environmentWith({ shortcut: { apply: () => true } }).environment;
    accepting.applyShortcut('CommandOrControl+Shift+C');
    expect(accepting.shortcut).toBe('active');

    const wayland = environmentWith({ shortcut: { apply: () => true, needsApproval: true } }).environment;
    wayland.applyShortcut('CommandOrControl+Shift+C');
    expect(wayland.shortcut).toBe('requested');

    const refusing = environmentWith({ shortcut: { apply: () => false } }).environment;
    refusing.applyShortcut('CommandOrControl+Shift+C');
    expect(refusing.shortcut).toBe('taken');
    refusing.applyShortcut(null);
    expect(refusing.shortcut).toBe('off');
  });

  it('follows what the OS did with each notification', () => {
    let report: (delivery: NotificationDelivery) => void = () => {};
    const notifier = { show: () => {}, onDelivery: (listener: typeof report) => (report = listener) };
    const { environment } = environmentWith({ notifier });
    const changed = vi.fn();
    environment.followDelivery(changed);
    expect(environment.view(null).notifications).toBeUndefined();
    report({ status: 'failed', reason: 'Notifications are turned off for this app' });
    expect(environment.view(null).notifications).toEqual({
      status: 'failed',
      reason: 'Notifications are turned off for this app',
    });
    report({ status: 'ok' });
    expect(environment.view(null).notifications).toEqual({ status: 'ok', reason: null });
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('reads "launch at login" from the finer status where the port has one, else from isEnabled', async () => {
    const plain = environmentWith({ autostart: createNoopAutostart(true) }).environment;
    expect(await plain.readAutostart()).toBe('on');
    const macos = {
      ...createNoopAutostart(true),
      status: async () => 'needs-approval' as const,
    };
    expect(await environmentWith({ autostart: macos }).environment.readAutostart()).toBe('needs-approval');
  });

  it("shows the app's mode, platform and version, and launch at login and updates once known", () => {
    const { environment } = environmentWith();
    expect(environment.view(null)).toEqual({
      demo: true,
      keychain: 'available',
      platform: 'darwin',
      version: '2.3.4',
      shortcut: 'off',
    });
    environment.launchAtLogin = 'on';
    const update: UpdateState = { status: 'ready', version: '2.4.0' };
    const updates = { shown: () => update } as unknown as UpdateSchedule;
    expect(environment.view(updates)).toMatchObject({ launchAtLogin: 'on', update });
  });
});
