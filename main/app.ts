/**
 * createApp(ports): the app service the popover, the tray, the preview and `cli watch` talk to. It
 * implements every channel of common/contract (`App` in ./ports.ts) on top of:
 * - the session keeper (./session/keeper.ts): sign-in, renewal every 170 s while worth it (a remembered
 *   session lapses between uses), recovery, sign-out;
 * - the sync engine (./sync/sync-engine.ts): refresh at start, on an interval, at midnight, on resume and
 *   when the popover opens with data older than 5 minutes; background kinds; on-demand records;
 * - the snapshot (./sync/snapshot.ts): the `AppState`, rebuilt on every change and at minute boundaries,
 *   emitted as `state:changed` only when it differs from the last one emitted;
 * - the notification rules (./notify/): new data and the minute tick → notifier, with a persisted ledger.
 *
 * Owns: the store keys `settings`, `settings.defaultsFor` and `ui.selectedPupilId`; in the remembered-data
 * store (`ports.cache`, else the same store) the cached known data in pieces (`cache.*`), `notify.ledger`
 * and `announcements.read`; and the vault key of ./session/keeper.ts. Must not import electron
 * (main/index.ts injects the Electron ports).
 *
 * Secrets: credentials cross only from `auth:login` into the keeper (memory, and the vault when
 * remembered); they never reach the state, the store, a log line or an event.
 */
import type {
  AppState,
  AttachmentOutcome,
  AttachmentRequest,
  AuthStatus,
  ContractHandlers,
  EventChannel,
  EventChannels,
  KeychainStatus,
  LaunchAtLoginStatus,
  LoginErrorCode,
  LoginRequest,
  LoginResult,
  NavigateTarget,
  Settings,
  ShortcutStatus,
} from '../common/contract';
import { attachmentHandling } from '../common/attachments';
import { createMemoryStore } from './adapters/memory-store';
import { signedLinkExpiresAt } from './attachment-names';
import { ClassChartsClient, type Credentials } from './classcharts/client';
import type { Announcement, Attachment, Homework, Pupil } from '../common/domain';
import {
  AttachmentLinkExpiredError,
  InvalidInputError,
  NetworkError,
  NoPupilsError,
  WrongCredentialsError,
  isClassChartsError,
} from './classcharts/errors';
import { InvalidRequestError, parseRequest } from './contract-schemas';
import { openLedger, type Ledger } from './notify/ledger';
import { computeNotifications, NOTIFICATIONS_OF_RECORD_KIND } from './notify/notifications';
import type { App, AppNotification, AppPorts, Store } from './ports';
import {
  describe,
  KeychainError,
  SessionKeeper,
  type SessionEvent,
  type SessionStatus,
} from './session/keeper';
import { DEFAULT_RENEWAL_POLICY, type RenewalPolicy, worthKeepingAlive } from './session/renewal-policy';
import {
  followAccountDefaults,
  loadSettings,
  mergeSettings,
  saveSettings,
  SETTINGS_DEFAULTS_KIND_KEY,
} from './settings';
import { clearKnownData, type KnownData, loadKnownData, saveKnownData } from './sync/known-data';
import {
  loadReadAnnouncements,
  markAnnouncementRead,
  READ_ANNOUNCEMENTS_STORE_KEY,
  withLocalReads,
} from './sync/read-announcements';
import { moveRememberedData } from './sync/remembered-data';
import { nextMinuteDelay, popoverShouldRefresh } from './sync/schedule';
import { buildAppState, homeworkSummary } from './sync/snapshot';
import { type CoreClient, type DataChange, type SyncEvent, SyncEngine } from './sync/sync-engine';
import { createUpdateSchedule } from './update/update-schedule';

