// SettingsService (main/app/settings-service.ts): a change is saved and its system side effects applied
// (launch at login, the shortcut), a refused one is reported with the setting put back, start-up, defaults.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type LaunchAtLoginStatus } from '../../../common/contract';
import { createMemoryStore } from '../../../main/adapters/memory-store';
import { EnvironmentStatus } from '../../../main/app/environment-status';
import { SettingsService, type SettingsEffects } from '../../../main/app/settings-service';
import { type AppPorts, type GlobalShortcutPort, silentLogger, type Store } from '../../../main/ports';
import { loadSettings, SETTINGS_DEFAULTS_KIND_KEY } from '../../../main/settings';
import { unitPorts } from './helpers';

const SHORTCUT = 'CommandOrControl+Shift+C';
const OTHER_SHORTCUT = 'CommandOrControl+Shift+K';

/** A login-item port whose answer and refusal the test sets. */
function loginItems(initial: LaunchAtLoginStatus = 'off') {
  const port = {
    state: initial,
    refuse: false,
    setEnabled: vi.fn(async (enabled: boolean) => {
      if (port.refuse) throw new Error('the system refused the login item');
      port.state = enabled ? 'on' : 'off';
    }),
    isEnabled: async () => port.state !== 'off',
    status: vi.fn(async () => port.state),
    refresh: vi.fn(async () => true),
  };
  return port;
}

/** A shortcut port refusing the accelerators in `taken`. */
function shortcutPort(taken: string[] = []) {
  return {
    apply: vi.fn((accelerator: string | null) => accelerator !== null && !taken.includes(accelerator)),
  };
}

function setUp(options: { store?: Store; autostart?: AppPorts['autostart']; shortcut?: GlobalShortcutPort }) {
  const store = options.store ?? createMemoryStore();
  const warn = vi.fn();
  const ports = unitPorts({
    store,
    autostart: options.autostart ?? loginItems(),
    logger: { ...silentLogger, warn },
    ...(options.shortcut ? { shortcut: options.shortcut } : {}),
  });
  const environment = new EnvironmentStatus(ports);
  const settings = new SettingsService(ports, environment);
  const effects = {
    intervalChanged: vi.fn(),
    autoUpdateChanged: vi.fn(),
    changed: vi.fn(),
  } satisfies SettingsEffects;
  return { store, environment, settings, effects, warn };
}

