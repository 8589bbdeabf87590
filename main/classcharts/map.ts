/**
 * Schema output (schemas.ts) → the domain model (types.ts). Pure functions, no I/O.
 *
 * Dates and times (docs/classcharts-api.md §6): every instant comes out as an
 * ISO string with the Europe/London offset in force (`+01:00` in summer, `+00:00` in winter), whatever
 * form the service used: lesson times already carry it, badge/announcement times come as `+00:00`, and
 * activity timestamps are naive UK local time that dates.ts gives an offset. A malformed value becomes
 * `null` instead of failing the response.
 *
 * Text (docs/classcharts-api.md §5, §7.17): the service sends names HTML-encoded (`Design &amp; Technology`,
 * `Mr O&#039;Brien`), so every plain-text field of a mapped record is decoded once (school-text.ts
 * `schoolText`); HTML (`…Html` fields) and addresses (`…Url`, `url`) are kept as they came.
 */
import { isIsoDate, londonDate, parseInstant, toLondonInstant } from '../../common/dates';
import { londonLocalToInstant } from './dates';
import { bounded, schoolText } from './school-text';
import type {
  RawActivityPoint,
  RawAnnouncement,
  RawAttendance,
  RawBadge,
  RawBehaviour,
  RawDetention,
  RawHomework,
  RawLesson,
  RawPupil,
} from './schemas';
import type {
  Announcement,
  Attachment,
  Attendance,
  AttendanceMark,
  AttendanceStatus,
  Badge,
  BehaviourPoint,
  BehaviourSummary,
  Detention,
  DetentionStatus,
  Homework,
  HomeworkStatus,
  Instant,
  IsoDate,
  Lesson,
  Polarity,
  Pupil,
} from '../../common/domain';

const NAIVE_LOCAL = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2}(?::\d{2})?)$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const HH_MM = /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

/**
 * Any date-time the service sends → an `Instant` with the Europe/London offset, or `null` when malformed.
 * Accepts ISO with offset or `Z` (re-expressed in UK time) and naive `YYYY-MM-DD HH:MM[:SS]` or
 * `YYYY-MM-DDTHH:MM[:SS]` (read as UK local time, docs/classcharts-api.md §5.4).
 */
export function toInstant(value: string | null): Instant | null {
  if (value === null) return null;
  const ms = parseInstant(value);
  if (ms !== null) return toLondonInstant(ms);
  const naive = NAIVE_LOCAL.exec(value.trim());
  if (naive?.[1] && naive[2]) return londonLocalToInstant(naive[1], naive[2]);
  return null;
}

/**
 * Any date the service sends → `YYYY-MM-DD` (Europe/London), or `null` when malformed. Accepts a plain
 * date or a date-time with an offset (its UK calendar day, e.g. detention `2024-03-28T00:00:00+00:00`).
 */
export function toIsoDate(value: string | null): IsoDate | null {
  if (value === null) return null;
  const v = value.trim();
  if (isIsoDate(v)) return v;
  const ms = parseInstant(v);
  return ms === null ? null : londonDate(ms);
}

/**
 * The `YYYY-MM-DD` a malformed date starts with, or `null`: `"2023-08-24:00:00+00:00"` → `2023-08-24` (the one
 * known malformed detention date, veloii/classcharts-rs@a2262b7429 src/api/detentions.rs:131). Only for a value
 * {@link toIsoDate} could not read: a well-formed instant's London day can differ from its leading date.
 */
export function leadingIsoDate(value: string | null): IsoDate | null {
  const leading = /^\s*(\d{4}-\d{2}-\d{2})(?!\d)/.exec(value ?? '')?.[1];
  return leading !== undefined && isIsoDate(leading) ? leading : null;
}

/**
 * A behaviour timeline name `M/D/YYYY` (US order, docs/classcharts-api.md §5.5) → `YYYY-MM-DD`, or `null`.
 */
