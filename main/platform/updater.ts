/**
 * The {@link Updater} port over electron-updater 6 (electron-userland/electron-builder
 * packages/electron-updater): its `autoUpdater` picks the class for the platform (NSIS on Windows,
 * Squirrel.Mac on macOS, AppImage on Linux) and reads the feed from `resources/app-update.yml`, which
 * electron-builder writes from the `publish:` configuration. Downloads go through Electron's `net.request`
 * on the `electron-updater` session (electronHttpExecutor.js) and are checked against the sha512 of
 * `latest*.yml` (builder-util-runtime httpExecutor.js `DigestTransform`); a file that does not match is
 * deleted (AppUpdater.js `executeDownload` → `removeFileIfAny`).
 *
 * Each electron-updater event becomes one {@link UpdateState}; errors become one sentence fit to show
 * ({@link updateErrorMessage}). Background download on; install on quit on; the app never restarts by
 * itself — only the tray's "Restart to update to X.Y.Z" calls {@link Updater.quitAndInstall}.
 * docs/auto-update.md.
 */
import type { AppUpdater, ProgressInfo, UpdateDownloadedEvent, UpdateInfo } from 'electron-updater';
import type { UpdateState } from '../../common/contract';
import { errorText } from '../../common/errors';
import type { Logger, Updater } from '../ports';

/** Options for {@link createElectronUpdater}. */
export interface ElectronUpdaterOptions {
  /**
   * Why this copy does not update itself ({@link updaterOffReason}), or `null`: then `load` is called
   * once, at the first check, for the updater.
   */
  offReason: string | null;
  /**
   * The AppUpdater to drive: electron-updater's `autoUpdater` (tests: an AppImageUpdater of their own).
   * Asynchronous so that main/index.ts can `import()` electron-updater — about a third of main's bundle —
   * at the first check (30 s after start) instead of at start-up; a rejection becomes an error state and
   * the next check loads again.
   */
  load(): Promise<AppUpdater>;
  /**
   * Called, synchronously, with the new file when installing an update renamed the running AppImage
   * (electron-updater's `appimage-filename-updated`, AppImageUpdater.js `doInstall`: an old file name
   * with a version in it gets the new version's name). It fires while the app quits; do the work
   * synchronously.
   */
  onAppImageMoved?(path: string): void;
  /** `process.platform`: on macOS an unsigned or ad hoc signed copy cannot update, and the state says so. */
  platform: string;
  logger: Logger;
  /** Epoch milliseconds (the state's `checkedAt` / `at`). */
  now(): number;
}

/**
 * What a copy that cannot update itself shows: on Linux anything but an AppImage (a .deb, a snap, an
 * unpacked folder; there electron-updater's `checkForUpdates` also resolves `null`).
 */
export const CANNOT_UPDATE_REASON =
  "This copy of the app can't update itself: get new versions from where you installed it.";

/**
 * What a build without an update feed shows: electron-builder writes `resources/app-update.yml` only when
 * `electron-builder.yml` has a `publish:` configuration (app-builder-lib 26 out/publish/PublishManager.js
 * `getAppUpdatePublishConfiguration`; `publish: null` gives none), and electron-updater fails every check
 * without it (AppUpdater.js `loadUpdateConfig`: `ENOENT … app-update.yml`).
 */
export const NO_FEED_REASON = "This build has no update server set, so it doesn't update itself.";

/** True when `error` is electron-updater failing to read a missing `app-update.yml` ({@link NO_FEED_REASON}). */
function isMissingFeed(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'ENOENT' && typeof message === 'string' && message.includes('app-update.yml');
}

/**
 * What an unsigned macOS copy shows once Squirrel.Mac refused it: Electron's `autoUpdater.setFeedURL`
 * emits `error` "Could not get code signature for running application" and makes no updater
 * (electron/electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb shell/browser/auto_updater_mac.mm L90-L104).
 */
export const UNSIGNED_MAC_REASON =
  "This copy isn't signed, so macOS won't let it update itself: download the new version instead.";

/** True for Squirrel.Mac refusing an app without a valid code signature ({@link UNSIGNED_MAC_REASON}). */
function isUnsignedMac(error: unknown, platform: string): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return platform === 'darwin' && /code ?signature|not signed/i.test(text);
}

