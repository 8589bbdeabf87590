/**
 * zod schemas for the service's response bodies, lenient where the real service is inconsistent and
 * strict where the client cannot work without a field (ids, the shape of `data`). They accept every
 * fixture in test/support/fixtures/classcharts/ and the quirks of docs/classcharts-api.md (§1.2, §5, §7):
 * - nullable or absent fields (`subject`, `teacher`, `room_name`, `is_break`, …) → `null`;
 * - `"yes"`/`"no"` strings, `1`/`0` and booleans for flags → boolean;
 * - numbers sent as strings and strings sent as numbers (`completion_time_value: ""`, `period_number`);
 * - `meta: []` and empty maps sent as `[]` → `{}`;
 * - `pupil_badges[]` with and without the `pupil_event` wrapper;
 * - dates and times stay strings here (any string, even malformed): map.ts turns a malformed one into
 *   `null` instead of failing the whole response.
 * Unknown keys are dropped (zod's default), so new upstream fields never break parsing.
 * The output types (`Raw…`) are what map.ts turns into the domain model of types.ts.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Quirk-absorbing building blocks
// ---------------------------------------------------------------------------------------------

/** A text field that may be a string, a number, `null` or absent → `string | null`. */
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v)));

/** A flag sent as boolean, `"yes"`/`"no"`, `1`/`0` or `"1"`/`"0"`; `null`/absent → `null`. */
const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((v): boolean | null => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') return v !== 0;
    const s = v.trim().toLowerCase();
    if (s === 'yes' || s === 'true' || s === '1') return true;
    if (s === 'no' || s === 'false' || s === '0' || s === '') return false;
    return null;
  });

/** Is `n` within ±2^53: every count, score and length the service sends is; beyond is garbage. */
function plausible(n: number): number | null {
  return Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER ? n : null;
}

/**
 * A number sent as a number or a numeric string (`"10"`, `""`); anything else, or beyond ±2^53 (so sums
 * of them stay finite), → `null`.
 */
const num = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v): number | null => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'number') return plausible(v);
    const t = v.trim();
    if (t === '' || !/^-?\d+(\.\d+)?$/.test(t)) return null;
    return plausible(Number(t));
  });

/** A required integer id, sent as a number or a string of digits; a safe integer (no silent rounding). */
const id = z.union([
  z.number().int(),
  z.string().regex(/^\d+$/).transform(Number).refine(Number.isSafeInteger, 'id is too large to be exact'),
]);

/** An object that PHP sends as `[]` when it is empty. */
function objectOrEmptyArray<T extends z.ZodType<Record<string, unknown>>>(schema: T) {
  return z.union([
    schema,
    z
      .array(z.unknown())
      .max(0)
      .transform(() => schema.parse({}) as z.output<T>),
  ]);
}

/** A map of reason → count; PHP sends an empty one as `[]`. */
const countMap = z.union([
  z.record(
    z.string(),
    num.transform((n) => n ?? 0),
  ),
  z
    .array(z.unknown())
    .max(0)
    .transform((): Record<string, number> => ({})),
]);

/** A list that may be missing or `null` → `[]`. */
function list<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((v): z.output<T>[] => v ?? []);
}

/** A response envelope: `data` of the given shape, `meta` an object or `[]`. `success` is checked earlier. */
function envelope<D extends z.ZodType, M extends z.ZodType<Record<string, unknown>>>(data: D, meta: M) {
  return z.object({ data, meta: objectOrEmptyArray(meta).optional() });
}

// ---------------------------------------------------------------------------------------------
// Pupils and users (docs/classcharts-api.md §5.1–5.3)
// ---------------------------------------------------------------------------------------------

/** Student object (`/ping` `data.user`) and parent `/pupils` element: the fields the app uses. */
export const pupilSchema = z.object({
  id,
  name: text,
  first_name: text,
  last_name: text,
  avatar_url: text,
  school_name: text,
  detention_alias_plural_uc: text,
  display_behaviour: flag,
  display_homework: flag,
  display_timetable: flag,
  display_detentions: flag,
  display_announcements: flag,
  display_event_badges: flag,
  display_activity: flag,
  display_attendance: flag,
  display_attendance_percentage: flag,
  // Counters (parent `/pupils`; a student's `/ping` has `announcements_count` only): classcharts-api-js
  // 2.12.3 src/types.ts `Pupil`, test/support/fixtures/classcharts/pupils.json. Optional; a string or garbage
  // → null.
  homework_todo_count: num,
  homework_late_count: num,
  detention_pending_count: num,
  announcements_count: num,
});
/** A student/pupil object after parsing (flags as booleans or `null`). */
export type RawPupil = z.output<typeof pupilSchema>;

