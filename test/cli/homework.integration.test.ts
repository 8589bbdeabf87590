// `cli homework tick|untick <homework id>` in-process (the same runCli the child process runs) against the
// fake server, whose homeworkticked toggles: the confirmed state printed, running it twice changes nothing,
// and each refusal with its exit code (cli/errors.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HomeworkTickJson } from '../../cli/homework';
import type { TodayJson } from '../../cli/today';
import { addDays, londonDate } from '../../common/dates';
import { type FakeClassCharts, startFakeClassCharts } from '../../dev/fake-classcharts/index';
import { envFor, runInProcess } from './helpers';

// The command looks the homework up around the real today (the system clock), so the fake's data is built
// around it too.
const DAY = londonDate(Date.now());
let fake: FakeClassCharts;
beforeEach(async () => {
  fake = await startFakeClassCharts({ today: DAY });
});
afterEach(() => fake.close());

/** The student's homework as the fake serves it. */
const served = () => fake.dataset.pupils.find((p) => p.pupil.id === fake.accounts.student.pupilId)!.homeworks;
const toggles = () => fake.requests.filter((r) => r.path.startsWith('/apiv2student/homeworkticked/'));

/** A to-do homework `today --json` lists (its id is what a user types). */
async function listedTodo(): Promise<TodayJson['homework'][number]> {
  const run = await runInProcess(['today', '--date', DAY, '--json'], envFor(fake, 'student'));
  const found = (JSON.parse(run.stdout) as TodayJson).homework.find((h) => h.status === 'todo');
  if (!found) throw new Error('no to-do homework in today --json');
  return found;
}

describe('cli homework tick / untick', () => {
  it('ticks off the homework today --json names, prints the confirmed state, and unticks it', async () => {
    const homework = await listedTodo();

    const tick = await runInProcess(['homework', 'tick', String(homework.id)], envFor(fake, 'student'));
    expect(tick).toMatchObject({ code: 0, stderr: '' });
    expect(tick.stdout).toBe(
      `Ticked off: ${homework.subject} - ${homework.title} (due ${homework.dueDate}, id ${homework.id})\n`,
    );
    expect(served().find((h) => h.id === homework.id)?.status.ticked).toBe('yes');

    const untick = await runInProcess(
      ['homework', 'untick', String(homework.id), '--json'],
      envFor(fake, 'student'),
    );
    expect(untick.code).toBe(0);
    expect(JSON.parse(untick.stdout) as HomeworkTickJson).toEqual({
      ticked: false,
      homework: { ...homework, status: 'todo' },
    });
    expect(served().find((h) => h.id === homework.id)?.status.ticked).toBe('no');
    expect(toggles()).toHaveLength(2);
  });

  it('ticking twice toggles once: the second run finds it ticked and says so', async () => {
    const homework = await listedTodo();
    for (let run = 0; run < 2; run++) {
      const result = await runInProcess(
        ['homework', 'tick', String(homework.id), '--json'],
        envFor(fake, 'student'),
      );
      expect(result.code).toBe(0);
      expect((JSON.parse(result.stdout) as HomeworkTickJson).ticked).toBe(true);
    }
    expect(toggles()).toHaveLength(1);
  });

  it('refusals: bad arguments, an unknown id, a completed homework and a parent exit 2; a failing service 3', async () => {
    const completed = served().find(
      (h) => h.status.state === 'completed' && h.due_date >= addDays(DAY, -28),
    )!;
    const cases: [string[], Record<string, string>, number, RegExp][] = [
      [['homework'], envFor(fake, 'student'), 2, /homework needs "tick" or "untick"/],
      [['homework', 'done', '5'], envFor(fake, 'student'), 2, /homework needs "tick" or "untick"/],
      [['homework', 'tick', 'abc'], envFor(fake, 'student'), 2, /"abc" is not a homework id/],
      [['homework', 'tick', '42'], envFor(fake, 'student'), 2, /no homework with id 42 is due between/],
      [['homework', 'tick', String(completed.id)], envFor(fake, 'student'), 2, /cannot be ticked off/],
      [['homework', 'tick', '42'], envFor(fake, 'parent'), 2, /only a student account can tick/],
    ];
    for (const [args, env, code, message] of cases) {
      const run = await runInProcess(args, env);
      expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code, stdout: '' });
      expect(run.stderr).toMatch(message);
      expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    }
    expect(toggles()).toEqual([]);

    const homework = await listedTodo();
    fake.faults.inject({ path: '/apiv2student/homeworkticked', kind: 'http-500' });
    const failed = await runInProcess(['homework', 'tick', String(homework.id)], envFor(fake, 'student'));
    expect(failed).toMatchObject({ code: 3, stdout: '' });
    expect(failed.stderr).toMatch(/^classcharts: ClassCharts sent an answer this app does not understand/);
    expect(served().find((h) => h.id === homework.id)?.status.ticked).toBe('no');
  });
});
