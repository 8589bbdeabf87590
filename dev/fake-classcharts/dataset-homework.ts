/**
 * The demo pupils' homework (`/homeworks`): due from three weeks back to three weeks ahead on school days,
 * every status and tick, HTML descriptions, teachers' links and files (one in thirty failing the virus
 * check), pupils' uploads, and one homework to do with both a link and a file (`showcase`).
 */
import { decodeHTML } from 'entities';
import { addDays } from '../../common/dates';
import type { Rng } from './prng';
import {
  attachmentUrl,
  idSequence,
  schoolDays,
  schoolDayUntil,
  type SchoolClass,
  teacherName,
  TOPICS,
  utcIso,
} from './dataset-school';
import type { FakeHoliday, IsoDate, RawHomework, RawHomeworkStatus } from './types';

const DESCRIPTIONS: ((topic: string) => string)[] = [
  (t) =>
    `\n\n<p>Complete the worksheet on&nbsp;<b>${t}</b>.</p>\n<ol><li>Read the notes from today's lesson</li><li>Answer questions 1&ndash;6</li><li>Check your answers against the mark scheme</li></ol>`,
  (t) =>
    `<p>Revise for next week's test on ${t}. Use <a href="https://www.bbc.co.uk/bitesize" target="_blank">BBC Bitesize</a> to help.</p><ul><li>Key words</li><li>One past-paper question</li></ul>`,
  (t) =>
    `\n<p><span style="color: rgb(33, 37, 41);">Write a paragraph (150&nbsp;words) about ${t}.</span></p><p>&nbsp;</p>`,
  (t) => `<p>Log in and finish this week's online tasks on ${t}.</p>\n<p>Minimum <b>30 minutes</b>.</p>`,
  (t) =>
    `<p>Make a revision poster on ${t}:</p><p><img src="https://www.classcharts.com/uploads/homework/poster-example.png" alt="example poster" width="240"></p>`,
  (t) => `Finish the classwork on ${t}.`,
];

/** Status plan for past and future due dates, cycled so every state and tick appears. */
const PAST_STATUSES: [RawHomeworkStatus['state'], 'yes' | 'no'][] = [
  ['completed', 'yes'],
  ['late', 'no'],
  [null, 'yes'],
  ['completed', 'yes'],
  ['not_completed', 'no'],
  ['late', 'yes'],
  ['completed', 'no'],
];
const FUTURE_STATUSES: [RawHomeworkStatus['state'], 'yes' | 'no'][] = [
  [null, 'no'],
  [null, 'yes'],
  [null, 'no'],
  ['completed', 'yes'],
];

/** The end of a review homework's title, HTML-encoded as the service sends names. */
const REVISION = ' &amp; review';

/** The teacher's link the generated homework carries. */
const BITESIZE = 'https://www.bbc.co.uk/bitesize/subjects';

/**
 * Homework for `classes`: on each school day from three weeks before `today` to three weeks after, one
 * due with probability `perDay`; ids increase from `firstId`. Statuses cycle so every state appears.
 */
