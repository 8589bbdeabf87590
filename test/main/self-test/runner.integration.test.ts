/**
 * Where the self-test signs in (main/self-test/runner.ts `signInTarget`): the fake that
 * CLASSCHARTS_BASE_URL names when unpackaged, else a stand-in on 127.0.0.1, never the real service.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeClassCharts, type FakeClassCharts } from '../../../dev/fake-classcharts/index';
import { apiFetch } from './helpers';

vi.mock('electron', () => import('../../mocks/electron'));

const { resetElectronMock } = await import('../../mocks/electron');
const { signInTarget } = await import('../../../main/self-test/runner');
const { checkApiSession } = await import('../../../main/self-test/checks/api-session');
const { DEMO_CREDENTIALS } = await import('../../../common/demo-accounts');

let fake: FakeClassCharts;

beforeAll(async () => {
  fake = await startFakeClassCharts({ port: 0 });
});
afterAll(() => fake.close());
beforeEach(() => resetElectronMock());

describe('signInTarget', () => {
  it('an unpackaged app with CLASSCHARTS_BASE_URL signs in to that server (the fake) as the demo student', async () => {
    const target = await signInTarget({
      env: { CLASSCHARTS_BASE_URL: fake.url },
      isPackaged: false,
    });
    expect(target).toMatchObject({ baseUrl: fake.url, credentials: DEMO_CREDENTIALS.student });
    const before = fake.requests.length;
    expect((await checkApiSession({ fetch: apiFetch(), target })).status).toBe('ok');
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(['/student/login', '/apiv2student/ping']);
  });

  it('a packaged app ignores CLASSCHARTS_BASE_URL and signs in to a stand-in on 127.0.0.1, never the real service', async () => {
    const target = await signInTarget({ env: { CLASSCHARTS_BASE_URL: fake.url }, isPackaged: true });
    try {
      expect(target.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(target.baseUrl).not.toBe(fake.url);
    } finally {
      await target.release();
    }
  });
});
