// The one date-of-birth rule of the sign-in form and main (common/date-of-birth.ts); main's InvalidInputError
// for it: test/main/classcharts/validate.test.ts.
import { describe, expect, it } from 'vitest';
import { parseDateOfBirth } from '../../common/date-of-birth';
import { londonDate } from '../../common/dates';
import { november } from '../support/fixtures';

describe('date of birth', () => {
  const today = londonDate(november.NOW);

  it('accepts a date of birth as DD/MM/YYYY and rejects impossible or future dates', () => {
    expect(parseDateOfBirth('14/05/2012', today)).toEqual({ value: '14/05/2012' });
    expect(parseDateOfBirth(' 1/5/2012 ', today)).toEqual({ value: '01/05/2012' });
    // Issue 25 §1: YYYY-MM-DD as the JSON login takes it, and empty for a code-only pupil.
    expect(parseDateOfBirth('2012-05-14', today)).toEqual({ value: '14/05/2012' });
    expect(parseDateOfBirth('  ', today)).toEqual({ value: '' });
    expect(parseDateOfBirth('14 May 2012', today)).toEqual({ problem: 'format' });
    expect(parseDateOfBirth('2012-02-30', today)).toEqual({ problem: 'not-a-date' });
    expect(parseDateOfBirth('31/02/2012', today)).toEqual({ problem: 'not-a-date' });
    expect(parseDateOfBirth('05/14/2012', today)).toEqual({ problem: 'not-a-date' });
    expect(parseDateOfBirth('01/01/2030', today)).toEqual({ problem: 'future' });
  });

  // Issue 27: one rule for the form and main. Main's `.`/`-` separators (the same one twice), the form's
  // "born before today", and the 1900 floor both had.
  it('takes dots or dashes for slashes, refuses mixed ones, today and placeholder years', () => {
    expect(parseDateOfBirth('14.05.2012', today)).toEqual({ value: '14/05/2012' });
    expect(parseDateOfBirth('1-5-2012', today)).toEqual({ value: '01/05/2012' });
    expect(parseDateOfBirth('14/05-2012', today)).toEqual({ problem: 'format' });
    expect(parseDateOfBirth('23/11/2026', '2026-11-23')).toEqual({ problem: 'future' });
    expect(parseDateOfBirth('22/11/2026', '2026-11-23')).toEqual({ value: '22/11/2026' });
    expect(parseDateOfBirth('31/12/1899', today)).toEqual({ problem: 'not-a-date' });
  });
});
