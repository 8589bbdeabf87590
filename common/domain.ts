/**
 * The ClassCharts domain model: clean, typed objects the API client produces from the service's quirky
 * JSON (see docs/classcharts-api.md §5). Everything downstream (session, sync, rules,
 * contract, renderer) sees only these shapes.
 *
 * Conventions (all fields JSON- and structured-clone-safe, so they cross IPC and WebSocket unchanged):
 * - `IsoDate`: a calendar date `YYYY-MM-DD` in Europe/London (school-local).
 * - `Instant`: an ISO 8601 date-time with an explicit offset, e.g. `2026-06-15T08:45:00+01:00`
 *   (the service's own UK-offset form where it sends one; naive UK-local times are given their offset).
 * - A value the service sent malformed (e.g. detention date `"2023-08-24:00:00+00:00"`) becomes `null`
 *   rather than failing the whole response.
 *
 * Imports nothing: main, preload and the renderer all reference it through the common project
 * (common/tsconfig.json); the contract (common/contract) re-exports it.
 */

/** A calendar date `YYYY-MM-DD` in Europe/London. */
export type IsoDate = string;

/** An ISO 8601 date-time with an explicit offset (`…+00:00` / `…+01:00` / `Z`). */
export type Instant = string;

/** Which side of the service an account signs in to: `/apiv2student` or `/apiv2parent`. */
export type AccountKind = 'student' | 'parent';

/**
 * A pupil: the logged-in student (from `/ping` `data.user`), or one of a parent's children (from
 * `/apiv2parent/pupils`). Source: docs/classcharts-api.md §5.1, §5.3.
 */
export interface Pupil {
  /** ClassCharts pupil id (7 digits in practice); the `<student_id>` path parameter. */
  id: number;
  /** Full display name, e.g. `"Jane Smith"`. */
  name: string;
  firstName: string;
  lastName: string;
  /** School name (parent `/pupils` only; `null` for a student login). */
  schoolName: string | null;
  /** Avatar image URL, or `null` when absent. */
  avatarUrl: string | null;
  /** School-configurable plural for detentions, e.g. `"Detentions"`. */
  detentionAlias: string;
  /** Feature flags the school set; a `false` one hides that section. */
  features: {
    behaviour: boolean;
    homework: boolean;
    timetable: boolean;
    detentions: boolean;
    announcements: boolean;
    badges: boolean;
    activity: boolean;
    /**
     * The school shows attendance (`display_attendance`); `false` when the flag is absent, unlike the
     * others: attendance is asked for only when the school says so.
     */
    attendance: boolean;
    /** The school shows the attendance percentage too (`display_attendance_percentage`; absent → `false`). */
    attendancePercentage: boolean;
  };
  /**
   * The service's own counts, as `/apiv2parent/pupils` sends them (a student's `/ping` has only
   * `announcements_count`); each `null` when not sent or unreadable. Source: classcharts-api-js 2.12.3
   * `src/types.ts` `Pupil`; docs/classcharts-api.md §5.3.
   */
  counters?: PupilCounters;
}

/** Counts the service keeps for a pupil (see {@link Pupil.counters}); whole numbers ≥ 0, or `null`. */
export interface PupilCounters {
  /** Homework still to do (`homework_todo_count`). */
  homeworkToDo: number | null;
  /** Homework handed in late (`homework_late_count`). */
  homeworkLate: number | null;
  /** Detentions not yet sat (`detention_pending_count`). */
  detentionsPending: number | null;
  /** Announcements (`announcements_count`; the fake counts the unread ones, `state: "new"`). */
  announcements: number | null;
}

/** The signed-in account: a student (one pupil, themselves) or a parent (one or more pupils). */
export interface Account {
  kind: AccountKind;
  /** The account holder's display name (student name, or the parent's name from `/ping`). */
  name: string;
  /** Pupils this account may see; a student account has exactly one. */
  pupils: Pupil[];
}

/**
 * One timetable entry for a day (`/timetable/<id>?date=`, docs/classcharts-api.md §5.7). Two lessons may
 * share a period (split classes); `is_break` is optional upstream and defaults to `false`.
 */
export interface Lesson {
  /** Stable id within the day: lesson id + period + start (the upstream `key` is not unique). */
  id: string;
  /** The day, `YYYY-MM-DD` Europe/London. */
  date: IsoDate;
  /** Start instant with the UK offset; `null` if the service sent a malformed time. */
  start: Instant | null;
  /** End instant with the UK offset; `null` if malformed. */
  end: Instant | null;
  /** Period label as the school names it: `"P1"`, `"Tut"`, `"1"` — a string, not always numeric. */
  period: string;
  /**
   * The service's `period_name` as sent (`""` when none): cycle week, weekday and period, e.g. `"2Tue:P1"`,
   * `"ATue:1"`, `"W02:D01:01"` (docs/classcharts-api.md §5.7); common/rota.ts reads the rota week from it.
   */
  periodName: string;
  /** Subject, e.g. `"Mathematics"`, `"TUTOR"`. */
  subject: string;
  /** Class code, e.g. `"10C/Ma1"`. */
  className: string;
  /** Room, e.g. `"U07"`; `""` when none. */
  room: string;
  /** Teacher as the service writes it, e.g. `"Mr J Doe"`; `""` when none. */
  teacher: string;
  /** A break or lunch entry (`is_break`). */
  isBreak: boolean;
  /** A cover / alternative lesson (`is_alternative_lesson`): room or teacher may differ from usual. */
  isAlternative: boolean;
  /** Teacher's lesson note as HTML (sanitize before showing); `""` when none. */
  noteHtml: string;
}

