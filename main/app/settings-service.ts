/**
 * The user's settings with their side effects on the system: "launch at login" goes to the autostart
 * port, the shortcut to the shortcut port (a refused one keeps the one that worked), the refresh interval
 * to the sync engine and "update automatically" to the update schedule. Owns the store keys `settings` and
 * `settings.defaultsFor` (main/settings.ts).
 */
import type { AccountKind, Settings, SettingsPatch } from '../../common/contract';
import type { AppPorts } from '../ports';
import { errorText } from '../../common/errors';
import {
  followAccountDefaults,
  loadSettings,
  mergeSettings,
  saveSettings,
  SETTINGS_DEFAULTS_KIND_KEY,
} from '../settings';
import type { EnvironmentStatus } from './environment-status';

/** What a settings change sets going besides being saved. */
export interface SettingsEffects {
  /** The refresh interval changed: the sync engine plans its next refresh again. */
  intervalChanged(): void;
  /** "Update automatically" changed: the update schedule follows. */
  autoUpdateChanged(): void;
  /** Something Settings shows changed (also before a refusal is thrown). */
  changed(): void;
}

/** The settings as saved, changed only through {@link SettingsService.update} and the account's defaults. */
export class SettingsService {
  /** The settings now (a new object on each change). */
  current: Settings;

  constructor(
    private readonly ports: AppPorts,
    private readonly environment: EnvironmentStatus,
  ) {
    this.current = loadSettings(ports.store);
  }

  /**
   * `settings:update`: merges `patch` (already validated) and saves it, applying "launch at login" and the
   * shortcut to the system first. Throws an Error fit to show, with nothing saved, when the system refuses
   * either. Returns the settings now.
   */
  async update(patch: SettingsPatch, effects: SettingsEffects): Promise<Settings> {
    const { ports, environment } = this;
    const settings = this.current;
    const next = mergeSettings(settings, patch);
    if (next.launchAtLogin !== settings.launchAtLogin) {
      const changed = await ports.autostart.setEnabled(next.launchAtLogin).then(
        () => null,
        (error: unknown) => error,
      );
      environment.launchAtLogin = await environment.readAutostart().catch(() => environment.launchAtLogin);
      if (changed !== null) {
        ports.logger.warn('could not change launch at login', { error: errorText(changed) });
        effects.changed();
        throw new Error('Could not change "launch at login" on this system.', { cause: changed });
      }
    }
    if (next.shortcut !== settings.shortcut && ports.shortcut) {
      environment.applyShortcut(next.shortcut);
      if (environment.shortcut === 'taken') {
        environment.applyShortcut(settings.shortcut); // the one that worked stays
        effects.changed();
        throw new Error(
          'The system refused that shortcut: another application may be using it. Try another.',
        );
      }
    }
    const intervalChanged = next.refreshIntervalMinutes !== settings.refreshIntervalMinutes;
    const autoUpdateChanged = next.autoUpdate !== settings.autoUpdate;
    this.save(next);
    if (intervalChanged) effects.intervalChanged();
    if (autoUpdateChanged) effects.autoUpdateChanged();
    effects.changed();
    return this.current;
  }

  /**
   * At start: "launch at login" follows what the system does (waiting for the user's approval on macOS
   * counts as on), an enabled entry is refreshed to this copy of the app (an updated AppImage has a new
   * file name), and the shortcut is registered. A failing autostart port is logged, not thrown.
   */
  async applyAtStart(): Promise<void> {
    const { ports, environment } = this;
    try {
      environment.launchAtLogin = await environment.readAutostart();
      const enabled = environment.launchAtLogin !== 'off';
      if (enabled) await ports.autostart.refresh?.();
      if (enabled !== this.current.launchAtLogin) this.save({ ...this.current, launchAtLogin: enabled });
    } catch (error) {
      ports.logger.warn('could not read launch at login', { error: errorText(error) });
    }
    environment.applyShortcut(this.current.shortcut);
  }

  /**
   * Settings follow the defaults of the kind of account just signed in (settings.ts followAccountDefaults:
   * lesson reminders off for a parent), keeping what the user changed; remembered per kind in the store.
   * `kind`: `null` when not yet known (nothing changes).
   */
  followAccount(kind: AccountKind | null): void {
    if (!kind) return;
    const { store } = this.ports;
    const stored = store.get<unknown>(SETTINGS_DEFAULTS_KIND_KEY);
    const previous = stored === 'student' || stored === 'parent' ? stored : null;
    if (previous === kind) return;
    const next = followAccountDefaults(this.current, previous, kind);
    if (next !== this.current) this.save(next);
    store.set(SETTINGS_DEFAULTS_KIND_KEY, kind);
  }

  private save(next: Settings): void {
    this.current = next;
    saveSettings(this.ports.store, next);
  }
}
