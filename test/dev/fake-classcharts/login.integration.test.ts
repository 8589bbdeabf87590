// Logins of the fake ClassCharts server (docs/classcharts-api.md §2.1–§2.3): the web forms answer 302 with a
// percent-encoded `*_session_credentials` JSON cookie and a `cc-session` cookie, or a 200 HTML page with no
// session cookie; the legacy JSON logins and the pre-login helpers answer envelopes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../../common/demo-accounts';
import { startFakeClassCharts, type FakeClassCharts } from '../../../dev/fake-classcharts/index';
import {
  DOB_INCORRECT,
  PARENT_LOGIN_INCORRECT,
  PUPIL_CODE_INCORRECT,
} from '../../../dev/fake-classcharts/logins';
import {
  call,
  type JsonAnswer,
  loginStudent,
  obj,
  parentForm,
  postLogin,
  sessionFrom,
  studentForm,
} from '../../../dev/fake-classcharts/test-client';

/** The demo student (common/demo-accounts.ts). */
const DEMO = DEMO_CREDENTIALS.student;

let fake: FakeClassCharts;
beforeAll(async () => {
  fake = await startFakeClassCharts();
});
afterAll(() => fake.close());

async function expectFailedLogin(response: Response): Promise<void> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(response.headers.getSetCookie().some((c) => /_session_credentials=/.test(c))).toBe(false);
  expect(await response.text()).toMatch(/<form/);
}

describe('student web-form login', () => {
  it('succeeds with 302, a cc-session cookie and the percent-encoded credentials cookie', async () => {
    const response = await postLogin(fake, 'student', studentForm(DEMO.code, DEMO.dateOfBirth));
    expect(response.status).toBe(302);
    const raw = response.headers.getSetCookie();
    expect(raw.some((c) => c.startsWith('cc-session='))).toBe(true);
    const credentials = raw.find((c) => c.startsWith('student_session_credentials='));
    // Braces, quotes, colons and commas all percent-encoded (docs/classcharts-api.md §2.4).
    expect(credentials).toMatch(
      /^student_session_credentials=%7B%22remember_me%22%3Atrue%2C%22session_id%22%3A%22[a-z0-9]{32}%22%7D;/,
    );
    const session = sessionFrom(response);
    const ping = await call(fake, '/apiv2student/ping', session);
    expect(obj(obj(obj(ping.body).data).user)['id']).toBe(fake.accounts.student.pupilId);
  });

  it('matches the access code case-insensitively and accepts an unpadded date of birth', async () => {
    const session = await loginStudent(fake, 'demo2026', '14/5/2012');
    expect(session.token).toMatch(/^[a-z0-9]{32}$/);
  });

  it('accepts a multipart body with extra fields, as classcharts-rs sends it', async () => {
    const form = new FormData();
    for (const [k, v] of studentForm(DEMO.code, DEMO.dateOfBirth)) form.append(k, v);
    form.append('unexpected', 'field');
    const response = await postLogin(fake, 'student', form);
    expect(response.status).toBe(302);
    expect(sessionFrom(response).token).toMatch(/^[a-z0-9]{32}$/);
  });

  it('accepts an untyped body', async () => {
    const response = await fetch(`${fake.url}/student/login`, {
      method: 'POST',
      body: new TextEncoder().encode('code=DEMO2026&dob=14%2F05%2F2012'),
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
  });

  it.each([
    ['a wrong date of birth', 'DEMO2026', '15/05/2012'],
    ['an unknown code', 'NOPE1234', '14/05/2012'],
    ['a missing date of birth', 'DEMO2026', ''],
  ])('fails with 200 HTML and no session cookie on %s', async (_case, code, dob) => {
    await expectFailedLogin(await postLogin(fake, 'student', studentForm(code, dob)));
  });

  it('fails the same way on a malformed multipart body', async () => {
    const response = await fetch(`${fake.url}/student/login`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'this is not multipart',
      redirect: 'manual',
    });
    await expectFailedLogin(response);
  });
});

describe('parent web-form login', () => {
  it('succeeds with 302 and parent_session_credentials (the real cookie name)', async () => {
    const { email, password } = fake.accounts.parent;
    const response = await postLogin(fake, 'parent', parentForm(email, password));
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('parent_session_credentials=%7B'))).toBe(
      true,
    );
    const pupils = await call(fake, '/apiv2parent/pupils', sessionFrom(response));
    expect(obj(pupils.body)['success']).toBe(1);
  });

  it('fails with 200 HTML and no session cookie on a wrong password', async () => {
    await expectFailedLogin(await postLogin(fake, 'parent', parentForm(fake.accounts.parent.email, 'wrong')));
  });

  it('can use the spec’s cookie name instead', async () => {
    const specFake = await startFakeClassCharts({ parentCookieName: 'student_session_credentials' });
    try {
      const { email, password } = specFake.accounts.parent;
      const response = await postLogin(specFake, 'parent', parentForm(email, password));
      expect(response.headers.getSetCookie().some((c) => c.startsWith('student_session_credentials='))).toBe(
        true,
      );
    } finally {
      await specFake.close();
    }
  });
});

