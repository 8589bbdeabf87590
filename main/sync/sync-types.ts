/**
 * The types the sync engine (./sync-engine.ts) and its parts share: what it needs from the client, why a
 * refresh runs, the freshness and events it reports, and what it is built from. Types only.
 */
import type { ClassChartsClient } from '../classcharts/client';
import type { Clock, Logger } from '../ports';
import type { SessionClient, SessionKeeper } from '../session/keeper';
import type { ExtraKind, KnownData } from '../known';

/** What the engine needs from the ClassCharts client (main/classcharts/client.ts). */
export type CoreClient = SessionClient &
  Pick<
    ClassChartsClient,
    | 'account'
    | 'timetable'
    | 'homeworks'
    | 'activityPage'
    | 'allActivity'
    | 'behaviour'
    | 'badges'
    | 'announcements'
    | 'detentions'
    | 'downloadAttachment'
    | 'setHomeworkTicked'
    | 'attendance'
  >;

/** Why a refresh runs (for logs and `cli watch`). */
export type RefreshReason =
  | 'start'
  | 'sign-in'
  | 'interval'
  | 'midnight'
  | 'resume'
  | 'popover'
  | 'manual'
  | 'retry'
  /** A homework file's link expired: read the lists again for a fresh one (main/app/attachments.ts). */
  | 'attachment';

/** Freshness of the known data, as the snapshot shows it. */
export interface Freshness {
  stale: boolean;
  offline: boolean;
  refreshing: boolean;
  error: string | null;
}

/** Outcome of one refresh, for observers (`cli watch`). Never holds secrets. */
export type SyncEvent =
  | { type: 'refresh'; ok: true; reason: RefreshReason; pupils: number; lessons: number; homework: number }
  | {
      type: 'refresh';
      ok: false;
      reason: RefreshReason;
      error: string;
      offline: boolean;
      retryInMs: number | null;
    }
  | { type: 'extras'; ok: boolean; kinds: ExtraKind[]; error?: string };

/**
 * Why data changed: a refresh, the next school day looked up, background kinds, records of one kind the
 * user asked for (and is looking at already), a homework the pupil ticked off or unticked, or another day's
 * timetable that showed a longer rota cycle (`rota`, common/rota.ts).
 */
export type DataChange =
  | { reason: 'refresh' | 'next-day' | 'extras' | 'homework-tick' | 'rota' }
  | { reason: 'records'; kind: ExtraKind };

/** What the sync engine (./sync-engine.ts `SyncEngine`) is built from. */
export interface SyncEngineOptions {
  keeper: SessionKeeper<CoreClient>;
  clock: Clock;
  logger: Logger;
  /** The interval refresh period in ms (read at each scheduling, so a settings change applies). */
  refreshIntervalMs: () => number;
  /**
   * `false` keeps the interval day and night (`cli watch --interval`); default `true`: every 3 h from
   * 22:00 to 07:00 London (./schedule.ts `intervalRefreshDue`).
   */
  quietNights?: boolean;
  /** Background kinds period in ms; default 60 min. */
  extrasIntervalMs?: number;
  /** Anything the snapshot shows changed (data or freshness). */
  onChange: () => void;
  /** New data was applied: `previous` is what was known before (`null` right after sign-in). */
  onData: (previous: KnownData | null, current: KnownData, change: DataChange) => void;
  /** Refresh outcomes. */
  onEvent?: (event: SyncEvent) => void;
}
