// `cli today` as people run it: a child process (`tsx cli/index.ts`) against a fake server started here.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TodayJson, TodayLesson } from '../../cli/today';
import { ClassChartsClient } from '../../main/classcharts/client';
import { addDays } from '../../common/dates';
import { silentLogger, systemClock } from '../../main/ports';
import { type FakeClassCharts, startFakeClassCharts } from '../../dev/fake-classcharts/index';
import { envFor, spawnCli } from './helpers';

/** A Monday in British Summer Time. */
const DAY = '2026-06-15';

let fake: FakeClassCharts;
beforeAll(async () => {
  fake = await startFakeClassCharts({ today: DAY });
});
afterAll(async () => {
  await fake.close();
});

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address !== null ? address.port : 9;
}

describe('cli today (child process)', () => {
  it('--json prints the demo pupil’s lessons and homework', async () => {
    const run = await spawnCli(['today', '--date', DAY, '--json'], envFor(fake, 'student'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const today = JSON.parse(run.stdout) as TodayJson;
    expect(Object.keys(today)).toEqual(['pupil', 'date', 'lessons', 'homework']);
    expect(today.pupil.id).toBe(fake.accounts.student.pupilId);
    expect(today.date).toBe(DAY);

    // The same day read straight through the client.
    const client = new ClassChartsClient({
      fetch,
      baseUrl: fake.url,
      clock: systemClock,
      logger: silentLogger,
    });
    await client.login({ kind: 'student', ...fake.accounts.student });
    const lessons = await client.timetable(DAY);
    const fields = (l: TodayLesson) => [
      l.start,
      l.end,
      l.period,
      l.subject,
      l.room,
      l.teacher,
      l.isBreak,
      l.isAlternative,
    ];
    expect(today.lessons.map(fields)).toEqual(lessons.map(fields));
    expect(today.lessons.length).toBeGreaterThan(0);
    for (const lesson of today.lessons) expect(lesson.start).toMatch(/^2026-06-15T.*\+01:00$/);

    // Homework: not completed, due on the day or within 14 days — exactly those of the dataset.
    const raw = fake.dataset.pupils.find((p) => p.pupil.id === fake.accounts.student.pupilId)!.homeworks;
    const expected = raw
      .filter((h) => h.status.state !== 'completed' && h.due_date >= DAY && h.due_date <= addDays(DAY, 14))
      .map((h) => h.id)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(today.homework.map((h) => h.id).sort()).toEqual(expected);
    for (const h of today.homework)
      expect(Object.keys(h)).toEqual(['id', 'title', 'subject', 'dueDate', 'status']);
  });

  it('without --json prints a readable table', async () => {
    const run = await spawnCli(['today', '--date', DAY], envFor(fake, 'student'));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Monday 2026-06-15/);
    expect(run.stdout).toMatch(/^ {2}Time\s+Period\s+Subject\s+Room\s+Teacher$/m);
    expect(run.stdout).toMatch(/^ {2}\d\d:\d\d-\d\d:\d\d /m);
  });

  it('a wrong access code exits 2 with one readable line', async () => {
    const run = await spawnCli(
      ['today', '--json'],
      envFor(fake, 'student', { CLASSCHARTS_CODE: 'WRONG123' }),
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^classcharts: .*access code/);
    expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    expect(run.stderr).not.toContain('WRONG123');
  });

  it('an unreachable service exits 3 with one line', async () => {
    const env = {
      ...envFor(fake, 'student'),
      CLASSCHARTS_BASE_URL: `http://127.0.0.1:${await closedPort()}`,
    };
    const run = await spawnCli(['today'], env);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^classcharts: Cannot reach ClassCharts/);
  });
});
