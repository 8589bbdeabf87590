// Every file the app saves is marked as downloaded, as a browser marks it (issue 26 §3): Windows's
// Zone.Identifier stream (ZoneId=3, HostUrl; Chromium components/services/quarantine), macOS's
// com.apple.quarantine attribute (`0083;hex time;agent;UUID`, eclecticlight.co "xattr:
// com.apple.quarantine"), nothing on Linux. Written through an injected system port on every machine, and
// for real, read back, where the OS allows (Windows and macOS CI). Also: the Downloads folder's names and
// modes, and the start-up sweep of attachment folders a crash or a locked file left behind.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createAttachmentFolder,
  OWNER_MARK_FILE,
  sweepAttachmentFolders,
} from '../../../main/adapters/attachment-folder';
import {
  createDownloadMarker,
  markedSourceUrl,
  nodeMarkSystem,
  quarantineValue,
  type MarkSystem,
} from '../../../main/adapters/download-mark';
import { createDownloadsFolder, numberedName } from '../../../main/adapters/downloads-folder';
import { tempFolder } from '../../support/temp-folders';

const SIGNED =
  'https://storage.googleapis.com/attachments.classcharts.com/1/Sheet.pdf?GoogleAccessId=x&Expires=1&Signature=SECRET';

/** A system port that records what it was asked to do, for `platform`. */
function recordingSystem(platform: NodeJS.Platform) {
  const written: [string, string][] = [];
  const ran: [string, readonly string[]][] = [];
  const system: MarkSystem = {
    platform,
    writeFile: async (path, text) => void written.push([path, text]),
    run: async (file, args) => void ran.push([file, args]),
    now: () => Date.UTC(2026, 10, 27, 9, 0, 0),
  };
  return { system, written, ran };
}

