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
 * - attendance: AM and PM register marks for the last twelve weeks (`#` on holidays, today's PM not yet
 *   taken), with late marks and absences (see {@link generateAttendance});
 * - names as the service writes them, HTML-encoded (skeffling/timetable-plus@1bfce46dc9
 *   extension/timetable.js: "ClassCharts sends names HTML-encoded ('Pure &amp; Applied')";
 *   docs/classcharts-api.md §5): the subject `Design &amp; Technology` in room `D&amp;T 2`, the teacher
 *   `Mr C O&#039;Brien` (PHP's `htmlspecialchars` writes `'` so), the titles of review homework and of an
 *   English topic, a behaviour reason, a badge, an announcement title and a detention reason with `&amp;`.
 *   File names are plain.
 */
import { decodeHTML } from 'entities';
import { addDays, dayOfWeek, londonLocalToInstant } from '../../main/classcharts/dates';
import { createRng, type Rng } from './prng';
import { demoHolidays } from './holidays';
import { isHoliday, lessonsOn, mondayOf } from './timetable';
import type {
  FakeDataset,
  FakeHoliday,
  FakeLessonTemplate,
  FakePupilData,
  FakeTimetable,
  IsoDate,
  RawActivityPoint,
  RawAnnouncement,
  RawAttendanceMark,
  RawBadge,
  RawBadgeEvent,
  RawDetention,
  RawHomework,
  RawHomeworkStatus,
  RawPeriod,
  RawPupil,
  RawStudentUser,
  Weekday,
} from './types';

/** Options of {@link generateDataset}. */
export interface GenerateOptions {
  /** PRNG seed (integer). */
  seed: number;
  /** The `YYYY-MM-DD` (Europe/London) the data is built around. */
  today: IsoDate;
}

/** The demo accounts every part of the project uses (team brief). */
export const DEMO_STUDENT = { code: 'DEMO2026', dateOfBirth: '14/05/2012' } as const;
/** The demo parent login. */
export const DEMO_PARENT = { email: 'parent@example.com', password: 'demo-parent' } as const;
/** A login for the sibling too, for tests of a second student. */
export const SIBLING_STUDENT = { code: 'DEMO2014', dateOfBirth: '03/09/2014' } as const;
/**
 * A pupil whose school gave a code only, with no date of birth on record: the sign-in takes any date, or
 * none, and `hasdob` answers false (daydreme/classcharts-server-mock@1c742cfc67 pkg/student/user/auth.go;
 * docs/classcharts-api.md §2.3).
 */
export const CODE_ONLY_STUDENT = { code: 'NODOB2026', dateOfBirth: null } as const;

const SCHOOL_NAME = 'Northfield Academy';
const SCHOOL_LOGO = 'https://www.classcharts.com/uploads/school_logos/northfield-academy.png';
const ATTACHMENT_HOST = 'https://attachments.classcharts.com/h/4821';
const BEHAVIOUR_ICONS = 'https://www.classcharts.com/img/behaveicons';

interface Teacher {
  title: string;
  first: string;
  last: string;
  id: number;
}

interface SchoolClass {
  subject: string;
  code: string;
  room: string;
  teacher: Teacher;
  lessonId: number;
  subjectId: number;
}

const TEACHERS = {
  patel: { title: 'Mr', first: 'Dev', last: 'Patel', id: 310021 },
  okafor: { title: 'Ms', first: 'Ruth', last: 'Okafor', id: 310022 },
  lewis: { title: 'Dr', first: 'Helen', last: 'Lewis', id: 310023 },
  carter: { title: 'Mrs', first: 'Jane', last: 'Carter', id: 310024 },
  byrne: { title: 'Mr', first: 'Tom', last: 'Byrne', id: 310025 },
  laurent: { title: 'Mme', first: 'Claire', last: 'Laurent', id: 310026 },
  khan: { title: 'Mr', first: 'Adil', last: 'Khan', id: 310027 },
  novak: { title: 'Ms', first: 'Eva', last: 'Novak', id: 310028 },
  reid: { title: 'Mr', first: 'Sam', last: 'Reid', id: 310029 },
  grant: { title: 'Miss', first: 'Lucy', last: 'Grant', id: 310030 },
  evans: { title: 'Mrs', first: 'Kate', last: 'Evans', id: 310031 },
  ahmed: { title: 'Mr', first: 'Yusuf', last: 'Ahmed', id: 310032 },
  brooks: { title: 'Ms', first: 'Nina', last: 'Brooks', id: 310033 },
  // Encoded as the service sends names (see the file's comment).
  obrien: { title: 'Mr', first: 'Connor', last: 'O&#039;Brien', id: 310034 },
} satisfies Record<string, Teacher>;

/** `"Mr D Patel"`: how timetable, homework and activity write a teacher. */
function teacherName(t: Teacher): string {
  return `${t.title} ${t.first.charAt(0)} ${t.last}`;
}

const PERIODS: RawPeriod[] = [
  { number: 'P1', start_time: '08:45:00', end_time: '09:45:00' },
  { number: 'P2', start_time: '09:45:00', end_time: '10:45:00' },
  { number: 'Tut', start_time: '11:05:00', end_time: '11:25:00' },
  { number: 'P3', start_time: '11:25:00', end_time: '12:25:00' },
  { number: 'P4', start_time: '13:10:00', end_time: '14:10:00' },
  { number: 'P5', start_time: '14:10:00', end_time: '15:10:00' },
];
const TEACHING_PERIODS = ['P1', 'P2', 'P3', 'P4', 'P5'] as const;
const SCHOOL_DAYS: readonly Weekday[] = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];

const TOPICS: Record<string, string[]> = {
  Mathematics: ['fractions', 'simultaneous equations', 'Pythagoras', 'averages', 'angles in polygons'],
  English: ['Of Mice and Men, chapter 3', 'persuasive writing', 'war poetry', 'Romeo &amp; Juliet, act 1'],
  Science: ['the periodic table', 'forces and motion', 'cells and organelles', 'electric circuits'],
  French: ['le passé composé', 'ma ville', 'les vacances', 'food vocabulary'],
  History: ['the Battle of Hastings', 'the Industrial Revolution', 'the suffragettes'],
  Geography: ['rivers and flooding', 'plate tectonics', 'urban growth'],
  Computing: ['Python loops', 'binary numbers', 'networks'],
  Art: ['still life shading', 'colour theory'],
  Music: ['the blues scale', 'film music'],
  'Physical Education': ['fitness log'],
  'Religious Studies': ['pilgrimage', 'the Five Pillars'],
  Drama: ['script extract'],
  'Design &amp; Technology': ['product analysis'],
};

/** A deterministic number generator of unique, increasing ids starting at `start`. */
function idSequence(start: number, rng: Rng): () => number {
  let current = start;
  return () => {
    current += rng.int(1, 97);
    return current;
  };
}

function classesFor(
  form: string,
  rng: Rng,
  spec: [subject: string, short: string, room: string, teacher: Teacher][],
): SchoolClass[] {
  const nextLessonId = idSequence(34_590_000 + Number(form.replace(/\D/g, '')) * 10_000, rng);
  return spec.map(([subject, short, room, teacher], i) => ({
    subject,
    code: `${form}/${short}`,
    room,
    teacher,
    lessonId: nextLessonId(),
    subjectId: 5_496_900 + i,
  }));
}

/** A form's tutor group, shown as tutor time (`subject_name` `"TUTOR"`, period `"Tut"`). */
function tutorGroup(code: string, room: string, teacher: Teacher, lessonId: number): SchoolClass {
  return { subject: 'TUTOR', code, room, teacher, lessonId, subjectId: 5_497_000 };
}

function lessonTemplate(cls: SchoolClass, period: string, key: number): FakeLessonTemplate {
  return {
    teacher_name: teacherName(cls.teacher),
    lesson_id: cls.lessonId,
    lesson_name: cls.code,
    subject_name: cls.subject,
    is_alternative_lesson: false,
    period_number: period,
    room_name: cls.room,
    key,
    note_abstract: '',
    note: '',
    pupil_note_abstract: '',
    pupil_note: '',
    pupil_note_raw: '',
  };
}

function breakTemplate(name: 'Break' | 'Lunch', start: string, end: string, key: number): FakeLessonTemplate {
  return {
    teacher_name: '',
    lesson_id: 0,
    lesson_name: name,
    subject_name: name,
    is_alternative_lesson: false,
    is_break: true,
    period_number: name,
    room_name: '',
    key,
    note_abstract: '',
    note: '',
    pupil_note_abstract: '',
    pupil_note: '',
    pupil_note_raw: '',
    start,
    end,
  };
}

/** Builds a cycle of `weeks` weeks, drawing each teaching period from `weights` (subject → lessons per cycle). */
function buildCycle(
  rng: Rng,
  classes: SchoolClass[],
  tutor: SchoolClass,
  weeks: number,
  weights: Record<string, number>,
): Partial<Record<Weekday, FakeLessonTemplate[]>>[] {
  const slots: SchoolClass[] = [];
  for (const cls of classes) for (let i = 0; i < (weights[cls.subject] ?? 0); i++) slots.push(cls);
  const needed = weeks * SCHOOL_DAYS.length * TEACHING_PERIODS.length;
  while (slots.length < needed) slots.push(rng.pick(classes));
  const drawn = rng.shuffle(slots);
  const cycle: Partial<Record<Weekday, FakeLessonTemplate[]>>[] = [];
  let n = 0;
  for (let w = 0; w < weeks; w++) {
    const week: Partial<Record<Weekday, FakeLessonTemplate[]>> = {};
    for (const day of SCHOOL_DAYS) {
      const key = (): number => rng.int(10_000_000, 1_200_000_000);
      const row = TEACHING_PERIODS.map((p) => lessonTemplate(drawn[n++] as SchoolClass, p, key()));
      const tut: FakeLessonTemplate = { ...lessonTemplate(tutor, 'Tut', key()), is_break: false };
      week[day] = [
        row[0] as FakeLessonTemplate,
        row[1] as FakeLessonTemplate,
        breakTemplate('Break', '10:45:00', '11:05:00', key()),
        tut,
        row[2] as FakeLessonTemplate,
        breakTemplate('Lunch', '12:25:00', '13:10:00', key()),
        row[3] as FakeLessonTemplate,
        row[4] as FakeLessonTemplate,
      ];
    }
    cycle.push(week);
  }
  return cycle;
}

/** True when `date` is Monday to Friday and not a holiday. */
function isSchoolDay(date: IsoDate, holidays: readonly FakeHoliday[]): boolean {
  const dow = dayOfWeek(date);
  return dow >= 1 && dow <= 5 && !isHoliday(holidays, date);
}

/** School days (Mon–Fri, not a holiday) from `from` to `to` inclusive. */
function schoolDays(from: IsoDate, to: IsoDate, holidays: readonly FakeHoliday[]): IsoDate[] {
  const days: IsoDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (isSchoolDay(d, holidays)) days.push(d);
  return days;
}

/** The last `count` school days before `today`, oldest first. */
function lastSchoolDays(today: IsoDate, count: number, holidays: readonly FakeHoliday[]): IsoDate[] {
  const days: IsoDate[] = [];
  for (let d = addDays(today, -1); days.length < count; d = addDays(d, -1))
    if (isSchoolDay(d, holidays)) days.unshift(d);
  return days;
}

/** Register marks by code (docs/classcharts-api.md §5.11; the codes are the English school register's). */
const MARKS = {
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
function lateMark(minutes: number): RawAttendanceMark {
  return { code: 'L', status: 'late', late_minutes: minutes };
}

/** A mark other than "present": `schoolDaysAgo` 0 is the last school day up to today. */
interface AttendanceException {
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
function generateAttendance(
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

/** `"2026-06-15T07:45:00+00:00"`: a UK wall-clock time as the service's UTC-offset ISO form. */
function utcIso(date: IsoDate, time: string): string {
  const local = londonLocalToInstant(date, time);
  const ms = local === null ? Date.parse(`${date}T00:00:00Z`) : Date.parse(local);
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

function studentUser(
  id: number,
  first: string,
  last: string,
  rng: Rng,
  canUpload: boolean | null,
  announcementsCount: number,
): RawStudentUser {
  return {
    id,
    name: `${first} ${last}`,
    first_name: first,
    last_name: last,
    avatar_url: `https://www.classcharts.com/img/avatars/pupil-${id}.png`,
    display_behaviour: true,
    display_parent_behaviour: false,
    display_homework: true,
    display_rewards: false,
    display_detentions: true,
    display_report_cards: false,
    display_classes: true,
    display_announcements: true,
    display_academic_reports: false,
    display_attendance: true,
    display_attendance_type: 'instance',
    display_attendance_percentage: false,
    display_activity: true,
    display_mental_health: false,
    display_mental_health_no_tracker: false,
    display_timetable: true,
    is_disabled: false,
    display_two_way_communications: false,
    display_absences: false,
    can_upload_attachments: canUpload,
    display_event_badges: true,
    display_avatars: true,
    display_concern_submission: false,
    display_custom_fields: false,
    pupil_concerns_help_text: '',
    allow_pupils_add_timetable_notes: false,
    detention_alias_plural_uc: 'Detentions',
    announcements_count: announcementsCount,
    messages_count: 0,
    pusher_channel_name: `private-pupil-${id}-${rng.text(12)}`,
    has_birthday: false,
    has_new_survey: false,
    survey_id: null,
  };
}

