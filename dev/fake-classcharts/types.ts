/**
 * Service-shaped records of the fake ClassCharts server, and the dataset format it serves (also the JSON
 * format of `--data FILE`, documented in ./README.md). Every `Raw*` record is written exactly as the real
 * service sends it — snake_case keys, PHP habits ("yes"/"no" strings, numbers as strings, nulls) — so the
 * server only filters, pages and wraps them in the envelope. Field lists: docs/classcharts-api.md
 * §5 and the fixtures in test/support/fixtures/classcharts/.
 */

/** A calendar date `YYYY-MM-DD` (Europe/London). */
export type IsoDate = string;

/** `"yes"` / `"no"`: the service's boolean strings (announcements, homework, detentions). */
export type YesNo = 'yes' | 'no';

/**
 * The student object: `/apiv2student/ping` `data.user`, and the base of {@link RawPupil}.
 * docs/classcharts-api.md §5.1. Every `display_*` flag is a feature switch the school set.
 */
export interface RawStudentUser {
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  avatar_url: string;
  display_behaviour: boolean;
  display_parent_behaviour: boolean;
  display_homework: boolean;
  display_rewards: boolean;
  display_detentions: boolean;
  display_report_cards: boolean;
  display_classes: boolean;
  display_announcements: boolean;
  display_academic_reports: boolean;
  display_attendance: boolean;
  /** `"instance"` or `"detailed"`. */
  display_attendance_type: string;
  display_attendance_percentage: boolean;
  display_activity: boolean;
  display_mental_health: boolean;
  display_mental_health_no_tracker: boolean;
  display_timetable: boolean;
  is_disabled: boolean;
  display_two_way_communications: boolean;
  display_absences: boolean;
  /** Can be `null` on real accounts. */
  can_upload_attachments: boolean | null;
  display_event_badges: boolean;
  display_avatars: boolean;
  display_concern_submission: boolean;
  display_custom_fields: boolean;
  pupil_concerns_help_text: string;
  allow_pupils_add_timetable_notes: boolean;
  /** School-configurable alias, e.g. `"Detentions"`. */
  detention_alias_plural_uc: string;
  announcements_count: number;
  messages_count: number;
  pusher_channel_name: string;
  has_birthday: boolean;
  has_new_survey: boolean;
  survey_id: number | null;
}

/** A pupil as `/apiv2parent/pupils` lists it: the student object plus school and counter fields (§5.3). */
export interface RawPupil extends RawStudentUser {
  school_name: string;
  school_logo: string | null;
  /** Always `"Europe/London"` here. */
  timezone: string;
  display_covid_tests: boolean;
  can_record_covid_tests: boolean;
  detention_yes_count: number;
  detention_no_count: number;
  detention_pending_count: number;
  detention_upscaled_count: number;
  homework_todo_count: number;
  homework_late_count: number;
  homework_not_completed_count: number;
  homework_excused_count: number;
  homework_completed_count: number;
  homework_submitted_count: number;
}

/** The parent user (`/apiv2parent/ping` `data.user`, `/apiv2parent/login` `data`), §5.2. */
export interface RawParentUser {
  id: number;
  name: string;
  email: string;
  language: string | null;
  /** camelCase, unlike every other field. */
  isEmailVerified: boolean;
}

/** A period of the school day (`timetable` `meta.periods[]`); times `HH:MM:SS` UK local. */
export interface RawPeriod {
  number: string;
  start_time: string;
  end_time: string;
}

/** One timetable row (`/timetable` `data[]`, §5.7). */
export interface RawLesson {
  teacher_name: string;
  lesson_id: number;
  lesson_name: string;
  subject_name: string;
  is_alternative_lesson: boolean;
  /** Optional upstream: present on some rows only. */
  is_break?: boolean;
  /** E.g. `"2Tue:P1"`: cycle week, weekday, period. */
  period_name: string;
  /** `"P1"`, `"Tut"`, … — a string, not always numeric. */
  period_number: string;
  room_name: string;
  /** `YYYY-MM-DD`. */
  date: IsoDate;
  /** ISO with the UK offset in force, e.g. `2026-06-15T08:45:00+01:00`. */
  start_time: string;
  end_time: string;
  /** Not unique: the lessons of a split period share it. */
  key: number;
  note_abstract: string;
  /** May hold HTML. */
  note: string;
  pupil_note_abstract: string;
  pupil_note: string;
  pupil_note_raw: string;
}

/**
 * A lesson in the dataset's repeating timetable: a {@link RawLesson} without the parts the server fills in
 * for the requested date (`date`, `start_time`, `end_time`, `period_name`). Its times come from the period
 * named by `period_number`, unless `start`/`end` (`HH:MM:SS`, UK local) are given — breaks and lunch have
 * no entry in `periods`.
 */
