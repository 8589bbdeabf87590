/**
 * A Shell (main/ports.ts) for the CLI, the preview and tests: opening a link or a file is logged and
 * recorded (never launched) and hiding the popover does nothing. No electron imports.
 */
import type { Logger, Shell } from '../ports';
import { silentLogger } from '../ports';

/**
 * A Shell that records the URLs it was asked to open in `opened`, and the files in `openedFiles` (absolute
 * paths; the file is not launched).
 */
export function createNoopShell(
  logger: Logger = silentLogger,
): Shell & { readonly opened: string[]; readonly openedFiles: string[] } {
  const opened: string[] = [];
  const openedFiles: string[] = [];
  return {
    opened,
    openedFiles,
    async openExternal(url) {
      opened.push(url);
      logger.info('open external link (not launched here)', { url });
    },
    async openPath(path) {
      openedFiles.push(path);
      logger.info('open file (not launched here)', { path });
    },
    hidePopover() {},
  };
}
