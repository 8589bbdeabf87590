// `attachment:open` end to end against the fake over loopback: main looks the file up in its own data
// (the renderer names it by id, never by URL), re-reads the homework when its signed link has expired
// (GCS V2 links valid about a day: GingerGigiCat/ClassChartsAndroid@27ba119819 RequestMaker.kt:399),
// downloads announcement files with the session (funfairlabs-incubator/classcharts-orc@93b7b34515
// poller/src/archive.ts:69-77), saves into a private folder under a safe name, marked as downloaded, and
// opens it through the shell port. Only an allow-list of types opens; any other type, and a file the
// service did not virus-check, is saved to Downloads and never opened (issue 26 §3). Programs and scripts
// are refused.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAttachmentFolder } from '../../../main/adapters/attachment-folder';
import { createDownloadsFolder } from '../../../main/adapters/downloads-folder';
import type { AttachmentRequest, HomeworkSummary } from '../../../common/contract';
import type { RawHomework } from '../../../dev/fake-classcharts/index';
import { tempFolder } from '../../support/temp-folders';
import { startHarness, studentLogin, type Harness } from '../../support/app-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Marks recorded instead of written: [path, source URL]. */
type Marks = [string, string][];

/**
 * A signed-in demo student with an attachments folder and a stand-in Downloads folder, both marking what
 * they save into `marks`; sessions live long (time jumps a day here).
 */
async function signedIn(): Promise<
  Harness & { folder: ReturnType<typeof createAttachmentFolder>; downloadsFolder: string; marks: Marks }
> {
  const marks: Marks = [];
  const mark = async (path: string, url: string) => void marks.push([path, url]);
  const folder = createAttachmentFolder({ parent: tempFolder('attachments-test-'), mark });
  const downloadsFolder = tempFolder('downloads-test-');
  const downloads = createDownloadsFolder({ folder: () => downloadsFolder, mark });
  harness = await startHarness({
    attachments: folder,
    downloads,
    server: { sessionTtlSeconds: 10 * 86_400 },
  });
  const result = await harness.app.handlers['auth:login'](studentLogin());
  expect(result).toEqual({ ok: true });
  await harness.app.whenIdle(); // the background kinds, which sign-in does not wait for
  return Object.assign(harness, { folder, downloadsFolder, marks });
}

/** The first homework in the popover's list with a virus-checked teacher's file. */
function homeworkWithFile(h: Harness): HomeworkSummary {
  const found = h.app
    .state()
    .homework.flatMap((group) => group.items)
    .find((item) => item.attachments.length > 0 && item.attachments[0]!.unscanned !== true);
  if (!found) throw new Error('no homework with a file in the demo data');
  return found;
}

type RawTeacherFile = RawHomework['validated_attachments'][number];

/** Changes the first teacher's file of homework `id` in the fake's data, and reads the lists again. */
async function changeFile(h: Harness, id: number, change: Partial<RawTeacherFile>): Promise<void> {
  const raw = h.fake.dataset.pupils.flatMap((p) => p.homeworks).find((item) => item.id === id)!;
  Object.assign(raw.validated_attachments[0]!, change);
  await h.app.handlers['sync:refresh']();
}

const open = (h: Harness, request: AttachmentRequest | Record<string, unknown>) =>
  h.app.handlers['attachment:open'](request as AttachmentRequest);

