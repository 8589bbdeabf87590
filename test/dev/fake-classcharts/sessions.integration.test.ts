// Session tokens of the fake (docs/classcharts-api.md §2.5–§2.7): TTL from issue, rotation on ping with a
// grace window for the old token, the not-logged-in body (expired 0 without a token, 1 otherwise; optional
// 401), lenient Cookie headers, logout, and the TES SSO bounce. Time is a controlled clock, never a sleep.
import { afterEach, describe, expect, it } from 'vitest';
import {
  startFakeClassCharts,
  type FakeClassCharts,
  type FakeServerOptions,
} from '../../../dev/fake-classcharts/index';
import {
  call,
  loginParent,
  loginStudent,
  obj,
  type TestSession,
} from '../../../dev/fake-classcharts/test-client';

const NOT_LOGGED_IN = { success: 0, expired: 1, error: 'You are not logged in. [1]', meta: [] };

let fake: FakeClassCharts | undefined;
let now = Date.parse('2026-06-17T09:00:00Z');

async function start(options: FakeServerOptions = {}): Promise<FakeClassCharts> {
  now = Date.parse('2026-06-17T09:00:00Z');
  fake = await startFakeClassCharts({ clock: () => now, ...options });
  return fake;
}
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const timetable = (f: FakeClassCharts, s: TestSession | null) => call(f, '/apiv2student/timetable', s);
const ping = (f: FakeClassCharts, s: TestSession, includeData?: string) =>
  call(f, '/apiv2student/ping', s, {
    method: 'POST',
    body: includeData === undefined ? null : new URLSearchParams({ include_data: includeData }),
  });

/** Advances the clock to 1 s before `ms` from now (the token still works), then 1 s past it (it is refused). */
async function expectValidFor(f: FakeClassCharts, session: TestSession, ms: number): Promise<void> {
  now += ms - 1_000;
  expect(obj((await timetable(f, session)).body)['success']).toBe(1);
  now += 2_000;
  expect((await timetable(f, session)).body).toEqual(NOT_LOGGED_IN);
}

describe('token lifetime', () => {
  it('a token works until its TTL (counted from issue) and then gets expired: 1', async () => {
    const f = await start({ sessionTtlSeconds: 200 });
    await expectValidFor(f, await loginStudent(f), 200_000);
  });

  it('no token gets expired: 0; an unknown token expired: 1; both with HTTP 200', async () => {
    const f = await start();
    const missing = await timetable(f, null);
    expect(missing).toEqual({ status: 200, body: { ...NOT_LOGGED_IN, expired: 0 } });
    const unknown = await timetable(f, { token: 'x'.repeat(32), cookie: '', cookies: {} });
    expect(unknown).toEqual({ status: 200, body: NOT_LOGGED_IN });
  });

  it('can answer the not-logged-in body with HTTP 401 instead', async () => {
    const f = await start({ expiredStatus: 401 });
    expect((await timetable(f, null)).status).toBe(401);
  });

  it('expireSessions() expires every current token at once', async () => {
    const f = await start();
    const a = await loginStudent(f);
    const b = await loginParent(f);
    f.expireSessions();
    expect((await timetable(f, a)).body).toEqual(NOT_LOGGED_IN);
    expect((await call(f, '/apiv2parent/pupils', b)).body).toEqual(NOT_LOGGED_IN);
  });

  it('a student token is not a parent token', async () => {
    const f = await start();
    const session = await loginStudent(f);
    expect((await call(f, '/apiv2parent/pupils', session)).body).toEqual(NOT_LOGGED_IN);
  });

  it('logout ends the session', async () => {
    const f = await start();
    const session = await loginStudent(f);
    expect(obj((await call(f, '/apiv2student/logout', session, { method: 'POST' })).body)['success']).toBe(1);
    expect((await timetable(f, session)).body).toEqual(NOT_LOGGED_IN);
  });
});

