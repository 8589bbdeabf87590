/**
 * THE contract between main (createApp in main/app.ts) and the popover renderer: channel names,
 * request/response/event types and the view model. Carried over Electron IPC (preload/index.ts) or a
 * WebSocket (test/preview/), always through createBridge (preload/bridge.ts).
 *
 * Must not import electron, node or the DOM; only types from the domain model. Every value here is
 * JSON-safe (no Dates, Maps or functions) so both transports carry it unchanged.
 * Secrets cross only one way: credentials in `auth:login`; nothing sends them back.
 */
import type {
  AccountKind,
  Announcement,
  Attendance,
  Badge,
  BehaviourPoint,
  BehaviourSummary,
  Detention,
  Homework,
  Instant,
  IsoDate,
  Lesson,
  PupilCounters,
} from '../main/classcharts/types';

export type * from '../main/classcharts/types';

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

/** Every kind of desktop notification, each with its own switch in Settings. */
export type NotificationKind =
  | 'homework-new'
  | 'homework-due'
  | 'detention-new'
  | 'detention-today'
  | 'announcement'
  | 'behaviour-positive'
  | 'behaviour-negative'
  | 'badge'
  | 'lesson-soon'
  | 'lesson-change';

/** All notification kinds, in the order Settings lists them. */
export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'homework-new',
  'homework-due',
  'detention-new',
  'detention-today',
  'announcement',
  'behaviour-positive',
  'behaviour-negative',
  'badge',
  'lesson-soon',
  'lesson-change',
] as const;

/** User settings, persisted by main through the store port. */
export interface Settings {
  notifications: {
    /** Master switch. */
    enabled: boolean;
    /** Per-kind switches. */
    kinds: Record<NotificationKind, boolean>;
    /** No notifications between start and end (`HH:MM`, Europe/London; may wrap past midnight). */
    quietHours: { enabled: boolean; start: string; end: string };
    /** Generic wording ("New behaviour update") instead of details in notification text. */
    privacy: boolean;
    /** Minutes before a lesson starts to remind (0 = off), 1–60. */
    lessonReminderMinutes: number;
    /** Hour of day (0–23, Europe/London) for the "due tomorrow" reminder. */
    homeworkDueHour: number;
  };
  /** Background refresh interval in minutes, 5–120 (default 15). */
  refreshIntervalMinutes: number;
  /** Start the app when the user logs in. */
  launchAtLogin: boolean;
  /** Global shortcut (Electron accelerator, e.g. `CommandOrControl+Shift+C`) toggling the popover, or `null`. */
  shortcut: string | null;
  /** Check for new versions of the app (at start and every 6 hours) and download them in the background. */
  autoUpdate: boolean;
}

/** A partial settings change (`settings:update`); nested objects merge. */
export interface SettingsPatch {
  notifications?: Partial<Omit<Settings['notifications'], 'kinds' | 'quietHours'>> & {
    kinds?: Partial<Record<NotificationKind, boolean>>;
    quietHours?: Partial<Settings['notifications']['quietHours']>;
  };
  refreshIntervalMinutes?: number;
  launchAtLogin?: boolean;
  shortcut?: string | null;
  autoUpdate?: boolean;
}

/** Defaults for a first run. */
export const DEFAULT_SETTINGS: Settings = {
  notifications: {
    enabled: true,
    kinds: {
      'homework-new': true,
      'homework-due': true,
      'detention-new': true,
      'detention-today': true,
      announcement: true,
      'behaviour-positive': true,
      'behaviour-negative': true,
      badge: true,
      'lesson-soon': true,
      'lesson-change': true,
    },
    quietHours: { enabled: false, start: '21:00', end: '07:00' },
    privacy: false,
    lessonReminderMinutes: 5,
    homeworkDueHour: 18,
  },
  refreshIntervalMinutes: 15,
  launchAtLogin: false,
  shortcut: null,
  autoUpdate: true,
};

// ---------------------------------------------------------------------------------------------
// The view model (snapshot)
// ---------------------------------------------------------------------------------------------

/** Where a lesson stands relative to now. `next` is the first lesson after now (or after current). */
export type LessonState = 'past' | 'current' | 'next' | 'later';

/** A lesson as the popover shows it. */
export interface LessonView extends Lesson {
  state: LessonState;
  /** Room differs from this lesson's usual room in the last snapshot (room change), else `false`. */
  roomChanged: boolean;
}

