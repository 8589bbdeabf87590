/**
 * The one date-of-birth rule, for the sign-in form (renderer/views/SignIn.svelte) and main's check before
 * signing in (main/classcharts/validate.ts `normaliseDateOfBirth`). A module of its own, not part of
 * common/dates.ts: the popover loads the calendar on its first screen, the sign-in form only on demand, and
 * a bundler splits by module, so this keeps the rule out of the first load.
 */
import { isIsoDate } from './dates';
import type { IsoDate } from './domain';

/** Why a typed date of birth was refused (see {@link parseDateOfBirth}). */
export type DateOfBirthProblem = 'format' | 'not-a-date' | 'future';

/** `D/M/YYYY` with one separator, `/`, `.` or `-`, used twice. */
const DAY_MONTH_YEAR = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const YEAR_MONTH_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * Reads a date of birth typed as `DD/MM/YYYY` (the login form's format, docs/classcharts-api.md §8.4;
 * unpadded `1/5/2012`, and `.` or `-` in place of both `/`, are accepted) or `YYYY-MM-DD` (as the JSON
 * login and an `<input type="date">` give it, §2.3), blanks around it ignored. Returns the zero-padded
 * `DD/MM/YYYY`; `''` for an empty or blank field (a pupil whose school gave a code only, §2.3); or why it
 * cannot be one: `format` (in neither form), `not-a-date` (not a real calendar date, e.g. `31/02/2012`, or
 * before 1900, common/dates.ts `EARLIEST_YEAR`), `future` (`today` or later; `today` is `YYYY-MM-DD` in
 * Europe/London).
 */
export function parseDateOfBirth(
  input: string,
  today: IsoDate,
): { value: string } | { problem: DateOfBirthProblem } {
  const text = input.trim();
  if (text === '') return { value: '' };
  const dmy = DAY_MONTH_YEAR.exec(text);
  const ymd = dmy ? null : YEAR_MONTH_DAY.exec(text);
  const parts = dmy ? [dmy[4], dmy[3], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : null;
  if (!parts) return { problem: 'format' };
  const [y, m, d] = parts.map((part) => (part ?? '').padStart(2, '0'));
  const iso = `${y}-${m}-${d}`;
  if (!isIsoDate(iso)) return { problem: 'not-a-date' };
  if (iso >= today) return { problem: 'future' };
  return { value: `${d}/${m}/${y}` };
}
