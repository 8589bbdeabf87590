/**
 * The requests and responses of the contract's channels (common/contract/channels.ts): sign-in, records,
 * homework, attachments, announcements and navigation. JSON-safe. Secrets cross only one way: credentials
 * in `auth:login`; nothing sends them back.
 */
import type {
  AccountKind,
  Announcement,
  Attendance,
  Badge,
  BehaviourPoint,
  BehaviourSummary,
  Detention,
  Instant,
  IsoDate,
} from '../domain';
import type { LoginErrorCode } from '../errors';
import type { NotificationKind } from './settings';

/** Sign-in request. `remember`: keep credentials in the OS keychain to sign in again by itself. */
export type LoginRequest =
  | { kind: 'student'; code: string; dateOfBirth: string; remember: boolean }
  | { kind: 'parent'; email: string; password: string; remember: boolean }
  | { kind: 'demo'; as: AccountKind };

/** Result of `auth:login`. Never throws for a refused sign-in: the form needs the message. */
export type LoginResult =
  | { ok: true }
  | {
      ok: false;
      code: LoginErrorCode;
      message: string;
      field?: 'code' | 'dateOfBirth' | 'email' | 'password';
    };

/** Record kinds loaded on demand (`records:get`). */
export type RecordKind = 'activity' | 'behaviour' | 'badges' | 'announcements' | 'detentions' | 'attendance';

/** Request for on-demand records; `pupilId` defaults to the selected pupil. */
export interface RecordsRequest {
  kind: RecordKind;
  pupilId?: number;
}

/**
 * `attachment:open`: which attached file to open, named by where it is listed — never by its URL, so a
 * compromised renderer cannot make main fetch an address of its choosing with the session. `itemId` is the
 * homework's or announcement's `id`, `index` the file's place in its `attachments`; `pupilId` defaults to
 * the selected pupil. Main downloads the file and, by its type (common/attachments.ts
 * `attachmentHandling`), opens it from a private temporary folder with the system's default application,
 * or saves it to Downloads without opening it ({@link AttachmentOutcome}), or refuses it (a program).
 */
export interface AttachmentRequest {
  kind: 'homework' | 'announcement';
  pupilId?: number;
  itemId: number;
  index: number;
}

/**
 * What `attachment:open` did: `opened` the file with the system's default application, or `saved` it to
 * the user's Downloads folder without opening it, because its type can run code (`reason: 'type'`, e.g. a
 * `.zip` or a `.docm`; `extension` lower case with its dot, `''` for none) or the school's service did not
 * virus-check it (`reason: 'unscanned'`, {@link Attachment} `unscanned`). `fileName` is the saved file's
 * name (numbered when Downloads had one of that name). `attachment:reveal` shows it in its folder.
 */
export type AttachmentOutcome =
  | { action: 'opened' }
  | { action: 'saved'; fileName: string; reason: 'type' | 'unscanned'; extension: string };

/** On-demand records, discriminated by kind. `fetchedAt` says how old a briefly-cached answer is. */
export type RecordsResult =
  | { kind: 'activity'; pupilId: number; fetchedAt: Instant; items: BehaviourPoint[] }
  | {
      kind: 'behaviour';
      pupilId: number;
      fetchedAt: Instant;
      /**
       * The last twelve school weeks, oldest first, this week last (common/school-year.ts `schoolWeeks`,
       * `summaryOfWeeks`): a week each, totals recounted from them; the reasons over the whole range fetched.
       */
      summary: BehaviourSummary;
      recent: BehaviourPoint[];
    }
  | { kind: 'badges'; pupilId: number; fetchedAt: Instant; items: Badge[] }
  | { kind: 'announcements'; pupilId: number; fetchedAt: Instant; items: AnnouncementSummary[] }
  | { kind: 'detentions'; pupilId: number; fetchedAt: Instant; items: Detention[] }
  | {
      kind: 'attendance';
      pupilId: number;
      fetchedAt: Instant;
      /**
       * The range asked for (YYYY-MM-DD, Europe/London): from the earlier of 1 September and the behaviour
       * chart's first week (common/school-year.ts `registerFetchStart`) to today; More shows the school year
       * and the last seven days from it.
       */
      from: IsoDate;
      to: IsoDate;
      /** The percentages are `null` when the school does not show them (`display_attendance_percentage`). */
      attendance: Attendance;
    };

