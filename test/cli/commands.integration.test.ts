// `cli today` and `cli records` in-process (the same runCli the child process runs) against the fake
// server: parent pupil choice, every record kind, argument and environment errors, exit codes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readEnv, selectPupil } from '../../cli/env';
import { UsageError } from '../../cli/errors';
import type { RecordsJson } from '../../cli/records';
import { formatToday, type TodayJson } from '../../cli/today';
import { addDays, londonDate } from '../../common/dates';
import type { Pupil } from '../../common/domain';
import { type FakeClassCharts, startFakeClassCharts } from '../../dev/fake-classcharts/index';
import { envFor, runInProcess } from './helpers';

const DAY = '2026-06-17';

let fake: FakeClassCharts;
beforeAll(async () => {
  fake = await startFakeClassCharts({ today: DAY });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.faults.clear());

function pupilNamed(id: number) {
  return fake.dataset.pupils.find((p) => p.pupil.id === id)!.pupil;
}

describe('today for a parent', () => {
  it('CLASSCHARTS_PUPIL picks a child by first name or id; the default is the first', async () => {
    const [firstId, siblingId] = fake.accounts.parent.pupilIds as [number, number];
    const sibling = pupilNamed(siblingId);
    const runs = await Promise.all([
      runInProcess(['today', '--date', DAY, '--json'], envFor(fake, 'parent')),
      runInProcess(
        ['today', '--date', DAY, '--json'],
        envFor(fake, 'parent', { CLASSCHARTS_PUPIL: sibling.first_name.toUpperCase() }),
      ),
      runInProcess(
        ['today', '--date', DAY, '--json'],
        envFor(fake, 'parent', { CLASSCHARTS_PUPIL: String(siblingId) }),
      ),
    ]);
    const [first, byName, byId] = runs.map((run) => {
      expect(run).toMatchObject({ code: 0, stderr: '' });
      return JSON.parse(run.stdout) as TodayJson;
    });
    expect(first!.pupil.id).toBe(firstId);
    expect(byName!.pupil).toEqual({ id: siblingId, name: sibling.name });
    expect(byId).toEqual(byName);
    expect(byName!.lessons).not.toEqual(first!.lessons);
  });

  it('an unknown CLASSCHARTS_PUPIL exits 2 naming the pupils there are', async () => {
    const run = await runInProcess(['today'], envFor(fake, 'parent', { CLASSCHARTS_PUPIL: 'Nobody' }));
    expect(run.code).toBe(2);
    for (const id of fake.accounts.parent.pupilIds) expect(run.stderr).toContain(pupilNamed(id).first_name);
  });

  // Issue 25 §1: a pupil whose school gave a code only (the fake's NODOB2026) sets no CLASSCHARTS_DOB.
  it('a code-only pupil signs in with CLASSCHARTS_CODE alone', async () => {
    const run = await runInProcess(['today', '--date', DAY, '--json'], {
      CLASSCHARTS_BASE_URL: fake.url,
      CLASSCHARTS_CODE: fake.accounts.codeOnly!.code,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ pupil: { name: 'Isla Morgan' } });
  });

  it('a wrong parent password exits 2', async () => {
    const run = await runInProcess(['today'], envFor(fake, 'parent', { CLASSCHARTS_PASSWORD: 'nope' }));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^classcharts: .*email address or password.*\n$/);
  });
});

describe('records', () => {
  async function records(kind: string, extra: string[] = [], who: 'student' | 'parent' = 'parent') {
    const run = await runInProcess(['records', kind, '--json', ...extra], envFor(fake, who));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return JSON.parse(run.stdout) as RecordsJson;
  }

  it('pupils: the parent’s children (and a student’s own pupil)', async () => {
    const parent = await records('pupils');
    expect(parent.kind === 'pupils' && parent.items.map((p: Pupil) => p.id)).toEqual(
      fake.accounts.parent.pupilIds,
    );
    const student = await records('pupils', [], 'student');
    expect(student.kind === 'pupils' && student.items.map((p: Pupil) => p.id)).toEqual([
      fake.accounts.student.pupilId,
    ]);
  });

  it('activity within --from/--to, newest first', async () => {
    const from = addDays(DAY, -10);
    const result = await records('activity', ['--from', from, '--to', DAY]);
    if (result.kind !== 'activity') throw new Error(result.kind);
    expect(result).toMatchObject({ from, to: DAY, pupil: { id: fake.accounts.parent.pupilIds[0] } });
    expect(result.items.length).toBeGreaterThan(0);
    const days = result.items.map((p) => p.timestamp!.slice(0, 10));
    for (const day of days) expect(day >= from && day <= DAY).toBe(true);
    expect([...days].sort().reverse()).toEqual(days);
  });

  it('behaviour defaults to the 30 days up to today', async () => {
    const result = await records('behaviour');
    if (result.kind !== 'behaviour') throw new Error(result.kind);
    const before = londonDate(Date.now() - 60_000);
    expect([before, londonDate(Date.now())]).toContain(result.to);
    expect(result.from).toBe(addDays(result.to!, -30));
    expect(result.summary.totalPositive).toBe(result.summary.weeks.reduce((s, w) => s + w.positive, 0));
  });

  it('badges, announcements and detentions; --from/--to filter the unranged kinds here', async () => {
    for (const kind of ['badges', 'announcements', 'detentions'] as const) {
      const all = await records(kind);
      if (all.kind !== kind) throw new Error(all.kind);
      expect(all.items.length).toBeGreaterThan(0);
      expect([all.from, all.to]).toEqual([null, null]);
    }
    const all = await records('detentions');
    const future = await records('detentions', ['--from', DAY]);
    if (all.kind !== 'detentions' || future.kind !== 'detentions') throw new Error('kind');
    expect(future.items.length).toBeGreaterThan(0);
    expect(future.items.length).toBeLessThan(all.items.length);
    for (const d of future.items) expect(d.date! >= DAY).toBe(true);
  });

  it('a readable table without --json', async () => {
    const run = await runInProcess(['records', 'detentions'], envFor(fake, 'student'));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}Date\s+Time\s+Status\s+Where\s+Reason$/m);
  });
});

