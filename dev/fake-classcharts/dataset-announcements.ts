/**
 * The demo pupils' announcements (`/announcements`): pinned, HTML, with an attachment, asking for consent
 * or with consent given, read or unread, as the service lists them.
 */
import { addDays } from '../../common/dates';
import type { Rng } from './prng';
import { attachmentUrl, SCHOOL_LOGO, SCHOOL_NAME, type Teacher, teacherName, utcIso } from './dataset-school';
import type { IsoDate, RawAnnouncement } from './types';

/** An announcement before it is written as the service does: `daysAgo` back from today, its state. */
export interface AnnouncementSpec {
  title: string;
  description: string | null;
  teacher: Teacher;
  daysAgo: number;
  pinned?: boolean;
  attachment?: string;
  consent?: 'asked' | 'given';
  state: string | null;
}

/**
 * The announcements of `specs` for `pupil`, sent `daysAgo` before `today` at a time drawn from `rng`;
 * `parentName` gives consent where a spec says so. Ids from `firstId`.
 */
export function generateAnnouncements(
  rng: Rng,
  specs: AnnouncementSpec[],
  today: IsoDate,
  pupil: { id: number; first: string; last: string },
  parentName: string,
  firstId: number,
): RawAnnouncement[] {
  return specs.map((s, i) => {
    const consent =
      s.consent === 'given'
        ? { consent_given: 'yes' as const, comment: null, parent_name: parentName }
        : null;
    const date = addDays(today, -s.daysAgo);
    return {
      id: firstId + i * 113,
      title: s.title,
      description: s.description,
      school_name: SCHOOL_NAME,
      teacher_name: teacherName(s.teacher),
      school_logo: i % 2 === 0 ? SCHOOL_LOGO : null,
      sticky: s.pinned ? 'yes' : 'no',
      state: s.state,
      timestamp: utcIso(
        date,
        `${String(rng.int(8, 16)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}:00`,
      ),
      attachments: s.attachment
        ? [{ filename: s.attachment, url: attachmentUrl(rng, s.attachment, date) }]
        : [],
      for_pupils: [],
      comment_visibility: 'none',
      allow_comments: 'no',
      allow_reactions: s.pinned ? 'yes' : 'no',
      allow_consent: s.consent ? 'yes' : 'no',
      priority_pinned: s.pinned ? 'yes' : 'no',
      requires_consent: s.consent ? 'yes' : 'no',
      can_change_consent: s.consent !== undefined,
      consent,
      pupil_consents: s.consent
        ? [
            {
              pupil: { id: String(pupil.id), first_name: pupil.first, last_name: pupil.last },
              can_change_consent: true,
              consent,
            },
          ]
        : [],
    };
  });
}
