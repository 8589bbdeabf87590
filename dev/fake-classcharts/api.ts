/**
 * The data endpoints of the fake ClassCharts server as pure functions: one pupil's records + the request's
 * parameters + "today" → the response envelope (docs/classcharts-api.md §1.2, §5). They never throw on bad
 * input: a malformed parameter gives the error envelope.
 *
 * Choices where the real service is undocumented (README.md repeats them): homework lists are ordered by
 * the chosen date ascending and unfiltered without `from`/`to`; activity without `from` has no lower
 * bound; behaviour defaults to the four weeks ending this Sunday and answers at most a year; a `from`
 * after `to` is an error; error texts for bad parameters are invented in the service's style.
 */
import { addDays, daysBetween, isIsoDate, mondayOf } from '../../common/dates';
import { londonLocalToInstant } from '../../main/classcharts/dates';
import { lessonsOn, type PeriodNameStyle, timetableData } from './timetable';
import type { FakePupilData, IsoDate, RawActivityPoint, RawAttendanceMark, RawHomework } from './types';

/** A response body: success `{success:1, data, meta}` or error `{success:0, expired, error, meta:[]}`. */
export type Envelope =
  { success: 1; data: unknown; meta: unknown } | { success: 0; expired: 0 | 1; error: string; meta: [] };

/** Request parameters: query and form fields merged; empty values are treated as absent. */
export type Params = Record<string, string | undefined>;

/** The success envelope. `meta` defaults to `[]`, PHP's empty array. */
export function ok(data: unknown, meta: unknown = []): Envelope {
  return { success: 1, data, meta };
}

/** The error envelope with `expired: 0`. */
export function fail(error: string, expired: 0 | 1 = 0): Envelope {
  return { success: 0, expired, error, meta: [] };
}

/** The not-logged-in error text (legacy docs' real example, docs/classcharts-api.md §2.6). */
export const NOT_LOGGED_IN = 'You are not logged in. [1]';

/** The not-logged-in body (docs/classcharts-api.md §2.6): `expired` 0 when no token was sent, 1 otherwise. */
export function notLoggedIn(expired: 0 | 1): Envelope {
  return fail(NOT_LOGGED_IN, expired);
}

/** Invalid-date error text (the early mock's wording for getcode, docs/classcharts-api.md §3.1). */
export const INVALID_DATE = 'The date you provided is invalid.';

/** Invented error text (the real one is unknown): a `from` after the `to` (given or default). */
export const INVALID_RANGE = 'The date range you provided is invalid.';

/**
 * Invented error text (the real one is unknown): a behaviour range longer than {@link BEHAVIOUR_MAX_DAYS}.
 */
export const RANGE_TOO_LONG = 'The date range you provided is too long.';

/**
 * The longest behaviour range the fake answers, in days from `from` to `to` (366: a year, leap years
 * included, so at most 53 weekly buckets). The real limit is unknown (docs/classcharts-api.md §5.5 say
 * nothing); a longer range gets {@link RANGE_TOO_LONG} instead of tens of thousands of buckets.
 */
export const BEHAVIOUR_MAX_DAYS = 366;

/** Activity page size (docs/classcharts-api.md §5.4). */
export const ACTIVITY_PAGE_SIZE = 50;

/** Reads an optional `YYYY-MM-DD` parameter; `undefined` when absent, `null` when malformed. */
function dateParam(params: Params, name: string): IsoDate | undefined | null {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  return isIsoDate(value) ? value : null;
}

/**
 * Reads optional `from`/`to` dates; the error envelope if either is malformed ({@link INVALID_DATE}) or
 * `from` is after `to` ({@link INVALID_RANGE}).
 */
