// AttachmentService (main/app/attachments.ts) with stub keeper/engine and recording folders: open or save by
// type, refusing programs, reading a homework again for an expiring link, revealing and sign-out.
import { describe, expect, it, vi } from 'vitest';
import type { AttachmentRequest } from '../../../common/contract';
import type { Attachment } from '../../../common/domain';
import {
  AttachmentService,
  HOMEWORK_LINK_MAX_AGE_MS,
  LINK_EXPIRY_MARGIN_MS,
} from '../../../main/app/attachments';
import { DataScope } from '../../../main/app/data-scope';
import { AttachmentLinkExpiredError } from '../../../main/classcharts/errors';
import type { KnownPupil } from '../../../main/known';
import { createNoopShell } from '../../../main/adapters/noop-shell';
import type { SessionKeeper } from '../../../main/session/keeper';
import type { CoreClient, SyncEngine } from '../../../main/sync/sync-engine';
import { FakeClock } from '../../support/clock';
import { announcement, homework, known } from '../../support/fixtures';
import { stubAs, unitPorts } from './helpers';

const NOW = Date.parse('2026-06-15T16:00:00+01:00');
const BYTES = new Uint8Array([37, 80, 68, 70]);

/** A signed storage link that stops working at `expiresAt` (epoch ms), as GCS V2 links say. */
const signedLink = (name: string, expiresAt: number, version = 1) =>
  `https://storage.googleapis.com/cc/${version}/${name}?Expires=${Math.floor(expiresAt / 1000)}&Signature=s`;
/** A link that does not say when it expires. */
const plainLink = (name: string) => `https://www.classcharts.com/files/${name}`;

const HOMEWORK_ID = 42;
const openHomeworkFile: AttachmentRequest = { kind: 'homework', itemId: HOMEWORK_ID, index: 0 };

/** The pupil as main knows it: one homework and one announcement, each with the given file. */
function listing(file: Attachment, fetchedAt = NOW): KnownPupil {
  return known(
    {
      homework: [homework(HOMEWORK_ID, { attachments: [file] })],
      announcements: [announcement(7, { attachments: [file] })],
    },
    fetchedAt,
  );
}

function setUp(first: KnownPupil, options: { downloads?: boolean; attachments?: boolean } = {}) {
  const clock = new FakeClock(NOW);
  const shell = createNoopShell();
  const folder = {
    save: vi.fn(async (name: string) => `/private/run/${name}`),
    clear: vi.fn(async () => {}),
  };
  const downloads = {
    save: vi.fn(async (name: string) => ({ path: `/home/jane/Downloads/${name}`, fileName: name })),
  };
  const ports = unitPorts({
    clock,
    shell,
    ...(options.attachments === false ? {} : { attachments: folder }),
    ...(options.downloads === false ? {} : { downloads }),
  });
  /** What the service answers each download of a URL with (default: the file). */
  const client = {
    downloadAttachment: vi.fn(async (_url: string, _kind: string) => ({ bytes: BYTES, contentType: null })),
  };
  const keeper = { run: <T>(request: (c: typeof client) => Promise<T>) => request(client) };
  const engine = {
    current: first,
    /** What reading the homework again finds. */
    next: first,
    pupil: () => engine.current,
    refresh: vi.fn(async () => {
      engine.current = engine.next;
    }),
  };
  const service = new AttachmentService(
    ports,
    stubAs<SessionKeeper<CoreClient>>(keeper),
    stubAs<SyncEngine>(engine),
    new DataScope(ports),
  );
  return { clock, shell, folder, downloads, client, engine, service };
}