describe('SettingsService.update', () => {
  it('saves a change, and the next run reads it back', async () => {
    const { store, settings, effects } = setUp({});
    const result = await settings.update({ refreshIntervalMinutes: 30 }, effects);
    expect(result.refreshIntervalMinutes).toBe(30);
    expect(settings.current.refreshIntervalMinutes).toBe(30);
    expect(loadSettings(store).refreshIntervalMinutes).toBe(30);
    expect(effects.intervalChanged).toHaveBeenCalledTimes(1);
    expect(effects.autoUpdateChanged).not.toHaveBeenCalled();
    expect(effects.changed).toHaveBeenCalledTimes(1);
  });

  it('tells the update schedule when "update automatically" changes, and nothing else', async () => {
    const { settings, effects } = setUp({});
    await settings.update({ autoUpdate: false }, effects);
    expect(effects.autoUpdateChanged).toHaveBeenCalledTimes(1);
    expect(effects.intervalChanged).not.toHaveBeenCalled();
  });

  it('turns "launch at login" on through the autostart port, and Settings shows what the system does', async () => {
    const autostart = loginItems('off');
    const { store, environment, settings, effects } = setUp({ autostart });
    await settings.update({ launchAtLogin: true }, effects);
    expect(autostart.setEnabled).toHaveBeenCalledWith(true);
    expect(environment.launchAtLogin).toBe('on');
    expect(loadSettings(store).launchAtLogin).toBe(true);
  });

  it('does not touch the login item when "launch at login" is not changed', async () => {
    const autostart = loginItems('off');
    const { settings, effects } = setUp({ autostart });
    await settings.update({ notifications: { privacy: true } }, effects);
    expect(autostart.setEnabled).not.toHaveBeenCalled();
  });

  it('reports a refused "launch at login", saving nothing and putting the setting back', async () => {
    const autostart = loginItems('off');
    autostart.refuse = true;
    const { store, environment, settings, effects, warn } = setUp({ autostart });
    await expect(
      settings.update({ launchAtLogin: true, refreshIntervalMinutes: 30 }, effects),
    ).rejects.toThrow('Could not change "launch at login" on this system.');
    expect(settings.current.launchAtLogin).toBe(false);
    expect(settings.current.refreshIntervalMinutes).toBe(DEFAULT_SETTINGS.refreshIntervalMinutes);
    expect(store.get('settings')).toBeUndefined();
    expect(environment.launchAtLogin).toBe('off');
    expect(effects.changed).toHaveBeenCalledTimes(1); // Settings shows the switch back off
    expect(effects.intervalChanged).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('could not change launch at login', expect.anything());
  });

  it('registers a new shortcut and saves it', async () => {
    const shortcut = shortcutPort();
    const { store, environment, settings, effects } = setUp({ shortcut });
    await settings.update({ shortcut: SHORTCUT }, effects);
    expect(shortcut.apply).toHaveBeenLastCalledWith(SHORTCUT);
    expect(environment.shortcut).toBe('active');
    expect(loadSettings(store).shortcut).toBe(SHORTCUT);
  });

  it('keeps the shortcut that worked when the system refuses the new one', async () => {
    const shortcut = shortcutPort([OTHER_SHORTCUT]);
    const { store, environment, settings, effects } = setUp({ shortcut });
    await settings.update({ shortcut: SHORTCUT }, effects);
    await expect(settings.update({ shortcut: OTHER_SHORTCUT }, effects)).rejects.toThrow(
      'The system refused that shortcut',
    );
    expect(shortcut.apply).toHaveBeenLastCalledWith(SHORTCUT);
    expect(environment.shortcut).toBe('active');
    expect(settings.current.shortcut).toBe(SHORTCUT);
    expect(loadSettings(store).shortcut).toBe(SHORTCUT);
  });
});

describe('SettingsService at start and per account', () => {
  it('follows what the system does with "launch at login" and refreshes an enabled entry', async () => {
    const autostart = loginItems('needs-approval');
    const { store, environment, settings } = setUp({ autostart });
    await settings.applyAtStart();
    expect(environment.launchAtLogin).toBe('needs-approval');
    expect(settings.current.launchAtLogin).toBe(true);
    expect(loadSettings(store).launchAtLogin).toBe(true);
    expect(autostart.refresh).toHaveBeenCalledTimes(1);
  });

  it('turns the setting off when the user removed the login item, without refreshing it', async () => {
    const store = createMemoryStore({ settings: { ...DEFAULT_SETTINGS, launchAtLogin: true } });
    const autostart = loginItems('off');
    const { settings } = setUp({ store, autostart });
    await settings.applyAtStart();
    expect(settings.current.launchAtLogin).toBe(false);
    expect(autostart.refresh).not.toHaveBeenCalled();
  });

  it('logs a failing autostart port at start and still registers the shortcut', async () => {
    const autostart = loginItems();
    autostart.status.mockRejectedValue(new Error('no login items here'));
    const shortcut = shortcutPort();
    const store = createMemoryStore({ settings: { ...DEFAULT_SETTINGS, shortcut: SHORTCUT } });
    const { environment, settings, warn } = setUp({ store, autostart, shortcut });
    await expect(settings.applyAtStart()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('could not read launch at login', expect.anything());
    expect(shortcut.apply).toHaveBeenCalledWith(SHORTCUT);
    expect(environment.shortcut).toBe('active');
  });

  it("turns lesson reminders off for a parent's account, once, keeping what the user changes after", async () => {
    const { store, settings, effects } = setUp({});
    settings.followAccount(null);
    expect(store.get(SETTINGS_DEFAULTS_KIND_KEY)).toBeUndefined();
    settings.followAccount('parent');
    expect(settings.current.notifications.kinds['lesson-soon']).toBe(false);
    expect(loadSettings(store).notifications.kinds['lesson-soon']).toBe(false);
    await settings.update({ notifications: { kinds: { 'lesson-soon': true } } }, effects);
    settings.followAccount('parent');
    expect(settings.current.notifications.kinds['lesson-soon']).toBe(true);
  });
});