/** The demo accounts the fake server serves (offered only when `config.demo`). */
export const DEMO_CREDENTIALS: Record<'student' | 'parent', Credentials> = {
  student: { kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012' },
  parent: { kind: 'parent', email: 'parent@example.com', password: 'demo-parent' },
};

/**
 * A homework file link whose `Expires` is nearer than this (ms) is read again before it is downloaded: a
 * link that would expire during the download, or on a computer whose clock is a few minutes behind.
 */
export const LINK_EXPIRY_MARGIN_MS = 10 * 60_000;

/**
 * A homework list older than this (ms) is read again before one of its files is downloaded when the link
 * does not say when it expires (real links do, `Expires=`, about a day ahead; this covers other link
 * formats). An hour is far inside the day observed, and one extra read of the list is cheap.
 */
export const HOMEWORK_LINK_MAX_AGE_MS = 60 * 60_000;

/** The store key of the selected pupil id. */
export const SELECTED_PUPIL_STORE_KEY = 'ui.selectedPupilId';

/** Events of the core for observers (`cli watch --json`); never hold secrets. */
export type CoreEvent =
  | SessionEvent
  | SyncEvent
  | { type: 'notification'; notification: AppNotification }
  | { type: 'error'; message: string };

/** Optional tuning, mostly for `cli watch` and tests. */
export interface CreateAppOptions {
  /** Session renewal timings (default: every 170 s; backoff 5 s … 5 min). */
  renewal?: Partial<RenewalPolicy>;
  /**
   * Interval refresh in ms, overriding `settings.refreshIntervalMinutes` (e.g. `cli watch --interval`);
   * it then holds day and night, without the app's quieter nights.
   */
  refreshIntervalMs?: number;
  /** Background kinds period in ms (default 60 min). */
  extrasIntervalMs?: number;
  /** Makes the ClassCharts client for a sign-in (default: the real client on `ports.fetch`). */
  createClient?: (ports: AppPorts) => CoreClient;
  /** Core events (renewals, sign-ins, refreshes, notifications, errors). */
  onEvent?: (event: CoreEvent) => void;
}

/** The app plus what tests and the CLI need to wait on. */
export interface CoreApp extends App {
  /** Resolves when start-up sign-in, any running refresh and any sign-out's logout request are over. */
  whenIdle(): Promise<void>;
  /**
   * The pupils of the account as last fetched (empty before the first refresh), in the account's order:
   * for `cli watch` to pick the one `CLASSCHARTS_PUPIL` names (main/cli/env.ts `selectPupil`).
   */
  pupils(): Pupil[];
}

type Listener<E extends EventChannel> = (payload: EventChannels[E]) => void;

const NOT_SIGNED_IN = 'Sign in first.';
/**
 * A minute tick this much later than planned (ms) means the computer slept, or the clock jumped, without
 * a wake-up being reported (timers do not run during sleep): the app then does what a wake-up does.
 */
const MISSED_WAKE_MS = 90_000;

/** Builds the app from its ports; nothing runs until `start()`. */
export function createApp(ports: AppPorts, options: CreateAppOptions = {}): CoreApp {
  const { clock, logger, vault, store } = ports;
  const emitCore = (event: CoreEvent): void => {
    try {
      options.onEvent?.(event);
    } catch (error) {
      logger.error('core event listener failed', { error: describe(error) });
    }
  };

  let settings: Settings = loadSettings(store);
  let keychain: KeychainStatus = 'available';
  /** Whether the settings' global shortcut works (set at start and on each change). */
  let shortcut: ShortcutStatus = 'off';
  /** What the OS did with the last notification, where the notifier reports it. */
  let notificationDelivery: AppState['environment']['notifications'];
  /** What the system does with "launch at login" (read at start and after each change). */
  let launchAtLogin: LaunchAtLoginStatus | undefined;
  /** Reads the autostart status (from `isEnabled` where the port has no `status`). */
  const readAutostart = async (): Promise<LaunchAtLoginStatus> =>
    ports.autostart.status ? ports.autostart.status() : (await ports.autostart.isEnabled()) ? 'on' : 'off';
  let starting = true;
  let started = false;
  let suspended = false;
  /** Persist cache and ledger only for a remembered sign-in (else nothing personal outlives the process). */
  let persistent = false;
  /** Where a remembered sign-in's data is kept: apart from the settings where the shell gives a place. */
  const remembered: Store = ports.cache ?? store;
  let dataStore: Store = createMemoryStore();
  /** The known data as last cached in `dataStore` (only what changed since is written), `null`: none. */
  let saved: KnownData | null = null;
  let ledger: Ledger = openLedger(dataStore);
  let selectedPupilId: number | null = numberOrNull(store.get<unknown>(SELECTED_PUPIL_STORE_KEY));
  let tickTimer: unknown = null;
  /** When the planned minute tick is due (epoch ms): a tick far later than that means a missed wake-up. */
  let tickDueAt = 0;
  /** When the app last did what a wake-up does (epoch ms). */
  let lastWakeAt = Number.NEGATIVE_INFINITY;
  let startup: Promise<void> | null = null;
  let lastEmitted = '';

  const listeners: { [E in EventChannel]: Set<Listener<E>> } = {
    'state:changed': new Set(),
    'ui:navigate': new Set(),
  };
  const emit = <E extends EventChannel>(channel: E, payload: EventChannels[E]): void => {
    for (const listener of [...listeners[channel]]) {
      try {
        listener(payload);
      } catch (error) {
        logger.error('event listener failed', { channel, error: describe(error) });
      }
    }
  };

  const makeClient =
    options.createClient ??
    ((p: AppPorts) =>
      new ClassChartsClient({ fetch: p.fetch, baseUrl: p.config.baseUrl, clock: p.clock, logger: p.logger }));
  /** When the user last looked (the popover shown), epoch ms: a session is kept alive for a while after. */
  let lastSeenAt: number | null = null;
  const renewEveryMs = options.renewal?.renewEveryMs ?? DEFAULT_RENEWAL_POLICY.renewEveryMs;
  const keeper: SessionKeeper<CoreClient> = new SessionKeeper<CoreClient>({
    createClient: () => makeClient(ports),
    clock,
    vault,
    logger,
    policy: options.renewal,
    // A remembered session lapses between uses when a sign-in then costs less than the pings (issue 25 §4).
    keepAlive: () =>
      worthKeepingAlive({
        now: clock.now(),
        renewEveryMs,
        nextUseAt: engine.nextRefreshAt,
        lastSeenAt,
        reSignInCost: keeper.accountKind === 'parent' ? 2 : 1,
      }),
  });

  const engine = new SyncEngine({
    keeper,
    clock,
    logger,
    refreshIntervalMs: () => options.refreshIntervalMs ?? settings.refreshIntervalMinutes * 60_000,
    // An interval given by the caller (cli watch --interval) holds day and night.
    quietNights: options.refreshIntervalMs === undefined,
    extrasIntervalMs: options.extrasIntervalMs,
    onChange: () => publish(),
    onData: (previous, current, change) => onData(previous, current, change),
    onEvent: emitCore,
  });

  // The app's own updates: when to check is decided here, in the core (update-schedule.ts).
  const updates = ports.updater
    ? createUpdateSchedule({
        clock,
        updater: ports.updater,
        enabled: () => settings.autoUpdate,
        busy: () => keeper.status === 'signing-in',
        logger,
      })
    : null;
  ports.updater?.onState(() => publish());

  keeper.on((event) => {
    emitCore(event);
    if (event.type === 'status') onSessionStatus(event.status);
  });

  // -------------------------------------------------------------------------------------------
  // State
  // -------------------------------------------------------------------------------------------

  function authStatus(): AuthStatus {
    const status = keeper.status;
    if (starting && status === 'signed-out') return 'starting';
    return status;
  }

  function state(): AppState {
    const auth = authStatus();
    const freshness = engine.freshness;
    return buildAppState({
      auth,
      known: engine.known,
      selectedPupilId,
      now: clock.now(),
      settings,
      // Waiting for the user to sign in again: whatever is shown can no longer be refreshed.
      freshness:
        auth === 'needs-sign-in'
          ? {
              ...freshness,
              stale: engine.known !== null,
              refreshing: false,
              error: 'ClassCharts no longer accepts the saved sign-in details. Sign in again.',
            }
          : freshness,
      environment: {
        demo: ports.config.demo,
        keychain,
        platform: ports.config.platform,
        version: ports.config.version,
        shortcut,
        ...(notificationDelivery ? { notifications: notificationDelivery } : {}),
        ...(launchAtLogin ? { launchAtLogin } : {}),
        ...(updates ? { update: updates.shown() } : {}),
      },
    });
  }

  /** Emits `state:changed` when the state differs from the last one emitted. */
  function publish(): void {
    const next = state();
    const text = JSON.stringify(next);
    if (text === lastEmitted) return;
    lastEmitted = text;
    emit('state:changed', next);
  }

  // The notifier says what the OS did with each notification: Settings explains a refusal (unsigned macOS).
  ports.notifier.onDelivery?.((delivery) => {
    notificationDelivery =
      delivery.status === 'ok'
        ? { status: 'ok', reason: null }
        : { status: 'failed', reason: delivery.reason };
    publish();
  });

  function onSessionStatus(status: SessionStatus): void {
    if (status === 'needs-sign-in') {
      engine.pause();
      // The last data stays on screen until the user signs in again: lesson states, minutes to the next
      // lesson, homework groups and "today" still change with the time.
      scheduleTick();
    }
    publish();
  }

  // -------------------------------------------------------------------------------------------
  // Data and notifications
  // -------------------------------------------------------------------------------------------

  function onData(previous: KnownData | null, current: KnownData, change: DataChange): void {
    if (selectedPupilId !== null && !current.pupils.some((p) => p.pupil.id === selectedPupilId)) {
      selectedPupilId = current.pupils[0]?.pupil.id ?? null;
    }
    notify(previous, current, change.reason === 'records' ? NOTIFICATIONS_OF_RECORD_KIND[change.kind] : null);
    if (persistent) {
      saveKnownData(dataStore, current, saved);
      saved = current;
    }
    publish();
  }

  /**
   * Runs the rules and shows what is new. `onlyRecord`: the user is looking at records of these kinds, so
   * their news is recorded without a notification, and nothing else is touched (a lesson reminder due
   * soon still comes at the minute tick).
   */
  function notify(
    previous: KnownData | null,
    current: KnownData,
    onlyRecord: readonly string[] | null,
  ): void {
    const now = clock.now();
    const result = computeNotifications({
      previous,
      current,
      now,
      settings: settings.notifications,
      selectedPupilId: selectedPupilId ?? current.pupils[0]?.pupil.id ?? null,
      seen: (id) => ledger.has(id),
    });
    if (onlyRecord !== null) {
      ledger.record(
        result.record.filter((id) => onlyRecord.includes(id.slice(0, id.indexOf(':')))),
        now,
      );
      return;
    }
    ledger.record(result.record, now);
    for (const notification of result.show) {
      try {
        ports.notifier.show(notification);
      } catch (error) {
        logger.error('notifier failed', { error: describe(error) });
      }
      emitCore({ type: 'notification', notification });
    }
  }

  /**
   * At each minute boundary: time-based rules (lesson soon, due tomorrow, detention today, the day's
   * lesson changes from 07:00) when signed in, then the state.
   */
  function tick(): void {
    tickTimer = null;
    if (clock.now() - tickDueAt > MISSED_WAKE_MS) {
      // The computer slept (or the clock jumped) and no wake-up was reported: do what a wake-up does.
      logger.info('the minute tick came late: treating it as a wake-up', { lateMs: clock.now() - tickDueAt });
      app.resume();
      return;
    }
    const known = engine.known;
    if (known !== null && keeper.status === 'signed-in') notify(known, known, null);
    publish();
    scheduleTick();
  }

  /**
   * Plans the next minute tick: while started and awake, and signed in or still showing data (waiting
   * for the user to sign in again). Signed out with nothing shown, no tick.
   */
  function scheduleTick(): void {
    stopTick();
    if (!started || suspended) return;
    if (keeper.status !== 'signed-in' && engine.known === null) return;
    const delay = nextMinuteDelay(clock.now());
    tickDueAt = clock.now() + delay;
    tickTimer = clock.setTimeout(tick, delay);
  }

  function stopTick(): void {
    if (tickTimer !== null) clock.clearTimeout(tickTimer);
    tickTimer = null;
  }

  // -------------------------------------------------------------------------------------------
  // Sign-in and sign-out
  // -------------------------------------------------------------------------------------------

  function usePersistence(enabled: boolean): void {
    persistent = enabled;
    dataStore = enabled ? remembered : createMemoryStore();
    saved = null;
    ledger = openLedger(dataStore);
  }

  /**
   * Signed in again after "sign in again": the data on screen and the ledger carry over, kept or not per
   * the new sign-in's "remember" (the ledger's entries move with it, so nothing is told twice).
   */
  function keepDataAcrossSignIn(persist: boolean): void {
    const carried = ledger;
    if (persist !== persistent) {
      if (!persist) {
        clearKnownData(remembered);
        store.delete(SELECTED_PUPIL_STORE_KEY);
      }
      usePersistence(persist);
      ledger.merge(carried, clock.now());
      if (!persist) openLedger(remembered).clear();
    }
    engine.forgetAnswers();
  }

  /** Registers the settings' shortcut through the port (if any) and notes whether it works. */
  function applyShortcut(accelerator: string | null): void {
    if (!ports.shortcut) shortcut = 'unavailable';
    else if (ports.shortcut.apply(accelerator))
      shortcut = ports.shortcut.needsApproval ? 'requested' : 'active';
    else shortcut = accelerator === null ? 'off' : 'taken';
  }

  /** Makes `pupilId` (one on the account) the pupil the popover shows, kept for a remembered sign-in. */
  function selectPupil(pupilId: number): void {
    selectedPupilId = pupilId;
    if (persistent) store.set(SELECTED_PUPIL_STORE_KEY, pupilId);
    publish();
  }

  function forgetData(): void {
    engine.reset();
    clearKnownData(remembered);
    openLedger(remembered).clear();
    store.delete(SELECTED_PUPIL_STORE_KEY);
    remembered.delete(READ_ANNOUNCEMENTS_STORE_KEY);
    selectedPupilId = null;
    usePersistence(false);
  }

  /**
   * After the first refresh of a sign-in, a start-up or a resume: starts the refresh timers and the minute
   * tick — only while still signed in, since a sign-out or refused credentials may have come while the
   * refresh ran (restarting the engine then would refresh a session that no longer exists).
   */
  function beginSignedIn(): void {
    if (!started || suspended || keeper.status !== 'signed-in') return;
    engine.start();
    scheduleTick();
  }

  async function login(request: unknown): Promise<LoginResult> {
    let parsed: LoginRequest;
    try {
      parsed = parseRequest('auth:login', request);
    } catch (error) {
      if (error instanceof InvalidRequestError) {
        const field = loginField(error.issues[0]?.path);
        return { ok: false, code: 'invalid-input', message: error.message, ...(field ? { field } : {}) };
      }
      throw error;
    }
    suspended = false; // the user is signing in: the computer is awake, whether or not a wake-up was reported
    let credentials: Credentials;
    let remember: boolean;
    if (parsed.kind === 'demo') {
      if (!ports.config.demo)
        return { ok: false, code: 'invalid-input', message: 'Demo accounts are offered only in demo mode.' };
      credentials = DEMO_CREDENTIALS[parsed.as];
      remember = false;
    } else {
      credentials =
        parsed.kind === 'student'
          ? { kind: 'student', code: parsed.code, dateOfBirth: parsed.dateOfBirth }
          : { kind: 'parent', email: parsed.email, password: parsed.password };
      remember = parsed.remember;
    }

    // Waiting for the user to sign in again to the same account, the last data stays on screen and the
    // ledger stays as it is until a sign-in succeeds: a mistyped code loses nothing, and what changed
    // while the app waited is still notified (the refresh below compares with that data). Another
    // account's sign-in starts afresh, as after a sign-out.
    const signingInAgain =
      keeper.status === 'needs-sign-in' && engine.known !== null && keeper.mayBeSameAccount(credentials);
    if (keeper.status !== 'signed-out' && !signingInAgain) {
      await keeper.signOut();
      forgetData();
    }
    starting = false;
    try {
      await keeper.signIn(credentials, { remember });
    } catch (error) {
      publish();
      return loginFailure(error);
    }
    if (keychain === 'locked') {
      // The sign-in the keychain held was replaced (remembered) or deleted: what it cached goes with it.
      forgetData();
      keychain = await readKeychain();
    }
    if (signingInAgain) {
      keepDataAcrossSignIn(remember && keychain !== 'unavailable');
      // Until the service has named the account, refreshes ask for it: another pupil replaces the old.
      engine.requireAccount();
    } else {
      usePersistence(remember && keychain !== 'unavailable');
      engine.reset();
    }
    // The settings follow the kind of account signed in (known from the sign-in itself), written while the
    // lessons are on their way rather than after.
    applyAccountDefaults();
    // Lessons and homework are enough to leave the sign-in form; the background kinds follow (issue 30).
    await engine.refreshCore('sign-in', { account: true });
    const noPupils = engine.lastError;
    if (engine.known === null && noPupils instanceof NoPupilsError) {
      // A parent account without pupils: nothing to show, ever. Sign out and say so.
      await keeper.signOut();
      forgetData();
      publish();
      return { ok: false, code: 'no-pupils', message: noPupils.userMessage };
    }
    if (keeper.status !== 'signed-in') {
      // Signed out, or the details refused, while the first refresh ran: this sign-in did not last.
      publish();
      return signInCutShort(engine.lastError);
    }
    beginSignedIn();
    publish();
    return { ok: true };
  }

  /**
   * Settings follow the defaults of the kind of account just signed in (settings.ts followAccountDefaults:
   * lesson reminders off for a parent), keeping what the user changed; remembered per kind in the store.
   */
  function applyAccountDefaults(): void {
    const kind = engine.known?.account.kind ?? keeper.accountKind;
    if (!kind) return;
    const stored = store.get<unknown>(SETTINGS_DEFAULTS_KIND_KEY);
    const previous = stored === 'student' || stored === 'parent' ? stored : null;
    if (previous === kind) return;
    const next = followAccountDefaults(settings, previous, kind);
    if (next !== settings) {
      settings = next;
      saveSettings(store, settings);
    }
    store.set(SETTINGS_DEFAULTS_KIND_KEY, kind);
  }

  /** The answer to a sign-in that was no longer signed in once its first refresh was over. */
  function signInCutShort(error: unknown): LoginResult {
    if (error instanceof WrongCredentialsError) return loginFailure(error);
    return { ok: false, code: 'service', message: 'Signed out before signing in had finished.' };
  }

  function loginFailure(error: unknown): LoginResult {
    const code: LoginErrorCode =
      error instanceof WrongCredentialsError
        ? error.code
        : error instanceof InvalidInputError
          ? 'invalid-input'
          : error instanceof NetworkError
            ? 'offline'
            : error instanceof KeychainError
              ? 'keychain'
              : error instanceof NoPupilsError
                ? 'no-pupils'
                : 'service';
    const message =
      error instanceof KeychainError
        ? error.userMessage
        : isClassChartsError(error)
          ? error.userMessage
          : 'Signing in failed unexpectedly. Try again.';
    if (!(isClassChartsError(error) || error instanceof KeychainError))
      logger.error('sign-in failed unexpectedly', { error: describe(error) });
    const field =
      error instanceof WrongCredentialsError || error instanceof InvalidInputError ? error.field : undefined;
    return { ok: false, code, message, ...(field ? { field } : {}) };
  }

  async function logout(): Promise<void> {
    stopTick();
    await keeper.signOut();
    forgetData();
    if (keychain === 'locked') keychain = await readKeychain(); // the kept sign-in was deleted
    await ports.attachments?.clear(); // the account's files do not outlive its sign-in
    savedCopies.clear(); // those in Downloads are the user's now; this run no longer shows them
    starting = false;
    publish();
  }

  // -------------------------------------------------------------------------------------------
  // Attachments
  // -------------------------------------------------------------------------------------------

  /**
   * A homework or an announcement as main last read it, for the pupil a request names (else the one
   * shown), with when its list was read; `undefined` when it is not listed. Throws (engine.pupil) when
   * there is no such pupil.
   */
  function listedItem(
    kind: AttachmentRequest['kind'],
    itemId: number,
    pupilId: number | undefined,
  ): { item: Homework | Announcement; fetchedAt: number } | undefined {
    const known = engine.pupil(pupilId ?? selectedPupilId ?? undefined);
    const list = kind === 'homework' ? known.homework : known.announcements;
    const item = list?.items.find((listed) => listed.id === itemId);
    return list && item ? { item, fetchedAt: list.fetchedAt } : undefined;
  }

  /** The listed file a request names, and when its list was read. Throws an Error fit to show. */
  function listedAttachment(request: AttachmentRequest): { file: Attachment; fetchedAt: number } {
    const listed = listedItem(request.kind, request.itemId, request.pupilId);
    const file = listed?.item.attachments[request.index];
    if (!listed || !file) throw new Error('That file is no longer listed. Refresh and try again.');
    return { file, fetchedAt: listed.fetchedAt };
  }

  /** Should this homework file's link be read again before downloading it? */
  function linkNeedsReading(url: string, fetchedAt: number): boolean {
    const now = clock.now();
    const expiresAt = signedLinkExpiresAt(url);
    if (expiresAt !== null) return expiresAt - now < LINK_EXPIRY_MARGIN_MS;
    return now - fetchedAt > HOMEWORK_LINK_MAX_AGE_MS;
  }

  /** Files saved to Downloads this run, by {@link savedKey}: what `attachment:reveal` shows. */
  const savedCopies = new Map<string, string>();
  const savedKey = (request: AttachmentRequest): string =>
    `${request.kind}:${request.pupilId ?? selectedPupilId ?? ''}:${request.itemId}:${request.index}`;

  /**
   * `attachment:open`: looks the file up in main's own data (never a URL from the renderer), refuses
   * programs and scripts, reads the homework again first when its signed link has expired (and once more
   * if the download says so), downloads it through the client (the keeper signs in again when an
   * announcement file needs a fresh session), then by its type (common/attachments.ts
   * `attachmentHandling`) saves it in the private folder and opens it with the system's default
   * application, or — a type that can run code, or a file the service did not virus-check — saves it to
   * Downloads and never opens it. Every saved file is marked as downloaded. Every failure is an Error
   * "Couldn't open <name>: <reason>".
   */
  async function openAttachment(request: AttachmentRequest): Promise<AttachmentOutcome> {
    const folder = ports.attachments;
    if (!folder) throw new Error('Opening attached files is not available here.');
    let { file, fetchedAt } = listedAttachment(request);
    const name = file.name;
    const handling = attachmentHandling(name);
    if (handling.action === 'refuse')
      throw new Error(
        `Couldn't open ${name}: it is a program or script (${handling.extension}), which this app never ` +
          'opens. If you trust it, get it from the ClassCharts website.',
      );
    const reason = file.unscanned ? 'unscanned' : handling.action === 'save' ? 'type' : null;
    const downloads = ports.downloads;
    if (reason !== null && !downloads)
      throw new Error(`Couldn't open ${name}: files of this kind are not opened here.`);
    let readAgain = false;
    const readLinkAgain = async (): Promise<void> => {
      readAgain = true;
      logger.info("attachment: the homework file's link has expired; reading the homework again");
      await engine.refresh('attachment');
      ({ file, fetchedAt } = listedAttachment(request));
    };
    const download = () => keeper.run((client) => client.downloadAttachment(file.url, request.kind));
    try {
      if (request.kind === 'homework' && linkNeedsReading(file.url, fetchedAt)) await readLinkAgain();
      let downloaded;
      try {
        downloaded = await download();
      } catch (error) {
        if (!(error instanceof AttachmentLinkExpiredError) || readAgain) throw error;
        await readLinkAgain();
        downloaded = await download();
      }
      if (reason !== null && downloads) {
        const saved = await downloads.save(name, downloaded.bytes, file.url);
        savedCopies.set(savedKey(request), saved.path);
        logger.info('attachment: saved to Downloads, not opened', { kind: request.kind, reason });
        return { action: 'saved', fileName: saved.fileName, reason, extension: handling.extension };
      }
      const path = await folder.save(name, downloaded.bytes, file.url);
      await ports.shell.openPath(path);
      return { action: 'opened' };
    } catch (error) {
      const reason =
        error instanceof AttachmentLinkExpiredError
          ? 'its link has expired, and reading the homework again gave no working one. Try again later.'
          : isClassChartsError(error)
            ? error.userMessage
            : error instanceof Error
              ? error.message
              : String(error);
      logger.warn('attachment: could not open', { kind: request.kind, error: describe(error) });
      throw new Error(`Couldn't open ${name}: ${reason}`, { cause: error });
    }
  }

  /** `attachment:reveal`: shows the copy this run saved to Downloads in the file manager. */
  function revealAttachment(request: AttachmentRequest): void {
    const path = savedCopies.get(savedKey(request));
    if (path === undefined) throw new Error('That file has not been saved to Downloads. Open it again.');
    ports.shell.showItemInFolder(path);
  }

  // -------------------------------------------------------------------------------------------
  // Handlers (every argument validated again here: defence in depth)
  // -------------------------------------------------------------------------------------------

  function requireSignedIn(): void {
    if (keeper.status !== 'signed-in') throw new Error(NOT_SIGNED_IN);
  }

  /** Runs a handler body, turning client errors into Errors whose message is fit to show. */
  async function shown<T>(body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (error) {
      if (isClassChartsError(error)) throw new Error(error.userMessage, { cause: error });
      throw error;
    }
  }

  const handlers: ContractHandlers = {
    'state:get': async (request) => {
      parseRequest('state:get', request);
      return state();
    },
    'auth:login': (request) => login(request),
    'auth:logout': async (request) => {
      parseRequest('auth:logout', request);
      await logout();
    },
    'pupil:select': async (request) => {
      const pupilId = parseRequest('pupil:select', request);
      engine.pupil(pupilId); // throws "That pupil is not on this account."
      selectPupil(pupilId);
    },
    'sync:refresh': async (request) => {
      parseRequest('sync:refresh', request);
      // Signed out with a sign-in kept for a locked keychain: "Try again" asks the keychain again.
      if (keychain === 'locked' && keeper.status === 'signed-out') return retryLockedKeychain('user');
      requireSignedIn();
      await engine.refresh('manual');
    },
    'day:get': (request) =>
      shown(async () => {
        const { date, pupilId } = parseRequest('day:get', request);
        requireSignedIn();
        return engine.day(date, pupilId ?? selectedPupilId ?? undefined);
      }),
    'records:get': (request) =>
      shown(async () => {
        const { kind, pupilId } = parseRequest('records:get', request);
        requireSignedIn();
        const result = await engine.records(kind, pupilId ?? selectedPupilId ?? undefined);
        // Announcements opened on this computer show as read (the service cannot be told).
        return result.kind === 'announcements'
          ? {
              ...result,
              items: withLocalReads(result.items, loadReadAnnouncements(dataStore), result.pupilId),
            }
          : result;
      }),
    'announcement:get': (request) =>
      shown(async () => {
        const { announcementId, pupilId } = parseRequest('announcement:get', request);
        requireSignedIn();
        const found = listedItem('announcement', announcementId, pupilId)?.item;
        if (!found) throw new Error('That announcement is no longer listed. Refresh and try again.');
        return { id: found.id, descriptionHtml: found.descriptionHtml };
      }),
    'homework:tick': (request) =>
      shown(async () => {
        const { homeworkId, pupilId, ticked } = parseRequest('homework:tick', request);
        requireSignedIn();
        return homeworkSummary(
          await engine.setHomeworkTicked(homeworkId, pupilId ?? selectedPupilId ?? undefined, ticked),
        );
      }),
    'homework:get': (request) =>
      shown(async () => {
        const { homeworkId, pupilId } = parseRequest('homework:get', request);
        requireSignedIn();
        const found = listedItem('homework', homeworkId, pupilId)?.item;
        if (!found) throw new Error('That homework is not in the list any more.');
        return { id: found.id, descriptionHtml: found.descriptionHtml };
      }),
    'settings:update': async (request) => {
      const patch = parseRequest('settings:update', request);
      const next = mergeSettings(settings, patch);
      if (next.launchAtLogin !== settings.launchAtLogin) {
        const changed = await ports.autostart.setEnabled(next.launchAtLogin).then(
          () => null,
          (error: unknown) => error,
        );
        launchAtLogin = await readAutostart().catch(() => launchAtLogin);
        if (changed !== null) {
          logger.warn('could not change launch at login', { error: describe(changed) });
          publish();
          throw new Error('Could not change "launch at login" on this system.', { cause: changed });
        }
      }
      if (next.shortcut !== settings.shortcut && ports.shortcut) {
        applyShortcut(next.shortcut);
        if (shortcut === 'taken') {
          applyShortcut(settings.shortcut); // the one that worked stays
          publish();
          throw new Error(
            'The system refused that shortcut: another application may be using it. Try another.',
          );
        }
      }
      const intervalChanged = next.refreshIntervalMinutes !== settings.refreshIntervalMinutes;
      const autoUpdateChanged = next.autoUpdate !== settings.autoUpdate;
      settings = next;
      saveSettings(store, settings);
      if (intervalChanged) engine.reschedule();
      if (autoUpdateChanged) updates?.settingChanged();
      publish();
      return settings;
    },
    'shell:open-external': async (request) => {
      const url = parseRequest('shell:open-external', request);
      await ports.shell.openExternal(url);
    },
    'announcement:read': async (request) => {
      const { announcementId, pupilId } = parseRequest('announcement:read', request);
      requireSignedIn();
      const id = pupilId ?? selectedPupilId ?? engine.known?.pupils[0]?.pupil.id;
      if (id === undefined || !engine.known?.pupils.some((p) => p.pupil.id === id))
        throw new Error('That pupil is not on this account.');
      markAnnouncementRead(dataStore, id, announcementId);
    },
    'attachment:open': async (request) => {
      const parsed = parseRequest('attachment:open', request);
      requireSignedIn();
      return openAttachment(parsed);
    },
    'attachment:reveal': async (request) => {
      const parsed = parseRequest('attachment:reveal', request);
      requireSignedIn();
      revealAttachment(parsed);
    },
    'popover:hide': async (request) => {
      parseRequest('popover:hide', request);
      ports.shell.hidePopover();
    },
  };

  // -------------------------------------------------------------------------------------------
  // Lifecycle
  // -------------------------------------------------------------------------------------------

  /** The vault's protection level now, `unavailable` when it cannot be read. */
  async function readKeychain(): Promise<KeychainStatus> {
    try {
      return await vault.status();
    } catch (error) {
      logger.warn('could not read the keychain status', { error: describe(error) });
      return 'unavailable';
    }
  }

  /** Remembered data from an earlier run: kept on disk, and shown until the first refresh replaces it. */
  function openRememberedData(): void {
    usePersistence(keychain !== 'unavailable');
    const cached = loadKnownData(remembered);
    if (cached) {
      engine.load(cached);
      saved = cached;
    }
  }

  let retrying: Promise<void> | null = null;

  /**
   * Asks the keychain again for a remembered sign-in it would not open (nothing to do unless the keychain
   * is `locked` and nobody is signed in): by the sign-in screen's "Try again" (`sync:refresh`, `by: user`)
   * and when the screen is unlocked (`by: unlock`). Where the shell can restart the app, it does (quietly
   * for an unlock): only a new process reads the keychain's keys again ({@link Shell.relaunch}); elsewhere
   * the vault is asked again in place, one attempt at a time. The next start always asks again too.
   */
  function retryLockedKeychain(by: 'user' | 'unlock'): Promise<void> {
    if (keychain !== 'locked' || keeper.status !== 'signed-out' || !started) return Promise.resolve();
    if (ports.shell.relaunch) {
      logger.info('restarting to ask the keychain again', { by });
      ports.shell.relaunch({ quiet: by === 'unlock' });
      return Promise.resolve();
    }
    retrying ??= restoreAndRefresh()
      .catch((error: unknown) =>
        logger.warn('retrying the remembered sign-in failed', { error: describe(error) }),
      )
      .finally(() => {
        retrying = null;
      });
    startup = retrying; // `whenIdle` waits for it
    return retrying;
  }

  async function restoreAndRefresh(): Promise<void> {
    const restored = await keeper.restore();
    starting = false;
    if (restored === 'locked') {
      // Kept, with the data cached for it: asked again at the next start, or by a restart (retryLockedKeychain).
      keychain = 'locked';
      publish();
      return;
    }
    if (restored === 'none') {
      forgetData();
      publish();
      return;
    }
    if (keychain === 'locked') {
      keychain = await readKeychain();
      openRememberedData();
    }
    publish();
    if (keeper.status !== 'signed-in') return;
    await engine.refresh('start', { account: true });
    beginSignedIn();
  }

  const app: CoreApp = {
    handlers,
    on(channel, listener) {
      const set = listeners[channel] as Set<typeof listener>;
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    state,
    async start() {
      if (started) return;
      started = true;
      suspended = false;
      keychain = await readKeychain();
      try {
        launchAtLogin = await readAutostart();
        // Waiting for the user's approval (macOS) is still on: the saved switch is not turned off.
        const enabled = launchAtLogin !== 'off';
        // An enabled entry follows this copy of the app (an updated AppImage has a new file name).
        if (enabled) await ports.autostart.refresh?.();
        if (enabled !== settings.launchAtLogin) {
          settings = { ...settings, launchAtLogin: enabled };
          saveSettings(store, settings);
        }
      } catch (error) {
        logger.warn('could not read launch at login', { error: describe(error) });
      }
      applyShortcut(settings.shortcut);
      // Versions before issue 30 kept the account's data in the settings file: moved out, once.
      if (remembered !== store && moveRememberedData(store, remembered))
        logger.info("moved the account's remembered data out of the settings file");
      if (await keeper.hasRemembered()) openRememberedData();
      publish();
      startup = restoreAndRefresh().catch((error: unknown) => {
        logger.error('start-up failed', { error: describe(error) });
        emitCore({ type: 'error', message: describe(error) });
      });
      updates?.start();
    },
    async stop() {
      started = false;
      updates?.stop();
      stopTick();
      keeper.stop();
      engine.stop();
    },
    suspend() {
      suspended = true;
      stopTick();
      keeper.suspend();
      engine.pause();
    },
    resume() {
      const wasAsleep = suspended;
      suspended = false;
      if (!started) return;
      updates?.resume();
      // One wake-up told twice (the late minute tick, then the system's own event): renew once. Not
      // while offline, where the network coming back must be tried at once.
      const online = !engine.freshness.offline;
      if (!wasAsleep && online && keeper.status === 'signed-in' && clock.now() - lastWakeAt < MISSED_WAKE_MS)
        return;
      lastWakeAt = clock.now();
      // Called whatever the status: it also ends the keeper's sleep, without which a later sign-in would
      // never schedule a renewal.
      const renewed = keeper.resume();
      if (keeper.status !== 'signed-in') {
        scheduleTick(); // data still shown while waiting for the user keeps its clock
        publish();
        return;
      }
      void (async () => {
        await renewed;
        if (keeper.status !== 'signed-in' || suspended || !started) return;
        await engine.refresh('resume');
        beginSignedIn();
      })();
      scheduleTick();
    },
    userReturned() {
      if (!started) return;
      lastSeenAt = clock.now();
      // Someone is using the computer, so it is awake: a sleep whose wake-up was never reported ends here.
      if (suspended) {
        app.resume();
        return;
      }
      if (keeper.status !== 'signed-in') return;
      if (popoverShouldRefresh(engine.updatedAt, clock.now())) void engine.refresh('popover');
      else void keeper.wake(); // a session let lapse comes back before the user's next click needs it
    },
    screenUnlocked() {
      app.userReturned();
      void retryLockedKeychain('unlock');
    },
    navigate(target: NavigateTarget, pupilId?: number | null) {
      const known = engine.known?.pupils.some((p) => p.pupil.id === pupilId) ?? false;
      if (pupilId != null && known && pupilId !== selectedPupilId) selectPupil(pupilId);
      emit('ui:navigate', target);
    },
    async whenIdle() {
      await startup;
      await engine.idle();
      await keeper.loggedOut();
    },
    pupils() {
      return engine.known?.pupils.map((known) => known.pupil) ?? [];
    },
  };

  return app;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The sign-in form field a validation issue points at. */
function loginField(path: string | undefined): 'code' | 'dateOfBirth' | 'email' | 'password' | undefined {
  return path === 'code' || path === 'dateOfBirth' || path === 'email' || path === 'password'
    ? path
    : undefined;
}