/** Parent user (`/apiv2parent/ping` `data.user`): only the name is used. */
export const parentUserSchema = z.object({ id: id.optional(), name: text, email: text });
/** A parent user after parsing. */
export type RawParentUser = z.output<typeof parentUserSchema>;

/** `/ping` (student or parent): `data.user` is checked per account kind; `meta.session_id` is the new token. */
export const pingSchema = envelope(
  objectOrEmptyArray(z.object({ user: z.unknown().optional() })),
  z.object({ session_id: z.string().optional(), version: text.optional() }),
);

/** `/apiv2parent/pupils`: `data` is the list of pupils the parent may see. */
export const pupilsSchema = envelope(list(pupilSchema), z.object({}));

/** `/apiv2student/hasdob` (only used to tell a wrong code from a wrong date of birth). */
export const hasDobSchema = envelope(
  objectOrEmptyArray(z.object({ has_dob: flag.optional() })),
  z.object({}),
);

// ---------------------------------------------------------------------------------------------
// Timetable (docs/classcharts-api.md §5.7)
// ---------------------------------------------------------------------------------------------

/** One timetable entry. `is_break` is optional upstream; `period_number` is a string ("Tut"). */
export const lessonSchema = z.object({
  lesson_id: text,
  key: text,
  teacher_name: text,
  lesson_name: text,
  subject_name: text,
  is_alternative_lesson: flag,
  is_break: flag,
  period_name: text,
  period_number: text,
  room_name: text,
  date: text,
  start_time: text,
  end_time: text,
  note: text,
});
/** A timetable row after parsing (times still strings; map.ts reads them). */
export type RawLesson = z.output<typeof lessonSchema>;

/** A key of a timetable keyed by date: `YYYY-MM-DD`. */
const dateKey = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'not a YYYY-MM-DD date');

/**
 * `/timetable/<id>?date=`: lessons for the day (`[]` on holidays). `data` is the list of lessons, or
 * occasionally an object keyed by date, `{"2026-11-04": [lesson, …]}` (skeffling/timetable-plus@1bfce46dc9
 * extension/common.js `lessonsOf`: "an array, or occasionally keyed by date"; C-HBZ/ClassCharts@0fa93fcaa2
 * classcharts_sync.py `cc_get_timetable`; docs/classcharts-api.md §5.7): both are accepted and kept apart
 * here, the client picks the asked day's lessons. Anything else (a string, a day holding something other
 * than a list of lessons, a key that is not a date) fails the parse.
 */
export const timetableSchema = envelope(
  z.union([list(lessonSchema), z.record(dateKey, list(lessonSchema))]),
  z.object({ dates: list(z.string()).optional(), timetable_dates: list(z.string()).optional() }),
);
/** The `data` of a timetable after parsing: the day's lessons, or lessons by `YYYY-MM-DD`. */
export type RawTimetableData = z.output<typeof timetableSchema>['data'];

/**
 * The lessons of `date` (`YYYY-MM-DD`) in a parsed timetable `data` (see {@link timetableSchema}): the list
 * as it is, or the list under `date` of an object keyed by date (`[]` when it holds other dates only).
 */
export function lessonsOfDate(data: RawTimetableData, date: string): RawLesson[] {
  return Array.isArray(data) ? data : (data[date] ?? []);
}

// ---------------------------------------------------------------------------------------------
// Homework (docs/classcharts-api.md §5.6)
// ---------------------------------------------------------------------------------------------

const homeworkStatusSchema = z.object({
  id: id.nullish(),
  state: text,
  ticked: flag,
  /** The teacher's mark as the school writes it (`"7/10"`, `"B+"`), or `null`. */
  mark: text,
  /** The teacher left feedback (its text is not in the API). */
  has_feedback: flag,
});