/**
 * What a macOS copy shows when its feed offers no zip: MacUpdater installs only from a zip listed in
 * `latest-mac.yml` (MacUpdater.js `doDownloadUpdate`: `ERR_UPDATER_ZIP_FILE_NOT_FOUND`), and electron-builder
 * lists only the dmg there when no zip target is built (electron-builder.yml builds one beside each dmg).
 */
export const NO_MAC_ZIP_REASON =
  "This build can't update itself on macOS (its update server offers no zip): download the new version instead.";

/**
 * The `off` reason for a failure no later check of this run can get past, or `null` for one worth trying
 * again: no feed in this build; no zip for macOS; an unsigned macOS copy (Squirrel.Mac refuses every later
 * download too, and MacUpdater still reports the zip downloaded right after the error: MacUpdater.js
 * `updateDownloaded` calls `setFeedURL`, then `dispatchUpdateDownloaded`).
 */
function finalReason(error: unknown, platform: string): string | null {
  if (isMissingFeed(error)) return NO_FEED_REASON;
  if ((error as { code?: unknown } | null)?.code === 'ERR_UPDATER_ZIP_FILE_NOT_FOUND')
    return NO_MAC_ZIP_REASON;
  if (isUnsignedMac(error, platform)) return UNSIGNED_MAC_REASON;
  return null;
}

/**
 * Why the app must not update itself here, or `null` when it may: a demo (CLASSCHARTS_DEMO=1, the fake
 * server); a run that is not a packaged app (`npm start`; electron-updater refuses then too, AppUpdater.js
 * `isUpdaterActive`); on Linux anything but an AppImage (`APPIMAGE` set by its runtime) — a .deb would be
 * updated by DebUpdater, which installs with `pkexec`/`sudo dpkg -i` on quit (LinuxUpdater.js), a password
 * prompt the user did not ask for.
 */
export function updaterOffReason(env: {
  demo: boolean;
  isPackaged: boolean;
  platform: string;
  /** `process.env.APPIMAGE`. */
  appImage: string | undefined;
}): string | null {
  if (env.demo) return 'Updates are off in the demo.';
  if (!env.isPackaged) return 'Updates are off in a development run.';
  if (env.platform === 'linux' && !env.appImage) return CANNOT_UPDATE_REASON;
  return null;
}

/**
 * One sentence for a failed check or download (`error` is what electron-updater emitted or rejected with):
 * - a sha512 mismatch (`ERR_CHECKSUM_MISMATCH`, builder-util-runtime httpExecutor.js `DigestTransform`);
 * - Windows: an installer whose Authenticode signer is not the `publisherName` of app-update.yml
 *   (`ERR_UPDATER_INVALID_SIGNATURE`, NsisUpdater.js; checked only when a signed build wrote one);
 * - the connection closed before the download was complete: Chromium's `net::ERR_CONTENT_LENGTH_MISMATCH`
 *   or `net::ERR_INCOMPLETE_CHUNKED_ENCODING` (net/http/http_stream_parser.cc `DoReadBodyComplete`);
 * - no network or no server: Electron's `net::ERR_…` errors (lib/common/api/net-client-request.ts emits
 *   `new Error(netErrorString)`), or an HTTP error (`HttpError`, `Cannot download …, status 5xx`);
 * - no update information for this system (`ERR_UPDATER_CHANNEL_FILE_NOT_FOUND`: no `latest*.yml`);
 * - anything else: "The update failed." and the first line of the error.
 * The failures no later check gets past (no feed, no macOS zip, an unsigned macOS copy) are not errors but
 * `off` states ({@link finalReason}).
 */
export function updateErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const text = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(text))
    return 'The download was damaged (checksum mismatch) and was discarded.';
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE')
    return "The update isn't signed by the app's publisher, so it was discarded.";
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND')
    return 'The update server has no update information for this system.';
  if (/^net::ERR_(CONTENT_LENGTH_MISMATCH|INCOMPLETE_CHUNKED_ENCODING)/.test(text))
    return 'The download was interrupted. The next check tries again.';
  if (/^net::ERR_|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|timed out/.test(text))
    return "Couldn't reach the update server.";
  if (/^HttpError$/.test((error as Error | null)?.name ?? '') || /status \d{3}/.test(text))
    return 'The update server answered with an error. The next check tries again.';
  return `The update failed: ${text.split('\n')[0]?.slice(0, 160) ?? ''}`;
}

