/**
 * The read requests of ./client.ts: the endpoints of docs/classcharts-api.md §4–5 on the student or parent
 * base (timetable, homework, activity, behaviour, badges, announcements, attendance, detentions), each
 * validated and mapped to the domain objects of common/domain.ts, and the download of an attachment's file.
 */
import type { z } from 'zod';
import type {
  ActivityPage,
  Announcement,
  Attendance,
  Badge,
  BehaviourPoint,
  BehaviourSummary,
  Detention,
  Homework,
  IsoDate,
  Lesson,
} from '../../common/domain';
import type { ClientSession } from './client-session';
import {
  AttachmentLinkExpiredError,
  AttachmentNotFoundError,
  BadResponseError,
  InvalidInputError,
  SessionExpiredError,
} from './errors';
import {
  mapActivityPoint,
  mapAnnouncement,
  mapAttendance,
  mapBadge,
  mapBehaviour,
  mapDetention,
  mapHomework,
  mapLesson,
} from './map';
import {
  activitySchema,
  announcementsSchema,
  attendanceSchema,
  badgesSchema,
  behaviourSchema,
  detentionsSchema,
  homeworksSchema,
  lessonsOfDate,
  timetableSchema,
} from './schemas';
import { challengeRefusal, isChallenge, SESSION_REFUSED_STATUSES } from './transport';
import { checkDate, checkPupilId, checkRange } from './validate';

/** Homework query: dates YYYY-MM-DD (Europe/London); `displayDate` picks the date the range filters on. */
export interface HomeworkOptions {
  from?: IsoDate;
  to?: IsoDate;
  /** `due_date` or `issue_date`; omitted = the service's default (issue date). */
  displayDate?: 'due_date' | 'issue_date';
}

/** One activity page: dates YYYY-MM-DD; `lastId` continues after that behaviour point (older ones). */
export interface ActivityPageOptions {
  from?: IsoDate;
  to?: IsoDate;
  lastId?: number;
}

/** Every activity page between the dates; `maxPages` is a hard cap (default 20, at most 200). */
export interface AllActivityOptions {
  from?: IsoDate;
  to?: IsoDate;
  maxPages?: number;
}

/** A date range, both ends optional, YYYY-MM-DD Europe/London. */
export interface DateRange {
  from?: IsoDate;
  to?: IsoDate;
}

/** Which list an attachment comes from: a homework's teacher file, or an announcement's file. */
export type AttachmentKind = 'homework' | 'announcement';

/** A downloaded attachment: its bytes and the Content-Type the server gave (`null` when none). */
export interface DownloadedFile {
  bytes: Uint8Array;
  contentType: string | null;
}

/**
 * Largest attachment downloaded, in bytes (50 MB). The file is held in memory before it is written, so the
 * cap bounds main's memory against a huge or endless answer; school worksheets, letters and slides are a
 * few MB, and a file past 50 MB is better fetched in the browser of the ClassCharts web app.
 */
export const MAX_ATTACHMENT_BYTES = 50 * 1_048_576;

/** Bound on one attachment download, body included, in milliseconds: 50 MB at about 4 Mbit/s. */
export const ATTACHMENT_TIMEOUT_MS = 120_000;

/** Default hard cap on activity pages fetched by {@link allActivity}. */
export const DEFAULT_MAX_ACTIVITY_PAGES = 20;

/**
 * The timetable for one day (`date` YYYY-MM-DD, Europe/London): lessons in the service's order, with
 * start/end instants in UK time (docs/classcharts-api.md §5.7). `[]` on a day without lessons.
 * `pupilId`: optional for a student (the path then has none), required for a parent. The service's `data`
 * is the day's list, or occasionally an object keyed by date (skeffling/timetable-plus@1bfce46dc9
 * extension/common.js `lessonsOf`): then the lessons under `date` are taken, and none when it holds other
 * days only.
 * @throws InvalidInputError a malformed date (nothing is sent); BadResponseError for a `data` of neither
 *   shape; the transport's errors.
 */
export async function timetable(session: ClientSession, date: IsoDate, pupilId?: number): Promise<Lesson[]> {
  checkDate('timetable', date);
  const body = await read(session, timetableSchema, 'timetable', pupilId, { date });
  return lessonsOfDate(body.data, date).map((lesson) => mapLesson(lesson, date));
}

/**
 * Homeworks in a date range (docs/classcharts-api.md §5.6); `displayDate` picks the date filtered on.
 * @throws InvalidInputError a malformed date, `from` after `to`, or another `displayDate` (nothing is sent);
 *   the transport's errors.
 */
