/**
 * Settings: the zod schemas for a full `Settings` and a `SettingsPatch` (common/contract), the merge
 * of a patch into the current settings, and a lenient loader for what the store holds (a setting that is
 * missing, corrupt or from another version falls back to its default, one field at a time).
 *
 * Plain TypeScript: no electron, no node imports. Used by createApp (main/app/) and
 * main/contract-schemas.ts (the `settings:update` argument).
 */
import { z } from 'zod';
import {
  type AccountKind,
  DEFAULT_SETTINGS,
  type NotificationKind,
  type Settings,
  type SettingsPatch,
} from '../common/contract';
import type { Store } from './ports';

/** The store key settings live under. */
export const SETTINGS_STORE_KEY = 'settings';

/** `HH:MM`, 24 h, 00:00–23:59 (quiet hours, Europe/London wall-clock). */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 21:00.');

const MODIFIERS = new Set([
  'command',
  'cmd',
  'control',
  'ctrl',
  'commandorcontrol',
  'cmdorctrl',
  'alt',
  'option',
  'altgr',
  'shift',
  'super',
  'meta',
]);
const NAMED_KEYS = new Set([
  'plus',
  'space',
  'tab',
  'capslock',
  'numlock',
  'scrolllock',
  'backspace',
  'delete',
  'insert',
  'return',
  'enter',
  'up',
  'down',
  'left',
  'right',
  'home',
  'end',
  'pageup',
  'pagedown',
  'escape',
  'esc',
  'printscreen',
  'numdec',
  'numadd',
  'numsub',
  'nummult',
  'numdiv',
]);

/**
 * True for an Electron accelerator with at least one modifier and exactly one key at the end, e.g.
 * `CommandOrControl+Shift+C`, `Alt+F5`, `Ctrl+Plus`. A global shortcut without a modifier would steal a
 * plain key from every other app, so it is refused. Source: Electron "Accelerator" documentation.
 */
export function isAccelerator(value: string): boolean {
  const parts = value.split('+');
  const key = parts.pop();
  if (key === undefined || parts.length === 0) return false;
  if (!parts.every((p) => MODIFIERS.has(p.toLowerCase()))) return false;
  if (new Set(parts.map((p) => p.toLowerCase())).size !== parts.length) return false;
  const k = key.toLowerCase();
  return (
    /^[a-z0-9]$/.test(k) ||
    /^f([1-9]|1\d|2[0-4])$/.test(k) ||
    /^num[0-9]$/.test(k) ||
    /^[)!@#$%^&*(:;=<,_\->.?/~`{}[\]|\\"']$/.test(k) ||
    NAMED_KEYS.has(k)
  );
}

/** A global shortcut accelerator (see {@link isAccelerator}), at most 64 characters. */
export const shortcutSchema = z
  .string()
  .max(64)
  .refine(isAccelerator, 'Use a shortcut like CommandOrControl+Shift+C (a modifier and one key).');

/** One boolean per notification kind; `satisfies` makes `tsc` fail when a kind is missing or extra. */
const kindsShape = {
  'homework-new': z.boolean(),
  'homework-due': z.boolean(),
  'detention-new': z.boolean(),
  'detention-today': z.boolean(),
  announcement: z.boolean(),
  'behaviour-positive': z.boolean(),
  'behaviour-negative': z.boolean(),
  badge: z.boolean(),
  'lesson-soon': z.boolean(),
  'lesson-change': z.boolean(),
} satisfies Record<NotificationKind, z.ZodBoolean>;

const quietHoursShape = { enabled: z.boolean(), start: clockTimeSchema, end: clockTimeSchema };

const notificationScalars = {
  enabled: z.boolean(),
  privacy: z.boolean(),
  /** 0 = off, else 1–60 minutes. */
  lessonReminderMinutes: z.int().min(0).max(60),
  /** 0–23, Europe/London. */
  homeworkDueHour: z.int().min(0).max(23),
};

/**
 * True for an absolute file path: POSIX (`/home/a/cal.ics`), a Windows drive (`C:\Users\a\cal.ics`,
 * `C:/…`) or a UNC share (`\\server\share\cal.ics`), whatever the platform this runs on. Written without
 * `node:path`, which this file may not import (the renderer's mock bridge uses it too).
 */
export function isAbsoluteFilePath(value: string): boolean {
  return value.startsWith('/') || /^[a-z]:[\\/]/i.test(value) || /^\\\\[^\\]+\\[^\\]+/.test(value);
}

/**
 * The calendar file's path (`Settings.calendar.filePath`): absolute, ending in `.ics`, no NUL character,
 * at most 4,096 characters. Each refusal says what to do.
 */
export const calendarFilePathSchema = z
  .string()
  .max(4096, 'That path is too long.')
  .refine((value) => !value.includes('\0'), 'That is not a file path.')
  .refine(isAbsoluteFilePath, 'Choose the calendar file with its full path (from the top folder).')
  .refine((value) => /[^\\/]\.ics$/i.test(value), 'The calendar file\u2019s name must end in .ics.');

const calendarShape = {
  filePath: calendarFilePathSchema.nullable(),
  serve: z.boolean(),
  family: z.boolean(),
};

const topScalars = {
  /** 5–120 minutes. */
  refreshIntervalMinutes: z.int().min(5).max(120),
  launchAtLogin: z.boolean(),
  shortcut: shortcutSchema.nullable(),
  autoUpdate: z.boolean(),
};

