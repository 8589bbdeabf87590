// The official web app's AJAX headers on every request (issue 25 §3): `X-Requested-With: XMLHttpRequest`,
// `Accept: application/json, text/javascript, */*; q=0.01` and `Referer: <base>/mobile/student` (a parent:
// `/mobile/parent`), as captured from the web app by Ben754444/classcharts-outlook@748f9cabe2 utils.py
// `get_timetable` (a pupil) and proffalken/ha-classcharts@d2cd1dd3c3
// custom_components/classcharts/api.py:66-71 (a parent). A server may answer AJAX requests differently.
// docs/classcharts-api.md §1.1. Checked on the fake's request log; the fake does not act on them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassChartsClient } from '../../../main/classcharts/client';
import { WrongCredentialsError } from '../../../main/classcharts/errors';
import {
  type FakeClassCharts,
  type RecordedRequest,
  startFakeClassCharts,
} from '../../../dev/fake-classcharts/index';
import { clientOn } from './helpers';

const TODAY = '2026-11-04';

let fake: FakeClassCharts;

beforeAll(async () => {
  fake = await startFakeClassCharts({ today: TODAY });
});
afterAll(async () => {
  await fake.close();
});

function client(): ClassChartsClient {
  return clientOn(fake.url);
}

/** The three headers of a request, as the fake recorded them (names lower-cased). */
function webAppHeaders(request: RecordedRequest) {
  return {
    path: request.path,
    accept: request.headers['accept'],
    referer: request.headers['referer'],
    xRequestedWith: request.headers['x-requested-with'],
  };
}

/** What every request of an account of `kind` carries. */
function expected(kind: 'student' | 'parent') {
  return {
    accept: 'application/json, text/javascript, */*; q=0.01',
    referer: `${fake.url}/mobile/${kind}`,
    xRequestedWith: 'XMLHttpRequest',
  };
}

describe("the official web app's headers", () => {
  it('a student sends them on the sign-in, every read, the renewal and the sign-out', async () => {
    const mark = fake.requests.length;
    const c = client();
    await c.login({ kind: 'student', ...fake.accounts.student });
    await c.account();
    await c.timetable(TODAY);
    await c.homeworks({});
    await c.renew();
    await c.logout();
    const sent = fake.requests.slice(mark).map(webAppHeaders);
    expect(sent.map((r) => r.path)).toEqual([
      '/student/login',
      '/apiv2student/ping',
      '/apiv2student/timetable',
      '/apiv2student/homeworks',
      '/apiv2student/ping',
      '/apiv2student/logout',
    ]);
    for (const request of sent) expect(request).toEqual({ path: request.path, ...expected('student') });
  });

  it('a refused student sign-in sends them on the hasdob probe too', async () => {
    const mark = fake.requests.length;
    const failure = await client()
      .login({ kind: 'student', code: fake.accounts.student.code, dateOfBirth: '01/01/2001' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WrongCredentialsError);
    const sent = fake.requests.slice(mark).map(webAppHeaders);
    // The probes after a refusal (hasdob, perhaps checkpupilcode) are pre-login, for a student too.
    expect(sent[0]?.path).toBe('/student/login');
    expect(sent.map((r) => r.path)).toContain('/apiv2student/hasdob');
    for (const request of sent) expect(request).toEqual({ path: request.path, ...expected('student') });
  });

  it('a parent sends them with the parent page as Referer, on the sign-in and every call', async () => {
    const mark = fake.requests.length;
    const c = client();
    await c.login({
      kind: 'parent',
      email: fake.accounts.parent.email,
      password: fake.accounts.parent.password,
    });
    const account = await c.account();
    await c.timetable(TODAY, account.pupils[0]!.id);
    await c.logout();
    const sent = fake.requests.slice(mark).map(webAppHeaders);
    expect(sent.map((r) => r.path).sort()).toEqual(
      [
        '/parent/login',
        '/apiv2parent/ping',
        '/apiv2parent/pupils',
        `/apiv2parent/timetable/${account.pupils[0]!.id}`,
        '/apiv2parent/logout',
      ].sort(),
    );
    for (const request of sent) expect(request).toEqual({ path: request.path, ...expected('parent') });
  });
});
