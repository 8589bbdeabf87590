/**
 * The calendar feed's reads (main/calendar/feed-data.ts `FeedReader`), made from what the app already has
 * where it can (issue 28 §2: "the feed reuses what the app already fetches"):
 * - today's lessons and the next school day (and the empty days searched before it) from the known data
 *   (../known.ts), which every refresh keeps up to date;
 * - homework from the known list when its window (../sync/schedule.ts `homeworkWindow`: 28 days either side
 *   of the day it was read) covers the feed's, which it always does for a list read today;
 * - every other day's lessons from {@link FeedDayCache}: a day in the coming week read once a London day, a
 *   day further ahead once a week, a past day once (a timetable changes rarely); else from the service
 *   through the session keeper, as ../sync/records.ts does.
 * Dates are `YYYY-MM-DD` Europe/London.
 */
import { daysBetween, londonDate } from '../../common/dates';
import type { Homework, IsoDate, Lesson } from '../../common/domain';
import type { FeedReader } from '../calendar/feed-data';
import type { HomeworkOptions } from '../classcharts/reads';
import type { KnownData, KnownPupil } from '../known';
import { homeworkWindow } from '../sync/schedule';

/** One day's lessons as read, and the London date it was read on. */
interface CachedDay {
  readOn: IsoDate;
  lessons: Lesson[];
}

/**
 * A day more than this many days ahead is read once every this many days; nearer days once a day. Cover,
 * room changes and cancellations are known days before, not weeks (docs/decisions.md, "The calendar feed's
 * reads").
 */
export const FAR_DAY_DAYS = 7;

/**
 * Other days' lessons per pupil, keyed by date, each with the London date it was read. A day is read again
 * only when it must be:
 * - a day up to {@link FAR_DAY_DAYS} ahead, once a day;
 * - a day further ahead, once every {@link FAR_DAY_DAYS} days (then daily as it comes nearer);
 * - a past day read on or after its date, never (what happened does not change; today's lessons are kept
 *   here from the known data, so yesterday stays as the last refresh saw it).
 * Forgotten at sign-out; days outside the feed's window are dropped as it moves.
 */
export class FeedDayCache {
  private readonly pupils = new Map<number, Map<IsoDate, CachedDay>>();

  /** The lessons of `date` for a pupil as last read, or `undefined` when it is to be read again (above). */
  get(pupilId: number, date: IsoDate, today: IsoDate): Lesson[] | undefined {
    const day = this.pupils.get(pupilId)?.get(date);
    if (!day) return undefined;
    if (date < today) return day.readOn >= date ? day.lessons : undefined;
    const far = daysBetween(today, date) > FAR_DAY_DAYS;
    const age = daysBetween(day.readOn, today);
    return age === 0 || (far && age < FAR_DAY_DAYS) ? day.lessons : undefined;
  }

  /** Keeps the lessons of `date` for a pupil, read on `today`. */
  set(pupilId: number, date: IsoDate, today: IsoDate, lessons: Lesson[]): void {
    let days = this.pupils.get(pupilId);
    if (!days) this.pupils.set(pupilId, (days = new Map()));
    days.set(date, { readOn: today, lessons });
  }

  /** Drops the days before `from` or after `to`, and the pupils not in `pupilIds`. */
  keepOnly(pupilIds: ReadonlySet<number>, from: IsoDate, to: IsoDate): void {
    for (const [pupilId, days] of this.pupils) {
      if (!pupilIds.has(pupilId)) this.pupils.delete(pupilId);
      else for (const date of days.keys()) if (date < from || date > to) days.delete(date);
    }
  }

  /** Forgets everything (sign-out). */
  clear(): void {
    this.pupils.clear();
  }
}

/** What {@link knownFeedReader} reads from. */
export interface KnownFeedReaderOptions {
  known: KnownData;
  /** Today, Europe/London. */
  today: IsoDate;
  cache: FeedDayCache;
  /** Reads a day's lessons from the service (through the session keeper). */
  timetable(date: IsoDate, pupilId: number): Promise<Lesson[]>;
  /** Reads homework from the service (through the session keeper). */
  homeworks(options: HomeworkOptions, pupilId: number): Promise<Homework[]>;
}

/** A {@link FeedReader} answering from the known data and the day cache first (see the file header). */
export function knownFeedReader(options: KnownFeedReaderOptions): FeedReader {
  const { known, today, cache } = options;
  const pupilOf = (pupilId: number): KnownPupil | undefined =>
    known.pupils.find((p) => p.pupil.id === pupilId);
  return {
    async timetable(date, pupilId) {
      const known = knownLessons(pupilOf(pupilId), date, today);
      // Today's lessons as this refresh saw them: tomorrow they are a past day, not read again.
      if (known !== undefined && date === today) cache.set(pupilId, date, today, known);
      const kept = known ?? cache.get(pupilId, date, today);
      if (kept !== undefined) return kept;
      const lessons = await options.timetable(date, pupilId);
      cache.set(pupilId, date, today, lessons);
      return lessons;
    },
    async homeworks(query, pupilId) {
      const list = pupilOf(pupilId)?.homework;
      const { from, to } = query;
      if (list && from !== undefined && to !== undefined && query.displayDate === 'due_date') {
        const read = homeworkWindow(londonDate(list.fetchedAt));
        if (read.from <= from && read.to >= to)
          return list.items.filter(
            (item) => item.dueDate !== null && item.dueDate >= from && item.dueDate <= to,
          );
      }
      return options.homeworks(query, pupilId);
    },
  };
}

/**
 * A day's lessons from the known data: today's timetable, the next school day, or a day the next school
 * day's search found empty; `undefined` when the known data does not say.
 */
function knownLessons(known: KnownPupil | undefined, date: IsoDate, today: IsoDate): Lesson[] | undefined {
  if (!known) return undefined;
  if (known.day?.date === date && date === today) return known.day.lessons;
  const next = known.nextDay;
  if (!next || next.after !== today || date <= next.after) return undefined;
  if (next.date === date) return next.lessons;
  const searchedEmpty = next.date === null ? date <= next.searchedTo : date < next.date;
  return searchedEmpty ? [] : undefined;
}
