/**
 * Notification rules, as pure functions: from what was known before about a pupil, what is known now,
 * and the time, to the candidate notifications — each a fact with a ledger id that names it uniquely, so
 * it is never notified twice (../notify/ledger.ts). Wording is separate (./wording.ts); switches, quiet
 * hours and the ledger are applied by ./notifications.ts.
 *
 * A candidate is `silent` when the data it comes from was never known before (the first sync after
 * sign-in, or a kind's first background fetch): it is recorded, not shown, so signing in never floods.
 * A candidate is `coveredBy` other candidates of the same run whose notification already tells it (one
 * notification per thing at once): ./notifications.ts records it silently when one of them is shown.
 *
 * Rules (Europe/London dates and times; `now` in epoch ms):
 * - homework-new: a homework not in the previous list, issued in the last 14 days;
 * - homework-due: open homework due tomorrow, from `homeworkDueHour` o'clock until midnight (covered by
 *   the homework's homework-new, whose text says "due tomorrow");
 * - detention-new: a detention not in the previous list, still pending and not in the past;
 * - detention-today: a pending detention today, from 07:00 until it starts (covered by the same
 *   detention's detention-new, whose text says "today", and by its detention-soon);
 * - detention-soon: a pending detention starts within `lessonReminderMinutes` (0 = off), for the pupil at
 *   the keyboard like lesson-soon; notified as kind `detention-today` (the switch of detention reminders),
 *   ledger id `detention-today:<pupil>:<detention>:<date>:soon` (covered by its detention-new);
 * - announcement: an announcement not in the previous list, from the last 14 days (once per account,
 *   even when siblings share it);
 * - behaviour-positive / -negative: a behaviour point not in the previous list, from the last 7 days;
 * - badge: an award of a badge (an event that earned it) not in the previous list, in the last 14 days
 *   — a badge earned again is told again;
 * - lesson-soon: a lesson (not a break) starts within `lessonReminderMinutes` (0 = off);
 * - lesson-change: a cover / alternative lesson of today (once per lesson and day), or a room move: the
 *   lesson's room differs from its room in the previous snapshot (a move seen now), or from the room first
 *   seen that day (a move found earlier and not yet told: before 07:00, in quiet hours, or for a pupil
 *   then not selected). Each move is told once, from the room the pupil last heard of; see
 *   {@link roomMove} for its ledger ids. Only lessons that have not ended, and only from 07:00 — the
 *   midnight refresh finds the new day's cover lessons, and the minute tick tells them at 07:00. Never
 *   compared with the previous day's lessons. A cover lesson in another room is one notification saying
 *   both (the room move is covered by the cover lesson).
 * Lesson reminders, lesson changes and detention-soon are for the pupil at the keyboard: a student
 * account, and the selected pupil of a parent account.
 */
import type { NotificationKind, Settings } from '../../common/contract';
import { addDays, daysBetween, londonDate, londonMinuteOfDay, parseInstant } from '../../common/dates';
import type {
  AccountKind,
  Announcement,
  Badge,
  BehaviourPoint,
  Detention,
  Homework,
  Lesson,
  Pupil,
} from '../../common/domain';
import type { Fetched, KnownPupil } from '../known';
import { isHomeworkOpen } from '../known';

/** New homework, announcements and badges older than this (days) are not announced as new. */
export const NEW_ITEM_MAX_AGE_DAYS = 14;
/** Behaviour points older than this (days) are not announced. */
export const BEHAVIOUR_MAX_AGE_DAYS = 7;
/** The detention-day reminder is given from this minute of the day (07:00, Europe/London). */
export const DETENTION_REMINDER_FROM_MINUTE = 7 * 60;
/** Room changes and cover lessons of the day are told from this minute of the day (07:00, Europe/London). */
export const LESSON_CHANGE_FROM_MINUTE = 7 * 60;

/**
 * The fact behind a notification, with the record it is about. `minutes`: whole minutes until the start,
 * rounded up. A cover lesson's `previousRoom` is set when its room changed too (else `null`).
 */
