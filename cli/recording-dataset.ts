/**
 * Turns a redacted recording (`cli record`, ./record.ts) into a dataset for the fake ClassCharts server
 * (`npm run fake-server -- --data FILE`, `npm run preview -- --data FILE`; the format is
 * dev/fake-classcharts/README.md "Dataset format"), so a real account's shapes can be replayed in the demo.
 *
 * What carries over as recorded: the pupil objects, homeworks, activity, badges, announcements,
 * detentions and attendance marks (the fake serves records exactly as given; attendance's date keys are
 * kept by the redaction, its session names replaced), `meta.version`, and the day's lessons.
 * What cannot, and is written into the dataset's `notes` (and docs/live-check.md):
 * - the timetable: only the recorded week is known (Monday to Friday, {@link otherSchoolDays}), so it
 *   becomes a one-week cycle (a two-week timetable shows its recorded week every week; no holidays);
 * - behaviour: the fake counts it from the activity's behaviour points, so the recorded weekly figures
 *   are not replayed as such;
 * - attendance: only the recorded week's marks (./probe.ts asks the last seven days), from which the fake
 *   counts the percentages;
 * - the logins: stand-ins {@link REPLAY_LOGINS}, since the real ones are never recorded;
 * - a student recording has no school fields or counters (only `/pupils` has them) nor a parent user:
 *   filled with neutral defaults.
 * The fake checks the file when it loads it and names any field it lacks (a real answer may leave out
 * one the fake always sends); add it by hand, then.
 */
import { addDays, dayOfWeek } from '../common/dates';
import type { IsoDate } from '../common/domain';

/** The sign-ins of a replayed dataset (made up; the recorded account's are never stored). */
export const REPLAY_LOGINS = {
  student: { code: 'REPLAY', dateOfBirth: '01/01/2010' },
  parent: { email: 'replay@example.com', password: 'replay' },
} as const;

/** One pupil's redacted answers, by endpoint name (`timetable`, `homeworks`, … as in ./probe.ts). */
export interface RecordedPupil {
  answers: Record<string, unknown>;
  /** Timetable answers of the other days of the week ({@link otherSchoolDays}), by date. */
  timetableDays: Record<IsoDate, unknown>;
}

/** A redacted recording: who, when, and the answers. */
export interface Recording {
  kind: 'student' | 'parent';
  /** The day recorded, YYYY-MM-DD Europe/London. */
  today: IsoDate;
  /** The `/ping` answer (student: `data.user` is the pupil; parent: the parent user). */
  ping: unknown;
  /** The parent's `/pupils` answer, `null` for a student. */
  pupils: unknown;
  /** The pupils probed, by their 1-based position in the account (a student: 1). */
  probed: Map<number, RecordedPupil>;
}

/** A dataset for the fake server plus `notes` on what could not be carried over (the fake ignores them). */
export interface RecordedDataset {
  version: 1;
  notes: string[];
  appVersion: string;
  students: { code: string; dateOfBirth: string; pupilId: number }[];
  parents: {
    user: Record<string, unknown>;
    password: string;
    pupilIds: number[];
  }[];
  pupils: Record<string, unknown>[];
}