/** Creates the Electron updater port; `off` (with `offReason`) without touching electron-updater. */
export function createElectronUpdater(options: ElectronUpdaterOptions): Updater {
  const { logger, platform, now } = options;
  const listeners = new Set<(state: UpdateState) => void>();
  let state: UpdateState = options.offReason
    ? { status: 'off', reason: options.offReason }
    : { status: 'idle' };
  const set = (next: UpdateState) => {
    // `off` is final for the run: nothing an updater still emits afterwards (an `update-downloaded`) undoes it.
    if (state.status === 'off' || JSON.stringify(next) === JSON.stringify(state)) return;
    state = next;
    for (const listener of [...listeners]) listener(next);
  };
  const fail = (error: unknown) => {
    logger.warn('update failed', { error: errorText(error) });
    const reason = finalReason(error, platform);
    if (reason !== null) return set({ status: 'off', reason });
    set({ status: 'error', message: updateErrorMessage(error), at: now() });
  };

  let updater: AppUpdater | null = null;
  let loading: Promise<AppUpdater> | null = null;
  /** Configures the updater and listens to it; runs once, when the first load succeeds. */
  const attach = (loaded: AppUpdater): AppUpdater => {
    updater = loaded;
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
    updater.logger = {
      info: (message?: unknown) => logger.debug(`updater: ${String(message)}`),
      warn: (message?: unknown) => logger.warn(`updater: ${String(message)}`),
      error: (message?: unknown) => logger.debug(`updater: ${String(message)}`),
    };
    updater.on('checking-for-update', () => set({ status: 'checking' }));
    updater.on('update-not-available', () => set({ status: 'up-to-date', checkedAt: now() }));
    updater.on('update-available', (info: UpdateInfo) =>
      set({ status: 'downloading', version: info.version, percent: 0 }),
    );
    updater.on('download-progress', (progress: ProgressInfo) => {
      if (state.status === 'downloading')
        set({ ...state, percent: Math.max(0, Math.min(100, Math.round(progress.percent))) });
    });
    updater.on('update-downloaded', (event: UpdateDownloadedEvent) =>
      set({ status: 'ready', version: event.version }),
    );
    updater.on('error', fail);
    updater.on('appimage-filename-updated', (path: string) => options.onAppImageMoved?.(path));
    return updater;
  };
  /** The updater, loaded once (at the first check); `null` when it could not be loaded (state: error). */
  const ready = async (): Promise<AppUpdater | null> => {
    loading ??= options.load().then(attach);
    try {
      return await loading;
    } catch (error) {
      loading = null;
      fail(error);
      return null;
    }
  };

  const run = async (): Promise<void> => {
    const loaded = await ready();
    if (!loaded) return;
    try {
      const result = await loaded.checkForUpdates();
      if (result === null) set({ status: 'off', reason: CANNOT_UPDATE_REASON });
      else await result.downloadPromise;
    } catch (error) {
      fail(error);
    }
  };
  /**
   * The check (and its download) under way. A second check joins it: electron-updater dedupes only the
   * check itself (AppUpdater.js `checkForUpdatesPromise`), so during the download it would announce
   * `checking-for-update` and `update-available` again and the state would go back from 40 % to checking.
   */
  let running: Promise<void> | null = null;

  return {
    state: () => state,
    check() {
      // Off or ready is final (even while the run that got there has not settled: MacUpdater's download
      // waits on Squirrel.Mac, which an unsigned copy never starts).
      if (state.status === 'off' || state.status === 'ready') return Promise.resolve();
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
    quitAndInstall() {
      // Silent (the NSIS installer shows no wizard) and started again afterwards (BaseUpdater.js).
      if (updater && state.status === 'ready') updater.quitAndInstall(true, true);
    },
    onState(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