describe('login pages, legacy JSON logins and pre-login helpers', () => {
  it('GET /parent/login hands out a cc-session cookie that the form login keeps', async () => {
    const page = await fetch(`${fake.url}/parent/login`);
    const cc = page.headers
      .getSetCookie()
      .find((c) => c.startsWith('cc-session='))
      ?.split(';')[0];
    expect(cc).toBeDefined();
    const { email, password } = fake.accounts.parent;
    const response = await fetch(`${fake.url}/parent/login`, {
      method: 'POST',
      body: parentForm(email, password),
      headers: { cookie: String(cc) },
      redirect: 'manual',
    });
    expect(
      response.headers
        .getSetCookie()
        .find((c) => c.startsWith('cc-session='))
        ?.split(';')[0],
    ).toBe(cc);
  });

  it('POST /apiv2student/login returns the student subset and a session id, or the field-notes errors', async () => {
    const post = (code: string, dob: string): Promise<JsonAnswer> =>
      call(fake, '/apiv2student/login', null, { method: 'POST', body: new URLSearchParams({ code, dob }) });
    const good = obj((await post('demo2026', '14/05/2012')).body);
    expect(obj(good['data'])['id']).toBe(fake.accounts.student.pupilId);
    expect(obj(good['data'])).not.toHaveProperty('announcements_count');
    expect(obj(good['meta'])['session_id']).toMatch(/^[a-z0-9]{32}$/);
    expect((await post('NOPE', '14/05/2012')).body).toEqual({
      success: 0,
      expired: 0,
      error: PUPIL_CODE_INCORRECT,
      meta: [],
    });
    expect((await post('DEMO2026', '01/01/2000')).body).toEqual({
      success: 0,
      expired: 0,
      error: DOB_INCORRECT,
      meta: [],
    });
  });

  it('POST /apiv2parent/login returns the parent user and a session id, or an error', async () => {
    const { email, password } = fake.accounts.parent;
    const good = await call(fake, '/apiv2parent/login', null, {
      method: 'POST',
      body: new URLSearchParams({ email, password }),
    });
    expect(obj(obj(good.body).data)['email']).toBe(email);
    expect(obj(obj(good.body).data)['isEmailVerified']).toBe(true);
    const bad = await call(fake, '/apiv2parent/login', null, {
      method: 'POST',
      body: new URLSearchParams({ email, password: 'nope' }),
    });
    expect(obj(bad.body)['error']).toBe(PARENT_LOGIN_INCORRECT);
  });

  // An unknown code is a success with has_dob false, not an error (sccreeper/BetterClasscharts@e01c3fface
  // src/api/student_client.py:208-209; daydreme/classcharts-server-mock@17323a2da3 pkg/student/user/auth.go).
  it('hasdob tells a known code (any case) from an unknown one', async () => {
    const known = await call(fake, '/apiv2student/hasdob', null, {
      method: 'POST',
      body: new URLSearchParams({ code: 'demo2026' }),
    });
    expect(known.body).toEqual({ success: 1, data: { has_dob: true }, meta: [] });
    const unknown = await call(fake, '/apiv2student/hasdob', null, {
      method: 'POST',
      body: new URLSearchParams({ code: 'NOPE' }),
    });
    expect(unknown.body).toEqual({ success: 1, data: { has_dob: false }, meta: [] });
    const checked = await call(fake, `/student/checkpupilcode/${DEMO.code}`, null);
    expect(obj(checked.body)['data']).toEqual({ has_dob: true });
  });

  // A code-only pupil (issue 25 §1; daydreme/classcharts-server-mock@1c742cfc67 pkg/student/user/auth.go):
  // `hasdob` is false (no date on record) while `checkpupilcode` is true (the code exists), and both sign-ins
  // take any date of birth, or none.
  it('a code-only pupil: hasdob false, checkpupilcode true, any date or none signs in', async () => {
    const code = fake.accounts.codeOnly!.code;
    const hasDob = await call(fake, '/apiv2student/hasdob', null, {
      method: 'POST',
      body: new URLSearchParams({ code }),
    });
    expect(hasDob.body).toEqual({ success: 1, data: { has_dob: false }, meta: [] });
    const checked = await call(fake, `/student/checkpupilcode/${code.toLowerCase()}`, null);
    expect(checked.body).toEqual({ success: 1, data: { has_dob: true }, meta: [] });
    expect((await call(fake, '/student/checkpupilcode/NOPE', null)).body).toMatchObject({
      data: { has_dob: false },
    });
    for (const dob of ['', '01/01/2000']) {
      const form = await postLogin(fake, 'student', studentForm(code, dob));
      expect(form.status).toBe(302);
      const json = await call(fake, '/apiv2student/login', null, {
        method: 'POST',
        body: new URLSearchParams({ code, dob }),
      });
      expect(obj(json.body)['success']).toBe(1);
    }
  });
});
