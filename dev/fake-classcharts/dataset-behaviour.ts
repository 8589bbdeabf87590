/**
 * The demo pupils' behaviour: activity points in lessons (`/activity`, positive and negative), badges in
 * both `pupil_badges` shapes (`/eventbadges`), detentions (`/detentions`, one with the malformed date real
 * data shows) and the activity entries that mirror them.
 */
import { addDays } from '../../common/dates';
import type { Rng } from './prng';
import {
  BEHAVIOUR_ICONS,
  idSequence,
  lastSchoolDays,
  type SchoolClass,
  schoolDayUntil,
  type Teacher,
  teacherName,
  utcIso,
} from './dataset-school';
import { lessonsOn } from './timetable';
import type {
  FakeHoliday,
  FakeTimetable,
  IsoDate,
  RawActivityPoint,
  RawBadge,
  RawBadgeEvent,
  RawDetention,
} from './types';

const POSITIVE_REASONS = [
  'Excellent work',
  'Great effort',
  'Helping others',
  'Fantastic homework',
  'Effort &amp; attitude',
  'Reading for pleasure',
];
const NEGATIVE_REASONS = ['Disruption', 'Homework not done', 'Late to lesson', 'No equipment'];

/** An activity entry of `pupilName` at `timestamp` (`YYYY-MM-DD HH:MM:SS`, UK local); unset fields `null`. */
export function activityPoint(
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

/** How much behaviour {@link generateActivity} gives a pupil. */
export interface ActivityPlan {
  /** School days to cover, back from yesterday (holidays do not thin the activity out). */
  schoolDays: number;
  /** Behaviour points per school day: [min, max]. */
  perDay: [number, number];
  /** Probability a point is negative. */
  negative: number;
  /** Negative points only this many days back or more (0 = any day). */
  negativeOlderThan: number;
}

/**
 * Behaviour points in the pupil's lessons (not tutor time or breaks) on the last `plan.schoolDays` school
 * days before `today`, at a moment inside each lesson; ids increase from `firstId`.
 */
export function generateActivity(
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

/** Three badges, each awarded for some of the pupil's positive points; ids from `firstId`. */
export function generateBadges(
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

/** A detention of a demo pupil, before it is written as the service does (./dataset-family.ts). */
export interface DetentionSpec {
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

/** The detentions of `specs` as `/detentions` lists them; ids from `firstId`. */
export function generateDetentions(
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
export function detentionActivity(
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
