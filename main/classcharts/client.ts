/**
 * The ClassCharts API client: the one place where the service's quirks are absorbed; everything
 * downstream sees the clean, typed domain objects of ./types.ts. Runtime-agnostic (no electron import):
 * the app passes a fetch on Electron's `net.request` (system and PAC proxies; main/platform/net-fetch.ts),
 * tests and the CLI pass Node's.
 *
 * Sign-in is the web form (docs/classcharts-api.md §2.1–2.2, §8.4–8.5): one POST, redirect not followed,
 * the token read from the `*_session_credentials` cookie, every cookie kept and sent back. Renewal is
 * `/ping` with `include_data=true` (§2.5). Reads are the endpoints of §4 on the student or parent base.
 *
 * Concurrency: the client uses whatever token it holds; the session keeper serialises renewals against
 * reads. No retries here either: every failure is thrown as a typed error (./errors.ts).
 */
import type { z } from 'zod';
import type { Clock, Logger } from '../ports';
import { londonDate } from './dates';
import {
  AttachmentLinkExpiredError,
  AttachmentNotFoundError,
  BadResponseError,
  type CredentialField,
  HomeworkTickError,
  InvalidInputError,
  NoPupilsError,
  ServiceRefusedError,
  SessionExpiredError,
  WrongCredentialsError,
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
  mapPupil,
  schoolText,
} from './map';
import {
  activitySchema,
  announcementsSchema,
  attendanceSchema,
  badgesSchema,
  behaviourSchema,
  detentionsSchema,
  hasDobSchema,
  homeworksSchema,
  homeworkTickedSchema,
  lessonsOfDate,
  parentUserSchema,
  pingSchema,
  pupilSchema,
  pupilsSchema,
  timetableSchema,
} from './schemas';
import {
  challengeRefusal,
  excerptOf,
  isChallenge,
  isUsableToken,
  SESSION_REFUSED_STATUSES,
  Transport,
  type TransportRequest,
} from './transport';
import type {
  Account,
  AccountKind,
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
  Pupil,
} from '../../common/domain';
import {
  checkDate,
  checkPupilId,
  checkRange,
  normaliseAccessCode,
  normaliseDateOfBirth,
  normaliseParent,
  type ParentSignIn,
  type StudentSignIn,
} from './validate';

/**
 * Sign-in details. Student: `code` (trimmed and upper-cased by the client) and `dateOfBirth` DD/MM/YYYY
 * (unpadded `1/5/2012` and `YYYY-MM-DD` accepted; `''` for a pupil whose school gave a code only,
 * docs/classcharts-api.md §2.3). Parent: `email` and `password`.
 */
export type Credentials =
  | { kind: 'student'; code: string; dateOfBirth: string }
  | { kind: 'parent'; email: string; password: string };

/**
 * Statuses that are no answer from a sign-in page at all (the base URL points elsewhere): a refusal is
 * anything else without a session cookie (docs/classcharts-api.md §2.1: "anything other than 302+cookies").
 */
const NOT_A_SIGN_IN_ANSWER: ReadonlySet<number> = new Set([404, 405, 410]);

/** What the client is built from. `timeoutMs` bounds each request (default 15 000 ms). */
export interface ClientOptions {
  /** Node's global fetch, the fetch on Electron's `net.request` (main/platform/net-fetch.ts), or a test double. */
  fetch: typeof fetch;
  /** Service root, e.g. `https://www.classcharts.com` or the fake server's URL. */
  baseUrl: string;
  clock: Clock;
  logger: Logger;
  /** Per-request timeout in milliseconds, body included (default 15 000). */
  timeoutMs?: number;
}

/** Homework query: dates YYYY-MM-DD (Europe/London); `displayDate` picks the date the range filters on. */
export interface HomeworkOptions {
  from?: IsoDate;
  to?: IsoDate;
  /** `due_date` or `issue_date`; omitted = the service's default (issue date). */
  displayDate?: 'due_date' | 'issue_date';
}

/**
 * The homework a tick is for: its id, and the dates that find it again in a homework read (any `Homework`
 * from {@link ClassChartsClient.homeworks} will do). With neither date the whole list is read.
 */
