/**
 * From what was known and what is known now to the notifications to show — the pure heart of
 * notifying: runs the rules (./rules.ts) for every pupil, drops what the ledger already holds, records
 * silently what comes from data never known before, applies the master switch, the per-kind switches and
 * quiet hours (suppressed notifications are recorded, not postponed: no burst when quiet hours end),
 * collapses a burst of one kind for one pupil into a summary, and words the rest (./wording.ts).
 */
import type { NotificationKind, Settings } from '../../preload/contract';
import { londonMinuteOfDay } from '../classcharts/dates';
import type { AccountKind } from '../classcharts/types';
import type { AppNotification } from '../ports';
import type { ExtraKind, KnownData } from '../sync/known-data';
import { pupilCandidates, type Candidate } from './rules';
import { wordNotification, wordSummary } from './wording';

/** The notification kinds about each background record kind (ledger ids start with the kind). */
export const NOTIFICATIONS_OF_RECORD_KIND: Record<ExtraKind, readonly NotificationKind[]> = {
  activity: ['behaviour-positive', 'behaviour-negative'],
  badges: ['badge'],
  detentions: ['detention-new', 'detention-today'],
  announcements: ['announcement'],
};

/** More than this many notifications of one kind for one pupil at once become one summary. */
export const MAX_PER_KIND = 3;

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * True when `now` (epoch ms) falls in the quiet hours (Europe/London wall-clock, `[start, end)`; a window
 * whose end is before its start wraps past midnight, e.g. 21:00–07:00). Start equal to end = no window.
 */
export function inQuietHours(now: number, quiet: Settings['notifications']['quietHours']): boolean {
  if (!quiet.enabled) return false;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const minute = londonMinuteOfDay(now);
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** Input of {@link computeNotifications}. */
export interface NotifyInput {
  /** What was known before this change; `null` after sign-in (everything is recorded silently). */
  previous: KnownData | null;
  current: KnownData;
  now: number;
  settings: Settings['notifications'];
  selectedPupilId: number | null;
  /** True for ids already in the ledger. */
  seen: (id: string) => boolean;
}

/** What to show, and every id to record in the ledger (shown, silent and suppressed alike). */
export interface NotifyOutput {
  show: AppNotification[];
  record: string[];
}

/** Runs the rules for every pupil and decides what to show; see the file header. Pure. */
export function computeNotifications(input: NotifyInput): NotifyOutput {
  const { previous, current, now, settings } = input;
  const accountKind: AccountKind = current.account.kind;
  const ctx = { now, settings, accountKind, selectedPupilId: input.selectedPupilId };
  const fresh: Candidate[] = [];
  const ids = new Set<string>();
  for (const pupil of current.pupils) {
    const before = previous?.pupils.find((p) => p.pupil.id === pupil.pupil.id) ?? null;
    for (const candidate of pupilCandidates(before, pupil, ctx)) {
      if (ids.has(candidate.id) || input.seen(candidate.id)) continue;
      ids.add(candidate.id);
      fresh.push(candidate);
    }
  }
  const quiet = inQuietHours(now, settings.quietHours);
  const shown = fresh.filter((c) => !c.silent && settings.enabled && settings.kinds[c.kind] && !quiet);
  const groups = new Map<string, Candidate[]>();
  for (const candidate of shown) {
    const key = `${candidate.kind}:${candidate.pupil.id}`;
    groups.set(key, [...(groups.get(key) ?? []), candidate]);
  }
  const options = { privacy: settings.privacy, namePupil: accountKind === 'parent', now };
  const show = [...groups.values()].flatMap((group) =>
    group.length > MAX_PER_KIND
      ? [wordSummary(group, options)]
      : group.map((c) => wordNotification(c, options)),
  );
  return { show, record: fresh.map((c) => c.id) };
}
