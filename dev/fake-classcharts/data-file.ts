/**
 * The `--data FILE` format: a JSON {@link FakeDataset} (README.md documents it field by field). Loaded
 * files are validated with zod so a typo gives a clear message instead of a server that answers oddly.
 * Unknown keys inside records are kept and served as they are (handy to try a client on extra fields).
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { isIsoDate } from '../../common/dates';
import type { FakeDataset, FakeLessonTemplate, RawBadgeEvent } from './types';

const isoDate = z.string().refine(isIsoDate, 'expected a YYYY-MM-DD date');
const localTime = z.string().regex(/^\d{2}:\d{2}:\d{2}$/, 'expected HH:MM:SS');
const yesNo = z.enum(['yes', 'no']);

const studentUser = {
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar_url: z.string(),
  display_behaviour: z.boolean(),
  display_parent_behaviour: z.boolean(),
  display_homework: z.boolean(),
  display_rewards: z.boolean(),
  display_detentions: z.boolean(),
  display_report_cards: z.boolean(),
  display_classes: z.boolean(),
  display_announcements: z.boolean(),
  display_academic_reports: z.boolean(),
  display_attendance: z.boolean(),
  display_attendance_type: z.string(),
  display_attendance_percentage: z.boolean(),
  display_activity: z.boolean(),
  display_mental_health: z.boolean(),
  display_mental_health_no_tracker: z.boolean(),
  display_timetable: z.boolean(),
  is_disabled: z.boolean(),
  display_two_way_communications: z.boolean(),
  display_absences: z.boolean(),
  can_upload_attachments: z.boolean().nullable(),
  display_event_badges: z.boolean(),
  display_avatars: z.boolean(),
  display_concern_submission: z.boolean(),
  display_custom_fields: z.boolean(),
  pupil_concerns_help_text: z.string(),
  allow_pupils_add_timetable_notes: z.boolean(),
  detention_alias_plural_uc: z.string(),
  announcements_count: z.number().int(),
  messages_count: z.number().int(),
  pusher_channel_name: z.string(),
  has_birthday: z.boolean(),
  has_new_survey: z.boolean(),
  survey_id: z.number().int().nullable(),
};

const count = z.number().int();
const pupil = z.looseObject({
  ...studentUser,
  school_name: z.string(),
  school_logo: z.string().nullable(),
  timezone: z.string(),
  display_covid_tests: z.boolean(),
  can_record_covid_tests: z.boolean(),
  detention_yes_count: count,
  detention_no_count: count,
  detention_pending_count: count,
  detention_upscaled_count: count,
  homework_todo_count: count,
  homework_late_count: count,
  homework_not_completed_count: count,
  homework_excused_count: count,
  homework_completed_count: count,
  homework_submitted_count: count,
});

const lessonTemplate: z.ZodType<FakeLessonTemplate> = z.looseObject({
  teacher_name: z.string(),
  lesson_id: z.number().int(),
  lesson_name: z.string(),
  subject_name: z.string(),
  is_alternative_lesson: z.boolean(),
  is_break: z.boolean().optional(),
  period_number: z.string(),
  room_name: z.string(),
  key: z.number().int(),
  note_abstract: z.string(),
  note: z.string(),
  pupil_note_abstract: z.string(),
  pupil_note: z.string(),
  pupil_note_raw: z.string(),
  start: localTime.optional(),
  end: localTime.optional(),
});
const day = z.array(lessonTemplate).optional();

const timetable = z.object({
  periods: z.array(z.object({ number: z.string(), start_time: localTime, end_time: localTime })),
  cycleStart: isoDate,
  weeks: z.array(z.object({ Mon: day, Tue: day, Wed: day, Thu: day, Fri: day, Sat: day, Sun: day })).min(1),
  holidays: z.array(
    z.union([
      isoDate,
      z
        .object({ from: isoDate, to: isoDate, name: z.string().optional() })
        .refine((r) => r.from <= r.to, 'a holiday range must not end before it starts'),
    ]),
  ),
  changes: z.record(isoDate, z.array(lessonTemplate)),
});

const teacherAttachment = z.looseObject({
  id: z.number().int(),
  filename: z.string(),
  file: z.string(),
  validated_file: z.string(),
  scan_status: z.string(),
  scan_status_message: z.string(),
});

const homework = z.looseObject({
  lesson: z.string(),
  subject: z.string().nullable(),
  teacher: z.string().nullable(),
  homework_type: z.string(),
  id: z.number().int(),
  title: z.string(),
  meta_title: z.string(),
  description: z.string(),
  issue_date: isoDate,
  due_date: isoDate,
  completion_time_unit: z.string(),
  completion_time_value: z.string(),
  publish_time: z.string(),
  status: z.looseObject({
    id: z.number().int(),
    state: z.enum(['not_completed', 'late', 'completed']).nullable(),
    mark: z.string().nullable(),
    mark_relative: z.number(),
    ticked: yesNo,
    allow_attachments: z.boolean(),
    allow_marking_completed: z.boolean(),
    first_seen_date: z.string().nullable(),
    last_seen_date: z.string().nullable(),
    attachments: z.array(
      z.looseObject({
        id: z.number().int(),
        file_name: z.string(),
        file: z.string(),
        validated_file: z.string(),
        teacher_note: z.string(),
        teacher_homework_attachments: z.array(teacherAttachment),
        can_delete: z.boolean(),
      }),
    ),
    has_feedback: z.boolean(),
  }),
  validated_links: z.array(z.looseObject({ link: z.string(), validated_link: z.string() })),
  validated_attachments: z.array(teacherAttachment),
});

const activityPoint = z.looseObject({
  id: z.number().int(),
  type: z.string(),
  polarity: z.string().nullable(),
  reason: z.string(),
  score: z.number(),
  timestamp: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'expected YYYY-MM-DD HH:MM:SS (naive UK local)'),
  timestamp_custom_time: z.string().nullable(),
  style: z.looseObject({ border_color: z.string().nullable(), custom_class: z.string().nullable() }),
  pupil_name: z.string(),
  lesson_name: z.string().nullable(),
  teacher_name: z.string().nullable(),
  room_name: z.string().nullable(),
  note: z.string().nullable(),
  _can_delete: z.boolean(),
  badges: z.string(),
  detention_date: z.string().nullable(),
  detention_time: z.string().nullable(),
  detention_location: z.string().nullable(),
  detention_type: z.string().nullable(),
});

const badgeEvent: z.ZodType<RawBadgeEvent> = z.looseObject({
  timestamp: z.string(),
  lesson_pupil_behaviour: z.looseObject({
    reason: z.string(),
    score: z.number(),
    icon: z.string().optional(),
    polarity: z.string(),
    timestamp: z.string(),
    teacher: z.looseObject({ title: z.string(), first_name: z.string(), last_name: z.string() }),
  }),
  event: z.looseObject({ label: z.string() }),
});

const badge = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  colour: z.string(),
  created_date: z.string(),
  pupil_badges: z.array(z.union([z.looseObject({ pupil_event: badgeEvent }), badgeEvent])),
  icon_url: z.string(),
});

const consent = z.looseObject({
  consent_given: yesNo,
  comment: z.string().nullable(),
  parent_name: z.string(),
});

const announcement = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  school_name: z.string(),
  teacher_name: z.string(),
  school_logo: z.string().nullable(),
  sticky: yesNo,
  state: z.string().nullable(),
  timestamp: z.string(),
  attachments: z.array(z.looseObject({ filename: z.string(), url: z.string() })),
  for_pupils: z.array(z.string()),
  comment_visibility: z.string(),
  allow_comments: yesNo,
  allow_reactions: yesNo,
  allow_consent: yesNo,
  priority_pinned: yesNo,
  requires_consent: yesNo,
  can_change_consent: z.boolean(),
  consent: consent.nullable(),
  pupil_consents: z.array(
    z.looseObject({
      pupil: z.looseObject({ id: z.string(), first_name: z.string(), last_name: z.string() }),
      can_change_consent: z.boolean(),
      consent: consent.nullable(),
    }),
  ),
});

const detention = z.looseObject({
  id: z.number().int(),
  attended: z.enum(['yes', 'no', 'upscaled', 'pending']),
  date: z.string().nullable(),
  length: z.number().nullable(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  time: z.string().nullable(),
  pupil: z.looseObject({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    school: z.looseObject({
      opt_notes_names: yesNo,
      opt_notes_comments: yesNo,
      opt_notes_comments_pupils: yesNo,
    }),
  }),
  lesson: z
    .looseObject({
      id: z.number().int(),
      name: z.string(),
      subject: z.looseObject({ id: z.number().int(), name: z.string() }).nullable(),
    })
    .nullable(),
  lesson_pupil_behaviour: z.looseObject({ reason: z.string() }),
  teacher: z
    .looseObject({ id: z.number().int(), first_name: z.string(), last_name: z.string(), title: z.string() })
    .nullable(),
  detention_type: z.looseObject({ name: z.string() }).nullable(),
});

const attendanceMark = z.looseObject({
  code: z.string(),
  status: z.string(),
  late_minutes: z.union([z.number(), z.literal('')]),
  lesson_name: z.string().optional(),
  room_name: z.string().optional(),
});

/** The zod schema of the `--data` JSON format; its output type is checked against {@link FakeDataset}. */
export const fakeDatasetSchema: z.ZodType<FakeDataset> = z.object({
  version: z.literal(1),
  appVersion: z.string(),
  students: z.array(
    z.object({
      code: z.string().min(1),
      dateOfBirth: z
        .string()
        .regex(/^\d{1,2}\/\d{1,2}\/\d{4}$/, 'expected DD/MM/YYYY or null (a code-only pupil)')
        .nullable(),
      pupilId: z.number().int(),
    }),
  ),
  parents: z.array(
    z.object({
      user: z.looseObject({
        id: z.number().int(),
        name: z.string(),
        email: z.string(),
        language: z.string().nullable(),
        isEmailVerified: z.boolean(),
      }),
      password: z.string(),
      pupilIds: z.array(z.number().int()),
    }),
  ),
  pupils: z.array(
    z.object({
      pupil,
      timetable,
      homeworks: z.array(homework),
      activity: z.array(activityPoint),
      badges: z.array(badge),
      announcements: z.array(announcement),
      detentions: z.array(detention),
      attendance: z.record(isoDate, z.record(z.string(), attendanceMark)).optional(),
    }),
  ),
});

/**
 * Validates a dataset object (e.g. parsed JSON).
 * @throws Error naming every problem (zod's pretty format) when it does not match the format.
 */
export function parseDataset(value: unknown, source = 'dataset'): FakeDataset {
  const result = fakeDatasetSchema.safeParse(value);
  if (!result.success)
    throw new Error(`${source} is not a valid fake ClassCharts dataset:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/**
 * Reads and validates a `--data` JSON file.
 * @throws Error when the file cannot be read, is not JSON, or does not match the format.
 */
export async function loadDatasetFile(path: string): Promise<FakeDataset> {
  const text = await readFile(path, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  return parseDataset(json, path);
}
