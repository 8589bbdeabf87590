/**
 * The `sign-in cookie` check of `--self-test`: the app's real client signs in through the API session's
 * fetch (Electron's `net` and the session's cookie jar) and is let back in with the cookie it got.
 */
import { ClassChartsClient, type Credentials } from '../../classcharts/client';
import { silentLogger, systemClock, type Clock } from '../../ports';
import { errorText } from '../../../common/errors';
import type { CheckResult } from '../report';

/** Where {@link checkApiSession} signs in: a server and the account it accepts. */
export interface SignInTarget {
  baseUrl: string;
  credentials: Credentials;
  /** For the line: `the fake at http://…` or `a stand-in on 127.0.0.1:…`. */
  label: string;
}

/**
 * Signs in with the app's real client (main/classcharts/client.ts) through `fetch` (the app's
 * `createElectronFetch` on the API session), then makes the one follow-up request the client makes (`/ping`,
 * which the server accepts only with the sign-in's cookie and token back). `ok` means the 302's
 * `Set-Cookie` reached the client through the session's jar and the jar sent it back; any error is `fail`.
 */
export async function checkApiSession(facts: {
  fetch: typeof fetch;
  target: SignInTarget;
  clock?: Clock;
  timeoutMs?: number;
}): Promise<CheckResult> {
  const name = 'sign-in cookie';
  const client = new ClassChartsClient({
    fetch: facts.fetch,
    baseUrl: facts.target.baseUrl,
    clock: facts.clock ?? systemClock,
    logger: silentLogger,
    timeoutMs: facts.timeoutMs ?? 10_000,
  });
  try {
    await client.login(facts.target.credentials);
    await client.account();
    return {
      status: 'ok',
      name,
      detail: `302 → session cookie → token, accepted back (${facts.target.label})`,
    };
  } catch (error) {
    return { status: 'fail', name, detail: `${errorText(error)} (${facts.target.label})` };
  } finally {
    client.signOut();
  }
}
