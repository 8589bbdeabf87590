/**
 * The demo pupils' records: the student object sign-in and `/ping` answer with (what the school lets the
 * pupil see), and the `/pupils` record with the counters counted from the pupil's data.
 */
import type { Rng } from './prng';
import { SCHOOL_LOGO, SCHOOL_NAME } from './dataset-school';
import type { FakePupilData, RawAnnouncement, RawPupil, RawStudentUser } from './types';

/**
 * The student object for `pupil`: what the school lets the pupil see, `can_upload_attachments` as given
 * (real accounts may have `null`), the count of its `announcements` not yet read (`state: "new"`), and a
 * Pusher channel name drawn from `rng`.
 */
export function studentUser(
  { id, first, last }: { id: number; first: string; last: string },
  rng: Rng,
  canUpload: boolean | null,
  announcements: readonly RawAnnouncement[],
): RawStudentUser {
  const announcementsCount = announcements.filter((a) => a.state === 'new').length;
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
export function pupilRecord(user: RawStudentUser, data: Omit<FakePupilData, 'pupil'>): RawPupil {
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