/** Fields of a `/pupils` element that a student's `/ping` user lacks, with neutral values. */
const PUPIL_EXTRAS: Record<string, unknown> = {
  school_name: 'School',
  school_logo: null,
  timezone: 'Europe/London',
  display_covid_tests: false,
  can_record_covid_tests: false,
  detention_yes_count: 0,
  detention_no_count: 0,
  detention_pending_count: 0,
  detention_upscaled_count: 0,
  homework_todo_count: 0,
  homework_late_count: 0,
  homework_not_completed_count: 0,
  homework_excused_count: 0,
  homework_completed_count: 0,
  homework_submitted_count: 0,
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** `data[]` of an answer, or `[]`. */
function dataList(answer: unknown): Record<string, unknown>[] {
  const data = record(answer).data;
  return Array.isArray(data) ? data.map(record) : [];
}

/**
 * `data` of an attendance answer (date → session name → mark, docs/classcharts-api.md §5.11), or `undefined`
 * when there is none (no answer, an error, or `data: []` for a range without marks).
 */
function attendanceOf(answer: unknown): Record<string, unknown> | undefined {
  const data = record(answer).data;
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : undefined;
}

/** `HH:MM:SS` of an ISO date-time, or `undefined`. */
function timeOf(value: unknown): string | undefined {
  return typeof value === 'string' ? /T(\d{2}:\d{2}:\d{2})/.exec(value)?.[1] : undefined;
}

/** The Monday of `date`'s week (YYYY-MM-DD). */
function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/** Monday to Friday of `today`'s week but `today` (whose timetable the probe asks anyway). */
export function otherSchoolDays(today: IsoDate): IsoDate[] {
  const monday = mondayOf(today);
  return [0, 1, 2, 3, 4].map((n) => addDays(monday, n)).filter((date) => date !== today);
}

/** A day's timetable answer → lesson templates (date, times and period name left to the fake). */
function templatesOf(answer: unknown): Record<string, unknown>[] {
  return dataList(answer).map((lesson) => {
    const template: Record<string, unknown> = { ...lesson };
    delete template.date;
    delete template.start_time;
    delete template.end_time;
    delete template.period_name;
    const start = timeOf(lesson.start_time);
    const end = timeOf(lesson.end_time);
    if (start !== undefined) template.start = start;
    if (end !== undefined) template.end = end;
    if (typeof template.period_number !== 'string')
      template.period_number = String(template.period_number ?? '');
    return template;
  });
}

/** The recorded days' lessons → a one-week cycle: each recorded weekday's lessons on that weekday. */
function timetableOf(days: Record<IsoDate, unknown>, today: IsoDate): Record<string, unknown> {
  const week: Record<string, unknown> = {};
  for (const [date, answer] of Object.entries(days))
    week[WEEKDAYS[dayOfWeek(date)] ?? 'Mon'] = templatesOf(answer);
  const periods = record(record(days[today]).meta).periods;
  return {
    periods: Array.isArray(periods) ? periods : [],
    cycleStart: mondayOf(today),
    weeks: [week],
    holidays: [],
    changes: {},
  };
}

/**
 * The fake-server dataset of a redacted recording (see the module comment for what carries over).
 * Pupils a parent has but that were not probed are listed with no records.
 */
export function datasetFromRecording(recording: Recording): RecordedDataset {
  const notes = [
    `Recorded on ${recording.today}. The timetable is that week's (Monday to Friday), repeated every week.`,
    'Behaviour statistics are counted by the fake server from the activity points, not replayed.',
    'Attendance holds only the marks of the recorded week; the fake counts the percentages from them.',
    `Sign in with access code ${REPLAY_LOGINS.student.code} and date of birth ${REPLAY_LOGINS.student.dateOfBirth}, or ${REPLAY_LOGINS.parent.email} / ${REPLAY_LOGINS.parent.password}.`,
  ];
  const ping = record(recording.ping);
  const pingUser = record(record(ping.data).user);
  const version = record(ping.meta).version;
  let pupilRecords: Record<string, unknown>[];
  let parentUser: Record<string, unknown>;
  if (recording.kind === 'student') {
    pupilRecords = [{ ...PUPIL_EXTRAS, ...pingUser }];
    parentUser = {
      id: 1,
      name: 'Parent',
      email: REPLAY_LOGINS.parent.email,
      language: null,
      isEmailVerified: true,
    };
    notes.push('A student recording has no school name, counters or parent user: neutral values stand in.');
  } else {
    pupilRecords = dataList(recording.pupils);
    parentUser = { ...pingUser, email: REPLAY_LOGINS.parent.email };
  }
  const pupils = pupilRecords.map((pupil, i) => {
    const probed = recording.probed.get(i + 1);
    if (probed === undefined) notes.push(`Pupil ${i + 1} was not recorded: no records.`);
    const answers = probed?.answers ?? {};
    const days = { ...probed?.timetableDays, [recording.today]: answers.timetable };
    return {
      pupil,
      timetable: timetableOf(days, recording.today),
      homeworks: dataList(answers.homeworks),
      activity: dataList(answers.activity),
      badges: dataList(answers.eventbadges),
      announcements: dataList(answers.announcements),
      detentions: dataList(answers.detentions),
      attendance: attendanceOf(answers.attendance),
    };
  });
  const ids = pupilRecords.map((pupil) => Number(pupil.id));
  return {
    version: 1,
    notes,
    appVersion: typeof version === 'string' ? version : '0.0.0',
    students: [{ ...REPLAY_LOGINS.student, pupilId: ids[0] ?? 0 }],
    parents: [{ user: parentUser, password: REPLAY_LOGINS.parent.password, pupilIds: ids }],
    pupils,
  };
}
