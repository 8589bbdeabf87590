/**
 * What the parts of the popover store share (lib/popover.svelte.ts composes one part per concern: the
 * day shown, More, bodies, ticks, the account, links and files): their base class, the part of the store
 * every one reads, something loaded on demand, and the wording of a failure.
 */
import type { AppState, ClassChartsApi, IsoDate, PupilView } from '../../common/contract';

/** Something loaded on demand: `data` stays while a reload runs or after it fails. */
export type Loadable<T> =
  | { status: 'idle' }
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: string; data?: T };

/** A failure's message for the user: the error's own, else a generic "try again". */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

/**
 * The part of the popover store (lib/popover.svelte.ts `PopoverStore`) each concern reads: main's
 * snapshot and what follows from it, the minute clock, and the action banner any concern may fill.
 */
export interface StoreCore {
  /** Main's snapshot, or `null` before the first one; replaced only to apply saved Settings. */
  state: AppState | null;
  /** Today's date in Europe/London (YYYY-MM-DD): the snapshot's day once loaded. */
  readonly today: IsoDate;
  /** The minute clock, epoch ms. */
  readonly nowMs: number;
  /** The account is a parent's. */
  readonly isParent: boolean;
  /** The pupil whose data shows, or `null` before the snapshot names one. */
  readonly selectedPupil: PupilView | null;
  /** The last failed action outside forms, shown as a dismissible banner; `null` when none. */
  actionError: string | null;
}

/**
 * A part of the popover store, one concern: talks to main through `api` and reads the rest of the store
 * through `core`.
 */
export class StorePart {
  protected readonly api: ClassChartsApi;
  protected readonly core: StoreCore;

  /** `api`: the bridge to main; `core`: the popover store. */
  constructor(api: ClassChartsApi, core: StoreCore) {
    this.api = api;
    this.core = core;
  }
}
