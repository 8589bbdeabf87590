/**
 * `attachment:open` and `attachment:reveal`: a homework's or an announcement's file, looked up in main's
 * own data (never a URL from the renderer), downloaded through the session and then opened or saved by its
 * type (common/attachments.ts `attachmentHandling`). Also the listed item the `homework:get` and
 * `announcement:get` channels answer with.
 */
import type { AttachmentOutcome, AttachmentRequest } from '../../common/contract';
import { attachmentHandling } from '../../common/attachments';
import type { Announcement, Attachment, Homework } from '../../common/domain';
import { signedLinkExpiresAt } from '../attachment-names';
import { AttachmentLinkExpiredError, isClassChartsError } from '../classcharts/errors';
import type { AppPorts } from '../ports';
import { errorText } from '../../common/errors';
import type { SessionKeeper } from '../session/keeper';
import type { CoreClient, SyncEngine } from '../sync/sync-engine';
import type { DataScope } from './data-scope';

/**
 * A homework file link whose `Expires` is nearer than this (ms) is read again before it is downloaded: a
 * link that would expire during the download, or on a computer whose clock is a few minutes behind.
 */
export const LINK_EXPIRY_MARGIN_MS = 10 * 60_000;

/**
 * A homework list older than this (ms) is read again before one of its files is downloaded when the link
 * does not say when it expires (real links do, `Expires=`, about a day ahead; this covers other link
 * formats). An hour is far inside the day observed, and one extra read of the list is cheap.
 */
export const HOMEWORK_LINK_MAX_AGE_MS = 60 * 60_000;

/** Opens and reveals attached files; remembers this run's copies saved to Downloads. */
export class AttachmentService {
  /** Files saved to Downloads this run, by {@link savedKey}: what `attachment:reveal` shows. */
  private readonly savedCopies = new Map<string, string>();

  constructor(
    private readonly ports: AppPorts,
    private readonly keeper: SessionKeeper<CoreClient>,
    private readonly engine: SyncEngine,
    private readonly scope: DataScope,
  ) {}

  /**
   * A homework or an announcement as main last read it, for the pupil a request names (else the one
   * shown), with when its list was read; `undefined` when it is not listed. Throws (engine.pupil) when
   * there is no such pupil.
   */
  listedItem(
    kind: AttachmentRequest['kind'],
    itemId: number,
    pupilId: number | undefined,
  ): { item: Homework | Announcement; fetchedAt: number } | undefined {
    const known = this.engine.pupil(this.scope.pupilOf(pupilId));
    const list = kind === 'homework' ? known.homework : known.announcements;
    const item = list?.items.find((listed) => listed.id === itemId);
    return list && item ? { item, fetchedAt: list.fetchedAt } : undefined;
  }

  /**
   * `attachment:open`: refuses programs and scripts, reads the homework again first when its signed link
   * has expired (and once more if the download says so), downloads it through the client (the keeper signs
   * in again when an announcement file needs a fresh session), then by its type saves it in the private
   * folder and opens it with the system's default application, or — a type that can run code, or a file the
   * service did not virus-check — saves it to Downloads and never opens it. Every saved file is marked as
   * downloaded. Every failure is an Error "Couldn't open <name>: <reason>".
   */
  async open(request: AttachmentRequest): Promise<AttachmentOutcome> {
    const { ports, engine, keeper } = this;
    const { logger } = ports;
    const folder = ports.attachments;
    if (!folder) throw new Error('Opening attached files is not available here.');
    let { file, fetchedAt } = this.listedAttachment(request);
    const name = file.name;
    const handling = attachmentHandling(name);
    if (handling.action === 'refuse')
      throw new Error(
        `Couldn't open ${name}: it is a program or script (${handling.extension}), which this app never ` +
          'opens. If you trust it, get it from the ClassCharts website.',
      );
    const reason = file.unscanned ? 'unscanned' : handling.action === 'save' ? 'type' : null;
    const downloads = ports.downloads;
    if (reason !== null && !downloads)
      throw new Error(`Couldn't open ${name}: files of this kind are not opened here.`);
    let readAgain = false;
    const readLinkAgain = async (): Promise<void> => {
      readAgain = true;
      logger.info("attachment: the homework file's link has expired; reading the homework again");
      await engine.refresh('attachment');
      ({ file, fetchedAt } = this.listedAttachment(request));
    };
    const download = () => keeper.run((client) => client.downloadAttachment(file.url, request.kind));
    try {
      if (request.kind === 'homework' && this.linkNeedsReading(file.url, fetchedAt)) await readLinkAgain();
      let downloaded;
      try {
        downloaded = await download();
      } catch (error) {
        if (!(error instanceof AttachmentLinkExpiredError) || readAgain) throw error;
        await readLinkAgain();
        downloaded = await download();
      }
      if (reason !== null && downloads) {
        const saved = await downloads.save(name, downloaded.bytes, file.url);
        this.savedCopies.set(this.savedKey(request), saved.path);
        logger.info('attachment: saved to Downloads, not opened', { kind: request.kind, reason });
        return { action: 'saved', fileName: saved.fileName, reason, extension: handling.extension };
      }
      const path = await folder.save(name, downloaded.bytes, file.url);
      await ports.shell.openPath(path);
      return { action: 'opened' };
    } catch (error) {
      const reason =
        error instanceof AttachmentLinkExpiredError
          ? 'its link has expired, and reading the homework again gave no working one. Try again later.'
          : isClassChartsError(error)
            ? error.userMessage
            : error instanceof Error
              ? error.message
              : String(error);
      logger.warn('attachment: could not open', { kind: request.kind, error: errorText(error) });
      throw new Error(`Couldn't open ${name}: ${reason}`, { cause: error });
    }
  }

  /** `attachment:reveal`: shows the copy this run saved to Downloads in the file manager. */
  reveal(request: AttachmentRequest): void {
    const path = this.savedCopies.get(this.savedKey(request));
    if (path === undefined) throw new Error('That file has not been saved to Downloads. Open it again.');
    this.ports.shell.showItemInFolder(path);
  }

  /**
   * At sign-out: the account's files in the private folder go; those in Downloads are the user's now, and
   * this run no longer shows them.
   */
  async signedOut(): Promise<void> {
    await this.ports.attachments?.clear();
    this.savedCopies.clear();
  }

  /** The listed file a request names, and when its list was read. Throws an Error fit to show. */
  private listedAttachment(request: AttachmentRequest): { file: Attachment; fetchedAt: number } {
    const listed = this.listedItem(request.kind, request.itemId, request.pupilId);
    const file = listed?.item.attachments[request.index];
    if (!listed || !file) throw new Error('That file is no longer listed. Refresh and try again.');
    return { file, fetchedAt: listed.fetchedAt };
  }

  /** Should this homework file's link be read again before downloading it? */
  private linkNeedsReading(url: string, fetchedAt: number): boolean {
    const now = this.ports.clock.now();
    const expiresAt = signedLinkExpiresAt(url);
    if (expiresAt !== null) return expiresAt - now < LINK_EXPIRY_MARGIN_MS;
    return now - fetchedAt > HOMEWORK_LINK_MAX_AGE_MS;
  }

  private savedKey(request: AttachmentRequest): string {
    return `${request.kind}:${this.scope.pupilOf(request.pupilId) ?? ''}:${request.itemId}:${request.index}`;
  }
}
