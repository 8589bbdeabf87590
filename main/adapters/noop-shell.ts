/**
 * A Shell (main/ports.ts) for the CLI and tests: opening a link is logged (never launched) and hiding
 * the popover does nothing. No electron imports.
 */
import type { Logger, Shell } from '../ports';
import { silentLogger } from '../ports';

/** A Shell that records the URLs it was asked to open in `opened`. */
export function createNoopShell(logger: Logger = silentLogger): Shell & { readonly opened: string[] } {
  const opened: string[] = [];
  return {
    opened,
    async openExternal(url) {
      opened.push(url);
      logger.info('open external link (not launched here)', { url });
    },
    hidePopover() {},
  };
}
