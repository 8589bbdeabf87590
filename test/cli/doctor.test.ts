// `cli doctor` in-process against the fake server: one line per endpoint, no value of the account in the
// output, unknown and missing fields named, exit 0 when everything parsed and 3 when something did not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../main/cli';
import type { DoctorReport } from '../../main/cli/doctor';
import { PUPIL_ENDPOINTS } from '../../main/cli/probe';
import { systemClock } from '../../main/ports';
import {
  type FakeClassCharts,
  type FakeServerOptions,
  startFakeClassCharts,
} from '../fake-classcharts/index';
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

/** Every string and number of the account that must never be printed (names, codes, ids, tokens). */
function privateValues(fake: FakeClassCharts): string[] {
  const values = [fake.accounts.student.code, fake.accounts.student.dateOfBirth, fake.accounts.parent.email];
  values.push(fake.accounts.parent.password);
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

/** Runs doctor (student) on a fake whose answers from paths starting `prefix` have each `data[]` element edited. */
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
