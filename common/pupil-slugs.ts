/**
 * The file-name-safe short names of a parent's children, for the calendar feed's per-child files
 * (main/calendar/feed-targets.ts `targetFilePath`: `classcharts.ics` → `classcharts-amelia.ics`) and for
 * Settings, which lists those files (renderer/lib/calendar-files.ts). Pure; no imports.
 */

/** A pupil as the short names need it (common/domain `Pupil` and the popover's `PupilView` both fit). */
export interface SluggedPupil {
  id: number;
  firstName: string;
  name: string;
}

/**
 * A file-name-safe slug of each pupil's first name (`Amélie Rose` → `amelie-rose`, else the full name;
 * `pupil` when nothing is left), at most 40 characters, with `-<pupil id>` added to every slug two pupils
 * share. Keyed by pupil id.
 */
export function pupilSlugs(pupils: readonly SluggedPupil[]): Map<number, string> {
  const plain = pupils.map((pupil) => {
    const slug = (pupil.firstName.trim() || pupil.name)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40);
    return { id: pupil.id, slug: slug || 'pupil' };
  });
  const counts = new Map<string, number>();
  for (const { slug } of plain) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  return new Map(plain.map(({ id, slug }) => [id, (counts.get(slug) ?? 0) > 1 ? `${slug}-${id}` : slug]));
}
