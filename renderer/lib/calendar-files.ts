/**
 * What Settings' Calendar section says about the calendar file (issue 28 §2): the chosen path split into
 * its file name and folder, and the names of a parent's per-child files beside it. The names follow main's
 * main/calendar/feed-targets.ts `targetFilePath` (which uses `node:path`, so the renderer cannot import it)
 * with the same slugs (common/pupil-slugs.ts); test/renderer/calendar-settings.test.ts checks that both
 * agree. Pure, no DOM.
 */
import { pupilSlugs, type SluggedPupil } from '../../common/pupil-slugs';

/**
 * A path's file name and the folder it is in (`/a/b/classcharts.ics` → `classcharts.ics`, `/a/b`), split
 * at the last `/` or `\` (a Windows path too); `folder` is `''` for a bare name, `/` for the root.
 */
export function splitPath(path: string): { name: string; folder: string } {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (cut < 0) return { name: path, folder: '' };
  return { name: path.slice(cut + 1), folder: cut === 0 ? path.slice(0, 1) : path.slice(0, cut) };
}

/**
 * The file name each child's calendar is written to when a parent keeps one per child: the chosen file's
 * name with the child's slug before its extension (`classcharts.ics` → `classcharts-amelia.ics`), in the
 * pupils' order. As main's `targetFilePath`, without the folder.
 */
export function childFileNames(fileName: string, pupils: readonly SluggedPupil[]): string[] {
  const dot = fileName.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
  const slugs = pupilSlugs(pupils);
  return pupils.map((pupil) => `${stem}-${slugs.get(pupil.id)}${extension}`);
}
