/**
 * The ports createApp (main/app/) is built from, and the App it returns. Electron supplies real
 * ports in main/index.ts (net.fetch, safeStorage vault, electron-store, Notification, login items);
 * Node tests, the CLI and the preview supply memory/file/console ones. No electron import here.
 */
import type {
  AppState,
  ContractHandlers,
  EventChannel,
  EventChannels,
  KeychainStatus,
  LaunchAtLoginStatus,
  NavigateTarget,
  NotificationKind,
  Settings,
  SettingsPatch,
  UpdateState,
} from '../common/contract';

/** Time source and timers. `now()` is epoch milliseconds; delays are milliseconds. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock: Date.now and the global timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Thrown by `Vault.get` when a stored secret exists but the keychain will not open it for now: the Linux
 * keyring is locked or not started yet at login, its unlock prompt was dismissed, or the macOS Keychain
 * refused. The ciphertext is kept; asking again later (screen unlocked, wake-up, the next start) may work.
 * Source: Electron's `safeStorage.decryptStringAsync` rejects with "…is temporarily unavailable. Please try
 * again." when Chromium flags the failure as temporary (electron/electron@96f3996d
 * shell/browser/api/electron_api_safe_storage.cc, `flags.temporarily_unavailable`).
 */
export class KeychainLockedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the keychain would not open the remembered sign-in for now', options);
    this.name = 'KeychainLockedError';
  }
}

/**
 * Secret storage. Values are plain strings in memory only; at rest they must be encrypted (Electron:
 * safeStorage ciphertext in electron-store). `status()` says what protection a secret stored now gets.
 * `get` resolves `null` when nothing (readable) is stored, and rejects with {@link KeychainLockedError}
 * when a secret is stored but the keychain will not open it yet (the secret is kept).
 * `set` rejects with an Error when the secret cannot be stored safely.
 */
export interface Vault {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  status(): Promise<KeychainStatus>;
}

/**
 * Small persistent key/value store for non-secret data (settings, cached snapshot, notification ledger).
 * Values are JSON-serialisable. Synchronous, like electron-store.
 */
