/**
 * The sync engine: fetches what the popover and the notification rules need, on the schedule of
 * ./schedule.ts, through the session keeper (../session/keeper.ts), and keeps it as `KnownData`
 * (../known.ts) with the freshness the snapshot shows. The public entry point, composed of:
 *
 * - ./refresher.ts: the refresh runs (lessons and homework of every pupil, the next school days, then the
 *   background kinds), their freshness, backoff and the interval and midnight timers. One refresh at a
 *   time; a sign-in waits for the lessons and homework only (`refreshCore`).
 * - ./records.ts: the background kinds, and the on-demand records (`records:get`) and other days
 *   (`day:get`), reused for 2 minutes.
 * - ./homework-ticking.ts: ticking homework off (`homework:tick`), single flight per homework.
 * - ./sync-state.ts: what they share (the known data, the epoch, the one way to run a request).
 *
 * Timers go through the injected clock. No electron imports.
 */
import type { DayView, RecordKind, RecordsResult } from '../../common/contract';
import type { Homework, IsoDate } from '../../common/domain';
import { HomeworkTicking } from './homework-ticking';
import type { KnownData, KnownPupil } from '../known';
import { Records } from './records';
import { Refresher } from './refresher';
import { SyncState } from './sync-state';
import type { Freshness, RefreshReason, SyncEngineOptions } from './sync-types';

// The engine's types (./sync-types.ts) and the helpers its users need, from where they are defined.
export type {
  CoreClient,
  DataChange,
  Freshness,
  RefreshReason,
  SyncEngineOptions,
  SyncEvent,
} from './sync-types';
export { userMessageOf } from './refresher';

/** Keeps the known data fresh; see the file header. */
export class SyncEngine {
  private readonly shared: SyncState;
  private readonly refresher: Refresher;
  private readonly kept: Records;
  private readonly ticking: HomeworkTicking;

  constructor(options: SyncEngineOptions) {
    this.shared = new SyncState(options);
    this.kept = new Records(this.shared);
    this.refresher = new Refresher(this.shared, (epoch, now, today) =>
      this.kept.refreshExtras(epoch, now, today),
    );
    this.ticking = new HomeworkTicking(this.shared);
  }

  /** What is known, or `null` before the first load. */
  get known(): KnownData | null {
    return this.shared.data;
  }

  /** Freshness for the snapshot. */
  get freshness(): Freshness {
    return this.refresher.freshness;
  }

  /** Epoch ms of the last fully successful refresh in this run, or the cached data's, or `null`. */
  get updatedAt(): number | null {
    return this.shared.data?.updatedAt ?? null;
  }

  /**
   * When the next scheduled refresh runs (epoch ms: the interval or the midnight one, whichever is first), or
   * `null` when none is scheduled. The session keeper asks, to tell whether a ping is worth it.
   */
  get nextRefreshAt(): number | null {
    return this.refresher.nextRefreshAt;
  }

  /** The error of the last refresh, or `null` when it succeeded. */
  get lastError(): unknown {
    return this.refresher.lastError;
  }

  /** Shows cached data (from the store) until the first refresh: marked stale. */
  load(cached: KnownData): void {
    this.shared.data = cached;
    this.refresher.load(cached.updatedAt);
    this.shared.options.onChange();
  }

  /** Forgets everything (sign-out): data, freshness, answers; stops timers; in-flight work is ignored. */
  reset(): void {
    this.stop();
    this.shared.data = null;
    this.refresher.reset();
    this.kept.forget();
    this.shared.options.onChange();
  }

  /**
   * Every refresh fetches the account until one fetch succeeds (a sign-in again: the pupils it finds
   * replace the known ones, whose data then goes with them).
   */
  requireAccount(): void {
    this.refresher.requireAccount();
  }

  /** Forgets the briefly kept answers to records requests (a sign-in again, perhaps as someone else). */
  forgetAnswers(): void {
    this.kept.forget();
  }

  /** Starts the interval and midnight timers (the first refresh is asked for separately). */
  start(): void {
    this.refresher.start();
  }

  /** Stops every timer; in-flight requests finish but change nothing. */
  stop(): void {
    this.refresher.stop();
  }

  /** Stops the timers only (system sleep); `start()` resumes them. */
  pause(): void {
    this.refresher.pause();
  }

  /** Re-plans the interval refresh (after a settings change). */
  reschedule(): void {
    this.refresher.reschedule();
  }

  /** Waits for a running refresh and a refresh queued behind it (tests, shutdown). */
  idle(): Promise<void> {
    return this.refresher.idle();
  }

  /**
   * Refreshes every pupil's lessons and homework (and the account when asked or not yet known), then the
   * background kinds that are due. Joins a refresh already running for the same London date (with the
   * account, if this one wants it); otherwise one more refresh follows the running one (a refresh in
   * flight at midnight still fetched yesterday). Never rejects: the outcome is in the freshness and the
   * events.
   */
  refresh(reason: RefreshReason, options: { account?: boolean } = {}): Promise<void> {
    return this.refresher.refresh(reason, options);
  }

  /**
   * As {@link refresh}, but resolves as soon as every pupil's lessons and homework are in (or the refresh
   * failed), while the next school day and the background kinds go on (`idle()` still waits for them):
   * what a sign-in waits for, so the lessons show before announcements and behaviour arrive (issue 30).
   * Never rejects.
   */
  refreshCore(reason: RefreshReason, options: { account?: boolean } = {}): Promise<void> {
    return this.refresher.refreshCore(reason, options);
  }

  /** The known pupil with this id, or the first; throws an Error fit to show when not on the account. */
  pupil(pupilId: number | undefined): KnownPupil {
    return this.shared.pupil(pupilId);
  }

  /**
   * A day's lessons for a pupil (`day:get`): today's from the known data when there, other days fetched
   * and kept for 2 minutes. Throws the client's errors (with a user message) when the fetch fails.
   */
  day(date: IsoDate, pupilId: number | undefined): Promise<DayView> {
    return this.kept.day(date, pupilId);
  }

  /**
   * On-demand records (`records:get`), kept for 2 minutes; what is fetched also updates the known data
   * (change `records`). See ./records.ts `Records.records`.
   */
  records(kind: RecordKind, pupilId: number | undefined): Promise<RecordsResult> {
    return this.kept.records(kind, pupilId);
  }

  /**
   * Ticks a homework of the known list off (`ticked: true`) or unticks it (`homework:tick`), then puts the
   * confirmed homework into the known data (change `homework-tick`); single flight per homework. See
   * ./homework-ticking.ts `HomeworkTicking.set`.
   * @throws Error fit to show: not a student account, or the homework is not in the known list; the
   *   client's errors (HomeworkTickError, SessionExpiredError, …), whose `userMessage` is fit to show.
   */
  setHomeworkTicked(homeworkId: number, pupilId: number | undefined, ticked: boolean): Promise<Homework> {
    return this.ticking.set(homeworkId, pupilId, ticked);
  }
}
