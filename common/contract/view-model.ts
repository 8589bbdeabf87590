/**
 * The view model main sends the popover (`state:get`, `state:changed`): the app's state, each pupil's
 * snapshot as the popover shows it, and the words the popover and the tray share. JSON-safe (no Dates,
 * Maps or functions) so Electron IPC and the preview's WebSocket carry it unchanged.
 */
import type { AccountKind, Homework, Instant, IsoDate, Lesson, PupilCounters } from '../domain';
import type { Settings } from './settings';

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
  /** The rota week the day's period names carry, `"Week A"` or `"Week 2"` (common/rota.ts), else `null`. */
  rotaWeek: string | null;
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

/**
 * How the calendar feed (issue 28 §2, `Settings.calendar`) stands. Never holds the URL's secret; the file's
 * path is in the settings.
 */
export interface CalendarFeedStatus {
  /** When the feed was last built from a complete read (it then matches the file and the URL), or `null`. */
  updatedAt: Instant | null;
  /** When the file (or a per-child file) was last rewritten because its content changed, or `null`. */
  written: Instant | null;
  /** Why the last update failed, fit to show (the last good file is kept), or `null`. */
  error: string | null;
  /** The loopback URL answers now. */
  serving: boolean;
  /** The port the URL uses (kept across restarts), or `null` when not serving. */
  port: number | null;
  /**
   * Something the user must act on, fit to show, or `null`: the kept port was taken at start, so the URL
   * changed and calendar apps must subscribe again.
   */
  notice: string | null;
}

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
  /**
   * The calendar feed, `null` while it is off (no file, not served); absent where no feed service runs (a
   * renderer test's hand-made state).
   */
  calendar?: CalendarFeedStatus | null;
  /**
   * How many notifications came into the history (`notifications:history`) since it was last opened;
   * absent where no history is kept (a renderer test's hand-made state).
   */
  notificationsUnseen?: number;
}
