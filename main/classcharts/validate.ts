/**
 * Argument checks the client makes before any network call: sign-in details (access code, date of birth,
 * email, password), query dates and pupil ids. Failures throw InvalidInputError with the field at fault
 * and a message fit to show. Sources: docs/classcharts-api.md §2.1 (code
 * upper-cased, `dob` DD/MM/YYYY, legacy example unpadded `20/1/2000`), §1.1 (query dates YYYY-MM-DD).
 */
import { parseDateOfBirth } from '../../common/date-of-birth';
import { isIsoDate } from '../../common/dates';
import { InvalidInputError } from './errors';
import type { IsoDate } from '../../common/domain';

/**
 * Student sign-in details after normalisation: code trimmed and upper-cased, DOB `DD/MM/YYYY` padded, or `''`
 * for a pupil who signs in with the code only.
 */
export interface StudentSignIn {
  kind: 'student';
  code: string;
  dateOfBirth: string;
}

/** Parent sign-in details after normalisation: email trimmed (the password is kept exactly as typed). */
export interface ParentSignIn {
  kind: 'parent';
  email: string;
  password: string;
}

/**
 * A date of birth → `DD/MM/YYYY` (zero-padded), as the login form wants it, by the one rule the sign-in
 * form follows too (`parseDateOfBirth`, common/date-of-birth.ts): `D/M/YYYY` with `/`, `.` or `-` (the
 * same one twice), or `YYYY-MM-DD` (what an `<input type="date">` gives); a real date from 1900
 * (`EARLIEST_YEAR`) and before `today` (`YYYY-MM-DD`, Europe/London). An empty (or blank) value stays `''`:
 * a pupil whose school gave a code only has no date of birth to give, and the service then takes any
 * (docs/classcharts-api.md §2.3, issue 25 §1). Throws InvalidInputError (field `dateOfBirth`) for anything
 * else.
 */
export function normaliseDateOfBirth(value: string, today: IsoDate): string {
  const parsed = parseDateOfBirth(value, today);
  if ('problem' in parsed)
    throw new InvalidInputError(
      'date of birth is not a real day/month/year date',
      'Enter the date of birth as day/month/year, e.g. 14/05/2012.',
      'dateOfBirth',
    );
  return parsed.value;
}

/**
 * An access code → trimmed and upper-cased. Throws InvalidInputError (field `code`) when empty or when
 * it holds anything but letters and digits (codes look like `12GFKDQY`).
 */
export function normaliseAccessCode(value: string): string {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z0-9]{1,64}$/.test(code))
    throw new InvalidInputError(
      code === '' ? 'access code is empty' : 'access code has characters other than letters and digits',
      code === ''
        ? 'Enter your ClassCharts access code.'
        : 'An access code has only letters and digits. Check it and try again.',
      'code',
    );
  return code;
}

/** Checks and normalises parent sign-in details; throws InvalidInputError naming the field. */
export function normaliseParent(email: string, password: string): ParentSignIn {
  const trimmed = email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(trimmed))
    throw new InvalidInputError(
      'email is not an address',
      'Enter the email address you use for ClassCharts.',
      'email',
    );
  if (password === '')
    throw new InvalidInputError('password is empty', 'Enter your ClassCharts password.', 'password');
  return { kind: 'parent', email: trimmed, password };
}

/**
 * Checks an optional query date (`YYYY-MM-DD`, a real date). `name` names the option in the message.
 * Throws InvalidInputError.
 */
export function checkDate(name: string, value: IsoDate | undefined): void {
  if (value !== undefined && !isIsoDate(value))
    throw new InvalidInputError(
      `${name} is not a real YYYY-MM-DD date`,
      `The ${name} date must be a real date written YYYY-MM-DD, e.g. 2026-06-15.`,
    );
}

/** Checks an optional `from`/`to` pair: both real dates, `from` not after `to`. Throws InvalidInputError. */
export function checkRange(range: { from?: IsoDate; to?: IsoDate }): void {
  checkDate('from', range.from);
  checkDate('to', range.to);
  if (range.from !== undefined && range.to !== undefined && range.from > range.to)
    throw new InvalidInputError('from is after to', 'The start date must not be after the end date.');
}

/** Checks a pupil id (a positive whole number). Throws InvalidInputError. */
export function checkPupilId(pupilId: number): void {
  if (!Number.isSafeInteger(pupilId) || pupilId <= 0)
    throw new InvalidInputError('pupil id is not a positive integer', 'That pupil could not be found.');
}
