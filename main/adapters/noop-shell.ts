/**
 * A Shell (main/ports.ts) for the CLI, the preview and tests: opening a link or a file is logged and
 * recorded (never launched) and hiding the popover does nothing. No electron imports.
 */
import type { Logger, Shell } from '../ports';
import { silentLogger } from '../ports';

/**
 * A Shell that records the URLs it was asked to open in `opened`, the files in `openedFiles` and those
 * it was asked to show in their folder in `revealed` (absolute paths; nothing is launched).
 */
export function createNoopShell(logger: Logger = silentLogger): Shell & {
  readonly opened: string[];
  readonly openedFiles: string[];
  readonly revealed: string[];
} {
  const opened: string[] = [];
  const openedFiles: string[] = [];
  const revealed: string[] = [];
  return {
    opened,
    openedFiles,
    revealed,
    async openExternal(url) {
      opened.push(url);
      logger.info('open external link (not launched here)', { url });
    },
    async openPath(path) {
      openedFiles.push(path);
      logger.info('open file (not launched here)', { path });
    },
    showItemInFolder(path) {
      revealed.push(path);
      logger.info('show file in its folder (not launched here)', { path });
    },
    hidePopover() {},
  };
}