/** One pupil's day. */
export interface DayView {
  date: IsoDate;
  lessons: LessonView[];
  /** Minutes until the next lesson starts (rounded up), or `null` when none is left today. */
  minutesToNext: number | null;
}

/**
 * The next school day after today: the first screen shows it once today's lessons (and anything after them,
 * such as a detention) are over, and at weekends and in holidays; the tray names its first lesson.
 */
export interface NextSchoolDay {
  /** Its lessons, every one `later`; `null` when no day up to `searchedTo` has lessons (a summer holiday). */
  day: DayView | null;
  /** The last date looked at, `YYYY-MM-DD` (Europe/London): three weeks after today when none was found. */
  searchedTo: IsoDate;
}

/**
 * Homework grouping by due date relative to today (Europe/London); `marked` last: done homework the teacher
 * marked or left feedback on, due in the last two weeks.
 */
export type HomeworkGroupKey = 'overdue' | 'today' | 'tomorrow' | 'this-week' | 'later' | 'marked';

/**
 * A homework as the state carries it (the lists, the first screen, the detail's facts): everything but its
 * description, which the detail asks for (`homework:get`). At 10× a busy year the descriptions made each
 * state pushed to the popover over 50 KB (issue 30).
 */
export type HomeworkSummary = Omit<Homework, 'descriptionHtml'> & {
  /** The homework has a description (HTML that is not only white space). */
  hasDescription: boolean;
};

/** `homework:get`: one listed homework's description, as the service sent it (unsanitized HTML). */
export interface HomeworkBody {
  id: number;
  /** HTML, unsanitized (the renderer sanitizes it, renderer/lib/sanitize.ts); `""` when none. */
  descriptionHtml: string;
}

/** `homework:get`: which homework's description, for which pupil (default: the selected one). */
export interface HomeworkRequest {
  homeworkId: number;
  pupilId?: number;
}

/** Upcoming homework for the popover. */
export interface HomeworkGroup {
  key: HomeworkGroupKey;
  items: HomeworkSummary[];
}

/** A pupil as the switcher shows it, with counts for "at a glance". */
export interface PupilView {
  id: number;
  name: string;
  firstName: string;
  /** Not-done homework due today or later within the window, or with no due date (as the list groups it). */
  homeworkDue: number;
  /** Not-done homework past its due date. */
  homeworkOverdue: number;
  /**
   * Not-done homework due from today to the end of this school week (Sunday; on a Saturday or Sunday, the
   * end of the coming week): the family line's "3 due this week".
   */
  homeworkDueThisWeek: number;
  /** The lesson running now (breaks not counted): subject, room, start and end. */
  currentLesson: { subject: string; room: string; start: Instant; end: Instant } | null;
  /**
   * The next lesson to start, for the family line and the tray: today's next, or once today has none left,
   * the first lesson of the next school day; `date` says which day (`YYYY-MM-DD`, Europe/London).
   */
  nextLesson: { subject: string; room: string; start: Instant; date: IsoDate } | null;
  /**
   * The pupil's next detention not yet over (status `pending`, from the background detentions list): its
   * day, start and end (`null` when the service gave no time or length), and place.
   */
  nextDetention: {
    date: IsoDate;
    start: Instant | null;
    end: Instant | null;
    location: string | null;
  } | null;
  /**
   * What the school shows of attendance (`display_attendance`, `display_attendance_percentage`): More has
   * an Attendance section only when `shown`; the percentage only when `percentage` too.
   */
  attendance: { shown: boolean; percentage: boolean };
  /**
   * The service's own counts for this pupil (`/apiv2parent/pupils`), each `null` when not sent: the switcher
   * shows detentions and announcements from here (the homework counts above are the app's own list's).
   */
  counters: PupilCounters;
}

/** Signed-in state of the app. `needs-sign-in`: stored credentials were refused; the user must act. */
export type AuthStatus = 'starting' | 'signed-out' | 'signing-in' | 'signed-in' | 'needs-sign-in';

/**
 * What the keychain can do here. `available`: an OS keychain protects what is remembered. `basic-text`:
 * Linux with no keyring to use (remembered details would be stored, but barely protected). `locked`: a
 * remembered sign-in is stored but the keychain will not open it yet (a Linux keyring still locked at
 * login, a dismissed unlock prompt, a refusing macOS Keychain): the app waits for it and tries again at the
 * next start, in a restart when the user chooses "Try again" (`sync:refresh`), and in a quiet restart
 * when the screen is unlocked. `unavailable`:
 * nothing can be remembered.
 */
export type KeychainStatus = 'available' | 'basic-text' | 'locked' | 'unavailable';