export type NotifyFact =
  | { kind: 'homework-new'; homework: Homework }
  | { kind: 'homework-due'; homework: Homework }
  | { kind: 'detention-new'; detention: Detention }
  | { kind: 'detention-today'; detention: Detention }
  | { kind: 'detention-soon'; detention: Detention; minutes: number }
  | { kind: 'announcement'; announcement: Announcement }
  | { kind: 'behaviour-positive' | 'behaviour-negative'; point: BehaviourPoint }
  | { kind: 'badge'; badge: Badge }
  | { kind: 'lesson-soon'; lesson: Lesson; minutes: number }
  | { kind: 'lesson-change'; lesson: Lesson; change: 'room'; previousRoom: string }
  | { kind: 'lesson-change'; lesson: Lesson; change: 'alternative'; previousRoom: string | null };

/** The notification kind (and Settings switch) of each fact: a detention-soon is a detention reminder. */
const KIND_OF_FACT: Record<NotifyFact['kind'], NotificationKind> = {
  'homework-new': 'homework-new',
  'homework-due': 'homework-due',
  'detention-new': 'detention-new',
  'detention-today': 'detention-today',
  'detention-soon': 'detention-today',
  announcement: 'announcement',
  'behaviour-positive': 'behaviour-positive',
  'behaviour-negative': 'behaviour-negative',
  badge: 'badge',
  'lesson-soon': 'lesson-soon',
  'lesson-change': 'lesson-change',
};

/**
 * A notification the rules found: its ledger id, the pupil, the fact, whether to record it silently, and
 * the candidates of the same run whose notification already tells it.
 */
export interface Candidate {
  /** Unique per notified fact and starting with `kind`, e.g. `homework-new:4102571:5488456`. */
  id: string;
  /** The notification kind: its Settings switch, and the ledger id's prefix. */
  kind: NotificationKind;
  pupil: Pupil;
  fact: NotifyFact;
  silent: boolean;
  /** Ids of candidates that, when shown in the same run, say this too (then this one is recorded silently). */
  coveredBy: readonly string[];
}

/** The context every rule sees. */
export interface RuleContext {
  now: number;
  settings: Settings['notifications'];
  accountKind: AccountKind;
  selectedPupilId: number | null;
  /**
   * True for ids already in the ledger. Only room moves read it: the ledger is where their count is kept
   * (see {@link roomMove}). Absent = nothing recorded yet.
   */
  seen?: (id: string) => boolean;
}

/** A candidate for a fact; its kind is the fact's notification kind. */
function candidate(
  id: string,
  pupil: Pupil,
  fact: NotifyFact,
  silent: boolean,
  coveredBy: readonly string[] = [],
): Candidate {
  return { id, kind: KIND_OF_FACT[fact.kind], pupil, fact, silent, coveredBy };
}

/**
 * Whole minutes (rounded up) from `now` to `start` (both epoch ms) when `start` is after `now` and at most
 * `reminderMs` (ms) away, else `null`.
 */
function minutesUntil(start: number | null, now: number, reminderMs: number): number | null {
  if (start === null || start <= now || start - now > reminderMs) return null;
  return Math.ceil((start - now) / 60_000);
}

/** True for the pupil at the keyboard: the pupil of a student account, the selected pupil of a parent. */
function atKeyboard(pupil: Pupil, ctx: RuleContext): boolean {
  return ctx.accountKind !== 'parent' || pupil.id === ctx.selectedPupilId;
}

/** Items of `current` whose id was not in `previous`. */
function newItems<T extends { id: number }>(
  previous: Fetched<T> | null | undefined,
  current: Fetched<T>,
): T[] {
  const known = new Set((previous?.items ?? []).map((item) => item.id));
  return current.items.filter((item) => !known.has(item.id));
}

/** True when `date` (YYYY-MM-DD, or `null` = unknown) is today or at most `maxDays` before `today`. */
function recent(date: string | null, today: string, maxDays: number): boolean {
  if (date === null) return true;
  const age = daysBetween(date, today);
  return age >= 0 && age <= maxDays;
}

/** The Europe/London date of an instant, or `null`. */
function instantDate(instant: string | null): string | null {
  const ms = parseInstant(instant);
  return ms === null ? null : londonDate(ms);
}

