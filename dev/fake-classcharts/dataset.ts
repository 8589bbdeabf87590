/**
 * The generated demo dataset: a deterministic school around "today" (Europe/London) for the demo student
 * and a sibling, shaped like the real service's records (docs/classcharts-api.md §5, fixtures in
 * test/support/fixtures/classcharts/). The same seed and today give the same dataset.
 *
 * What it contains, by design (README.md lists it for users):
 * - timetables as a cycle (2 weeks for the demo student, 1 week for the sibling) with P1–P5, tutor time,
 *   break and lunch (`is_break`), one split period (two lessons, one key), a lesson note in HTML, an
 *   alternative lesson with a changed room on the first school day from today, an INSET day (next
 *   week's Friday) and English school holidays (./holidays.ts: half terms, Easter, summer, Christmas, the
 *   early May bank holiday) with no lessons; the holiday covering today, if any, is cut short so the demo
 *   opens on a school week;
 * - homework due from three weeks back to three weeks ahead (on school days), every status, HTML
 *   descriptions, links and attachments;
 * - more than 100 activity entries (three pages of 50), positive and negative, plus detention and notice
 *   entries; badges in both `pupil_badges` shapes; announcements (pinned, HTML, attachment, consent);
 *   a pending detention ahead and past ones (one with the malformed date real data shows);
 * - attendance: AM and PM register marks from the earlier of 1 September and 30 weeks back (`#` on
 *   holidays, today's PM not yet taken), with late marks and absences (see {@link generateAttendance});
 * - names as the service writes them, HTML-encoded (skeffling/timetable-plus@1bfce46dc9
 *   extension/timetable.js: "ClassCharts sends names HTML-encoded ('Pure &amp; Applied')";
 *   docs/classcharts-api.md §5): the subject `Design &amp; Technology` in room `D&amp;T 2`, the teacher
 *   `Mr C O&#039;Brien` (PHP's `htmlspecialchars` writes `'` so), the titles of review homework and of an
 *   English topic, a behaviour reason, a badge, an announcement title and a detention reason with `&amp;`.
 *   File names are plain.
 *
 * The parts: ./dataset-school.ts (school, teachers, timetable cycle, school days), ./dataset-family.ts (the
 * three pupils), ./dataset-homework.ts, ./dataset-behaviour.ts (activity, badges, detentions),
 * ./dataset-announcements.ts, ./dataset-attendance.ts and ./dataset-pupil-records.ts (student object,
 * `/pupils` record and counters). The demo accounts are common/demo-accounts.ts.
 */
import { DEMO_CREDENTIALS } from '../../common/demo-accounts';
import { addDays, mondayOf } from '../../common/dates';
import {
  buildAmelia,
  buildIsla,
  buildOliver,
  type FamilyContext,
  schoolWideAnnouncements,
} from './dataset-family';
import { pupilRecord } from './dataset-pupil-records';
import { demoHolidays } from './holidays';
import { createRng } from './prng';
import type { FakeDataset, FakeHoliday, IsoDate } from './types';

/** Options of {@link generateDataset}. */
export interface GenerateOptions {
  /** PRNG seed (integer). */
  seed: number;
  /** The `YYYY-MM-DD` (Europe/London) the data is built around. */
  today: IsoDate;
}
/** A login for the sibling too, for tests of a second student. */
export const SIBLING_STUDENT = { code: 'DEMO2014', dateOfBirth: '03/09/2014' } as const;
/**
 * A pupil whose school gave a code only, with no date of birth on record: the sign-in takes any date, or
 * none, and `hasdob` answers false (daydreme/classcharts-server-mock@1c742cfc67 pkg/student/user/auth.go;
 * docs/classcharts-api.md §2.3).
 */
export const CODE_ONLY_STUDENT = { code: 'NODOB2026', dateOfBirth: null } as const;

/** Generated datasets by seed and today: generation takes ~0.1 s, and test suites start many servers. */
const generated = new Map<string, FakeDataset>();

/**
 * Generates the demo dataset (see the module comment) for `seed` and `today`. Each call returns a fresh
 * copy (callers may mutate it); identical arguments give identical data.
 * @throws RangeError when `today` is not a `YYYY-MM-DD` date in the years `DEMO_YEARS` (./holidays.ts).
 */
export function generateDataset(options: GenerateOptions): FakeDataset {
  const key = `${options.seed}|${options.today}`;
  let dataset = generated.get(key);
  if (!dataset) {
    dataset = buildDataset(options);
    if (generated.size >= 16) generated.clear();
    generated.set(key, dataset);
  }
  return structuredClone(dataset);
}

function buildDataset({ seed, today }: GenerateOptions): FakeDataset {
  const thisMonday = mondayOf(today);
  const insetDay = addDays(thisMonday, 11); // next week's Friday
  const holidays: FakeHoliday[] = [insetDay, ...demoHolidays(today)]; // validates today
  const parent = { id: 1_530_442, name: 'Sarah Hughes' };
  const ctx: FamilyContext = { rng: createRng(seed), today, thisMonday, holidays, parentName: parent.name };
  const schoolWide = schoolWideAnnouncements(insetDay);
  // In this order: each draws from the one PRNG (Isla has her own).
  const amelia = buildAmelia(ctx, schoolWide);
  const oliver = buildOliver(ctx, schoolWide);
  const isla = buildIsla(seed, ctx, schoolWide, oliver);
  const { student, parent: parentLogin } = DEMO_CREDENTIALS;

  return {
    version: 1,
    appVersion: '28.7.1',
    students: [
      { code: student.code, dateOfBirth: student.dateOfBirth, pupilId: amelia.pupil.id },
      { code: SIBLING_STUDENT.code, dateOfBirth: SIBLING_STUDENT.dateOfBirth, pupilId: oliver.pupil.id },
      { code: CODE_ONLY_STUDENT.code, dateOfBirth: CODE_ONLY_STUDENT.dateOfBirth, pupilId: isla.pupil.id },
    ],
    parents: [
      {
        user: {
          id: parent.id,
          name: parent.name,
          email: parentLogin.email,
          language: null,
          isEmailVerified: true,
        },
        password: parentLogin.password,
        pupilIds: [amelia.pupil.id, oliver.pupil.id],
      },
    ],
    pupils: [amelia, oliver, isla].map(({ user, rest }) => ({ pupil: pupilRecord(user, rest), ...rest })),
  };
}
