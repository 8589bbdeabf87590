/**
 * The `sign-in cookie` check (main/self-test/checks/api-session.ts) against the stand-in
 * (main/self-test/stand-in-server.ts): the 302's cookie reaches the client through the API session's jar
 * and goes back; a jar that loses it, or does not send it back, fails.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../helpers';

vi.mock('electron', () => import('../../../mocks/electron'));

const { resetElectronMock, session } = await import('../../../mocks/electron');
const { checkApiSession } = await import('../../../../main/self-test/checks/api-session');
const { startSignInStandIn, STAND_IN_STUDENT } = await import('../../../../main/self-test/stand-in-server');
const { API_SESSION_PARTITION } = await import('../../../../main/platform/net-fetch');

beforeEach(() => resetElectronMock());

describe('sign-in cookie (the API session)', () => {
  /** Signs in to a new stand-in through the API session's fetch (`apiFetch`); the stand-in is closed after. */
  async function signInToStandIn() {
    const standIn = await startSignInStandIn();
    try {
      const result = await checkApiSession({
        fetch: apiFetch(),
        target: { baseUrl: standIn.url, credentials: { ...STAND_IN_STUDENT }, label: 'stand-in' },
      });
      return { result, requests: standIn.requests };
    } finally {
      await standIn.close();
    }
  }
  const apiSession = () => session.fromPartition(API_SESSION_PARTITION, { cache: false });

  it('signs in to the stand-in through the API session: the 302 cookie reaches the client and goes back', async () => {
    const { result, requests } = await signInToStandIn();
    expect(result).toEqual({
      status: 'ok',
      name: 'sign-in cookie',
      detail: '302 → session cookie → token, accepted back (stand-in)',
    });
    expect(requests).toEqual([
      { method: 'POST', path: '/student/login', cookie: false, token: false },
      { method: 'POST', path: '/apiv2student/ping', cookie: true, token: true },
    ]);
  });

  it('fails when the session jar loses the 302 cookie (the Electron redirect hides Set-Cookie)', async () => {
    // A jar that keeps nothing: what the client would see if Chromium did not store the redirect's cookies.
    vi.spyOn(apiSession().cookies, 'storeFrom').mockResolvedValue(undefined);
    const { result } = await signInToStandIn();
    expect(result.status).toBe('fail');
    expect(result.detail).toMatch(/WrongCredentials|credentials|refused/i);
  });

  it('fails when the session jar keeps the cookie but does not send it back with the next request', async () => {
    // Chromium attaches the jar's cookies, not the client's header: a jar that attaches none loses the session.
    vi.spyOn(apiSession().cookies, 'header').mockResolvedValue(null);
    const { result, requests } = await signInToStandIn();
    expect(result.status).toBe('fail');
    expect(result.detail).toMatch(/not logged in/);
    expect(requests.at(-1)).toMatchObject({ path: '/apiv2student/ping', cookie: false, token: true });
  });
});
