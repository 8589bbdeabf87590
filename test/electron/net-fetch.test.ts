/**
 * The Electron fetch adapter (main/platform/net-fetch.ts) over an emulation of `net.request` that keeps
 * Electron's redirect semantics (test/mocks/net-request.ts), against the fake ClassCharts server on
 * 127.0.0.1. What a user would notice: signing in works (the 302 with the session cookie comes back
 * instead of "Redirect was cancelled"), data loads, and nothing is cached or kept in Chromium's cookie jar.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClassChartsClient } from '../../main/classcharts/client';
import { NetworkError } from '../../main/classcharts/errors';
import { createElectronFetch } from '../../main/platform/net-fetch';
import { silentLogger, systemClock } from '../../main/ports';
import { startFakeClassCharts, type FakeClassCharts } from '../fake-classcharts/index';
import { emulatedNetRequest, netRequestCalls } from '../mocks/net-request';

let fake: FakeClassCharts;
const electronFetch = createElectronFetch(emulatedNetRequest);

beforeAll(async () => {
  fake = await startFakeClassCharts({ today: '2026-11-23' });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  netRequestCalls.length = 0;
  fake.faults.clear();
});

const client = () =>
  new ClassChartsClient({
    fetch: electronFetch,
    baseUrl: fake.url,
    clock: systemClock,
    logger: silentLogger,
  });

describe('fetch over net.request', () => {
  it('returns the sign-in 302 with its cookies, so a student signs in and reads the timetable', async () => {
    const c = client();
    await c.login({
      kind: 'student',
      code: fake.accounts.student.code,
      dateOfBirth: fake.accounts.student.dateOfBirth,
    });
    expect(c.hasSession()).toBe(true);
    const lessons = await c.timetable('2026-11-23');
    expect(lessons.length).toBeGreaterThan(3);
    // The cookies from the 302 went back with the data request.
    const read = fake.requests.filter((r) => r.path.startsWith('/apiv2student/timetable')).at(-1);
    expect(read?.headers['cookie']).toMatch(/cc-session=/);
    expect(read?.headers['authorization']).toMatch(/^Basic \S+/);
  });

  it('signs a parent in too (the parent cookie name) and lists the pupils', async () => {
    const c = client();
    await c.login({
      kind: 'parent',
      email: fake.accounts.parent.email,
      password: fake.accounts.parent.password,
    });
    const account = await c.account();
    expect(account.pupils.map((p) => p.id)).toEqual(fake.accounts.parent.pupilIds);
  });

  it('a refused sign-in is a wrong-credentials error, not a network failure', async () => {
    await expect(
      client().login({ kind: 'student', code: 'NOPE1234', dateOfBirth: fake.accounts.student.dateOfBirth }),
    ).rejects.toMatchObject({ code: 'wrong-code' });
  });

  it("never uses Chromium's cookie jar or HTTP cache", async () => {
    await electronFetch(`${fake.url}/apiv2student/ping`, { method: 'POST' });
    expect(netRequestCalls.at(-1)).toMatchObject({
      credentials: 'omit',
      useSessionCookies: false,
      cache: 'no-store',
      method: 'POST',
    });
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

  it('gives a redirected API call back as a 3xx (the client reads it as an expired session)', async () => {
    const response = await electronFetch(`${fake.url}/student/login`, {
      method: 'POST',
      body: new URLSearchParams({
        _method: 'POST',
        code: fake.accounts.student.code,
        dob: fake.accounts.student.dateOfBirth,
      }),
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().join('\n')).toMatch(/_session_credentials=/);
  });

  it('rejects with a TypeError when the server is unreachable, and the client calls it a network error', async () => {
    await fake.down();
    try {
      await expect(electronFetch(`${fake.url}/apiv2student/ping`)).rejects.toBeInstanceOf(TypeError);
      await expect(
        client().login({
          kind: 'student',
          code: fake.accounts.student.code,
          dateOfBirth: fake.accounts.student.dateOfBirth,
        }),
      ).rejects.toBeInstanceOf(NetworkError);
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
