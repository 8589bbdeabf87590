/**
 * The demo pupils of the generated dataset (./dataset.ts): Amelia (the demo student, Year 9, a two-week
 * timetable with a split period, a lesson note and an alternative lesson), her brother Oliver (Year 7, a
 * one-week timetable, no detentions) and Isla (another family's pupil who signs in with a code only). Each
 * is built from the dataset's PRNG in a fixed order: the same seed and today give the same pupils.
 */
import { addDays } from '../../common/dates';
import { createRng, type Rng } from './prng';
import { type AnnouncementSpec, generateAnnouncements } from './dataset-announcements';
import { generateAttendance, lateMark, MARKS } from './dataset-attendance';
import {
  activityPoint,
  type DetentionSpec,
  detentionActivity,
  generateActivity,
  generateBadges,
  generateDetentions,
} from './dataset-behaviour';
import { generateHomeworks } from './dataset-homework';
import { studentUser } from './dataset-pupil-records';
import {
  buildCycle,
  classesFor,
  lessonTemplate,
  PERIODS,
  type SchoolClass,
  schoolDayFrom,
  teacherName,
  TEACHERS,
  tutorGroup,
} from './dataset-school';
import { lessonsOn } from './timetable';
import type { FakeHoliday, FakePupilData, FakeTimetable, IsoDate, RawStudentUser } from './types';

const T = TEACHERS;

/** What every demo pupil is built from: the dataset's PRNG, today, this week's Monday, the holidays. */
export interface FamilyContext {
  rng: Rng;
  /** `YYYY-MM-DD` (Europe/London). */
  today: IsoDate;
  thisMonday: IsoDate;
  /** The school's holidays and INSET days (./holidays.ts). */
  holidays: FakeHoliday[];
  /** The demo parent's name (consent given on an announcement). */
  parentName: string;
}

/** A demo pupil as built: who, the student object, and every record but the `/pupils` one. */
export interface BuiltPupil {
  pupil: { id: number; first: string; last: string };
  user: RawStudentUser;
  rest: Omit<FakePupilData, 'pupil'>;
}

/** The class of `subject` among `classes` (the caller knows it is there). */
function byName(classes: SchoolClass[], subject: string): SchoolClass {
  return classes.find((c) => c.subject === subject) as SchoolClass;
}

