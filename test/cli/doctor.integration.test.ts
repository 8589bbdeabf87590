// `cli doctor` in-process against the fake server: one line per endpoint, no value of the account in the
// output, unknown and missing fields named, exit 0 when everything parsed and 3 when something did not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli';
import { type DoctorOptions, type DoctorReport, runDoctor } from '../../cli/doctor';
import { readEnv } from '../../cli/env';
import { askExpiry, STALE_WAIT_MS } from '../../cli/live-facts';
import { PUPIL_ENDPOINTS } from '../../cli/probe';
import { systemClock } from '../../main/ports';
import {
  type FakeClassCharts,
  type FakeServerOptions,
  startFakeClassCharts,
} from '../../dev/fake-classcharts/index';
import { type CliRun, envFor } from './helpers';

const DAY = '2026-06-17';
/** The CLI's clock: noon on the fake's day, so every endpoint has records to show. */
const clock = { ...systemClock, now: () => Date.parse(`${DAY}T11:00:00Z`) };

async function doctor(
  fake: FakeClassCharts,
  who: 'student' | 'parent',
  args: string[] = [],
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    ['doctor', ...args],
    envFor(fake, who),
    { out: (t) => void (stdout += t), err: (t) => void (stderr += t) },
    { clock },
  );
  return { code, stdout, stderr };
}

/**
 * Every string and number of the account that must never be printed (names, codes, ids, tokens: the
 * session tokens, the made-up ones of the expiry check and the cookies, all read from the fake's log).
 */
function privateValues(fake: FakeClassCharts): string[] {
  const values = [fake.accounts.student.code, fake.accounts.student.dateOfBirth, fake.accounts.parent.email];
  values.push(fake.accounts.parent.password);
  if (fake.accounts.codeOnly) values.push(fake.accounts.codeOnly.code);
  for (const { pupil } of fake.dataset.pupils)
    values.push(String(pupil.id), pupil.name, pupil.first_name, pupil.last_name, pupil.school_name);
  for (const parent of fake.dataset.parents) values.push(parent.user.name, String(parent.user.id));
  for (const request of fake.requests) {
    const token = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (token) values.push(token);
    for (const cookie of (request.headers.cookie ?? '').split(/;\s*/))
      if (cookie.includes('=')) values.push(cookie.slice(cookie.indexOf('=') + 1));
  }
  return values.filter((v) => v.length >= 4);
}

async function withFake<T>(
  options: FakeServerOptions,
  run: (fake: FakeClassCharts) => Promise<T>,
): Promise<T> {
  const fake = await startFakeClassCharts({ today: DAY, ...options });
  try {
    return await run(fake);
  } finally {
    await fake.close();
  }
}

