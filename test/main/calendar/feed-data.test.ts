// What the calendar feed fetches (main/calendar/feed-data.ts): per pupil one homework request for the
// window by due date and one timetable request per weekday, never more than four in flight, results in
// each pupil's date order whatever order the answers came in, and nothing more asked once one failed.
import { describe, expect, it } from 'vitest';
import type { Homework, IsoDate, Lesson } from '../../../common/domain';
import type { HomeworkOptions } from '../../../main/classcharts/reads';
import { fetchFeedData, type FeedReader } from '../../../main/calendar/feed-data';
import type { FeedWindow } from '../../../main/calendar/window';
import { settle } from '../../support/clock';
import { homework, lesson, pupil } from '../../support/fixtures';

const WINDOW: FeedWindow = { from: '2026-11-16', to: '2026-12-20' };
const jane = pupil();
const amelia = pupil({ id: 4102999, name: 'Amelia Smith', firstName: 'Amelia' });

/** A reader answering after a few microtasks (later days sooner), counting what is in flight. */
function fakeReader(failOn?: IsoDate) {
  const calls: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const answer = async <T>(call: string, delay: number, value: () => T): Promise<T> => {
    calls.push(call);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    for (let i = 0; i < delay; i++) await Promise.resolve();
    inFlight -= 1;
    return value();
  };
  const reader: FeedReader = {
    timetable: (date: IsoDate, pupilId: number): Promise<Lesson[]> =>
      answer(`timetable ${pupilId} ${date}`, 40 - Number(date.slice(8)), () => {
        if (date === failOn) throw new Error('service down');
        return [lesson(date, '08:45', '09:45', { className: `${pupilId}` })];
      }),
    homeworks: (options: HomeworkOptions, pupilId: number): Promise<Homework[]> =>
      answer(`homeworks ${pupilId} ${JSON.stringify(options)}`, 1, () => [homework(pupilId)]),
  };
  return { reader, calls, mostInFlight: () => mostInFlight };
}

describe('fetchFeedData', () => {
  it('asks every weekday and the homework by due date per pupil, four at a time, in date order', async () => {
    const fake = fakeReader();
    const data = await fetchFeedData(fake.reader, [jane, amelia], WINDOW);

    expect(fake.calls).toHaveLength(2 * 26);
    expect(fake.calls).toContain(
      `homeworks ${jane.id} {"from":"2026-11-16","to":"2026-12-20","displayDate":"due_date"}`,
    );
    expect(fake.calls.filter((c) => /-(21|22|28|29)$/.test(c))).toEqual([]); // no weekend day
    expect(fake.mostInFlight()).toBe(4);

    expect(data.map((d) => d.pupil.firstName)).toEqual(['Jane', 'Amelia']);
    const [janeData, ameliaData] = data;
    expect(janeData!.lessons.map((l) => l.date)).toHaveLength(25);
    expect(janeData!.lessons.map((l) => l.date)).toEqual([...janeData!.lessons.map((l) => l.date)].sort());
    expect(new Set(janeData!.lessons.map((l) => l.className))).toEqual(new Set([`${jane.id}`]));
    expect(ameliaData!.homework.map((h) => h.id)).toEqual([amelia.id]);
  });

  it('rejects when a request fails and starts no further request', async () => {
    const fake = fakeReader('2026-11-17');
    await expect(fetchFeedData(fake.reader, [jane, amelia], WINDOW)).rejects.toThrow('service down');
    const asked = fake.calls.length;
    await settle(); // the requests still in flight end; none follows them
    expect(fake.calls).toHaveLength(asked);
    expect(fake.calls.some((c) => c.startsWith(`homeworks ${amelia.id}`))).toBe(false);
  });
});
