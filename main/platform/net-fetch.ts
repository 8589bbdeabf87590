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
 * another account, goes with it. A request made without the session on purpose (an attachment fetched
 * with `credentials: 'omit'`, main/classcharts/transport.ts) is not a fresh client's: it leaves the jar as
 * it is, and Chromium neither sends nor stores cookies for it, so opening a homework file on the
 * service's own origin keeps the user signed in.
 *
 * Bodies stream: the `Response` is given at the `response` event, its body fed by the response's `data`
 * events with backpressure, so a reader with a cap (the transport's 50 MB attachments, 64 MB answers)
 * stops and aborts the request once it has read enough, instead of the whole body being held in memory.
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

/**
 * The part of Electron's `IncomingMessage` used here; chunks are Buffers. At run time it is a Node
 * `Readable` (electron@04e39e24e6dc8e5f6eb728904c6d2eb6f96b5272 lib/common/api/net-client-request.ts
 * `class IncomingMessage extends Readable`), though electron.d.ts types it as an event emitter with these
 * four events only: hence `pause` and `resume` are optional here. `pause()` stops the `data` events and,
 * once the stream's own buffer is full, the network (the URL loader's `resume` callback is held back until
 * the stream is read: `_storeInternalData`, `_pushInternalData`); `resume()` lets them flow again. Without
 * them, the body is queued as fast as it arrives.
 */
export interface NetResponseLike {
  statusCode: number;
  headers: Record<string, string | string[]>;
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'aborted', listener: () => void): unknown;
  pause?(): unknown;
  resume?(): unknown;
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
 * partition {@link API_SESSION_PARTITION}) and `cache: 'no-store'`. Honours `method`, headers, body,
 * `signal`, `redirect` ('manual' resolves with the 3xx response, its headers plus one `Set-Cookie` per
 * cookie the session holds for the URL; 'follow' lets Chromium follow; 'error' rejects) and `credentials`.
 *
 * Cookies: a request goes with the session's cookies (`useSessionCookies`), its `Cookie` header not sent
 * as given: the session's jar supplies the cookies, and a request without one first empties the jar for
 * its URL (a fresh client's). A request with `credentials: 'omit'` (a file fetched without the session)
 * leaves the jar alone: `net.request` gets `credentials: 'omit'`, so Chromium neither sends the session's
 * cookies nor stores the answer's (Electron docs "Class: ClientRequest" `credentials`: "If set to omit,
 * credentials will not be sent with the request"; electron@01262b11437dace61cd1858b55ed8bfe4daf5cc6
 * shell/common/api/electron_api_url_loader.cc `SimpleURLLoaderWrapper::Create`: a given `credentials` is the request's credentials mode and
 * `useSessionCookies` then has no effect; Chromium net/url_request/url_request.cc
 * `set_allow_credentials(false)` adds LOAD_DO_NOT_SAVE_COOKIES), and a redirect's answer gets no
 * `Set-Cookie` from the jar.
 *
 * The body streams: the promise resolves at the `response` event with a `ReadableStream` body fed by the
 * response's `data` events, about {@link BODY_QUEUE_BYTES} at most queued unread (past it the response is
 * paused: Electron's IncomingMessage then stops resuming Chromium's URL loader, so nothing more comes from
 * the network until the body is read; electron@04e39e24e6dc8e5f6eb728904c6d2eb6f96b5272
 * lib/common/api/net-client-request.ts `class IncomingMessage extends Readable`, `_pushInternalData`).
 * Cancelling the body aborts the request; a network failure, an abort of the request or the signal after
 * the response errors the body (a TypeError 'fetch failed' with the cause, or the signal's reason).
 *
 * Rejects like fetch: a TypeError 'fetch failed' for network failures, a status outside 200–599 and
 * cookie-store failures (the cause attached), the signal's reason when aborted.
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
    const omitCredentials = request.credentials === 'omit';
    // A client holding no cookies is a fresh one: nothing of an earlier session may go with its request.
    if (!omitCredentials && !request.headers.has('cookie')) {
      try {
        await clearJar(jar, request.url);
      } catch (error) {
        throw fetchFailed(error);
      }
      if (signal.aborted) throw abortReason(signal);
    }

    return new Promise<Response>((resolve, reject) => {
      /** The promise is settled (resolved with the response, or rejected). */
      let settled = false;
      /** What fails the body once the promise resolved with it; `null` before, and for no body. */
      let failBody: ((error: unknown) => void) | null = null;
      /** Stops watching the signal: the promise was rejected, or the body ended, failed or was cancelled. */
      const finish = () => signal.removeEventListener('abort', onAbort);
      const fail = (error: unknown) => {
        if (!settled) {
          settled = true;
          finish();
          reject(error);
        } else failBody?.(error);
      };
      /** Resolves with a response that has no body to read: nothing more is wanted of the request. */
      const succeed = (response: Response) => {
        if (settled) return;
        settled = true;
        finish();
        resolve(response);
      };
      const client = netRequest({
        method: request.method,
        url: request.url,
        redirect: request.redirect,
        session,
        // With `credentials` given, it decides and `useSessionCookies` has no effect (see above).
        useSessionCookies: true,
        ...(omitCredentials ? { credentials: 'omit' as const } : {}),
        cache: 'no-store',
      });
      function onAbort(): void {
        fail(abortReason(signal));
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
        const answer = () => succeed(new Response(null, { status: statusCode, headers: responseHeaders }));
        // Without credentials the session's cookies are none of this request's business.
        if (omitCredentials) return answer();
        // Electron leaves Set-Cookie out of these headers; Chromium has put the cookies in the jar already.
        addJarCookies(responseHeaders, jar, request.url).then(answer, (error: unknown) =>
          fail(fetchFailed(error)),
        );
      });
      client.on('response', (response) => {
        if (settled) return;
        const status = response.statusCode;
        if (status < 200 || status > 599) {
          fail(fetchFailed(new Error(`unexpected HTTP status ${status}`)));
          client.abort();
          return;
        }
        const headers = toHeaders(response.headers);
        if (NULL_BODY.has(status)) {
          // No body to read (the Response constructor refuses one).
          succeed(new Response(null, { status, headers }));
          client.abort();
          return;
        }
        const stream = streamBody(response, () => {
          finish();
          client.abort();
        });
        failBody = (error) => {
          finish();
          stream.fail(error);
        };
        stream.onDone(finish);
        settled = true;
        resolve(new Response(stream.body, { status, headers }));
      });
      client.on('error', (error) => fail(fetchFailed(error)));

      if (body && body.length > 0) client.write(body);
      client.end();
    });
  };
}

