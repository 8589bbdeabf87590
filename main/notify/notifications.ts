/**
 * From what was known and what is known now to the notifications to show — the pure heart of
 * notifying: runs the rules (./rules.ts) for every pupil, drops what the ledger already holds, records
 * silently what comes from data never known before, applies the master switch, the per-kind switches and
 * quiet hours, tells one thing once at a time (a candidate covered by a shown one is recorded silently),
 * collapses a burst of one kind for one pupil into a summary, and words the rest (./wording.ts).
 *
 * Quiet hours: reminders ({@link HELD_IN_QUIET_HOURS}) are neither shown nor recorded, so the first minute
 * tick after quiet hours tells them — each rule gives them only while still useful (a lesson reminder
 * never after the lesson started, homework due tomorrow not after midnight). News (new homework, behaviour
 * points, badges, announcements, new detentions) is recorded, not postponed: it stays in the popover, and
 * the morning brings no burst of last night's news (docs/notes/core.md, Decisions).
 */
import type { NotificationKind, Settings } from '../../common/contract';
import { londonMinuteOfDay } from '../../common/dates';
import type { AccountKind } from '../../common/domain';
import type { AppNotification } from '../ports';
import type { ExtraKind, KnownData } from '../known';
import { pupilCandidates, type Candidate } from './rules';
import type { HistoryNotice } from './history';
import { wordNotification, wordSummary, type WordingOptions } from './wording';

/** The notification kinds about each background record kind (ledger ids start with the kind). */
export const NOTIFICATIONS_OF_RECORD_KIND: Record<ExtraKind, readonly NotificationKind[]> = {
  activity: ['behaviour-positive', 'behaviour-negative'],
  badges: ['badge'],
  detentions: ['detention-new', 'detention-today'],
  announcements: ['announcement'],
};

/** More than this many notifications of one kind for one pupil at once become one summary. */
export const MAX_PER_KIND = 3;

/**
 * Reminder kinds, found again from the current data and the time at every minute tick, each only while
 * still useful: in quiet hours they are held (not recorded) and come at the first tick after. Other kinds
 * are news, found once by comparing data, and are recorded when quiet hours hide them.
 */
export const HELD_IN_QUIET_HOURS: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'homework-due',
  'detention-today',
  'lesson-soon',
  'lesson-change',
]);

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

/**
 * What to show, and every id to record in the ledger: shown, silent, covered and suppressed alike, but
 * not the reminders held by quiet hours.
 */
export interface NotifyOutput {
  show: AppNotification[];
  record: string[];
  /**
   * What goes into the notification history: each notification shown, in full wording (no privacy wording,
   * no name in the title), and in quiet hours the news they held back (`heldBack`).
   */
  history: HistoryNotice[];
}

/** The candidates grouped by kind and pupil, in order of first appearance. */
function groupByKindAndPupil(candidates: readonly Candidate[]): Candidate[][] {
  const groups = new Map<string, Candidate[]>();
  for (const candidate of candidates) {
    const key = `${candidate.kind}:${candidate.pupil.id}`;
    groups.set(key, [...(groups.get(key) ?? []), candidate]);
  }
  return [...groups.values()];
}

/**
 * Of the candidates that may be shown, those to tell: a candidate is left out (recorded silently) when one
 * it is `coveredBy` is told — in detail, or summarised with it in one summary of the same kind. A covering
 * candidate summarised under another kind says nothing about it ("4 new homework tasks" does not say which
 * is due tomorrow), so then it is told itself.
 */
function toTell(candidates: readonly Candidate[]): Candidate[] {
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const pass = (summarised: ReadonlySet<string>): Candidate[] => {
    const told = new Map<string, boolean>();
    const isTold = (c: Candidate): boolean => {
      const known = told.get(c.id);
      if (known !== undefined) return known;
      told.set(c.id, true); // a guard against a cycle of covers (the rules make none)
      const covered = c.coveredBy.some((id) => {
        const other = byId.get(id);
        return other !== undefined && isTold(other) && (!summarised.has(id) || other.kind === c.kind);
      });
      told.set(c.id, !covered);
      return !covered;
    };
    return candidates.filter(isTold);
  };
  const first = pass(new Set());
  const summarised = groupByKindAndPupil(first).filter((g) => g.length > MAX_PER_KIND);
  return pass(new Set(summarised.flat().map((c) => c.id)));
}

/** Runs the rules for every pupil and decides what to show; see the file header. Pure. */
export function computeNotifications(input: NotifyInput): NotifyOutput {
  const { previous, current, now, settings } = input;
  const accountKind: AccountKind = current.account.kind;
  const ctx = { now, settings, accountKind, selectedPupilId: input.selectedPupilId, seen: input.seen };
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
  const allowed = (c: Candidate) => !c.silent && settings.enabled && settings.kinds[c.kind];
  const held = (c: Candidate) => quiet && allowed(c) && HELD_IN_QUIET_HOURS.has(c.kind);
  const options = { privacy: settings.privacy, namePupil: accountKind === 'parent', now };
  const word = (group: Candidate[], wording: WordingOptions): AppNotification[] =>
    group.length > MAX_PER_KIND
      ? [wordSummary(group, wording)]
      : group.map((c) => wordNotification(c, wording));
  const told = groupByKindAndPupil(toTell(fresh.filter(allowed)));
  const show = quiet ? [] : told.flatMap((group) => word(group, options));
  // The history (./history.ts) words in full, without the name (the popover shows it apart). In quiet
  // hours it takes the news, told now or never; the reminders come into it when shown after quiet hours.
  const full = { privacy: false, namePupil: false, now };
  const history = told
    .filter((group) => !quiet || !HELD_IN_QUIET_HOURS.has(group[0]!.kind))
    .flatMap((group) =>
      word(group, full).map((notification) => ({ notification, pupil: group[0]!.pupil, heldBack: quiet })),
    );
  return { show, record: fresh.filter((c) => !held(c)).map((c) => c.id), history };
}
