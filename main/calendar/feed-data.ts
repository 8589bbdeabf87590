/**
 * What the calendar feed needs from ClassCharts, fetched through the API client (issue 28 §2): each pupil's
 * lessons on every weekday of the feed's window (./window.ts) and the homework due in it, as plain data
 * for ./ics.ts.
 *
 * Requests per pupil: one timetable request per weekday (`GET /timetable/<id>?date=`, docs/classcharts-api.md
 * §5.7: the service answers one day per request), 25 for the default 5-week window, and one homework request
 * for the whole window by due date (`GET /homeworks/<id>?display_date=due_date&from&to`, §5.6). Weekend
 * lessons are left out: each day costs a request, and schools rarely teach at weekends. At most
 * {@link MAX_IN_FLIGHT} requests are in flight at once, over all pupils.
 */
import type { Homework, IsoDate, Lesson, Pupil } from '../../common/domain';
import type { HomeworkOptions } from '../classcharts/reads';
import type { PupilCalendarData } from './ics';
import { type FeedWindow, schoolDays } from './window';

/** The most feed requests in flight at once. */
export const MAX_IN_FLIGHT = 4;

/**
 * The reads the feed makes: main/classcharts/client.ts `ClassChartsClient` has them; the app may pass a
 * reader that answers some days from what it already fetched.
 */
export interface FeedReader {
  /** One day's lessons (`date` YYYY-MM-DD Europe/London) of a pupil. */
  timetable(date: IsoDate, pupilId: number): Promise<Lesson[]>;
  /** A pupil's homework in a date range. */
  homeworks(options: HomeworkOptions, pupilId: number): Promise<Homework[]>;
}

/**
 * Every pupil's lessons (Monday–Friday of the window, in date order) and homework due in the window, in the
 * pupils' order. All or nothing: the first failing request rejects (no further request starts), so a feed
 * is never written from part of the data (a day that failed would look like cancelled lessons).
 * @throws what the reader throws (the client's InvalidInputError, NetworkError, BadResponseError…).
 */
export async function fetchFeedData(
  reader: FeedReader,
  pupils: readonly Pupil[],
  window: FeedWindow,
): Promise<PupilCalendarData[]> {
  const days = schoolDays(window);
  const query: HomeworkOptions = { from: window.from, to: window.to, displayDate: 'due_date' };
  const tasks: (() => Promise<Lesson[] | Homework[]>)[] = [];
  for (const pupil of pupils) {
    tasks.push(() => reader.homeworks(query, pupil.id));
    for (const date of days) tasks.push(() => reader.timetable(date, pupil.id));
  }
  const results = await allLimited(tasks, MAX_IN_FLIGHT);
  const perPupil = days.length + 1;
  return pupils.map((pupil, index) => {
    const [homework, ...lessonDays] = results.slice(index * perPupil, (index + 1) * perPupil);
    return {
      pupil,
      lessons: (lessonDays as Lesson[][]).flat(),
      homework: homework as Homework[],
    };
  });
}

/**
 * Runs `tasks` with at most `limit` running at once and returns their results in the tasks' order. The
 * first failure rejects; tasks not started by then never start.
 */
async function allLimited<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < tasks.length) {
      const index = next++;
      try {
        results[index] = await tasks[index]!();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
