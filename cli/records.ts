/**
 * `npm run cli -- records <activity|behaviour|badges|announcements|detentions|attendance|pupils>
 * [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json]`: signs in from the environment (./env.ts) and prints one
 * kind of record for the pupil (`CLASSCHARTS_PUPIL` picks a parent's child).
 *
 * Dates (YYYY-MM-DD, Europe/London): activity, behaviour and attendance ask the service for the range, by
 * default the 30 days up to today; badges, announcements and detentions have no range upstream, so
 * `--from`/`--to` filter them here by their own date (items without a readable date are left out of a
 * filtered list). Attendance is only for a pupil whose school shows it, and its percentages only when the
 * school shows them too (`null` otherwise), as in the app.
 *
 * `--json` prints one object (stable; documented in docs/notes/client.md):
 * - `pupils`: `{ kind, items: Pupil[] }`;
 * - `behaviour`: `{ kind, pupil: {id, name}, from, to, summary: BehaviourSummary }`;
 * - `attendance`: `{ kind, pupil: {id, name}, from, to, attendance: Attendance }`;
 * - the others: `{ kind, pupil: {id, name}, from, to, items: [...] }` with the domain types of
 *   common/domain.ts (`from`/`to` are `null` when not given for the unranged kinds).
 */
import { parseArgs } from 'node:util';
import { addDays, londonDate } from '../common/dates';
import type {
  Announcement,
  Attendance,
  AttendanceMark,
  Badge,
  BehaviourPoint,
  BehaviourSummary,
  Detention,
  Instant,
  IsoDate,
  Pupil,
} from '../common/domain';
import { InvalidInputError } from '../main/classcharts/errors';
import { toIsoDate } from '../main/classcharts/map';
import { checkRange } from '../main/classcharts/validate';
import { systemClock } from '../main/ports';
import { type CliDeps, signInFromEnv } from './env';
import { runCommand, UsageError } from './errors';
import { type CliIo, clockTime, table } from './output';

/** The kinds `records` prints. */
export const RECORD_KINDS = [
  'activity',
  'behaviour',
  'badges',
  'announcements',
  'detentions',
  'attendance',
  'pupils',
] as const;
/** One of {@link RECORD_KINDS}. */
export type CliRecordKind = (typeof RECORD_KINDS)[number];

/** Days before `--to` that `--from` defaults to for activity, behaviour and attendance. */
export const DEFAULT_RANGE_DAYS = 30;

type PupilRef = { id: number; name: string };
type Range = { from: IsoDate | null; to: IsoDate | null };

/** The `records --json` object, by kind. */
export type RecordsJson =
  | { kind: 'pupils'; items: Pupil[] }
  | ({ kind: 'behaviour'; pupil: PupilRef; summary: BehaviourSummary } & Range)
  | ({ kind: 'attendance'; pupil: PupilRef; attendance: Attendance } & Range)
  | ({ kind: 'activity'; pupil: PupilRef; items: BehaviourPoint[] } & Range)
  | ({ kind: 'badges'; pupil: PupilRef; items: Badge[] } & Range)
  | ({ kind: 'announcements'; pupil: PupilRef; items: Announcement[] } & Range)
  | ({ kind: 'detentions'; pupil: PupilRef; items: Detention[] } & Range);

/** Keeps items whose date (YYYY-MM-DD, from `dateOf`) lies in the range; all items when no range. */
function inRange<T>(items: T[], range: Range, dateOf: (item: T) => IsoDate | null): T[] {
  if (range.from === null && range.to === null) return items;
  return items.filter((item) => {
    const date = dateOf(item);
    return (
      date !== null && (range.from === null || date >= range.from) && (range.to === null || date <= range.to)
    );
  });
}

/**
 * Signs in from `env` and loads one kind of record. `range` is as given on the command line; `today`
 * (YYYY-MM-DD) sets the default range of activity and behaviour.
 * @throws UsageError, and the client's errors.
 */
export async function loadRecords(
  kind: CliRecordKind,
  range: { from?: IsoDate; to?: IsoDate },
  today: IsoDate,
  env: NodeJS.ProcessEnv,
  deps: CliDeps = {},
): Promise<RecordsJson> {
  checkRange(range);
  const { client, account, pupil } = await signInFromEnv(env, deps);
  if (kind === 'pupils') return { kind, items: account.pupils };
  const ref = { id: pupil.id, name: pupil.name };
  const given: Range = { from: range.from ?? null, to: range.to ?? null };
  const to = range.to ?? (range.from !== undefined && range.from > today ? range.from : today);
  const ranged = { from: range.from ?? addDays(to, -DEFAULT_RANGE_DAYS), to };
  const day = (instant: Instant | null) => toIsoDate(instant);
  switch (kind) {
    case 'activity':
      return { kind, pupil: ref, ...ranged, items: await client.allActivity(ranged, pupil.id) };
    case 'behaviour':
      return { kind, pupil: ref, ...ranged, summary: await client.behaviour(ranged, pupil.id) };
    case 'attendance': {
      if (!pupil.features.attendance)
        throw new InvalidInputError(
          'attendance is not shown for this pupil',
          `${pupil.name}'s school does not show attendance.`,
        );
      const attendance = await client.attendance(ranged, pupil.id);
      return {
        kind,
        pupil: ref,
        ...ranged,
        attendance: pupil.features.attendancePercentage
          ? attendance
          : { ...attendance, percentage: null, percentageSinceAugust: null },
      };
    }
    case 'badges':
      return {
        kind,
        pupil: ref,
        ...given,
        items: inRange(await client.badges(pupil.id), given, (b) => day(b.createdAt)),
      };
    case 'announcements':
      return {
        kind,
        pupil: ref,
        ...given,
        items: inRange(await client.announcements(pupil.id), given, (a) => day(a.timestamp)),
      };
    case 'detentions':
      return {
        kind,
        pupil: ref,
        ...given,
        items: inRange(await client.detentions(pupil.id), given, (d) => d.date),
      };
  }
}

