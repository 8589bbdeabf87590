/**
 * The `fetch` port on Electron's `net.request` (Chromium's network stack: system proxy, PAC, corporate
 * certificates — docs/design.md "Ports").
 *
 * Why not `net.fetch`: the client never follows redirects (the sign-in answers 302 with the session
 * cookie, docs/classcharts-api.md §2.1), and `net.fetch(url, { redirect: 'manual' })` does not hand back the
 * 3xx response — it rejects with "Redirect was cancelled" (electron/electron#43715, "working as documented":
 * in manual mode a redirect must be followed or the request is cancelled). `net.request` reports the
 * redirect as an event with its status and headers, which this adapter turns into the 3xx `Response` a
 * standard fetch gives with `redirect: 'manual'`, then aborts the request.
 *
 * Why a session cookie jar: the headers Electron gives the `redirect` event have no `Set-Cookie`
 * (Chromium filters them out of the redirect's response head; electron/electron#23865 and #26942, closed
 * unfixed), yet the sign-in's 302 is where the session cookies come from. Chromium does store them in the
 * request's session before it reports the redirect, so every request goes through a dedicated session
 * with `useSessionCookies`, and a redirect's answer gets its `Set-Cookie` lines back from that session's
 * jar. The session is in memory only (partition {@link API_SESSION_PARTITION}, no `persist:` prefix, HTTP
 * cache off) and requests are `cache: 'no-store'`: school data and session cookies never reach the disk.
 *
 * Trade-off: a second jar in memory that mirrors the client's own (main/classcharts/cookies.ts). The jar
 * is authoritative for what is sent (the client's `Cookie` header is not forwarded: Chromium attaches the
 * jar's cookies), and it is emptied whenever the client holds none — a request without a `Cookie` header
 * comes from a fresh client (first sign-in, after "Sign out"), so no cookie of an earlier session, or of
 * another account, goes with it.
 */
import type { ClientRequestConstructorOptions } from 'electron';
import { parseSetCookie } from 'set-cookie-parser';

/**
 * The name of the in-memory Electron session the API requests use (`session.fromPartition`). It has no
 * `persist:` prefix, so its cookies are never written to disk.
 */
export const API_SESSION_PARTITION = 'classcharts-api';

/** A cookie as a session's cookie store reports it (the fields of Electron's `Cookie` used here). */
export interface SessionCookie {
  name: string;
  /** The value exactly as the server sent it (still percent-encoded). */
  value: string;
  path?: string;
  /** When it expires, in seconds since the UNIX epoch (may have a fraction); absent for a session cookie. */
  expirationDate?: number;
}

/** The part of Electron's `Cookies` (a session's cookie store) used here. */
export interface CookieJarLike {
  /** The cookies that would be sent to `filter.url`. */
  get(filter: { url: string }): Promise<SessionCookie[]>;
  /** Removes the cookies named `name` that match `url`. */
  remove(url: string, name: string): Promise<void>;
}

/** The part of Electron's `Session` used here. */
export interface SessionLike {
  readonly cookies: CookieJarLike;
}

/** The part of Electron's `IncomingMessage` used here. Chunks are Buffers. */
export interface NetResponseLike {
  statusCode: number;
  headers: Record<string, string | string[]>;
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'aborted', listener: () => void): unknown;
}