/**
 * What people call the keychain on `platform` (`AppState.environment.platform`): `Keychain` on macOS,
 * `keyring` elsewhere; the popover and the tray word a locked one alike ("Waiting for your keyring").
 */
export function keychainWord(platform: string): 'Keychain' | 'keyring' {
  return platform === 'darwin' ? 'Keychain' : 'keyring';
}

/**
 * The global shortcut of the settings, as the system took it: `off` (none set), `active` (registered),
 * `taken` (set, but the system refused it: another application holds it, or the system does not accept
 * that combination), `unavailable` (no global
 * shortcuts here, e.g. the browser preview), `requested` (asked for, but the desktop decides: on a native
 * Wayland session the shortcut goes through the desktop's GlobalShortcuts portal, which may ask the user
 * or refuse without telling the app).
 */
export type ShortcutStatus = 'off' | 'active' | 'taken' | 'unavailable' | 'requested';

/**
 * Whether the app starts at the next login: `on`, `off`, or `needs-approval` (macOS: the login item is
 * registered but the user must allow it in System Settings › General › Login Items).
 */
export type LaunchAtLoginStatus = 'on' | 'off' | 'needs-approval';

/**
 * Where the app's own updates stand (docs/auto-update.md), one state at a time:
 * - `off`: this copy does not update itself; `reason` says why in words fit to show (the setting is off, a
 *   demo, a development run, an unsigned macOS build);
 * - `idle`: nothing checked yet; `checking`: asking the update server;
 * - `up-to-date`: the last check found no newer version, at `checkedAt` (epoch ms);
 * - `downloading`: `version` is being downloaded in the background, `percent` 0–100;
 * - `ready`: `version` is downloaded and verified (sha512): it is installed on quit, or now from the tray's
 *   "Restart to update to X.Y.Z";
 * - `error`: the last check or download failed at `at` (epoch ms); `message` is fit to show. The next
 *   scheduled check tries again.
 */
export type UpdateState =
  | { status: 'off'; reason: string }
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'up-to-date'; checkedAt: number }
  | { status: 'downloading'; version: string; percent: number }
  | { status: 'ready'; version: string }
  | { status: 'error'; message: string; at: number };

/** The snapshot: everything the popover (and tray) shows. Sent on `state:get` and `state:changed`. */
export interface AppState {
  auth: AuthStatus;
  account: { kind: AccountKind; name: string } | null;
  pupils: PupilView[];
  selectedPupilId: number | null;
  /** Today's lessons for the selected pupil, or `null` before the first load. */
  today: DayView | null;
  /** The selected pupil's next school day, or `null` until it has been looked up today. */
  nextSchoolDay: NextSchoolDay | null;
  /**
   * Upcoming homework for the selected pupil: to do (overdue, and due within 14 days), and ticked off by the
   * pupil (due today or later, so it can be unticked; ticked overdue work is done and left out); then, last,
   * homework the teacher marked or left feedback on, due in the last 14 days (group `marked`).
   */
  homework: HomeworkGroup[];
  freshness: {
    /** When the shown data was last fetched successfully, or `null` if never. */
    updatedAt: Instant | null;
    /** The shown data is from cache or a failed refresh kept it: say so. */
    stale: boolean;
    /** The last refresh failed for lack of network (or the service being unreachable). */
    offline: boolean;
    /** A refresh is running. */
    refreshing: boolean;
    /** A short, human message about the last failure, or `null`. */
    error: string | null;
  };
  settings: Settings;
  environment: {
    /** Running against the fake ClassCharts server: the sign-in screen offers the demo accounts. */
    demo: boolean;
    keychain: KeychainStatus;
    /** `process.platform` of main (`darwin`, `win32`, `linux`) or `browser` in preview. */
    platform: string;
    version: string;
    /** Whether the shortcut in the settings works. */
    shortcut: ShortcutStatus;
    /**
     * Whether the OS shows this app's notifications: `failed` once it refused one (`reason`: the OS's own
     * words; macOS refuses every one from an unsigned app), `ok` again once one is shown. Absent where
     * nothing reports back (the CLI, the preview).
     */
    notifications?: { status: 'ok' | 'failed'; reason: string | null };
    /** What the system will do with "Launch at login" (read at start and after each change); absent before. */
    launchAtLogin?: LaunchAtLoginStatus;
    /** The app's own updates; absent where the app cannot update itself at all (the CLI, the preview). */
    update?: UpdateState;
  };
}