/**
 * Homework status as a pupil thinks of it. Only `todo` is still to do; every other status is settled by the
 * pupil (`ticked`) or by the teacher's `status.state`:
 * - `completed` handed in; `late` handed in late; `submitted` handed in, not yet marked;
 * - `missed` the teacher marked it not completed (`not_completed`); `excused` the pupil was let off it;
 * - `other` a teacher's state this client does not know yet (never read as to-do).
 *
 * Sources: docs/classcharts-api.md §5.6 ("To-do" as clients compute it); the `/pupils` counters count
 * `not_completed`, `excused` and `submitted` apart from to-do (§5.3; classcharts-api-js 2.12.3
 * `src/types.ts` `Pupil`); NikDeKur/classcharts-api@49a2d125b5 `homework/web/ModalHomework.kt`
 * `decodeHomeWorkState` (`not_completed` → not submitted, `late` → submitted late, `completed` → submitted).
 */
export type HomeworkStatus =
  'todo' | 'ticked' | 'completed' | 'late' | 'submitted' | 'missed' | 'excused' | 'other';

/** A teacher's link on a homework (`validated_links[]`). */
export interface HomeworkLink {
  url: string;
  label: string;
}

/**
 * A file attached to a homework or announcement. The URL does not open in a browser later: a homework's is
 * a storage link signed for about a day, an announcement's needs the session; main downloads it
 * (`attachment:open`, client.ts `downloadAttachment`).
 */
export interface Attachment {
  name: string;
  url: string;
  /**
   * `true` when the service gave no virus-checked copy of a homework file (`validated_file` empty,
   * docs/classcharts-api.md §5.6): `url` is then the teacher's upload as it was (`file`), which the app
   * saves to Downloads and never opens. Absent otherwise (announcement files carry no scan result).
   */
  unscanned?: true;
}

/** One homework (`/homeworks/<id>`, docs/classcharts-api.md §5.6). */
export interface Homework {
  /** Homework id. */
  id: number;
  /** Homework-status id (`status.id`), the one `homeworkticked` takes. */
  statusId: number | null;
  /** Title; `"Homework"` when the service sent none. */
  title: string;
  /** Subject, or `null` (nullable upstream). */
  subject: string | null;
  /** Class code, e.g. `"7A/Pe1"`. */
  className: string;
  /** Teacher, or `null`. */
  teacher: string | null;
  /** Kind as the school names it, e.g. `"Homework"`. */
  type: string;
  /** Issue date `YYYY-MM-DD`, or `null` if malformed. */
  issueDate: IsoDate | null;
  /** Due date `YYYY-MM-DD`, or `null` if malformed. */
  dueDate: IsoDate | null;
  status: HomeworkStatus;
  /** Description as the school wrote it: HTML, unsanitized (the renderer sanitizes with DOMPurify). */
  descriptionHtml: string;
  /** Estimated time, e.g. `{ value: 30, unit: 'minutes' }`, or `null` when not given. */
  estimate: { value: number; unit: string } | null;
  links: HomeworkLink[];
  attachments: Attachment[];
  /**
   * The teacher's mark as the school writes it (`status.mark`: `"7/10"`, `"B+"`, `"Merit"`), or `null` when
   * not marked or when the school does not show marks (`meta.display_marks` false).
   */
  mark: string | null;
  /** The teacher left feedback (`status.has_feedback`); its text is only in ClassCharts itself. */
  hasFeedback: boolean;
}

/** Behaviour point polarity; anything unrecognised upstream maps to `neutral`. */
export type Polarity = 'positive' | 'negative' | 'neutral';

/** One activity entry (`/activity/<id>`, docs/classcharts-api.md §5.4): usually a behaviour point. */
export interface BehaviourPoint {
  id: number;
  /** Upstream `type`: `behaviour`, `detention`, `notice`, `attendance_event`, … */
  type: string;
  polarity: Polarity;
  reason: string;
  /** Points; negative points carry a negative score. */
  score: number;
  /** When it happened (naive UK-local upstream, given its offset here); `null` if malformed. */
  timestamp: Instant | null;
  teacher: string | null;
  className: string | null;
  room: string | null;
  note: string | null;
}