/** One homework. `validated_attachments[]` names its file `filename` (older data: `file_name`). */
export const homeworkSchema = z.object({
  id,
  lesson: text,
  subject: text,
  teacher: text,
  homework_type: text,
  title: text,
  description: text,
  issue_date: text,
  due_date: text,
  completion_time_unit: text,
  completion_time_value: num,
  status: homeworkStatusSchema.nullish(),
  validated_links: list(z.object({ link: text, validated_link: text })),
  validated_attachments: list(
    z.object({ filename: text, file_name: text, file: text, validated_file: text }),
  ),
});
/** A homework after parsing (dates still strings; map.ts reads them). */
export type RawHomework = z.output<typeof homeworkSchema>;

/** `/homeworks/<id>`; `meta.display_marks`: whether the school shows pupils their marks. */
export const homeworksSchema = envelope(
  list(homeworkSchema),
  z.object({ display_type: text.optional(), display_marks: flag.optional() }),
);

// ---------------------------------------------------------------------------------------------
// Activity (docs/classcharts-api.md §5.4)
// ---------------------------------------------------------------------------------------------

/** One activity point. `timestamp` is naive UK local time (`2023-04-21 10:00:00`). */
export const activityPointSchema = z.object({
  id,
  type: text,
  polarity: text,
  reason: text,
  score: num,
  timestamp: text,
  teacher_name: text,
  lesson_name: text,
  room_name: text,
  note: text,
});
/** An activity point after parsing (timestamp still the naive string). */
export type RawActivityPoint = z.output<typeof activityPointSchema>;

/** `/activity/<id>`: a page of points; `meta.last_id` is `false` when there is nothing more. */
export const activitySchema = envelope(
  list(activityPointSchema),
  z.object({ last_id: z.union([z.number(), z.string(), z.boolean()]).nullish() }),
);

// ---------------------------------------------------------------------------------------------
// Behaviour (docs/classcharts-api.md §5.5)
// ---------------------------------------------------------------------------------------------

/** `/behaviour/<id>`: weekly timeline and reason → count maps (`[]` when empty). */
export const behaviourSchema = envelope(
  objectOrEmptyArray(
    z.object({
      timeline: list(
        z.object({
          positive: num,
          negative: num,
          name: text,
          start: text,
          end: text,
        }),
      ),
      positive_reasons: countMap.nullish(),
      negative_reasons: countMap.nullish(),
    }),
  ),
  z.object({}),
);
/** The behaviour `data` after parsing (`[]` maps already `{}`). */
export type RawBehaviour = z.output<typeof behaviourSchema>['data'];

// ---------------------------------------------------------------------------------------------
// Badges (docs/classcharts-api.md §8.2, §5.8)
// ---------------------------------------------------------------------------------------------

const badgeEventSchema = z.object({
  timestamp: text,
  lesson_pupil_behaviour: z
    .object({
      reason: text,
      timestamp: text,
      teacher: z.object({ title: text, first_name: text, last_name: text }).nullish(),
    })
    .nullish(),
  event: z.object({ label: text }).nullish(),
});
/** A badge event after parsing, `pupil_event` wrapper removed. */
export type RawBadgeEvent = z.output<typeof badgeEventSchema>;

/** A `pupil_badges[]` element: `{pupil_event: {…}}` (spec, JS) or the event fields directly (rs fixture). */
const pupilBadgeSchema = z.union([
  z.object({ pupil_event: badgeEventSchema }).transform((v) => v.pupil_event),
  badgeEventSchema,
]);

/** One earned badge. */
export const badgeSchema = z.object({
  id,
  name: text,
  icon: text,
  icon_url: text,
  colour: text,
  created_date: text,
  pupil_badges: list(pupilBadgeSchema),
});
/** A badge after parsing. */
export type RawBadge = z.output<typeof badgeSchema>;

/** `/eventbadges/<id>` (`meta: []`). */
export const badgesSchema = envelope(list(badgeSchema), z.object({}));

// ---------------------------------------------------------------------------------------------
// Announcements (docs/classcharts-api.md §5.9)
// ---------------------------------------------------------------------------------------------