/** A complete, valid `Settings` object (unknown keys rejected). */
export const settingsSchema = z.strictObject({
  notifications: z.strictObject({
    ...notificationScalars,
    kinds: z.strictObject(kindsShape),
    quietHours: z.strictObject(quietHoursShape),
  }),
  ...topScalars,
  calendar: z.strictObject(calendarShape),
});

/** A `settings:update` argument: every field optional, nested objects partial, unknown keys rejected. */
export const settingsPatchSchema = z.strictObject({
  notifications: z
    .strictObject({
      ...notificationScalars,
      kinds: z.strictObject(kindsShape).partial(),
      quietHours: z.strictObject(quietHoursShape).partial(),
    })
    .partial()
    .optional(),
  refreshIntervalMinutes: topScalars.refreshIntervalMinutes.optional(),
  launchAtLogin: topScalars.launchAtLogin.optional(),
  shortcut: topScalars.shortcut.optional(),
  autoUpdate: topScalars.autoUpdate.optional(),
  // Only `null` (stop keeping the file): a new path comes from main's own save dialog (`calendar:choose-file`),
  // so a renderer that is not ours cannot have main write a file wherever it likes.
  calendar: z
    .strictObject({ ...calendarShape, filePath: z.null() })
    .partial()
    .optional(),
});

// Compile-time: the schemas produce exactly the contract's types.
const _settingsTyped: z.ZodType<Settings> = settingsSchema;
const _patchTyped: z.ZodType<SettingsPatch> = settingsPatchSchema;
void _settingsTyped;
void _patchTyped;

/**
 * Merges a patch into settings (nested objects merge; `shortcut: null` clears the shortcut) and
 * validates the result. Pure: `current` is not modified. Throws a `z.ZodError` when the merged settings
 * are invalid (callers validate the patch first, so this only fires on a corrupt `current`).
 */
export function mergeSettings(current: Settings, patch: SettingsPatch): Settings {
  const n = patch.notifications ?? {};
  const merged: Settings = {
    notifications: {
      ...current.notifications,
      ...stripUndefined(n),
      kinds: { ...current.notifications.kinds, ...stripUndefined(n.kinds ?? {}) },
      quietHours: { ...current.notifications.quietHours, ...stripUndefined(n.quietHours ?? {}) },
    },
    refreshIntervalMinutes: patch.refreshIntervalMinutes ?? current.refreshIntervalMinutes,
    launchAtLogin: patch.launchAtLogin ?? current.launchAtLogin,
    shortcut: patch.shortcut === undefined ? current.shortcut : patch.shortcut,
    autoUpdate: patch.autoUpdate ?? current.autoUpdate,
    calendar: { ...current.calendar, ...stripUndefined(patch.calendar ?? {}) },
  };
  return settingsSchema.parse(merged);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The store key of the account kind whose defaults the settings follow ({@link followAccountDefaults}). */
export const SETTINGS_DEFAULTS_KIND_KEY = 'settings.defaultsFor';

/**
 * The defaults that differ by account kind: a parent is not in the lesson, so lesson reminders are off for
 * a parent account (issue 24 §2); a student keeps {@link DEFAULT_SETTINGS}.
 */
export function accountDefaults(kind: AccountKind): { lessonSoon: boolean } {
  return { lessonSoon: kind === 'student' ? DEFAULT_SETTINGS.notifications.kinds['lesson-soon'] : false };
}

/**
 * Settings as they follow the defaults of the account kind now signed in (`kind`), having followed those
 * of `previous` (`null`: the first sign-in, which followed the students' defaults, {@link DEFAULT_SETTINGS}).
 * A setting the user changed from the old default is kept; one still at it takes the new kind's default.
 * Pure; returns `settings` itself when nothing changes.
 */
export function followAccountDefaults(
  settings: Settings,
  previous: AccountKind | null,
  kind: AccountKind,
): Settings {
  const before = accountDefaults(previous ?? 'student');
  const after = accountDefaults(kind);
  const lessonSoon = settings.notifications.kinds['lesson-soon'];
  if (lessonSoon !== before.lessonSoon || lessonSoon === after.lessonSoon) return settings;
  return mergeSettings(settings, { notifications: { kinds: { 'lesson-soon': after.lessonSoon } } });
}

/**
 * Reads settings from the store, keeping every valid stored field and using the default for any field
 * that is missing, invalid or unknown (a damaged or older/newer settings file never resets everything).
 * Never throws.
 */
export function loadSettings(store: Store): Settings {
  return lenientParse(settingsSchema, DEFAULT_SETTINGS, store.get<unknown>(SETTINGS_STORE_KEY));
}

/** Persists settings (already validated) under {@link SETTINGS_STORE_KEY}. */
export function saveSettings(store: Store, settings: Settings): void {
  store.set(SETTINGS_STORE_KEY, settings);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Field-by-field parse: each object key falls back to `fallback`'s value when the stored one is bad. */
function lenientParse<T>(schema: z.ZodType<T>, fallback: T, value: unknown): T {
  const fallbackFields: unknown = fallback;
  if (schema instanceof z.ZodObject && isRecord(fallbackFields)) {
    const source = isRecord(value) ? value : {};
    const out: Record<string, unknown> = {};
    for (const [key, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      out[key] = lenientParse(fieldSchema, fallbackFields[key], source[key]);
    }
    const result = (schema as z.ZodType<T>).safeParse(out);
    return result.success ? result.data : fallback;
  }
  const result = schema.safeParse(value);
  return result.success ? result.data : fallback;
}