/** The part of Electron's `ClientRequest` used here. */
export interface NetRequestLike {
  setHeader(name: string, value: string): void;
  on(
    event: 'redirect',
    listener: (
      statusCode: number,
      method: string,
      redirectUrl: string,
      headers: Record<string, string[]>,
    ) => void,
  ): unknown;
  on(event: 'response', listener: (response: NetResponseLike) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  write(chunk: Buffer): unknown;
  end(): unknown;
  abort(): void;
}

/** `net.request`'s options with the request's session (`S`: Electron's `Session`, or a test double). */
export type NetRequestOptions<S extends SessionLike> = Omit<ClientRequestConstructorOptions, 'session'> & {
  session: S;
};

/** `net.request`, narrowed to what is used. */
export type NetRequestFactory<S extends SessionLike> = (options: NetRequestOptions<S>) => NetRequestLike;

/** Statuses whose Response must have no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, one);
  }
  return headers;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

/** A `Set-Cookie` line for a cookie from the session's jar: its value exactly as stored. */
function setCookieLine(cookie: SessionCookie): string {
  let line = `${cookie.name}=${cookie.value}; Path=${cookie.path ?? '/'}`;
  if (cookie.expirationDate !== undefined)
    line += `; Expires=${new Date(cookie.expirationDate * 1000).toUTCString()}`;
  return line;
}

/** Adds the jar's cookies for `url` as `Set-Cookie` lines, except names the headers already set. */
async function addJarCookies(headers: Headers, jar: CookieJarLike, url: string): Promise<void> {
  const present = new Set(
    parseSetCookie(headers.getSetCookie(), { decodeValues: false, split: false }).map((c) => c.name),
  );
  for (const cookie of await jar.get({ url }))
    if (!present.has(cookie.name)) headers.append('set-cookie', setCookieLine(cookie));
}

/** Empties the jar for `url`: every cookie it would send there is removed. */
async function clearJar(jar: CookieJarLike, url: string): Promise<void> {
  const stale = await jar.get({ url });
  await Promise.all(stale.map((cookie) => jar.remove(url, cookie.name)));
}

/**
 * A standard `fetch` over `net.request`, every request in `session` (Electron: the in-memory session of
 * partition {@link API_SESSION_PARTITION}) with its cookies (`useSessionCookies`) and `cache: 'no-store'`.
 * Honours `method`, headers, body, `signal` and `redirect` ('manual' resolves with the 3xx response, its
 * headers plus one `Set-Cookie` per cookie the session holds for the URL; 'follow' lets Chromium follow;
 * 'error' rejects). A `Cookie` header is not sent as given: the session's jar supplies the cookies, and a
 * request without one first empties the jar for its URL. Rejects like fetch: a TypeError 'fetch failed'
 * for network failures and cookie-store failures (the cause attached), the signal's reason when aborted.
 */
export function createElectronFetch<S extends SessionLike>(
  netRequest: NetRequestFactory<S>,
  session: S,
): typeof fetch {
  const jar = session.cookies;
  return async (input, init) => {
    // A Request normalises URL objects, header shapes, the body and its Content-Type, as fetch would.
    const request = new Request(input instanceof URL ? input.href : input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : null;
    const signal = request.signal;
    if (signal.aborted) throw abortReason(signal);
    // A client holding no cookies is a fresh one: nothing of an earlier session may go with its request.
    if (!request.headers.has('cookie')) {
      try {
        await clearJar(jar, request.url);
      } catch (error) {
        throw fetchFailed(error);
      }
      if (signal.aborted) throw abortReason(signal);
    }

    return new Promise<Response>((resolve, reject) => {
      let settled = false;
      const settle = (action: () => void) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        action();
      };
      const client = netRequest({
        method: request.method,
        url: request.url,
        redirect: request.redirect,
        session,
        useSessionCookies: true,
        cache: 'no-store',
      });
      function onAbort(): void {
        settle(() => reject(abortReason(signal)));
        client.abort();
      }
      signal.addEventListener('abort', onAbort, { once: true });
      request.headers.forEach((value, name) => {
        if (name !== 'cookie') client.setHeader(name, value);
      });

      client.on('redirect', (statusCode, _method, redirectUrl, headers) => {
        // Electron emits `redirect` in 'follow' mode too and then follows by itself
        // (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb lib/common/api/net-client-request.ts
        // L494-L502): only 'manual' answers with the 3xx ('error' fails in Electron before emitting).
        if (request.redirect !== 'manual') return;
        // abort() now, inside the event: not following it; it keeps Electron from failing the request.
        client.abort();
        const responseHeaders = toHeaders(headers);
        if (!responseHeaders.has('location')) responseHeaders.set('location', redirectUrl);
        // Electron leaves Set-Cookie out of these headers; Chromium has put the cookies in the jar already.
        addJarCookies(responseHeaders, jar, request.url).then(
          () => settle(() => resolve(new Response(null, { status: statusCode, headers: responseHeaders }))),
          (error: unknown) => settle(() => reject(fetchFailed(error))),
        );
      });
      client.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', (error) => settle(() => reject(fetchFailed(error))));
        response.on('aborted', () => settle(() => reject(fetchFailed(new Error('response aborted')))));
        response.on('end', () =>
          settle(() => {
            const status = response.statusCode;
            if (status < 200 || status > 599) {
              reject(fetchFailed(new Error(`unexpected HTTP status ${status}`)));
              return;
            }
            const payload = NULL_BODY.has(status) ? null : Buffer.concat(chunks);
            resolve(new Response(payload, { status, headers: toHeaders(response.headers) }));
          }),
        );
      });
      client.on('error', (error) => settle(() => reject(fetchFailed(error))));

      if (body && body.length > 0) client.write(body);
      client.end();
    });
  };
}