/**
 * Bytes of a response body queued unread before the response is paused (backpressure): 1 MiB, enough that
 * a reader rarely waits for the network, small against the 50 MB attachment cap.
 */
export const BODY_QUEUE_BYTES = 1_048_576;

/** A response body as a stream: `fail` errors it (once), `onDone` is told when it ended or failed. */
interface StreamedBody {
  body: ReadableStream<Uint8Array>;
  fail(error: unknown): void;
  onDone(listener: () => void): void;
}

/**
 * `response`'s body as a `ReadableStream`: chunks as they come, the response paused while
 * {@link BODY_QUEUE_BYTES} or more wait unread and resumed when the reader asks for more. `cancel` (the
 * reader cancelled) is called once, and the stream then ignores the response. A response `error` or
 * `aborted` errors the stream with a TypeError 'fetch failed' (when the URL loader fails after the
 * response started, Electron destroys the response with the error: net-client-request.ts
 * `_urlLoader.on('error')`). An abort of the request destroys the response without an error (`_die`), and
 * only this adapter aborts it: it has ended or failed the stream itself by then.
 */
function streamBody(response: NetResponseLike, cancel: () => void): StreamedBody {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let done = false;
  let onDone: () => void = () => undefined;
  const end = (action: () => void) => {
    if (done) return;
    done = true;
    action();
    onDone();
  };
  const fail = (error: unknown) => end(() => controller.error(error));
  const body = new ReadableStream<Uint8Array>(
    {
      start: (c) => {
        controller = c;
      },
      pull: () => {
        if (!done) response.resume?.();
      },
      cancel: () => {
        if (done) return;
        done = true;
        cancel();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: BODY_QUEUE_BYTES }),
  );
  response.on('data', (chunk) => {
    if (done) return;
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) response.pause?.();
  });
  response.on('end', () => end(() => controller.close()));
  response.on('error', (error) => fail(fetchFailed(error)));
  response.on('aborted', () => fail(fetchFailed(new Error('response aborted'))));
  return {
    body,
    fail,
    onDone: (listener) => {
      onDone = listener;
    },
  };
}