function usDateToIso(value: string | null): IsoDate | null {
  const m = value === null ? null : US_DATE.exec(value.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[1]?.padStart(2, '0')}-${m[2]?.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** "Mr J Doe"-style name from `{title, first_name, last_name}`, or `null` when all parts are empty. */
function personName(
  person: { title: string | null; first_name: string | null; last_name: string | null } | null | undefined,
): string | null {
  if (!person) return null;
  const name = [person.title, person.first_name, person.last_name]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? null : name;
}

/** Empty or blank string → `null`. */
function nonEmpty(value: string | null): string | null {
  return value === null || value.trim() === '' ? null : value;
}

/** A count the service sent: a whole number ≥ 0, else `null`. */
function count(value: number | null): number | null {
  return value !== null && Number.isInteger(value) && value >= 0 ? value : null;
}

/**
 * Student object / parent pupil → Pupil (docs/classcharts-api.md §5.1, §5.3). A missing feature flag means
 * shown.
 */
export function mapPupil(raw: RawPupil): Pupil {
  const firstName = raw.first_name ?? '';
  const lastName = raw.last_name ?? '';
  return bounded({
    id: raw.id,
    name: nonEmpty(raw.name) ?? (`${firstName} ${lastName}`.trim() || `Pupil ${raw.id}`),
    firstName,
    lastName,
    schoolName: nonEmpty(raw.school_name),
    avatarUrl: nonEmpty(raw.avatar_url),
    detentionAlias: nonEmpty(raw.detention_alias_plural_uc) ?? 'Detentions',
    features: {
      behaviour: raw.display_behaviour ?? true,
      homework: raw.display_homework ?? true,
      timetable: raw.display_timetable ?? true,
      detentions: raw.display_detentions ?? true,
      announcements: raw.display_announcements ?? true,
      badges: raw.display_event_badges ?? true,
      activity: raw.display_activity ?? true,
      attendance: raw.display_attendance ?? false,
      attendancePercentage: raw.display_attendance_percentage ?? false,
    },
    counters: {
      homeworkToDo: count(raw.homework_todo_count),
      homeworkLate: count(raw.homework_late_count),
      detentionsPending: count(raw.detention_pending_count),
      announcements: count(raw.announcements_count),
    },
  });
}

/**
 * Timetable entry → Lesson (docs/classcharts-api.md §5.7). `requestedDate` is the day asked for, used when
 * the entry's own `date` is missing. The id combines lesson id, period and start because `key` is not unique.
 */
export function mapLesson(raw: RawLesson, requestedDate: IsoDate): Lesson {
  const start = toInstant(raw.start_time);
  const period = nonEmpty(raw.period_number) ?? nonEmpty(raw.period_name) ?? '';
  return bounded({
    id: `${raw.lesson_id ?? raw.key ?? 'lesson'}:${period}:${start ?? raw.start_time ?? ''}`,
    date: toIsoDate(raw.date) ?? requestedDate,
    start,
    end: toInstant(raw.end_time),
    period,
    periodName: raw.period_name ?? '',
    subject: raw.subject_name ?? '',
    className: raw.lesson_name ?? '',
    room: raw.room_name ?? '',
    teacher: raw.teacher_name ?? '',
    isBreak: raw.is_break ?? false,
    isAlternative: raw.is_alternative_lesson ?? false,
    noteHtml: raw.note ?? '',
  });
}

/** The teacher's `status.state` values this client knows, and what each means to the pupil. */
const TEACHER_STATES: Readonly<Record<string, HomeworkStatus>> = {
  completed: 'completed',
  late: 'late',
  submitted: 'submitted',
  not_completed: 'missed',
  excused: 'excused',
};

/**
 * Homework status as a pupil sees it (docs/classcharts-api.md §5.6): the teacher's `status.state` decides
 * when set (`not_completed` → `missed`, an unknown state → `other`, never `todo`: a teacher's verdict is not
 * something left to do); else `ticked` when the pupil ticked it off; else `todo`.
 */
export function homeworkStatus(state: string | null, ticked: boolean | null): HomeworkStatus {
  const teacher = state?.trim() ?? '';
  if (teacher !== '') return Object.hasOwn(TEACHER_STATES, teacher) ? TEACHER_STATES[teacher]! : 'other';
  return ticked === true ? 'ticked' : 'todo';
}

/**
 * Homework → Homework (docs/classcharts-api.md §5.6). Title falls back to `"Homework"`. `displayMarks` is
 * the list's `meta.display_marks`: when the school does not show marks (`false`) the mark is left out.
 */
export function mapHomework(raw: RawHomework, displayMarks = true): Homework {
  const minutes = raw.completion_time_value;
  return bounded({
    id: raw.id,
    statusId: raw.status?.id ?? null,
    title: nonEmpty(raw.title)?.trim() ?? 'Homework',
    subject: nonEmpty(raw.subject),
    className: raw.lesson ?? '',
    teacher: nonEmpty(raw.teacher),
    type: nonEmpty(raw.homework_type) ?? 'Homework',
    issueDate: toIsoDate(raw.issue_date),
    dueDate: toIsoDate(raw.due_date),
    status: homeworkStatus(raw.status?.state ?? null, raw.status?.ticked ?? null),
    descriptionHtml: raw.description ?? '',
    estimate:
      minutes !== null && minutes > 0
        ? { value: minutes, unit: nonEmpty(raw.completion_time_unit) ?? 'minutes' }
        : null,
    links: raw.validated_links.flatMap((link) => {
      const url = nonEmpty(link.validated_link) ?? nonEmpty(link.link);
      return url === null ? [] : [{ url, label: nonEmpty(link.link) ?? url }];
    }),
    attachments: raw.validated_attachments.flatMap((file): Attachment[] => {
      const checked = nonEmpty(file.validated_file);
      const url = checked ?? nonEmpty(file.file);
      if (url === null) return [];
      const name = nonEmpty(file.filename) ?? nonEmpty(file.file_name) ?? 'Attachment';
      // No validated copy: the upload was not virus-checked by the service (its scan failed or is pending).
      return [checked === null ? { name, url, unscanned: true } : { name, url }];
    }),
    mark: displayMarks ? (nonEmpty(raw.status?.mark ?? null)?.trim() ?? null) : null,
    hasFeedback: raw.status?.has_feedback ?? false,
  });
}

/**
 * Upstream polarity → Polarity; anything unrecognised (`blank`, null) is `neutral` (docs/classcharts-api.md
 * §5.4).
 */
function polarity(value: string | null): Polarity {
  return value === 'positive' || value === 'negative' ? value : 'neutral';
}

/**
 * Activity point → BehaviourPoint (docs/classcharts-api.md §5.4); the naive UK-local timestamp gets its
 * offset.
 */
export function mapActivityPoint(raw: RawActivityPoint): BehaviourPoint {
  return bounded({
    id: raw.id,
    type: raw.type ?? 'behaviour',
    polarity: polarity(raw.polarity),
    reason: raw.reason ?? '',
    score: raw.score ?? 0,
    timestamp: toInstant(raw.timestamp),
    teacher: nonEmpty(raw.teacher_name),
    className: nonEmpty(raw.lesson_name),
    room: nonEmpty(raw.room_name),
    note: nonEmpty(raw.note),
  });
}

/**
 * Counts per reason with each reason (a key) decoded and cut as a text field is ({@link schoolText}); reasons
 * that then agree add up.
 */
function boundedReasons(reasons: Record<string, number>): Record<string, number> {
  const counts = new Map<string, number>();
  for (const [reason, count] of Object.entries(reasons)) {
    const key = schoolText(reason);
    counts.set(key, (counts.get(key) ?? 0) + count);
  }
  return Object.fromEntries(counts);
}

/**
 * Behaviour statistics → BehaviourSummary (docs/classcharts-api.md §5.5). A week whose start is malformed
 * falls back to its US-style `name`; one with neither is dropped. Totals sum the weeks (the reasons when no
 * weeks).
 */
export function mapBehaviour(raw: RawBehaviour): BehaviourSummary {
  const weeks = raw.timeline.flatMap((week) => {
    const start = toIsoDate(week.start) ?? usDateToIso(week.name);
    if (start === null) return [];
    return [
      {
        start,
        end: toIsoDate(week.end) ?? start,
        positive: week.positive ?? 0,
        negative: week.negative ?? 0,
      },
    ];
  });
  const positiveReasons = boundedReasons(raw.positive_reasons ?? {});
  const negativeReasons = boundedReasons(raw.negative_reasons ?? {});
  const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
  return {
    weeks,
    positiveReasons,
    negativeReasons,
    totalPositive: weeks.length > 0 ? sum(weeks.map((w) => w.positive)) : sum(Object.values(positiveReasons)),
    totalNegative: weeks.length > 0 ? sum(weeks.map((w) => w.negative)) : sum(Object.values(negativeReasons)),
  };
}

/** Badge → Badge (docs/classcharts-api.md §8.2, §5.8); events come unwrapped from schemas.ts. */
export function mapBadge(raw: RawBadge): Badge {
  return bounded({
    id: raw.id,
    name: raw.name ?? '',
    iconUrl: nonEmpty(raw.icon_url) ?? raw.icon ?? '',
    colour: raw.colour ?? '',
    createdAt: toInstant(raw.created_date),
    events: raw.pupil_badges.map((event) => ({
      timestamp: toInstant(event.timestamp ?? event.lesson_pupil_behaviour?.timestamp ?? null),
      reason: event.lesson_pupil_behaviour?.reason ?? '',
      label: event.event?.label ?? '',
      teacher: personName(event.lesson_pupil_behaviour?.teacher) ?? '',
    })),
  });
}

/**
 * An announcement's `state` → unread: only `"new"` is (docs/classcharts-api.md §5.9: `"viewed"`, `"new"`,
 * `null`; classcharts-api-js 2.12.3 src/types.ts `Announcement.state: string | null`). `null` and anything
 * else read as read: nothing is marked unread that the service did not say is new.
 */
export function isUnread(state: string | null): boolean {
  return state?.trim().toLowerCase() === 'new';
}

/**
 * Announcement → Announcement (docs/classcharts-api.md §5.9); yes/no flags already booleans. `pupilId`: whose
 * announcement list this is. When the announcement's own `consent` is not set, the answer is that pupil's
 * entry of `pupil_consents` (a parent answers for each child; its `pupil.id` is a string, classcharts-api-js
 * 2.12.3 types.d.ts `AnnouncementPupilConsent`), so a parent who consented is not asked again.
 */
export function mapAnnouncement(raw: RawAnnouncement, pupilId?: number): Announcement {
  const perPupil =
    pupilId === undefined
      ? undefined
      : raw.pupil_consents.find((entry) => String(entry.pupil?.id ?? '') === String(pupilId));
  const consentGiven = raw.consent?.consent_given ?? perPupil?.consent?.consent_given ?? null;
  return bounded({
    id: raw.id,
    title: raw.title ?? '',
    descriptionHtml: raw.description ?? '',
    teacher: raw.teacher_name ?? '',
    school: raw.school_name ?? '',
    timestamp: toInstant(raw.timestamp),
    unread: isUnread(raw.state),
    pinned: raw.sticky === true || raw.priority_pinned === true,
    requiresConsent: raw.requires_consent ?? false,
    consentGiven,
    attachments: raw.attachments.flatMap((file): Attachment[] => {
      const url = nonEmpty(file.url);
      return url === null
        ? []
        : [{ name: nonEmpty(file.filename) ?? nonEmpty(file.file_name) ?? 'Attachment', url }];
    }),
  });
}

/** Upstream `attended` → DetentionStatus: yes → attended, no → missed; unknown → pending. */
function detentionStatus(value: string | null): DetentionStatus {
  switch (value?.trim().toLowerCase()) {
    case 'yes':
      return 'attended';
    case 'no':
      return 'missed';
    case 'upscaled':
      return 'upscaled';
    default:
      return 'pending';
  }
}

/**
 * Detention → Detention (docs/classcharts-api.md §5.10); a malformed `date` becomes `null` (and so does
 * `start`).
 */
export function mapDetention(raw: RawDetention): Detention {
  const date = toIsoDate(raw.date) ?? leadingIsoDate(raw.date);
  const timeMatch = raw.time === null ? null : HH_MM.exec(raw.time.trim());
  const time = timeMatch ? `${timeMatch[1]?.padStart(2, '0')}:${timeMatch[2]}` : null;
  return bounded({
    id: raw.id,
    status: detentionStatus(raw.attended),
    date,
    time,
    start: date !== null && time !== null ? londonLocalToInstant(date, time) : null,
    lengthMinutes: raw.length,
    location: nonEmpty(raw.location),
    reason: nonEmpty(raw.lesson_pupil_behaviour?.reason ?? null),
    teacher: personName(raw.teacher),
    subject: nonEmpty(raw.lesson?.subject?.name ?? null),
    type: nonEmpty(raw.detention_type?.name ?? null),
  });
}

/**
 * The service's attendance `status` → AttendanceStatus (see its JSDoc in types.ts for the sources):
 * `yes`/`present` → present, `late` → late, `no`/`absent` → absent, `excused` → excused; `ignore`, empty and
 * anything unknown → unknown.
 */
export function attendanceStatus(value: string | null): AttendanceStatus {
  switch (value?.trim().toLowerCase()) {
    case 'yes':
    case 'present':
      return 'present';
    case 'late':
      return 'late';
    case 'no':
    case 'absent':
      return 'absent';
    case 'excused':
      return 'excused';
    default:
      return 'unknown';
  }
}

/**
 * Attendance → Attendance (docs/classcharts-api.md §5.11; shape: the veloii/classcharts-rs@a2262b7429
 * fixture and classcharts-api-js 2.12.3 `AttendanceData`/`AttendanceMeta`). Days come in date order; a day
 * whose key is not a date, or a mark that was not an object, is left out. Sessions follow `meta.sessions`,
 * then the order the days name others in. The percentages are `null` when missing or unreadable.
 */
export function mapAttendance(raw: RawAttendance): Attendance {
  const sessions = new Set<string>();
  for (const name of raw.meta?.sessions ?? []) if (name !== null && name.trim() !== '') sessions.add(name);
  for (const marks of Object.values(raw.data)) for (const name of Object.keys(marks)) sessions.add(name);
  const order = [...sessions];
  const days = Object.entries(raw.data)
    .filter(([date]) => isIsoDate(date.trim()))
    .map(([date, marks]) => ({
      date: date.trim(),
      marks: order.flatMap((session): AttendanceMark[] => {
        const mark = marks[session];
        if (mark === null || mark === undefined) return [];
        return [
          {
            session,
            code: mark.code?.trim() ?? '',
            status: attendanceStatus(mark.status),
            lateMinutes: mark.late_minutes !== null && mark.late_minutes > 0 ? mark.late_minutes : null,
            lesson: nonEmpty(mark.lesson_name),
            room: nonEmpty(mark.room_name),
          },
        ];
      }),
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return bounded({
    days,
    sessions: order,
    percentage: raw.meta?.percentage ?? null,
    percentageSinceAugust: raw.meta?.percentage_singe_august ?? raw.meta?.percentage_since_august ?? null,
  });
}
