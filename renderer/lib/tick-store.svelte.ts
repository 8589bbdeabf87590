/**
 * Ticking homework off (Svelte 5 runes), part of the popover store (lib/popover.svelte.ts): which homework
 * can be ticked here, the ticks in flight shown at once (optimistic) until main answers `homework:tick`,
 * and the homework ticked off here that main's list no longer carries. A failed tick says why in the
 * action banner. Talks to main only through the ClassChartsApi.
 */
import type { AppState, HomeworkSummary } from '../../common/contract';
import { errorMessage, StorePart } from './store-part';

/** Ticks: the popover store's `ticks`. */
export class TickStore extends StorePart {
  /**
   * Ticks in flight, homework id → the state asked for: shown at once (optimistic) until main answers, then
   * main's snapshot shows the confirmed state; dropped (rolled back) when it fails.
   */
  ticking = $state<Record<number, boolean>>({});
  /**
   * Homework ticked off from this list that main's list no longer carries (overdue work, once ticked, is
   * done and leaves main's groups): kept on screen, ticked, until another view opens, so a mis-tick can be
   * undone where it happened.
   */
  tickedHere = $state<Record<number, HomeworkSummary>>({});

  /**
   * The last failed tick's banner and the data's time then: a later successful refresh (the connection is
   * back) takes that banner away, so no stale error stays once the homework can be ticked again.
   */
  #failure: { message: string; updatedAt: string | null } | null = null;

  /**
   * A new snapshot came: once it is a successful refresh after a failed tick (newer data, neither offline
   * nor stale), that tick's banner goes, if it still shows.
   */
  onSnapshot(state: AppState): void {
    const failure = this.#failure;
    if (
      failure &&
      state.freshness.updatedAt !== failure.updatedAt &&
      !state.freshness.offline &&
      !state.freshness.stale
    ) {
      if (this.core.actionError === failure.message) this.core.actionError = null;
      this.#failure = null;
    }
  }

  /**
   * Whether a homework can be ticked off or unticked here: a student's own, while its status is the pupil's
   * to change (`todo` or `ticked`; completed, late and any teacher status are not).
   */
  canTick(homework: HomeworkSummary): boolean {
    return !this.core.isParent && (homework.status === 'todo' || homework.status === 'ticked');
  }

  /** Whether the homework shows as ticked off: the state asked for while a tick is in flight, else main's. */
  isTicked(homework: HomeworkSummary): boolean {
    return this.ticking[homework.id] ?? homework.status === 'ticked';
  }

  /** The status to show: `ticked` or `todo` as asked while a tick is in flight, else main's. */
  shownStatus(homework: HomeworkSummary): HomeworkSummary['status'] {
    const asked = this.ticking[homework.id];
    return asked === undefined ? homework.status : asked ? 'ticked' : 'todo';
  }

  /**
   * Ticks a homework off or unticks it (`homework:tick`): the row shows the new state at once, main's
   * snapshot then shows the confirmed one; on failure it goes back and the action banner says why. One at a
   * time per homework (the control is disabled meanwhile; a second call is ignored).
   */
  async setTicked(homework: HomeworkSummary, ticked: boolean): Promise<void> {
    if (homework.id in this.ticking) return;
    const core = this.core;
    this.#failure = null;
    this.ticking[homework.id] = ticked;
    core.actionError = null;
    // Kept from now on: main's snapshot without it may come before main's answer.
    if (ticked) this.tickedHere[homework.id] = { ...homework, status: 'ticked' };
    const pupilId = core.state?.selectedPupilId ?? undefined;
    try {
      const confirmed = await this.api.tickHomework({
        homeworkId: homework.id,
        ticked,
        ...(pupilId === undefined ? {} : { pupilId }),
      });
      if (confirmed.status === 'ticked') this.tickedHere[confirmed.id] = confirmed;
      else delete this.tickedHere[confirmed.id];
    } catch (error) {
      if (ticked) delete this.tickedHere[homework.id];
      const failed = ticked ? 'Could not tick off' : 'Could not untick';
      const message = `${failed} "${homework.title}". ${errorMessage(error)}`;
      core.actionError = message;
      this.#failure = { message, updatedAt: core.state?.freshness.updatedAt ?? null };
    } finally {
      delete this.ticking[homework.id];
    }
  }
}