/** A page of activity: points newest first, and the id to continue from (`null` = no more pages). */
export interface ActivityPage {
  points: BehaviourPoint[];
  nextLastId: number | null;
}

/** Weekly behaviour counts and reasons (`/behaviour/<id>`, docs/classcharts-api.md §5.5). */
export interface BehaviourSummary {
  weeks: { start: IsoDate; end: IsoDate; positive: number; negative: number }[];
  /** Reason → count (an upstream `[]` becomes `{}`). */
  positiveReasons: Record<string, number>;
  negativeReasons: Record<string, number>;
  totalPositive: number;
  totalNegative: number;
}

/** A badge earned (`/eventbadges/<id>`, docs/classcharts-api.md §8.2 and §5.8). */
export interface Badge {
  id: number;
  name: string;
  iconUrl: string;
  colour: string;
  /** When the badge was created/awarded; `null` if malformed. */
  createdAt: Instant | null;
  /** The behaviour events that earned it (wrapped in `pupil_event` or not, upstream). */
  events: { timestamp: Instant | null; reason: string; label: string; teacher: string }[];
}

/** A school announcement (`/announcements/<id>`, docs/classcharts-api.md §5.9). */
export interface Announcement {
  id: number;
  title: string;
  /** HTML, unsanitized; `""` when null upstream. */
  descriptionHtml: string;
  teacher: string;
  school: string;
  timestamp: Instant | null;
  /** The service says the pupil (or parent) has not read it yet (`state: "new"`). */
  unread: boolean;
  /** `sticky` or `priority_pinned` said "yes". */
  pinned: boolean;
  requiresConsent: boolean;
  /** `true`/`false` once consent was answered; `null` when not asked or not answered. */
  consentGiven: boolean | null;
  attachments: Attachment[];
}

/** Detention attendance as the service reports it (`attended`, docs/classcharts-api.md §5.10). */
export type DetentionStatus = 'pending' | 'attended' | 'missed' | 'upscaled';

/** A detention (`/detentions/<id>`, docs/classcharts-api.md §5.10). */
export interface Detention {
  id: number;
  status: DetentionStatus;
  /** Day `YYYY-MM-DD`, or `null` if missing or malformed upstream. */
  date: IsoDate | null;
  /** Start time `HH:MM` (UK local), or `null`. */
  time: string | null;
  /** Start instant combining date and time with the UK offset, or `null`. */
  start: Instant | null;
  /** Length in minutes, or `null`. */
  lengthMinutes: number | null;
  location: string | null;
  reason: string | null;
  teacher: string | null;
  subject: string | null;
  /** Detention type name, e.g. `"After school"`, or `null`. */
  type: string | null;
}

/**
 * A register mark as a pupil or parent reads it. Source: the service's `status` (docs/classcharts-api.md
 * §5.11; classcharts-api-js 2.12.3 `src/types.ts` `AttendancePeriod.status`: `yes`, `present`, `ignore`,
 * `no`, `absent`, `excused`, `late`): `yes`/`present` → `present`, `late` → `late` (in, but late),
 * `no`/`absent` → `absent`, `excused` → `excused` (an authorised absence); `ignore` (no mark that counts:
 * the school was closed, code `#`, or the session was not registered) and anything else → `unknown`.
 */
export type AttendanceStatus = 'present' | 'late' | 'absent' | 'excused' | 'unknown';

/** One session's register mark (`data[date][session]`, docs/classcharts-api.md §5.11). */
export interface AttendanceMark {
  /** The session as the school names it: `"AM"`, `"PM"`, `"Period 1"`, … */
  session: string;
  /** The register code as sent (`"/"`, `"L"`, `"N"`, `"#"`, …); `""` when none. */
  code: string;
  status: AttendanceStatus;
  /** Minutes late, when the service gave a positive number; else `null`. */
  lateMinutes: number | null;
  /** The lesson of a lesson session (`lesson_name`), or `null`. */
  lesson: string | null;
  /** Its room (`room_name`), or `null`. */
  room: string | null;
}

/** One day's register marks, in the school's session order. */
export interface AttendanceDay {
  /** `YYYY-MM-DD`, Europe/London. */
  date: IsoDate;
  marks: AttendanceMark[];
}

/**
 * Attendance over a date range (`/attendance/<id>?from&to`, docs/classcharts-api.md §5.11): days in date
 * order, the school's sessions in order, and the percentages the service computed.
 */
export interface Attendance {
  days: AttendanceDay[];
  /** Every session the school registers, in its order (`meta.sessions`, then any others the days hold). */
  sessions: string[];
  /** Attendance over the range asked for, in percent (0–100; `meta.percentage`), or `null`. */
  percentage: number | null;
  /** Attendance since August (the school year), in percent (`meta.percentage_singe_august`), or `null`. */
  percentageSinceAugust: number | null;
}
