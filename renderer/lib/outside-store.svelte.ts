/**
 * What the popover opens outside itself (Svelte 5 runes), part of the popover store
 * (lib/popover.svelte.ts): links in the system browser, as lib/links.ts judges them (some after the
 * user's word), and attached files downloaded and opened by main (or saved to Downloads). Failures say
 * why in the action banner. Talks to main only through the ClassChartsApi.
 */
import type { AttachmentOutcome, AttachmentRequest } from '../../common/contract';
import { errorMessage, StorePart } from './store-part';
import type { LinkVerdict } from './links';

/** `attachment:open`'s answer when main saved the file to Downloads instead of opening it. */
export type SavedOutcome = Extract<AttachmentOutcome, { action: 'saved' }>;

/** One attached file's key in `openingFiles`: kind, pupil, item and place. */
function attachmentKey(request: AttachmentRequest): string {
  return `${request.kind}:${request.pupilId ?? ''}:${request.itemId}:${request.index}`;
}

/** Links and attached files: the popover store's `outside`. */
export class OutsideStore extends StorePart {
  /**
   * The last attached file main saved to Downloads instead of opening it (`attachment:open` said `saved`):
   * the warning banner says why and offers to show it in its folder (`attachment:reveal`).
   */
  savedFile = $state.raw<{ request: AttachmentRequest; outcome: SavedOutcome } | null>(null);
  /**
   * A link waiting for the user's word (Banners): its text showed the address `shown` (host, `www.`
   * dropped) but it goes to `host`; `url` opens on "Open". `null` when none.
   */
  linkToConfirm = $state<{ url: string; host: string; shown: string } | null>(null);
  /** Attached files being downloaded and opened (`attachment:open`), by {@link attachmentKey}. */
  openingFiles = $state<string[]>([]);

  /** Is this attached file being downloaded and opened? */
  isOpening(request: AttachmentRequest): boolean {
    return this.openingFiles.includes(attachmentKey(request));
  }

  /**
   * Opens an attached file: main finds it by `request` (never a URL from here), downloads it and opens it
   * with the system's default application, or saves it to Downloads without opening it (then
   * {@link savedFile} says so). A second click while it runs does nothing; a failure ("Couldn't open
   * <name>: …") shows in the action banner.
   */
  async openAttachment(request: AttachmentRequest): Promise<void> {
    const key = attachmentKey(request);
    if (this.openingFiles.includes(key)) return;
    this.openingFiles = [...this.openingFiles, key];
    this.core.actionError = null;
    this.savedFile = null;
    try {
      const outcome = await this.api.openAttachment(request);
      if (outcome.action === 'saved') this.savedFile = { request, outcome };
    } catch (error) {
      this.core.actionError = errorMessage(error);
    } finally {
      this.openingFiles = this.openingFiles.filter((k) => k !== key);
    }
  }

  /** Shows the file saved to Downloads in the system's file manager; a failure shows in the action banner. */
  async revealSavedFile(): Promise<void> {
    const saved = this.savedFile;
    if (!saved) return;
    try {
      await this.api.revealAttachment(saved.request);
      this.savedFile = null;
    } catch (error) {
      this.core.actionError = errorMessage(error);
    }
  }

  /**
   * Opens a link in the system browser (the popover itself never navigates), as lib/links.ts `judgeLink`
   * decides: at once; after the user confirms (`linkToConfirm`), when `text` (what the link shows) names
   * another address than the one it opens; or never, saying why in the action banner.
   */
  openExternal(url: string, text = ''): void {
    // lib/links.ts is loaded on the first click (warmed with the sanitizer), not with the first screen.
    import('./links').then(
      ({ judgeLink }) => this.#follow(judgeLink(url, text)),
      () =>
        (this.core.actionError =
          'This link could not be opened: the popover failed to load a part of itself.'),
    );
  }

  #follow(verdict: LinkVerdict): void {
    this.linkToConfirm = null;
    if (verdict.kind === 'refuse') {
      this.core.actionError = verdict.host
        ? `${verdict.message} It goes to ${verdict.host}.`
        : verdict.message;
    } else if (verdict.kind === 'confirm') {
      this.linkToConfirm = { url: verdict.url, host: verdict.host, shown: verdict.shown };
    } else {
      this.#open(verdict.url);
    }
  }

  /** Opens the link the user confirmed (`linkToConfirm`). */
  confirmLink(): void {
    const link = this.linkToConfirm;
    this.linkToConfirm = null;
    if (link) this.#open(link.url);
  }

  #open(url: string): void {
    this.core.actionError = null;
    this.api.openExternal(url).catch((error: unknown) => {
      this.core.actionError = errorMessage(error);
    });
  }
}
