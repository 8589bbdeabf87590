// Argument checks before any network call: sign-in details and query dates.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../main/classcharts/errors';
import {
  checkRange,
  normaliseAccessCode,
  normaliseDateOfBirth,
  normaliseParent,
} from '../../../main/classcharts/validate';

const TODAY = '2026-06-15';

describe('date of birth', () => {
  it.each([
    ['14/05/2012', '14/05/2012'],
    ['1/5/2012', '01/05/2012'],
    [' 20/1/2000 ', '20/01/2000'],
    ['14.05.2012', '14/05/2012'],
    ['2012-05-14', '14/05/2012'],
    // Empty for a pupil whose school gave a code only (issue 25 §1; docs/classcharts-api.md §2.3).
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (input, expected) => {
    expect(normaliseDateOfBirth(input, TODAY)).toBe(expected);
  });

  // The rule itself (common/date-of-birth.ts) is tested in test/common/date-of-birth.test.ts; since issue 27
  // main also refuses today's date and mixed separators, as the sign-in form does.
  it.each([
    '31/02/2012',
    '14/13/2012',
    '05/14/2012x',
    '14/05/12',
    '01/01/2030',
    '2012-02-30',
    '15/06/2026',
    '14/05-2012',
  ])('rejects %j', (input) => {
    const error = (() => {
      try {
        normaliseDateOfBirth(input, TODAY);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).field).toBe('dateOfBirth');
    expect((error as InvalidInputError).userMessage).toMatch(/day\/month\/year/);
  });
});

describe('access code', () => {
  it('is trimmed and upper-cased', () => {
    expect(normaliseAccessCode('  demo2026 ')).toBe('DEMO2026');
  });

  it.each(['', '   ', 'DEMO 2026', 'DEMO-2026'])('rejects %j naming the code field', (input) => {
    expect(() => normaliseAccessCode(input)).toThrow(
      expect.objectContaining({ code: 'invalid-input', field: 'code' }),
    );
  });
});

describe('parent details and ranges', () => {
  it('trims the email but keeps the password exactly', () => {
    expect(normaliseParent(' parent@example.com ', ' pass ')).toEqual({
      kind: 'parent',
      email: 'parent@example.com',
      password: ' pass ',
    });
    expect(() => normaliseParent('nobody', 'x')).toThrow(expect.objectContaining({ field: 'email' }));
    expect(() => normaliseParent('a@b.c', '')).toThrow(expect.objectContaining({ field: 'password' }));
  });

  it('rejects unreal dates and a range that runs backwards', () => {
    expect(() => checkRange({ from: '2026-02-30' })).toThrow(InvalidInputError);
    expect(() => checkRange({ from: '2026-06-15', to: '2026-06-14' })).toThrow(InvalidInputError);
    expect(() => checkRange({ from: '2026-06-14', to: '2026-06-15' })).not.toThrow();
  });
});