describe('arguments, environment and exit codes', () => {
  it.each([
    [['today', '--date', '2026-02-30']],
    [['today', '--dat', DAY]],
    [['today', 'extra']],
    [['records']],
    [['records', 'homework']],
    [['records', 'activity', '--from', '2026-06-10', '--to', '2026-06-01']],
    [['frobnicate']],
    [[]],
  ])('%j exits 2 with one line and sends nothing', async (args) => {
    const mark = fake.requests.length;
    const run = await runInProcess(args, envFor(fake, 'student'));
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^classcharts: [^\n]+\n$/);
    expect(fake.requests.length).toBe(mark);
  });

  it('help prints the usage and exits 0', async () => {
    const run = await runInProcess(['help'], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/today \[--date YYYY-MM-DD\] \[--json\]/);
  });

  it('a broken service (HTML instead of JSON) exits 3 with one line', async () => {
    fake.faults.inject({ path: /\/timetable/, kind: 'html' });
    const run = await runInProcess(['today', '--date', DAY], envFor(fake, 'student'));
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^classcharts: ClassCharts sent an answer [^\n]+\n$/);
  });

  it('a session the service ends straight after signing in is the service\'s doing: exit 3, no "sign in again"', async () => {
    fake.faults.inject({ path: /\/timetable/, kind: 'expired', count: 10 });
    const run = await runInProcess(['today', '--date', DAY], envFor(fake, 'student'));
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(
      'classcharts: ClassCharts ended the session straight after signing in. Try again in a minute.\n',
    );
  });

  it('readEnv: no sign-in, half a pair, both pairs, a bad URL or timeout are usage errors', () => {
    const student = { CLASSCHARTS_CODE: 'DEMO2026', CLASSCHARTS_DOB: '14/05/2012' };
    const parent = { CLASSCHARTS_EMAIL: 'p@example.com', CLASSCHARTS_PASSWORD: 'x' };
    for (const env of [
      {},
      { CLASSCHARTS_DOB: '14/05/2012' },
      { CLASSCHARTS_EMAIL: 'p@example.com' },
      { ...student, ...parent },
      { ...student, CLASSCHARTS_BASE_URL: 'ftp://example.com' },
      { ...student, CLASSCHARTS_BASE_URL: 'not a url' },
      { ...student, CLASSCHARTS_TIMEOUT_MS: 'soon' },
    ])
      expect(() => readEnv(env)).toThrow(UsageError);
    // A pupil whose school gave a code only signs in with CLASSCHARTS_CODE alone (issue 25 §1).
    expect(readEnv({ CLASSCHARTS_CODE: 'NODOB2026' })).toMatchObject({
      credentials: { kind: 'student', code: 'NODOB2026', dateOfBirth: '' },
    });
    expect(readEnv(student)).toMatchObject({
      baseUrl: 'https://www.classcharts.com',
      pupil: null,
      timeoutMs: undefined,
    });
    expect(
      readEnv({ ...parent, CLASSCHARTS_BASE_URL: 'http://127.0.0.1:8080/', CLASSCHARTS_TIMEOUT_MS: '2000' }),
    ).toMatchObject({
      baseUrl: 'http://127.0.0.1:8080',
      credentials: { kind: 'parent' },
      timeoutMs: 2000,
    });
  });

  it('selectPupil matches id, first name or full name, case-insensitively', () => {
    const pupil = (id: number, firstName: string, name: string) => ({ id, firstName, name }) as Pupil;
    const pupils = [pupil(1, 'Amelia', 'Amelia Hughes'), pupil(2, 'Oliver', 'Oliver Hughes')];
    expect(selectPupil(pupils, null).id).toBe(1);
    expect(selectPupil(pupils, '2').id).toBe(2);
    expect(selectPupil(pupils, 'oliver').id).toBe(2);
    expect(selectPupil(pupils, 'Oliver Hughes').id).toBe(2);
    expect(() => selectPupil(pupils, 'Zed')).toThrow(UsageError);
  });
});

describe('the human table', () => {
  it('marks an alternative lesson as changed (a room or a teacher), not always as cover', () => {
    const lesson = (isAlternative: boolean) => ({
      start: '2026-11-23T09:00:00+00:00',
      end: '2026-11-23T10:00:00+00:00',
      period: '2',
      subject: 'Geography',
      room: isAlternative ? 'Library' : 'G3',
      teacher: 'Mr T Byrne',
      isBreak: false,
      isAlternative,
    });
    const text = formatToday({
      pupil: { id: 1, name: 'Jane Smith' },
      date: '2026-11-23',
      lessons: [lesson(true)],
      homework: [],
    });
    expect(text).toMatch(/Geography \(changed\)\s+Library/);
    expect(text).not.toMatch(/cover/i);
  });
});
