// `cli calendar --out FILE` in-process against the fake server: the file a calendar app would import,
// parsed with a strict parser (ical.js) and checked against what the fake serves; a second run says
// "Unchanged" and leaves the file alone; a parent without CLASSCHARTS_PUPIL gets every child in one
// calendar; bad arguments exit 2 before anything is asked.
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWeekend } from '../../common/dates';
import { type FakeClassCharts, startFakeClassCharts } from '../../dev/fake-classcharts/index';
import { systemClock } from '../../main/ports';
import { tempFolder } from '../support/temp-folders';
import { envFor, runInProcess } from './helpers';

// A Monday in November (GMT): the window is 2026-11-16 to 2026-12-20.
const DAY = '2026-11-23';
const clock = { ...systemClock, now: () => Date.parse(`${DAY}T09:00:00Z`) };
const cli = (args: string[], env: Record<string, string>) => runInProcess(args, env, clock);

let fake: FakeClassCharts;
beforeAll(async () => {
  fake = await startFakeClassCharts({ today: DAY });
});
afterAll(() => fake.close());

/** The VEVENTs of an .ics file, parsed strictly. */
function events(path: string): ICAL.Component[] {
  return new ICAL.Component(ICAL.parse(readFileSync(path, 'utf8')) as unknown[]).getAllSubcomponents(
    'vevent',
  );
}

const summaries = (list: ICAL.Component[]) => list.map((e) => String(e.getFirstPropertyValue('summary')));

describe('cli calendar', () => {
  it("writes a student's lessons and homework, then says unchanged and leaves the file alone", async () => {
    const path = join(tempFolder('cli-calendar-'), 'calendar.ics');
    const env = envFor(fake, 'student');
    fake.requests.length = 0;

    const first = await cli(['calendar', '--out', path], env);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(
      new RegExp(
        `^Written: ${path} \\((\\d+) lessons, (\\d+) homework, 2026-11-16 to 2026-12-20, \\w+\\)\\n$`,
      ),
    );
    const [, lessonCount, homeworkCount] = /(\d+) lessons, (\d+) homework/.exec(first.stdout)!;

    const timetableDays = fake.requests
      .filter((r) => r.path.includes('/timetable/'))
      .map((r) => r.query.date!);
    expect(timetableDays).toHaveLength(25);
    expect(timetableDays.filter(isWeekend)).toEqual([]);

    const written = events(path);
    const timed = written.filter(
      (e) => e.getFirstProperty('dtstart')!.getParameter('tzid') === 'Europe/London',
    );
    const allDay = written.filter((e) => (e.getFirstPropertyValue('dtstart') as ICAL.Time).isDate);
    expect(timed.length).toBe(Number(lessonCount));
    expect(timed.length).toBeGreaterThan(0);
    expect(allDay.length).toBe(Number(homeworkCount));
    expect(timed.length + allDay.length).toBe(written.length);
    for (const e of timed) {
      const start = (e.getFirstPropertyValue('dtstart') as ICAL.Time).toString().slice(0, 10);
      expect(start >= '2026-11-16' && start <= '2026-12-20' && !isWeekend(start)).toBe(true);
    }
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);

    const old = new Date('2026-01-01T00:00:00Z');
    utimesSync(path, old, old);
    const text = readFileSync(path, 'utf8');
    const second = await cli(['calendar', '--out', path], env);
    expect(second).toMatchObject({ code: 0, stderr: '' });
    expect(second.stdout).toBe(first.stdout.replace('Written', 'Unchanged'));
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(statSync(path).mtimeMs).toBe(old.getTime());
  });

  it('puts every child of a parent in one calendar, or the one CLASSCHARTS_PUPIL names', async () => {
    const folder = tempFolder('cli-calendar-');
    const children = fake.dataset.pupils.filter((p) => fake.accounts.parent.pupilIds.includes(p.pupil.id));
    const names = children.map((p) => p.pupil.first_name);
    expect(names.length).toBeGreaterThan(1);

    const family = await cli(['calendar', '--out', join(folder, 'family.ics')], envFor(fake, 'parent'));
    expect(family).toMatchObject({ code: 0, stderr: '' });
    expect(family.stdout).toContain(`, ${names.join(', ')})\n`);
    const prefixes = new Set(summaries(events(join(folder, 'family.ics'))).map((s) => s.split(': ')[0]));
    expect(prefixes).toEqual(new Set(names));

    const one = await cli(
      ['calendar', '--out', join(folder, 'one.ics'), '--weeks', '1'],
      envFor(fake, 'parent', { CLASSCHARTS_PUPIL: names[1]! }),
    );
    expect(one).toMatchObject({ code: 0, stderr: '' });
    expect(one.stdout).toMatch(new RegExp(`2026-11-16 to 2026-11-29, ${names[1]}\\)\\n$`));
    expect(summaries(events(join(folder, 'one.ics'))).some((s) => s.startsWith(`${names[1]}: `))).toBe(false);
  });

  it('refuses a bad --weeks, a missing --out and a missing folder with exit 2, asking nothing', async () => {
    const folder = tempFolder('cli-calendar-');
    fake.requests.length = 0;
    const cases: [string[], RegExp][] = [
      [['calendar'], /calendar needs --out FILE/],
      [
        ['calendar', '--out', join(folder, 'a.ics'), '--weeks', '13'],
        /--weeks must be a whole number from 1 to 12/,
      ],
      [['calendar', '--out', join(folder, 'a.ics'), '--weeks', 'two'], /--weeks must be a whole number/],
      [['calendar', '--out', join(folder, 'missing', 'a.ics')], /--out: the folder .*missing does not exist/],
    ];
    for (const [args, message] of cases) {
      const run = await cli(args, envFor(fake, 'student'));
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe('');
    }
    expect(fake.requests).toEqual([]);
  });
});