export async function homeworks(
  session: ClientSession,
  options: HomeworkOptions,
  pupilId?: number,
): Promise<Homework[]> {
  checkRange(options);
  if (options.displayDate !== undefined && !['due_date', 'issue_date'].includes(options.displayDate))
    throw new InvalidInputError(
      'displayDate is not due_date or issue_date',
      'Choose due date or issue date.',
    );
  const body = await read(session, homeworksSchema, 'homeworks', pupilId, {
    display_date: options.displayDate,
    from: options.from,
    to: options.to,
  });
  const displayMarks = body.meta?.display_marks !== false;
  return body.data.map((homework) => mapHomework(homework, displayMarks));
}

/**
 * One page of activity (behaviour points), newest first (docs/classcharts-api.md §5.4). `nextLastId` is the
 * id of the page's last point, to pass as `lastId` for the next (older) page; `null` when the page is
 * empty, the service said `last_id: false`, or the page reached back past `from`.
 *
 * The service pages back from `to` and does not bound the points by `from` ("The `from` field does not work
 * as you would expect", classchartsapi/api-docs-legacy@eda371fba5 source/index.html.md;
 * classchartsapi/api-docs@70803adfa6 openapi/clientapi.yaml:82-97), so points dated before `from` (their
 * London day) are dropped here, and there is no next page after one.
 */
export async function activityPage(
  session: ClientSession,
  options: ActivityPageOptions,
  pupilId?: number,
): Promise<ActivityPage> {
  checkRange(options);
  if (options.lastId !== undefined) checkPupilId(options.lastId);
  const body = await read(session, activitySchema, 'activity', pupilId, {
    from: options.from,
    to: options.to,
    last_id: options.lastId,
  });
  const all = body.data.map(mapActivityPoint);
  const from = options.from;
  // A mapped timestamp is already in London time (map.ts `toInstant`), so its first ten characters are its
  // London day.
  const points = all.filter(
    (point) => from === undefined || point.timestamp === null || point.timestamp.slice(0, 10) >= from,
  );
  const last = all.at(-1);
  const more =
    points.length === all.length &&
    (body.meta === undefined || (body.meta.last_id !== false && body.meta.last_id !== null));
  return { points, nextLastId: last !== undefined && more ? last.id : null };
}

/**
 * Every activity page between the dates, newest first, each point once. Stops at an empty page, at
 * `last_id: false`, when a page would repeat, or after `maxPages` pages (a hard cap, default 20, so a
 * server that never sends an empty page cannot loop it forever).
 * @throws InvalidInputError `maxPages` is not 1–200; as {@link activityPage}.
 */
export async function allActivity(
  session: ClientSession,
  options: AllActivityOptions,
  pupilId?: number,
): Promise<BehaviourPoint[]> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_ACTIVITY_PAGES;
  if (!Number.isSafeInteger(maxPages) || maxPages < 1 || maxPages > 200)
    throw new InvalidInputError('maxPages is not 1–200', 'Ask for between 1 and 200 pages of activity.');
  const points = new Map<number, BehaviourPoint>();
  const used = new Set<number>();
  let lastId: number | undefined;
  for (let page = 1; page <= maxPages; page++) {
    const result = await activityPage(session, { from: options.from, to: options.to, lastId }, pupilId);
    for (const point of result.points) if (!points.has(point.id)) points.set(point.id, point);
    if (result.nextLastId === null || used.has(result.nextLastId)) return [...points.values()];
    used.add(result.nextLastId);
    lastId = result.nextLastId;
  }
  session.logger.warn('classcharts activity page cap reached', { maxPages });
  return [...points.values()];
}

/** Behaviour statistics between the dates: weekly counts and reasons (docs/classcharts-api.md §5.5). */
export async function behaviour(
  session: ClientSession,
  options: DateRange,
  pupilId?: number,
): Promise<BehaviourSummary> {
  checkRange(options);
  const body = await read(session, behaviourSchema, 'behaviour', pupilId, {
    from: options.from,
    to: options.to,
  });
  return mapBehaviour(body.data);
}

/** Badges earned, each with the events that earned it (docs/classcharts-api.md §8.2, §5.8). */
export async function badges(session: ClientSession, pupilId?: number): Promise<Badge[]> {
  const body = await read(session, badgesSchema, 'eventbadges', pupilId, {});
  return body.data.map(mapBadge);
}

/** School announcements (docs/classcharts-api.md §5.9). */
export async function announcements(session: ClientSession, pupilId?: number): Promise<Announcement[]> {
  const body = await read(session, announcementsSchema, 'announcements', pupilId, {});
  return body.data.map((announcement) => mapAnnouncement(announcement, pupilId));
}

/**
 * Register marks and percentages between the dates (`GET <base>/attendance/<id>?from&to`,
 * docs/classcharts-api.md §5.11; classcharts-api-js 2.12.3 `src/core/baseClient.ts` `getAttendance`).
 * Ask only when the pupil's `features.attendance` is true: the school chose whether to show it.
 * @throws InvalidInputError a malformed date or `from` after `to` (nothing is sent); the transport's errors.
 */
