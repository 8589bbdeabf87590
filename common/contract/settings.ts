/**
 * The user's settings as the contract carries them: what each notification kind is, the settings object
 * `settings:update` patches, and their defaults. JSON-safe; no electron, node or DOM.
 */

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
  /** The calendar feed the app keeps up to date (issue 28 §2); see {@link CalendarSettings}. */
  calendar: CalendarSettings;
}

/**
 * The calendar feed (issue 28 §2): a `.ics` file the app rewrites when its content changed, and/or a
 * loopback URL (`http://127.0.0.1:PORT/<secret>/calendar.ics`) calendar apps subscribe to.
 */
export interface CalendarSettings {
  /**
   * The absolute path of the `.ics` file to keep (chosen with `calendar:choose-file`), or `null` for no
   * file. A parent's per-child files sit next to it (`classcharts.ics` → `classcharts-amelia.ics`).
   */
  filePath: string | null;
  /** Serve the feed on 127.0.0.1 while someone is signed in. */
  serve: boolean;
  /**
   * A parent's choice: one calendar for all children (`true`, each event starting with the child's first
   * name) or one per child (`false`: one file and one URL per child). A student's account has one either way.
   */
  family: boolean;
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
  /**
   * Over IPC (`settings:update`) `filePath` may only be `null` (stop keeping the file): main rejects a path,
   * which only its own save dialog sets (`calendar:choose-file`).
   */
  calendar?: Partial<CalendarSettings>;
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
  calendar: { filePath: null, serve: false, family: true },
};
