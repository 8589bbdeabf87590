// The client's `revive()` (issue 25 §3): a ping with the token held, or with the one a read was refused,
// before signing in again (skeffling/timetable-plus `extension/common.js` `ccRefreshSession`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassChartsClient } from '../../../main/classcharts/client';
import { SessionExpiredError } from '../../../main/classcharts/errors';
import { type FakeClassCharts, startFakeClassCharts } from '../../../dev/fake-classcharts/index';
import { clientOn, interceptFetch, jsonResponse } from './helpers';

let fake: FakeClassCharts;
beforeAll(async () => {
  fake = await startFakeClassCharts({ today: '2026-11-04' });
});
afterAll(async () => {
  await fake.close();
});

async function signedIn(fetchFn: typeof fetch = fetch): Promise<ClassChartsClient> {
  const c = clientOn(fake.url, fetchFn);
  await c.login({ kind: 'student', ...fake.accounts.student });
  return c;
}

describe('revive', () => {
  it('a read refused as expired while the token lives: the ping brings a new token', async () => {
    const c = await signedIn();
    fake.faults.inject({ path: '/apiv2student/timetable', kind: 'expired' });
    await expect(c.timetable('2026-11-04')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(c.hasSession()).toBe(false);
    expect(await c.revive()).toBe(true);
    expect(c.hasSession()).toBe(true);
    await expect(c.timetable('2026-11-04')).resolves.toBeInstanceOf(Array);
  });

  it('a token the service ended: the ping is refused, revive says false and forgets it', async () => {
    const c = await signedIn();
    fake.expireSessions();
    await expect(c.timetable('2026-11-04')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(await c.revive()).toBe(false);
    expect(await c.revive(), 'nothing left to try').toBeNull();
  });

  // Second read: a ping that answers without a new id would have kept the very token the read refused, and the
  // keeper would have retried with it for ever instead of signing in.
  it('a ping for a refused token that brings no new one renews nothing: false', async () => {
    const noNewId = interceptFetch(/\/apiv2student\/ping$/, () =>
      jsonResponse({ success: 1, data: { user: {} }, meta: { version: '28.7.1' } }),
    );
    const c = await signedIn(noNewId);
    fake.faults.inject({ path: '/apiv2student/timetable', kind: 'expired' });
    await expect(c.timetable('2026-11-04')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(await c.revive()).toBe(false);
    expect(c.hasSession()).toBe(false);
  });

  it('before any sign-in there is nothing to revive: null, nothing sent', async () => {
    const c = clientOn(fake.url);
    const mark = fake.requests.length;
    expect(await c.revive()).toBeNull();
    expect(fake.requests.length).toBe(mark);
  });
});