describe('attachment:open', () => {
  it('downloads a homework file into the private folder and opens it with the system', async () => {
    const h = await signedIn();
    const homework = homeworkWithFile(h);
    await expect(open(h, { kind: 'homework', itemId: homework.id, index: 0 })).resolves.toEqual({
      action: 'opened',
    });
    expect(h.ports.shell.openedFiles).toHaveLength(1);
    const path = h.ports.shell.openedFiles[0]!;
    expect(basename(path)).toBe(homework.attachments[0]!.name);
    // Marked as downloaded from where it came, so Protected View and SmartScreen apply (issue 26 §3).
    expect(h.marks).toEqual([[path, expect.stringMatching(/\/storage\//)]]);
    expect(dirname(dirname(path))).toBe(h.folder.path());
    expect(readFileSync(path, 'utf8')).toMatch(/^%PDF-/);
    expect(h.ports.shell.opened).toEqual([]); // not the browser
  });

  it('a link kept from yesterday is read again before the download, so the file opens', async () => {
    const h = await signedIn();
    const homework = homeworkWithFile(h);
    const kept = homework.attachments[0]!.url;
    h.clock.jump(25 * 3_600_000); // the computer slept a day: no refresh ran
    // The old behaviour — opening the stored link in a browser — now fails.
    expect((await fetch(kept)).status).toBe(400);
    const from = h.fake.requests.length;
    await open(h, { kind: 'homework', itemId: homework.id, index: 0 });
    const paths = h.paths(from);
    const reread = paths.findIndex((p) => p.startsWith('/apiv2student/homeworks'));
    const download = paths.findIndex((p) => p.startsWith('/storage/'));
    expect(reread).toBeGreaterThanOrEqual(0);
    expect(download).toBeGreaterThan(reread);
    expect(
      h.fake.requests
        .slice(from)
        .filter((r) => r.path.startsWith('/storage/'))
        .map((r) => r.status),
    ).toEqual([200]);
    expect(h.ports.shell.openedFiles).toHaveLength(1);
  });

  it('a fresh link is not read again', async () => {
    const h = await signedIn();
    const homework = homeworkWithFile(h);
    const from = h.fake.requests.length;
    await open(h, { kind: 'homework', itemId: homework.id, index: 0 });
    expect(h.paths(from).filter((p) => p.startsWith('/apiv2student/homeworks'))).toEqual([]);
  });

  it('opens an announcement file with the session, signing in again when the session has ended', async () => {
    const h = await signedIn();
    const records = await h.app.handlers['records:get']({ kind: 'announcements' });
    if (records.kind !== 'announcements') throw new Error('not announcements');
    const announcement = records.items.find((item) => item.attachments.length > 0)!;
    h.fake.expireSessions();
    const from = h.fake.requests.length;
    await open(h, { kind: 'announcement', itemId: announcement.id, index: 0 });
    const files = h.fake.requests.slice(from).filter((r) => r.path.startsWith('/announcement-files/'));
    expect(files.map((r) => r.status)).toEqual([302, 200]);
    expect(h.paths(from)).toContain('/student/login');
    expect(basename(h.ports.shell.openedFiles[0]!)).toBe('Science Museum trip letter.pdf');
  });

  it('takes no URL from the renderer: an extra field is refused and nothing is fetched', async () => {
    const h = await signedIn();
    const homework = homeworkWithFile(h);
    const from = h.fake.requests.length;
    await expect(
      open(h, { kind: 'homework', itemId: homework.id, index: 0, url: 'https://evil.example/steal' }),
    ).rejects.toThrow();
    await expect(open(h, { kind: 'homework', url: 'https://evil.example/steal' })).rejects.toThrow();
    expect(h.paths(from)).toEqual([]);
    expect(h.ports.shell.openedFiles).toEqual([]);
  });

  it('a file that is not listed says so', async () => {
    const h = await signedIn();
    const homework = homeworkWithFile(h);
    await expect(open(h, { kind: 'homework', itemId: homework.id, index: 7 })).rejects.toThrow(
      'That file is no longer listed. Refresh and try again.',
    );
  });

  it('never opens a program or script, and says so', async () => {
    const h = await signedIn();
    const homework = homeworkWithFile(h);
    await changeFile(h, homework.id, { filename: 'revision helper.exe' });
    const from = h.fake.requests.length;
    await expect(open(h, { kind: 'homework', itemId: homework.id, index: 0 })).rejects.toThrow(
      "Couldn't open revision helper.exe: it is a program or script (.exe), which this app never opens.",
    );
    expect(h.paths(from)).toEqual([]);
    expect(h.ports.shell.openedFiles).toEqual([]);
  });

  // Issue 26 §3: only an allow-list of types opens; anything else is saved to Downloads, marked, never run.
  it.each([
    ['Revision pack.zip', '.zip'],
    ['Essay frame.docm', '.docm'],
    ['Old worksheet.doc', '.doc'],
    ['Diagram.svg', '.svg'],
    ['Timeline.html', '.html'],
    ['README', ''],
  ])('%s is saved to Downloads, marked, and never opened', async (name, extension) => {
    const h = await signedIn();
    const homework = homeworkWithFile(h);
    await changeFile(h, homework.id, { filename: name });
    const request = { kind: 'homework', itemId: homework.id, index: 0 } as const;
    await expect(open(h, request)).resolves.toEqual({
      action: 'saved',
      fileName: name,
      reason: 'type',
      extension,
    });
    expect(h.ports.shell.openedFiles).toEqual([]);
    const saved = join(h.downloadsFolder, name);
    expect(readFileSync(saved, 'utf8')).toContain('fake ClassCharts file');
    expect(h.marks).toEqual([[saved, expect.stringMatching(/\/storage\//)]]);
    // Shown in its folder only when asked, never opened.
    expect(h.ports.shell.revealed).toEqual([]);
    await h.app.handlers['attachment:reveal'](request);
    expect(h.ports.shell.revealed).toEqual([saved]);
    expect(h.ports.shell.openedFiles).toEqual([]);
  });

  it('a second copy in Downloads gets a numbered name, never overwriting the first', async () => {
    const h = await signedIn();
    const homework = homeworkWithFile(h);
    await changeFile(h, homework.id, { filename: 'Pack.zip' });
    const request = { kind: 'homework', itemId: homework.id, index: 0 } as const;
    await open(h, request);
    await expect(open(h, request)).resolves.toMatchObject({ fileName: 'Pack (1).zip' });
    expect(readdirSync(h.downloadsFolder).sort()).toEqual(['Pack (1).zip', 'Pack.zip']);
  });

  it('a file the service did not virus-check is saved to Downloads, even a PDF, and says why', async () => {
    const h = await signedIn();
    const homework = homeworkWithFile(h);
    // As the fake's dataset models a failed scan (dev/fake-classcharts/dataset.ts): no validated copy.
    await changeFile(h, homework.id, { validated_file: '', scan_status: 'fail' });
    const file = homework.attachments[0]!;
    expect(file.name).toMatch(/\.pdf$/);
    await expect(open(h, { kind: 'homework', itemId: homework.id, index: 0 })).resolves.toEqual({
      action: 'saved',
      fileName: file.name,
      reason: 'unscanned',
      extension: '.pdf',
    });
    expect(h.ports.shell.openedFiles).toEqual([]);
    expect(existsSync(join(h.downloadsFolder, file.name))).toBe(true);
  });

  it('shows in its folder only a file this run saved to Downloads', async () => {
    const h = await signedIn();
    const homework = homeworkWithFile(h);
    await expect(
      h.app.handlers['attachment:reveal']({ kind: 'homework', itemId: homework.id, index: 0 }),
    ).rejects.toThrow('That file has not been saved to Downloads. Open it again.');
    expect(h.ports.shell.revealed).toEqual([]);
  });

  it('a file the system cannot open gives "Couldn\u2019t open <name>: <the system\u2019s reason>"', async () => {
    const h = await signedIn();
    const homework = homeworkWithFile(h);
    h.ports.shell.openPath = async () => {
      throw new Error('No application is registered as handling this file');
    };
    await expect(open(h, { kind: 'homework', itemId: homework.id, index: 0 })).rejects.toThrow(
      `Couldn't open ${homework.attachments[0]!.name}: No application is registered as handling this file`,
    );
  });

  it('offline, the failure says so', async () => {
    const h = await signedIn();
    const homework = homeworkWithFile(h);
    h.fake.faults.inject({ path: '/storage/', kind: 'reset' });
    await expect(open(h, { kind: 'homework', itemId: homework.id, index: 0 })).rejects.toThrow(
      /^Couldn't open .+: Cannot reach ClassCharts/,
    );
  });

  it('signing out removes the downloaded files', async () => {
    const h = await signedIn();
    await open(h, { kind: 'homework', itemId: homeworkWithFile(h).id, index: 0 });
    const path = h.ports.shell.openedFiles[0]!;
    expect(existsSync(path)).toBe(true);
    await h.app.handlers['auth:logout']();
    expect(existsSync(path)).toBe(false);
  });

  it('without an attachments folder (the CLI), says it is not available here', async () => {
    harness = await startHarness();
    await harness.app.handlers['auth:login'](studentLogin());
    const homework = homeworkWithFile(harness);
    await expect(open(harness, { kind: 'homework', itemId: homework.id, index: 0 })).rejects.toThrow(
      'Opening attached files is not available here.',
    );
  });
});