/** The counters `/pupils` (and, for announcements, `/ping`) report, as counted from a pupil's records. */
export type PupilCounterFields = Pick<
  RawPupil,
  | 'announcements_count'
  | 'detention_yes_count'
  | 'detention_no_count'
  | 'detention_pending_count'
  | 'detention_upscaled_count'
  | 'homework_todo_count'
  | 'homework_late_count'
  | 'homework_not_completed_count'
  | 'homework_excused_count'
  | 'homework_completed_count'
  | 'homework_submitted_count'
>;

/**
 * A pupil's counters counted from its records, so they always agree with what the other endpoints serve
 * (the server counts them at each answer): to do = not ticked and no teacher's state yet, whatever the due
 * date (the app's `todo`); announcements = the unread ones (`state: "new"`); detentions
 * and homework states by their values.
 */
export function pupilCounters(data: Omit<FakePupilData, 'pupil'>): PupilCounterFields {
  const hw = data.homeworks;
  const det = data.detentions;
  const count = <T>(items: T[], test: (item: T) => boolean): number => items.filter(test).length;
  return {
    announcements_count: count(data.announcements, (a) => a.state === 'new'),
    detention_yes_count: count(det, (d) => d.attended === 'yes'),
    detention_no_count: count(det, (d) => d.attended === 'no'),
    detention_pending_count: count(det, (d) => d.attended === 'pending'),
    detention_upscaled_count: count(det, (d) => d.attended === 'upscaled'),
    homework_todo_count: count(hw, (h) => h.status.ticked === 'no' && h.status.state === null),
    homework_late_count: count(hw, (h) => h.status.state === 'late'),
    homework_not_completed_count: count(hw, (h) => h.status.state === 'not_completed'),
    homework_excused_count: 0,
    homework_completed_count: count(hw, (h) => h.status.state === 'completed'),
    homework_submitted_count: count(hw, (h) => h.status.attachments.length > 0),
  };
}

