/**
 * An Autostart (main/ports.ts) that only remembers the switch in memory: the CLI, the preview and tests
 * have no login items to change. No electron imports.
 */
import type { Autostart } from '../ports';

/** An Autostart whose `setEnabled` records the value and `isEnabled` returns it (initially `enabled`). */
export function createNoopAutostart(enabled = false): Autostart {
  let current = enabled;
  return {
    async isEnabled() {
      return current;
    },
    async setEnabled(value) {
      current = value;
    },
  };
}
