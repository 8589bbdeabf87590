/**
 * The refresh runs of the sync engine (./sync-engine.ts), their freshness and their timers:
 *
 * - Core refresh (every pupil of the account, in parallel): today's lessons and homework by due date;
 *   today's lessons only hourly once none is still to come (./schedule.ts `todayLessonsDue`), unless the
 *   user pressed Refresh. For a student whose account is not known yet, the account (`/ping`) is fetched in
 *   parallel with the lessons and homework, so a cold start is two round trips (sign-in, then these three).
 * - After a successful core refresh: each pupil's next school day when due, then the background kinds
 *   (the injected `extras` step, ./records.ts `refreshExtras`).
 * - A failed refresh keeps the last good data, marks it stale (offline for a network failure) with a
 *   short message, and retries with backoff; a refresh that finds the user signed out or the credentials
 *   refused pauses the timers until `start()` (the next sign-in).
 * - One refresh at a time: asking while one runs joins it, until its lessons and homework are in; asked
 *   later (only its background kinds left), one more refresh follows it.
 * - The interval timer (./schedule.ts `nextRefreshDelay`) and the midnight timer (./refresh-timers.ts).
 */
import { addDays, londonDate } from '../../common/dates';
import { NetworkError, SessionExpiredError, isClassChartsError } from '../classcharts/errors';
import type { Account, Homework, IsoDate, Lesson } from '../../common/domain';
import { errorText } from '../../common/errors';
import { NotSignedInError } from '../session/keeper';
import { classifyFailure } from '../session/renewal-policy';
import {
  type KnownData,
  type KnownNextDay,
  type KnownPupil,
  NEXT_SCHOOL_DAY_SEARCH_DAYS,
  updatePupil,
  withAccount,
  withDay,
} from '../known';
import {
  homeworkWindow,
  midnightRefreshDelay,
  nextDayDue,
  nextRefreshDelay,
  todayLessonsDue,
} from './schedule';
import { RefreshTimers } from './refresh-timers';
import { rotaCycleSeen } from '../../common/rota';
import type { SyncState } from './sync-state';
import type { Freshness, RefreshReason } from './sync-types';

/**
 * The step a successful refresh ends with (the background kinds): `epoch` it runs under, `now` (epoch ms)
 * and `today` (YYYY-MM-DD, Europe/London) of the refresh. Never rejects.
 */
export type ExtrasStep = (epoch: number, now: number, today: IsoDate) => Promise<void>;

const FRESH: Freshness = { stale: false, offline: false, refreshing: false, error: null };

/** Runs the refreshes and keeps their timers; see the file header. */
export class Refresher {
  private readonly shared: SyncState;
  private readonly extras: ExtrasStep;
  private state: Freshness = { ...FRESH };
  private running: Promise<void> | null = null;
  /** The next refresh must fetch the account (see `requireAccount`). */
  private accountDue = false;
  /** The London date the running refresh fetches, and whether it fetches the account too. */
  private runningFor: { today: IsoDate; account: boolean; pastCore: boolean } | null = null;
  /** Resolves when the running refresh's lessons and homework are in (or it failed); `null` if none runs. */
  private runningCore: Promise<void> | null = null;
  /** A refresh queued behind the running one that could not stand for it (see `refresh`). */
  private followUp: { account: boolean; done: Promise<void> } | null = null;
  private failures = 0;
  private lastFailure: unknown = null;
  private lastSuccessAt: number | null = null;
  private readonly timers: RefreshTimers;
  private active = false;

  constructor(shared: SyncState, extras: ExtrasStep) {
    this.shared = shared;
    this.extras = extras;
    this.timers = new RefreshTimers(shared.clock);
  }

  /** Freshness for the snapshot (a copy). */
  get freshness(): Freshness {
    return { ...this.state };
  }

  /** When the next scheduled refresh runs (epoch ms: the interval or the midnight one), or `null`. */
  get nextRefreshAt(): number | null {
    return this.timers.nextAt;
  }

  /** The error of the last refresh, or `null` when it succeeded. */
  get lastError(): unknown {
    return this.lastFailure;
  }

  /** Cached data was loaded, refreshed at `updatedAt` (epoch ms, or `null`): stale till the first refresh. */
  load(updatedAt: number | null): void {
    this.lastSuccessAt = updatedAt;
    this.state = { ...FRESH, stale: true };
  }

  /** Forgets the freshness, the failures and the last success (sign-out; after `stop()`). */
  reset(): void {
    this.state = { ...FRESH };
    this.failures = 0;
    this.lastFailure = null;
    this.lastSuccessAt = null;
    this.accountDue = false;
  }

