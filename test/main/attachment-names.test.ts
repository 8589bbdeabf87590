// The pure helpers of attachment:open: safe file names (no path traversal, extension kept), what each
// type does (opens, goes to Downloads, or is refused), and when a signed link expires (GCS V2 `Expires`,
// GingerGigiCat/ClassChartsAndroid@27ba119819 RequestMaker.kt:399; V4 `X-Goog-Date` + `X-Goog-Expires`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAttachmentFolder } from '../../main/adapters/attachment-folder';
import { safeFileName, signedLinkExpiresAt } from '../../main/attachment-names';
import { attachmentHandling } from '../../common/attachments';
import { tempFolder } from '../support/temp-folders';

describe('safeFileName', () => {
  it.each([
    ['Worksheet 3.pdf', 'Worksheet 3.pdf'],
    ['../../.bashrc', '_.._.bashrc'],
    ['..\\..\\Windows\\evil.pdf', '_.._Windows_evil.pdf'],
    ['/etc/passwd', '_etc_passwd'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['a<b>c:d"e|f?g*.docx', 'a_b_c_d_e_f_g_.docx'],
    ['line\nbreak\u0000.pdf', 'line_break_.pdf'],
    ['trailing dots. . .', 'trailing dots'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['', 'attachment'],
    ['..', 'attachment'],
    ['///', 'attachment'],
  ])('%j → %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });

  it('cuts a long name to 120 characters and keeps the extension', () => {
    const safe = safeFileName(`${'Year 9 science revision '.repeat(10)}.pptx`);
    expect(safe.length).toBeLessThanOrEqual(120);
    expect(safe.endsWith('.pptx')).toBe(true);
  });
});

// Issue 26 §3: open directly only an allow-list; the review's list of types the old block list missed
// is refused (programs, installers, disk images, shortcuts) or saved to Downloads (macros, scripts, archives).
describe('attachmentHandling', () => {
  it.each([
    'Letter.pdf',
    'Essay.DOCX',
    'Data.xlsx',
    'Slides.pptx',
    'Show.ppsx',
    'Notes.odt',
    'Sheet.ods',
    'Talk.odp',
    'Read me.txt',
    'Photo.JPG',
    'Scan.png',
    'Diagram.webp',
    'Phone.heic',
    'Song.mp3',
    'Recording.m4a',
    'Clip.mp4',
    'Film.mov',
  ])('%s opens', (name) => {
    expect(attachmentHandling(name).action).toBe('open');
  });

  it.each([
    'Old.doc',
    'Old.xls',
    'Old.ppt',
    'Macro.docm',
    'Macro.xlsm',
    'Macro.pptm',
    'Page.html',
    'Picture.svg',
    'Pack.zip',
    'Pack.7z',
    'Letter.rtf',
    'Marks.csv',
    'Shortcut.pdf.zip',
    'README',
    'Strange.pdf_',
  ])('%s is saved to Downloads, not opened', (name) => {
    expect(attachmentHandling(name).action).toBe('save');
  });

  it.each([
    'help.chm',
    'disk.iso',
    'disk.img',
    'disk.vhd',
    'disk.vhdx',
    'addin.xll',
    'run.application',
    'run.appref-ms',
    'install.appinstaller',
    'query.search-ms',
    'files.library-ms',
    'look.theme',
    'place.fileloc',
    'place.inetloc',
    'place.webloc',
    'setup.exe',
    'setup.exe. . ',
  ])('%s is refused', (name) => {
    expect(attachmentHandling(name).action).toBe('refuse');
  });

  it('names the extension it judged, lower case, or none', () => {
    expect(attachmentHandling('Pack.ZIP')).toEqual({ action: 'save', extension: '.zip' });
    expect(attachmentHandling('README')).toEqual({ action: 'save', extension: '' });
    expect(attachmentHandling('.pdf')).toEqual({ action: 'save', extension: '' });
  });
});

describe('attachmentHandling: programs', () => {
  it.each([
    'setup.exe',
    'run.BAT',
    'tool.js',
    'app.desktop',
    'x.AppImage',
    'script.sh',
    'a.ps1',
    'b.lnk',
    'c.jar',
  ])('%s is a program', (name) => {
    expect(attachmentHandling(name)).toEqual({
      action: 'refuse',
      extension: name.slice(name.lastIndexOf('.')).toLowerCase(),
    });
  });

  it.each(['letter.pdf', 'slides.pptx', 'photo.jpeg', 'notes.txt', 'README', 'exe'])('%s is not', (name) => {
    expect(attachmentHandling(name).action).not.toBe('refuse');
  });

  it('judges the name as written: trailing dots do not hide .exe', () => {
    expect(attachmentHandling('setup.exe. . ')).toEqual({ action: 'refuse', extension: '.exe' });
  });
});

describe('signedLinkExpiresAt', () => {
  it('reads GCS V2 Expires (seconds)', () => {
    expect(
      signedLinkExpiresAt(
        'https://attachments.classcharts.com/h/186700/a.pdf?GoogleAccessId=x&Expires=1765590527&Signature=y',
      ),
    ).toBe(1_765_590_527_000);
  });

  it('reads V4 X-Goog-Date + X-Goog-Expires', () => {
    expect(
      signedLinkExpiresAt(
        'https://storage.googleapis.com/b/o?X-Goog-Date=20260615T073000Z&X-Goog-Expires=3600',
      ),
    ).toBe(Date.parse('2026-06-15T08:30:00Z'));
  });

  it('is null when the link does not say', () => {
    expect(signedLinkExpiresAt('https://www.classcharts.com/announcement-files/1/0/a.pdf')).toBeNull();
    expect(signedLinkExpiresAt('not a url')).toBeNull();
  });
});

const FILE_URL = 'https://attachments.example/letter.pdf';

describe('createAttachmentFolder', () => {
  it('writes each file in its own private sub-folder, under a safe name, and clear() removes it all', async () => {
    const parent = tempFolder('attachment-folder-');
    const folder = createAttachmentFolder({ parent });
    const first = await folder.save('../../letter.pdf', new TextEncoder().encode('one'), FILE_URL);
    const second = await folder.save('../../letter.pdf', new TextEncoder().encode('two'), FILE_URL);
    expect(first).not.toBe(second);
    for (const path of [first, second]) {
      expect(basename(path)).toBe('_.._letter.pdf');
      expect(dirname(dirname(path))).toBe(folder.path());
    }
    expect(readFileSync(first, 'utf8')).toBe('one');
    expect(readFileSync(second, 'utf8')).toBe('two');
    if (process.platform !== 'win32') {
      expect(statSync(folder.path()!).mode & 0o777).toBe(0o700);
      expect(statSync(first).mode & 0o777).toBe(0o600);
    }
    await folder.clear();
    expect(readdirSync(parent)).toEqual([]);
    expect(folder.path()).toBeNull();
  });
});