// ---------------------------------------------------------------------------------------------
// Requests and responses
// ---------------------------------------------------------------------------------------------

/** Sign-in request. `remember`: keep credentials in the OS keychain to sign in again by itself. */
export type LoginRequest =
  | { kind: 'student'; code: string; dateOfBirth: string; remember: boolean }
  | { kind: 'parent'; email: string; password: string; remember: boolean }
  | { kind: 'demo'; as: AccountKind };

/** Why a sign-in failed, so the form can point at the right field. */
export type LoginErrorCode =
  | 'wrong-code'
  | 'wrong-date-of-birth'
  | 'wrong-credentials'
  | 'invalid-input'
  | 'offline'
  | 'service'
  | 'keychain'
  | 'no-pupils';

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
 * the selected pupil. Main downloads the file and, by its type (./attachment-types.ts
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
      /** The range asked for: the seven days up to today (YYYY-MM-DD, Europe/London). */
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

// ---------------------------------------------------------------------------------------------
// Channels
// ---------------------------------------------------------------------------------------------

/**
 * Request/response channels (renderer → main). Each entry: the single argument (`void` for none)
 * and the resolved value. A rejected promise carries an Error whose message is fit to show.
 */
export interface InvokeChannels {
  'state:get': { request: void; response: AppState };
  'auth:login': { request: LoginRequest; response: LoginResult };
  'auth:logout': { request: void; response: void };
  'pupil:select': { request: number; response: void };
  'sync:refresh': { request: void; response: void };
  'day:get': { request: DayRequest; response: DayView };
  'records:get': { request: RecordsRequest; response: RecordsResult };
  'homework:tick': { request: HomeworkTickRequest; response: HomeworkSummary };
  'homework:get': { request: HomeworkRequest; response: HomeworkBody };
  'settings:update': { request: SettingsPatch; response: Settings };
  'shell:open-external': { request: string; response: void };
  'attachment:open': { request: AttachmentRequest; response: AttachmentOutcome };
  /** Shows the copy `attachment:open` saved to Downloads in the file manager; rejects when there is none. */
  'attachment:reveal': { request: AttachmentRequest; response: void };
  'announcement:read': { request: AnnouncementReadRequest; response: void };
  'announcement:get': { request: AnnouncementReadRequest; response: AnnouncementBody };
  'popover:hide': { request: void; response: void };
}

/** Event channels (main → renderer) and their payloads. */
export interface EventChannels {
  'state:changed': AppState;
  'ui:navigate': NavigateTarget;
}

export type InvokeChannel = keyof InvokeChannels;
export type EventChannel = keyof EventChannels;
export type RequestOf<C extends InvokeChannel> = InvokeChannels[C]['request'];
export type ResponseOf<C extends InvokeChannel> = InvokeChannels[C]['response'];

/** Every invoke channel, for registering handlers and the exhaustiveness checks. */
export const INVOKE_CHANNELS = [
  'state:get',
  'auth:login',
  'auth:logout',
  'pupil:select',
  'sync:refresh',
  'day:get',
  'records:get',
  'homework:tick',
  'homework:get',
  'settings:update',
  'shell:open-external',
  'attachment:open',
  'attachment:reveal',
  'announcement:read',
  'announcement:get',
  'popover:hide',
] as const satisfies readonly InvokeChannel[];

/** Every event channel. */
export const EVENT_CHANNELS = ['state:changed', 'ui:navigate'] as const satisfies readonly EventChannel[];

// Compile-time: the lists above name every channel of the interfaces.
type Missing<All, Listed> = Exclude<All, Listed>;
const _allInvokeListed: Missing<InvokeChannel, (typeof INVOKE_CHANNELS)[number]> extends never
  ? true
  : never = true;
const _allEventsListed: Missing<EventChannel, (typeof EVENT_CHANNELS)[number]> extends never ? true : never =
  true;
void _allInvokeListed;
void _allEventsListed;

/** Bridge method name → invoke channel. One function per message on `window.classcharts`. */
export const BRIDGE_METHODS = {
  getState: 'state:get',
  login: 'auth:login',
  logout: 'auth:logout',
  selectPupil: 'pupil:select',
  refresh: 'sync:refresh',
  getDay: 'day:get',
  getRecords: 'records:get',
  tickHomework: 'homework:tick',
  getHomework: 'homework:get',
  updateSettings: 'settings:update',
  openExternal: 'shell:open-external',
  openAttachment: 'attachment:open',
  revealAttachment: 'attachment:reveal',
  markAnnouncementRead: 'announcement:read',
  getAnnouncement: 'announcement:get',
  hidePopover: 'popover:hide',
} as const satisfies Record<string, InvokeChannel>;

/** Bridge subscription name → event channel. */
export const BRIDGE_EVENTS = {
  onStateChanged: 'state:changed',
  onNavigate: 'ui:navigate',
} as const satisfies Record<string, EventChannel>;

// Compile-time: every channel has a bridge method / subscription.
const _everyChannelBridged: Missing<
  InvokeChannel,
  (typeof BRIDGE_METHODS)[keyof typeof BRIDGE_METHODS]
> extends never
  ? true
  : never = true;
const _everyEventBridged: Missing<
  EventChannel,
  (typeof BRIDGE_EVENTS)[keyof typeof BRIDGE_EVENTS]
> extends never
  ? true
  : never = true;
void _everyChannelBridged;
void _everyEventBridged;

/** The API object the renderer sees as `window.classcharts`. */
export type ClassChartsApi = {
  [M in keyof typeof BRIDGE_METHODS]: RequestOf<(typeof BRIDGE_METHODS)[M]> extends void
    ? () => Promise<ResponseOf<(typeof BRIDGE_METHODS)[M]>>
    : (request: RequestOf<(typeof BRIDGE_METHODS)[M]>) => Promise<ResponseOf<(typeof BRIDGE_METHODS)[M]>>;
} & {
  [E in keyof typeof BRIDGE_EVENTS]: (
    listener: (payload: EventChannels[(typeof BRIDGE_EVENTS)[E]]) => void,
  ) => () => void;
};

/**
 * What main implements (createApp) and the transports call: one handler per invoke channel, plus an
 * event subscription. Implemented by main/app.ts; served by main/platform/ipc.ts and test/preview/.
 */
export type ContractHandlers = {
  [C in InvokeChannel]: (request: RequestOf<C>) => Promise<ResponseOf<C>>;
};

/** The transport a bridge runs over: Electron IPC in preload, a WebSocket in preview, direct in tests. */
export interface BridgeTransport {
  invoke<C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>;
  on<E extends EventChannel>(channel: E, listener: (payload: EventChannels[E]) => void): () => void;
}

/**
 * `text` cut to at most `max` UTF-16 code units, ending with `…` when cut; a surrogate pair is never split.
 * The one cut of school text: main bounds the fields of a mapped record with it (main/classcharts/map.ts),
 * the popover the fields it shows (renderer/lib/text.ts). Pure; O(`max`).
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // a high surrogate: keep the pair whole
  return `${text.slice(0, end)}…`;
}

/**
 * The longest address `shell:open-external` opens, in UTF-16 code units of the URL string. Windows'
 * URL APIs stop at 2,083 characters (`INTERNET_MAX_URL_LENGTH`, wininet.h), and no link a teacher pastes
 * needs more; a longer one is refused with {@link WEB_LINK_REFUSALS}`['too-long']` rather than passed on.
 */
export const WEB_LINK_MAX_LENGTH = 2048;

/**
 * Why an address may not be opened in the browser:
 * - `not-web`: not an absolute `http:`/`https:` URL (`file:`, `javascript:`, `mailto:`, relative, unparsable);
 * - `credentials`: it carries a user name or password (`https://school.example@evil.example/` goes to
 *   `evil.example`: the part before `@` only looks like the address);
 * - `too-long`: longer than {@link WEB_LINK_MAX_LENGTH}.
 */
export type WebLinkProblem = 'not-web' | 'credentials' | 'too-long';

/** What the popover and main say for each {@link WebLinkProblem}: a sentence fit to show. */
export const WEB_LINK_REFUSALS: Record<WebLinkProblem, string> = {
  'not-web': 'Only web links (http or https) can be opened.',
  credentials: 'This link was not opened: it hides its real address.',
  'too-long': `This link was not opened: its address is too long (over ${WEB_LINK_MAX_LENGTH.toLocaleString('en-GB')} characters).`,
};

/**
 * Whether `shell:open-external` (main) and the popover accept `value` as a link to open in the system
 * browser: `null` when it may open, else the {@link WebLinkProblem}. The length is checked first, so a
 * 100 KB string is never parsed. Pure; never throws. Source: issue 15 §3 and main/platform/security.ts.
 */
export function webLinkProblem(value: string): WebLinkProblem | null {
  if (value.length > WEB_LINK_MAX_LENGTH) return 'too-long';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not-web';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not-web';
  if (url.username !== '' || url.password !== '') return 'credentials';
  return null;
}
