// The counters `/apiv2parent/pupils` carries for each child (classcharts-api-js 2.12.3 src/types.ts `Pupil`:
// `homework_todo_count`, `homework_late_count`, `detention_pending_count`, `announcements_count`; the
// recorded shape in test/support/fixtures/classcharts/pupils.json): read when sent, `null` when not, never a
// guess.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mapPupil } from '../../../main/classcharts/map';
import { pupilSchema } from '../../../main/classcharts/schemas';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name: string): { data: unknown } =>
  JSON.parse(readFileSync(join(here, '../../support/fixtures/classcharts', `${name}.json`), 'utf8')) as {
    data: unknown;
  };
const pupil = (raw: unknown) => mapPupil(pupilSchema.parse(raw));

describe('pupil counters', () => {
  it('reads the four counters of each pupil in pupils.json', () => {
    const [jane] = (fixture('pupils').data as unknown[]).map(pupil);
    expect(jane?.counters).toEqual({
      homeworkToDo: 3,
      homeworkLate: 0,
      detentionsPending: 1,
      announcements: 4,
    });
  });

  it('a student’s /ping user has announcements_count only: the rest is null, not 0', () => {
    const user = (fixture('ping-student').data as { user: unknown }).user;
    expect(pupil(user).counters).toMatchObject({
      homeworkToDo: null,
      homeworkLate: null,
      detentionsPending: null,
    });
  });

  it('numbers sent as strings are read; garbage, fractions and negatives are null, not an error', () => {
    expect(
      pupil({
        id: 1,
        homework_todo_count: '5',
        homework_late_count: 'lots',
        detention_pending_count: -1,
        announcements_count: 2.5,
      }).counters,
    ).toEqual({ homeworkToDo: 5, homeworkLate: null, detentionsPending: null, announcements: null });
  });
});