/** One announcement; booleans arrive as `"yes"`/`"no"`. */
export const announcementSchema = z.object({
  id,
  title: text,
  description: text,
  school_name: text,
  teacher_name: text,
  /** `"new"` (unread), `"viewed"` or `null` (docs/classcharts-api.md §5.9; classcharts-api-js `Announcement.state`). */
  state: text,
  sticky: flag,
  priority_pinned: flag,
  requires_consent: flag,
  timestamp: text,
  consent: z.object({ consent_given: flag }).nullish(),
  /**
   * A parent's answer for each child: `{pupil: {id: string, …}, can_change_consent, consent}`
   * (classcharts-api-js 2.12.3 types.d.ts `AnnouncementPupilConsent`). Optional extra: an odd entry empties
   * the list rather than failing the announcements.
   */
  pupil_consents: list(
    z.object({
      pupil: z.object({ id: z.union([z.string(), z.number()]).nullish() }).nullish(),
      consent: z.object({ consent_given: flag }).nullish(),
    }),
  ).catch([]),
  attachments: list(z.object({ filename: text, file_name: text, url: text })),
});
/** An announcement after parsing (yes/no already booleans). */
export type RawAnnouncement = z.output<typeof announcementSchema>;

/** `/announcements/<id>` (`meta: []`). */
export const announcementsSchema = envelope(list(announcementSchema), z.object({}));

// ---------------------------------------------------------------------------------------------
// Detentions (docs/classcharts-api.md §5.10)
// ---------------------------------------------------------------------------------------------

/** One detention; most fields nullable, `date` sometimes malformed (`2023-08-24:00:00+00:00`). */
export const detentionSchema = z.object({
  id,
  attended: text,
  date: text,
  length: num,
  location: text,
  notes: text,
  time: text,
  lesson: z.object({ name: text, subject: z.object({ name: text }).nullish() }).nullish(),
  lesson_pupil_behaviour: z.object({ reason: text }).nullish(),
  teacher: z.object({ title: text, first_name: text, last_name: text }).nullish(),
  detention_type: z.object({ name: text }).nullish(),
});
/** A detention after parsing (date and time still strings). */
export type RawDetention = z.output<typeof detentionSchema>;

/** `/detentions/<id>`. */
export const detentionsSchema = envelope(
  list(detentionSchema),
  z.object({ detention_alias_plural: text.optional() }),
);

/**
 * `/apiv2student/homeworkticked/<status id>`: `{success:1,data:[],meta:[]}` (docs/classcharts-api.md §4;
 * classchartsapi/api-docs@70803adfa6 `openapi/studentclientapi.yaml`, `empty_response.yaml`). Nothing in it is
 * used: the state is confirmed by reading the homework again.
 */
export const homeworkTickedSchema = envelope(z.unknown(), z.object({}));

// ---------------------------------------------------------------------------------------------
// Attendance (docs/classcharts-api.md §5.11)
// ---------------------------------------------------------------------------------------------

/**
 * A percentage sent as a string (`"93.5"`, `"100"`: classcharts-api-js 2.12.3 `src/types.ts`
 * `AttendanceMeta.percentage: string`) or a number, perhaps with a `%`; outside 0–100 or unreadable → `null`.
 */
const percent = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v): number | null => {
    const n = typeof v === 'string' ? num.parse(v.replace(/%\s*$/, '')) : num.parse(v);
    return n !== null && n >= 0 && n <= 100 ? n : null;
  });

/** One session's mark; `late_minutes` is a number or `""` (veloii/classcharts-rs@a2262b7429 fixture). */
export const attendanceMarkSchema = z.object({
  code: text,
  status: text,
  late_minutes: num,
  lesson_name: text,
  room_name: text,
});
/** A session's mark after parsing. */
export type RawAttendanceMark = z.output<typeof attendanceMarkSchema>;

/**
 * `/attendance/<id>?from&to`: `data` maps a date to session → mark (`[]` when empty, for the whole map or
 * one day; a mark that is not an object is `null` here and dropped by map.ts); `meta` has the sessions and
 * the percentages (`percentage_singe_august`, sic; the correct spelling is read too, in case it is fixed).
 */
export const attendanceSchema = envelope(
  objectOrEmptyArray(
    z.record(
      z.string(),
      objectOrEmptyArray(z.record(z.string(), attendanceMarkSchema.nullable().catch(null))),
    ),
  ),
  z.object({
    sessions: list(text).optional(),
    percentage: percent.optional(),
    percentage_singe_august: percent.optional(),
    percentage_since_august: percent.optional(),
  }),
);
/** The attendance answer after parsing. */
export type RawAttendance = z.output<typeof attendanceSchema>;