export interface FakeLessonTemplate extends Omit<
  RawLesson,
  'date' | 'start_time' | 'end_time' | 'period_name'
> {
  start?: string;
  end?: string;
}

/** Three-letter weekday names used as keys of a timetable cycle week. */
export type Weekday = 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun';

/** School holidays from `from` to `to`, both included (`YYYY-MM-DD`, Europe/London). */
export interface FakeHolidayRange {
  from: IsoDate;
  to: IsoDate;
  /** What it is, for people reading the data (`"Christmas holidays"`); the server ignores it. */
  name?: string;
}

/** A day without lessons (`YYYY-MM-DD`) or a range of them. */
export type FakeHoliday = IsoDate | FakeHolidayRange;

/**
 * A pupil's timetable as a repeating cycle, so the server can answer for any date (with the UK offset of
 * that date). `weeks[n]` is cycle week n+1; week 1 starts on `cycleStart` (a Monday).
 */
export interface FakeTimetable {
  periods: RawPeriod[];
  /** A Monday `YYYY-MM-DD`: the first day of cycle week 1. */
  cycleStart: IsoDate;
  weeks: Partial<Record<Weekday, FakeLessonTemplate[]>>[];
  /**
   * Days with no lessons at all: single dates (INSET days, bank holidays) and ranges (school holidays,
   * `from`–`to` inclusive). The timetable of such a day is `[]`, as on a weekend (docs/classcharts-api.md
   * §5.7).
   */
  holidays: FakeHoliday[];
  /**
   * Timetable changes on given dates: each template replaces the cycle's lessons in the same
   * `period_number` on that date (or adds one when the period was empty).
   */
  changes: Record<IsoDate, FakeLessonTemplate[]>;
}

/** A teacher link on a homework (`validated_links[]`). */
export interface RawHomeworkLink {
  link: string;
  validated_link: string;
}

/** A teacher file on a homework (`validated_attachments[]`); `filename`, not the old `file_name`. */
export interface RawHomeworkAttachment {
  id: number;
  filename: string;
  file: string;
  validated_file: string;
  scan_status: string;
  scan_status_message: string;
}

/** A pupil's own upload on a homework (`status.attachments[]`). */
export interface RawStudentUpload {
  id: number;
  file_name: string;
  file: string;
  validated_file: string;
  teacher_note: string;
  teacher_homework_attachments: RawHomeworkAttachment[];
  can_delete: boolean;
}

/** Homework status (`status`), §5.6. `id` is the homework-status id `homeworkticked` takes. */
export interface RawHomeworkStatus {
  id: number;
  state: 'not_completed' | 'late' | 'completed' | null;
  mark: string | null;
  mark_relative: number;
  ticked: YesNo;
  allow_attachments: boolean;
  allow_marking_completed: boolean;
  /** ISO with offset, or `null` when never seen. */
  first_seen_date: string | null;
  last_seen_date: string | null;
  attachments: RawStudentUpload[];
  has_feedback: boolean;
}

/** One homework (`/homeworks` `data[]`), §5.6. */
export interface RawHomework {
  lesson: string;
  subject: string | null;
  teacher: string | null;
  homework_type: string;
  id: number;
  title: string;
  meta_title: string;
  /** HTML, possibly with leading newlines and `&nbsp;`. */
  description: string;
  /** `YYYY-MM-DD`. */
  issue_date: IsoDate;
  due_date: IsoDate;
  completion_time_unit: string;
  /** A string: `""` or `"30"`. */
  completion_time_value: string;
  /** `HH:MM:SS`. */
  publish_time: string;
  status: RawHomeworkStatus;
  validated_links: RawHomeworkLink[];
  validated_attachments: RawHomeworkAttachment[];
}

/** One activity entry (`/activity` `data[]`), §5.4. */
export interface RawActivityPoint {
  id: number;
  /** `behaviour` | `detention` | `notice` | `attendance_event` | `question` | `event`. */
  type: string;
  polarity: string | null;
  reason: string;
  /** Negative for negative points. */
  score: number;
  /** `YYYY-MM-DD HH:MM:SS`, naive UK local time. */
  timestamp: string;
  timestamp_custom_time: string | null;
  style: { border_color: string | null; custom_class: string | null };
  pupil_name: string;
  lesson_name: string | null;
  teacher_name: string | null;
  room_name: string | null;
  note: string | null;
  _can_delete: boolean;
  badges: string;
  detention_date: string | null;
  detention_time: string | null;
  detention_location: string | null;
  detention_type: string | null;
}

/** The behaviour event behind a badge (`pupil_badges[]` element, or its `pupil_event`), §5.8. */
export interface RawBadgeEvent {
  /** ISO with offset. */
  timestamp: string;
  lesson_pupil_behaviour: {
    reason: string;
    score: number;
    /** Present in the spec's shape, absent in the recorded fixture. */
    icon?: string;
    polarity: string;
    timestamp: string;
    teacher: { title: string; first_name: string; last_name: string };
  };
  event: { label: string };
}

