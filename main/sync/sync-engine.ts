/**
 * The sync engine: fetches what the popover and the notification rules need, on the schedule of
 * ./schedule.ts, through the session keeper (../session/keeper.ts), and keeps it as `KnownData`
 * (./known-data.ts) with the freshness the snapshot shows.
 *
 * - Core refresh (every pupil of the account, in parallel): today's lessons and homework by due date;
 *   today's lessons only hourly once none is still to come (./schedule.ts `todayLessonsDue`), unless the
 *   user pressed Refresh.
 *   For a student whose account is not known yet, the account (`/ping`) is fetched in parallel with the
 *   lessons and homework, so a cold start is two round trips (sign-in, then these three).
 * - Background kinds (activity, badges, detentions, announcements) ride along with a refresh when older
 *   than the extras interval (60 min), after the core data is shown; only the kinds the school enabled.
 * - On-demand records (`records:get`) and other days (`day:get`) are fetched when asked and reused for
 *   2 minutes; today's lessons come from the known data.
 * - A failed refresh keeps the last good data, marks it stale (offline for a network failure) with a
 *   short message, and retries with backoff; a refresh that finds the user signed out or the credentials
 *   refused pauses the timers until `start()` (the next sign-in).
 * - One refresh at a time: asking while one runs joins it, until its lessons and homework are in; asked
 *   later (only its background kinds left), one more refresh follows it. A sign-in waits for the lessons
 *   and homework only (`refreshCore`).
 *
 * Timers go through the injected clock. No electron imports.
 */
import type { DayView, RecordKind, RecordsResult } from '../../common/contract';
import type { ClassChartsClient } from '../classcharts/client';
import { addDays, londonDate, toLondonInstant } from '../classcharts/dates';
import { NetworkError, SessionExpiredError, isClassChartsError } from '../classcharts/errors';
import type { Account, Announcement, Homework, IsoDate, Lesson, Pupil } from '../../common/domain';
import type { Clock, Logger } from '../ports';
import { describe, NotSignedInError, type SessionClient, type SessionKeeper } from '../session/keeper';
import { classifyFailure } from '../session/renewal-policy';
import {
  EXTRA_KINDS,
  type ExtraKind,
  type KnownData,
  type KnownNextDay,
  type KnownPupil,
  NEXT_SCHOOL_DAY_SEARCH_DAYS,
  updatePupil,
  withAccount,
  withDay,
} from './known-data';
import { announcementSummary } from './read-announcements';
import {
  activityWindow,
  EXTRAS_INTERVAL_MS,
  extrasDue,
  homeworkWindow,
  midnightRefreshDelay,
  todayLessonsDue,
  nextDayDue,
  nextRefreshDelay,
  ON_DEMAND_TTL_MS,
} from './schedule';
import { buildDayView } from './snapshot';

/** What the engine needs from the ClassCharts client (main/classcharts/client.ts). */
export type CoreClient = SessionClient &
  Pick<
    ClassChartsClient,
    | 'account'
    | 'timetable'
    | 'homeworks'
    | 'activityPage'
    | 'allActivity'
    | 'behaviour'
    | 'badges'
    | 'announcements'
    | 'detentions'
    | 'downloadAttachment'
    | 'setHomeworkTicked'
    | 'attendance'
  >;

/** Why a refresh runs (for logs and `cli watch`). */
export type RefreshReason =
  | 'start'
  | 'sign-in'
  | 'interval'
  | 'midnight'
  | 'resume'
  | 'popover'
  | 'manual'
  | 'retry'
  /** A homework file's link expired: read the lists again for a fresh one (main/app.ts `attachment:open`). */
  | 'attachment';

/** Freshness of the known data, as the snapshot shows it. */
export interface Freshness {
  stale: boolean;
  offline: boolean;
  refreshing: boolean;
  error: string | null;
}

/** Outcome of one refresh, for observers (`cli watch`). Never holds secrets. */
export type SyncEvent =
  | { type: 'refresh'; ok: true; reason: RefreshReason; pupils: number; lessons: number; homework: number }
  | {
      type: 'refresh';
      ok: false;
      reason: RefreshReason;
      error: string;
      offline: boolean;
      retryInMs: number | null;
    }
  | { type: 'extras'; ok: boolean; kinds: ExtraKind[]; error?: string };

