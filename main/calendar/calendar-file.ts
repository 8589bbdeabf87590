/**
 * The calendar feed as a file the user chose (issue 28 §2: "the app rewrites it when its content changed"):
 * written only when its bytes differ from the file's, atomically (a temporary file in the same folder,
 * then a rename: a calendar app never reads half a file), mode 0600 as it holds a child's timetable
 * (main/adapters/json-file-store.ts `writeFileAtomic`; the mode is POSIX only, Windows ignores it).
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { writeFileAtomic } from '../adapters/json-file-store';

/** The calendar file cannot be written where asked: its folder is missing, or the path is a folder. */
export class CalendarFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalendarFileError';
  }
}

/**
 * Checks that `path` can hold the calendar: its folder exists and is a folder, and `path` is not a folder.
 * Nothing is created.
 * @throws CalendarFileError with a message naming the folder or the path.
 */
export function checkCalendarPath(path: string): void {
  const file = resolve(path);
  const folder = dirname(file);
  const folderStat = statSync(folder, { throwIfNoEntry: false });
  if (folderStat === undefined) throw new CalendarFileError(`the folder ${folder} does not exist`);
  if (!folderStat.isDirectory()) throw new CalendarFileError(`${folder} is not a folder`);
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory())
    throw new CalendarFileError(`${file} is a folder; give the path of a file, e.g. ${file}/calendar.ics`);
}

/**
 * Writes `text` (UTF-8) to `path` unless the file already holds exactly these bytes. Returns `true` when it
 * wrote, `false` when the file was unchanged (then it is not touched: same modification time). Synchronous
 * and not safe to call twice at once for one path (the temporary file's name is per process).
 * @throws CalendarFileError (see {@link checkCalendarPath}); what `fs` throws (permissions, disk full).
 */
export function writeCalendarFile(path: string, text: string): boolean {
  checkCalendarPath(path);
  const file = resolve(path);
  let current: Buffer | undefined;
  try {
    current = readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (current?.equals(Buffer.from(text, 'utf8'))) return false;
  writeFileAtomic(file, text);
  return true;
}