/** Rules over homework: new, and due tomorrow. */
export function homeworkCandidates(
  previous: KnownPupil | null,
  current: KnownPupil,
  ctx: RuleContext,
): Candidate[] {
  const list = current.homework;
  if (list === null) return [];
  const silent = previous?.homework == null;
  const { pupil } = current;
  const today = londonDate(ctx.now);
  const tomorrow = addDays(today, 1);
  const evening = londonMinuteOfDay(ctx.now) >= ctx.settings.homeworkDueHour * 60;
  const fresh = newItems(previous?.homework, list).filter((h) =>
    recent(h.issueDate, today, NEW_ITEM_MAX_AGE_DAYS),
  );
  const due = evening ? list.items.filter((h) => isHomeworkOpen(h) && h.dueDate === tomorrow) : [];
  const newId = (h: Homework) => `homework-new:${pupil.id}:${h.id}`;
  return [
    ...fresh.map((homework) => candidate(newId(homework), pupil, { kind: 'homework-new', homework }, silent)),
    // New homework due tomorrow is told once, as new ("… — due tomorrow"), not as a reminder as well.
    ...due.map((homework) =>
      candidate(
        `homework-due:${pupil.id}:${homework.id}:${tomorrow}`,
        pupil,
        { kind: 'homework-due', homework },
        silent,
        fresh.includes(homework) ? [newId(homework)] : [],
      ),
    ),
  ];
}

/**
 * Rules over detentions: new (pending, not in the past), the reminder on its day, and the reminder
 * `lessonReminderMinutes` before it starts (pending ones with a known start only; the service has no
 * "cancelled" status: a cancelled detention leaves the list, docs/classcharts-api.md §5.10).
 */
export function detentionCandidates(
  previous: KnownPupil | null,
  current: KnownPupil,
  ctx: RuleContext,
): Candidate[] {
  const list = current.detentions;
  if (list === null) return [];
  const silent = previous?.detentions == null;
  const { pupil } = current;
  const today = londonDate(ctx.now);
  const morning = londonMinuteOfDay(ctx.now) >= DETENTION_REMINDER_FROM_MINUTE;
  const reminderMs = atKeyboard(pupil, ctx) ? ctx.settings.lessonReminderMinutes * 60_000 : 0;
  const pending = (d: Detention) => d.status === 'pending';
  const fresh = newItems(previous?.detentions, list).filter(
    (d) => pending(d) && (d.date === null || d.date >= today),
  );
  const out: Candidate[] = [];
  for (const detention of list.items) {
    if (!pending(detention)) continue;
    const newId = `detention-new:${pupil.id}:${detention.id}`;
    // One notification per detention at once: "New detention" says the day and time, so a detention set
    // for today (or minutes before it) is told as new only; the minutes-before reminder replaces the day one.
    const isNew = fresh.includes(detention);
    if (isNew) out.push(candidate(newId, pupil, { kind: 'detention-new', detention }, silent));
    const start = parseInstant(detention.start);
    const minutes = minutesUntil(start, ctx.now, reminderMs);
    const soonId =
      start === null || minutes === null
        ? null
        : `detention-today:${pupil.id}:${detention.id}:${londonDate(start)}:soon`;
    if (soonId !== null && minutes !== null) {
      const fact = { kind: 'detention-soon', detention, minutes } as const;
      out.push(candidate(soonId, pupil, fact, silent, isNew ? [newId] : []));
    }
    if (detention.date === today && morning && (start === null || ctx.now < start)) {
      const coveredBy = [...(isNew ? [newId] : []), ...(soonId === null ? [] : [soonId])];
      const id = `detention-today:${pupil.id}:${detention.id}:${today}`;
      out.push(candidate(id, pupil, { kind: 'detention-today', detention }, silent, coveredBy));
    }
  }
  return out;
}

