/**
 * createApp(ports): the app service the popover, the tray, the preview and `cli watch` talk to. It
 * implements every channel of common/contract (`App` in ../ports.ts) as a composition of small services:
 * - ./channel-handlers.ts: one handler per invoke channel, each argument validated again;
 * - ./lifecycle.ts: start, sleep, wake-up and the minute tick (one phase: stopped, awake, asleep);
 * - ./sign-in.ts: sign-in, sign-out, the remembered sign-in and the locked keychain;
 * - ./data-scope.ts: where the account's data lives (memory, or kept for a remembered sign-in);
 * - ./settings-service.ts: the settings and their effects on the system;
 * - ./environment-status.ts: what Settings shows about the machine;
 * - ./attachments.ts: opening and revealing attached files;
 * - ./calendar-feed.ts: the calendar feed's file and loopback URL, kept up to date after each refresh;
 * - ./notification-dispatch.ts: the rules' notifications, once each;
 * - ./app-state.ts and ./events.ts: the `AppState` and the event streams;
 * on top of the session keeper (../session/keeper.ts) and the sync engine (../sync/sync-engine.ts).
 *
 * Must not import electron (main/index.ts injects the Electron ports).
 */
import type { NavigateTarget } from '../../common/contract';
import type { Pupil } from '../../common/domain';
import { ClassChartsClient } from '../classcharts/client';
import { NOTIFICATIONS_OF_RECORD_KIND } from '../notify/notifications';
import type { App, AppPorts } from '../ports';
import { errorText } from '../../common/errors';
import { SessionKeeper } from '../session/keeper';
import { DEFAULT_RENEWAL_POLICY, type RenewalPolicy, worthKeepingAlive } from '../session/renewal-policy';
import { moveRememberedData } from '../sync/remembered-data';
import { type CoreClient, SyncEngine } from '../sync/sync-engine';
import { createUpdateSchedule } from '../update/update-schedule';
import { AppStatePublisher } from './app-state';
import { AttachmentService } from './attachments';
import { CalendarFeed } from './calendar-feed';
import { createAppCommands, createChannelHandlers } from './channel-handlers';
import { DataScope } from './data-scope';
import { EnvironmentStatus } from './environment-status';
import { AppEvents, type CoreEvent } from './events';
import { Lifecycle } from './lifecycle';
import { NotificationDispatch } from './notification-dispatch';
import { SettingsService } from './settings-service';
import { SignInFlow } from './sign-in';

export type { CoreEvent } from './events';

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
   * for `cli watch` to pick the one `CLASSCHARTS_PUPIL` names (cli/env.ts `selectPupil`).
   */
  pupils(): Pupil[];
}