describe('doctor against the fake (the real service’s shapes)', () => {
  let fake: FakeClassCharts;
  beforeAll(async () => {
    fake = await startFakeClassCharts({ today: DAY });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('a student: one line per endpoint, all parsed, exit 0, nothing of the account printed', async () => {
    const run = await doctor(fake, 'student');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const lines = run.stdout.trim().split('\n');
    for (const name of ['login', 'ping', ...PUPIL_ENDPOINTS.map((e) => e.name)])
      expect(lines.filter((l) => l.startsWith(`ok   ${name} `))).toHaveLength(1);
    expect(run.stdout).toContain('GET /apiv2student/homeworks: HTTP 200 in ');
    // The fake sends real fields the app does not read: named, by path, and not a failure.
    expect(run.stdout).toMatch(/homeworks .*unknown fields: .*data\[\]\.status\.mark/);
    // The findings of issue 25 §5 are in the output the privacy check below reads.
    expect(lines.filter((l) => l.startsWith('info '))).toHaveLength(5);
    for (const value of privateValues(fake)) expect(run.stdout).not.toContain(value);
  });

  it('a parent: each child once, as "pupil n of 2", ids written {pupil}; --json is the same report', async () => {
    const run = await doctor(fake, 'parent', ['--json']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const report = JSON.parse(run.stdout) as DoctorReport;
    expect(report).toMatchObject({ account: 'parent', ok: true, pupils: { count: 2, checked: [1, 2] } });
    const perPupil = report.checks.filter((c) => c.pupil !== null);
    expect(perPupil).toHaveLength(2 * PUPIL_ENDPOINTS.length);
    expect(perPupil.map((c) => c.path)).toContain('/apiv2parent/timetable/{pupil}');
    expect(report.checks.find((c) => c.endpoint === 'pupils')).toMatchObject({ status: 200, parsed: true });
    // The sign-in line is the form post, not the ping a parent's sign-in makes straight after it.
    expect(report.checks[0]).toMatchObject({
      endpoint: 'login',
      method: 'POST',
      path: '/parent/login',
      status: 302,
    });
    for (const value of privateValues(fake)) expect(run.stdout).not.toContain(value);
    const text = await doctor(fake, 'parent');
    expect(text.stdout).toContain('detentions (pupil 2 of 2) GET /apiv2parent/detentions/{pupil}');
  });

  it('a parent with CLASSCHARTS_PUPIL: only that child, and the heading says which', async () => {
    const sibling = fake.dataset.pupils.find((p) => p.pupil.id === fake.accounts.parent.pupilIds[1])!;
    let stdout = '';
    const code = await runCli(
      ['doctor'],
      envFor(fake, 'parent', { CLASSCHARTS_PUPIL: sibling.pupil.first_name }),
      { out: (t) => void (stdout += t), err: () => undefined },
      { clock },
    );
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/parent account, 2 pupil\(s\), checked pupil 2$/);
    expect(stdout).not.toContain('(pupil 1 of 2)');
    expect(stdout.match(/\(pupil 2 of 2\)/g)).toHaveLength(PUPIL_ENDPOINTS.length);
    expect(stdout).not.toContain(sibling.pupil.first_name);
  });

  it('an HTML page instead of JSON is a FAIL line and exit 3; the rest is still checked', async () => {
    fake.faults.inject({ path: '/apiv2student/detentions', kind: 'html' });
    const run = await doctor(fake, 'student');
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/^FAIL detentions .*HTTP 200 in \d+ ms \| not JSON$/m);
    expect(run.stdout).toMatch(/^ok {3}announcements /m);
  });

  it('wrong sign-in details: the usual one line and exit 2, no report', async () => {
    const run = await runCli(['doctor'], envFor(fake, 'student', { CLASSCHARTS_DOB: '01/01/2001' }), {
      out: () => expect.fail('no report expected'),
      err: () => undefined,
    });
    expect(run).toBe(2);
  });
});

/**
 * Runs doctor (student) on a fake whose answers from paths starting `prefix` have each `data[]` element
 * edited.
 */
function doctorWithEdit(prefix: string, edit: (item: Record<string, unknown>) => void, args: string[] = []) {
  return withFake(
    {
      reshape: (path, body) => {
        if (path.startsWith(prefix))
          for (const item of (body as { data: Record<string, unknown>[] }).data) edit(item);
        return body;
      },
    },
    (fake) => doctor(fake, 'student', args),
  );
}

describe('doctor when the service’s shape drifts (fake option reshape)', () => {
  it('an extra field the schema does not know is named, and still exit 0', async () => {
    const run = await doctorWithEdit(
      '/apiv2student/homeworks',
      (h) => {
        h.brand_new_flag = 'yes';
      },
      ['--json'],
    );
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as DoctorReport;
    const homeworks = report.checks.find((c) => c.endpoint === 'homeworks');
    expect(homeworks?.unknownFields).toContain('data[].brand_new_flag');
    expect(report.checks.find((c) => c.endpoint === 'timetable')?.unknownFields).not.toContain(
      'data[].brand_new_flag',
    );
  });

  it('an omitted field the schema can do without is named as missing; exit 0', async () => {
    const run = await doctorWithEdit('/apiv2student/homeworks', (h) => {
      delete h.due_date;
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ok {3}homeworks .*missing fields: (.*, )?data\[\]\.due_date(, |$)/m);
  });

  it('an omitted field the schema requires is named "(required)": FAIL and exit 3', async () => {
    const run = await doctorWithEdit('/apiv2student/activity', (p) => {
      delete p.id;
    });
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(
      /^FAIL activity .*NOT parsed: data\[\]\.id: Invalid input \| .*missing fields: data\[\]\.id \(required\)$/m,
    );
  });
});

/** Runs doctor with `args` and `env` (default: the demo student) and the stale-ping `options`. */
async function doctorWith(
  fake: FakeClassCharts,
  args: string[],
  env: Record<string, string> = envFor(fake, 'student'),
  options: DoctorOptions = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runDoctor(
    args,
    env,
    { out: (t) => void (stdout += t), err: (t) => void (stderr += t) },
    { clock },
    options,
  );
  return { code, stdout, stderr };
}

/** The `info <name>` line of a text report (one is expected). */
function infoLine(stdout: string, name: string): string {
  const lines = stdout.split('\n').filter((l) => l.startsWith(`info ${name}`));
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

/** Sets `field` of every timetable lesson (a list `data`) to `value`. */
function everyLesson(body: unknown, field: string, value: unknown): void {
  for (const lesson of (body as { data: Record<string, unknown>[] }).data) lesson[field] = value;
}

// Issue 25 §5: the doctor reports what the sources disagree on, from the real service, without a value of
// the account: a. code-only pupils (hasdob, checkpupilcode), b. HTML-encoded names, c. the timetable's shape,
// d. the expiry status with and without X-Requested-With, e. whether a stale token still renews.
describe('doctor findings (issue 25 §5)', () => {
  it('a student, fake’s defaults: five info lines and their verdicts, nothing of the account', async () => {
    await withFake({}, async (fake) => {
      const run = await doctor(fake, 'student');
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(infoLine(run.stdout, 'blank-dob')).toBe(
        'info blank-dob: a date of birth given | POST /apiv2student/hasdob: HTTP 200, has_dob true | ' +
          'GET /student/checkpupilcode/{code}: HTTP 200, has_dob true | ' +
          'this code has a date of birth on record: the service asks for it (dob-on-record)',
      );
      expect(infoLine(run.stdout, 'encoded-names')).toMatch(
        /^info encoded-names: \d+ of [1-9]\d* text fields hold a character reference, \d+ encoded twice/,
      );
      expect(infoLine(run.stdout, 'timetable-shape')).toBe('info timetable-shape: pupil 1 of 1: list (list)');
      expect(infoLine(run.stdout, 'expiry-status')).toBe(
        'info expiry-status POST /apiv2student/ping with a made-up token: ' +
          'with X-Requested-With: HTTP 200, error, expired: 1 | without: HTTP 200, error, expired: 1 | ' +
          'an expired session comes as HTTP 200 (http-200)',
      );
      expect(infoLine(run.stdout, 'stale-ping')).toBe(
        'info stale-ping: skipped (run with --stale-ping, takes 3 min)',
      );
      for (const value of privateValues(fake)) expect(run.stdout).not.toContain(value);

      // The two expiry pings: a made-up token each, the anonymous visit's cookie, one header apart.
      const pings = fake.requests.filter((r) => r.path === '/apiv2student/ping').slice(-2);
      const [withHeader, without] = pings.map((r) => r.headers);
      expect(withHeader?.['x-requested-with']).toBe('XMLHttpRequest');
      expect(without?.['x-requested-with']).toBeUndefined();
      const issued = new Set(fake.requests.map((r) => r.headers.authorization).slice(0, -2));
      for (const headers of [withHeader, without]) {
        expect(headers?.authorization).toMatch(/^Basic [a-z0-9]{32}$/);
        expect(issued.has(headers?.authorization)).toBe(false);
        expect(headers?.cookie).toContain('cc-session=');
        expect(headers?.accept).toBe('application/json, text/javascript, */*; q=0.01');
        expect(headers?.referer).toBe(`${fake.url}/mobile/student`);
      }
      expect(withHeader?.authorization).not.toBe(without?.authorization);
    });
  });

  it('--json: version 2, the old fields kept, and the findings', async () => {
    await withFake({}, async (fake) => {
      const run = await doctor(fake, 'student', ['--json']);
      const report = JSON.parse(run.stdout) as DoctorReport;
      expect(report).toMatchObject({ version: 2, account: 'student', ok: true, pupils: { count: 1 } });
      expect(report.checks.length).toBeGreaterThan(PUPIL_ENDPOINTS.length);
      expect(report.findings.blankDob).toMatchObject({
        dobGiven: true,
        hasdob: { method: 'POST', path: '/apiv2student/hasdob', status: 200, hasDob: true },
        checkpupilcode: { method: 'GET', path: '/student/checkpupilcode/{code}', status: 200, hasDob: true },
        verdict: 'dob-on-record',
      });
      expect(report.findings.timetableShape).toEqual({
        shapes: [{ pupil: 1, shape: 'list' }],
        verdict: 'list',
      });
      expect(report.findings.expiryStatus).toMatchObject({
        path: '/apiv2student/ping',
        withHeader: { xRequestedWith: true, status: 200, answered: 'error', expired: true },
        withoutHeader: { xRequestedWith: false, status: 200, answered: 'error', expired: true },
        verdict: 'http-200',
      });
      expect(report.findings.stalePing).toMatchObject({ verdict: 'skipped', waitedSeconds: null });
      const names = report.findings.encodedNames;
      expect(names.fields).toBe(names.byField.reduce((n, f) => n + f.values, 0));
      expect(names.byField.map((f) => `${f.endpoint} ${f.field}`)).toContain('timetable data[].subject_name');
      for (const value of privateValues(fake)) expect(run.stdout).not.toContain(value);
    });
  });

  it('expiredStatus 401: the expiry status is HTTP 401 both ways, for a student and a parent', async () => {
    await withFake({ expiredStatus: 401 }, async (fake) => {
      const student = JSON.parse((await doctor(fake, 'student', ['--json'])).stdout) as DoctorReport;
      expect(student.findings.expiryStatus).toMatchObject({
        withHeader: { status: 401, answered: 'error', expired: true },
        withoutHeader: { status: 401, answered: 'error', expired: true },
        verdict: 'http-401',
      });
      const parent = await doctor(fake, 'parent');
      expect(infoLine(parent.stdout, 'expiry-status')).toBe(
        'info expiry-status POST /apiv2parent/ping with a made-up token: ' +
          'with X-Requested-With: HTTP 401, error, expired: 1 | without: HTTP 401, error, expired: 1 | ' +
          'an expired session comes as HTTP 401 (http-401)',
      );
      for (const value of privateValues(fake)) expect(parent.stdout).not.toContain(value);
    });
  });

  it('a status that depends on the header, and a ping with no answer, are told apart', async () => {
    await withFake({}, async (fake) => {
      const config = readEnv(envFor(fake, 'student'));
      // The first ping (with X-Requested-With) gets a bare 401 page, the second the usual 200 envelope.
      fake.faults.inject({ path: '/apiv2student/ping', kind: 'unauthorized' });
      expect(await askExpiry(config, { clock })).toMatchObject({
        withHeader: { status: 401, answered: 'not-json', expired: null },
        withoutHeader: { status: 200, answered: 'error', expired: true },
        verdict: 'http-401-with-header-only',
      });
      fake.faults.inject({ path: '/apiv2student/ping', kind: 'reset', count: 2 });
      expect(await askExpiry(config, { clock })).toMatchObject({
        withHeader: { status: null, unreachable: 'network failure', answered: 'none' },
        verdict: 'other',
      });
    });
  });

  it('TES mode: the anonymous visit’s cc-session gets the pings past the TES redirect (§2.7)', async () => {
    await withFake({ tesSso: true }, async (fake) => {
      const finding = await askExpiry(readEnv(envFor(fake, 'student')), { clock });
      expect(finding).toMatchObject({
        withHeader: { status: 200, answered: 'error', expired: true, location: null },
        verdict: 'http-200',
      });
    });
  });

  it('a parent: blank-dob not asked (and no code helper called), one timetable shape per child', async () => {
    await withFake({}, async (fake) => {
      const run = await doctor(fake, 'parent');
      expect(run.code).toBe(0);
      expect(infoLine(run.stdout, 'blank-dob')).toBe('info blank-dob: not asked (student accounts only)');
      expect(infoLine(run.stdout, 'timetable-shape')).toBe(
        'info timetable-shape: pupil 1 of 2: list, pupil 2 of 2: list (list)',
      );
      expect(fake.requests.filter((r) => /hasdob|checkpupilcode/.test(r.path))).toEqual([]);
      for (const value of privateValues(fake)) expect(run.stdout).not.toContain(value);
    });
  });

  it('a code-only pupil: signed in with no date of birth (the evidence), hasdob false', async () => {
    await withFake({}, async (fake) => {
      const codeOnly = fake.accounts.codeOnly!;
      const env = { CLASSCHARTS_BASE_URL: fake.url, CLASSCHARTS_CODE: codeOnly.code };
      const run = await doctorWith(fake, ['--json'], env);
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout) as DoctorReport;
      expect(report.findings.blankDob).toMatchObject({
        dobGiven: false,
        hasdob: { status: 200, hasDob: false },
        checkpupilcode: { status: 200, hasDob: true },
        verdict: 'blank-accepted',
      });
      // One sign-in only: no attempt with other details.
      expect(fake.requests.filter((r) => r.path === '/student/login' && r.method === 'POST')).toHaveLength(1);
      // The same pupil typing a date anyway (the fake, as the Go mock, takes any): no date on record.
      const typed = await doctorWith(fake, [], { ...env, CLASSCHARTS_DOB: '01/02/2011' });
      expect(infoLine(typed.stdout, 'blank-dob')).toMatch(
        /has_dob false \| .* the school signs pupils in with a code only \(no-dob-on-record\)$/,
      );
      for (const value of [...privateValues(fake), '01/02/2011'])
        expect(run.stdout + typed.stdout).not.toContain(value);
    });
  });

  it('a timetable keyed by date, or of another shape, or empty, is named so', async () => {
    const shapeOf = async (data: (lessons: unknown[]) => unknown) =>
      withFake(
        {
          reshape: (path, body) => {
            if (path.startsWith('/apiv2student/timetable')) {
              const envelope = body as { data: unknown[] };
              envelope.data = data(envelope.data) as unknown[];
            }
            return body;
          },
        },
        async (fake) => JSON.parse((await doctor(fake, 'student', ['--json'])).stdout) as DoctorReport,
      );
    const byDate = await shapeOf((lessons) => ({ [DAY]: lessons }));
    expect(byDate.findings.timetableShape).toEqual({
      shapes: [{ pupil: 1, shape: 'by-date' }],
      verdict: 'by-date',
    });
    // Its lessons are still read for the encoded-names count.
    const subjects = (r: DoctorReport) =>
      r.findings.encodedNames.byField.find(
        (f) => f.endpoint === 'timetable' && f.field === 'data[].subject_name',
      );
    expect(subjects(byDate)?.values).toBeGreaterThan(0);
    expect((await shapeOf((lessons) => ({ lessons }))).findings.timetableShape.verdict).toBe('other');
    expect((await shapeOf(() => null)).findings.timetableShape.verdict).toBe('other');
    expect((await shapeOf(() => [])).findings.timetableShape).toEqual({
      shapes: [{ pupil: 1, shape: 'empty-list' }],
      verdict: 'empty',
    });
  });

  it('encoded names: counts per field, twice-encoded ones apart, never a value', async () => {
    const run = await withFake(
      {
        reshape: (path, body) => {
          if (path.startsWith('/apiv2student/timetable')) {
            everyLesson(body, 'subject_name', 'Pure &amp; Applied Zymurgy');
            everyLesson(body, 'teacher_name', 'Mr Quillfeather');
            everyLesson(body, 'room_name', 'Xylo &amp;amp; Annexe');
          }
          if (path.startsWith('/apiv2student/homeworks'))
            for (const h of (body as { data: Record<string, unknown>[] }).data)
              h.title = 'Wren&#39;s quagmire';
          return body;
        },
      },
      async (fake) => doctor(fake, 'student', ['--json']),
    );
    const report = JSON.parse(run.stdout) as DoctorReport;
    const field = (endpoint: string, name: string) =>
      report.findings.encodedNames.byField.find((f) => f.endpoint === endpoint && f.field === name)!;
    const subject = field('timetable', 'data[].subject_name');
    expect(subject.values).toBeGreaterThan(0);
    expect(subject).toMatchObject({ encoded: subject.values, doubleEncoded: 0 });
    expect(field('timetable', 'data[].teacher_name')).toMatchObject({ encoded: 0, doubleEncoded: 0 });
    const room = field('timetable', 'data[].room_name');
    expect(room).toMatchObject({ encoded: room.values, doubleEncoded: room.values });
    const title = field('homeworks', 'data[].title');
    expect(title).toMatchObject({ encoded: title.values, doubleEncoded: 0 });
    expect(report.findings.encodedNames.verdict).toBe('encoded');
    for (const word of ['Zymurgy', 'Quillfeather', 'Xylo', 'Annexe', 'quagmire', 'Wren'])
      expect(run.stdout).not.toContain(word);
  });
});

describe('doctor --stale-ping (issue 25 §5e)', () => {
  it('a token left unused past a short TTL: "expired", the wait announced on stderr', async () => {
    await withFake({ sessionTtlSeconds: 2, expiredStatus: 401 }, async (fake) => {
      const run = await doctorWith(fake, ['--stale-ping'], envFor(fake, 'student'), { waitMs: 2_500 });
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(/leaving a new session token unused for 3 s \(--stale-ping\)/);
      expect(infoLine(run.stdout, 'stale-ping')).toBe(
        'info stale-ping POST /apiv2student/ping: token unused 2.5 s | HTTP 401, error, expired: 1 | ' +
          'a stale token does not renew: the service said expired (expired)',
      );
      for (const value of privateValues(fake)) expect(run.stdout + run.stderr).not.toContain(value);
    });
  });

  it('by default the token waits 190 s, past its 180 s of life (the fake’s clock moved)', async () => {
    let offset = 0;
    await withFake({ clock: () => Date.now() + offset }, async (fake) => {
      const waits: number[] = [];
      const wait = async (ms: number) => {
        waits.push(ms);
        offset += ms;
      };
      const run = await doctorWith(fake, ['--stale-ping', '--json'], envFor(fake, 'parent'), { wait });
      expect(waits).toEqual([STALE_WAIT_MS]);
      expect(STALE_WAIT_MS).toBe(190_000);
      const report = JSON.parse(run.stdout) as DoctorReport;
      expect(report.findings.stalePing).toMatchObject({
        waitedSeconds: 190,
        method: 'POST',
        path: '/apiv2parent/ping',
        status: 200,
        answered: 'error',
        expired: true,
        newSession: false,
        newTokenWorks: null,
        verdict: 'expired',
      });
    });
  });

  it('a service that still renews the token: "renewed", and the new token works', async () => {
    await withFake({}, async (fake) => {
      const run = await doctorWith(fake, ['--stale-ping'], envFor(fake, 'student'), { waitMs: 0 });
      expect(infoLine(run.stdout, 'stale-ping')).toBe(
        'info stale-ping POST /apiv2student/ping: token unused 0 s | HTTP 200, success | ' +
          'a new session, which works: yes | ' +
          'a stale token still renews: the service sent a new session (renewed)',
      );
    });
  });
});
