/**
 * When the app checks for its own updates (docs/auto-update.md): shortly after start, then every 6 hours;
 * after a wake-up when a check became due during the sleep (timers do not run while the computer sleeps);
 * never while a sign-in is in progress (the check waits a minute and asks again); never when the setting
 * is off or the updater is off. Once an update is downloaded (`ready`) nothing more is checked: it is
 * installed on quit or from the tray. Plain TypeScript on the injected {@link Clock}; no electron.
 */
import type { UpdateState } from '../../common/contract';
import type { Clock, Logger, Updater } from '../ports';

/** The first check after start (ms): the start-up sign-in and first refresh go first. */
export const FIRST_CHECK_DELAY_MS = 30_000;
/** Between two checks (ms): 6 hours. */
export const CHECK_INTERVAL_MS = 6 * 60 * 60_000;
/** A check that fell due during a sign-in is tried again this much later (ms). */
export const BUSY_RETRY_MS = 60_000;

/** What Settings shows when the user turned automatic updates off. */
export const TURNED_OFF_REASON = 'Automatic updates are turned off.';

/** Options for {@link createUpdateSchedule}. */
export interface UpdateScheduleOptions {
  clock: Clock;
  updater: Updater;
  /** The setting (`Settings.autoUpdate`), read at each decision. */
  enabled(): boolean;
  /** True while a sign-in is in progress: no check starts then. */
  busy(): boolean;
  logger: Logger;
}

/** The schedule as the core drives it. Every method is idempotent and never throws. */
export interface UpdateSchedule {
  /** Arms the first check ({@link FIRST_CHECK_DELAY_MS} from now). */
  start(): void;
  /** Cancels the pending check (a running one finishes). */
  stop(): void;
  /** The computer woke up: a check that fell due meanwhile runs soon, else the timer is re-armed. */
  resume(): void;
  /** The setting changed: off cancels the pending check; on arms one (soon when one is overdue). */
  settingChanged(): void;
  /**
   * The state to show: the updater's, except `off` (with {@link TURNED_OFF_REASON}) when the setting is
   * off — a downloaded update (`ready`) and the updater's own `off` reason are shown whatever the setting.
   */
  shown(): UpdateState;
}

/** Creates the schedule; nothing runs until `start()`. */
export function createUpdateSchedule(options: UpdateScheduleOptions): UpdateSchedule {
  const { clock, updater, logger } = options;
  let running = false;
  let timer: unknown = null;
  /** When the last check started (epoch ms). */
  let lastCheckAt = Number.NEGATIVE_INFINITY;

  const cancel = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };
  const arm = (ms: number) => {
    cancel();
    timer = clock.setTimeout(tick, Math.max(0, ms));
  };
  /** Arms the next check from the last one: soon when it is overdue (or none ran yet). */
  const armFromLast = () => {
    const due = lastCheckAt + CHECK_INTERVAL_MS;
    const now = clock.now();
    arm(due <= now ? FIRST_CHECK_DELAY_MS : due - now);
  };
  const mayCheck = () => {
    const status = updater.state().status;
    return running && options.enabled() && status !== 'off' && status !== 'ready';
  };

  function tick(): void {
    timer = null;
    if (!mayCheck()) return;
    if (options.busy()) {
      logger.debug('update check deferred: a sign-in is in progress');
      arm(BUSY_RETRY_MS);
      return;
    }
    lastCheckAt = clock.now();
    arm(CHECK_INTERVAL_MS);
    void updater.check().catch((error: unknown) => {
      // The port promises never to reject; a broken adapter must still not take the app down.
      logger.warn('update check failed', { error: String(error) });
    });
  }

  return {
    start() {
      if (running) return;
      running = true;
      if (mayCheck()) arm(FIRST_CHECK_DELAY_MS);
    },
    stop() {
      running = false;
      cancel();
    },
    resume() {
      if (mayCheck()) armFromLast();
    },
    settingChanged() {
      if (mayCheck()) armFromLast();
      else cancel();
    },
    shown() {
      const state = updater.state();
      if (state.status === 'off' || state.status === 'ready' || options.enabled()) return state;
      return { status: 'off', reason: TURNED_OFF_REASON };
    },
  };
}