/** Builds the app from its ports; nothing runs until `start()`. */
export function createApp(ports: AppPorts, options: CreateAppOptions = {}): CoreApp {
  const { clock, logger, store } = ports;
  const events = new AppEvents(logger, options.onEvent);
  const environment = new EnvironmentStatus(ports);
  const settings = new SettingsService(ports, environment);
  const scope = new DataScope(ports);
  const makeClient =
    options.createClient ??
    ((p: AppPorts) =>
      new ClassChartsClient({ fetch: p.fetch, baseUrl: p.config.baseUrl, clock: p.clock, logger: p.logger }));
  const renewEveryMs = options.renewal?.renewEveryMs ?? DEFAULT_RENEWAL_POLICY.renewEveryMs;
  const keeper: SessionKeeper<CoreClient> = new SessionKeeper<CoreClient>({
    createClient: () => makeClient(ports),
    clock,
    vault: ports.vault,
    logger,
    policy: options.renewal,
    // A remembered session lapses between uses when a sign-in then costs less than the pings (issue 25 §4).
    keepAlive: () =>
      worthKeepingAlive({
        now: clock.now(),
        renewEveryMs,
        nextUseAt: engine.nextRefreshAt,
        lastSeenAt: lifecycle.lastSeenAt,
        reSignInCost: keeper.accountKind === 'parent' ? 2 : 1,
      }),
  });
  const engine = new SyncEngine({
    keeper,
    clock,
    logger,
    refreshIntervalMs: () => options.refreshIntervalMs ?? settings.current.refreshIntervalMinutes * 60_000,
    // An interval given by the caller (cli watch --interval) holds day and night.
    quietNights: options.refreshIntervalMs === undefined,
    extrasIntervalMs: options.extrasIntervalMs,
    onChange: () => publish(),
    onData: (previous, current, change) => {
      scope.keepSelection(current);
      const onlyRecord = change.reason === 'records' ? NOTIFICATIONS_OF_RECORD_KIND[change.kind] : null;
      notifications.notify(previous, current, onlyRecord);
      scope.cache(current);
      publish();
      calendar.dataChanged(change);
    },
    onEvent: (event) => events.core(event),
  });
  // The app's own updates: when to check is decided here, in the core (update-schedule.ts).
  const updates = ports.updater
    ? createUpdateSchedule({
        clock,
        updater: ports.updater,
        enabled: () => settings.current.autoUpdate,
        busy: () => keeper.status === 'signing-in',
        logger,
      })
    : null;
  const notifications = new NotificationDispatch(ports, scope, events, () => settings.current);
  const lifecycle = new Lifecycle({
    ports,
    keeper,
    engine,
    updates,
    notifications,
    publish: () => publish(),
  });
  const attachments = new AttachmentService(ports, keeper, engine, scope);
  const calendar = new CalendarFeed({ ports, keeper, engine, settings, scope, publish: () => publish() });
  const deps = { ports, keeper, engine, scope, environment, settings, attachments, lifecycle, updates };
  const signIn = new SignInFlow({ ...deps, publish: () => publish() });
  const view = new AppStatePublisher({ ...deps, calendar, events, authStatus: () => signIn.authStatus() });
  const publish = (): void => view.publish();
  const selectPupil = (pupilId: number): void => {
    scope.select(pupilId);
    publish();
  };

  ports.updater?.onState(() => publish());
  environment.followDelivery(publish);
  keeper.on((event) => {
    events.core(event);
    if (event.type !== 'status') return;
    void calendar.followSession(event.status); // the feed's URL answers while someone is signed in
    if (event.status === 'needs-sign-in') {
      engine.pause();
      // The last data stays on screen until the user signs in again: lesson states, minutes to the next
      // lesson, homework groups and "today" still change with the time.
      lifecycle.scheduleTick();
    }
    publish();
  });

  const handlerDeps = { ...deps, calendar, signIn, state: () => view.state(), publish, selectPupil };
  const commands = createAppCommands(handlerDeps);
  const app: CoreApp = {
    handlers: createChannelHandlers(handlerDeps, commands),
    commands,
    on: (channel, listener) => events.on(channel, listener),
    state: () => view.state(),
    async start() {
      if (!lifecycle.begin()) return;
      await environment.readKeychain();
      await settings.applyAtStart();
      // Versions before issue 30 kept the account's data in the settings file: moved out, once.
      if (scope.remembered !== store && moveRememberedData(store, scope.remembered))
        logger.info("moved the account's remembered data out of the settings file");
      await signIn.showRemembered();
      publish();
      signIn.beginRestore((error) => events.core({ type: 'error', message: errorText(error) }));
      updates?.start();
    },
    async stop() {
      lifecycle.stop();
      await calendar.stop();
    },
    suspend: () => lifecycle.suspend(),
    resume: () => lifecycle.resume(),
    userReturned: () => lifecycle.userReturned(),
    screenUnlocked() {
      lifecycle.userReturned();
      void signIn.retryLockedKeychain('unlock');
    },
    navigate(target: NavigateTarget, pupilId?: number | null) {
      const known = engine.known?.pupils.some((p) => p.pupil.id === pupilId) ?? false;
      if (pupilId != null && known && pupilId !== scope.selectedPupilId) selectPupil(pupilId);
      events.emit('ui:navigate', target);
    },
    async whenIdle() {
      await signIn.settled();
      await engine.idle();
      await keeper.loggedOut();
      await calendar.idle();
    },
    pupils: () => engine.known?.pupils.map((known) => known.pupil) ?? [],
  };
  return app;
}
