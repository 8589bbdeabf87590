/**
 * The demo school the generated dataset (./dataset.ts) is set in: its name and logo, its teachers, the
 * periods of its day, the classes and topics, a timetable cycle drawn from a PRNG, which days are school
 * days, and the service's forms of a time and of a file link. Names are HTML-encoded as the service sends
 * them (./dataset.ts module comment).
 */
import { addDays, dayOfWeek } from '../../common/dates';
import { londonLocalToInstant } from '../../main/classcharts/dates';
import type { Rng } from './prng';
import { isHoliday } from './timetable';
import type { FakeHoliday, FakeLessonTemplate, IsoDate, RawPeriod, Weekday } from './types';

/** The school every demo pupil attends (`/pupils` `school_name`, announcements). */
export const SCHOOL_NAME = 'Northfield Academy';
/** The school's logo URL (`/pupils` `school_logo`, every other announcement). */
export const SCHOOL_LOGO = 'https://www.classcharts.com/uploads/school_logos/northfield-academy.png';
/** Where the service keeps homework and announcement files. */
const ATTACHMENT_HOST = 'https://attachments.classcharts.com/h/4821';
/** Where the service keeps behaviour and badge icons. */
export const BEHAVIOUR_ICONS = 'https://www.classcharts.com/img/behaveicons';

/** A teacher: title, first and last name (the last HTML-encoded), and id. */
export interface Teacher {
  title: string;
  first: string;
  last: string;
  id: number;
}

/** A class a pupil is in: subject, class code (`9X/Ma1`), room, teacher, lesson and subject ids. */
export interface SchoolClass {
  subject: string;
  code: string;
  room: string;
  teacher: Teacher;
  lessonId: number;
  subjectId: number;
}

/** The school's teachers by short name. */
export const TEACHERS = {
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
export function teacherName(t: Teacher): string {
  return `${t.title} ${t.first.charAt(0)} ${t.last}`;
}

/** The periods of the school day (`meta.periods` of the timetable), UK local times. */
export const PERIODS: RawPeriod[] = [
  { number: 'P1', start_time: '08:45:00', end_time: '09:45:00' },
  { number: 'P2', start_time: '09:45:00', end_time: '10:45:00' },
  { number: 'Tut', start_time: '11:05:00', end_time: '11:25:00' },
  { number: 'P3', start_time: '11:25:00', end_time: '12:25:00' },
  { number: 'P4', start_time: '13:10:00', end_time: '14:10:00' },
  { number: 'P5', start_time: '14:10:00', end_time: '15:10:00' },
];
const TEACHING_PERIODS = ['P1', 'P2', 'P3', 'P4', 'P5'] as const;
const SCHOOL_DAYS: readonly Weekday[] = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];

/** Homework topics by subject (HTML-encoded where the service would encode them). */
export const TOPICS: Record<string, string[]> = {
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
export function idSequence(start: number, rng: Rng): () => number {
  let current = start;
  return () => {
    current += rng.int(1, 97);
    return current;
  };
}

/**
 * The classes of form `form` (`9X`), one per `spec` row, with lesson ids drawn from `rng` and subject ids
 * in the row's order.
 */
export function classesFor(
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
export function tutorGroup(code: string, room: string, teacher: Teacher, lessonId: number): SchoolClass {
  return { subject: 'TUTOR', code, room, teacher, lessonId, subjectId: 5_497_000 };
}

/** The note fields of a timetable row without a note (teacher's or pupil's). */
const NO_NOTES = {
  note_abstract: '',
  note: '',
  pupil_note_abstract: '',
  pupil_note: '',
  pupil_note_raw: '',
} satisfies Partial<FakeLessonTemplate>;

/** A timetable row for `cls` in `period`, with the lesson `key` the service gives each lesson. */
export function lessonTemplate(cls: SchoolClass, period: string, key: number): FakeLessonTemplate {
  return {
    teacher_name: teacherName(cls.teacher),
    lesson_id: cls.lessonId,
    lesson_name: cls.code,
    subject_name: cls.subject,
    is_alternative_lesson: false,
    period_number: period,
    room_name: cls.room,
    key,
    ...NO_NOTES,
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
    ...NO_NOTES,
    start,
    end,
  };
}

/**
 * Builds a cycle of `weeks` weeks, drawing each teaching period from `weights` (subject → lessons per
 * cycle).
 */
export function buildCycle(
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
export function isSchoolDay(date: IsoDate, holidays: readonly FakeHoliday[]): boolean {
  const dow = dayOfWeek(date);
  return dow >= 1 && dow <= 5 && !isHoliday(holidays, date);
}

/** School days (Mon–Fri, not a holiday) from `from` to `to` inclusive. */
export function schoolDays(from: IsoDate, to: IsoDate, holidays: readonly FakeHoliday[]): IsoDate[] {
  const days: IsoDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (isSchoolDay(d, holidays)) days.push(d);
  return days;
}

/** The last `count` school days before `today`, oldest first. */
export function lastSchoolDays(today: IsoDate, count: number, holidays: readonly FakeHoliday[]): IsoDate[] {
  const days: IsoDate[] = [];
  for (let d = addDays(today, -1); days.length < count; d = addDays(d, -1))
    if (isSchoolDay(d, holidays)) days.unshift(d);
  return days;
}

/** `"2026-06-15T07:45:00+00:00"`: a UK wall-clock time as the service's UTC-offset ISO form. */
export function utcIso(date: IsoDate, time: string): string {
  const local = londonLocalToInstant(date, time);
  const ms = local === null ? Date.parse(`${date}T00:00:00Z`) : Date.parse(local);
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/**
 * A stored homework/announcement file link. Its `Expires` and `Signature` are placeholders: the server
 * signs each link afresh (a day from when the list is read) and points it at itself when it serves it
 * (./attachments.ts).
 */
export function attachmentUrl(rng: Rng, name: string, issued: IsoDate): string {
  const stamp = `${issued.replaceAll('-', '')}_${rng.int(70_000, 175_959)}`;
  const signature = rng.text(44, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
  return (
    `${ATTACHMENT_HOST}/${rng.text(32, '0123456789abcdef')}_${stamp}.pdf?GoogleAccessId=attachments%40classcharts.iam.gserviceaccount.com` +
    `&Expires=1893456000&Signature=${signature}&response-content-disposition=attachment; filename="${name}"`
  );
}

/** The first school day on or after `date`. */
export function schoolDayFrom(date: IsoDate, holidays: readonly FakeHoliday[]): IsoDate {
  let d = date;
  while (!isSchoolDay(d, holidays)) d = addDays(d, 1);
  return d;
}

/** `date` itself when it is a school day, else the school day before it. */
export function schoolDayUntil(date: IsoDate, holidays: readonly FakeHoliday[]): IsoDate {
  let d = date;
  while (!isSchoolDay(d, holidays)) d = addDays(d, -1);
  return d;
}
