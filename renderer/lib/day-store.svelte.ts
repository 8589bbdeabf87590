/**
 * The day the Today view shows (Svelte 5 runes), part of the popover store (lib/popover.svelte.ts): the
 * first screen's day (lib/glance.ts), another day chosen with ‹ › and its timetable loaded with `day:get`,
 * and where each lesson stands live between snapshots. Talks to main only through the ClassChartsApi.
 */
import type { DayView, IsoDate } from '../../common/contract';
import { addDays } from '../../common/dates';
import { glanceOf, type Glance } from './glance';
import { errorMessage, StorePart, type Loadable } from './store-part';

/** The day Today shows: the popover store's `days`. */
export class DayStore extends StorePart {
  /** The day Today shows (YYYY-MM-DD, Europe/London), or `null` for the first screen's day. */
  date = $state<IsoDate | null>(null);
  /** Another day's timetable (`day:get`), when `date` is set. */
  day = $state.raw<Loadable<DayView>>({ status: 'idle' });

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

  /** Moves the Today view by whole days (−1 previous, +1 next). */
  moveDay(delta: number): void {
    const target = addDays(this.shownDate, delta);
    if (target === this.glanceDate) this.showToday();
    else {
      this.date = target;
      void this.#load(target);
    }
  }

  /** Back to the first screen's day (today's timetable, or the next school day once today is over). */
  showToday(): void {
    this.#request++;
    this.date = null;
    this.day = { status: 'idle' };
  }

  /** Reloads the other day shown ("Try again", a refresh, a pupil switch); none shown, nothing. */
  reload(): void {
    if (this.date !== null) void this.#load(this.date);
  }

  async #load(date: IsoDate): Promise<void> {
    const request = ++this.#request;
    const previous = this.day.status === 'ready' && this.day.data.date === date ? this.day.data : undefined;
    this.day = previous ? { status: 'loading', data: previous } : { status: 'loading' };
    try {
      const pupilId = this.core.state?.selectedPupilId ?? undefined;
      const day = await this.api.getDay(pupilId === undefined ? { date } : { date, pupilId });
      if (request === this.#request) this.day = { status: 'ready', data: day };
    } catch (error) {
      if (request === this.#request) this.day = { status: 'error', error: errorMessage(error) };
    }
  }
}
