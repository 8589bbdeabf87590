/**
 * The demo pupils' register marks (`/attendance`, docs/classcharts-api.md §5.11): AM and PM for every
 * weekday of the last twelve weeks, with the exceptions each pupil is given. Uses no PRNG.
 */
import { addDays, dayOfWeek, mondayOf } from '../../common/dates';
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

/** Weeks of register marks the dataset holds, back from this week's Monday. */
const ATTENDANCE_WEEKS = 12;

/**
 * AM and PM marks for every weekday from {@link ATTENDANCE_WEEKS} weeks before this week's Monday to today:
 * present (`/` and `\`) on school days, `#` on holidays and INSET days, today's PM not yet taken
 * (`code: ""`, `status: "ignore"`), and the `exceptions`. No PRNG: adding it left every other record as it
 * was.
 */
export function generateAttendance(
  today: IsoDate,
  holidays: readonly FakeHoliday[],
  exceptions: readonly AttendanceException[],
): Record<IsoDate, Record<string, RawAttendanceMark>> {
  const marks: Record<IsoDate, Record<string, RawAttendanceMark>> = {};
  for (let d = addDays(mondayOf(today), -7 * ATTENDANCE_WEEKS); d <= today; d = addDays(d, 1)) {
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
