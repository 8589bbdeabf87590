/**
 * The calendar feed's iCalendar text (issue 28 §2): a pupil's lessons and homework as RFC 5545 events, built
 * with ical-generator. Pure: the same input gives byte-identical text, so a writer can rewrite its file (and
 * a server answer a new body) only when the content changed (./calendar-file.ts).
 *
 * - Lessons: timed events in `TZID=Europe/London`, with the zone's `VTIMEZONE` (timezones-ical-library, the
 *   IANA rules as vzic writes them, bundled as data: no file is read at run time, so it works inside the
 *   app's single bundle); breaks are left out; room → `LOCATION`; period, class code and teacher in the
 *   description; a cover lesson (`isAlternative`) says "(cover)" in its summary and why in its description.
 * - Homework: all-day events on the due date (free time, not busy), its state in the summary ("to do",
 *   "handed in late"…), subject, teacher, class and issue date in the description.
 * - `UID`s are stable: derived from the pupil id and the lesson (its date and id) or the homework id, so a
 *   calendar app updates an event in place on the next refresh, and an event no longer sent (a cancelled
 *   lesson) disappears instead of being duplicated.
 *
 * Dates are `YYYY-MM-DD` Europe/London; instants epoch ms unless typed `Instant` (common/domain.ts).
 */
import { TZDate } from '@date-fns/tz';
import { ICalCalendar, ICalEventTransparency } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { addDays, parseInstant, SCHOOL_TIME_ZONE } from '../../common/dates';
import type { Homework, HomeworkStatus, Lesson, Pupil } from '../../common/domain';

/** The product id (`PRODID`) the feed carries: `-//ClassCharts Tray//Calendar feed//EN`. */
const PRODUCT = { company: 'ClassCharts Tray', product: 'Calendar feed', language: 'EN' } as const;

/** The right-hand side of every `UID`: names the app that made the event (RFC 5545 §3.8.4.7). */
const UID_DOMAIN = 'classcharts-tray';

/** One pupil's part of a feed: the pupil, their lessons (breaks may be included) and their homework. */
export interface PupilCalendarData {
  pupil: Pupil;
  lessons: readonly Lesson[];
  homework: readonly Homework[];
}

/** What {@link buildCalendar} takes. */
export interface CalendarInput {
  /** The pupils in the calendar, in the order their events are written (one for a per-child calendar). */
  pupils: readonly PupilCalendarData[];
  /**
   * One calendar for several children: each event's summary starts with the child's first name
   * (`"Amelia: Mathematics"`) and its description names the pupil. `false` for a calendar of one child.
   */
  combined: boolean;
  /**
   * The calendar's name (`X-WR-CALNAME`, `NAME`); default {@link calendarName} of the pupils and `combined`.
   */
  name?: string;
  /**
   * Every event's `DTSTAMP` (epoch ms, written in UTC). Pass a fixed instant derived from what the feed
   * shows, never the wall clock: the feed's window start (./window.ts `feedStamp`) changes only when the
   * window moves, so two builds of the same data give the same bytes and a writer can tell "unchanged". A
   * calendar app reading a subscribed or re-imported feed compares events by `UID` and content, not by
   * this stamp.
   */
  stamp: number;
}

/**
 * The calendar name: `"ClassCharts – Amelia"` for one child, `"ClassCharts – family"` for a combined
 * calendar (or `"ClassCharts"` when there is no pupil).
 */
export function calendarName(pupils: readonly Pick<PupilCalendarData, 'pupil'>[], combined: boolean): string {
  const only = pupils.length === 1 ? pupils[0] : undefined;
  if (combined || pupils.length > 1) return 'ClassCharts – family';
  return only ? `ClassCharts – ${firstNameOf(only.pupil)}` : 'ClassCharts';
}

/** Homework states as words (docs/classcharts-api.md §5.6; the popover's wording, lower case). */
const STATE_WORDS: Readonly<Record<HomeworkStatus, string>> = {
  todo: 'to do',
  ticked: 'ticked off',
  completed: 'completed',
  late: 'handed in late',
  submitted: 'handed in',
  missed: 'not handed in',
  excused: 'excused',
  other: 'marked by teacher',
};

/** How many events {@link buildCalendarWithCounts} wrote. */
export interface CalendarCounts {
  lessons: number;
  homework: number;
}

/**
 * The `.ics` text of the pupils' lessons and homework (see the module comment for what each event holds).
 * Lessons without a start or an end the service could give, or ending before they start, and homework
 * without a due date are left out (they cannot be placed). Events are sorted (lessons by start, then id;
 * homework by due date, then id), so the order the data arrived in does not change the text.
 * @throws RangeError a malformed lesson date or due date (not `YYYY-MM-DD`).
 */
export function buildCalendar(input: CalendarInput): string {
  return buildCalendarWithCounts(input).text;
}

