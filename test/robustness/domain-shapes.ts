/**
 * zod schemas of the domain model (common/domain.ts), strict: the fuzzer checks that every
 * answer the client accepts comes out as a well-formed domain object, not merely "something". Beyond the
 * TypeScript types they pin the conventions types.ts documents: `IsoDate` is a real `YYYY-MM-DD` date,
 * `Instant` an ISO date-time with an explicit offset, ids safe integers, counts finite numbers, and no
 * extra keys.
 */
import { z } from 'zod';
import { isIsoDate } from '../../common/dates';

/** A real calendar date `YYYY-MM-DD` (types.ts `IsoDate`). */
export const isoDate = z.string().refine(isIsoDate, 'not a real YYYY-MM-DD date');

/** An ISO 8601 date-time with an explicit offset that parses (types.ts `Instant`). */
export const instant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, 'not an ISO instant with offset')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'instant does not parse');

/** An id the service can be asked about again: a safe integer (no rounding of long digit strings). */
const id = z.int();
/** A finite number (no `Infinity`, no `NaN`: both would turn into `null` in JSON). */
const finite = z.number().refine(Number.isFinite, 'not finite');

const attachment = z.strictObject({
  name: z.string(),
  url: z.string(),
  unscanned: z.literal(true).optional(),
});

/** types.ts `Pupil`. */
export const pupilShape = z.strictObject({
  id,
  name: z.string().min(1),
  firstName: z.string(),
  lastName: z.string(),
  schoolName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  detentionAlias: z.string().min(1),
  features: z.strictObject({
    behaviour: z.boolean(),
    homework: z.boolean(),
    timetable: z.boolean(),
    detentions: z.boolean(),
    announcements: z.boolean(),
    badges: z.boolean(),
    activity: z.boolean(),
    attendance: z.boolean(),
    attendancePercentage: z.boolean(),
  }),
  counters: z
    .strictObject({
      homeworkToDo: z.int().min(0).nullable(),
      homeworkLate: z.int().min(0).nullable(),
      detentionsPending: z.int().min(0).nullable(),
      announcements: z.int().min(0).nullable(),
    })
    .optional(),
});

/** types.ts `Account`. */
export const accountShape = z.strictObject({
  kind: z.enum(['student', 'parent']),
  name: z.string().min(1),
  pupils: z.array(pupilShape).min(1),
});

/** types.ts `Lesson`. */
export const lessonShape = z.strictObject({
  id: z.string(),
  date: isoDate,
  start: instant.nullable(),
  end: instant.nullable(),
  period: z.string(),
  periodName: z.string(),
  subject: z.string(),
  className: z.string(),
  room: z.string(),
  teacher: z.string(),
  isBreak: z.boolean(),
  isAlternative: z.boolean(),
  noteHtml: z.string(),
});

/** types.ts `Homework`. */
export const homeworkShape = z.strictObject({
  id,
  statusId: id.nullable(),
  title: z.string(),
  subject: z.string().nullable(),
  className: z.string(),
  teacher: z.string().nullable(),
  type: z.string(),
  issueDate: isoDate.nullable(),
  dueDate: isoDate.nullable(),
  status: z.enum(['todo', 'ticked', 'completed', 'late', 'submitted', 'missed', 'excused', 'other']),
  descriptionHtml: z.string(),
  estimate: z.strictObject({ value: finite, unit: z.string() }).nullable(),
  links: z.array(z.strictObject({ url: z.string(), label: z.string() })),
  attachments: z.array(attachment),
  /** Never blank: a blank mark is none. */
  mark: z.string().trim().min(1).nullable(),
  hasFeedback: z.boolean(),
});

/** types.ts `BehaviourPoint`. */
export const behaviourPointShape = z.strictObject({
  id,
  type: z.string(),
  polarity: z.enum(['positive', 'negative', 'neutral']),
  reason: z.string(),
  score: finite,
  timestamp: instant.nullable(),
  teacher: z.string().nullable(),
  className: z.string().nullable(),
  room: z.string().nullable(),
  note: z.string().nullable(),
});

/** types.ts `ActivityPage`. */
export const activityPageShape = z.strictObject({
  points: z.array(behaviourPointShape),
  nextLastId: id.nullable(),
});

/** types.ts `BehaviourSummary`. */
export const behaviourSummaryShape = z.strictObject({
  weeks: z.array(z.strictObject({ start: isoDate, end: isoDate, positive: finite, negative: finite })),
  positiveReasons: z.record(z.string(), finite),
  negativeReasons: z.record(z.string(), finite),
  totalPositive: finite,
  totalNegative: finite,
});

/** types.ts `Badge`. */
export const badgeShape = z.strictObject({
  id,
  name: z.string(),
  iconUrl: z.string(),
  colour: z.string(),
  createdAt: instant.nullable(),
  events: z.array(
    z.strictObject({
      timestamp: instant.nullable(),
      reason: z.string(),
      label: z.string(),
      teacher: z.string(),
    }),
  ),
});

/** types.ts `Announcement`. */
export const announcementShape = z.strictObject({
  id,
  title: z.string(),
  descriptionHtml: z.string(),
  teacher: z.string(),
  school: z.string(),
  timestamp: instant.nullable(),
  unread: z.boolean(),
  pinned: z.boolean(),
  requiresConsent: z.boolean(),
  consentGiven: z.boolean().nullable(),
  attachments: z.array(attachment),
});

/** types.ts `Detention`. */
export const detentionShape = z.strictObject({
  id,
  status: z.enum(['pending', 'attended', 'missed', 'upscaled']),
  date: isoDate.nullable(),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .nullable(),
  start: instant.nullable(),
  lengthMinutes: finite.nullable(),
  location: z.string().nullable(),
  reason: z.string().nullable(),
  teacher: z.string().nullable(),
  subject: z.string().nullable(),
  type: z.string().nullable(),
});

/** A percentage, 0–100. */
const percentage = finite.min(0).max(100);

/** types.ts `Attendance`. */
export const attendanceShape = z.strictObject({
  days: z.array(
    z.strictObject({
      date: isoDate,
      marks: z.array(
        z.strictObject({
          session: z.string(),
          code: z.string(),
          status: z.enum(['present', 'late', 'absent', 'excused', 'unknown']),
          lateMinutes: finite.positive().nullable(),
          lesson: z.string().nullable(),
          room: z.string().nullable(),
        }),
      ),
    }),
  ),
  sessions: z.array(z.string()),
  percentage: percentage.nullable(),
  percentageSinceAugust: percentage.nullable(),
});