function dateRange(params: Params): { from?: IsoDate; to?: IsoDate } | Envelope {
  const from = dateParam(params, 'from');
  const to = dateParam(params, 'to');
  if (from === null || to === null) return fail(INVALID_DATE);
  if (from !== undefined && to !== undefined && from > to) return fail(INVALID_RANGE);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

function isEnvelope(value: object): value is Envelope {
  return 'success' in value;
}

/** `"2026-06-14T23:00:00+00:00"`: the UTC instant of a UK wall-clock time, in the service's +00:00 form. */
function utcOf(date: IsoDate, time: string): string {
  const local = londonLocalToInstant(date, time) ?? `${date}T${time}Z`;
  return new Date(Date.parse(local)).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** Local calendar date of a naive `YYYY-MM-DD HH:MM:SS` activity timestamp. */
function pointDate(point: RawActivityPoint): string {
  return point.timestamp.slice(0, 10);
}

/** Newest first: by naive timestamp (same zone for all), then id. */
function newestFirst(a: RawActivityPoint, b: RawActivityPoint): number {
  return b.timestamp.localeCompare(a.timestamp) || b.id - a.id;
}

/**
 * `/activity/<id>?from&to&last_id` (docs/classcharts-api.md §5.4): points dated `from`–`to` (default: no
 * lower bound, up to today), newest first, {@link ACTIVITY_PAGE_SIZE} per page after the point `last_id`.
 * `meta.last_id` is the page's last id, or `false` on the empty page after the last.
 */
export function activity(pupil: FakePupilData, params: Params, today: IsoDate): Envelope {
  const range = dateRange(params);
  if (isEnvelope(range)) return range;
  const lastIdText = params['last_id'];
  const lastId = lastIdText === undefined || lastIdText === '' ? undefined : Number(lastIdText);
  if (lastId !== undefined && !Number.isInteger(lastId)) return fail('Invalid last_id provided.');
  const to = range.to ?? today;
  if (range.from !== undefined && range.from > to) return fail(INVALID_RANGE);
  // `from` bounds nothing: the service pages back from `to` whatever `from` says ("The `from` field does not
  // work as you would expect … Classcharts only returns 50 points from the `to` field",
  // classchartsapi/api-docs-legacy@eda371fba5 source/index.html.md; "the response will not include up to this
  // date (unless there is less than 50 points)", classchartsapi/api-docs@70803adfa6
  // openapi/clientapi.yaml:82-97).
  const points = pupil.activity.filter((p) => pointDate(p) <= to).sort(newestFirst);
  let start = 0;
  if (lastId !== undefined) {
    const at = points.findIndex((p) => p.id === lastId);
    start = at >= 0 ? at + 1 : points.findIndex((p) => p.id < lastId);
    if (start < 0) start = points.length;
  }
  const page = points.slice(start, start + ACTIVITY_PAGE_SIZE);
  const from = range.from ?? points.at(-1)?.timestamp.slice(0, 10) ?? to;
  return ok(page, {
    start_date: utcOf(from, '00:00:00'),
    end_date: endOfDayUtc(to),
    last_id: page.at(-1)?.id ?? false,
    step_size: 'week',
    detention_alias_uc: 'Detention',
  });
}

/**
 * The UTC instant one second before the UK midnight ending `date`, e.g. `2023-09-24T22:59:59+00:00`: UK
 * 23:59:59 that day (the clocks never change at midnight), so `9999-12-31` needs no day after it.
 */
function endOfDayUtc(date: IsoDate): string {
  return utcOf(date, '23:59:59');
}

/** `9/4/2023`: the US-style M/D/YYYY bucket name of the behaviour timeline. */
function usDate(date: IsoDate): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${m}/${d}/${y}`;
}

/** A reason → count map, or PHP's `[]` when empty. */
function mapOrEmptyArray(counts: Map<string, number>): Record<string, number> | [] {
  return counts.size === 0 ? [] : Object.fromEntries(counts);
}

/**
 * `/behaviour/<id>?from&to` (docs/classcharts-api.md §5.5): weekly buckets from `from` (default: the Monday
 * three weeks before this week's) to `to` (default: this Sunday), counting behaviour points by polarity, and
 * the reasons with their counts (`[]` when none). A `from` after `to` gets {@link INVALID_RANGE}, a range of
 * more than {@link BEHAVIOUR_MAX_DAYS} days {@link RANGE_TOO_LONG}.
 */
export function behaviour(pupil: FakePupilData, params: Params, today: IsoDate): Envelope {
  const range = dateRange(params);
  if (isEnvelope(range)) return range;
  const from = range.from ?? addDays(mondayOf(today), -21);
  const to = range.to ?? addDays(mondayOf(today), 6);
  if (from > to) return fail(INVALID_RANGE);
  const days = daysBetween(from, to);
  if (days > BEHAVIOUR_MAX_DAYS) return fail(RANGE_TOO_LONG);
  const points = pupil.activity.filter(
    (p) => p.type === 'behaviour' && pointDate(p) >= from && pointDate(p) <= to,
  );
  const timeline: { positive: number; negative: number; name: string; start: string; end: string }[] = [];
  // Counted in days from `from`, so no date past `to` is ever made (there is none after 9999-12-31).
  for (let offset = 0; offset <= days; offset += 7) {
    const start = addDays(from, offset);
    const end = days - offset > 6 ? addDays(start, 6) : to;
    const inWeek = points.filter((p) => pointDate(p) >= start && pointDate(p) <= end);
    timeline.push({
      positive: inWeek.filter((p) => p.polarity === 'positive').length,
      negative: inWeek.filter((p) => p.polarity === 'negative').length,
      name: usDate(start),
      start,
      end,
    });
  }
  const reasons = (polarity: string): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const p of points)
      if (p.polarity === polarity) counts.set(p.reason, (counts.get(p.reason) ?? 0) + 1);
    return counts;
  };
  return ok(
    {
      timeline,
      positive_reasons: mapOrEmptyArray(reasons('positive')),
      negative_reasons: mapOrEmptyArray(reasons('negative')),
      other_positive: [],
      other_negative: [],
      other_positive_count: [],
      other_negative_count: [],
    },
    { start_date: `${from}T00:00:00+00:00`, end_date: `${to}T23:59:59+00:00`, step_size: 'week' },
  );
}

const ALLOWED_FILE_TYPES =
  'doc docx pdf xls xlsx ppt pptx pub txt png jpeg jpg gif rtf mp3 odt odp csv mp4 mov m4a sb3 py'.split(' ');

/**
 * `/homeworks/<id>?display_date&from&to` (docs/classcharts-api.md §5.6): `display_date` (`issue_date`, the
 * default, or `due_date`) picks the date the range filters on and the list is ordered by (ascending).
 */
export function homeworks(pupil: FakePupilData, params: Params, today: IsoDate): Envelope {
  const range = dateRange(params);
  if (isEnvelope(range)) return range;
  const display = params['display_date'] || 'issue_date';
  if (display !== 'issue_date' && display !== 'due_date') return fail('Invalid display date.');
  const dateOf = (h: RawHomework): string => h[display];
  const list = pupil.homeworks
    .filter(
      (h) =>
        (range.from === undefined || dateOf(h) >= range.from) &&
        (range.to === undefined || dateOf(h) <= range.to),
    )
    .sort((a, b) => dateOf(a).localeCompare(dateOf(b)) || a.id - b.id);
  const dates = list.map(dateOf).sort();
  const weekStart = mondayOf(today);
  const weekEnd = addDays(weekStart, 6);
  const dueThisWeek = pupil.homeworks.filter((h) => h.due_date >= weekStart && h.due_date <= weekEnd);
  const done = (h: RawHomework): boolean => h.status.state === 'completed' || h.status.ticked === 'yes';
  return ok(list, {
    start_date: range.from ?? dates[0] ?? today,
    end_date: range.to ?? dates.at(-1) ?? today,
    display_type: display,
    max_files_allowed: 5,
    allowed_file_types: ALLOWED_FILE_TYPES,
    this_week_due_count: dueThisWeek.length,
    this_week_outstanding_count: dueThisWeek.filter((h) => !done(h)).length,
    this_week_completed_count: dueThisWeek.filter(done).length,
    allow_attachments: true,
    display_marks: true,
  });
}

/**
 * `/timetable/<id>?date` (docs/classcharts-api.md §5.7): the day's lessons (today when `date` is absent; `[]`
 * on weekends and holidays), with the school's periods in `meta`. `byDate`: `data` is `{"<day>": lessons}`
 * instead (./timetable.ts {@link timetableData}; the `timetableByDate` option). `style`: the school's shape
 * of `period_name` (the `periodNames` option).
 */
export function timetable(
  pupil: FakePupilData,
  params: Params,
  today: IsoDate,
  byDate = false,
  style: PeriodNameStyle = 'number',
): Envelope {
  const date = dateParam(params, 'date');
  if (date === null) return fail(INVALID_DATE);
  const day = date ?? today;
  const lessons = lessonsOn(pupil.timetable, day, style);
  return ok(timetableData(lessons, day, byDate), {
    dates: [day],
    timetable_dates: lessons.length > 0 ? [day] : [],
    periods: pupil.timetable.periods,
    start_time: `${day}T00:00:00+00:00`,
    end_time: `${day}T23:59:59+00:00`,
  });
}

/** `/eventbadges/<id>` (docs/classcharts-api.md §8.2, §5.8): the badges as stored, `meta: []`. */
export function eventBadges(pupil: FakePupilData): Envelope {
  return ok(pupil.badges);
}

/** `/announcements/<id>` (docs/classcharts-api.md §5.9): pinned first, then newest first; `meta: []`. */
export function announcements(pupil: FakePupilData): Envelope {
  const pinned = (a: { priority_pinned: string }): number => (a.priority_pinned === 'yes' ? 0 : 1);
  const list = [...pupil.announcements].sort(
    (a, b) => pinned(a) - pinned(b) || Date.parse(b.timestamp) - Date.parse(a.timestamp),
  );
  return ok(list);
}

/**
 * `/detentions/<id>` (docs/classcharts-api.md §5.10): as stored, with the lowercase plural alias in `meta`.
 */
export function detentions(pupil: FakePupilData): Envelope {
  return ok(pupil.detentions, { detention_alias_plural: 'detentions' });
}

/**
 * Invented error text (the real one is unknown): a `homeworkticked` status id that is not a homework status
 * of the signed-in pupil (unknown, malformed, or another pupil's).
 */
export const HOMEWORK_NOT_FOUND = 'The homework could not be found.';

/**
 * `/apiv2student/homeworkticked/<status id>` (docs/classcharts-api.md §4, §7 item 14): **toggles** the
 * pupil's tick of the homework whose `status.id` is `statusIdPart` (`ticked` "no" ↔ "yes", in the served
 * dataset, so the next `/homeworks` read shows it) and answers `{success:1,data:[],meta:[]}`, whatever
 * `value` says (BetterClasscharts sends `value=yes|no`; the service is documented as a toggle by
 * classchartsapi/api-docs@70803adfa6 `openapi/studentclientapi.yaml`). A status id that is not one of this
 * pupil's homework gets the error envelope {@link HOMEWORK_NOT_FOUND} (HTTP 200), as the service answers
 * bad input (§8.7); the real text is unknown. The pupil's counters (`homework_todo_count`, …) are not
 * recomputed.
 */
export function tickHomework(pupil: FakePupilData, statusIdPart: string | undefined): Envelope {
  const statusId = /^\d{1,15}$/.test(statusIdPart ?? '') ? Number(statusIdPart) : null;
  const homework = pupil.homeworks.find((h) => statusId !== null && h.status.id === statusId);
  if (!homework) return fail(HOMEWORK_NOT_FOUND);
  homework.status.ticked = homework.status.ticked === 'yes' ? 'no' : 'yes';
  return ok([]);
}

/** Invented error text (the real answer is unknown): `/attendance` for a pupil whose school hides it. */
export const ATTENDANCE_HIDDEN = 'Attendance is not available for this pupil.';

/** Statuses that count as attending, and as missing, a session; any other (`ignore`) is not counted. */
const ATTENDED = new Set(['present', 'yes', 'late']);
const MISSED = new Set(['absent', 'no', 'excused']);

/**
 * The share of counted sessions attended, as the service writes it: a string with at most one decimal
 * (`"93.5"`, `"100"`); `"100"` when no session counts (the fixture's holiday day).
 */
function percentageOf(marks: RawAttendanceMark[]): string {
  const attended = marks.filter((m) => ATTENDED.has(m.status)).length;
  const counted = attended + marks.filter((m) => MISSED.has(m.status)).length;
  return String(counted === 0 ? 100 : Math.round((attended / counted) * 1000) / 10);
}

/**
 * `/attendance/<id>?from&to` (docs/classcharts-api.md §5.11): the stored marks of the dates from `from`
 * (default: the Monday of `to`'s week) to `to` (default: today), date → session → mark; `meta` lists those
 * dates, the sessions, the bounds as the fixture writes them (`start_date` the first day's midnight,
 * `end_date` 16:00 of the last, both `+00:00`), `percentage` over the range and `percentage_singe_august`
 * (sic) from 1 August of the school year to today. A pupil whose school hides attendance
 * (`display_attendance: false`) gets {@link ATTENDANCE_HIDDEN}; the percentage is sent whatever
 * `display_attendance_percentage` says (it tells the app what to show).
 */
export function attendance(pupil: FakePupilData, params: Params, today: IsoDate): Envelope {
  if (!pupil.pupil.display_attendance) return fail(ATTENDANCE_HIDDEN);
  const range = dateRange(params);
  if (isEnvelope(range)) return range;
  const to = range.to ?? today;
  const from = range.from ?? mondayOf(to);
  if (from > to) return fail(INVALID_RANGE);
  const stored = pupil.attendance ?? {};
  const dates = Object.keys(stored)
    .filter((date) => date >= from && date <= to)
    .sort();
  const data = Object.fromEntries(dates.map((date) => [date, stored[date]]));
  const sessions = [...new Set(Object.values(stored).flatMap((day) => Object.keys(day)))];
  const august = `${Number(today.slice(0, 4)) - (today.slice(5, 7) < '08' ? 1 : 0)}-08-01`;
  const sinceAugust = Object.entries(stored)
    .filter(([date]) => date >= august && date <= today)
    .flatMap(([, day]) => Object.values(day));
  return ok(dates.length === 0 ? [] : data, {
    dates,
    sessions,
    start_date: `${from}T00:00:00+00:00`,
    end_date: `${to}T16:00:00+00:00`,
    percentage: percentageOf(dates.flatMap((date) => Object.values(stored[date] ?? {}))),
    percentage_singe_august: percentageOf(sinceAugust),
  });
}