/** The pupil record `/pupils` lists: the student object, the school's fields and the counters. */
function pupilRecord(user: RawStudentUser, data: Omit<FakePupilData, 'pupil'>): RawPupil {
  return {
    ...user,
    school_name: SCHOOL_NAME,
    school_logo: SCHOOL_LOGO,
    timezone: 'Europe/London',
    display_covid_tests: false,
    can_record_covid_tests: false,
    ...pupilCounters(data),
  };
}

const DESCRIPTIONS: ((topic: string) => string)[] = [
  (t) =>
    `\n\n<p>Complete the worksheet on&nbsp;<b>${t}</b>.</p>\n<ol><li>Read the notes from today's lesson</li><li>Answer questions 1&ndash;6</li><li>Check your answers against the mark scheme</li></ol>`,
  (t) =>
    `<p>Revise for next week's test on ${t}. Use <a href="https://www.bbc.co.uk/bitesize" target="_blank">BBC Bitesize</a> to help.</p><ul><li>Key words</li><li>One past-paper question</li></ul>`,
  (t) =>
    `\n<p><span style="color: rgb(33, 37, 41);">Write a paragraph (150&nbsp;words) about ${t}.</span></p><p>&nbsp;</p>`,
  (t) => `<p>Log in and finish this week's online tasks on ${t}.</p>\n<p>Minimum <b>30 minutes</b>.</p>`,
  (t) =>
    `<p>Make a revision poster on ${t}:</p><p><img src="https://www.classcharts.com/uploads/homework/poster-example.png" alt="example poster" width="240"></p>`,
  (t) => `Finish the classwork on ${t}.`,
];

/** Status plan for past and future due dates, cycled so every state and tick appears. */
const PAST_STATUSES: [RawHomeworkStatus['state'], 'yes' | 'no'][] = [
  ['completed', 'yes'],
  ['late', 'no'],
  [null, 'yes'],
  ['completed', 'yes'],
  ['not_completed', 'no'],
  ['late', 'yes'],
  ['completed', 'no'],
];
const FUTURE_STATUSES: [RawHomeworkStatus['state'], 'yes' | 'no'][] = [
  [null, 'no'],
  [null, 'yes'],
  [null, 'no'],
  ['completed', 'yes'],
];

/**
 * A stored homework/announcement file link. Its `Expires` and `Signature` are placeholders: the server
 * signs each link afresh (a day from when the list is read) and points it at itself when it serves it
 * (./attachments.ts).
 */
