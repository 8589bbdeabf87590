/**
 * The Electron fetch adapter (main/platform/net-fetch.ts) over an emulation of `net.request` that keeps
 * Electron's redirect and session-cookie semantics (test/mocks/net-request.ts: a redirect's headers come
 * without `Set-Cookie`, cookies live in the session's jar), against the fake ClassCharts server on
 * 127.0.0.1. What a user would notice: signing in works as a student and as a parent (the 302's session
 * cookies reach the client although Electron hides them from the redirect event), data loads, signing in
 * as someone else after "Sign out" carries nothing of the first account, and nothing is cached or written
 * to disk.
 */
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClassChartsClient } from '../../main/classcharts/client';
import { NetworkError } from '../../main/classcharts/errors';
import {
  API_SESSION_PARTITION,
  createElectronFetch,
  type NetRequestLike,
  type SessionCookie,
  type SessionLike,
} from '../../main/platform/net-fetch';
import { silentLogger, systemClock } from '../../main/ports';
import { startFakeClassCharts, type FakeClassCharts } from '../fake-classcharts/index';
import {
  createEmulatedSession,
  emulatedNetRequest,
  netRequestCalls,
  type EmulatedSession,
} from '../mocks/net-request';

let fake: FakeClassCharts;
let apiSession: EmulatedSession;
let electronFetch: typeof fetch;

beforeAll(async () => {
  fake = await startFakeClassCharts({ today: '2026-11-23' });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  netRequestCalls.length = 0;
  fake.faults.clear();
  apiSession = createEmulatedSession(API_SESSION_PARTITION, { cache: false });
  electronFetch = createElectronFetch(emulatedNetRequest, apiSession);
});

const client = () =>
  new ClassChartsClient({
    fetch: electronFetch,
    baseUrl: fake.url,
    clock: systemClock,
    logger: silentLogger,
  });

const studentSignIn = () => ({
  kind: 'student' as const,
  code: fake.accounts.student.code,
  dateOfBirth: fake.accounts.student.dateOfBirth,
});
const parentSignIn = () => ({
  kind: 'parent' as const,
  email: fake.accounts.parent.email,
  password: fake.accounts.parent.password,
});
const lastRequest = (prefix: string) => fake.requests.filter((r) => r.path.startsWith(prefix)).at(-1);
const loginForm = () =>
  new URLSearchParams({
    _method: 'POST',
    code: fake.accounts.student.code,
    dob: fake.accounts.student.dateOfBirth,
  });