/** `YYYY-MM-DD HH:MM` (Europe/London) of an instant, or `unknown`. */
function when(instant: Instant | null): string {
  const date = toIsoDate(instant);
  return date === null ? 'unknown' : `${date} ${clockTime(instant)}`;
}

/** The readable form of a records result. */
export function formatRecords(result: RecordsJson): string {
  if (result.kind === 'pupils')
    return table(
      ['Id', 'Name', 'School'],
      result.items.map((p) => [String(p.id), p.name, p.schoolName ?? '']),
    );
  const heading = `${result.pupil.name} - ${result.kind}${result.from || result.to ? ` ${result.from ?? '…'} to ${result.to ?? '…'}` : ''}\n\n`;
  const none = `${heading}  None.\n`;
  switch (result.kind) {
    case 'behaviour': {
      const s = result.summary;
      const reasons = (map: Record<string, number>) =>
        Object.entries(map)
          .sort((a, b) => b[1] - a[1])
          .map(([reason, count]) => `${reason} (${count})`)
          .join(', ') || 'none';
      return (
        heading +
        (s.weeks.length > 0
          ? table(
              ['Week from', 'Positive', 'Negative'],
              s.weeks.map((w) => [w.start, String(w.positive), String(w.negative)]),
            )
          : '') +
        `\n  Total: +${s.totalPositive} / -${s.totalNegative}\n  Positive: ${reasons(s.positiveReasons)}\n  Negative: ${reasons(s.negativeReasons)}\n`
      );
    }
    case 'attendance': {
      const a = result.attendance;
      const percent = (value: number | null, what: string) => (value === null ? [] : [`${value}% ${what}`]);
      const shown = [
        ...percent(a.percentageSinceAugust, 'since August'),
        ...percent(a.percentage, 'in this range'),
      ];
      const mark = (m: AttendanceMark | undefined) =>
        m === undefined
          ? ''
          : `${m.status}${m.lateMinutes === null ? '' : ` ${m.lateMinutes} min`}${m.code ? ` (${m.code})` : ''}`;
      return (
        (a.days.length === 0
          ? none
          : heading +
            table(
              ['Date', ...a.sessions],
              a.days.map((d) => [
                d.date,
                ...a.sessions.map((s) => mark(d.marks.find((m) => m.session === s))),
              ]),
            )) + (shown.length > 0 ? `\n  Attendance: ${shown.join(', ')}\n` : '')
      );
    }
    case 'activity':
      return result.items.length === 0
        ? none
        : heading +
            table(
              ['When', 'Points', 'Reason', 'Teacher'],
              result.items.map((p) => [
                when(p.timestamp),
                p.score > 0 ? `+${p.score}` : String(p.score),
                p.reason,
                p.teacher ?? '',
              ]),
            );
    case 'badges':
      return result.items.length === 0
        ? none
        : heading +
            table(
              ['Awarded', 'Badge', 'For'],
              result.items.map((b) => [when(b.createdAt), b.name, b.events.map((e) => e.reason).join(', ')]),
            );
    case 'announcements':
      return result.items.length === 0
        ? none
        : heading +
            table(
              ['When', 'Title', 'From'],
              result.items.map((a) => [when(a.timestamp), (a.pinned ? '* ' : '') + a.title, a.teacher]),
            );
    case 'detentions':
      return result.items.length === 0
        ? none
        : heading +
            table(
              ['Date', 'Time', 'Status', 'Where', 'Reason'],
              result.items.map((d) => [
                d.date ?? 'unknown',
                d.time ?? '',
                d.status,
                d.location ?? '',
                d.reason ?? '',
              ]),
            );
  }
}

/** Runs `records` with its arguments (after the command name); returns the exit code. */
export function runRecords(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  deps: CliDeps = {},
): Promise<number> {
  return runCommand(env, io, async () => {
    const { values, positionals } = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: true,
    });
    const [kind, ...extra] = positionals;
    if (kind === undefined || !(RECORD_KINDS as readonly string[]).includes(kind) || extra.length > 0)
      throw new UsageError(`records needs one kind: ${RECORD_KINDS.join(', ')}`);
    const today = londonDate((deps.clock ?? systemClock).now());
    const range = { ...(values.from ? { from: values.from } : {}), ...(values.to ? { to: values.to } : {}) };
    const result = await loadRecords(kind as CliRecordKind, range, today, env, deps);
    return values.json ? `${JSON.stringify(result)}\n` : formatRecords(result);
  });
}