  /** Every refresh fetches the account until one fetch succeeds. */
  requireAccount(): void {
    this.accountDue = true;
  }

  /** Starts the interval and midnight timers. */
  start(): void {
    this.active = true;
    this.scheduleInterval();
    this.scheduleMidnight();
  }

  /**
   * Stops every timer and bumps the shared epoch: the refresh in flight, and records and ticks asked for
   * before, finish but change nothing.
   */
  stop(): void {
    this.active = false;
    this.shared.epoch += 1;
    this.running = null;
    this.runningFor = null;
    this.runningCore = null;
    this.followUp = null;
    if (this.state.refreshing) this.state = { ...this.state, refreshing: false };
    this.timers.clear();
  }

  /** Stops the timers only (system sleep); `start()` resumes them. */
  pause(): void {
    this.active = false;
    this.timers.clear();
  }

  /** Re-plans the interval refresh (after a settings change). */
  reschedule(): void {
    if (this.active) this.scheduleInterval();
  }

  /** Waits for a running refresh and a refresh queued behind it. */
  async idle(): Promise<void> {
    while (this.running || this.followUp) await (this.followUp?.done ?? this.running);
  }

  /**
   * Refreshes every pupil's lessons and homework (and the account when asked or not yet known), then the
   * next school days and background kinds that are due. Joins a refresh already running for the same
   * London date (with the account, if this one wants it); otherwise one more refresh follows the running
   * one. Never rejects: the outcome is in the freshness and the events.
   */
  refresh(reason: RefreshReason, options: { account?: boolean } = {}): Promise<void> {
    const account = options.account ?? false;
    const today = londonDate(this.shared.clock.now());
    if (this.running && this.runningFor) {
      const { today: runningToday, account: withAccountFetch, pastCore } = this.runningFor;
      if (runningToday === today && (withAccountFetch || !account) && !pastCore) return this.running;
      // The running refresh cannot stand for this one (it began before midnight, without the account this
      // one wants, or its lessons and homework are in already and only the background kinds are left): one
      // more refresh follows it.
      if (this.followUp) {
        this.followUp.account ||= account;
        return this.followUp.done;
      }
      const epoch = this.shared.epoch;
      const pending = { account, done: Promise.resolve() };
      pending.done = this.running.then(() => {
        if (this.followUp === pending) this.followUp = null;
        return epoch === this.shared.epoch ? this.refresh(reason, { account: pending.account }) : undefined;
      });
      this.followUp = pending;
      return pending.done;
    }
    const epoch = this.shared.epoch;
    const runningFor = { today, account, pastCore: false };
    let resolveCore = (): void => {};
    const core = new Promise<void>((resolve) => {
      resolveCore = resolve;
    });
    const coreDone = (): void => {
      runningFor.pastCore = true;
      resolveCore();
    };
    const run = this.refreshOnce(reason, account, epoch, coreDone).finally(() => {
      coreDone();
      if (this.running === run) {
        this.running = null;
        this.runningFor = null;
        this.runningCore = null;
      }
    });
    this.running = run;
    this.runningFor = runningFor;
    this.runningCore = core;
    return run;
  }

  /**
   * As {@link refresh}, but resolves as soon as every pupil's lessons and homework are in (or the refresh
   * failed), while the rest goes on (`idle()` still waits for it). Never rejects.
   */
  async refreshCore(reason: RefreshReason, options: { account?: boolean } = {}): Promise<void> {
    const done = this.refresh(reason, options);
    // Joined or began the running refresh: its core phase is enough. A follow-up is waited for whole.
    const core = done === this.running ? this.runningCore : null;
    await (core ? Promise.race([done, core]) : done);
  }

  private async refreshOnce(
    reason: RefreshReason,
    withAccountFetch: boolean,
    epoch: number,
    coreDone: () => void,
  ): Promise<void> {
    this.setFreshness({ ...this.state, refreshing: true });
    const now = this.shared.clock.now();
    const today = londonDate(now);
    let failed: unknown = null;
    try {
      const previous = this.shared.data;
      // Refresh pressed: everything is read again, a finished day's lessons too.
      const everything = reason === 'manual';
      let next = await this.fetchCore(previous, withAccountFetch, today, now, everything, (error) => {
        failed ??= error;
      });
      if (epoch !== this.shared.epoch) return;
      if (failed === null) next = { ...next, updatedAt: now };
      this.shared.data = next;
      if (failed === null) this.succeeded(reason, next, now);
      else this.failed(reason, failed);
      this.shared.options.onData(previous, next, { reason: 'refresh' });
    } catch (error) {
      if (epoch !== this.shared.epoch) return;
      this.failed(reason, error);
      return;
    } finally {
      if (epoch === this.shared.epoch) this.scheduleInterval();
      coreDone();
    }
    if (failed === null) {
      await this.refreshNextDays(epoch, now, today);
      await this.extras(epoch, now, today);
    }
  }

