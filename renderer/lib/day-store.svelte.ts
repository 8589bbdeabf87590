/**
 * The day the Today view shows (Svelte 5 runes), part of the popover store (lib/popover.svelte.ts): the
 * first screen's day (lib/glance.ts), another day chosen with ‹ › and its timetable loaded with `day:get`,
 * and where each lesson stands live between snapshots; or the week shown instead (views/WeekView.svelte
 * loads its days). Talks to main only through the ClassChartsApi.
 */
import type { DayView, IsoDate } from '../../common/contract';
import { addDays, mondayOf } from '../../common/dates';
import { glanceOf, type Glance } from './glance';
import { errorMessage, StorePart, type Loadable } from './store-part';

/** The day Today shows: the popover store's `days`. */
export class DayStore extends StorePart {
  /** The day Today shows (YYYY-MM-DD, Europe/London), or `null` for the first screen's day. */
  date = $state<IsoDate | null>(null);
  /** Another day's timetable (`day:get`), when `date` is set. */
  day = $state.raw<Loadable<DayView>>({ status: 'idle' });
  /** The Monday (YYYY-MM-DD) of the week Today shows instead of a day, or `null` for a day. */
  week = $state<IsoDate | null>(null);

  #request = 0;

  /**
   * The first screen's day (lib/glance.ts): today until it has nothing more to come, then the next school
   * day; re-judged at each minute of the clock and with each snapshot.
   */
  readonly glance: Glance = $derived(
    this.core.state ? glanceOf(this.core.state, this.core.selectedPupil, this.core.nowMs) : { kind: 'today' },
  );
  /** The date of the first screen: today, or the next school day once today is over. */
  readonly glanceDate: IsoDate = $derived(
    this.glance.kind === 'next' ? this.glance.day.date : this.core.today,
  );
  /** The day Today shows: another day chosen with ‹ ›, else the first screen's. */
  readonly shownDate: IsoDate = $derived(this.date ?? this.glanceDate);

  /** Moves the Today view by whole days (−1 previous, +1 next), or by whole weeks when it shows a week. */
  moveDay(delta: number): void {
    if (this.week === null) this.showDay(addDays(this.shownDate, delta));
    else this.week = addDays(this.week, 7 * delta);
  }

  /** Shows the week (Monday to Friday) of the day shown. */
  showWeek(): void {
    this.week = mondayOf(this.shownDate);
  }

  /** Shows one day (YYYY-MM-DD), leaving the week: the first screen's when it is that day. */
  showDay(date: IsoDate): void {
    this.week = null;
    if (date === this.glanceDate) this.showToday();
    else {
      this.date = date;
      void this.#load(date);
    }
  }

  /**
   * Back to the first screen's day (today's timetable, or the next school day once today is over); when a
   * week is shown, to the week of that day.
   */
  showToday(): void {
    if (this.week !== null) {
      this.week = mondayOf(this.glanceDate);
      return;
    }
    this.#request++;
    this.date = null;
    this.day = { status: 'idle' };
  }

  /** The first screen's day, leaving the week (a sign-out, another account, a notification opened). */
  reset(): void {
    this.week = null;
    this.showToday();
  }

  /** Reloads the other day shown ("Try again", a refresh, a pupil switch); none shown, nothing. */
  reload(): void {
    if (this.date !== null) void this.#load(this.date);
  }

  /** A day's timetable (`day:get`) for the selected pupil; rejects with main's message. */
  fetchDay(date: IsoDate): Promise<DayView> {
    const pupilId = this.core.state?.selectedPupilId ?? undefined;
    return this.api.getDay(pupilId === undefined ? { date } : { date, pupilId });
  }

  async #load(date: IsoDate): Promise<void> {
    const request = ++this.#request;
    const previous = this.day.status === 'ready' && this.day.data.date === date ? this.day.data : undefined;
    this.day = previous ? { status: 'loading', data: previous } : { status: 'loading' };
    try {
      const day = await this.fetchDay(date);
      if (request === this.#request) this.day = { status: 'ready', data: day };
    } catch (error) {
      if (request === this.#request) this.day = { status: 'error', error: errorMessage(error) };
    }
  }
}
