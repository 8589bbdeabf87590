/**
 * Electron's entry point: runs the app (./platform/boot/boot.ts: the single instance, the real ports, the
 * core of main/app/, the tray and popover, IPC, power events), or with `--self-test` the checks of
 * main/self-test/ instead, and exits (docs/self-test.md).
 *
 * One of the three places allowed to import `electron` (with main/platform/ and preload/index.ts).
 * Environment: CLASSCHARTS_BASE_URL and CLASSCHARTS_DEMO=1 (`npm run demo`, environment.ts),
 * CLASSCHARTS_DEBUG=1 (debug log lines), ELECTRON_RENDERER_URL (set by `electron-vite dev`).
 */
import { app, dialog, globalShortcut, net, Notification, safeStorage, session } from 'electron';
import { join } from 'node:path';
import { errorText } from '../common/errors';
import { boot } from './platform/boot/boot';
import { PRODUCT_NAME } from './platform/environment';
import { createConsoleLogger } from './platform/logger';
import { SELF_TEST_ARG, selfTestCommand } from './platform/self-test-command';

const logger = createConsoleLogger({ debug: process.env.CLASSCHARTS_DEBUG === '1' });
const platform = process.platform;
/** out/ (this file is out/main/index.js once built). */
const outDir = join(import.meta.dirname, '..');

if (process.argv.includes(SELF_TEST_ARG)) {
  // Checks and exits: no tray, no window, no single-instance lock, a throwaway profile
  // (platform/self-test-command.ts).
  const electron = { app, safeStorage, Notification, globalShortcut, net, session };
  const io = { env: process.env, platform, arch: process.arch, versions: process.versions };
  void selfTestCommand(electron, { ...io, print: (line) => console.log(line) }).then((code) =>
    app.exit(code),
  );
} else {
  boot(logger, outDir).catch((error: unknown) => {
    logger.error('ClassCharts Tray could not start', { error: errorText(error) });
    // The dialog gives the message alone, without the error's class name.
    dialog.showErrorBox(
      `${PRODUCT_NAME} could not start`,
      error instanceof Error ? error.message : String(error),
    );
    app.exit(1);
  });
}