/** The announcements every pupil of the school gets; `insetDay` is next week's Friday. */
export function schoolWideAnnouncements(insetDay: IsoDate): AnnouncementSpec[] {
  return [
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
}

/**
 * Amelia's classes and timetable: a two-week cycle drawn from the PRNG, one split period (week 1 Wednesday
 * P4, two lessons with one key), a teacher's note, and an alternative lesson on the first school day from
 * today.
 */
function timetableOfAmelia({ rng, today, thisMonday, holidays }: FamilyContext): {
  classes: SchoolClass[];
  timetable: FakeTimetable;
} {
  const classes = classesFor('9X', rng, [
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
  const ameliaWeeks = buildCycle(rng, classes, ameliaTutor, 2, {
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
    lessonTemplate(byName(classes, 'Art'), 'P4', splitKey),
    lessonTemplate(byName(classes, 'Design &amp; Technology'), 'P4', splitKey),
  );
  // A teacher's note (HTML) on week 2 Monday P1.
  const note = ameliaWeeks[1]?.Mon?.find((l) => l.period_number === 'P1');
  if (note) {
    note.note = '<p>Bring your <b>calculator</b> and a protractor.</p>';
    note.note_abstract = 'Bring your calculator and a protractor.';
  }
  // The alternative lesson: P2 on the first school day from today moves to the library.
  const changeDay = schoolDayFrom(today, holidays);
  const timetable: FakeTimetable = {
    periods: PERIODS,
    cycleStart: thisMonday,
    weeks: ameliaWeeks,
    holidays,
    changes: {},
  };
  const usualP2 = lessonsOn(timetable, changeDay).find((l) => l.period_number === 'P2');
  const changedClass = classes.find((c) => c.code === usualP2?.lesson_name) ?? (classes[0] as SchoolClass);
  timetable.changes[changeDay] = [
    {
      ...lessonTemplate(changedClass, 'P2', usualP2?.key ?? splitKey + 1),
      is_alternative_lesson: true,
      room_name: 'Library',
    },
  ];
  return { classes, timetable };
}

/** Amelia's detentions: one pending after school, two attended (one with a malformed date), one missed. */
function detentionsOfAmelia(
  today: IsoDate,
  holidays: FakeHoliday[],
  classes: SchoolClass[],
): DetentionSpec[] {
  return [
    {
      date: schoolDayFrom(addDays(today, 2), holidays),
      attended: 'pending',
      time: '15:15',
      length: 30,
      location: 'H1',
      reason: 'Homework not done',
      cls: byName(classes, 'History'),
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
      cls: byName(classes, 'Mathematics'),
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
      cls: byName(classes, 'Science'),
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
      cls: byName(classes, 'English'),
      type: 'Lunchtime',
      notes: null,
    },
  ];
}

/** Amelia's own announcements after the school-wide ones: a trip asking consent, consent given, one plain. */
function announcementsOfAmelia(schoolWide: AnnouncementSpec[]): AnnouncementSpec[] {
  return [
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
  ];
}

/** Amelia Hughes, Year 9, the demo student (and the demo parent's first child). */
export function buildAmelia(ctx: FamilyContext, schoolWide: AnnouncementSpec[]): BuiltPupil {
  const { rng, today, holidays } = ctx;

  const amelia = { id: 4_102_571, first: 'Amelia', last: 'Hughes' };
  const { classes: ameliaClasses, timetable: ameliaTimetable } = timetableOfAmelia(ctx);

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
  const ameliaDetentionSpecs = detentionsOfAmelia(today, holidays, ameliaClasses);
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
  const ameliaAnnouncements = generateAnnouncements(
    rng,
    announcementsOfAmelia(schoolWide),
    today,
    amelia,
    ctx.parentName,
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
  const ameliaUser = studentUser(amelia, rng, true, ameliaAnnouncements);
  // Amelia's school shows the attendance percentage too; Oliver's view shows his marks only.
  ameliaUser.display_attendance_percentage = true;
  return { pupil: amelia, user: ameliaUser, rest: ameliaRest };
}

/**
 * Oliver Hughes, Year 7, Amelia's brother: a one-week timetable, no negative points lately, no detentions.
 * Also returns his classes and timetable, which Isla shares.
 */
export function buildOliver(
  ctx: FamilyContext,
  schoolWide: AnnouncementSpec[],
): BuiltPupil & { classes: SchoolClass[]; timetable: FakeTimetable } {
  const { rng, today, thisMonday, holidays } = ctx;

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
  const oliverAnnouncements = generateAnnouncements(
    rng,
    schoolWide,
    today,
    oliver,
    ctx.parentName,
    2_384_000,
  );
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
    oliver,
    rng,
    null, // real accounts can have null here (docs/classcharts-api.md §5.1)
    oliverAnnouncements,
  );
  return {
    pupil: oliver,
    user: oliverUser,
    rest: oliverRest,
    classes: oliverClasses,
    timetable: oliverTimetable,
  };
}

/**
 * Isla Morgan, Year 8, of another family, who signs in with a code only: Oliver's timetable shape and
 * classes. Her own generator (seeded `seed + 8`), so adding her changed nothing of Amelia's and Oliver's
 * data.
 */
export function buildIsla(
  seed: number,
  { today, holidays }: FamilyContext,
  schoolWide: AnnouncementSpec[],
  oliver: { classes: SchoolClass[]; timetable: FakeTimetable },
): BuiltPupil {
  const islaRng = createRng(seed + 8);
  const isla = { id: 4_102_603, first: 'Isla', last: 'Morgan' };
  const islaTimetable: FakeTimetable = { ...oliver.timetable, changes: {} };
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
    homeworks: generateHomeworks(islaRng, oliver.classes, today, holidays, 0.4, 5_589_000),
    activity: islaActivity,
    badges: generateBadges(islaRng, islaActivity, Object.values(T), 59_500).slice(0, 2),
    announcements: islaAnnouncements,
    detentions: [],
    attendance: generateAttendance(today, holidays, []),
  };
  const islaUser = studentUser(isla, islaRng, true, islaAnnouncements);
  return { pupil: isla, user: islaUser, rest: islaRest };
}
