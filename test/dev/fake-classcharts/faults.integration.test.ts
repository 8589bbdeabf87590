// Test hooks of the fake: injected faults on the next N matching requests, down/up on the same port,
// latency that close() cuts short, and the request log.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_CREDENTIALS } from '../../../common/demo-accounts';
import {
  startFakeClassCharts,
  type FakeClassCharts,
  type FakeServerOptions,
} from '../../../dev/fake-classcharts/index';
import { call, loginStudent, obj, type TestSession } from '../../../dev/fake-classcharts/test-client';

let fake: FakeClassCharts | undefined;
async function start(options: FakeServerOptions = {}): Promise<{ f: FakeClassCharts; s: TestSession }> {
  fake = await startFakeClassCharts(options);
  return { f: fake, s: await loginStudent(fake) };
}
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A server with one request held by a `hang` fault; resolves once the server has that request. */
async function startHanging(): Promise<{ f: FakeClassCharts; pending: Promise<Response> }> {
  const { f, s } = await start();
  f.faults.inject({ path: '/apiv2student/timetable', kind: 'hang' });
  const count = f.requests.length;
  const pending = get(f, s);
  await vi.waitFor(() => expect(f.requests.length).toBe(count + 1));
  return { f, pending };
}

function get(f: FakeClassCharts, s: TestSession, path = '/apiv2student/timetable'): Promise<Response> {
  return fetch(`${f.url}${path}`, { headers: { authorization: `Basic ${s.token}`, cookie: s.cookie } });
}

describe('fault injection', () => {
  it('http-500 hits the next matching request only', async () => {
    const { f, s } = await start();
    f.faults.inject({ path: '/apiv2student/timetable', kind: 'http-500' });
    const other = await get(f, s, '/apiv2student/homeworks');
    expect(other.status).toBe(200);
    const failed = await get(f, s);
    expect(failed.status).toBe(500);
    expect(await failed.text()).toMatch(/<html/);
    expect((await get(f, s)).status).toBe(200);
  });

  it('count and RegExp: the next N requests whose path matches', async () => {
    const { f, s } = await start();
    f.faults.inject({ path: /^\/apiv2student\/(timetable|homeworks)/, kind: 'html', count: 2 });
    const first = await get(f, s, '/apiv2student/homeworks');
    const second = await get(f, s);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers.get('content-type')).toMatch(/text\/html/);
    expect(await second.text()).toMatch(/^<!DOCTYPE html>/);
    expect(obj((await call(f, '/apiv2student/homeworks', s)).body)['success']).toBe(1);
  });

  it('truncated-json sends the first half of the real answer', async () => {
    const { f, s } = await start();
    const whole = await (await get(f, s, '/apiv2student/detentions')).text();
    f.faults.inject({ path: '/apiv2student/detentions', kind: 'truncated-json' });
    const cut = await (await get(f, s, '/apiv2student/detentions')).text();
    expect(cut.length).toBeLessThan(whole.length);
    expect(whole.startsWith(cut)).toBe(true);
    expect(() => JSON.parse(cut)).toThrow();
  });

  it('expired answers the not-logged-in body to a valid token, once', async () => {
    const { f, s } = await start();
    f.faults.inject({ path: '/apiv2student/', kind: 'expired' });
    expect((await call(f, '/apiv2student/timetable', s)).body).toEqual({
      success: 0,
      expired: 1,
      error: 'You are not logged in. [1]',
      meta: [],
    });
    expect(obj((await call(f, '/apiv2student/timetable', s)).body)['success']).toBe(1);
  });

  it('reset drops the connection without an answer', async () => {
    const { f, s } = await start();
    f.faults.inject({ path: '/apiv2student/timetable', kind: 'reset' });
    await expect(get(f, s)).rejects.toThrow(/fetch failed/);
    expect(f.requests.at(-1)?.status).toBe(0);
    expect((await get(f, s)).status).toBe(200);
  });

  it('hang holds the request until clear(), which lets it be answered', async () => {
    const { f, pending } = await startHanging();
    expect(f.requests.at(-1)?.status).toBe(0);
    f.faults.clear();
    expect((await pending).status).toBe(200);
  });

  it('hang is ended by close()', async () => {
    const { f, pending } = await startHanging();
    await f.close();
    await expect(pending).rejects.toThrow(/fetch failed/);
  });

  it('clear() forgets faults not yet used', async () => {
    const { f, s } = await start();
    f.faults.inject({ path: '/', kind: 'http-500', count: 5 });
    f.faults.clear();
    expect((await get(f, s)).status).toBe(200);
  });
});

describe('down, up, latency', () => {
  it('down() refuses connections; up() serves again on the same URL with the same sessions', async () => {
    const { f, s } = await start();
    const url = f.url;
    await f.down();
    await expect(get(f, s)).rejects.toThrow(/fetch failed/);
    await f.up();
    expect(f.url).toBe(url);
    expect(obj((await call(f, '/apiv2student/timetable', s)).body)['success']).toBe(1);
  });

  it('a delayed answer still arrives, and close() ends one still waiting', async () => {
    const { f, s } = await start({ latencyMs: 5 });
    expect((await get(f, s)).status).toBe(200);
    const slow = await startFakeClassCharts({ latencyMs: 600_000 });
    const count = slow.requests.length;
    const pending = fetch(`${slow.url}/apiv2student/timetable`);
    await vi.waitFor(() => expect(slow.requests.length).toBe(count + 1));
    await slow.close();
    await expect(pending).rejects.toThrow(/fetch failed/);
  });
});

describe('request log', () => {
  it('records each request in order with method, path, query, headers, body and status', async () => {
    const { f, s } = await start();
    await call(f, '/apiv2student/activity?from=2026-06-01&last_id=42', s);
    await call(f, '/apiv2student/ping', s, {
      method: 'POST',
      body: new URLSearchParams({ include_data: 'true' }),
    });
    const [login, activity, ping] = f.requests.slice(-3);
    expect(login).toMatchObject({ method: 'POST', path: '/student/login', status: 302 });
    expect(login?.body).toContain(`code=${DEMO_CREDENTIALS.student.code}`);
    expect(activity).toMatchObject({
      method: 'GET',
      path: '/apiv2student/activity',
      query: { from: '2026-06-01', last_id: '42' },
      status: 200,
    });
    expect(activity?.headers['authorization']).toBe(`Basic ${s.token}`);
    expect(ping).toMatchObject({
      method: 'POST',
      path: '/apiv2student/ping',
      body: 'include_data=true',
      status: 200,
    });
    expect(typeof ping?.at).toBe('number');
  });
});