export interface Store {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** A desktop notification, already worded (privacy mode applied). */
export interface AppNotification {
  /** Ledger id, unique per notified fact (e.g. `homework-new:123`). */
  id: string;
  kind: NotificationKind;
  pupilId: number | null;
  title: string;
  body: string;
  /** Where a click on it takes the popover. */
  target: NavigateTarget;
}

/** What became of a notification the OS was asked to show: on screen, or refused with the OS's reason. */
export type NotificationDelivery = { status: 'ok' } | { status: 'failed'; reason: string };

/** Shows notifications. The Electron adapter opens the popover at `target` on click. */
export interface Notifier {
  show(notification: AppNotification): void;
  /**
   * Optional (where the OS reports back): calls `listener` each time a notification is shown or refused,
   * so the core can say why notifications do not appear (macOS: an unsigned app).
   */
  onDelivery?(listener: (delivery: NotificationDelivery) => void): void;
}

/**
 * What happens at the next login: the app starts (`on`), it does not (`off`), or (macOS) it will once the
 * user allows it in System Settings › General › Login Items (`needs-approval`).
 */
export type AutostartStatus = LaunchAtLoginStatus;

/** Start at login (macOS/Windows login items; Linux XDG autostart file). */
export interface Autostart {
  /** True unless the app will certainly not start at login (`needs-approval` counts as enabled). */
  isEnabled(): Promise<boolean>;
  /** Rejects with an Error when the system did not take the change. */
  setEnabled(enabled: boolean): Promise<void>;
  /**
   * Optional (Linux XDG entry): brings an enabled entry up to date with the command that starts this copy
   * of the app — an AppImage's file name changes with every update. Resolves `true` when it rewrote the
   * entry, `false` when there was nothing to do (no entry, turned off by the user, already current).
   * Rejects with the file system's error.
   */
  refresh?(): Promise<boolean>;
}

/**
 * An {@link Autostart} that can say more than on/off (macOS/Windows login items: waiting for approval).
 * Kept apart from `Autostart` so adapters that have no such answer need not mention it.
 */
export interface AutostartWithStatus extends Autostart {
  status(): Promise<AutostartStatus>;
}

/** Structured logger; `fields` never hold secrets (tokens, codes, passwords, dates of birth). */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** Desktop shell actions the app may ask for. */
export interface Shell {
  /** Opens an http(s) URL in the default browser. The app validates the URL before calling. */
  openExternal(url: string): Promise<void>;
  /**
   * Opens a local file with the system's default application (Electron `shell.openPath`). Rejects with an
   * Error whose message is the system's reason when it could not be opened. The app passes only files it
   * downloaded into its {@link AttachmentFolder}.
   */
  openPath(path: string): Promise<void>;
  /**
   * Shows a local file in the system's file manager, selected (Electron `shell.showItemInFolder`); never
   * opens it. The app passes only files it saved to {@link Downloads}.
   */
  showItemInFolder(path: string): void;
  /** Hides the popover (Escape); a no-op where there is none (preview, CLI). */
  hidePopover(): void;
  /**
   * Restarts the app (Electron `app.relaunch` then quit), so that a new process asks the keychain again:
   * Chromium reads its keys once per process (electron/electron@96f3996d
   * shell/browser/api/electron_api_safe_storage.cc: the encryptor is requested once and kept), so a
   * keyring unlocked after start-up is seen only by a new process. `quiet`: the new process starts in the
   * tray (as at login) instead of opening the popover. Absent where the app is not a process of its own
   * (CLI, preview, tests): the core then asks the vault again in place.
   */
  relaunch?(options: { quiet: boolean }): void;
}

/**
 * The private temporary folder attachments are downloaded to: one per run (created on first use, readable
 * by this user only), emptied by `clear()` (quit, sign-out). Node: main/adapters/attachment-folder.ts.
 */
export interface AttachmentFolder {
  /**
   * Writes `bytes` as a file named after `name` (made safe: no folders, no reserved or hidden names, the
   * extension kept) in a fresh sub-folder, marks it as downloaded from `sourceUrl`
   * (main/adapters/download-mark.ts), and resolves with its absolute path.
   */
  save(name: string, bytes: Uint8Array, sourceUrl: string): Promise<string>;
  /** Deletes the folder and everything in it; never throws (a file still open may stay on Windows). */
  clear(): Promise<void>;
}

/**
 * The user's Downloads folder, where a file the app will not open is saved as a browser saves it
 * (common/attachments.ts `attachmentHandling`). Node: main/adapters/downloads-folder.ts.
 */
export interface Downloads {
  /**
   * Writes `bytes` as a new file named after `name` (made safe; `name (1).ext` when taken, never
   * overwriting), marks it as downloaded from `sourceUrl`, and resolves with its absolute path and its
   * name as written. Rejects when it cannot be written.
   */
  save(name: string, bytes: Uint8Array, sourceUrl: string): Promise<{ path: string; fileName: string }>;
}

/** The global shortcut that toggles the popover (Electron: main/platform/shortcut.ts). */
export interface GlobalShortcutPort {
  /**
   * Makes `accelerator` (an Electron accelerator such as `CommandOrControl+Shift+C`, or `null` for none)
   * the active shortcut, releasing the previous one. Returns whether it is now registered: `false` when
   * the system refused it (another application holds it, or it is not a valid accelerator). Never throws.
   */
  apply(accelerator: string | null): boolean;
  /**
   * True when a registered shortcut still needs the desktop's approval and may never fire (a native
   * Wayland session: the GlobalShortcuts portal); the status is then `requested`, not `active`.
   */
  readonly needsApproval?: boolean;
}

/**
 * The app's own updates (Electron: main/platform/updater.ts over electron-updater). The core decides when
 * to check (main/update/update-schedule.ts); the adapter checks, downloads in the background, verifies
 * (sha512) and reports each step as one {@link UpdateState}. It never restarts the app by itself.
 */
export interface Updater {
  /** The current state (`off` with its reason when this copy cannot update itself). */
  state(): UpdateState;
  /**
   * Asks the update server and, when it offers a newer version, downloads it. Resolves once the check and
   * the download it started are over, whatever the outcome (the state says it); never rejects.
   */
  check(): Promise<void>;
  /** Quits the app and installs the downloaded update (state `ready`); does nothing in any other state. */
  quitAndInstall(): void;
  /** Calls `listener` with each new state; returns a function that stops it. */
  onState(listener: (state: UpdateState) => void): () => void;
}

/** The system clipboard (Electron: main/platform/clipboard.ts; Node: main/adapters/memory-clipboard.ts). */
export interface ClipboardPort {
  /**
   * Puts `text` on the clipboard as plain text, replacing what was there; resolves once written (Electron
   * 45's `clipboard.writeText` is asynchronous, modelled on the W3C `navigator.clipboard.writeText`).
   */
  writeText(text: string): Promise<void>;
}

/** The system's file dialogs (Electron: main/platform/save-dialog.ts); absent outside the desktop app. */
export interface Dialogs {
  /**
   * Asks where to save the calendar feed (a save dialog for `.ics` files offering `defaultName`: a file name,
   * or the absolute path chosen before). Resolves with the absolute path chosen, or `null` when cancelled.
   */
  saveCalendarFile(defaultName: string): Promise<string | null>;
}

/** Everything createApp needs. */
export interface AppPorts {
  fetch: typeof fetch;
  clock: Clock;
  vault: Vault;
  /** Settings and the few small values beside them (the pupil shown, which defaults the settings follow). */
  store: Store;
  /**
   * Where a remembered sign-in's data is kept (the cached known data in pieces, the notification ledger, the
   * announcements read here), apart from the settings so reading a setting never parses it (issue 30).
   * Absent: `store` holds it too (tests, and the CLI and the preview, which remember nothing on disk).
   * `flushSync`, where present, writes what is waiting (moving data out of the settings file waits for it).
   */
  cache?: Store & { flushSync?(): void };
  notifier: Notifier;
  /** `status`, where present, is the finer answer; absent, `isEnabled()` true means `on`. */
  autostart: Autostart & Partial<Pick<AutostartWithStatus, 'status'>>;
  shell: Shell;
  logger: Logger;
  /** Absent where there are no global shortcuts (the CLI, the browser preview). */
  shortcut?: GlobalShortcutPort;
  /** Where attachments are downloaded to be opened; absent, `attachment:open` says it is not available. */
  attachments?: AttachmentFolder;
  /** Where a file the app will not open is saved; absent, such a file is refused instead. */
  downloads?: Downloads;
  /** The app's own updates; absent where it cannot update itself (the CLI, the preview, Node tests). */
  updater?: Updater;
  /** The clipboard (the calendar feed's URL); absent, `calendar:copy-url` says it is not available. */
  clipboard?: ClipboardPort;
  /** File dialogs; absent (CLI, preview, Node tests), `calendar:choose-file` needs the desktop app. */
  dialogs?: Dialogs;
  config: {
    /** Service root, e.g. `https://www.classcharts.com` or the fake server's URL. */
    baseUrl: string;
    /** Running against the fake server: offer demo accounts. */
    demo: boolean;
    version: string;
    /** `process.platform` or `browser`. */
    platform: string;
  };
}

/**
 * The running app: the contract's handlers plus lifecycle hooks the shell calls.
 * Handlers reject with an Error whose message is fit to show.
 */
/**
 * The core's commands for callers inside main (the tray menu): the same work as the channels of the same
 * name (`sync:refresh`, `pupil:select`, `settings:update`), without the argument validation an untrusted
 * renderer's request needs. Each rejects with an Error whose message is fit to show.
 */
export interface AppCommands {
  /** Refreshes now (`sync:refresh`); with a locked keychain and nobody signed in, asks the keychain again. */
  refresh(): Promise<void>;
  /** Shows `pupilId`, a pupil on the account (`pupil:select`); rejects for any other id. */
  selectPupil(pupilId: number): Promise<void>;
  /** Changes the settings (`settings:update`); rejects, changing nothing, when the system refuses. */
  updateSettings(patch: SettingsPatch): Promise<Settings>;
}

/** The app service every UI talks to: the contract's handlers, its events, its state and its life. */
export interface App {
  handlers: ContractHandlers;
  /** What main's own UI (the tray menu) asks of the core directly: typed, so not validated again. */
  commands: AppCommands;
  /** Subscribe to an event channel; returns an unsubscribe function. */
  on<E extends EventChannel>(channel: E, listener: (payload: EventChannels[E]) => void): () => void;
  /** The current snapshot (same as `state:get`, synchronous). */
  state(): AppState;
  /** Shows the cached snapshot (stale), signs in from the vault if credentials are stored, starts timers. */
  start(): Promise<void>;
  /** Stops every timer; in-flight requests finish but change nothing. */
  stop(): Promise<void>;
  /** The system is going to sleep. */
  suspend(): void;
  /** The system woke (or the clock jumped, or the network came back): renew or sign in, then refresh. */
  resume(): void;
  /**
   * Someone is at the computer (the popover shown, the screen unlocked): ends a sleep whose wake-up was never
   * reported (as `resume`), else refreshes if the data is older than 5 minutes. Cheaper than `resume`,
   * which always renews and refreshes.
   */
  userReturned(): void;
  /**
   * The screen was unlocked (macOS, Windows: Electron's `unlock-screen`): as {@link userReturned}, and a
   * remembered sign-in waiting for a locked keychain is tried again, in a quiet restart.
   */
  screenUnlocked(): void;
  /**
   * Ask the renderer to show a view (notification click). `pupilId`: the pupil the notification is about;
   * a parent's popover switches to that pupil first (a pupil no longer on the account is ignored).
   */
  navigate(target: NavigateTarget, pupilId?: number | null): void;
}
