// Test doubles for the client tests: a logger that records every entry (to prove no secret is logged),
// fetch wrappers that reshape answers, and a client on a fake's URL. The fake clock: test/support/clock.ts.
import { expect } from 'vitest';
import { ClassChartsClient } from '../../../main/classcharts/client';
import { ClassChartsError } from '../../../main/classcharts/errors';
import { type Logger, systemClock } from '../../../main/ports';

/** A logger keeping every entry; `text()` is everything logged, for secret checks. */
export function recordingLogger(): Logger & {
  entries: { level: string; message: string; fields?: unknown }[];
  text(): string;
} {
  const entries: { level: string; message: string; fields?: unknown }[] = [];
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    entries.push({ level, message, fields });
  };
  return {
    entries,
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    text: () => JSON.stringify(entries),
  };
}

/** A JSON answer as the service sends it (HTTP 200 unless told). */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The URL path of a fetch input. */
export function pathOf(input: Parameters<typeof fetch>[0]): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url).pathname;
}

/**
 * Wraps fetch so that every answer exposes its cookies only as ONE joined `set-cookie` string, as
 * Electron's `net.fetch` does (toolchain notes): `getSetCookie()` then returns that single string.
 */
export function joinedSetCookieFetch(inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const headers = new Headers();
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers.set(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) headers.set('set-cookie', cookies.join(', '));
    const body = [101, 204, 205, 304].includes(response.status) ? null : await response.arrayBuffer();
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}

/**
 * Wraps fetch so that requests whose path matches `path` get `answer()` instead of reaching the server
 * (the rest go through to `inner`).
 */
export function interceptFetch(
  path: RegExp,
  answer: () => Response,
  inner: typeof fetch = fetch,
): typeof fetch {
  return async (input, init) => (path.test(pathOf(input)) ? answer() : inner(input, init));
}

/** The rejection of a promise, a ClassChartsError (fails the test if it resolves or rejects otherwise). */
export async function failure(promise: Promise<unknown>): Promise<ClassChartsError> {
  const result = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(result).toBeInstanceOf(ClassChartsError);
  return result as ClassChartsError;
}

/** A client on `baseUrl` (a fake's URL) with `fetchFn` (default Node's fetch), the system clock and `logger`. */
export function clientOn(
  baseUrl: string,
  fetchFn: typeof fetch = fetch,
  logger: Logger = recordingLogger(),
): ClassChartsClient {
  return new ClassChartsClient({ fetch: fetchFn, baseUrl, clock: systemClock, logger });
}
