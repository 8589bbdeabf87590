/**
 * The records of the sync engine (./sync-engine.ts): the background kinds and what is asked for on demand.
 *
 * - Background kinds (activity, badges, detentions, announcements) ride along with a successful refresh
 *   (./refresher.ts) when older than the extras interval (60 min), after the core data is shown; only the
 *   kinds the school enabled. Failures are logged and reported as an `extras` event, never shown.
 * - On-demand records (`records:get`) and other days (`day:get`) are fetched when asked and reused for
 *   2 minutes (./schedule.ts `ON_DEMAND_TTL_MS`); today's lessons come from the known data.
 */
import type { DayView, RecordKind, RecordsResult } from '../../common/contract';
import type { Announcement, Attendance, IsoDate, Pupil } from '../../common/domain';
import { addDays, londonDate, toLondonInstant } from '../../common/dates';
import { errorText } from '../../common/errors';
import { EXTRA_KINDS, type ExtraKind, type KnownPupil, updatePupil } from '../known';
import { announcementSummary } from './read-announcements';
import { userMessageOf } from './refresher';
import { activityWindow, EXTRAS_INTERVAL_MS, extrasDue, ON_DEMAND_TTL_MS } from './schedule';
import { rotaCycleSeen } from '../../common/rota';
import { registerFetchStart, schoolWeeks, summaryOfWeeks, trendFetchStart } from '../../common/school-year';
import { buildDayView } from './snapshot';
import type { SyncState } from './sync-state';

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

/** Fetches and keeps the records; see the file header. */
export class Records {
  private readonly shared: SyncState;
  /** Answers to on-demand requests by key (`day:…`, `behaviour:…`, `attendance:…`), with when fetched. */
  private readonly answers = new Map<string, CachedAnswer<unknown>>();
  /** Requests under way by the same keys, with the epoch they were asked in: a second asker waits for it. */
  private readonly pending = new Map<string, { epoch: number; answer: Promise<unknown> }>();

  constructor(shared: SyncState) {
    this.shared = shared;
  }

  /** Forgets the briefly kept answers to records requests (a sign-in again, a sign-out). */
  forget(): void {
    this.answers.clear();
    this.pending.clear();
  }

  /**
   * A day's lessons for a pupil (`day:get`): today's from the known data when there, other days fetched
   * and kept for 2 minutes. Throws the client's errors (with a user message) when the fetch fails.
   */
  async day(date: IsoDate, pupilId: number | undefined): Promise<DayView> {
    const known = this.shared.pupil(pupilId);
    const now = this.shared.clock.now();
    if (known.day && known.day.date === date)
      return buildDayView(date, known.day.lessons, now, known.day.firstSeenRooms, known.rotaCycle);
    // The next school day is known already (the first screen after school shows it).
    if (known.nextDay?.date === date && known.nextDay.after === londonDate(now))
      return buildDayView(date, known.nextDay.lessons, now, {}, known.rotaCycle);
    const id = known.pupil.id;
    const epoch = this.shared.epoch;
    const lessons = await this.cached(`day:${id}:${date}`, () =>
      this.shared.run((c) => c.timetable(date, id)),
    );
    const cycle = rotaCycleSeen(lessons, known.rotaCycle);
    // A longer rota cycle is remembered, so today's "Week 1" is labelled once a week 2 has been seen.
    if (cycle > (known.rotaCycle ?? 0) && epoch === this.shared.epoch)
      this.shared.updatePupil(id, (k) => ({ ...k, rotaCycle: rotaCycleSeen(lessons, k.rotaCycle) }), {
        reason: 'rota',
      });
    return buildDayView(date, lessons, this.shared.clock.now(), {}, cycle);
  }