/** A `pupil_badges[]` element: wrapped in `pupil_event` (spec, JS client) or not (recorded fixture). */
export type RawPupilBadge = { pupil_event: RawBadgeEvent } | RawBadgeEvent;

/** A badge (`/eventbadges` `data[]`), docs/classcharts-api.md §8.2 and §5.8. */
export interface RawBadge {
  id: number;
  name: string;
  icon: string;
  colour: string;
  /** ISO with offset. */
  created_date: string;
  pupil_badges: RawPupilBadge[];
  icon_url: string;
}

/** A consent answer on an announcement. */
export interface RawConsent {
  consent_given: YesNo;
  comment: string | null;
  parent_name: string;
}

/** One announcement (`/announcements` `data[]`), §5.9. */
export interface RawAnnouncement {
  id: number;
  title: string;
  /** HTML, or `null`. */
  description: string | null;
  school_name: string;
  teacher_name: string;
  school_logo: string | null;
  sticky: YesNo;
  state: string | null;
  /** ISO with offset. */
  timestamp: string;
  attachments: { filename: string; url: string }[];
  for_pupils: string[];
  comment_visibility: string;
  allow_comments: YesNo;
  allow_reactions: YesNo;
  allow_consent: YesNo;
  priority_pinned: YesNo;
  requires_consent: YesNo;
  can_change_consent: boolean;
  consent: RawConsent | null;
  /** Note `pupil.id` is a string here. */
  pupil_consents: {
    pupil: { id: string; first_name: string; last_name: string };
    can_change_consent: boolean;
    consent: RawConsent | null;
  }[];
}

/** One detention (`/detentions` `data[]`), §5.10. */
export interface RawDetention {
  id: number;
  attended: 'yes' | 'no' | 'upscaled' | 'pending';
  /** ISO midnight (`2026-06-15T00:00:00+00:00`) — not always well-formed in real data. */
  date: string | null;
  /** Minutes. */
  length: number | null;
  location: string | null;
  notes: string | null;
  /** `HH:MM`. */
  time: string | null;
  pupil: {
    id: number;
    first_name: string;
    last_name: string;
    school: { opt_notes_names: YesNo; opt_notes_comments: YesNo; opt_notes_comments_pupils: YesNo };
  };
  lesson: { id: number; name: string; subject: { id: number; name: string } | null } | null;
  lesson_pupil_behaviour: { reason: string };
  teacher: { id: number; first_name: string; last_name: string; title: string } | null;
  detention_type: { name: string } | null;
}

/**
 * One session's register mark (`/attendance` `data[date][session]`, §5.11): `code` the register code
 * (`"/"`, `"\\"`, `"L"`, `"N"`, `"I"`, `"#"`, or `""`), `status` one of `present`, `late`, `absent`,
 * `excused`, `ignore` (and, in the JS client's type, `yes`/`no`), `late_minutes` a number or `""`.
 */
export interface RawAttendanceMark {
  code: string;
  status: string;
  late_minutes: number | '';
  lesson_name?: string;
  room_name?: string;
}

/** Everything the fake serves about one pupil. */
export interface FakePupilData {
  pupil: RawPupil;
  timetable: FakeTimetable;
  homeworks: RawHomework[];
  /** Behaviour points and other activity, any order (the server sorts newest first). */
  activity: RawActivityPoint[];
  badges: RawBadge[];
  announcements: RawAnnouncement[];
  detentions: RawDetention[];
  /**
   * Register marks by date, then session (`"AM"`, `"PM"`), as `/attendance` sends them; absent = none. The
   * server answers the dates of a range from here and computes the percentages from every mark.
   */
  attendance?: Record<IsoDate, Record<string, RawAttendanceMark>>;
}

/**
 * A student login: access code (matched case-insensitively) and date of birth `DD/MM/YYYY`, or `null` for a
 * pupil the school signs in with the code only (any date, or none, is then accepted).
 */
export interface FakeStudentAccount {
  code: string;
  dateOfBirth: string | null;
  pupilId: number;
}

/** A parent login and the pupils it may see. */
export interface FakeParentAccount {
  user: RawParentUser;
  password: string;
  pupilIds: number[];
}

/**
 * The whole dataset the fake serves: also the `--data FILE` JSON format (see README.md). The first student
 * and the first parent are the demo accounts.
 */
export interface FakeDataset {
  version: 1;
  /** Reported in `ping` `meta.version`, e.g. `"27.16.2"`. */
  appVersion: string;
  students: FakeStudentAccount[];
  parents: FakeParentAccount[];
  pupils: FakePupilData[];
}