/** Rule over announcements: new ones (ledger id per announcement, not per pupil: siblings share them). */
export function announcementCandidates(
  previous: KnownPupil | null,
  current: KnownPupil,
  ctx: RuleContext,
): Candidate[] {
  if (current.announcements === null) return [];
  const silent = previous?.announcements == null;
  const today = londonDate(ctx.now);
  return newItems(previous?.announcements, current.announcements)
    .filter((a) => recent(instantDate(a.timestamp), today, NEW_ITEM_MAX_AGE_DAYS))
    .map((announcement) =>
      candidate(
        `announcement:${announcement.id}`,
        current.pupil,
        { kind: 'announcement', announcement },
        silent,
      ),
    );
}

/** Rule over activity: new positive or negative behaviour points (neutral entries are not notified). */
export function behaviourCandidates(
  previous: KnownPupil | null,
  current: KnownPupil,
  ctx: RuleContext,
): Candidate[] {
  if (current.activity === null) return [];
  const silent = previous?.activity == null;
  const today = londonDate(ctx.now);
  return newItems(previous?.activity, current.activity)
    .filter(
      (p) => p.polarity !== 'neutral' && recent(instantDate(p.timestamp), today, BEHAVIOUR_MAX_AGE_DAYS),
    )
    .map((point) => {
      const kind = point.polarity === 'positive' ? 'behaviour-positive' : 'behaviour-negative';
      return candidate(`${kind}:${current.pupil.id}:${point.id}`, current.pupil, { kind, point }, silent);
    });
}

/**
 * The awards of a badge, each named `<badge id>:<timestamp>`: one per event that earned it
 * (docs/classcharts-api.md §5.8, `pupil_badges`), or the badge itself at `createdAt` when the service sent no
 * events. `at` is the award's instant (`null` when unknown).
 */
function badgeAwards(badge: Badge): { key: string; at: string | null }[] {
  const times = badge.events.length > 0 ? badge.events.map((e) => e.timestamp) : [badge.createdAt];
  return [...new Set(times)].map((at) => ({ key: `${badge.id}:${at ?? 'undated'}`, at }));
}

/**
 * Rule over badges: one candidate per award (a badge earned again is told again) not known before,
 * awarded in the last 14 days. Ledger id `badge:<pupil>:<badge id>:<award timestamp>`.
 */
export function badgeCandidates(
  previous: KnownPupil | null,
  current: KnownPupil,
  ctx: RuleContext,
): Candidate[] {
  if (current.badges === null) return [];
  const silent = previous?.badges == null;
  const today = londonDate(ctx.now);
  const known = new Set((previous?.badges?.items ?? []).flatMap((b) => badgeAwards(b).map((a) => a.key)));
  return current.badges.items.flatMap((badge) =>
    badgeAwards(badge)
      .filter((a) => !known.has(a.key) && recent(instantDate(a.at), today, NEW_ITEM_MAX_AGE_DAYS))
      .map((a) =>
        candidate(`badge:${current.pupil.id}:${a.key}`, current.pupil, { kind: 'badge', badge }, silent),
      ),
  );
}

/**
 * The ledger ids of the moves of one lesson to `room`, in order: `<prefix>:room:<room>` for the first
 * (the id of every earlier version, so a ledger written by one is still read), then
 * `<prefix>:room#<n>:<room>` for the n-th (n ≥ 2).
 */
function roomMoveId(prefix: string, room: string, n: number): string {
  return n === 1 ? `${prefix}:room:${room}` : `${prefix}:room#${n}:${room}`;
}

/** How many moves of one lesson to `room` are in the ledger (its ids are recorded in order). */
function roomMovesTold(prefix: string, room: string, seen: (id: string) => boolean): number {
  let n = 0;
  while (seen(roomMoveId(prefix, room, n + 1))) n += 1;
  return n;
}

/**
 * A room move of a lesson of today to tell, with its ledger id and the room the pupil last heard of, or
 * `null`. `firstRoom`: the room first seen that day; `lastRoom`: the room in the previous snapshot (both
 * `undefined` when not known).
 * - A move seen now (`lastRoom` differs): a new move, whose id is the next of its room — so A → B → A → B
 *   tells the second move to B too (`room#2:B`). It is told from `lastRoom` when the pupil heard of that
 *   room (it is the first room, or a move to it is in the ledger), else from `firstRoom` (a move before
 *   07:00 or while the app was closed was never told); nothing when that is the lesson's room now.
 * - Otherwise, a room that differs from the first room: a move found before and not yet told (before
 *   07:00, held by quiet hours, a pupil not selected then) — told once, under the id of the first move to
 *   that room, or nothing when a move to it is already in the ledger (the minute tick, a restart).
 * A lesson with no room now (`''`) has not moved.
 */