  /**
   * On-demand records (`records:get`), kept for 2 minutes. Background kinds fetched within that time are
   * reused; what is fetched here also updates the known data (change `records`: the user is looking at
   * it, so the app records that kind's news without notifying).
   */
  async records(kind: RecordKind, pupilId: number | undefined): Promise<RecordsResult> {
    const known = this.shared.pupil(pupilId);
    const id = known.pupil.id;
    const now = this.shared.clock.now();
    const today = londonDate(now);
    const fetchedAt = (at: number) => toLondonInstant(at);
    if (kind === 'behaviour') {
      return this.cached(`behaviour:${id}`, async () => {
        const epoch = this.shared.epoch;
        // From a Monday, so the service's weekly buckets run Monday to Sunday (docs/classcharts-api.md
        // §5.5).
        const from = trendFetchStart(today);
        const [summary, recent, register] = await Promise.all([
          this.shared.run((c) => c.behaviour({ from, to: today }, id)),
          this.shared.run((c) => c.allActivity({ ...activityWindow(today), maxPages: 2 }, id)),
          this.schoolWeekRegister(known, today),
        ]);
        // The recent points are the behaviour points the rules watch: seen here, not notified later.
        if (epoch === this.shared.epoch) this.keepRecords('activity', id, now, recent);
        const weeks = schoolWeeks(today, from, register);
        return {
          kind,
          pupilId: id,
          fetchedAt: fetchedAt(now),
          summary: summaryOfWeeks(summary, weeks),
          recent,
        };
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
    const epoch = this.shared.epoch;
    const items = await this.fetchExtra(kind, id, today, true);
    if (epoch === this.shared.epoch) this.keepRecords(kind, id, now, items);
    return { kind, pupilId: id, fetchedAt: fetchedAt(now), items: listed(items) } as RecordsResult;
  }

  /**
   * Fetches the background kinds that are due, for every pupil, at `now` (epoch ms) and `today`
   * (YYYY-MM-DD, Europe/London) of the refresh they follow, under its `epoch`; failures are logged, not
   * shown. Never rejects.
   */
  async refreshExtras(epoch: number, now: number, today: IsoDate): Promise<void> {
    const data = this.shared.data;
    if (data === null) return;
    const interval = this.shared.options.extrasIntervalMs ?? EXTRAS_INTERVAL_MS;
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
    if (epoch !== this.shared.epoch || this.shared.data === null) return;
    let next = this.shared.data;
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
    if (firstError !== null)
      this.shared.logger.warn('background fetch failed', { error: errorText(firstError) });
    this.shared.options.onEvent?.({
      type: 'extras',
      ok: firstError === null,
      kinds,
      ...(firstError === null ? {} : { error: userMessageOf(firstError) }),
    });
    this.shared.replace(next, { reason: 'extras' });
  }

  /**
   * Reuses an answer younger than the on-demand TTL, or the request for it already under way in this epoch
   * (Behaviour and Attendance opened together ask for the register once), else fetches and keeps it.
   */
  private async cached<T>(key: string, fetch: () => Promise<T>): Promise<T> {
    const now = this.shared.clock.now();
    const hit = this.answers.get(key) as CachedAnswer<T> | undefined;
    if (hit && now - hit.at < ON_DEMAND_TTL_MS && now >= hit.at) return hit.value;
    const epoch = this.shared.epoch;
    const underway = this.pending.get(key);
    if (underway?.epoch === epoch) return underway.answer as Promise<T>;
    const answer = fetch();
    this.pending.set(key, { epoch, answer });
    try {
      const value = await answer;
      if (epoch === this.shared.epoch) this.answers.set(key, { at: now, value });
      return value;
    } finally {
      if (this.pending.get(key)?.answer === answer) this.pending.delete(key);
    }
  }

  /**
   * The register from {@link registerFetchStart} (the earlier of 1 September and the behaviour chart's
   * first week) to today (`/attendance`, docs/classcharts-api.md §5.11): one request, kept for 2 minutes,
   * shared by the attendance section and the behaviour chart's school weeks. Throws the client's errors.
   */
  private register(pupilId: number, today: IsoDate): Promise<Attendance> {
    const from = registerFetchStart(today);
    return this.cached(`register:${pupilId}:${today}`, () =>
      this.shared.run((c) => c.attendance({ from, to: today }, pupilId)),
    );
  }

  /**
   * The register the behaviour chart finds school weeks in (common/school-year.ts `schoolWeeks`), or `null`
   * when the school shows no attendance (nothing is asked: every week counts) or the register could not be
   * read (logged; the chart then counts every week rather than fail the section). Never rejects.
   */
  private async schoolWeekRegister(known: KnownPupil, today: IsoDate): Promise<Attendance | null> {
    if (known.pupil.features.attendance !== true) return null;
    try {
      return await this.register(known.pupil.id, today);
    } catch (error) {
      this.shared.logger.warn('register for school weeks failed', { error: errorText(error) });
      return null;
    }
  }

  /**
   * Attendance from {@link registerFetchStart} to today (the school year and the last seven days are taken
   * from it in More), kept for 2 minutes, with the percentages only when the school shows them. Never kept
   * as known data: no rule watches it.
   * @throws Error fit to show when the pupil's school does not show attendance (nothing is asked).
   */
  private attendance(known: KnownPupil, today: IsoDate, now: number): Promise<RecordsResult> {
    const { id, firstName, features } = known.pupil;
    // `=== true`: a pupil cached by an older version has no such flags, and then shows no attendance.
    if (features.attendance !== true) throw new Error(`${firstName}'s school does not show attendance here.`);
    const from = registerFetchStart(today);
    return this.cached(`attendance:${id}:${today}`, async () => {
      const attendance = await this.register(id, today);
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
    this.shared.updatePupil(pupilId, (k) => ({ ...k, [kind]: { fetchedAt, items } }), {
      reason: 'records',
      kind,
    });
  }

  /**
   * One background kind for a pupil. Activity in the background is the newest page of the last week (one
   * request; the rules only need what is new); asked for on demand it is up to three pages of four weeks.
   */
  private fetchExtra(kind: ExtraKind, pupilId: number, today: IsoDate, onDemand = false): Promise<unknown[]> {
    switch (kind) {
      case 'activity':
        return onDemand
          ? this.shared.run((c) =>
              c.allActivity({ from: addDays(today, -28), to: today, maxPages: 3 }, pupilId),
            )
          : this.shared.run(async (c) => (await c.activityPage(activityWindow(today), pupilId)).points);
      case 'badges':
        return this.shared.run((c) => c.badges(pupilId));
      case 'detentions':
        return this.shared.run((c) => c.detentions(pupilId));
      case 'announcements':
        return this.shared.run((c) => c.announcements(pupilId));
    }
  }
}
