// `cli watch` in this process against the fake server over loopback, on a fake clock shared by both:
// what a status bar or a script reading `--json` sees. (The child-process run is ./watch-spawn.test.ts.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseWatchArgs, runWatch } from '../../cli/watch';
import { startFakeClassCharts, type FakeClassCharts } from '../../dev/fake-classcharts/index';
import { MONDAY_MORNING } from '../support/app-harness';
import { FakeClock, settle } from '../support/clock';
import { Waiters } from '../support/helpers';

/** One `--json` line. */
interface WatchLine {
  event: string;
  [field: string]: unknown;
}

/** A running `cli watch --json`. */
interface Watching {
  lines: WatchLine[];
  stderr(): string;
  /** The first line (already printed or to come) matching `predicate`; rejects after 10 s of real time. */
  line(predicate: (line: WatchLine) => boolean): Promise<WatchLine>;
  /** Ctrl-C. */
  stop(): void;
  /** The exit code, once it has stopped. */
  code: Promise<number>;
}

let fake: FakeClassCharts | null = null;
let running: Watching | null = null;
afterEach(async () => {
  running?.stop();
  await running?.code;
  running = null;
  await fake?.close();
  fake = null;
});

async function startFake(clock: FakeClock): Promise<FakeClassCharts> {
  fake = await startFakeClassCharts({ clock: () => clock.now(), sessionTtlSeconds: 86_400 });
  return fake;
}

/** Starts `cli watch <args> --json` with only `env` (plus the fake's URL) as its environment. */
function watch(
  server: FakeClassCharts,
  clock: FakeClock,
  args: string[],
  env: Record<string, string>,
): Watching {
  const lines: WatchLine[] = [];
  const waiters = new Waiters<WatchLine>();
  let stderr = '';
  const controller = new AbortController();
  const code = runWatch(
    [...args, '--json'],
    { CLASSCHARTS_BASE_URL: server.url, ...env },
    {
      clock,
      signal: controller.signal,
      io: {
        out: (text) => {
          for (const raw of text.split('\n').filter(Boolean)) {
            const line = JSON.parse(raw) as WatchLine;
            lines.push(line);
            waiters.push(line);
          }
        },
        err: (text) => void (stderr += text),
      },
    },
  );
  running = {
    lines,
    stderr: () => stderr,
    line: (predicate) => {
      const seen = lines.find(predicate);
      return seen ? Promise.resolve(seen) : waiters.next(predicate);
    },
    stop: () => controller.abort(),
    code,
  };
  return running;
}

const studentEnv = (server: FakeClassCharts) => ({
  CLASSCHARTS_CODE: server.accounts.student.code,
  CLASSCHARTS_DOB: server.accounts.student.dateOfBirth,
});

const parentEnv = (server: FakeClassCharts) => ({
  CLASSCHARTS_EMAIL: server.accounts.parent.email,
  CLASSCHARTS_PASSWORD: server.accounts.parent.password,
});

/** Waits until the sign-in's refresh and background kinds are done (the watch is then idle). */
async function signedIn(w: Watching): Promise<void> {
  await w.line((l) => l.event === 'extras');
  await settle();
}

