/**
 * The Electron fetch adapter (main/platform/net-fetch.ts) over an emulation of `net.request` that keeps
 * Electron's redirect and session-cookie semantics (test/mocks/net-request.ts: a redirect's headers come
 * without `Set-Cookie`, cookies live in the session's jar), against the fake ClassCharts server on
 * 127.0.0.1. What a user would notice: signing in works as a student and as a parent (the 302's session
 * cookies reach the client although Electron hides them from the redirect event), data loads, signing in
 * as someone else after "Sign out" carries nothing of the first account, opening a homework file keeps the
 * user signed in, a huge file is refused after reading little more than the cap, and nothing is cached or
 * written to disk.
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClassChartsClient, MAX_ATTACHMENT_BYTES } from '../../../main/classcharts/client';
import { AttachmentTooBigError, NetworkError } from '../../../main/classcharts/errors';
import { Transport } from '../../../main/classcharts/transport';
import {
  API_SESSION_PARTITION,
  createElectronFetch,
  type NetRequestLike,
  type SessionCookie,
  type SessionLike,
} from '../../../main/platform/net-fetch';
import { silentLogger, systemClock } from '../../../main/ports';
import { startFakeClassCharts, type FakeClassCharts } from '../../../dev/fake-classcharts/index';
import {
  createEmulatedSession,
  emulatedNetRequest,
  netRequestCalls,
  type EmulatedSession,
} from '../../mocks/net-request';

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

  it("leaves the cookie store alone for a request with credentials 'omit', and adds none to its redirect", async () => {
    const calls: unknown[] = [];
    const redirecting = redirectingRequest({ location: ['/elsewhere'] });
    const omitting = createElectronFetch(
      (options) => {
        calls.push(options);
        return redirecting();
      },
      // Any use of this store fails the request.
      sessionWith([{ name: 'cc-session', value: 'signed-in', path: '/' }], new Error('store used')),
    );
    const response = await omitting('https://example.invalid/storage/file.pdf', {
      redirect: 'manual',
      credentials: 'omit',
    });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(calls).toEqual([expect.objectContaining({ credentials: 'omit' })]);
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

describe('a homework file fetched without the session', () => {
  it('leaves the signed-in session cookies in place, and the next API call still carries them', async () => {
    const c = client();
    await c.login(studentSignIn());
    const file = (await c.homeworks({})).flatMap((h) => h.attachments)[0];
    if (!file) throw new Error('no homework file in the demo data');
    // The fake serves homework files on its own origin: the service's origin, without the session.
    expect(new URL(file.url).origin).toBe(new URL(fake.url).origin);
    const before = (await apiSession.cookies.get({ url: fake.url })).map((cookie) => cookie.name);
    expect(before).toEqual(expect.arrayContaining(['cc-session', 'student_session_credentials']));

    await c.downloadAttachment(file.url, 'homework');
    const download = lastRequest('/storage/');
    expect(download?.headers['cookie']).toBeUndefined();
    expect(download?.headers['authorization']).toBeUndefined();

    const after = (await apiSession.cookies.get({ url: fake.url })).map((cookie) => cookie.name);
    expect(after).toEqual(before);
    await c.timetable('2026-11-23');
    expect(lastRequest('/apiv2student/timetable')?.headers['cookie']).toMatch(/student_session_credentials=/);
  });
});

const MB = 1_048_576;

/** What a streaming route of {@link startBodyServer} sent, and whether the client hung up first. */
interface BodyStats {
  /** Bytes handed to the socket so far. */
  sent: number;
  /** The whole body was sent. */
  finished: boolean;
  /** The connection closed (the client hung up, or the body ended). */
  closed: boolean;
  /** The last write found the socket full and waits for `drain`. */
  blocked: boolean;
}

/**
 * A loopback server for bodies the fake does not serve. `GET /stream?bytes=N[&declared=1]` sends N bytes in
 * 64 KiB writes, each after the socket took the last (`drain`), with a Content-Length when `declared`;
 * `/cut` declares 1 MB, sends 64 KiB and drops the connection; `/stall` sends 64 KiB and then nothing.
 * `stats` is the last request's.
 */