describe('fetch over net.request', () => {
  it('a student signs in (the 302 cookies come from the session jar) and reads the timetable', async () => {
    const c = client();
    await c.login(studentSignIn());
    expect(c.hasSession()).toBe(true);
    const lessons = await c.timetable('2026-11-23');
    expect(lessons.length).toBeGreaterThan(3);
    // The cookies from the 302 went back with the data request.
    const read = lastRequest('/apiv2student/timetable');
    expect(read?.headers['cookie']).toMatch(/cc-session=/);
    expect(read?.headers['cookie']).toMatch(/student_session_credentials=/);
    expect(read?.headers['authorization']).toMatch(/^Basic \S+/);
  });

  it('a parent signs in too (the parent cookie name) and lists the pupils', async () => {
    const c = client();
    await c.login(parentSignIn());
    const account = await c.account();
    expect(account.pupils.map((p) => p.id)).toEqual(fake.accounts.parent.pupilIds);
  });

  it('a refused sign-in is a wrong-credentials error, not a network failure', async () => {
    await expect(
      client().login({ kind: 'student', code: 'NOPE1234', dateOfBirth: fake.accounts.student.dateOfBirth }),
    ).rejects.toMatchObject({ code: 'wrong-code' });
  });

  it('signing in as the parent after "Sign out" sends none of the student\'s cookies', async () => {
    const c = client();
    await c.login(studentSignIn());
    await c.timetable('2026-11-23');
    const studentCookie = lastRequest('/apiv2student/timetable')?.headers['cookie'] ?? '';
    expect(studentCookie).toMatch(/cc-session=/);

    c.signOut();
    await c.login(parentSignIn());
    const login = lastRequest('/parent/login');
    expect(login?.headers['cookie']).toBeUndefined();
    await c.account();
    const parentCookie = lastRequest('/apiv2parent/pupils')?.headers['cookie'] ?? '';
    expect(parentCookie).toMatch(/parent_session_credentials=/);
    expect(parentCookie).not.toMatch(/student_session_credentials=/);
    for (const pair of studentCookie.split('; ')) expect(parentCookie).not.toContain(pair);
  });

  it('every request goes through the in-memory API session with its cookies, never the HTTP cache', async () => {
    await electronFetch(`${fake.url}/apiv2student/ping`, { method: 'POST' });
    expect(netRequestCalls.at(-1)).toMatchObject({
      session: apiSession,
      useSessionCookies: true,
      cache: 'no-store',
      method: 'POST',
    });
    expect(netRequestCalls.at(-1)?.credentials).toBeUndefined(); // 'omit' would switch the jar off
    // An Electron partition without `persist:` lives in memory only.
    expect(API_SESSION_PARTITION).not.toMatch(/^persist:/);
  });

  it('gives the sign-in back as a 302 carrying the credentials cookie as the server sent it', async () => {
    const response = await electronFetch(`${fake.url}/student/login`, {
      method: 'POST',
      body: loginForm(),
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBeTruthy();
    const lines = response.headers.getSetCookie();
    const credentials = lines.find((line) => line.startsWith('student_session_credentials='));
    expect(credentials).toMatch(/^student_session_credentials=%7B[^;]*; Path=\/; Expires=\w{3}, /);
    const value = credentials!.split(';')[0]!.slice('student_session_credentials='.length);
    expect(JSON.parse(decodeURIComponent(value))).toMatchObject({ session_id: expect.any(String) });
    expect(lines.some((line) => line.startsWith('cc-session='))).toBe(true);
  });

  it('a request from a client holding no cookies empties the jar first; one holding some sends the jar', async () => {
    await electronFetch(`${fake.url}/student/login`, {
      method: 'POST',
      body: loginForm(),
      redirect: 'manual',
    });
    expect(await apiSession.cookies.get({ url: fake.url })).not.toEqual([]);

    // A client with cookies: the jar's cookies go, not the header given.
    await electronFetch(`${fake.url}/apiv2student/ping`, {
      method: 'POST',
      headers: { Cookie: 'cc-session=forged' },
    });
    expect(fake.requests.at(-1)?.headers['cookie']).toMatch(/student_session_credentials=/);
    expect(fake.requests.at(-1)?.headers['cookie']).not.toContain('forged');

    // A client without: nothing is sent and nothing is left.
    await electronFetch(`${fake.url}/apiv2student/ping`, { method: 'POST' });
    expect(fake.requests.at(-1)?.headers['cookie']).toBeUndefined();
    expect(await apiSession.cookies.get({ url: fake.url })).toEqual([]);
  });

  it("with redirect 'follow' answers with where the redirect leads, not the 3xx", async () => {
    // Electron emits `redirect` in 'follow' mode too, with a no-op followRedirect
    // (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb lib/common/api/net-client-request.ts L494-L502).
    const response = await electronFetch(`${fake.url}/student/login`, {
      method: 'POST',
      body: loginForm(),
      redirect: 'follow',
    });
    expect(response.status).not.toBe(302);
    expect(fake.requests.at(-1)?.path).not.toBe('/student/login');
  });

  it('sends a form body with its content type, like fetch', async () => {
    const response = await electronFetch(`${fake.url}/apiv2student/hasdob`, {
      method: 'POST',
      body: new URLSearchParams({ code: fake.accounts.student.code }),
    });
    expect(await response.json()).toMatchObject({ success: 1, data: { has_dob: true } });
    const sent = fake.requests.at(-1);
    expect(sent?.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
  });

  it('rejects with a TypeError when the server is unreachable, and the client calls it a network error', async () => {
    await fake.down();
    try {
      await expect(electronFetch(`${fake.url}/apiv2student/ping`)).rejects.toBeInstanceOf(TypeError);
      await expect(client().login(studentSignIn())).rejects.toBeInstanceOf(NetworkError);
    } finally {
      await fake.up();
    }
  });

  it('stops a hanging request when its signal aborts', async () => {
    fake.faults.inject({ path: '/apiv2student/ping', kind: 'hang' });
    const controller = new AbortController();
    const pending = electronFetch(`${fake.url}/apiv2student/ping`, { signal: controller.signal });
    controller.abort(new Error('timed out'));
    await expect(pending).rejects.toThrow('timed out');
  });
});

describe('the emulation keeps what makes Electron hard', () => {
  it('gives the redirect event no Set-Cookie, while the session jar has the cookies', async () => {
    const request = emulatedNetRequest({
      method: 'POST',
      url: `${fake.url}/student/login`,
      redirect: 'manual',
      session: apiSession,
      useSessionCookies: true,
    });
    request.setHeader('content-type', 'application/x-www-form-urlencoded');
    const seen = new Promise<Record<string, string[]>>((resolve) =>
      request.on('redirect', (_status, _method, _url, headers) => {
        request.abort();
        resolve(headers);
      }),
    );
    request.write(Buffer.from(loginForm().toString()));
    request.end();
    const headers = await seen;
    expect(headers['location']).toBeDefined();
    expect(headers['set-cookie']).toBeUndefined();
    const names = (await apiSession.cookies.get({ url: fake.url })).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['cc-session', 'student_session_credentials']));
  });
});

/** A `net.request` double that answers every request with one redirect carrying `headers`. */
function redirectingRequest(headers: Record<string, string[]>) {
  return (): NetRequestLike => {
    const request = Object.assign(new EventEmitter(), {
      aborted: false,
      setHeader: () => undefined,
      write: () => undefined,
      end: () =>
        queueMicrotask(() => request.emit('redirect', 302, 'GET', 'https://example.invalid/home', headers)),
      abort: () => {
        request.aborted = true;
      },
    });
    return request as unknown as NetRequestLike;
  };
}

/** A session whose cookie store holds `cookies`, or fails every read with `failure`. */
function sessionWith(cookies: SessionCookie[], failure?: Error): SessionLike {
  return {
    cookies: {
      get: async () => {
        if (failure) throw failure;
        return cookies;
      },
      remove: async () => undefined,
    },
  };
}

describe('the redirect answer with other cookie stores', () => {
  it('keeps Set-Cookie the redirect event does carry (a later Electron) without repeating a name', async () => {
    const jarFetch = createElectronFetch(
      redirectingRequest({ 'set-cookie': ['cc-session=from-event; path=/'], location: ['/home'] }),
      sessionWith([
        { name: 'cc-session', value: 'from-jar', path: '/' },
        { name: 'student_session_credentials', value: '%7B%22session_id%22%3A%22t%22%7D', path: '/' },
      ]),
    );
    const response = await jarFetch('https://example.invalid/student/login', {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: 'x=1' },
    });
    expect(response.headers.getSetCookie()).toEqual([
      'cc-session=from-event; path=/',
      'student_session_credentials=%7B%22session_id%22%3A%22t%22%7D; Path=/',
    ]);
  });

  it.each([
    ['emptied before a request without cookies', {}],
    ['read for the redirect answer', { Cookie: 'x=1' }],
  ])('fails like a network error when the cookie store cannot be %s', async (_case, headers) => {
    const failing = createElectronFetch(redirectingRequest({}), sessionWith([], new Error('store gone')));
    await expect(
      failing('https://example.invalid/student/login', { redirect: 'manual', headers }),
    ).rejects.toMatchObject({
      name: 'TypeError',
      message: 'fetch failed',
      cause: new Error('store gone'),
    });
  });
});