  /**
   * Looks up each pupil's next school day when due ({@link nextDayDue}): the days after today one by one,
   * until one has lessons or {@link NEXT_SCHOOL_DAY_SEARCH_DAYS} were searched (a weekday evening costs one
   * request, a Friday three). A failure keeps what was known and is logged: the first screen then shows
   * today's finished day rather than a wrong next one.
   */
  private async refreshNextDays(epoch: number, now: number, today: IsoDate): Promise<void> {
    const due = (this.shared.data?.pupils ?? []).filter((known) => nextDayDue(known.nextDay, today, now));
    if (due.length === 0) return;
    const results = await Promise.allSettled(
      due.map(async (known) => ({
        id: known.pupil.id,
        next: await this.findNextDay(known.pupil.id, today, now),
      })),
    );
    if (epoch !== this.shared.epoch || this.shared.data === null) return;
    let next = this.shared.data;
    for (const result of results) {
      if (result.status === 'rejected') {
        this.shared.logger.warn('next school day lookup failed', { error: errorText(result.reason) });
        continue;
      }
      const { id, next: nextDay } = result.value;
      next = updatePupil(next, id, (k) => ({
        ...k,
        nextDay,
        rotaCycle: rotaCycleSeen(nextDay.lessons, k.rotaCycle),
      }));
    }
    this.shared.replace(next, { reason: 'next-day' });
  }

  /** The first day after `today` with lessons for a pupil, within {@link NEXT_SCHOOL_DAY_SEARCH_DAYS}. */
  private async findNextDay(pupilId: number, today: IsoDate, now: number): Promise<KnownNextDay> {
    for (let offset = 1; offset <= NEXT_SCHOOL_DAY_SEARCH_DAYS; offset += 1) {
      const date = addDays(today, offset);
      const lessons = await this.shared.run((c) => c.timetable(date, pupilId));
      if (lessons.length > 0) return { after: today, fetchedAt: now, date, lessons, searchedTo: date };
    }
    return {
      after: today,
      fetchedAt: now,
      date: null,
      lessons: [],
      searchedTo: addDays(today, NEXT_SCHOOL_DAY_SEARCH_DAYS),
    };
  }

  /**
   * Fetches the account (if needed) and every pupil's lessons and homework; per-pupil failures go to
   * `onError`.
   */
  private async fetchCore(
    previous: KnownData | null,
    withAccountFetch: boolean,
    today: IsoDate,
    now: number,
    everything: boolean,
    onError: (error: unknown) => void,
  ): Promise<KnownData> {
    const window = homeworkWindow(today);
    const homeworkQuery = { ...window, displayDate: 'due_date' as const };
    const needAccount = withAccountFetch || previous === null || this.accountDue;
    let data: KnownData;
    if (needAccount && this.shared.keeper.accountKind === 'student') {
      // Cold start for a student: /ping, lessons and homework together (no pupil id needed).
      const [account, lessons, homework] = await Promise.all([
        this.shared.run((c) => c.account()),
        this.shared.run((c) => c.timetable(today)),
        this.shared.run((c) => c.homeworks(homeworkQuery)),
      ]);
      data = withAccount(previous, account);
      this.accountDue = false;
      const pupil = account.pupils[0];
      if (pupil) data = updatePupil(data, pupil.id, (k) => applyCore(k, today, lessons, homework, now));
      return data;
    }
    const account: Account | null = needAccount ? await this.shared.run((c) => c.account()) : null;
    if (account) this.accountDue = false;
    data = account ? withAccount(previous, account) : (previous as KnownData);
    const results = await Promise.allSettled(
      data.pupils.map(async (known) => {
        const id = known.pupil.id;
        // After the day's last lesson (or on a day without lessons) the timetable is asked for hourly only.
        const lessonsDue = everything || todayLessonsDue(known.day, today, now);
        const [lessons, homework] = await Promise.all([
          lessonsDue ? this.shared.run((c) => c.timetable(today, id)) : null,
          this.shared.run((c) => c.homeworks(homeworkQuery, id)),
        ]);
        return { id, lessons, homework };
      }),
    );
    for (const result of results) {
      if (result.status === 'rejected') {
        onError(result.reason);
        continue;
      }
      const { id, lessons, homework } = result.value;
      data = updatePupil(data, id, (k) => applyCore(k, today, lessons, homework, now));
    }
    return data;
  }