/** {@link buildCalendar}, and how many lesson and homework events the text holds. */
export function buildCalendarWithCounts(input: CalendarInput): { text: string; counts: CalendarCounts } {
  const calendar = new ICalCalendar({
    prodId: PRODUCT,
    name: input.name ?? calendarName(input.pupils, input.combined),
  });
  // The VTIMEZONE of every TZID the events use (only Europe/London). No calendar-wide time zone: with one,
  // ical-generator writes DTSTAMP in it from the host's local clock; without, DTSTAMP is UTC (`…Z`).
  calendar.timezone({ name: null, generator: vtimezone });
  const stamp = new Date(input.stamp);
  const uids = new Set<string>();
  const counts: CalendarCounts = { lessons: 0, homework: 0 };
  for (const { pupil, lessons, homework } of input.pupils) {
    const prefix = input.combined ? `${firstNameOf(pupil)}: ` : '';
    const whose = input.combined ? [`Pupil: ${pupil.name}`] : [];
    for (const lesson of sortedLessons(lessons)) {
      const start = parseInstant(lesson.start);
      const end = parseInstant(lesson.end);
      if (start === null || end === null || end < start) continue;
      calendar.createEvent({
        id: uniqueUid(uids, `lesson-${pupil.id}-${lesson.date}-${encodeURIComponent(lesson.id)}`),
        stamp,
        start: new TZDate(start, SCHOOL_TIME_ZONE),
        end: new TZDate(end, SCHOOL_TIME_ZONE),
        timezone: SCHOOL_TIME_ZONE,
        summary: `${prefix}${lessonTitle(lesson)}${lesson.isAlternative ? ' (cover)' : ''}`,
        location: lesson.room || null,
        description: [...whose, ...lessonLines(lesson)].join('\n'),
        categories: [{ name: 'Lesson' }],
      });
      counts.lessons += 1;
    }
    for (const item of sortedHomework(homework)) {
      if (item.dueDate === null) continue;
      calendar.createEvent({
        id: uniqueUid(uids, `homework-${pupil.id}-${item.id}`),
        stamp,
        allDay: true,
        // All-day dates are written from the UTC calendar date of these instants (no time zone is set).
        start: new Date(`${item.dueDate}T00:00:00Z`),
        end: new Date(`${addDays(item.dueDate, 1)}T00:00:00Z`),
        summary: `${prefix}${item.subject ? `${item.subject} homework` : 'Homework'}: ${item.title} (${
          STATE_WORDS[item.status]
        })`,
        description: [...whose, ...homeworkLines(item)].join('\n'),
        categories: [{ name: 'Homework' }],
        transparency: ICalEventTransparency.TRANSPARENT,
      });
      counts.homework += 1;
    }
  }
  return { text: calendar.toString(), counts };
}

/** The VTIMEZONE component of an IANA zone (timezones-ical-library), as ical-generator's generator. */
function vtimezone(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) ? (block[0] ?? null) : null;
}

/** The pupil's first name, or the whole name when the service sent no first name. */
function firstNameOf(pupil: Pupil): string {
  return pupil.firstName.trim() || pupil.name;
}

/**
 * `base@classcharts-tray`; a `base` already used in this calendar (two entries sharing an id) gets `-2`,
 * `-3`… in event order, so every event keeps a `UID` of its own and the same data gives the same ones.
 */
function uniqueUid(used: Set<string>, base: string): string {
  let uid = `${base}@${UID_DOMAIN}`;
  for (let n = 2; used.has(uid); n += 1) uid = `${base}-${n}@${UID_DOMAIN}`;
  used.add(uid);
  return uid;
}

/** The lessons worth an event (not breaks), by start instant, then id. */
function sortedLessons(lessons: readonly Lesson[]): Lesson[] {
  return lessons
    .filter((lesson) => !lesson.isBreak)
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        (a.start ?? '').localeCompare(b.start ?? '') ||
        a.id.localeCompare(b.id),
    );
}

/** Homework by due date, then id. */
function sortedHomework(homework: readonly Homework[]): Homework[] {
  return [...homework].sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? '') || a.id - b.id);
}

/** A lesson's name: its subject, else its class code, else "Lesson". */
function lessonTitle(lesson: Lesson): string {
  return lesson.subject || lesson.className || 'Lesson';
}

/** The description lines of a lesson: period, class, teacher, and the cover note. */
function lessonLines(lesson: Lesson): string[] {
  const lines: string[] = [];
  if (lesson.period) {
    const named = lesson.periodName && lesson.periodName !== lesson.period ? ` (${lesson.periodName})` : '';
    lines.push(`Period: ${lesson.period}${named}`);
  }
  if (lesson.className) lines.push(`Class: ${lesson.className}`);
  if (lesson.teacher) lines.push(`Teacher: ${lesson.teacher}`);
  if (lesson.isAlternative) lines.push('Cover lesson: the room or the teacher may differ from usual.');
  return lines;
}

/** The description lines of a homework: state, subject, teacher, class, kind, dates and mark. */
function homeworkLines(item: Homework): string[] {
  const lines = [`State: ${STATE_WORDS[item.status]}`];
  if (item.subject) lines.push(`Subject: ${item.subject}`);
  if (item.teacher) lines.push(`Teacher: ${item.teacher}`);
  if (item.className) lines.push(`Class: ${item.className}`);
  if (item.type) lines.push(`Kind: ${item.type}`);
  if (item.issueDate) lines.push(`Set: ${item.issueDate}`);
  if (item.mark) lines.push(`Mark: ${item.mark}`);
  return lines;
}