export async function attendance(
  session: ClientSession,
  options: DateRange,
  pupilId?: number,
): Promise<Attendance> {
  checkRange(options);
  const body = await read(session, attendanceSchema, 'attendance', pupilId, {
    from: options.from,
    to: options.to,
  });
  return mapAttendance(body);
}

/** Detentions (docs/classcharts-api.md §5.10). */
export async function detentions(session: ClientSession, pupilId?: number): Promise<Detention[]> {
  const body = await read(session, detentionsSchema, 'detentions', pupilId, {});
  return body.data.map(mapDetention);
}

/**
 * Downloads an attachment's file. `announcement`: with the session (Authorization + cookies), which the
 * service asks for (funfairlabs-incubator/classcharts-orc@93b7b34515 `poller/src/archive.ts:69-77`) —
 * but only when `url` is on the service's own origin: the session never goes to another host.
 * `homework`: a Google Cloud Storage V2 signed link (GingerGigiCat/ClassChartsAndroid@27ba119819
 * `RequestMaker.kt:399`), fetched without the session. Redirects are not followed. Size cap
 * {@link MAX_ATTACHMENT_BYTES}, timeout {@link ATTACHMENT_TIMEOUT_MS}.
 * @throws InvalidInputError `url` is not an absolute http(s) URL.
 * @throws AttachmentLinkExpiredError a homework link answered HTTP 400/403 (GCS `ExpiredToken`,
 *   `AccessDenied`, `SignatureDoesNotMatch`): read the homework again for a fresh link.
 * @throws SessionExpiredError an announcement file on the service's origin answered a redirect, an HTML
 *   page (the sign-in page) or HTTP 401/403/419, or no session is held: sign in again and retry.
 * @throws AttachmentNotFoundError HTTP 404/410. @throws AttachmentTooBigError past the cap.
 * @throws NetworkError no answer or a timeout. @throws BadResponseError any other answer.
 */
export async function downloadAttachment(
  session: ClientSession,
  url: string,
  kind: AttachmentKind,
): Promise<DownloadedFile> {
  const { transport } = session;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    target = new URL('invalid:');
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:')
    throw new InvalidInputError('attachment URL is not http(s)', 'This file has no usable link.');
  const withSession = kind === 'announcement' && transport.isServiceUrl(target);
  if (withSession && !session.hasSession()) throw new SessionExpiredError('no session: sign in first');
  const response = await transport.download({
    url: target,
    withSession,
    maxBytes: MAX_ATTACHMENT_BYTES,
    timeoutMs: ATTACHMENT_TIMEOUT_MS,
  });
  const { status } = response;
  const contentType = response.headers.get('content-type');
  const where = `${target.host}${target.pathname}`;
  // A CDN checking the connection (Cloudflare's 403 challenge) says nothing about the session: try later.
  if (isChallenge(response)) throw challengeRefusal(where);
  if (withSession && (SESSION_REFUSED_STATUSES.has(status) || (status >= 300 && status < 400)))
    throw new SessionExpiredError(`attachment ${where}: HTTP ${status}`);
  if (withSession && status < 300 && /^\s*text\/html/i.test(contentType ?? ''))
    throw new SessionExpiredError(`attachment ${where}: the sign-in page instead of the file`);
  if (kind === 'homework' && (status === 400 || status === 403)) throw new AttachmentLinkExpiredError(status);
  if (status === 404 || status === 410) throw new AttachmentNotFoundError(status);
  if (status < 200 || status >= 300)
    throw new BadResponseError(
      where,
      'attachment download failed',
      status,
      transport.excerpt(new TextDecoder().decode(response.bytes.subarray(0, 400))),
    );
  return { bytes: response.bytes, contentType };
}

/**
 * A read endpoint `/<endpoint>[/<pupilId>]` on the account's base, with query parameters, through
 * {@link ClientSession.call}.
 * @throws InvalidInputError a malformed pupil id, or none on a parent account (nothing is sent).
 */
function read<S extends z.ZodType>(
  session: ClientSession,
  schema: S,
  endpoint: string,
  pupilId: number | undefined,
  query: Record<string, string | number | undefined>,
): Promise<z.output<S>> {
  let path = `${session.base}/${endpoint}`;
  if (pupilId !== undefined) {
    checkPupilId(pupilId);
    path += `/${pupilId}`;
  } else if (session.kind === 'parent') {
    throw new InvalidInputError(`${endpoint}: a parent read needs a pupil id`, 'Choose a pupil first.');
  }
  return session.call(schema, { method: 'GET', path, query });
}
