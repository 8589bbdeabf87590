/**
 * Argument checks the client makes before any network call: sign-in details (access code, date of birth,
 * email, password), query dates and pupil ids. Failures throw InvalidInputError with the field at fault
 * and a message fit to show. Sources: docs/classcharts-api.md §2.1 (code
 * upper-cased, `dob` DD/MM/YYYY, legacy example unpadded `20/1/2000`), §1.1 (query dates YYYY-MM-DD).
 */
import { isIsoDate } from './dates';
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

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * A date of birth → `DD/MM/YYYY` (zero-padded), as the login form wants it. Accepts `D/M/YYYY` with `/`,
 * `.` or `-`, and `YYYY-MM-DD` (what an `<input type="date">` gives). `today` (`YYYY-MM-DD`) rejects a
 * future date. An empty (or blank) value stays `''`: a pupil whose school gave a code only has no date of
 * birth to give, and the service then takes any (docs/classcharts-api.md §2.3, issue 25 §1).
 * Throws InvalidInputError (field `dateOfBirth`) for anything else that is not a real date.
 */
export function normaliseDateOfBirth(value: string, today: IsoDate): string {
  const v = value.trim();
  if (v === '') return '';
  const dmy = DMY.exec(v);
  const ymd = dmy ? null : YMD.exec(v);
  const [day, month, year] = dmy ? [dmy[1], dmy[2], dmy[3]] : ymd ? [ymd[3], ymd[2], ymd[1]] : [];
  const iso = year && month && day ? `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}` : '';
  if (!isIsoDate(iso) || iso < '1900-01-01' || iso > today)
    throw new InvalidInputError(
      'date of birth is not a real day/month/year date',
      'Enter the date of birth as day/month/year, e.g. 14/05/2012.',
      'dateOfBirth',
    );
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
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