/**
 * Why data changed: a refresh, the next school day looked up, background kinds, records of one kind the
 * user asked for (and is looking at already), or a homework the pupil ticked off or unticked.
 */
export type DataChange =
  { reason: 'refresh' | 'next-day' | 'extras' | 'homework-tick' } | { reason: 'records'; kind: ExtraKind };

/** What {@link SyncEngine} is built from. */
export interface SyncEngineOptions {
  keeper: SessionKeeper<CoreClient>;
  clock: Clock;
  logger: Logger;
  /** The interval refresh period in ms (read at each scheduling, so a settings change applies). */
  refreshIntervalMs: () => number;
  /**
   * `false` keeps the interval day and night (`cli watch --interval`); default `true`: every 3 h from
   * 22:00 to 07:00 London (./schedule.ts `intervalRefreshDue`).
   */
  quietNights?: boolean;
  /** Background kinds period in ms; default 60 min. */
  extrasIntervalMs?: number;
  /** Anything the snapshot shows changed (data or freshness). */
  onChange: () => void;
  /** New data was applied: `previous` is what was known before (`null` right after sign-in). */
  onData: (previous: KnownData | null, current: KnownData, change: DataChange) => void;
  /** Refresh outcomes. */
  onEvent?: (event: SyncEvent) => void;
}

/** A timer the engine set: the clock's handle, and when it fires (epoch ms). */
interface ScheduledTimer {
  handle: unknown;
  at: number;
}

const FRESH: Freshness = { stale: false, offline: false, refreshing: false, error: null };

/**
 * Days of attendance More shows, today included: a week back, so a Monday morning still shows last week's
 * marks (this week alone would be one half-marked day).
 */
export const ATTENDANCE_DAYS = 7;

/** Which pupil feature flag allows each background kind. */
const EXTRA_FEATURE: Record<ExtraKind, keyof Pupil['features']> = {
  activity: 'activity',
  badges: 'badges',
  detentions: 'detentions',
  announcements: 'announcements',
};

interface CachedAnswer<T> {
  at: number;
  value: T;
}

/** Keeps the known data fresh; see the file header. */
export class SyncEngine {
  private readonly options: SyncEngineOptions;
  private readonly keeper: SessionKeeper<CoreClient>;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private data: KnownData | null = null;
  private state: Freshness = { ...FRESH };
  private running: Promise<void> | null = null;
  /** The next refresh must fetch the account (see `requireAccount`). */
  private accountDue = false;
  /** The London date the running refresh fetches, and whether it fetches the account too. */
  private runningFor: { today: IsoDate; account: boolean; pastCore: boolean } | null = null;
  /** Resolves when the running refresh's lessons and homework are in (or it failed); `null` when none runs. */
  private runningCore: Promise<void> | null = null;
  /** A refresh queued behind the running one that could not stand for it (see `refresh`). */
  private followUp: { account: boolean; done: Promise<void> } | null = null;
  private failures = 0;
  private lastFailure: unknown = null;
  private lastSuccessAt: number | null = null;
  private intervalTimer: ScheduledTimer | null = null;
  private midnightTimer: ScheduledTimer | null = null;
  private active = false;
  /** Bumped by reset/stop: work started under an older epoch changes nothing. */
  private epoch = 0;
  private readonly answers = new Map<string, CachedAnswer<unknown>>();
  /** The tick in flight per `pupilId:homeworkId`, and the state it sets (see `setHomeworkTicked`). */
  private readonly ticks = new Map<string, { ticked: boolean; done: Promise<Homework> }>();

  constructor(options: SyncEngineOptions) {
    this.options = options;
    this.keeper = options.keeper;
    this.clock = options.clock;
    this.logger = options.logger;
  }

  /** What is known, or `null` before the first load. */
  get known(): KnownData | null {
    return this.data;
  }

  /** Freshness for the snapshot. */
  get freshness(): Freshness {
    return { ...this.state };
  }

  /** Epoch ms of the last fully successful refresh in this run, or the cached data's, or `null`. */
  get updatedAt(): number | null {
    return this.data?.updatedAt ?? null;
  }