async function startBodyServer(): Promise<{ url: string; stats: BodyStats; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const stats: BodyStats = { sent: 0, finished: false, closed: false, blocked: false };
    body.stats = stats;
    res.on('close', () => (stats.closed = true));
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    if (url.pathname === '/cut' || url.pathname === '/stall') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(MB) });
      res.write(chunk);
      stats.sent = chunk.length;
      if (url.pathname === '/cut') setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    const total = Number(url.searchParams.get('bytes'));
    res.writeHead(200, {
      'content-type': 'application/pdf',
      ...(url.searchParams.has('declared') ? { 'content-length': String(total) } : {}),
    });
    const pump = (): void => {
      stats.blocked = false;
      while (stats.sent < total && !stats.closed) {
        stats.sent += chunk.length;
        if (!res.write(chunk)) {
          stats.blocked = true;
          res.once('drain', pump);
          return;
        }
      }
      if (stats.closed) return;
      res.end();
      stats.finished = true;
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const body = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats: { sent: 0, finished: false, closed: false, blocked: false } as BodyStats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return body;
}

describe('response bodies stream', () => {
  let bodies: Awaited<ReturnType<typeof startBodyServer>>;
  beforeAll(async () => {
    bodies = await startBodyServer();
  });
  afterAll(async () => {
    await bodies.close();
  });

  it.each([
    ['sent chunked', ''],
    ['declared by Content-Length', '&declared=1'],
  ])(
    'a 300 MB attachment %s is refused after little more than the cap, the request aborted',
    async (_case, query) => {
      const transport = new Transport({
        fetch: electronFetch,
        baseUrl: bodies.url,
        clock: systemClock,
        logger: silentLogger,
      });
      const error = await transport
        .download({
          url: new URL(`${bodies.url}/stream?bytes=${300 * MB}${query}`),
          withSession: false,
          maxBytes: MAX_ATTACHMENT_BYTES,
          timeoutMs: 60_000,
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AttachmentTooBigError);
      // The client hung up: the server never got to send the whole body.
      await vi.waitFor(() => expect(bodies.stats.closed).toBe(true));
      expect(bodies.stats.finished).toBe(false);
      // What was sent: the cap, plus what loopback socket buffers and the stream queues hold (a few MB).
      expect(bodies.stats.sent).toBeLessThan(MAX_ATTACHMENT_BYTES + 16 * MB);
    },
  );

  it('resolves at the response, before the body has arrived, and pulls no more than is read', async () => {
    const response = await electronFetch(`${bodies.url}/stream?bytes=${64 * MB}`);
    expect(response.status).toBe(200);
    // Nobody reads: Electron's IncomingMessage stops asking Chromium for data (backpressure), so the
    // server ends up waiting for the socket to drain, far from the end of the body.
    await vi.waitFor(() => expect(bodies.stats.blocked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bodies.stats.blocked).toBe(true);
    expect(bodies.stats.finished).toBe(false);
    expect(bodies.stats.sent).toBeLessThan(32 * MB);
    await response.body?.cancel();
  });

  it('cancelling the body aborts the request', async () => {
    const response = await electronFetch(`${bodies.url}/stream?bytes=${32 * MB}`);
    const reader = response.body!.getReader();
    expect((await reader.read()).value?.byteLength).toBeGreaterThan(0);
    await reader.cancel();
    await vi.waitFor(() => expect(bodies.stats.closed).toBe(true));
    expect(bodies.stats.finished).toBe(false);
  });

  it('a connection dropped after the response errors the body like a network failure', async () => {
    const response = await electronFetch(`${bodies.url}/cut`);
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toMatchObject({
      name: 'TypeError',
      message: 'fetch failed',
      cause: new Error('net::ERR_CONTENT_LENGTH_MISMATCH'),
    });
  });

  it('the signal aborting after the response errors the body with its reason and aborts the request', async () => {
    const controller = new AbortController();
    const response = await electronFetch(`${bodies.url}/stall`, { signal: controller.signal });
    const text = response.text();
    controller.abort(new Error('no answer within 15000 ms'));
    await expect(text).rejects.toThrow('no answer within 15000 ms');
    await vi.waitFor(() => expect(bodies.stats.closed).toBe(true));
  });
});