describe('AttachmentService.open', () => {
  it('downloads a document through the session into the private folder and opens it', async () => {
    const file = { name: 'worksheet.pdf', url: signedLink('worksheet.pdf', NOW + 86_400_000) };
    const { shell, folder, client, engine, service } = setUp(listing(file));
    await expect(service.open(openHomeworkFile)).resolves.toEqual({ action: 'opened' });
    expect(client.downloadAttachment).toHaveBeenCalledWith(file.url, 'homework');
    expect(folder.save).toHaveBeenCalledWith('worksheet.pdf', BYTES, file.url);
    expect(shell.openedFiles).toEqual(['/private/run/worksheet.pdf']);
    expect(engine.refresh).not.toHaveBeenCalled();
  });

  it('refuses a program or script without downloading it', async () => {
    const file = { name: 'setup.exe', url: plainLink('setup.exe') };
    const { client, service } = setUp(listing(file));
    await expect(service.open({ kind: 'announcement', itemId: 7, index: 0 })).rejects.toThrow(
      "Couldn't open setup.exe: it is a program or script (.exe), which this app never opens.",
    );
    expect(client.downloadAttachment).not.toHaveBeenCalled();
  });

  it('saves a type that could run code to Downloads, never opens it, and reveals it there', async () => {
    const file = { name: 'letter.docm', url: plainLink('letter.docm') };
    const { shell, folder, downloads, service } = setUp(listing(file));
    const request: AttachmentRequest = { kind: 'announcement', itemId: 7, index: 0 };
    await expect(service.open(request)).resolves.toEqual({
      action: 'saved',
      fileName: 'letter.docm',
      reason: 'type',
      extension: '.docm',
    });
    expect(downloads.save).toHaveBeenCalledWith('letter.docm', BYTES, file.url);
    expect(folder.save).not.toHaveBeenCalled();
    expect(shell.openedFiles).toEqual([]);
    service.reveal(request);
    expect(shell.revealed).toEqual(['/home/jane/Downloads/letter.docm']);
  });

  it('saves a file the service did not virus-check to Downloads, even a PDF', async () => {
    const file: Attachment = { name: 'notes.pdf', url: plainLink('notes.pdf'), unscanned: true };
    const { shell, service } = setUp(listing(file));
    const outcome = await service.open({ kind: 'announcement', itemId: 7, index: 0 });
    expect(outcome).toMatchObject({ action: 'saved', reason: 'unscanned' });
    expect(shell.openedFiles).toEqual([]);
  });

  it('refuses a file it would save when there is no Downloads folder, and says when opening is unavailable', async () => {
    const file = { name: 'data.zip', url: plainLink('data.zip') };
    await expect(
      setUp(listing(file), { downloads: false }).service.open({ kind: 'announcement', itemId: 7, index: 0 }),
    ).rejects.toThrow("Couldn't open data.zip: files of this kind are not opened here.");
    await expect(setUp(listing(file), { attachments: false }).service.open(openHomeworkFile)).rejects.toThrow(
      'Opening attached files is not available here.',
    );
  });

  it('reads the homework again first when its link expires within LINK_EXPIRY_MARGIN_MS', async () => {
    const old = { name: 'sheet.pdf', url: signedLink('sheet.pdf', NOW + LINK_EXPIRY_MARGIN_MS - 1_000) };
    const fresh = { name: 'sheet.pdf', url: signedLink('sheet.pdf', NOW + 86_400_000, 2) };
    const { client, engine, service } = setUp(listing(old));
    engine.next = listing(fresh);
    await service.open(openHomeworkFile);
    expect(engine.refresh).toHaveBeenCalledWith('attachment');
    expect(client.downloadAttachment.mock.calls.map(([url]) => url)).toEqual([fresh.url]);
  });

  it('downloads at once a link valid for longer than the margin', async () => {
    const file = { name: 'sheet.pdf', url: signedLink('sheet.pdf', NOW + LINK_EXPIRY_MARGIN_MS + 1_000) };
    const { client, engine, service } = setUp(listing(file));
    await service.open(openHomeworkFile);
    expect(engine.refresh).not.toHaveBeenCalled();
    expect(client.downloadAttachment).toHaveBeenCalledTimes(1);
  });

  it('reads again a homework list older than HOMEWORK_LINK_MAX_AGE_MS when the link gives no expiry', async () => {
    const file = { name: 'sheet.pdf', url: plainLink('sheet.pdf') };
    const recent = setUp(listing(file, NOW - HOMEWORK_LINK_MAX_AGE_MS));
    await recent.service.open(openHomeworkFile);
    expect(recent.engine.refresh).not.toHaveBeenCalled();
    const old = setUp(listing(file, NOW - HOMEWORK_LINK_MAX_AGE_MS - 1_000));
    await old.service.open(openHomeworkFile);
    expect(old.engine.refresh).toHaveBeenCalledWith('attachment');
  });

  it('reads the homework again once when the download says the link expired, then says so plainly', async () => {
    const file = { name: 'sheet.pdf', url: plainLink('sheet.pdf') };
    const { client, engine, service } = setUp(listing(file));
    client.downloadAttachment.mockRejectedValue(new AttachmentLinkExpiredError(403));
    await expect(service.open(openHomeworkFile)).rejects.toThrow(
      "Couldn't open sheet.pdf: its link has expired, and reading the homework again gave no working one.",
    );
    expect(engine.refresh).toHaveBeenCalledTimes(1);
    expect(client.downloadAttachment).toHaveBeenCalledTimes(2);
  });

  it('says a file no longer listed is gone', async () => {
    const file = { name: 'sheet.pdf', url: plainLink('sheet.pdf') };
    const { service } = setUp(listing(file));
    await expect(service.open({ kind: 'homework', itemId: HOMEWORK_ID, index: 1 })).rejects.toThrow(
      'That file is no longer listed. Refresh and try again.',
    );
  });
});

describe('AttachmentService: reveal and sign-out', () => {
  it('reveals only a copy saved this run, and forgets it at sign-out', async () => {
    const file = { name: 'data.zip', url: plainLink('data.zip') };
    const { folder, shell, service } = setUp(listing(file));
    const request: AttachmentRequest = { kind: 'announcement', itemId: 7, index: 0 };
    expect(() => service.reveal(request)).toThrow(
      'That file has not been saved to Downloads. Open it again.',
    );
    await service.open(request);
    await service.signedOut();
    expect(folder.clear).toHaveBeenCalledTimes(1);
    expect(() => service.reveal(request)).toThrow('That file has not been saved to Downloads.');
    expect(shell.revealed).toEqual([]);
  });
});