function roomMove(
  prefix: string,
  room: string,
  firstRoom: string | undefined,
  lastRoom: string | undefined,
  seen: (id: string) => boolean,
): { id: string; from: string } | null {
  if (room === '') return null;
  const told = roomMovesTold(prefix, room, seen);
  if (lastRoom !== undefined && lastRoom !== room) {
    const heard =
      lastRoom === firstRoom || firstRoom === undefined || roomMovesTold(prefix, lastRoom, seen) > 0;
    const from = heard ? lastRoom : firstRoom;
    return from === room ? null : { id: roomMoveId(prefix, room, told + 1), from };
  }
  if (firstRoom === undefined || firstRoom === room || told > 0) return null;
  return { id: roomMoveId(prefix, room, 1), from: firstRoom };
}

/**
 * Rules over today's lessons: starting soon, room moves (against the previous snapshot and the room
 * first seen that day, see {@link roomMove}) and cover / alternative lessons (from 07:00).
 */
export function lessonCandidates(
  previous: KnownPupil | null,
  current: KnownPupil,
  ctx: RuleContext,
): Candidate[] {
  const day = current.day;
  if (day === null || day.date !== londonDate(ctx.now)) return [];
  if (!atKeyboard(current.pupil, ctx)) return [];
  const silent = previous?.day == null;
  const { pupil } = current;
  const reminderMs = ctx.settings.lessonReminderMinutes * 60_000;
  const changesDue = londonMinuteOfDay(ctx.now) >= LESSON_CHANGE_FROM_MINUTE;
  const seen = ctx.seen ?? (() => false);
  // The previous snapshot's rooms, of the same day only.
  const lastRooms = new Map(
    previous?.day?.date === day.date ? previous.day.lessons.map((l) => [l.id, l.room] as const) : [],
  );
  const out: Candidate[] = [];
  for (const lesson of day.lessons) {
    const start = parseInstant(lesson.start);
    const end = parseInstant(lesson.end);
    if (end !== null && end <= ctx.now) continue;
    const base = `${pupil.id}:${day.date}:${lesson.id}`;
    const minutes = lesson.isBreak ? null : minutesUntil(start, ctx.now, reminderMs);
    if (minutes !== null) {
      out.push(candidate(`lesson-soon:${base}`, pupil, { kind: 'lesson-soon', lesson, minutes }, silent));
    }
    if (!changesDue) continue;
    const prefix = `lesson-change:${base}`;
    const move = roomMove(prefix, lesson.room, day.firstSeenRooms[lesson.id], lastRooms.get(lesson.id), seen);
    const alternativeId = `${prefix}:alternative`;
    if (lesson.isAlternative) {
      // It says the move too, if there is one to tell.
      const previousRoom = move?.from ?? null;
      const fact = { kind: 'lesson-change', lesson, change: 'alternative', previousRoom } as const;
      out.push(candidate(alternativeId, pupil, fact, silent));
    }
    if (move !== null) {
      // A cover lesson in another room is one notification that says both.
      const fact = { kind: 'lesson-change', lesson, change: 'room', previousRoom: move.from } as const;
      const coveredBy = lesson.isAlternative ? [alternativeId] : [];
      out.push(candidate(move.id, pupil, fact, silent, coveredBy));
    }
  }
  return out;
}

/** Every rule for one pupil, in a stable order. */
export function pupilCandidates(
  previous: KnownPupil | null,
  current: KnownPupil,
  ctx: RuleContext,
): Candidate[] {
  return [
    ...lessonCandidates(previous, current, ctx),
    ...homeworkCandidates(previous, current, ctx),
    ...detentionCandidates(previous, current, ctx),
    ...announcementCandidates(previous, current, ctx),
    ...behaviourCandidates(previous, current, ctx),
    ...badgeCandidates(previous, current, ctx),
  ];
}
