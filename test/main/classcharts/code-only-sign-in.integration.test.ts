// Pupils who sign in with a code only (issue 25 §1), the client against the fake ClassCharts. Sources
// (docs/classcharts-api.md §2.3): daydreme/classcharts-server-mock@1c742cfc67 pkg/student/user/auth.go —
// `hasdob` true only for a known code WITH a date of birth, `checkpupilcode` true for every known code, the
// login takes any date when the pupil has none; daydreme/classcharts-server AuthenticationHandler.swift
// (`hasDob: birthday != nil`); classchartspro cdn/js/login.js shows the date field only when `has_dob` is
// true. How sure: two mocks and one client agree; no live capture (the doctor's first real run settles it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassChartsClient } from '../../../main/classcharts/client';
import { WrongCredentialsError } from '../../../main/classcharts/errors';
import { type FakeClassCharts, startFakeClassCharts } from '../../../dev/fake-classcharts/index';
import { clientOn, failure, interceptFetch, jsonResponse, recordingLogger } from './helpers';

const TODAY = '2026-11-04';
let fake: FakeClassCharts;

beforeAll(async () => {
  fake = await startFakeClassCharts({ today: TODAY });
});
afterAll(async () => {
  await fake.close();
});

function client(fetchFn: typeof fetch = fetch): ClassChartsClient {
  return clientOn(fake.url, fetchFn);
}

const codeOnly = () => fake.accounts.codeOnly!;

describe('a pupil with no date of birth on record', () => {
  it('signs in with the access code alone: the form is sent with an empty dob', async () => {
    const c = client();
    const mark = fake.requests.length;
    await c.login({ kind: 'student', code: codeOnly().code.toLowerCase(), dateOfBirth: '' });
    expect(c.hasSession()).toBe(true);
    const account = await c.account();
    expect(account.pupils.map((p) => p.id)).toEqual([codeOnly().pupilId]);
    const form = new URLSearchParams(fake.requests[mark]!.body);
    expect(form.get('code')).toBe('NODOB2026');
    expect(form.get('dob')).toBe('');
  });

  it('signs in whatever date of birth is typed, as the service ignores it', async () => {
    const c = client();
    await c.login({ kind: 'student', code: codeOnly().code, dateOfBirth: '2013-02-01' });
    expect(c.hasSession()).toBe(true);
  });
});

describe('a refused sign-in blames the code only when the code is unknown', () => {
  it('an empty date of birth for a pupil who has one asks for it, naming the field', async () => {
    const error = await failure(
      client().login({ kind: 'student', code: fake.accounts.student.code, dateOfBirth: '' }),
    );
    expect(error).toBeInstanceOf(WrongCredentialsError);
    expect(error).toMatchObject({ code: 'wrong-date-of-birth', field: 'dateOfBirth' });
    expect(error.userMessage).toMatch(/also needs your date of birth/);
  });

  it('an unknown code: hasdob false, then checkpupilcode false → the code', async () => {
    const mark = fake.requests.length;
    const error = await failure(client().login({ kind: 'student', code: 'NOSUCH99', dateOfBirth: '' }));
    expect(error).toMatchObject({ code: 'wrong-code', field: 'code' });
    expect(fake.requests.slice(mark).map((r) => r.path)).toEqual([
      '/student/login',
      '/apiv2student/hasdob',
      '/student/checkpupilcode/NOSUCH99',
    ]);
  });

  it('a known code-only pupil refused anyway (hasdob false, checkpupilcode true) is not told the code is wrong', async () => {
    // The service refused a pupil it knows and who has no date of birth: neither field is provably wrong.
    const refuse = interceptFetch(
      /\/student\/login$/,
      () => new Response('<html>Log in</html>', { status: 200 }),
    );
    const error = await failure(
      client(refuse).login({ kind: 'student', code: codeOnly().code, dateOfBirth: '01/01/2011' }),
    );
    expect(error).toBeInstanceOf(WrongCredentialsError);
    expect(error).toMatchObject({ code: 'wrong-credentials', field: undefined });
    expect(error.userMessage).not.toMatch(/does not recognise that access code/);
  });

  it('hasdob true for a wrong date blames the date without asking checkpupilcode', async () => {
    const mark = fake.requests.length;
    const error = await failure(
      client().login({ kind: 'student', code: fake.accounts.student.code, dateOfBirth: '01/01/2011' }),
    );
    expect(error).toMatchObject({ code: 'wrong-date-of-birth', field: 'dateOfBirth' });
    expect(fake.requests.slice(mark).map((r) => r.path)).toEqual(['/student/login', '/apiv2student/hasdob']);
  });

  // The code is the whole credential of a code-only pupil, and checkpupilcode carries it in its path: logs
  // and errors name the path without it, also when the probe fails (issue 25 §1, second read).
  it('never writes the access code in the path to a log, also when the probe fails', async () => {
    const logger = recordingLogger();
    const down: typeof fetch = async (input, init) => {
      if (/\/student\/checkpupilcode\//.test(String(input))) throw new TypeError('fetch failed');
      return fetch(input, init);
    };
    const c = clientOn(fake.url, down, logger);
    const error = await failure(c.login({ kind: 'student', code: 'SECRET42', dateOfBirth: '' }));
    expect(error).toMatchObject({ field: undefined });
    expect(logger.text()).toContain('/student/checkpupilcode/{code}');
    expect(logger.text()).not.toContain('SECRET42');
    expect(`${error.message} ${error.userMessage}`).not.toContain('SECRET42');
  });

  it('a probe that cannot answer leaves the field open', async () => {
    const broken = interceptFetch(/\/student\/checkpupilcode\//, () => jsonResponse({ nonsense: true }));
    const error = await failure(
      client(broken).login({ kind: 'student', code: 'NOSUCH99', dateOfBirth: '01/01/2011' }),
    );
    expect(error).toMatchObject({ code: 'wrong-credentials', field: undefined });
  });
});