describe('renewal (ping)', () => {
  it('ping rotates the token into meta.session_id; the new one lives a full TTL', async () => {
    const f = await start({ sessionTtlSeconds: 200, renewalGraceSeconds: 30 });
    const session = await loginStudent(f);
    now += 150_000;
    const renewed = obj(obj((await ping(f, session, 'true')).body).meta);
    expect(renewed['version']).toBe(f.dataset.appVersion);
    const fresh = { ...session, token: String(renewed['session_id']) };
    expect(fresh.token).not.toBe(session.token);
    now += 190_000;
    expect(obj((await timetable(f, fresh)).body)['success']).toBe(1);
  });

  it('the old token stays valid for the grace window only', async () => {
    const f = await start({ sessionTtlSeconds: 200, renewalGraceSeconds: 30 });
    const session = await loginStudent(f);
    await ping(f, session, 'true');
    await expectValidFor(f, session, 30_000);
  });

  it('by default a timed-out token is dead: its ping gets the not-logged-in answer', async () => {
    const f = await start();
    const session = await loginStudent(f);
    now += 181_000;
    expect((await ping(f, session, 'true')).body).toEqual(NOT_LOGGED_IN);
  });

  // skeffling/timetable-plus (extension/common.js `ccRefreshSession`) pings with a timed-out token and gets a
  // new one from the live service (issue 25 §3): the fake models it behind `staleTokenRenewsSeconds`.
  it('with staleTokenRenewsSeconds a ping renews a timed-out token within that window, only a ping', async () => {
    const f = await start({ staleTokenRenewsSeconds: 600 });
    const session = await loginStudent(f);
    now += 300_000;
    expect((await timetable(f, session)).body, 'a read still sees it expired').toEqual(NOT_LOGGED_IN);
    expect((await ping(f, session, 'false')).body, 'a ping that renews nothing neither').toEqual(
      NOT_LOGGED_IN,
    );
    const renewed = obj(obj((await ping(f, session, 'true')).body).meta);
    const fresh = { ...session, token: String(renewed['session_id']) };
    expect(obj((await timetable(f, fresh)).body)['success']).toBe(1);
    // Past the window, or once renewed (the old token was replaced), it is dead for good.
    expect((await ping(f, session, 'true')).body).toEqual(NOT_LOGGED_IN);
    const late = await loginStudent(f);
    now += 180_000 + 601_000;
    expect((await ping(f, late, 'true')).body).toEqual(NOT_LOGGED_IN);
  });

  it('treats anything but include_data=false as true, on GET and POST; false does not rotate', async () => {
    const f = await start();
    const session = await loginStudent(f);
    for (const value of [undefined, '1', 'yes', 'true']) {
      expect(obj(obj((await ping(f, session, value)).body).meta)).toHaveProperty('session_id');
    }
    const viaGet = await call(f, '/apiv2student/ping?include_data=true', session);
    expect(obj(obj(viaGet.body).meta)).toHaveProperty('session_id');
    const noData = obj(obj((await ping(f, session, 'false')).body).meta);
    expect(noData).not.toHaveProperty('session_id');
    expect(noData['version']).toBe(f.dataset.appVersion);
  });

  it('the parent ping returns the parent user (camelCase isEmailVerified) and a new token', async () => {
    const f = await start();
    const session = await loginParent(f);
    const body = obj(
      (await call(f, '/apiv2parent/ping', session, { method: 'POST', body: 'include_data=true' })).body,
    );
    expect(obj(obj(body['data'])['user'])).toMatchObject({
      email: f.accounts.parent.email,
      isEmailVerified: true,
    });
    expect(obj(body['meta'])['session_id']).toMatch(/^[a-z0-9]{32}$/);
  });
});

describe('cookies', () => {
  it('finds the login cookies in a messy Cookie header built from raw Set-Cookie strings (TES SSO mode)', async () => {
    const f = await start({ tesSso: true });
    const login = await fetch(`${f.url}/parent/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: f.accounts.parent.email, password: f.accounts.parent.password }),
      redirect: 'manual',
    });
    const raw = String(login.headers.get('set-cookie')); // joined with ", ", attributes and all
    const session = { token: '', cookie: raw, cookies: {} };
    const credentials = login.headers.getSetCookie().find((c) => c.startsWith('parent_session_credentials='));
    session.token = JSON.parse(
      decodeURIComponent(String(credentials?.split(';')[0]?.split('=')[1])),
    ).session_id;
    expect(obj((await call(f, '/apiv2parent/pupils', session)).body)['success']).toBe(1);
  });

  it('in TES SSO mode a call without cc-session bounces through the verify URL forever', async () => {
    const f = await start({ tesSso: true });
    const session = await loginStudent(f);
    const first = await fetch(`${f.url}/apiv2student/timetable`, {
      headers: { authorization: `Basic ${session.token}` },
      redirect: 'manual',
    });
    expect(first.status).toBe(302);
    const verify = String(first.headers.get('location'));
    expect(verify).toContain('/tes/v1/verify?returnUrl=');
    const back = await fetch(verify, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe(`${f.url}/apiv2student/timetable?prompt=login`);
    await expect(
      fetch(`${f.url}/apiv2student/timetable`, { headers: { authorization: `Basic ${session.token}` } }),
    ).rejects.toThrow(/fetch failed/);
  });
});
