// The calendar file (main/calendar/calendar-file.ts): rewritten only when its bytes change (an unchanged
// feed leaves the file and its modification time alone), written whole through a temporary file that does
// not stay behind, private to its owner, and a clear error for a folder that is not there.
import { readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CalendarFileError, writeCalendarFile } from '../../../main/calendar/calendar-file';
import { tempFolder } from '../../support/temp-folders';

const OLD = new Date('2026-01-01T00:00:00Z');
const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:ClassCharts – Jane\r\nEND:VCALENDAR\r\n';

describe('writeCalendarFile', () => {
  it('writes a new file, then leaves it untouched while the content is the same', () => {
    const folder = tempFolder('calendar-file-');
    const path = join(folder, 'jane.ics');
    expect(writeCalendarFile(path, ICS)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(ICS);

    utimesSync(path, OLD, OLD);
    expect(writeCalendarFile(path, ICS)).toBe(false);
    expect(statSync(path).mtimeMs).toBe(OLD.getTime());
    expect(readdirSync(folder)).toEqual(['jane.ics']);
  });

  it('rewrites the file when the content changed, leaving no temporary file', () => {
    const folder = tempFolder('calendar-file-');
    const path = join(folder, 'jane.ics');
    writeCalendarFile(path, ICS);
    utimesSync(path, OLD, OLD);
    const changed = ICS.replace('Jane', 'Amelia');
    expect(writeCalendarFile(path, changed)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(changed);
    expect(statSync(path).mtimeMs).not.toBe(OLD.getTime());
    expect(readdirSync(folder)).toEqual(['jane.ics']);
  });

  it.skipIf(process.platform === 'win32')('makes the file readable by its owner only (0600)', () => {
    const path = join(tempFolder('calendar-file-'), 'jane.ics');
    writeCalendarFile(path, ICS);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('says which folder is missing, and refuses a folder as the file', () => {
    const folder = tempFolder('calendar-file-');
    const missing = join(folder, 'no-such-folder');
    expect(() => writeCalendarFile(join(missing, 'jane.ics'), ICS)).toThrow(
      new CalendarFileError(`the folder ${missing} does not exist`),
    );
    expect(() => writeCalendarFile(folder, ICS)).toThrow(/is a folder; give the path of a file/);
    expect(readdirSync(folder)).toEqual([]);
  });
});
