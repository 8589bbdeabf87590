/**
 * The ClassCharts API client: the one place where the service's quirks are absorbed; everything
 * downstream sees the clean, typed domain objects of common/domain.ts. Runtime-agnostic (no electron
 * import): the app passes a fetch on Electron's `net.request` (system and PAC proxies;
 * main/platform/net-fetch.ts), tests and the CLI pass Node's.
 *
 * This file is the public entry point; the work is done by its parts, one concern each, over one shared
 * {@link ClientSession} (./client-session.ts: the state, and the request-and-validate step through which
 * the session token reaches every API call): ./sign-in.ts (sign-in, account, renewal, revival, logout),
 * ./reads.ts (the read endpoints and attachment downloads), ./homework-ticking.ts (the tick and its
 * read-back). Their functions hold the full documentation of each method below.
 *
 * Concurrency: the client uses whatever token it holds; the session keeper serialises renewals against
 * reads. No retries here either: every failure is thrown as a typed error (./errors.ts).
 */
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
import { type ClientOptions, ClientSession } from './client-session';
import * as ticking from './homework-ticking';
import * as reads from './reads';
import * as signIn from './sign-in';

export type { ClientOptions } from './client-session';
export type { HomeworkTickTarget } from './homework-ticking';
export type {
  ActivityPageOptions,
  AllActivityOptions,
  AttachmentKind,
  DateRange,
  DownloadedFile,
  HomeworkOptions,
} from './reads';
export { ATTACHMENT_TIMEOUT_MS, DEFAULT_MAX_ACTIVITY_PAGES, MAX_ATTACHMENT_BYTES } from './reads';
export type { Credentials } from './sign-in';

/**
 * A ClassCharts client for one account (student or parent). Create one per sign-in; `signOut()` forgets
 * the session. Every method throws only ClassChartsError subclasses (./errors.ts).
 */
export class ClassChartsClient {
  private readonly session: ClientSession;

  constructor(options: ClientOptions) {
    this.session = new ClientSession(options);
  }

  /** The kind of the signed-in account, or `null` before `login()` and after `signOut()`. */
  get kind(): AccountKind | null {
    return this.session.kind;
  }

  /**
   * True while the client holds a session token. Becomes false after `signOut()` and when the service
   * reported the held token expired (then sign in again).
   */
  hasSession(): boolean {
    return this.session.hasSession();
  }

  /**
   * Signs in with the web form (one round trip), validating first ({@link signIn.login}).
   * @throws InvalidInputError, WrongCredentialsError, NetworkError, BadResponseError, ServiceRefusedError.
   */
  login(credentials: signIn.Credentials): Promise<void> {
    return signIn.login(this.session, credentials);
  }

  /**
   * The signed-in account: the student, or the parent and their pupils; pings, so renews the token too
   * ({@link signIn.account}). @throws NoPupilsError, SessionExpiredError, the transport's errors.
   */
  account(): Promise<Account> {
    return signIn.account(this.session);
  }

  /**
   * Renews the session: `/ping` with `include_data=true`; the token becomes `meta.session_id`
   * ({@link signIn.ping}). @throws SessionExpiredError the token was no longer accepted; the transport's.
   */
  async renew(): Promise<void> {
    await signIn.ping(this.session);
  }

  /**
   * Brings a session back without signing in ({@link signIn.revive}): `true` renewed, `false` refused (sign
   * in), `null` no token to try. @throws NetworkError, BadResponseError, ServiceRefusedError.
   */
  revive(): Promise<boolean | null> {
    return signIn.revive(this.session);
  }

  /** Ends the session on the service, best effort, then forgets it ({@link signIn.logout}). Never throws. */
  logout(): Promise<void> {
    return signIn.logout(this.session);
  }

  /** Forgets the token, the cookies and the account kind. No network call. */
  signOut(): void {
    signIn.signOut(this.session);
  }

