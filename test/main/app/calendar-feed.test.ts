// The calendar feed inside the app (main/app/calendar-feed.ts): what a user with a calendar file notices —
// the file is rewritten only when what it holds changed, a failed read keeps the last file and says so,
// days beyond today and the next school day are read once per London day, and a parent's per-child files
// are named after each child. Stubs stand in for the session keeper and the sync engine; no server.
import { readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../common/contract';
import type { IsoDate, Lesson, Pupil } from '../../../common/domain';
import { CalendarFeed } from '../../../main/app/calendar-feed';
import { NetworkError } from '../../../main/classcharts/errors';
import type { KnownData, KnownPupil } from '../../../main/known';
import type { CoreClient, SyncEngine } from '../../../main/sync/sync-engine';
import type { SessionKeeper } from '../../../main/session/keeper';
import { FakeClock } from '../../support/clock';
import { homework, known, knownData, lesson, pupil } from '../../support/fixtures';
import { removeTempFolders, tempFolder } from '../../support/temp-folders';
import { MONDAY_0730, stubAs, unitPorts } from './helpers';

afterAll(() => removeTempFolders());

const HOUR = 3_600_000;

/** Known data as a refresh leaves it on `today`: today's lessons and the next school day (tomorrow). */
function knownPupil(who: Pupil, today: IsoDate, tomorrow: IsoDate, at: number, room = 'U07'): KnownPupil {
  return {
    ...known(
      {
        pupil: who,
        date: today,
        lessons: [lesson(today, '09:00', '10:00', { room })],
        homework: [homework(7)],
      },
      at,
    ),
    nextDay: {
      after: today,
      fetchedAt: at,
      date: tomorrow,
      lessons: [lesson(tomorrow, '09:00', '10:00')],
      searchedTo: tomorrow,
    },
  };
}

function setUp(options: { pupils?: Pupil[]; family?: boolean } = {}) {
  const clock = new FakeClock(MONDAY_0730);
  const ports = unitPorts({ clock });
  const folder = tempFolder('calendar-feed-');
  const filePath = join(folder, 'classcharts.ics');
  let settings: Settings = {
    ...DEFAULT_SETTINGS,
    calendar: { filePath, serve: false, family: options.family ?? true },
  };
  const pupils = options.pupils ?? [pupil()];
  const engine = {
    known: null as KnownData | null,
    idle: async () => {},
  };
  const refreshed = (today: IsoDate, tomorrow: IsoDate, room?: string) => {
    engine.known = knownData(
      pupils.map((p) => knownPupil(p, today, tomorrow, clock.now(), room)),
      pupils.length > 1 || options.family === false ? 'parent' : 'student',
    );
  };
  const client = {
    timetable: vi.fn(async (date: IsoDate): Promise<Lesson[]> => [lesson(date, '11:00', '12:00')]),
    homeworks: vi.fn(async () => [homework(8)]),
  };
  const keeper = { run: <T>(request: (c: CoreClient) => Promise<T>) => request(stubAs<CoreClient>(client)) };
  const publish = vi.fn();
  const feed = new CalendarFeed({
    ports,
    keeper: stubAs<SessionKeeper<CoreClient>>(keeper),
    engine: stubAs<SyncEngine>(engine),
    settings: {
      get current() {
        return settings;
      },
    },
    scope: { selectedPupilId: null },
    publish,
  });
  return {
    clock,
    ports,
    folder,
    filePath,
    feed,
    client,
    refreshed,
    setSettings: (next: Partial<Settings['calendar']>) => {
      settings = { ...settings, calendar: { ...settings.calendar, ...next } };
    },
  };
}

describe('CalendarFeed: the file', () => {
  it('is written after a refresh and rewritten only when its content changed', async () => {
    const t = setUp();
    await t.feed.signedIn();
    t.refreshed('2026-06-15', '2026-06-16');
    await t.feed.update();
    const first = readFileSync(t.filePath, 'utf8');
    expect(first).toContain('LOCATION:U07');
    const written = t.feed.status()?.written;
    expect(written).toBe('2026-06-15T07:30:00+01:00');
    const mtime = statSync(t.filePath).mtimeMs;

    await t.clock.advance(HOUR); // the next refresh, nothing changed
    t.refreshed('2026-06-15', '2026-06-16');
    await t.feed.update();
    expect(statSync(t.filePath).mtimeMs).toBe(mtime);
    expect(t.feed.status()).toMatchObject({ written, updatedAt: '2026-06-15T08:30:00+01:00', error: null });

    await t.clock.advance(HOUR); // the room of today's lesson changed
    t.refreshed('2026-06-15', '2026-06-16', 'S12');
    await t.feed.update();
    expect(readFileSync(t.filePath, 'utf8')).toContain('LOCATION:S12');
    expect(t.feed.status()?.written).toBe('2026-06-15T09:30:00+01:00');
  });

  it('keeps the last good file and says why when a read fails', async () => {
    const t = setUp();
    await t.feed.signedIn();
    t.refreshed('2026-06-15', '2026-06-16');
    await t.feed.update();
    const good = readFileSync(t.filePath, 'utf8');

    await t.clock.advance(24 * HOUR); // a new day: the other days are read again, and one fails
    t.refreshed('2026-06-16', '2026-06-17', 'S12');
    t.client.timetable.mockImplementation(async (date: IsoDate) => {
      if (date === '2026-06-18') throw new NetworkError('/apiv2parent/timetable', 'ECONNRESET', false);
      return [lesson(date, '11:00', '12:00')];
    });
    await t.feed.update();
    expect(readFileSync(t.filePath, 'utf8')).toBe(good);
    const status = t.feed.status();
    expect(status?.error).toMatch(/^Couldn't update the calendar: .+ The last complete calendar is kept\.$/);
    expect(status?.updatedAt).toBe('2026-06-15T07:30:00+01:00');
  });
});

describe('CalendarFeed: reads', () => {
  it('reads the coming week once a London day, later weeks once a week, past days once', async () => {
    const t = setUp();
    await t.feed.signedIn();
    t.refreshed('2026-06-15', '2026-06-16');
    await t.feed.update();
    // 25 weekdays from Monday 8 June to Friday 10 July; today and tomorrow come from the known data, and
    // the homework from the list the refresh read.
    expect(t.client.timetable).toHaveBeenCalledTimes(23);
    expect(t.client.timetable.mock.calls.map(([date]) => date)).not.toContain('2026-06-15');
    expect(t.client.homeworks).not.toHaveBeenCalled();

    await t.clock.advance(12 * HOUR); // 19:30, the same day
    await t.feed.update();
    expect(t.client.timetable).toHaveBeenCalledTimes(23);

    await t.clock.advance(12 * HOUR); // Tuesday 07:30
    t.refreshed('2026-06-16', '2026-06-17');
    await t.feed.update();
    // The coming week's days again (18, 19, 22, 23 June; the 17th is the known next day), but neither the
    // weeks after it, read yesterday, nor last week, read after it happened, nor Monday, kept from Monday's
    // known data.
    const readOn = (from: number) => t.client.timetable.mock.calls.slice(from).map(([date]) => date);
    expect(readOn(23)).toEqual(['2026-06-18', '2026-06-19', '2026-06-22', '2026-06-23']);
    const ics = readFileSync(t.filePath, 'utf8');
    expect(ics).toContain('DTSTART;TZID=Europe/London:20260615T090000'); // Monday's own lesson stays

    await t.clock.advance(6 * 24 * HOUR); // Monday 22 June 07:30: a week on, the later weeks are read again
    t.refreshed('2026-06-22', '2026-06-23');
    const mark = t.client.timetable.mock.calls.length;
    await t.feed.update();
    const monday = readOn(mark);
    expect(monday).toContain('2026-07-10'); // read on 15 June, a week ago
    expect(monday).toContain('2026-07-17'); // new in the window
    expect(monday).not.toContain('2026-06-16'); // past, kept from Tuesday's known data
  });
});

describe('CalendarFeed: a parent', () => {
  const amelia = pupil({ id: 11, name: 'Amelia Smith', firstName: 'Amelia' });
  const oliver = pupil({ id: 12, name: 'Oliver Smith', firstName: 'Oliver' });

  it('keeps one file per child next to the chosen path when asked', async () => {
    const t = setUp({ pupils: [amelia, oliver], family: false });
    await t.feed.signedIn();
    t.refreshed('2026-06-15', '2026-06-16');
    await t.feed.update();
    expect(existsSync(t.filePath)).toBe(false);
    const ameliaFile = readFileSync(join(t.folder, 'classcharts-amelia.ics'), 'utf8');
    const oliverFile = readFileSync(join(t.folder, 'classcharts-oliver.ics'), 'utf8');
    expect(ameliaFile).toContain('lesson-11-');
    expect(ameliaFile).not.toContain('lesson-12-');
    expect(oliverFile).toContain('lesson-12-');
    expect(ameliaFile).not.toContain('SUMMARY:Amelia:');
  });

  it('keeps one family file with each child\u2019s name in the events otherwise', async () => {
    const t = setUp({ pupils: [amelia, oliver], family: true });
    await t.feed.signedIn();
    t.refreshed('2026-06-15', '2026-06-16');
    await t.feed.update();
    const text = readFileSync(t.filePath, 'utf8');
    expect(text).toContain('SUMMARY:Amelia: Mathematics');
    expect(text).toContain('SUMMARY:Oliver: Mathematics');
    expect(existsSync(join(t.folder, 'classcharts-amelia.ics'))).toBe(false);
  });
});

describe('CalendarFeed: outside the desktop app', () => {
  it('cannot choose a file without a dialog, nor copy an address that is off', async () => {
    const t = setUp();
    await t.feed.signedIn();
    await expect(t.feed.choosePath()).rejects.toThrow('Choosing a file needs the desktop app.');
    await expect(t.feed.copyUrl(undefined)).rejects.toThrow('Turn on the calendar address first.');
    expect(t.ports.clipboard?.writeText).toBeDefined();
  });

  it('adds .ics to a name chosen without it', async () => {
    const t = setUp();
    const dialogs = { saveCalendarFile: vi.fn(async () => '/home/a/Calendars/school') };
    const feed = new CalendarFeed({
      ports: { ...t.ports, dialogs },
      keeper: stubAs<SessionKeeper<CoreClient>>({}),
      engine: stubAs<SyncEngine>({ known: null }),
      settings: { current: DEFAULT_SETTINGS },
      scope: { selectedPupilId: null },
      publish: () => {},
    });
    await expect(feed.choosePath()).resolves.toBe('/home/a/Calendars/school.ics');
    expect(dialogs.saveCalendarFile).toHaveBeenCalledWith('classcharts.ics');
  });
});
