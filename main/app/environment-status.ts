/**
 * What Settings shows about the machine the app runs on (`AppState.environment`): the keychain's
 * protection level, whether the global shortcut works, what the OS did with the last notification and
 * what the system does with "launch at login". Each is read from its port (main/ports.ts) at start and
 * after each change; nothing here is persisted.
 */
import type { AppState, KeychainStatus, LaunchAtLoginStatus, ShortcutStatus } from '../../common/contract';
import type { AppPorts } from '../ports';
import { errorText } from '../../common/errors';
import type { UpdateSchedule } from '../update/update-schedule';

/** The environment facts of `AppState.environment`, kept current by the app's services. */
export class EnvironmentStatus {
  /** The vault's protection level (`locked`: a remembered sign-in the keychain would not open). */
  keychain: KeychainStatus = 'available';
  /** Whether the settings' global shortcut works (set at start and on each change). */
  shortcut: ShortcutStatus = 'off';
  /** What the system does with "launch at login" (read at start and after each change). */
  launchAtLogin: LaunchAtLoginStatus | undefined;
  /** What the OS did with the last notification, where the notifier reports it. */
  private notificationDelivery: AppState['environment']['notifications'];

  constructor(private readonly ports: AppPorts) {}

  /**
   * Reads the vault's protection level again into {@link keychain}: `unavailable` when it cannot be read
   * (logged, never thrown).
   */
  async readKeychain(): Promise<void> {
    try {
      this.keychain = await this.ports.vault.status();
    } catch (error) {
      this.ports.logger.warn('could not read the keychain status', { error: errorText(error) });
      this.keychain = 'unavailable';
    }
  }

  /** Reads the autostart status (from `isEnabled` where the port has no `status`). */
  async readAutostart(): Promise<LaunchAtLoginStatus> {
    const { autostart } = this.ports;
    return autostart.status ? autostart.status() : (await autostart.isEnabled()) ? 'on' : 'off';
  }

  /** Registers `accelerator` (`null`: none) through the shortcut port, if any, and notes whether it works. */
  applyShortcut(accelerator: string | null): void {
    const port = this.ports.shortcut;
    if (!port) this.shortcut = 'unavailable';
    else if (port.apply(accelerator)) this.shortcut = port.needsApproval ? 'requested' : 'active';
    else this.shortcut = accelerator === null ? 'off' : 'taken';
  }

  /**
   * Follows what the notifier says the OS did with each notification (Settings explains a refusal, as on
   * an unsigned macOS build), calling `changed` after each report.
   */
  followDelivery(changed: () => void): void {
    this.ports.notifier.onDelivery?.((delivery) => {
      this.notificationDelivery =
        delivery.status === 'ok'
          ? { status: 'ok', reason: null }
          : { status: 'failed', reason: delivery.reason };
      changed();
    });
  }

  /** `AppState.environment` now; `updates`: the update schedule, when the app updates itself. */
  view(updates: UpdateSchedule | null): AppState['environment'] {
    const { config } = this.ports;
    return {
      demo: config.demo,
      keychain: this.keychain,
      platform: config.platform,
      version: config.version,
      shortcut: this.shortcut,
      ...(this.notificationDelivery ? { notifications: this.notificationDelivery } : {}),
      ...(this.launchAtLogin ? { launchAtLogin: this.launchAtLogin } : {}),
      ...(updates ? { update: updates.shown() } : {}),
    };
  }
}
