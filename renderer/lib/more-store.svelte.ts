/**
 * The More view's state (Svelte 5 runes), part of the popover store (lib/popover.svelte.ts): which section
 * shows, the item a notification points at, the records loaded on demand with `records:get` for the
 * selected pupil, and the announcements opened here. Talks to main only through the ClassChartsApi.
 */
import type { RecordKind, RecordsResult } from '../../common/contract';
import { errorMessage, StorePart, type Loadable } from './store-part';

/** Sections of More, each loaded on demand with `records:get`. */
export type MoreSection = 'behaviour' | 'detentions' | 'badges' | 'announcements' | 'attendance';

/**
 * The sections of More in the order the segmented control shows them; `attendance` only for a pupil whose
 * school shows it (`MoreStore.sections`).
 */
export const MORE_SECTIONS: readonly MoreSection[] = [
  'behaviour',
  'detentions',
  'badges',
  'announcements',
  'attendance',
];

/** The record kind to ask main for, for a section of More. */
function recordKindOf(section: MoreSection): RecordKind {
  return section;
}

/** The More section a navigation target's record kind lives in (`activity` is shown under behaviour). */
function sectionOf(kind: RecordKind): MoreSection {
  return kind === 'activity' ? 'behaviour' : kind;
}

/** The More view's state: the popover store's `more`. */
export class MoreStore extends StorePart {
  /** The section shown. */
  section = $state<MoreSection>('behaviour');
  /** An item of More to open (announcement) or point at, from a notification click. */
  itemId = $state<number | null>(null);
  /**
   * Records per section for the selected pupil. Raw (thousands of behaviour points): replaced, never
   * changed.
   */
  records = $state.raw<Partial<Record<MoreSection, Loadable<RecordsResult>>>>({});
  /**
   * Announcements opened in this popover (id → true), shown read at once while main records it
   * (`announcement:read`); main's records say so from then on, across restarts too.
   */
  readHere = $state<Record<number, true>>({});

  /** The sections of More for the selected pupil: attendance only when the school shows it. */
  readonly sections: readonly MoreSection[] = $derived(
    MORE_SECTIONS.filter((s) => s !== 'attendance' || this.core.selectedPupil?.attendance?.shown === true),
  );

  /**
   * Points More at a notification's item: the section its record `kind` lives in (the first section when
   * the selected pupil's school does not show it) and the item, `null` for none. Loads nothing.
   */
  pointAt(kind: RecordKind, itemId: number | null): void {
    this.section = this.sections.includes(sectionOf(kind)) ? sectionOf(kind) : 'behaviour';
    this.itemId = itemId;
  }

  /**
   * Another pupil is selected: forgets the records and the announcements opened here, closes the item, and
   * goes back to the first section when the new pupil's school does not show this one (attendance).
   */
  resetForPupil(): void {
    this.records = {};
    this.readHere = {};
    this.itemId = null;
    if (!this.sections.includes(this.section)) this.section = 'behaviour';
  }

  /** Switches More to a section and loads it. */
  showSection(section: MoreSection): void {
    if (this.section !== section) this.itemId = null;
    this.section = section;
    void this.loadRecords(section);
  }

  /** Loads (or reloads) one section's records for the selected pupil; keeps old data while loading. */
  async loadRecords(section: MoreSection): Promise<void> {
    const pupilId = this.core.state?.selectedPupilId ?? undefined;
    const old = this.records[section];
    const data = old && 'data' in old ? old.data : undefined;
    this.#setRecords(section, data ? { status: 'loading', data } : { status: 'loading' });
    try {
      const kind = recordKindOf(section);
      const result = await this.api.getRecords(pupilId === undefined ? { kind } : { kind, pupilId });
      if ((this.core.state?.selectedPupilId ?? undefined) !== pupilId) return; // pupil changed meanwhile
      this.#setRecords(section, { status: 'ready', data: result });
    } catch (error) {
      this.#setRecords(
        section,
        data
          ? { status: 'error', error: errorMessage(error), data }
          : { status: 'error', error: errorMessage(error) },
      );
    }
  }

  #setRecords(section: MoreSection, records: Loadable<RecordsResult>): void {
    this.records = { ...this.records, [section]: records };
  }

  /** Whether an announcement shows as unread: the service says new, and it was not opened here. */
  isUnread(announcement: { id: number; unread: boolean }): boolean {
    return announcement.unread && !(announcement.id in this.readHere);
  }

  /**
   * An unread announcement was opened: its dot goes at once, and main remembers it (`announcement:read`)
   * for the selected pupil. A failure is only logged: the dot comes back at the next load, nothing is lost.
   */
  async markAnnouncementRead(announcement: { id: number; unread: boolean }): Promise<void> {
    if (!this.isUnread(announcement)) return;
    this.readHere[announcement.id] = true;
    const pupilId = this.core.state?.selectedPupilId ?? undefined;
    try {
      await this.api.markAnnouncementRead({
        announcementId: announcement.id,
        ...(pupilId === undefined ? {} : { pupilId }),
      });
    } catch (error) {
      console.warn('could not remember the announcement as read', errorMessage(error));
    }
  }
}