export function generateHomeworks(
  rng: Rng,
  classes: SchoolClass[],
  today: IsoDate,
  holidays: FakeHoliday[],
  perDay: number,
  firstId: number,
): RawHomework[] {
  const nextId = idSequence(firstId, rng);
  const nextStatusId = idSequence(firstId * 7, rng);
  const homeworks: RawHomework[] = [];
  const days = schoolDays(addDays(today, -21), addDays(today, 21), holidays);
  let past = 0;
  let future = 0;
  const files: { name: string; url: string }[] = [];
  for (const due of days) {
    if (!rng.chance(perDay)) continue;
    const cls = rng.pick(classes.filter((c) => TOPICS[c.subject]));
    const topic = rng.pick(TOPICS[cls.subject] ?? ['revision']);
    // Set in a lesson: on a school day before the due date (at the latest, today or just before).
    const issued = schoolDayUntil(
      [addDays(due, -rng.int(2, 8)), addDays(today, -rng.int(0, 2))].sort()[0] as IsoDate,
      holidays,
    );
    const [state, ticked] =
      due < today
        ? (PAST_STATUSES[past++ % PAST_STATUSES.length] as [RawHomeworkStatus['state'], 'yes' | 'no'])
        : (FUTURE_STATUSES[future++ % FUTURE_STATUSES.length] as [RawHomeworkStatus['state'], 'yes' | 'no']);
    const n = homeworks.length;
    const seen = !(due >= today && n % 3 === 0);
    // A teacher's link or a file; both together only on the showcase below.
    const withFile = n % 5 === 2;
    const withLink = n % 4 === 1 && !withFile;
    const fileName = decodeHTML(`${cls.subject} - ${topic}.pdf`); // file names are not encoded
    const fileUrl = attachmentUrl(rng, fileName, issued);
    files.push({ name: fileName, url: fileUrl });
    const withUpload = state === 'completed' && n % 3 === 0;
    const revision = n % 6 === 5 ? REVISION : '';
    homeworks.push({
      lesson: cls.code,
      // Real data: subject can be null (docs/classcharts-api.md §7.4); one homework shows it.
      subject: n === 3 ? null : cls.subject,
      teacher: teacherName(cls.teacher),
      homework_type: n % 6 === 5 ? 'Revision' : 'Homework',
      id: nextId(),
      // Every sixth is a review, its title encoded as the service sends names (see the file's comment).
      title: `${cls.subject === 'Physical Education' ? 'PE' : cls.subject}: ${topic}${revision}`,
      meta_title: '',
      description: (DESCRIPTIONS[n % DESCRIPTIONS.length] as (t: string) => string)(topic),
      issue_date: issued,
      due_date: due,
      completion_time_unit: n % 7 === 6 ? 'hours' : 'minutes',
      completion_time_value: n % 4 === 0 ? '' : n % 7 === 6 ? '1' : String(rng.pick([20, 30, 45])),
      publish_time: n % 5 === 0 ? '16:30:00' : '00:00:00',
      status: {
        id: nextStatusId(),
        state,
        mark: state === 'completed' && n % 2 === 0 ? rng.pick(['7/10', 'B+', 'Merit']) : null,
        mark_relative: 0,
        ticked,
        allow_attachments: cls.subject !== 'Physical Education',
        allow_marking_completed: true,
        first_seen_date: seen ? utcIso(issued, '17:42:10') : null,
        last_seen_date: seen ? utcIso(issued < today ? addDays(issued, 1) : issued, '08:02:55') : null,
        attachments: withUpload
          ? [
              {
                id: nextId(),
                file_name: `${decodeHTML(topic)}.docx`,
                file: attachmentUrl(rng, `${decodeHTML(topic)}.docx`, due),
                validated_file: attachmentUrl(rng, `${decodeHTML(topic)}.docx`, due),
                teacher_note: n % 2 === 0 ? 'Well done, good detail.' : '',
                teacher_homework_attachments: [],
                can_delete: false,
              },
            ]
          : [],
        has_feedback: withUpload && n % 2 === 0,
      },
      validated_links: withLink ? [{ link: BITESIZE, validated_link: BITESIZE }] : [],
      validated_attachments: withFile
        ? [
            {
              id: nextId(),
              filename: fileName,
              file: fileUrl,
              // One file in six the service's virus check has not passed: no validated copy (issue 26 §3).
              // Only "pass" is seen in real data (docs/classcharts-api.md §5.6); "fail" is modelled.
              ...(n % 30 === 17
                ? {
                    validated_file: '',
                    scan_status: 'fail',
                    scan_status_message: 'The file could not be scanned',
                  }
                : { validated_file: fileUrl, scan_status: 'pass', scan_status_message: '' }),
            },
          ]
        : [],
    });
  }
  showcase(homeworks, files, today);
  return homeworks;
}

/**
 * Gives a teacher's link and a file to the first homework due from `today` on that is still to do and whose
 * title no other homework has, so the demo (and its end-to-end test) always has one to open by its title,
 * whichever days the holidays leave. `files[i]` is the teacher's file made for `homeworks[i]`.
 */
function showcase(homeworks: RawHomework[], files: { name: string; url: string }[], today: IsoDate): void {
  const titles = new Map<string, number>();
  for (const h of homeworks) titles.set(h.title, (titles.get(h.title) ?? 0) + 1);
  const at = homeworks.findIndex(
    (h) => h.due_date >= today && h.status.state !== 'completed' && titles.get(h.title) === 1,
  );
  const h = homeworks[at];
  const file = files[at];
  if (!h || !file) return;
  if (h.validated_links.length === 0) h.validated_links = [{ link: BITESIZE, validated_link: BITESIZE }];
  if (h.validated_attachments.length === 0) {
    h.validated_attachments = [
      {
        id: h.id * 10 + 1, // no draw from the generator, so the rest of the data stays as it is
        filename: file.name,
        file: file.url,
        validated_file: file.url,
        scan_status: 'pass',
        scan_status_message: '',
      },
    ];
  }
}