  /**
   * When the next scheduled refresh runs (epoch ms: the interval or the midnight one, whichever is first), or
   * `null` when none is scheduled. The session keeper asks, to tell whether a ping is worth it.
   */
  get nextRefreshAt(): number | null {
    const due = [this.intervalTimer, this.midnightTimer].flatMap((timer) => (timer ? [timer.at] : []));
    return due.length === 0 ? null : Math.min(...due);
  }

  /** The error of the last refresh, or `null` when it succeeded. */
  get lastError(): unknown {
    return this.lastFailure;
  }

  /** Shows cached data (from the store) until the first refresh: marked stale. */
  load(cached: KnownData): void {
    this.data = cached;
    this.lastSuccessAt = cached.updatedAt;
    this.state = { ...FRESH, stale: true };
    this.options.onChange();
  }

  /** Forgets everything (sign-out): data, freshness, answers; stops timers; in-flight work is ignored. */
  reset(): void {
    this.stop();
    this.data = null;
    this.state = { ...FRESH };
    this.failures = 0;
    this.lastFailure = null;
    this.lastSuccessAt = null;
    this.accountDue = false;
    this.answers.clear();
    this.options.onChange();
  }

  /**
   * Every refresh fetches the account until one fetch succeeds (a sign-in again: the pupils it finds
   * replace the known ones, whose data then goes with them).
   */
  requireAccount(): void {
    this.accountDue = true;
  }

  /** Forgets the briefly kept answers to records requests (a sign-in again, perhaps as someone else). */
  forgetAnswers(): void {
    this.answers.clear();
  }

  /** Starts the interval and midnight timers (the first refresh is asked for separately). */
  start(): void {
    this.active = true;
    this.scheduleInterval();
    this.scheduleMidnight();
  }

  /** Stops every timer; in-flight requests finish but change nothing. */
  stop(): void {
    this.active = false;
    this.epoch += 1;
    this.running = null;
    this.runningFor = null;
    this.runningCore = null;
    this.followUp = null;
    if (this.state.refreshing) this.state = { ...this.state, refreshing: false };
    this.clearTimers();
  }

  /** Stops the timers only (system sleep); `start()` resumes them. */
  pause(): void {
    this.active = false;
    this.clearTimers();
  }

  /** Re-plans the interval refresh (after a settings change). */
  reschedule(): void {
    if (this.active) this.scheduleInterval();
  }

