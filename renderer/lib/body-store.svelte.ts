/**
 * The bodies opened in the popover (Svelte 5 runes), part of the popover store (lib/popover.svelte.ts):
 * an announcement's (`announcement:get`) and a homework's description (`homework:get`), for the selected
 * pupil. The lists and the state carry summaries only, so a busy year's hundreds of bodies are neither
 * sent nor rendered until one is opened (issue 30). Talks to main only through the ClassChartsApi.
 */
import { errorMessage, StorePart, type Loadable } from './store-part';

/** What has a body loaded when opened ({@link BodyStore.load}). */
export type BodyKind = 'announcement' | 'homework';

/** The key of a body in {@link BodyStore.loaded}: `announcement:<id>` or `homework:<id>`. */
export function bodyKey(kind: BodyKind, id: number): string {
  return `${kind}:${id}`;
}

/** The bodies opened: the popover store's `bodies`. */
export class BodyStore extends StorePart {
  /**
   * The bodies opened, by {@link bodyKey}, for the selected pupil (the school's HTML). Forgotten with the
   * records. Raw: replaced, never changed in place.
   */
  loaded = $state.raw<Record<string, Loadable<string>>>({});

  /**
   * Loads an opened announcement's body (`announcement:get`) or a homework's description (`homework:get`)
   * for the selected pupil into {@link loaded}, once: one loaded or loading is not asked for again; a
   * failed one is asked again the next time.
   */
  async load(kind: BodyKind, id: number): Promise<void> {
    const key = bodyKey(kind, id);
    const known = this.loaded[key];
    if (known?.status === 'ready' || known?.status === 'loading') return;
    this.#set(key, { status: 'loading' });
    const pupilId = this.core.state?.selectedPupilId ?? undefined;
    const forPupil = pupilId === undefined ? {} : { pupilId };
    try {
      const body =
        kind === 'announcement'
          ? await this.api.getAnnouncement({ announcementId: id, ...forPupil })
          : await this.api.getHomework({ homeworkId: id, ...forPupil });
      if ((this.core.state?.selectedPupilId ?? undefined) !== pupilId) return; // pupil changed meanwhile
      this.#set(key, { status: 'ready', data: body.descriptionHtml });
    } catch (error) {
      this.#set(key, { status: 'error', error: errorMessage(error) });
    }
  }

  #set(key: string, body: Loadable<string>): void {
    this.loaded = { ...this.loaded, [key]: body };
  }
}