function attachmentUrl(rng: Rng, name: string, issued: IsoDate): string {
  const stamp = `${issued.replaceAll('-', '')}_${rng.int(70_000, 175_959)}`;
  const signature = rng.text(44, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
  return (
    `${ATTACHMENT_HOST}/${rng.text(32, '0123456789abcdef')}_${stamp}.pdf?GoogleAccessId=attachments%40classcharts.iam.gserviceaccount.com` +
    `&Expires=1893456000&Signature=${signature}&response-content-disposition=attachment; filename="${name}"`
  );
}

/** The end of a review homework's title, HTML-encoded as the service sends names. */
const REVISION = ' &amp; review';

/** The teacher's link the generated homework carries. */
const BITESIZE = 'https://www.bbc.co.uk/bitesize/subjects';

function generateHomeworks(
  rng: Rng,
  classes: SchoolClass[],
  today: IsoDate,
  holidays: FakeHoliday[],
  perDay: number,
  firstId: number,
): RawHomework[] {
  const nextId = idSequence(firstId, rng);
  const nextStatusId = idSequence(firstId * 7, rng);
  const homeworks: RawHomework[] = [];
  const days = schoolDays(addDays(today, -21), addDays(today, 21), holidays);
  let past = 0;
  let future = 0;
  const files: { name: string; url: string }[] = [];
  for (const due of days) {
    if (!rng.chance(perDay)) continue;
    const cls = rng.pick(classes.filter((c) => TOPICS[c.subject]));
    const topic = rng.pick(TOPICS[cls.subject] ?? ['revision']);
    // Set in a lesson: on a school day before the due date (at the latest, today or just before).
    const issued = schoolDayUntil(
      [addDays(due, -rng.int(2, 8)), addDays(today, -rng.int(0, 2))].sort()[0] as IsoDate,
      holidays,
    );
    const [state, ticked] =
      due < today
        ? (PAST_STATUSES[past++ % PAST_STATUSES.length] as [RawHomeworkStatus['state'], 'yes' | 'no'])
        : (FUTURE_STATUSES[future++ % FUTURE_STATUSES.length] as [RawHomeworkStatus['state'], 'yes' | 'no']);
    const n = homeworks.length;
    const seen = !(due >= today && n % 3 === 0);
    // A teacher's link or a file; both together only on the showcase below.
    const withFile = n % 5 === 2;
    const withLink = n % 4 === 1 && !withFile;
    const fileName = decodeHTML(`${cls.subject} - ${topic}.pdf`); // file names are not encoded
    const fileUrl = attachmentUrl(rng, fileName, issued);
    files.push({ name: fileName, url: fileUrl });
    const withUpload = state === 'completed' && n % 3 === 0;
    const revision = n % 6 === 5 ? REVISION : '';
    homeworks.push({
      lesson: cls.code,
      // Real data: subject can be null (docs/classcharts-api.md §7.4); one homework shows it.
      subject: n === 3 ? null : cls.subject,
      teacher: teacherName(cls.teacher),
      homework_type: n % 6 === 5 ? 'Revision' : 'Homework',
      id: nextId(),
      // Every sixth is a review, its title encoded as the service sends names (see the file's comment).
      title: `${cls.subject === 'Physical Education' ? 'PE' : cls.subject}: ${topic}${revision}`,
      meta_title: '',
      description: (DESCRIPTIONS[n % DESCRIPTIONS.length] as (t: string) => string)(topic),
      issue_date: issued,
      due_date: due,
      completion_time_unit: n % 7 === 6 ? 'hours' : 'minutes',
      completion_time_value: n % 4 === 0 ? '' : n % 7 === 6 ? '1' : String(rng.pick([20, 30, 45])),
      publish_time: n % 5 === 0 ? '16:30:00' : '00:00:00',
      status: {
        id: nextStatusId(),
        state,
        mark: state === 'completed' && n % 2 === 0 ? rng.pick(['7/10', 'B+', 'Merit']) : null,
        mark_relative: 0,
        ticked,
        allow_attachments: cls.subject !== 'Physical Education',
        allow_marking_completed: true,
        first_seen_date: seen ? utcIso(issued, '17:42:10') : null,
        last_seen_date: seen ? utcIso(issued < today ? addDays(issued, 1) : issued, '08:02:55') : null,
        attachments: withUpload
          ? [
              {
                id: nextId(),
                file_name: `${decodeHTML(topic)}.docx`,
                file: attachmentUrl(rng, `${decodeHTML(topic)}.docx`, due),
                validated_file: attachmentUrl(rng, `${decodeHTML(topic)}.docx`, due),
                teacher_note: n % 2 === 0 ? 'Well done, good detail.' : '',
                teacher_homework_attachments: [],
                can_delete: false,
              },
            ]
          : [],
        has_feedback: withUpload && n % 2 === 0,
      },
      validated_links: withLink ? [{ link: BITESIZE, validated_link: BITESIZE }] : [],
      validated_attachments: withFile
        ? [
            {
              id: nextId(),
              filename: fileName,
              file: fileUrl,
              // One file in six the service's virus check has not passed: no validated copy (issue 26 §3).
              // Only "pass" is seen in real data (docs/classcharts-api.md §5.6); "fail" is modelled.
              ...(n % 30 === 17
                ? {
                    validated_file: '',
                    scan_status: 'fail',
                    scan_status_message: 'The file could not be scanned',
                  }
                : { validated_file: fileUrl, scan_status: 'pass', scan_status_message: '' }),
            },
          ]
        : [],
    });
  }
  showcase(homeworks, files, today);
  return homeworks;
}

/**
 * Gives a teacher's link and a file to the first homework due from `today` on that is still to do and whose
 * title no other homework has, so the demo (and its end-to-end test) always has one to open by its title,
 * whichever days the holidays leave. `files[i]` is the teacher's file made for `homeworks[i]`.
 */
function showcase(homeworks: RawHomework[], files: { name: string; url: string }[], today: IsoDate): void {
  const titles = new Map<string, number>();
  for (const h of homeworks) titles.set(h.title, (titles.get(h.title) ?? 0) + 1);
  const at = homeworks.findIndex(
    (h) => h.due_date >= today && h.status.state !== 'completed' && titles.get(h.title) === 1,
  );
  const h = homeworks[at];
  const file = files[at];
  if (!h || !file) return;
  if (h.validated_links.length === 0) h.validated_links = [{ link: BITESIZE, validated_link: BITESIZE }];
  if (h.validated_attachments.length === 0) {
    h.validated_attachments = [
      {
        id: h.id * 10 + 1, // no draw from the generator, so the rest of the data stays as it is
        filename: file.name,
        file: file.url,
        validated_file: file.url,
        scan_status: 'pass',
        scan_status_message: '',
      },
    ];
  }
}

const POSITIVE_REASONS = [
  'Excellent work',
  'Great effort',
  'Helping others',
  'Fantastic homework',
  'Effort &amp; attitude',
  'Reading for pleasure',
];
const NEGATIVE_REASONS = ['Disruption', 'Homework not done', 'Late to lesson', 'No equipment'];

function activityPoint(
  id: number,
  pupilName: string,
  timestamp: string,
  fields: Partial<RawActivityPoint> & Pick<RawActivityPoint, 'type' | 'polarity' | 'reason' | 'score'>,
): RawActivityPoint {
  return {
    id,
    type: fields.type,
    polarity: fields.polarity,
    reason: fields.reason,
    score: fields.score,
    timestamp,
    timestamp_custom_time: null,
    style: fields.style ?? { border_color: null, custom_class: null },
    pupil_name: pupilName,
    lesson_name: fields.lesson_name ?? null,
    teacher_name: fields.teacher_name ?? null,
    room_name: fields.room_name ?? null,
    note: fields.note ?? null,
    _can_delete: false,
    badges: '',
    detention_date: fields.detention_date ?? null,
    detention_time: fields.detention_time ?? null,
    detention_location: fields.detention_location ?? null,
    detention_type: fields.detention_type ?? null,
  };
}

interface ActivityPlan {
  /** School days to cover, back from yesterday (holidays do not thin the activity out). */
  schoolDays: number;
  /** Behaviour points per school day: [min, max]. */
  perDay: [number, number];
  /** Probability a point is negative. */
  negative: number;
  /** Negative points only this many days back or more (0 = any day). */
  negativeOlderThan: number;
}

function generateActivity(
  rng: Rng,
  timetable: FakeTimetable,
  pupilName: string,
  today: IsoDate,
  plan: ActivityPlan,
  firstId: number,
): RawActivityPoint[] {
  const nextId = idSequence(firstId, rng);
  const points: RawActivityPoint[] = [];
  for (const day of lastSchoolDays(today, plan.schoolDays, timetable.holidays)) {
    const lessons = lessonsOn(timetable, day).filter((l) => l.is_break !== true && l.period_number !== 'Tut');
    const count = rng.int(plan.perDay[0], plan.perDay[1]);
    const chosen = rng.shuffle(lessons).slice(0, count);
    chosen.sort((a, b) => a.start_time.localeCompare(b.start_time));
    for (const lesson of chosen) {
      const negative = addDays(day, plan.negativeOlderThan) <= today && rng.chance(plan.negative);
      // A moment inside the lesson, naive UK local time (the row's start is UK local too).
      const startMinute =
        Number(lesson.start_time.slice(11, 13)) * 60 + Number(lesson.start_time.slice(14, 16));
      const at = startMinute + rng.int(5, 55);
      const time = [Math.floor(at / 60), at % 60, rng.int(0, 59)]
        .map((n) => String(n).padStart(2, '0'))
        .join(':');
      points.push(
        activityPoint(nextId(), pupilName, `${day} ${time}`, {
          type: 'behaviour',
          polarity: negative ? 'negative' : 'positive',
          reason: negative ? rng.pick(NEGATIVE_REASONS) : rng.pick(POSITIVE_REASONS),
          score: negative ? -rng.pick([1, 1, 2]) : rng.pick([1, 1, 1, 2, 3]),
          lesson_name: lesson.lesson_name,
          teacher_name: lesson.teacher_name,
          room_name: rng.chance(0.8) ? lesson.room_name : null,
          note: rng.chance(0.15) ? 'Really pleased with this today.' : null,
        }),
      );
    }
  }
  return points;
}

function badgeEvent(
  point: RawActivityPoint,
  teacher: Teacher,
  label: string,
  withIcon: boolean,
): RawBadgeEvent {
  const [date, time] = point.timestamp.split(' ') as [string, string];
  // In UTC, +00:00 even in summer, as the fixture (badges.json, an August date) and the announcements are.
  const at = utcIso(date, time);
  return {
    timestamp: at,
    lesson_pupil_behaviour: {
      reason: point.reason,
      score: point.score,
      ...(withIcon ? { icon: `${BEHAVIOUR_ICONS}/good/+reading2.png` } : {}),
      polarity: point.polarity ?? 'positive',
      timestamp: at,
      teacher: { title: teacher.title, first_name: teacher.first, last_name: teacher.last },
    },
    event: { label },
  };
}

function generateBadges(
  rng: Rng,
  activity: RawActivityPoint[],
  teachers: Teacher[],
  firstId: number,
): RawBadge[] {
  const positives = activity.filter((p) => p.polarity === 'positive');
  const specs: [name: string, colour: string, icon: string, wrapped: boolean, events: number][] = [
    ['Star Reader', '#f5a623', 'star', true, 2],
    ['Homework Hero', '#4a90e2', 'trophy', false, 1],
    ['Kindness &amp; Respect', '#7ed321', 'heart', true, 1],
  ];
  return specs.map(([name, colour, icon, wrapped, events], i) => {
    const picks = rng.shuffle(positives).slice(0, events);
    const pupilBadges = picks.map((p) => {
      const event = badgeEvent(p, rng.pick(teachers), `${name} awarded`, wrapped);
      return wrapped ? { pupil_event: event } : event;
    });
    const earliest = picks.map((p) => p.timestamp.slice(0, 10)).sort()[0] ?? '2026-01-05'; // no points: any date
    return {
      id: firstId + i * 17,
      name,
      icon: `${BEHAVIOUR_ICONS}/badges/${icon}.png`,
      colour,
      created_date: `${earliest}T00:00:00+00:00`,
      pupil_badges: pupilBadges,
      icon_url: `${BEHAVIOUR_ICONS}/badges/${icon}.png`,
    };
  });
}

interface AnnouncementSpec {
  title: string;
  description: string | null;
  teacher: Teacher;
  daysAgo: number;
  pinned?: boolean;
  attachment?: string;
  consent?: 'asked' | 'given';
  state: string | null;
}

function generateAnnouncements(
  rng: Rng,
  specs: AnnouncementSpec[],
  today: IsoDate,
  pupil: { id: number; first: string; last: string },
  parentName: string,
  firstId: number,
): RawAnnouncement[] {
  return specs.map((s, i) => {
    const consent =
      s.consent === 'given'
        ? { consent_given: 'yes' as const, comment: null, parent_name: parentName }
        : null;
    const date = addDays(today, -s.daysAgo);
    return {
      id: firstId + i * 113,
      title: s.title,
      description: s.description,
      school_name: SCHOOL_NAME,
      teacher_name: teacherName(s.teacher),
      school_logo: i % 2 === 0 ? SCHOOL_LOGO : null,
      sticky: s.pinned ? 'yes' : 'no',
      state: s.state,
      timestamp: utcIso(
        date,
        `${String(rng.int(8, 16)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}:00`,
      ),
      attachments: s.attachment
        ? [{ filename: s.attachment, url: attachmentUrl(rng, s.attachment, date) }]
        : [],
      for_pupils: [],
      comment_visibility: 'none',
      allow_comments: 'no',
      allow_reactions: s.pinned ? 'yes' : 'no',
      allow_consent: s.consent ? 'yes' : 'no',
      priority_pinned: s.pinned ? 'yes' : 'no',
      requires_consent: s.consent ? 'yes' : 'no',
      can_change_consent: s.consent !== undefined,
      consent,
      pupil_consents: s.consent
        ? [
            {
              pupil: { id: String(pupil.id), first_name: pupil.first, last_name: pupil.last },
              can_change_consent: true,
              consent,
            },
          ]
        : [],
    };
  });
}

interface DetentionSpec {
  /** The date, or for the malformed one the raw string's date part. */
  date: IsoDate;
  attended: RawDetention['attended'];
  time: string;
  length: number;
  location: string;
  reason: string;
  cls: SchoolClass;
  type: string;
  /** Write the date the malformed way real data sometimes does (`2023-08-24:00:00+00:00`). */
  malformed?: boolean;
  notes: string | null;
}

function generateDetentions(
  specs: DetentionSpec[],
  pupil: { id: number; first: string; last: string },
  firstId: number,
): RawDetention[] {
  return specs.map((s, i) => ({
    id: firstId + i * 1031,
    attended: s.attended,
    date: s.malformed ? `${s.date}:00:00+00:00` : `${s.date}T00:00:00+00:00`,
    length: s.length,
    location: s.location,
    notes: s.notes,
    time: s.time,
    pupil: {
      id: pupil.id,
      first_name: pupil.first,
      last_name: pupil.last,
      school: { opt_notes_names: 'yes', opt_notes_comments: 'no', opt_notes_comments_pupils: 'no' },
    },
    lesson: { id: s.cls.lessonId, name: s.cls.code, subject: { id: s.cls.subjectId, name: s.cls.subject } },
    lesson_pupil_behaviour: { reason: s.reason },
    teacher: {
      id: s.cls.teacher.id,
      title: s.cls.teacher.title,
      first_name: s.cls.teacher.first,
      last_name: s.cls.teacher.last,
    },
    detention_type: { name: s.type },
  }));
}

/** The activity entries that mirror detentions (type `detention`) as the service lists them. */
function detentionActivity(
  rng: Rng,
  specs: DetentionSpec[],
  pupilName: string,
  today: IsoDate,
  firstId: number,
  holidays: FakeHoliday[],
): RawActivityPoint[] {
  return specs.map((s, i) => {
    // Set by a teacher in school: on a school day two days before it (at the latest, yesterday).
    const setOn = schoolDayUntil([addDays(s.date, -2), addDays(today, -1)].sort()[0] as IsoDate, holidays);
    return activityPoint(
      firstId + i,
      pupilName,
      `${setOn} ${String(rng.int(9, 14)).padStart(2, '0')}:${String(rng.int(10, 59))}:00`,
      {
        type: 'detention',
        polarity: 'negative',
        reason: `${s.type} detention: ${s.reason}`,
        score: 0,
        style: { border_color: null, custom_class: 'colour-orange' },
        lesson_name: s.cls.code,
        teacher_name: teacherName(s.cls.teacher),
        detention_date: s.date,
        detention_time: s.time,
        detention_location: s.location,
        detention_type: s.type,
      },
    );
  });
}

/** The first school day on or after `date`. */
function schoolDayFrom(date: IsoDate, holidays: readonly FakeHoliday[]): IsoDate {
  let d = date;
  while (!isSchoolDay(d, holidays)) d = addDays(d, 1);
  return d;
}

/** `date` itself when it is a school day, else the school day before it. */
function schoolDayUntil(date: IsoDate, holidays: readonly FakeHoliday[]): IsoDate {
  let d = date;
  while (!isSchoolDay(d, holidays)) d = addDays(d, -1);
  return d;
}

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
  const rng = createRng(seed);
  const thisMonday = mondayOf(today);
  const insetDay = addDays(thisMonday, 11); // next week's Friday
  const holidays: FakeHoliday[] = [insetDay, ...demoHolidays(today)]; // validates today
  const T = TEACHERS;
  const parent = { id: 1_530_442, name: 'Sarah Hughes' };

  // --- the demo student: Amelia, Year 9, two-week timetable ------------------------------------------
  const amelia = { id: 4_102_571, first: 'Amelia', last: 'Hughes' };
  const ameliaClasses = classesFor('9X', rng, [
    ['Mathematics', 'Ma1', 'M4', T.patel],
    ['English', 'En2', 'E2', T.okafor],
    ['Science', 'Sc1', 'S7', T.lewis],
    ['French', 'Fr1', 'L5', T.laurent],
    ['History', 'Hi1', 'H1', T.carter],
    ['Geography', 'Gg2', 'G3', T.byrne],
    ['Computing', 'Co1', 'IT2', T.khan],
    ['Art', 'Ar1', 'A1', T.novak],
    ['Music', 'Mu1', 'MU1', T.reid],
    ['Physical Education', 'Pe1', 'Sports Hall', T.grant],
    ['Religious Studies', 'Rs1', 'H3', T.ahmed],
    ['Drama', 'Dr1', 'Studio', T.brooks],
    ['Design &amp; Technology', 'Dt1', 'D&amp;T 2', T.obrien],
  ]);
  const ameliaTutor = tutorGroup('9X/Tut', 'H2', T.evans, 34_600_001);
  const byName = (classes: SchoolClass[], subject: string): SchoolClass =>
    classes.find((c) => c.subject === subject) as SchoolClass;
  const ameliaWeeks = buildCycle(rng, ameliaClasses, ameliaTutor, 2, {
    Mathematics: 7,
    English: 7,
    Science: 8,
    French: 4,
    History: 4,
    Geography: 4,
    Computing: 3,
    Art: 2,
    Music: 2,
    'Physical Education': 4,
    'Religious Studies': 2,
    Drama: 2,
    'Design &amp; Technology': 1,
  });
  // One split period: week 1 Wednesday P4 is Art and Design & Technology in one period, one key.
  const wed = ameliaWeeks[0]?.Wed ?? [];
  const p4 = wed.findIndex((l) => l.period_number === 'P4');
  const splitKey = rng.int(10_000_000, 1_200_000_000);
  wed.splice(
    p4,
    1,
    lessonTemplate(byName(ameliaClasses, 'Art'), 'P4', splitKey),
    lessonTemplate(byName(ameliaClasses, 'Design &amp; Technology'), 'P4', splitKey),
  );
  // A teacher's note (HTML) on week 2 Monday P1.
  const note = ameliaWeeks[1]?.Mon?.find((l) => l.period_number === 'P1');
  if (note) {
    note.note = '<p>Bring your <b>calculator</b> and a protractor.</p>';
    note.note_abstract = 'Bring your calculator and a protractor.';
  }
  // The alternative lesson: P2 on the first school day from today moves to the library.
  const changeDay = schoolDayFrom(today, holidays);
  const ameliaTimetable: FakeTimetable = {
    periods: PERIODS,
    cycleStart: thisMonday,
    weeks: ameliaWeeks,
    holidays,
    changes: {},
  };
  const usualP2 = lessonsOn(ameliaTimetable, changeDay).find((l) => l.period_number === 'P2');
  const changedClass =
    ameliaClasses.find((c) => c.code === usualP2?.lesson_name) ?? (ameliaClasses[0] as SchoolClass);
  ameliaTimetable.changes[changeDay] = [
    {
      ...lessonTemplate(changedClass, 'P2', usualP2?.key ?? splitKey + 1),
      is_alternative_lesson: true,
      room_name: 'Library',
    },
  ];

  const ameliaActivity = generateActivity(
    rng,
    ameliaTimetable,
    'Amelia Hughes',
    today,
    {
      schoolDays: 50,
      perDay: [1, 4],
      negative: 0.2,
      negativeOlderThan: 0,
    },
    410_000_000,
  );
  const ameliaDetentionSpecs: DetentionSpec[] = [
    {
      date: schoolDayFrom(addDays(today, 2), holidays),
      attended: 'pending',
      time: '15:15',
      length: 30,
      location: 'H1',
      reason: 'Homework not done',
      cls: byName(ameliaClasses, 'History'),
      type: 'After school',
      notes: null,
    },
    {
      date: schoolDayFrom(addDays(today, -16), holidays),
      attended: 'yes',
      time: '12:40',
      length: 20,
      location: 'Room M4',
      reason: 'Disruption',
      cls: byName(ameliaClasses, 'Mathematics'),
      type: 'Lunchtime',
      notes: 'Completed the missed work.',
    },
    {
      date: schoolDayFrom(addDays(today, -37), holidays),
      attended: 'yes',
      time: '15:15',
      length: 30,
      location: 'Hall',
      reason: 'Late to lesson',
      cls: byName(ameliaClasses, 'Science'),
      type: 'After school',
      malformed: true,
      notes: null,
    },
    {
      date: schoolDayFrom(addDays(today, -52), holidays),
      attended: 'no',
      time: '12:40',
      length: 15,
      location: 'Room E2',
      reason: 'No pen &amp; ruler',
      cls: byName(ameliaClasses, 'English'),
      type: 'Lunchtime',
      notes: null,
    },
  ];
  ameliaActivity.push(
    ...detentionActivity(rng, ameliaDetentionSpecs, 'Amelia Hughes', today, 409_000_000, holidays),
    activityPoint(409_500_000, 'Amelia Hughes', `${schoolDayFrom(addDays(today, -9), holidays)} 08:50:00`, {
      type: 'notice',
      polarity: 'blank',
      reason: 'Remember your PE kit for Thursday',
      score: 0,
      style: { border_color: null, custom_class: 'notice-color' },
      teacher_name: teacherName(T.grant),
    }),
  );
  const ameliaHomeworks = generateHomeworks(rng, ameliaClasses, today, holidays, 0.85, 5_488_000);
  const ameliaDetentions = generateDetentions(ameliaDetentionSpecs, amelia, 12_345_000);
  const schoolWide: AnnouncementSpec[] = [
    {
      title: 'Welcome back: key dates this half term',
      description:
        '<p>Welcome back! Please read the <b>key dates</b> below.</p><ul><li>Parents&rsquo; evening: Thursday</li><li>Sports day: see the website</li></ul><p>More at <a href="https://www.example.org/northfield/dates" target="_blank">our website</a>.</p>',
      teacher: T.evans,
      daysAgo: 12,
      pinned: true,
      state: 'viewed',
    },
    {
      title: 'INSET day',
      description: `\n<p>School is closed to pupils on ${insetDay} for staff training.</p>`,
      teacher: T.evans,
      daysAgo: 5,
      state: 'new',
    },
  ];
  const ameliaAnnouncements = generateAnnouncements(
    rng,
    [
      ...schoolWide,
      {
        title: 'Year 9 trip to the Science Museum',
        description:
          '<p>Year 9 will visit the Science Museum. Please give consent below and read the attached letter.</p><p>Cost:&nbsp;&pound;12</p>',
        teacher: T.lewis,
        daysAgo: 3,
        attachment: 'Science Museum trip letter.pdf',
        consent: 'asked',
        state: 'new',
      },
      {
        title: 'Photo permission',
        description: '<p>Thank you for returning the photo permission form.</p>',
        teacher: T.carter,
        daysAgo: 30,
        consent: 'given',
        state: 'viewed',
      },
      { title: 'Lost property &amp; uniform', description: null, teacher: T.grant, daysAgo: 1, state: null },
    ],
    today,
    amelia,
    parent.name,
    2_384_000,
  );
  const ameliaBadges = generateBadges(rng, ameliaActivity, Object.values(T), 59_300);
  const ameliaRest = {
    timetable: ameliaTimetable,
    homeworks: ameliaHomeworks,
    activity: ameliaActivity,
    badges: ameliaBadges,
    announcements: ameliaAnnouncements,
    detentions: ameliaDetentions,
    attendance: generateAttendance(today, holidays, [
      { schoolDaysAgo: 1, session: 'AM', mark: lateMark(8) },
      { schoolDaysAgo: 3, session: 'AM', mark: MARKS.unexplained },
      { schoolDaysAgo: 3, session: 'PM', mark: MARKS.unexplained },
      { schoolDaysAgo: 6, session: 'AM', mark: lateMark(12) },
      { schoolDaysAgo: 14, session: 'AM', mark: MARKS.illness },
      { schoolDaysAgo: 14, session: 'PM', mark: MARKS.illness },
    ]),
  };
  const ameliaUser = studentUser(
    amelia.id,
    amelia.first,
    amelia.last,
    rng,
    true,
    ameliaAnnouncements.filter((a) => a.state === 'new').length,
  );
  // Amelia's school shows the attendance percentage too; Oliver's view shows his marks only.
  ameliaUser.display_attendance_percentage = true;

  // --- the sibling: Oliver, Year 7, one-week timetable, no negative points lately, no detentions -------
  const oliver = { id: 4_102_588, first: 'Oliver', last: 'Hughes' };
  const oliverClasses = classesFor('7B', rng, [
    ['Mathematics', 'Ma3', 'M1', T.ahmed],
    ['English', 'En1', 'E4', T.brooks],
    ['Science', 'Sc2', 'S2', T.lewis],
    ['French', 'Fr2', 'L2', T.laurent],
    ['History', 'Hi2', 'H2', T.carter],
    ['Geography', 'Gg1', 'G1', T.byrne],
    ['Computing', 'Co2', 'IT1', T.khan],
    ['Physical Education', 'Pe2', 'Field', T.obrien],
    ['Music', 'Mu2', 'MU2', T.reid],
  ]);
  const oliverTutor = tutorGroup('7B/Tut', 'E1', T.okafor, 34_600_002);
  const oliverTimetable: FakeTimetable = {
    periods: PERIODS,
    cycleStart: thisMonday,
    weeks: buildCycle(rng, oliverClasses, oliverTutor, 1, {
      Mathematics: 4,
      English: 4,
      Science: 4,
      French: 2,
      History: 2,
      Geography: 2,
      Computing: 2,
      'Physical Education': 3,
      Music: 2,
    }),
    holidays,
    changes: {},
  };
  const oliverActivity = generateActivity(
    rng,
    oliverTimetable,
    'Oliver Hughes',
    today,
    {
      schoolDays: 43,
      perDay: [0, 2],
      negative: 0.3,
      negativeOlderThan: 35,
    },
    420_000_000,
  );
  const oliverAnnouncements = generateAnnouncements(rng, schoolWide, today, oliver, parent.name, 2_384_000);
  const oliverRest = {
    timetable: oliverTimetable,
    homeworks: generateHomeworks(rng, oliverClasses, today, holidays, 0.45, 5_489_000),
    activity: oliverActivity,
    badges: generateBadges(rng, oliverActivity, Object.values(T), 59_400).slice(0, 1),
    announcements: oliverAnnouncements,
    detentions: [],
    attendance: generateAttendance(today, holidays, [
      { schoolDaysAgo: 2, session: 'AM', mark: lateMark(5) },
      { schoolDaysAgo: 9, session: 'AM', mark: MARKS.medical },
    ]),
  };
  const oliverUser = studentUser(
    oliver.id,
    oliver.first,
    oliver.last,
    rng,
    null, // real accounts can have null here (docs/classcharts-api.md §5.1)
    oliverAnnouncements.filter((a) => a.state === 'new').length,
  );

  // --- a pupil of another family who signs in with a code only: Isla, Year 8, Oliver's timetable shape ---
  // Her own generator, so adding her changed nothing of Amelia's and Oliver's data.
  const islaRng = createRng(seed + 8);
  const isla = { id: 4_102_603, first: 'Isla', last: 'Morgan' };
  const islaTimetable: FakeTimetable = { ...oliverTimetable, changes: {} };
  const islaActivity = generateActivity(
    islaRng,
    islaTimetable,
    'Isla Morgan',
    today,
    { schoolDays: 43, perDay: [0, 2], negative: 0.2, negativeOlderThan: 35 },
    430_000_000,
  );
  const islaAnnouncements = generateAnnouncements(islaRng, schoolWide, today, isla, 'Rhys Morgan', 2_386_000);
  const islaRest = {
    timetable: islaTimetable,
    homeworks: generateHomeworks(islaRng, oliverClasses, today, holidays, 0.4, 5_589_000),
    activity: islaActivity,
    badges: generateBadges(islaRng, islaActivity, Object.values(T), 59_500).slice(0, 2),
    announcements: islaAnnouncements,
    detentions: [],
    attendance: generateAttendance(today, holidays, []),
  };
  const islaUser = studentUser(
    isla.id,
    isla.first,
    isla.last,
    islaRng,
    true,
    islaAnnouncements.filter((a) => a.state === 'new').length,
  );

  return {
    version: 1,
    appVersion: '28.7.1',
    students: [
      { code: DEMO_STUDENT.code, dateOfBirth: DEMO_STUDENT.dateOfBirth, pupilId: amelia.id },
      { code: SIBLING_STUDENT.code, dateOfBirth: SIBLING_STUDENT.dateOfBirth, pupilId: oliver.id },
      { code: CODE_ONLY_STUDENT.code, dateOfBirth: CODE_ONLY_STUDENT.dateOfBirth, pupilId: isla.id },
    ],
    parents: [
      {
        user: {
          id: parent.id,
          name: parent.name,
          email: DEMO_PARENT.email,
          language: null,
          isEmailVerified: true,
        },
        password: DEMO_PARENT.password,
        pupilIds: [amelia.id, oliver.id],
      },
    ],
    pupils: [
      { pupil: pupilRecord(ameliaUser, ameliaRest), ...ameliaRest },
      { pupil: pupilRecord(oliverUser, oliverRest), ...oliverRest },
      { pupil: pupilRecord(islaUser, islaRest), ...islaRest },
    ],
  };
}