  /** Waits for a running refresh and a refresh queued behind it (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running || this.followUp) await (this.followUp?.done ?? this.running);
  }

  /**
   * Refreshes every pupil's lessons and homework (and the account when asked or not yet known), then the
   * background kinds that are due. Joins a refresh already running for the same London date (with the
   * account, if this one wants it); otherwise one more refresh follows the running one (a refresh in
   * flight at midnight still fetched yesterday). Never rejects: the outcome is in the freshness and the
   * events.
   */
  refresh(reason: RefreshReason, options: { account?: boolean } = {}): Promise<void> {
    const account = options.account ?? false;
    const today = londonDate(this.clock.now());
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
      const epoch = this.epoch;
      const pending = { account, done: Promise.resolve() };
      pending.done = this.running.then(() => {
        if (this.followUp === pending) this.followUp = null;
        return epoch === this.epoch ? this.refresh(reason, { account: pending.account }) : undefined;
      });
      this.followUp = pending;
      return pending.done;
    }
    const epoch = this.epoch;
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
   * failed), while the next school day and the background kinds go on (`idle()` still waits for them):
   * what a sign-in waits for, so the lessons show before announcements and behaviour arrive (issue 30).
   * Never rejects.
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
    const now = this.clock.now();
    const today = londonDate(now);
    let failed: unknown = null;
    try {
      const previous = this.data;
      // Refresh pressed: everything is read again, a finished day's lessons too.
      const everything = reason === 'manual';
      let next = await this.fetchCore(previous, withAccountFetch, today, now, everything, (error) => {
        failed ??= error;
      });
      if (epoch !== this.epoch) return;
      if (failed === null) next = { ...next, updatedAt: now };
      this.data = next;
      if (failed === null) this.succeeded(reason, next, now);
      else this.failed(reason, failed);
      this.options.onData(previous, next, { reason: 'refresh' });
    } catch (error) {
      if (epoch !== this.epoch) return;
      this.failed(reason, error);
      return;
    } finally {
      if (epoch === this.epoch) this.scheduleInterval();
      coreDone();
    }
    if (failed === null) {
      await this.refreshNextDays(epoch, now, today);
      await this.refreshExtras(epoch, now, today);
    }
  }

  /**
   * Looks up each pupil's next school day when due ({@link nextDayDue}): the days after today one by one,
   * until one has lessons or {@link NEXT_SCHOOL_DAY_SEARCH_DAYS} were searched (a weekday evening costs one
   * request, a Friday three). A failure keeps what was known and is logged: the first screen then shows
   * today's finished day rather than a wrong next one.
   */
  private async refreshNextDays(epoch: number, now: number, today: IsoDate): Promise<void> {
    const due = (this.data?.pupils ?? []).filter((known) => nextDayDue(known.nextDay, today, now));
    if (due.length === 0) return;
    const results = await Promise.allSettled(
      due.map(async (known) => ({
        id: known.pupil.id,
        next: await this.findNextDay(known.pupil.id, today, now),
      })),
    );
    if (epoch !== this.epoch || this.data === null) return;
    let next = this.data;
    for (const result of results) {
      if (result.status === 'rejected') {
        this.logger.warn('next school day lookup failed', { error: describe(result.reason) });
        continue;
      }
      const { id, next: nextDay } = result.value;
      next = updatePupil(next, id, (k) => ({ ...k, nextDay }));
    }
    if (next === this.data) return;
    const previous = this.data;
    this.data = next;
    this.options.onData(previous, next, { reason: 'next-day' });
  }

  /** The first day after `today` with lessons for a pupil, within {@link NEXT_SCHOOL_DAY_SEARCH_DAYS}. */
  private async findNextDay(pupilId: number, today: IsoDate, now: number): Promise<KnownNextDay> {
    for (let offset = 1; offset <= NEXT_SCHOOL_DAY_SEARCH_DAYS; offset += 1) {
      const date = addDays(today, offset);
      const lessons = await this.keeper.run((c) => c.timetable(date, pupilId));
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

  /** Fetches the account (if needed) and every pupil's lessons and homework; per-pupil failures go to `onError`. */
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
    if (needAccount && this.keeper.accountKind === 'student') {
      // Cold start for a student: /ping, lessons and homework together (no pupil id needed).
      const [account, lessons, homework] = await Promise.all([
        this.keeper.run((c) => c.account()),
        this.keeper.run((c) => c.timetable(today)),
        this.keeper.run((c) => c.homeworks(homeworkQuery)),
      ]);
      data = withAccount(previous, account);
      this.accountDue = false;
      const pupil = account.pupils[0];
      if (pupil) data = updatePupil(data, pupil.id, (k) => applyCore(k, today, lessons, homework, now));
      return data;
    }
    const account: Account | null = needAccount ? await this.keeper.run((c) => c.account()) : null;
    if (account) this.accountDue = false;
    data = account ? withAccount(previous, account) : (previous as KnownData);
    const results = await Promise.allSettled(
      data.pupils.map(async (known) => {
        const id = known.pupil.id;
        // After the day's last lesson (or on a day without lessons) the timetable is asked for hourly only.
        const lessonsDue = everything || todayLessonsDue(known.day, today, now);
        const [lessons, homework] = await Promise.all([
          lessonsDue ? this.keeper.run((c) => c.timetable(today, id)) : null,
          this.keeper.run((c) => c.homeworks(homeworkQuery, id)),
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
    this.logger.info('refresh done', { reason, pupils: data.pupils.length, lessons, homework });
    this.options.onEvent?.({
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
        intervalMs: this.options.refreshIntervalMs(),
        lastSuccessAt: this.lastSuccessAt,
        failures: this.failures,
        now: this.clock.now(),
      });
    }
    const message = userMessageOf(error);
    if (action === 'fail' && !(error instanceof NotSignedInError))
      this.logger.error('refresh failed unexpectedly', { reason, error: describe(error) });
    else this.logger.warn('refresh failed', { reason, error: describe(error), retryInMs });
    this.setFreshness({ stale: this.data !== null, offline, refreshing: false, error: message });
    this.options.onEvent?.({ type: 'refresh', ok: false, reason, error: message, offline, retryInMs });
  }

  /** Fetches the background kinds that are due, for every pupil; failures are logged, not shown. */
  private async refreshExtras(epoch: number, now: number, today: IsoDate): Promise<void> {
    const data = this.data;
    if (data === null) return;
    const interval = this.options.extrasIntervalMs ?? EXTRAS_INTERVAL_MS;
    const jobs: { id: number; kind: ExtraKind }[] = [];
    for (const known of data.pupils) {
      for (const kind of EXTRA_KINDS) {
        if (!known.pupil.features[EXTRA_FEATURE[kind]]) continue;
        if (extrasDue(known[kind]?.fetchedAt ?? null, now, interval)) jobs.push({ id: known.pupil.id, kind });
      }
    }
    if (jobs.length === 0) return;
    const results = await Promise.allSettled(
      jobs.map(async (job) => ({ ...job, items: await this.fetchExtra(job.kind, job.id, today) })),
    );
    if (epoch !== this.epoch || this.data === null) return;
    const previous = this.data;
    let next = previous;
    let firstError: unknown = null;
    for (const result of results) {
      if (result.status === 'rejected') {
        firstError ??= result.reason;
        continue;
      }
      const { id, kind, items } = result.value;
      next = updatePupil(next, id, (k) => ({ ...k, [kind]: { fetchedAt: now, items } }));
    }
    const kinds = [...new Set(jobs.map((j) => j.kind))];
    if (firstError !== null) this.logger.warn('background fetch failed', { error: describe(firstError) });
    this.options.onEvent?.({
      type: 'extras',
      ok: firstError === null,
      kinds,
      ...(firstError === null ? {} : { error: userMessageOf(firstError) }),
    });
    if (next === previous) return;
    this.data = next;
    this.options.onData(previous, next, { reason: 'extras' });
  }

  /**
   * One background kind for a pupil. Activity in the background is the newest page of the last week (one
   * request; the rules only need what is new); asked for on demand it is up to three pages of four weeks.
   */
  private fetchExtra(kind: ExtraKind, pupilId: number, today: IsoDate, onDemand = false): Promise<unknown[]> {
    switch (kind) {
      case 'activity':
        return onDemand
          ? this.keeper.run((c) =>
              c.allActivity({ from: addDays(today, -28), to: today, maxPages: 3 }, pupilId),
            )
          : this.keeper.run(async (c) => (await c.activityPage(activityWindow(today), pupilId)).points);
      case 'badges':
        return this.keeper.run((c) => c.badges(pupilId));
      case 'detentions':
        return this.keeper.run((c) => c.detentions(pupilId));
      case 'announcements':
        return this.keeper.run((c) => c.announcements(pupilId));
    }
  }

  // ---------------------------------------------------------------------------------------------
  // On demand
  // ---------------------------------------------------------------------------------------------

  /** The known pupil with this id, or the first; throws an Error fit to show when not on the account. */
  pupil(pupilId: number | undefined): KnownPupil {
    const data = this.data;
    if (data === null || data.pupils.length === 0) throw new Error('Nothing is loaded yet. Sign in first.');
    const known = pupilId === undefined ? data.pupils[0] : data.pupils.find((p) => p.pupil.id === pupilId);
    if (known === undefined) throw new Error('That pupil is not on this account.');
    return known;
  }

  /** Reuses an answer younger than the on-demand TTL, else fetches and keeps it. */
  private async cached<T>(key: string, fetch: () => Promise<T>): Promise<T> {
    const now = this.clock.now();
    const hit = this.answers.get(key) as CachedAnswer<T> | undefined;
    if (hit && now - hit.at < ON_DEMAND_TTL_MS && now >= hit.at) return hit.value;
    const epoch = this.epoch;
    const value = await fetch();
    if (epoch === this.epoch) this.answers.set(key, { at: now, value });
    return value;
  }

  /**
   * A day's lessons for a pupil (`day:get`): today's from the known data when there, other days fetched
   * and kept for 2 minutes. Throws the client's errors (with a user message) when the fetch fails.
   */
  async day(date: IsoDate, pupilId: number | undefined): Promise<DayView> {
    const known = this.pupil(pupilId);
    const now = this.clock.now();
    if (known.day && known.day.date === date)
      return buildDayView(date, known.day.lessons, now, known.day.firstSeenRooms);
    // The next school day is known already (the first screen after school shows it).
    if (known.nextDay?.date === date && known.nextDay.after === londonDate(now))
      return buildDayView(date, known.nextDay.lessons, now);
    const id = known.pupil.id;
    const lessons = await this.cached(`day:${id}:${date}`, () =>
      this.keeper.run((c) => c.timetable(date, id)),
    );
    return buildDayView(date, lessons, this.clock.now());
  }

  /**
   * On-demand records (`records:get`), kept for 2 minutes. Background kinds fetched within that time are
   * reused; what is fetched here also updates the known data (change `records`: the user is looking at
   * it, so the app records that kind's news without notifying).
   */
  async records(kind: RecordKind, pupilId: number | undefined): Promise<RecordsResult> {
    const known = this.pupil(pupilId);
    const id = known.pupil.id;
    const now = this.clock.now();
    const today = londonDate(now);
    const fetchedAt = (at: number) => toLondonInstant(at);
    if (kind === 'behaviour') {
      return this.cached(`behaviour:${id}`, async () => {
        const epoch = this.epoch;
        const [summary, recent] = await Promise.all([
          this.keeper.run((c) => c.behaviour({ from: addDays(today, -84), to: today }, id)),
          this.keeper.run((c) => c.allActivity({ ...activityWindow(today), maxPages: 2 }, id)),
        ]);
        // The recent points are the behaviour points the rules watch: seen here, not notified later.
        if (epoch === this.epoch) this.keepRecords('activity', id, now, recent);
        return { kind, pupilId: id, fetchedAt: fetchedAt(now), summary, recent };
      });
    }
    if (kind === 'attendance') return this.attendance(known, today, now);
    // Announcements go to the list without their bodies (`announcement:get` gives one when opened).
    const listed = (items: unknown[]): unknown[] =>
      kind === 'announcements' ? (items as Announcement[]).map(announcementSummary) : items;
    const background = known[kind];
    if (background && now - background.fetchedAt < ON_DEMAND_TTL_MS && now >= background.fetchedAt) {
      return {
        kind,
        pupilId: id,
        fetchedAt: fetchedAt(background.fetchedAt),
        items: listed(background.items),
      } as RecordsResult;
    }
    const epoch = this.epoch;
    const items = await this.fetchExtra(kind, id, today, true);
    if (epoch === this.epoch) this.keepRecords(kind, id, now, items);
    return { kind, pupilId: id, fetchedAt: fetchedAt(now), items: listed(items) } as RecordsResult;
  }

  /**
   * Ticks a homework of the known list off (`ticked: true`) or unticks it (`homework:tick`), through the
   * keeper (the client reads, toggles only when needed and confirms, so the keeper's retry after signing in
   * again never toggles twice), then puts the confirmed homework into the known data at once (change
   * `homework-tick`: counts, groups, tray and the due-tomorrow rule see it before the next refresh).
   * Single flight per homework: asking again for the same state while one is in flight joins it (a double
   * click sends one toggle); asking for the other state runs after it, from a fresh read.
   * @throws Error fit to show: not a student account, or the homework is not in the known list; the
   *   client's errors (HomeworkTickError, SessionExpiredError, …), whose `userMessage` is fit to show.
   */
  setHomeworkTicked(homeworkId: number, pupilId: number | undefined, ticked: boolean): Promise<Homework> {
    const known = this.pupil(pupilId);
    if (this.keeper.accountKind !== 'student') throw new Error('Only the pupil can tick homework off.');
    const id = known.pupil.id;
    const homework = known.homework?.items.find((h) => h.id === homeworkId);
    if (homework === undefined) throw new Error('That homework is not in the list any more.');
    const key = `${id}:${homeworkId}`;
    const inFlight = this.ticks.get(key);
    if (inFlight?.ticked === ticked) return inFlight.done;
    const epoch = this.epoch;
    const run = async (): Promise<Homework> => {
      const confirmed = await this.keeper.run((c) => c.setHomeworkTicked(homework, ticked, id));
      if (epoch === this.epoch && this.data !== null) {
        const previous = this.data;
        this.data = updatePupil(previous, id, (k) =>
          k.homework
            ? {
                ...k,
                homework: {
                  ...k.homework,
                  items: k.homework.items.map((h) => (h.id === confirmed.id ? confirmed : h)),
                },
              }
            : k,
        );
        this.options.onData(previous, this.data, { reason: 'homework-tick' });
      }
      return confirmed;
    };
    const done = (inFlight ? inFlight.done.then(run, run) : run()).finally(() => {
      if (this.ticks.get(key)?.done === done) this.ticks.delete(key);
    });
    this.ticks.set(key, { ticked, done });
    return done;
  }

  /**
   * Attendance over the last seven days up to today ({@link ATTENDANCE_DAYS}), kept for 2 minutes, with the
   * percentages only when the school shows them. Never kept as known data: no rule watches it.
   * @throws Error fit to show when the pupil's school does not show attendance (nothing is asked).
   */
  private attendance(known: KnownPupil, today: IsoDate, now: number): Promise<RecordsResult> {
    const { id, firstName, features } = known.pupil;
    // `=== true`: a pupil cached by an older version has no such flags, and then shows no attendance.
    if (features.attendance !== true) throw new Error(`${firstName}'s school does not show attendance here.`);
    const from = addDays(today, 1 - ATTENDANCE_DAYS);
    return this.cached(`attendance:${id}:${today}`, async () => {
      const attendance = await this.keeper.run((c) => c.attendance({ from, to: today }, id));
      const shown =
        features.attendancePercentage === true
          ? attendance
          : { ...attendance, percentage: null, percentageSinceAugust: null };
      return {
        kind: 'attendance',
        pupilId: id,
        fetchedAt: toLondonInstant(now),
        from,
        to: today,
        attendance: shown,
      };
    });
  }

  /**
   * Records the user is looking at become the known data of their kind (change `records`: the app
   * records that kind's news without notifying it).
   */
  private keepRecords(kind: ExtraKind, pupilId: number, fetchedAt: number, items: unknown[]): void {
    if (this.data === null) return;
    const previous = this.data;
    this.data = updatePupil(previous, pupilId, (k) => ({ ...k, [kind]: { fetchedAt, items } }));
    this.options.onData(previous, this.data, { reason: 'records', kind });
  }

  // ---------------------------------------------------------------------------------------------

  private setFreshness(next: Freshness): void {
    const changed =
      next.stale !== this.state.stale ||
      next.offline !== this.state.offline ||
      next.refreshing !== this.state.refreshing ||
      next.error !== this.state.error;
    this.state = next;
    if (changed) this.options.onChange();
  }

  private scheduleInterval(): void {
    this.intervalTimer = this.cancel(this.intervalTimer);
    if (!this.active) return;
    const delay = nextRefreshDelay({
      intervalMs: this.options.refreshIntervalMs(),
      lastSuccessAt: this.lastSuccessAt,
      failures: this.failures,
      now: this.clock.now(),
      quietNights: this.options.quietNights,
    });
    this.intervalTimer = this.after(delay, () => {
      this.intervalTimer = null;
      void this.refresh(this.failures > 0 ? 'retry' : 'interval');
    });
  }

  private scheduleMidnight(): void {
    this.midnightTimer = this.cancel(this.midnightTimer);
    if (!this.active) return;
    this.midnightTimer = this.after(midnightRefreshDelay(this.clock.now()), () => {
      this.midnightTimer = null;
      this.scheduleMidnight();
      void this.refresh('midnight', { account: true });
    });
  }

  private clearTimers(): void {
    this.intervalTimer = this.cancel(this.intervalTimer);
    this.midnightTimer = this.cancel(this.midnightTimer);
  }

  /** Sets a timer of the injected clock that runs `fire` in `delay` ms, remembering when. */
  private after(delay: number, fire: () => void): ScheduledTimer {
    return { handle: this.clock.setTimeout(fire, delay), at: this.clock.now() + delay };
  }

  /** Clears `timer` if set; returns `null`, for the field that held it. */
  private cancel(timer: ScheduledTimer | null): null {
    if (timer !== null) this.clock.clearTimeout(timer.handle);
    return null;
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