describe('createDownloadMarker', () => {
  it('Windows: a Zone.Identifier stream in the Internet zone, its HostUrl without the signed query', async () => {
    const { system, written, ran } = recordingSystem('win32');
    await createDownloadMarker(system)('C:\\Users\\a\\Downloads\\Sheet.pdf', SIGNED);
    expect(written).toEqual([
      [
        'C:\\Users\\a\\Downloads\\Sheet.pdf:Zone.Identifier',
        '[ZoneTransfer]\r\nZoneId=3\r\nHostUrl=https://storage.googleapis.com/attachments.classcharts.com/1/Sheet.pdf\r\n',
      ],
    ]);
    expect(written[0]![1]).not.toContain('SECRET');
    expect(ran).toEqual([]);
  });

  it('macOS: the com.apple.quarantine attribute, set with /usr/bin/xattr', async () => {
    const { system, written, ran } = recordingSystem('darwin');
    await createDownloadMarker(system)('/Users/a/Downloads/Sheet.pdf', SIGNED);
    expect(written).toEqual([]);
    expect(ran).toHaveLength(1);
    const [file, args] = ran[0]!;
    expect(file).toBe('/usr/bin/xattr');
    expect(args.slice(0, 2)).toEqual(['-w', 'com.apple.quarantine']);
    expect(args[2]).toMatch(
      /^0083;6b094690;ClassCharts Tray;[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/,
    );
    expect(args[3]).toBe('/Users/a/Downloads/Sheet.pdf');
  });

  it('Linux: no mark exists, so nothing is written or run', async () => {
    const { system, written, ran } = recordingSystem('linux');
    await createDownloadMarker(system)('/home/a/Downloads/Sheet.pdf', SIGNED);
    expect([written, ran]).toEqual([[], []]);
  });

  it('the quarantine time is the save time in hex seconds; a source that is no URL is about:internet', () => {
    expect(quarantineValue(Date.UTC(2026, 10, 27), 'abc')).toBe(
      `0083;${(Date.UTC(2026, 10, 27) / 1000).toString(16)};ClassCharts Tray;ABC`,
    );
    expect(markedSourceUrl('not a url')).toBe('about:internet');
  });

  // For real where the OS has the mark (the Windows and macOS CI runners); Linux has none to check.
  it.runIf(process.platform === 'win32' || process.platform === 'darwin')(
    'marks a real file, read back from the system',
    async () => {
      const file = join(tempFolder('download-mark-'), 'Sheet.pdf');
      writeFileSync(file, '%PDF-1.4\n');
      await createDownloadMarker(nodeMarkSystem)(file, SIGNED);
      if (process.platform === 'win32')
        expect(readFileSync(`${file}:Zone.Identifier`, 'utf8')).toContain('ZoneId=3');
      else
        expect(
          execFileSync('/usr/bin/xattr', ['-p', 'com.apple.quarantine', file], { encoding: 'utf8' }),
        ).toMatch(/^0083;[0-9a-f]+;ClassCharts Tray;/);
    },
  );
});

describe('createDownloadsFolder', () => {
  it('saves under the safe name, numbers a second copy, never overwrites, writes 0600 and marks each', async () => {
    const folder = join(tempFolder('downloads-'), 'Downloads'); // created when missing
    const marked: string[] = [];
    const downloads = createDownloadsFolder({
      folder: () => folder,
      mark: async (path) => void marked.push(path),
    });
    const first = await downloads.save('../Pack.zip', new TextEncoder().encode('one'), SIGNED);
    const second = await downloads.save('../Pack.zip', new TextEncoder().encode('two'), SIGNED);
    expect([first.fileName, second.fileName]).toEqual(['_Pack.zip', '_Pack (1).zip']);
    expect(readFileSync(first.path, 'utf8')).toBe('one');
    expect(readFileSync(second.path, 'utf8')).toBe('two');
    expect(marked).toEqual([first.path, second.path]);
    expect(readdirSync(folder).sort()).toEqual(['_Pack (1).zip', '_Pack.zip']);
    if (process.platform !== 'win32') expect(statSync(first.path).mode & 0o777).toBe(0o600);
  });

  it('numbers before the extension, or at the end of a name without one', () => {
    expect(numberedName('Pack.zip', 0)).toBe('Pack.zip');
    expect(numberedName('Pack.zip', 2)).toBe('Pack (2).zip');
    expect(numberedName('README', 1)).toBe('README (1)');
  });
});

describe('sweepAttachmentFolders', () => {
  const bytes = new TextEncoder().encode('%PDF-1.4');
  /** The id of a process that has ended: a run that crashed. */
  const endedPid = spawnSync(process.execPath, ['-e', '']).pid;

  /** Makes `folder`'s mark say a run that has ended made it (as after a crash). */
  function leftByEndedRun(folder: string): void {
    const markPath = join(folder, OWNER_MARK_FILE);
    writeFileSync(markPath, readFileSync(markPath, 'utf8').replace(/\d+\n$/, `${endedPid}\n`));
  }

  it("removes what a crashed run of the app left, only the app's own, marked, folders", async () => {
    const parent = tempFolder('sweep-');
    // A crashed run of the app: its folder and file stay (no clear()).
    const crashed = createAttachmentFolder({ parent });
    await crashed.save('Sheet.pdf', bytes, SIGNED);
    leftByEndedRun(crashed.path()!);
    // A run still going (another process's, or this one's): never taken from under it.
    const running = createAttachmentFolder({ parent });
    await running.save('Sheet.pdf', bytes, SIGNED);
    // A running preview's folder (another owner), an unmarked folder and a file of the same prefix, and a
    // link to a folder elsewhere.
    const preview = createAttachmentFolder({ parent, owner: 'preview' });
    await preview.save('Sheet.pdf', bytes, SIGNED);
    leftByEndedRun(preview.path()!);
    mkdirSync(join(parent, 'classcharts-tray-someone-else'));
    writeFileSync(join(parent, 'classcharts-tray-notes.txt'), 'keep');
    const elsewhere = tempFolder('sweep-target-');
    writeFileSync(join(elsewhere, OWNER_MARK_FILE), `classcharts-tray app ${endedPid}\n`);
    if (process.platform !== 'win32') symlinkSync(elsewhere, join(parent, 'classcharts-tray-link'));

    expect(sweepAttachmentFolders({ parent })).toEqual([crashed.path()]);
    expect(existsSync(crashed.path()!)).toBe(false);
    expect(existsSync(running.path()!)).toBe(true);
    expect(existsSync(preview.path()!)).toBe(true);
    expect(existsSync(join(parent, 'classcharts-tray-someone-else'))).toBe(true);
    expect(existsSync(join(parent, 'classcharts-tray-notes.txt'))).toBe(true);
    expect(existsSync(join(elsewhere, OWNER_MARK_FILE))).toBe(true);
  });

  it.skipIf(process.platform === 'win32')(
    "never another user's folder, even one marked as the app's",
    async () => {
      const parent = tempFolder('sweep-');
      const left = createAttachmentFolder({ parent });
      await left.save('Sheet.pdf', bytes, SIGNED);
      const otherUser = (process.getuid?.() ?? 0) + 1;
      expect(sweepAttachmentFolders({ parent, uid: otherUser })).toEqual([]);
      expect(existsSync(left.path()!)).toBe(true);
    },
  );
});