  private succeeded(reason: RefreshReason, data: KnownData, now: number): void {
    this.failures = 0;
    this.lastFailure = null;
    this.lastSuccessAt = now;
    this.setFreshness({ ...FRESH });
    const lessons = data.pupils.reduce((n, p) => n + (p.day?.lessons.length ?? 0), 0);
    const homework = data.pupils.reduce((n, p) => n + (p.homework?.items.length ?? 0), 0);
    this.shared.logger.info('refresh done', { reason, pupils: data.pupils.length, lessons, homework });
    this.shared.options.onEvent?.({
      type: 'refresh',
      ok: true,
      reason,
      pupils: data.pupils.length,
      lessons,
      homework,
    });
  }

  private failed(reason: RefreshReason, error: unknown): void {
    const action = classifyFailure(error);
    const offline = error instanceof NetworkError;
    this.lastFailure = error;
    let retryInMs: number | null = null;
    if (error instanceof NotSignedInError || action === 'needs-sign-in') {
      // No session and no way to get one: nothing to retry until the user signs in (which restarts us).
      this.failures = 0;
      this.pause();
    } else {
      this.failures += 1;
      retryInMs = nextRefreshDelay({
        intervalMs: this.shared.options.refreshIntervalMs(),
        lastSuccessAt: this.lastSuccessAt,
        failures: this.failures,
        now: this.shared.clock.now(),
      });
    }
    const message = userMessageOf(error);
    if (action === 'fail' && !(error instanceof NotSignedInError))
      this.shared.logger.error('refresh failed unexpectedly', { reason, error: errorText(error) });
    else this.shared.logger.warn('refresh failed', { reason, error: errorText(error), retryInMs });
    this.setFreshness({ stale: this.shared.data !== null, offline, refreshing: false, error: message });
    this.shared.options.onEvent?.({ type: 'refresh', ok: false, reason, error: message, offline, retryInMs });
  }

  private setFreshness(next: Freshness): void {
    const changed =
      next.stale !== this.state.stale ||
      next.offline !== this.state.offline ||
      next.refreshing !== this.state.refreshing ||
      next.error !== this.state.error;
    this.state = next;
    if (changed) this.shared.options.onChange();
  }

  /** Sets the interval timer ({@link nextRefreshDelay}: backoff after failures), or clears it when paused. */
  private scheduleInterval(): void {
    const delay = this.active
      ? nextRefreshDelay({
          intervalMs: this.shared.options.refreshIntervalMs(),
          lastSuccessAt: this.lastSuccessAt,
          failures: this.failures,
          now: this.shared.clock.now(),
          quietNights: this.shared.options.quietNights,
        })
      : null;
    this.timers.set('interval', delay, () => void this.refresh(this.failures > 0 ? 'retry' : 'interval'));
  }

  /** Sets the midnight timer (a refresh with the account; then the next one), or clears it when paused. */
  private scheduleMidnight(): void {
    const delay = this.active ? midnightRefreshDelay(this.shared.clock.now()) : null;
    this.timers.set('midnight', delay, () => {
      this.scheduleMidnight();
      void this.refresh('midnight', { account: true });
    });
  }
}

/** Today's lessons and the homework list applied to a known pupil. */
function applyCore(
  known: KnownPupil,
  today: IsoDate,
  lessons: Lesson[] | null,
  homework: Homework[],
  now: number,
): KnownPupil {
  return {
    ...known,
    // `null`: today's lessons were not asked for (settled, ./schedule.ts `todayLessonsDue`): the day stands.
    day: lessons === null ? known.day : withDay(known.day, today, lessons, now),
    rotaCycle: rotaCycleSeen(lessons ?? [], known.rotaCycle),
    homework: { fetchedAt: now, items: homework },
  };
}

/**
 * A short message fit to show for a failed refresh. A SessionExpiredError that reaches sync has already
 * survived the keeper's one automatic sign-in (the service ended the fresh session too, as in the April
 * 2026 TES redirect loop, docs/classcharts-api.md §2.7): the app goes on retrying, so asking the user to sign
 * in again would mislead them.
 */
export function userMessageOf(error: unknown): string {
  if (error instanceof NotSignedInError) return 'Sign in again to carry on.';
  if (error instanceof SessionExpiredError)
    return 'ClassCharts ended the session again right after signing in. Trying again shortly.';
  if (isClassChartsError(error)) return error.userMessage;
  return 'Something went wrong while updating. It will try again shortly.';
}
