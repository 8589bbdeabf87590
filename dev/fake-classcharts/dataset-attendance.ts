/**
 * The demo pupils' register marks (`/attendance`, docs/classcharts-api.md §5.11): AM and PM for every
 * weekday from the start of the school year (or {@link REGISTER_WEEKS} weeks back, if earlier), with the
 * exceptions each pupil is given. Uses no PRNG.
 */
import { addDays, dayOfWeek, mondayOf } from '../../common/dates';
import { schoolYearStart } from '../../common/school-year';
import { isSchoolDay } from './dataset-school';
import type { FakeHoliday, IsoDate, RawAttendanceMark } from './types';

/** Register marks by code (docs/classcharts-api.md §5.11; the codes are the English school register's). */
export const MARKS = {
  presentAm: { code: '/', status: 'present', late_minutes: 0 },
  presentPm: { code: '\\', status: 'present', late_minutes: 0 },
  /** `#`: the school is closed (the fixture's holiday mark). */
  closed: { code: '#', status: 'ignore', late_minutes: 0 },
  /** A session not registered yet. */
  notTaken: { code: '', status: 'ignore', late_minutes: '' },
  /** `N`: absent, no reason given yet (unauthorised). */
  unexplained: { code: 'N', status: 'absent', late_minutes: 0 },
  /** `I`: illness (an authorised absence). */
  illness: { code: 'I', status: 'excused', late_minutes: 0 },
  /** `M`: a medical appointment (authorised). */
  medical: { code: 'M', status: 'excused', late_minutes: 0 },
} satisfies Record<string, RawAttendanceMark>;

/** `L`: late, before the register closed (counts as present), `minutes` late. */
export function lateMark(minutes: number): RawAttendanceMark {
  return { code: 'L', status: 'late', late_minutes: minutes };
}

/** A mark other than "present": `schoolDaysAgo` 0 is the last school day up to today. */
export interface AttendanceException {
  schoolDaysAgo: number;
  session: 'AM' | 'PM';
  mark: RawAttendanceMark;
}

/**
 * Weeks of register marks the dataset holds at least, back from this week's Monday: more than the app's
 * behaviour chart asks for (24, common/school-year.ts), so early in a school year the weeks before the
 * summer are there too. Never reaches before 1 January of last year, the first holidays
 * ./holidays.ts `demoHolidays` knows.
 */
export const REGISTER_WEEKS = 30;

/** The register's first day in the dataset: 1 September, or {@link REGISTER_WEEKS} back if earlier. */
export function registerStart(today: IsoDate): IsoDate {
  const weeksBack = addDays(mondayOf(today), -7 * REGISTER_WEEKS);
  const year = schoolYearStart(today);
  return weeksBack < year ? weeksBack : year;
}

/**
 * AM and PM marks for every weekday from {@link registerStart} to today (as the real service answers any
 * range, the summer holidays included): present (`/` and `\`) on school days, `#` on holidays (half terms,
 * the summer) and INSET days, today's PM not yet taken
 * (`code: ""`, `status: "ignore"`), and the `exceptions`. No PRNG: adding it left every other record as it
 * was.
 */
export function generateAttendance(
  today: IsoDate,
  holidays: readonly FakeHoliday[],
  exceptions: readonly AttendanceException[],
): Record<IsoDate, Record<string, RawAttendanceMark>> {
  const marks: Record<IsoDate, Record<string, RawAttendanceMark>> = {};
  for (let d = registerStart(today); d <= today; d = addDays(d, 1)) {
    const dow = dayOfWeek(d);
    if (dow < 1 || dow > 5) continue;
    marks[d] = isSchoolDay(d, holidays)
      ? { AM: { ...MARKS.presentAm }, PM: d === today ? { ...MARKS.notTaken } : { ...MARKS.presentPm } }
      : { AM: { ...MARKS.closed }, PM: { ...MARKS.closed } };
  }
  const days = Object.keys(marks).filter((d) => isSchoolDay(d, holidays));
  for (const { schoolDaysAgo, session, mark } of exceptions) {
    const day = days[days.length - 1 - schoolDaysAgo];
    const sessions = day === undefined ? undefined : marks[day];
    if (sessions) sessions[session] = { ...mark };
  }
  return marks;
}