describe('cli watch --json', () => {
  it('prints one line per notification, in one shape', async () => {
    const clock = new FakeClock(MONDAY_MORNING);
    const server = await startFake(clock);
    const w = watch(server, clock, ['--interval', '60'], studentEnv(server));
    await signedIn(w);

    // The teacher sets homework; the next refresh (a minute on) notifies it.
    const data = server.dataset.pupils.find((p) => p.pupil.id === server.accounts.student.pupilId)!;
    data.homeworks.push({
      ...data.homeworks[0]!,
      id: 9_999_001,
      title: 'Fresh essay',
      issue_date: '2026-06-15',
      due_date: '2026-06-19',
    });
    await clock.advance(60_000);
    await w.line((l) => l.event === 'notification');
    w.stop();
    expect(await w.code).toBe(0);

    expect(w.lines.filter((l) => l.event === 'notification')).toEqual([
      {
        event: 'notification',
        at: new Date(Date.parse(MONDAY_MORNING) + 60_000).toISOString(),
        id: `homework-new:${server.accounts.student.pupilId}:9999001`,
        kind: 'homework-new',
        pupilId: server.accounts.student.pupilId,
        title: 'New homework',
        body: expect.stringContaining('Fresh essay'),
        target: { view: 'homework', homeworkId: 9_999_001 },
      },
    ]);
  });

  // Issue 25 §4: without --renew-every, watch renewed every 180 s, the token's whole life
  // (docs/classcharts-api.md §2.5, §8.5), so a timer a moment late lost the session. It now follows the app's
  // policy: 170 s.
  it("without --renew-every renews on the app's policy, inside the token's 180 s", async () => {
    expect(parseWatchArgs([]).renewEverySeconds).toBeNull();
    const clock = new FakeClock(MONDAY_MORNING);
    const server = await startFake(clock);
    const w = watch(server, clock, [], studentEnv(server));
    await signedIn(w);
    const renewals = () => w.lines.filter((l) => l.event === 'renewal').length;
    const before = renewals();
    await clock.advance(170_000);
    await w.line((l) => l.event === 'renewal' && renewals() > before);
    expect(renewals()).toBe(before + 1);
  });

  it('watches the pupil CLASSCHARTS_PUPIL names: lesson reminders are for that pupil', async () => {
    const clock = new FakeClock(MONDAY_MORNING);
    const server = await startFake(clock);
    const [first, sibling] = server.accounts.parent.pupilIds;
    const siblingName = server.dataset.pupils.find((p) => p.pupil.id === sibling)!.pupil.first_name;
    const w = watch(server, clock, [], {
      ...parentEnv(server),
      CLASSCHARTS_PUPIL: siblingName.toUpperCase(),
    });
    await signedIn(w);

    const reminders = () => w.lines.filter((l) => l.event === 'notification' && l.kind === 'lesson-soon');
    for (let minute = 0; minute < 4 * 60 && reminders().length === 0; minute++) await clock.advance(60_000);
    expect(reminders().length).toBeGreaterThan(0);
    expect(reminders().map((l) => l.pupilId)).toEqual(reminders().map(() => sibling));
    expect(first).not.toBe(sibling);
  });

  it('an unknown CLASSCHARTS_PUPIL stops it with exit code 2 and the names on the account', async () => {
    const clock = new FakeClock(MONDAY_MORNING);
    const server = await startFake(clock);
    const w = watch(server, clock, [], { ...parentEnv(server), CLASSCHARTS_PUPIL: 'Nobody' });
    expect(await w.code).toBe(2);
    const names = server.accounts.parent.pupilIds.map(
      (id) => server.dataset.pupils.find((p) => p.pupil.id === id)!.pupil.first_name,
    );
    expect(w.stderr()).toBe(
      `classcharts: CLASSCHARTS_PUPIL matches no pupil (this account has: ${names.join(', ')}) (see: npm run cli -- help)\n`,
    );
  });

  it.each([
    ['the sign-in', '/student/login'],
    ['the first refresh', '/apiv2student/timetable'],
  ])('Ctrl-C during %s stops it at once (exit 0), and nothing is printed after', async (_, path) => {
    const clock = new FakeClock(MONDAY_MORNING);
    const server = await startFake(clock);
    server.faults.inject({ path, kind: 'hang' });
    const w = watch(server, clock, [], studentEnv(server));
    await vi.waitFor(() => expect(server.requests.some((r) => r.path === path)).toBe(true));
    const printed = w.lines.length;
    w.stop();
    expect(await w.code).toBe(0);

    // The held request is answered now: a watch still running would go on and print.
    server.faults.clear();
    await clock.advance(60_000);
    await settle();
    expect(w.lines.length).toBe(printed);
    expect(w.stderr()).toBe('');
  });
});