  /**
   * One day's lessons (`date` YYYY-MM-DD, Europe/London; {@link reads.timetable}); `pupilId` required
   * for a parent. @throws InvalidInputError, BadResponseError, the transport's errors.
   */
  timetable(date: IsoDate, pupilId?: number): Promise<Lesson[]> {
    return reads.timetable(this.session, date, pupilId);
  }

  /** Homeworks in a date range; `displayDate` picks the date filtered on ({@link reads.homeworks}). */
  homeworks(options: reads.HomeworkOptions, pupilId?: number): Promise<Homework[]> {
    return reads.homeworks(this.session, options, pupilId);
  }

  /**
   * Ticks a homework off or unticks it and returns it as a fresh read shows it after; students only; never
   * toggles twice ({@link ticking.setHomeworkTicked}). @throws InvalidInputError, HomeworkTickError, the
   * transport's errors.
   */
  setHomeworkTicked(
    target: ticking.HomeworkTickTarget,
    ticked: boolean,
    pupilId?: number,
  ): Promise<Homework> {
    return ticking.setHomeworkTicked(this.session, target, ticked, pupilId);
  }

  /** One page of activity, newest first, points before `from` dropped ({@link reads.activityPage}). */
  activityPage(options: reads.ActivityPageOptions, pupilId?: number): Promise<ActivityPage> {
    return reads.activityPage(this.session, options, pupilId);
  }

  /** Every activity page between the dates, each point once, up to `maxPages` ({@link reads.allActivity}). */
  allActivity(options: reads.AllActivityOptions, pupilId?: number): Promise<BehaviourPoint[]> {
    return reads.allActivity(this.session, options, pupilId);
  }

  /** Behaviour statistics between the dates: weekly counts and reasons ({@link reads.behaviour}). */
  behaviour(options: reads.DateRange, pupilId?: number): Promise<BehaviourSummary> {
    return reads.behaviour(this.session, options, pupilId);
  }

  /** Badges earned, each with the events that earned it ({@link reads.badges}). */
  badges(pupilId?: number): Promise<Badge[]> {
    return reads.badges(this.session, pupilId);
  }

  /** School announcements ({@link reads.announcements}). */
  announcements(pupilId?: number): Promise<Announcement[]> {
    return reads.announcements(this.session, pupilId);
  }

  /**
   * Register marks and percentages between the dates; ask only when the pupil's `features.attendance` is
   * true ({@link reads.attendance}). @throws InvalidInputError, the transport's errors.
   */
  attendance(options: reads.DateRange, pupilId?: number): Promise<Attendance> {
    return reads.attendance(this.session, options, pupilId);
  }

  /** Detentions ({@link reads.detentions}). */
  detentions(pupilId?: number): Promise<Detention[]> {
    return reads.detentions(this.session, pupilId);
  }

  /**
   * Downloads an attachment's file, with the session only for an announcement's file on the service's own
   * origin; at most {@link reads.MAX_ATTACHMENT_BYTES} ({@link reads.downloadAttachment}).
   * @throws InvalidInputError, AttachmentLinkExpiredError, SessionExpiredError, AttachmentNotFoundError,
   *   AttachmentTooBigError, NetworkError, BadResponseError.
   */
  downloadAttachment(url: string, kind: reads.AttachmentKind): Promise<reads.DownloadedFile> {
    return reads.downloadAttachment(this.session, url, kind);
  }

  /** The pupils a parent may see ({@link signIn.pupils}). @throws InvalidInputError on a student account. */
  pupils(): Promise<Pupil[]> {
    return signIn.pupils(this.session);
  }

  /**
   * The signed-in student from `/ping` `data.user`; renews the token too ({@link signIn.studentInfo}).
   * @throws InvalidInputError on a parent account; BadResponseError no usable `data.user`.
   */
  studentInfo(): Promise<Pupil> {
    return signIn.studentInfo(this.session);
  }
}