/**
 * An announcement as the list in More shows it: everything but its body (a school's announcements carry
 * about 5 KB of HTML each, and a busy year has hundreds: issue 30). The body is asked for when the
 * announcement is opened (`announcement:get`).
 */
export type AnnouncementSummary = Omit<Announcement, 'descriptionHtml'> & {
  /** The announcement has a body (HTML that is not only white space). */
  hasBody: boolean;
};

/** `announcement:get`: the body of one listed announcement, as the service sent it (unsanitized HTML). */
export interface AnnouncementBody {
  id: number;
  /** HTML, unsanitized (the renderer sanitizes it, renderer/lib/sanitize.ts); `""` when none. */
  descriptionHtml: string;
}

/**
 * `announcement:read`: the announcement `announcementId` was opened on this computer. ClassCharts cannot be
 * told (its API is read-only, docs/classcharts-api.md), so main remembers it and shows it as read from then
 * on, across restarts of a remembered sign-in; `pupilId` defaults to the selected pupil.
 */
export interface AnnouncementReadRequest {
  announcementId: number;
  pupilId?: number;
}

/**
 * `calendar:copy-url`: main puts the calendar feed's loopback URL on the clipboard itself, so its secret
 * never crosses IPC (issue 28 §2). `pupilId`: that child's own calendar when a parent keeps one per child
 * (`Settings.calendar.family` false; default the pupil shown); ignored for a family or a student's calendar.
 */
export interface CalendarUrlRequest {
  pupilId?: number;
}

/** Request for another day's timetable (previous/next day in the popover). */
export interface DayRequest {
  date: IsoDate;
  pupilId?: number;
}

/**
 * `homework:tick`: tick a homework off (`ticked: true`) or untick it, as the pupil does in the ClassCharts
 * app. Students only. `homeworkId` is the homework's id (not its status id); `pupilId` defaults to the
 * selected pupil. Resolves with the homework as ClassCharts shows it afterwards (confirmed by a fresh read);
 * rejects with a message fit to show when it could not be set.
 */
export interface HomeworkTickRequest {
  homeworkId: number;
  pupilId?: number;
  ticked: boolean;
}

/**
 * Where a click on a notification (or the tray) should take the popover. `confirmSignOut`: Settings opens
 * on its "Sign out?" question (the tray menu's Sign out).
 */
export type NavigateTarget =
  | { view: 'today' }
  | { view: 'homework'; homeworkId?: number }
  | { view: 'more'; kind: RecordKind; itemId?: number }
  | { view: 'settings'; confirmSignOut?: boolean };

/**
 * One notification in the history (`notifications:history`, issue 28 §4): a notification the app showed,
 * or one quiet hours held back (`heldBack`), in full wording — the history is inside the popover, which
 * shows the same data, so privacy mode's generic wording is for the toast alone. The title never carries
 * the pupil's name; `pupil` says whose it is (the popover names the child on a parent's account).
 */
export interface NotificationHistoryEntry {
  /** The notification's ledger id, unique per notified fact (e.g. `homework-new:4102571:123`). */
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The pupil it is about (on a pupil's own account, the pupil). */
  pupil: { id: number; firstName: string };
  /** When it was shown or held back. */
  at: Instant;
  /** Quiet hours held it back: it was recorded, never shown as a toast. */
  heldBack: boolean;
  /** Where opening it takes the popover: where a click on the toast takes it. */
  target: NavigateTarget;
}

/**
 * `notifications:history`: the last {@link NotificationHistoryEntry}s (at most 50), newest first, and how
 * many of them (the first `unseen`) came since the list was last asked for. Asking marks them all seen
 * (`AppState.notificationsUnseen` becomes 0).
 */
export interface NotificationHistory {
  entries: NotificationHistoryEntry[];
  unseen: number;
}