export type HomeworkTickTarget = Pick<Homework, 'id'> & Partial<Pick<Homework, 'dueDate' | 'issueDate'>>;

/** Statuses a pupil may tick or untick: the others are the teacher's (completed, late, …). */
const TICKABLE: ReadonlySet<Homework['status']> = new Set(['todo', 'ticked']);

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

/** Default hard cap on activity pages fetched by {@link ClassChartsClient.allActivity}. */
export const DEFAULT_MAX_ACTIVITY_PAGES = 20;

/**
 * The login form's constant fields (docs/classcharts-api.md §2.1–2.2). `remember_me` only for students: every
 * student client sends it; no parent client does (classcharts-api-js 2.12.3 parentClient.js:55-59,
 * proffalken/ha-classcharts@d2cd1dd3c3 api.py:47-49, funfairlabs-incubator/classcharts-orc@93b7b34515
 * shared/src/classcharts.ts:218-224).
 */
const FORM_CONSTANTS = { _method: 'POST', 'recaptcha-token': 'no-token-available' };

/**
 * A ClassCharts client for one account (student or parent). Create one per sign-in; `signOut()` forgets
 * the session. Every method throws only ClassChartsError subclasses (./errors.ts).
 */
export class ClassChartsClient {
  private readonly transport: Transport;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private accountKind: AccountKind | null = null;
  /** The token a running {@link logout} is ending: no other request may use it. */
  private endingSession: string | null = null;
  /** The last token the service called expired, for {@link revive}; `null` once revived, refused or ended. */
  private timedOut: string | null = null;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
    this.clock = options.clock;
    this.logger = options.logger;
  }

  /** The kind of the signed-in account, or `null` before `login()` and after `signOut()`. */
  get kind(): AccountKind | null {
    return this.accountKind;
  }

  /**
   * True while the client holds a session token. Becomes false after `signOut()` and when the service
   * reported the held token expired (then sign in again).
   */
  hasSession(): boolean {
    return this.transport.token !== null && this.transport.token !== this.endingSession;
  }

  /**
   * Signs in with the web form: ONE round trip (POST, redirect not followed); keeps the token from the
   * `*_session_credentials` cookie and every cookie set. Validates first, before any network call. A parent
   * session may show no data until it is pinged (docs/classcharts-api.md §2.2): `account()` pings, and the
   * session keeper pings after signing in again by itself.
   * @throws InvalidInputError a field is unusable (nothing was sent).
   * @throws WrongCredentialsError the service refused; for a student the `hasdob` and `checkpupilcode`
   *   probes tell a wrong code (`field: 'code'`) from a wrong or missing date of birth (`'dateOfBirth'`); a
   *   known pupil with no date of birth, or a probe that fails, gives no field.
   * @throws NetworkError, BadResponseError (HTTP 5xx; 404, 405 or 410 — no sign-in page there; a
   *   session token that cannot go in a header), ServiceRefusedError (HTTP 429; a Cloudflare challenge, which
   *   says nothing about the credentials). A web page with HTTP 200
   *   and no cookie is a refusal, whoever sent it: the real refusal is such a page (docs/classcharts-api.md
   *   §2.1).
   */
  async login(credentials: Credentials): Promise<void> {
    const signIn: StudentSignIn | ParentSignIn =
      credentials.kind === 'student'
        ? {
            kind: 'student',
            code: normaliseAccessCode(credentials.code),
            dateOfBirth: normaliseDateOfBirth(credentials.dateOfBirth, londonDate(this.clock.now())),
          }
        : normaliseParent(credentials.email, credentials.password);
    this.signOut();
    const path = signIn.kind === 'student' ? '/student/login' : '/parent/login';
    const form =
      signIn.kind === 'student'
        ? { ...FORM_CONSTANTS, remember_me: '1', code: signIn.code, dob: signIn.dateOfBirth }
        : { ...FORM_CONSTANTS, email: signIn.email, logintype: 'existing', password: signIn.password };
    const response = await this.transport.send({ method: 'POST', path, form, auth: false });
    const token = this.transport.cookies.sessionToken();
    if (token !== null && response.status < 400 && !isUsableToken(token)) {
      this.transport.cookies.clear();
      throw new BadResponseError(
        path,
        'sign-in cookie holds a session token that cannot be sent back',
        response.status,
        '(token withheld)',
      );
    }
    if (token !== null && response.status < 400) {
      this.transport.token = token;
      this.accountKind = signIn.kind;
      this.logger.info('classcharts signed in', {
        kind: signIn.kind,
        cookies: this.transport.cookies.names(),
      });
      return;
    }
    this.transport.cookies.clear();
    if (response.status >= 500 || NOT_A_SIGN_IN_ANSWER.has(response.status))
      throw new BadResponseError(
        path,
        response.status >= 500 ? 'sign-in failed' : 'no sign-in page at this address',
        response.status,
        // The page may echo what was typed: redact the sign-in details as well as any token.
        excerptOf(
          response.body,
          signIn.kind === 'student' ? [signIn.code, signIn.dateOfBirth] : [signIn.email, signIn.password],
        ),
      );
    if (response.status === 429)
      throw new ServiceRefusedError(path, 'Too many sign-in attempts; wait a few minutes and try again.');
    if (isChallenge(response)) throw challengeRefusal(path);
    this.logger.info('classcharts sign-in refused', { kind: signIn.kind, status: response.status });
    if (signIn.kind === 'parent') throw new WrongCredentialsError('parent');
    const field = fieldFromLoginBody(response.body) ?? (await this.probeAccessCode(signIn.code));
    this.transport.cookies.clear();
    throw new WrongCredentialsError('student', field, signIn.dateOfBirth !== '');
  }

  /**
   * The signed-in account. Student: one `/ping` (which renews the token) → the pupil from `data.user`.
   * Parent: `/ping` (renews, gives the parent's name) and `/pupils` together, one round trip. `/pupils`
   * is asked once more, after the ping, when it came back empty (a parent session may need the ping to
   * "activate" it before it shows data, docs/classcharts-api.md §2.2) or refused the token the ping was
   * replacing (client notes, decision 5).
   * @throws NoPupilsError a parent account with no pupils; SessionExpiredError; the transport's errors.
   */
  async account(): Promise<Account> {
    if (this.accountKind === 'parent') {
      const [renewal, listing] = await Promise.allSettled([this.ping(), this.pupils()]);
      if (renewal.status === 'rejected') throw renewal.reason;
      let pupils: Pupil[];
      if (listing.status === 'fulfilled' && listing.value.length > 0) pupils = listing.value;
      else if (
        listing.status === 'fulfilled' ||
        (listing.reason instanceof SessionExpiredError && this.hasSession())
      )
        pupils = await this.pupils();
      else throw listing.reason;
      const parent = parentUserSchema.safeParse(renewal.value);
      if (pupils.length === 0) throw new NoPupilsError();
      // The parent's name is plain text, HTML-encoded like every other name (docs/classcharts-api.md §5).
      const name = parent.success ? schoolText(parent.data.name ?? '').trim() : undefined;
      return { kind: 'parent', name: name || 'Parent', pupils };
    }
    const pupil = await this.studentInfo();
    return { kind: 'student', name: pupil.name, pupils: [pupil] };
  }

  /**
   * Renews the session: POST `/ping` with `include_data=true` on the account's base; the token becomes
   * `meta.session_id` (kept as is if the service sent none, or one that cannot go in a header). Field
   * notes §2.5.
   * @throws SessionExpiredError the token was no longer accepted; the transport's errors.
   */
  async renew(): Promise<void> {
    await this.ping();
  }

  /**
   * Brings a session back without signing in: pings (as {@link renew}) with the token held, or else with the
   * token the service last called expired. skeffling/timetable-plus (`extension/common.js`
   * `ccRefreshSession`) gets a new token this way from the live service; the legacy docs imply a timed-out
   * token is dead (docs/classcharts-api.md §2.5, §9), so the caller signs in when this resolves `false`.
   * Resolves `true` with a new token held (or the held one confirmed); `false` when the service refused the
   * token, or answered the ping for a refused token without a new one (it is then forgotten); `null` when
   * there was no token to try (no request was sent).
   * @throws NetworkError, BadResponseError, ServiceRefusedError: the question was not answered (a timed-out
   *   token is kept for another try).
   */
  async revive(): Promise<boolean | null> {
    const held = this.transport.token;
    const token = held ?? this.timedOut;
    if (token === null || this.accountKind === null || token === this.endingSession) return null;
    this.transport.token = token;
    try {
      await this.ping();
      this.timedOut = null;
      // A ping that kept a token a read had refused (no new id came) renews nothing: sign in instead.
      if (held === null && this.transport.token === token) {
        this.transport.token = null;
        return false;
      }
      return true;
    } catch (error) {
      if (error instanceof SessionExpiredError) {
        this.timedOut = null;
        return false;
      }
      if (held === null && this.transport.token === token) this.transport.token = null;
      throw error;
    }
  }

  /**
   * Ends the session on the service, best effort: POST `/logout` on the account's base with the session
   * (NCPlayz's client and both mock servers, daydreme/classcharts-server-mock@17323a2da3 pkg/router/router.go),
   * then forgets it as {@link signOut} does, whatever the answer. Never throws: a sign-out that cannot reach
   * the service still signs out here, and the token dies on its own within 180 s.
   */
  async logout(): Promise<void> {
    const path = `${this.base}/logout`;
    const token = this.transport.token;
    if (token === null) return this.signOut();
    this.endingSession = token; // from now on nothing else is sent with it
    try {
      await this.transport.send({ method: 'POST', path });
    } catch (error) {
      this.logger.info('classcharts logout not sent', { error: (error as Error).name });
    } finally {
      if (this.transport.token === token) this.signOut();
      if (this.endingSession === token) this.endingSession = null;
    }
  }

  /** Forgets the token, the cookies and the account kind. No network call. */
  signOut(): void {
    this.transport.token = null;
    this.timedOut = null;
    this.transport.cookies.clear();
    this.accountKind = null;
  }

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
  async timetable(date: IsoDate, pupilId?: number): Promise<Lesson[]> {
    checkDate('timetable', date);
    const body = await this.read(timetableSchema, 'timetable', pupilId, { date });
    return lessonsOfDate(body.data, date).map((lesson) => mapLesson(lesson, date));
  }

  /** Homeworks in a date range (docs/classcharts-api.md §5.6); `displayDate` picks the date filtered on. */
  async homeworks(options: HomeworkOptions, pupilId?: number): Promise<Homework[]> {
    checkRange(options);
    if (options.displayDate !== undefined && !['due_date', 'issue_date'].includes(options.displayDate))
      throw new InvalidInputError(
        'displayDate is not due_date or issue_date',
        'Choose due date or issue date.',
      );
    const body = await this.read(homeworksSchema, 'homeworks', pupilId, {
      display_date: options.displayDate,
      from: options.from,
      to: options.to,
    });
    const displayMarks = body.meta?.display_marks !== false;
    return body.data.map((homework) => mapHomework(homework, displayMarks));
  }

  /**
   * Ticks a homework off (`ticked: true`) or unticks it, as a pupil does in the ClassCharts app, and returns
   * the homework as a fresh read shows it afterwards. Students only.
   *
   * The service's `GET /apiv2student/homeworkticked/<status id>?pupil_id=<pupil id>` TOGGLES the tick and
   * answers an empty success (docs/classcharts-api.md §4, §7 item 14; classchartsapi/api-docs@70803adfa6
   * `openapi/studentclientapi.yaml`), so: (1) read the homework now; (2) send the toggle only when its state
   * differs from `ticked`; (3) read it again and check. Every call starts from a fresh read, so running it
   * again after a failure (the session keeper retries once after signing in again) never toggles twice:
   * the second run finds the state already set and sends nothing. `pupil_id` is sent when `pupilId` is
   * given (BetterClasscharts `StudentClient.swift:446` and other GET clients send it; see
   * docs/notes/client.md decision 20).
   * @throws InvalidInputError on a parent account, or a malformed id or date.
   * @throws HomeworkTickError `not-found`, `not-tickable` (status not `todo`/`ticked`, or no status id),
   *   `not-confirmed` (the read after the toggle shows another state).
   * @throws the transport's errors (SessionExpiredError, NetworkError, BadResponseError, ServiceRefusedError).
   */
  async setHomeworkTicked(target: HomeworkTickTarget, ticked: boolean, pupilId?: number): Promise<Homework> {
    if (this.accountKind === 'parent')
      throw new InvalidInputError(
        'setHomeworkTicked() is for student accounts',
        'Only the pupil can tick homework off.',
      );
    if (!Number.isSafeInteger(target.id) || target.id <= 0)
      throw new InvalidInputError(
        'homework id is not a positive integer',
        'That homework could not be found.',
      );
    if (pupilId !== undefined) checkPupilId(pupilId);
    const current = await this.homeworkNow(target, pupilId);
    if (current === undefined) throw new HomeworkTickError(target.id, 'not-found', ticked);
    if (!TICKABLE.has(current.status) || current.statusId === null)
      throw new HomeworkTickError(target.id, 'not-tickable', ticked);
    if ((current.status === 'ticked') === ticked) return current;
    await this.call(homeworkTickedSchema, {
      method: 'GET',
      path: `/apiv2student/homeworkticked/${current.statusId}`,
      query: { pupil_id: pupilId },
    });
    this.logger.info('classcharts homework toggled', { homeworkId: current.id, ticked });
    const confirmed = await this.homeworkNow(current, pupilId);
    if (confirmed === undefined || (confirmed.status === 'ticked') !== ticked)
      throw new HomeworkTickError(target.id, 'not-confirmed', ticked);
    return confirmed;
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
  async activityPage(options: ActivityPageOptions, pupilId?: number): Promise<ActivityPage> {
    checkRange(options);
    if (options.lastId !== undefined) checkPupilId(options.lastId);
    const body = await this.read(activitySchema, 'activity', pupilId, {
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
   */
  async allActivity(options: AllActivityOptions, pupilId?: number): Promise<BehaviourPoint[]> {
    const maxPages = options.maxPages ?? DEFAULT_MAX_ACTIVITY_PAGES;
    if (!Number.isSafeInteger(maxPages) || maxPages < 1 || maxPages > 200)
      throw new InvalidInputError('maxPages is not 1–200', 'Ask for between 1 and 200 pages of activity.');
    const points = new Map<number, BehaviourPoint>();
    const used = new Set<number>();
    let lastId: number | undefined;
    for (let page = 1; page <= maxPages; page++) {
      const result = await this.activityPage({ from: options.from, to: options.to, lastId }, pupilId);
      for (const point of result.points) if (!points.has(point.id)) points.set(point.id, point);
      if (result.nextLastId === null || used.has(result.nextLastId)) return [...points.values()];
      used.add(result.nextLastId);
      lastId = result.nextLastId;
    }
    this.logger.warn('classcharts activity page cap reached', { maxPages });
    return [...points.values()];
  }

  /** Behaviour statistics between the dates: weekly counts and reasons (docs/classcharts-api.md §5.5). */
  async behaviour(options: DateRange, pupilId?: number): Promise<BehaviourSummary> {
    checkRange(options);
    const body = await this.read(behaviourSchema, 'behaviour', pupilId, {
      from: options.from,
      to: options.to,
    });
    return mapBehaviour(body.data);
  }

  /** Badges earned, each with the events that earned it (docs/classcharts-api.md §8.2, §5.8). */
  async badges(pupilId?: number): Promise<Badge[]> {
    const body = await this.read(badgesSchema, 'eventbadges', pupilId, {});
    return body.data.map(mapBadge);
  }

  /** School announcements (docs/classcharts-api.md §5.9). */
  async announcements(pupilId?: number): Promise<Announcement[]> {
    const body = await this.read(announcementsSchema, 'announcements', pupilId, {});
    return body.data.map((announcement) => mapAnnouncement(announcement, pupilId));
  }

  /**
   * Register marks and percentages between the dates (`GET <base>/attendance/<id>?from&to`,
   * docs/classcharts-api.md §5.11; classcharts-api-js 2.12.3 `src/core/baseClient.ts` `getAttendance`).
   * Ask only when the pupil's `features.attendance` is true: the school chose whether to show it.
   * @throws InvalidInputError a malformed date or `from` after `to` (nothing is sent); the transport's errors.
   */
  async attendance(options: DateRange, pupilId?: number): Promise<Attendance> {
    checkRange(options);
    const body = await this.read(attendanceSchema, 'attendance', pupilId, {
      from: options.from,
      to: options.to,
    });
    return mapAttendance(body);
  }

  /** Detentions (docs/classcharts-api.md §5.10). */
  async detentions(pupilId?: number): Promise<Detention[]> {
    const body = await this.read(detentionsSchema, 'detentions', pupilId, {});
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
  async downloadAttachment(url: string, kind: AttachmentKind): Promise<DownloadedFile> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      target = new URL('invalid:');
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:')
      throw new InvalidInputError('attachment URL is not http(s)', 'This file has no usable link.');
    const withSession = kind === 'announcement' && this.transport.isServiceUrl(target);
    if (withSession && !this.hasSession()) throw new SessionExpiredError('no session: sign in first');
    const response = await this.transport.download({
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
    if (kind === 'homework' && (status === 400 || status === 403))
      throw new AttachmentLinkExpiredError(status);
    if (status === 404 || status === 410) throw new AttachmentNotFoundError(status);
    if (status < 200 || status >= 300)
      throw new BadResponseError(
        where,
        'attachment download failed',
        status,
        this.transport.excerpt(new TextDecoder().decode(response.bytes.subarray(0, 400))),
      );
    return { bytes: response.bytes, contentType };
  }

  /**
   * The pupils a parent may see (`GET /apiv2parent/pupils`, docs/classcharts-api.md §5.3).
   * @throws InvalidInputError on a student account.
   */
  async pupils(): Promise<Pupil[]> {
    if (this.accountKind === 'student')
      throw new InvalidInputError(
        'pupils() is for parent accounts',
        'Only a parent account has a list of pupils.',
      );
    const body = await this.call(pupilsSchema, { method: 'GET', path: '/apiv2parent/pupils' });
    return body.data.map(mapPupil);
  }

  /**
   * The signed-in student (`/apiv2student/ping` `data.user`, docs/classcharts-api.md §5.1); renews the token
   * too.
   * @throws InvalidInputError on a parent account.
   */
  async studentInfo(): Promise<Pupil> {
    if (this.accountKind === 'parent')
      throw new InvalidInputError(
        'studentInfo() is for student accounts',
        'Only a student account has this.',
      );
    const path = '/apiv2student/ping';
    const parsed = pupilSchema.safeParse(await this.ping());
    if (!parsed.success)
      throw new BadResponseError(
        path,
        'ping has no usable data.user',
        null,
        parsed.error.issues[0]?.message ?? '',
      );
    return mapPupil(parsed.data);
  }

  // -------------------------------------------------------------------------------------------
  // Internals
  // -------------------------------------------------------------------------------------------

  /** The API base of the signed-in kind (`/apiv2student` before sign-in, which then fails as expired). */
  private get base(): string {
    return this.accountKind === 'parent' ? '/apiv2parent' : '/apiv2student';
  }

  /** POST `/ping` include_data=true; replaces the token with `meta.session_id`; returns `data.user`. */
  private async ping(): Promise<unknown> {
    const body = await this.call(pingSchema, {
      method: 'POST',
      path: `${this.base}/ping`,
      form: { include_data: 'true' },
    });
    const next = body.meta?.session_id?.trim();
    if (next && isUsableToken(next)) this.transport.token = next;
    else this.logger.warn('classcharts ping returned no usable session id; keeping the current one');
    return body.data.user;
  }

  /**
   * The homework as the service shows it now: the list due on its due date (else issued on its issue date,
   * else the whole list), searched for its id.
   */
  private async homeworkNow(target: HomeworkTickTarget, pupilId?: number): Promise<Homework | undefined> {
    const options: HomeworkOptions = target.dueDate
      ? { displayDate: 'due_date', from: target.dueDate, to: target.dueDate }
      : target.issueDate
        ? { displayDate: 'issue_date', from: target.issueDate, to: target.issueDate }
        : {};
    return (await this.homeworks(options, pupilId)).find((h) => h.id === target.id);
  }

  /** A read endpoint `/<endpoint>[/<pupilId>]` on the account's base, with query parameters. */
  private read<S extends z.ZodType>(
    schema: S,
    endpoint: string,
    pupilId: number | undefined,
    query: Record<string, string | number | undefined>,
  ): Promise<z.output<S>> {
    let path = `${this.base}/${endpoint}`;
    if (pupilId !== undefined) {
      checkPupilId(pupilId);
      path += `/${pupilId}`;
    } else if (this.accountKind === 'parent') {
      throw new InvalidInputError(`${endpoint}: a parent read needs a pupil id`, 'Choose a pupil first.');
    }
    return this.call(schema, { method: 'GET', path, query });
  }

  /** An API call; if the service reports the token it was sent with expired, forget that token. */
  private async call<S extends z.ZodType>(schema: S, request: TransportRequest): Promise<z.output<S>> {
    const sentWith = this.transport.token;
    if (sentWith !== null && sentWith === this.endingSession) throw new SessionExpiredError('signing out');
    try {
      return await this.transport.api(schema, request);
    } catch (error) {
      if (error instanceof SessionExpiredError && sentWith !== null && this.transport.token === sentWith) {
        this.transport.token = null;
        this.timedOut = sentWith;
      }
      throw error;
    }
  }

  /**
   * Which field a refused student sign-in got wrong, asked of the service's two pre-login helpers
   * (docs/classcharts-api.md §2.3): `/apiv2student/hasdob` true → the pupil has a date of birth, so that was
   * wrong (or missing); otherwise `/student/checkpupilcode/<code>` tells an unknown code (`'code'`) from a
   * known pupil with no date of birth, who was refused for some other reason (`undefined`: neither field is
   * provably wrong). `hasdob` answers false for both an unknown code and a code-only pupil
   * (daydreme/classcharts-server-mock@1c742cfc67 pkg/student/user/auth.go), hence the second question. A
   * helper that fails or answers something else leaves the field open (`undefined`). Never throws.
   */
  private async probeAccessCode(code: string): Promise<CredentialField | undefined> {
    if ((await this.askHasDob('hasdob', code)) === true) return 'dateOfBirth';
    return (await this.askHasDob('checkpupilcode', code)) === false ? 'code' : undefined;
  }

  /**
   * One pre-login helper's `data.has_dob`: `true`/`false`, or `undefined` when it failed, refused or
   * answered without the flag. `hasdob` is POSTed the code in its form; `checkpupilcode` is asked with a GET
   * and the code in the path, as sccreeper's client does (errors and logs name the path without it).
   */
  private async askHasDob(probe: 'hasdob' | 'checkpupilcode', code: string): Promise<boolean | undefined> {
    const named = probe === 'hasdob' ? '/apiv2student/hasdob' : '/student/checkpupilcode';
    const request: TransportRequest =
      probe === 'hasdob'
        ? { method: 'POST', path: named, form: { code }, auth: false }
        : {
            method: 'GET',
            path: `${named}/${encodeURIComponent(code)}`,
            loggedPath: `${named}/{code}`,
            auth: false,
          };
    try {
      const response = await this.transport.send(request);
      return this.transport.check(hasDobSchema, named, response).data.has_dob ?? undefined;
    } catch (error) {
      this.logger.info('classcharts sign-in probe inconclusive', { probe, error: (error as Error).name });
      return undefined;
    }
  }
}

/**
 * A field named by a refused sign-in's body when it is the JSON error of the mobile-style login
 * (docs/classcharts-api.md §2.3, §3.1: "The pupil code you have provided is incorrect", "The date of birth
 * you have provided is incorrect"); `undefined` for HTML or anything else.
 */
function fieldFromLoginBody(body: string): CredentialField | undefined {
  if (!/^\s*\{/.test(body)) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    const error =
      typeof parsed === 'object' && parsed !== null ? (parsed as { error?: unknown }).error : undefined;
    if (typeof error !== 'string') return undefined;
    if (/date (of birth )?you have provided/i.test(error)) return 'dateOfBirth';
    if (/pupil code/i.test(error)) return 'code';
  } catch {
    // Not JSON after all.
  }
  return undefined;
}
