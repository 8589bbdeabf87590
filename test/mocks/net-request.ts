/**
 * An emulation of Electron's `net.request` (ClientRequest) over node:http, for tests that must send real
 * loopback traffic through the Electron fetch adapter (main/platform/net-fetch.ts). It keeps the part of
 * Electron's contract that matters here (lib/common/api/net-client-request.ts,
 * shell/browser/api/electron_api_url_loader.cc, docs "Class: ClientRequest"):
 * - `redirect: 'manual'`: a 3xx emits `redirect(statusCode, method, redirectUrl, headers)` WITHOUT its
 *   `Set-Cookie` headers (Electron passes Chromium's filtered response head: electron/electron#23865,
 *   #26942); unless the listener calls `followRedirect()` or `abort()` right away, the request fails with
 *   "Redirect was cancelled" — which is why `net.fetch` cannot return a 3xx (electron/electron#43715);
 * - `redirect: 'follow'` also emits `redirect` (same arguments), then follows by itself unless the listener
 *   called `abort()`; `'error'` fails;
 * - the URL is `url`, or built from `protocol` (default `http:`), `host` or `hostname` (default
 *   `localhost`) and `port`, and `path` (default `/`), and `headers` are sent with those set by `setHeader`
 *   (net-client-request.ts `parseOptions`) — how electron-updater calls it (electronHttpExecutor.js);
 * - `response` gives an IncomingMessage, a Readable stream (it can be piped; net-client-request.ts
 *   `class IncomingMessage extends Readable`) with statusCode, statusMessage, lower-case headers with
 *   `set-cookie` as an array; `abort()` ends it all without an `error` (the response emits `close` only);
 * - backpressure: the response is fed only as it is read — while its buffer is full the socket is paused,
 *   as Electron's IncomingMessage holds back the URL loader's `resume` callback until `_read`
 *   (electron@04e39e24e6dc8e5f6eb728904c6d2eb6f96b5272 net-client-request.ts `_pushInternalData`), so a
 *   server sending a large body is held up once the socket buffers are full;
 * - a failure is an Error whose message is Chromium's net error name (`net::ERR_CONNECTION_REFUSED`), with
 *   no `code` (net-client-request.ts: `new Error(netErrorString)`); a connection that closes before the
 *   body is complete destroys the response with `net::ERR_CONTENT_LENGTH_MISMATCH` (chunked:
 *   `…INCOMPLETE_CHUNKED_ENCODING`) and fails the request with it too;
 * - cookies: with a `session` and `useSessionCookies: true` or `credentials: 'include'` (credentials, when
 *   given, decide), every response's `Set-Cookie` — redirects included, before the `redirect` event — goes
 *   into the session's jar, and the jar's cookies for the URL replace any `Cookie` header given. Otherwise
 *   no cookie is stored and only a given `Cookie` header is sent. No `session` means the default session,
 *   which this emulation does not model (it refuses cookie use without one).
 * Sessions come from {@link createEmulatedSession}: an in-memory RFC 6265 jar (tough-cookie) behind a
 * `cookies` object with Electron's `get({ url })` / `remove(url, name)`. It records the constructor options
 * so tests can check credentials, cache, session and cookie settings.
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import { Readable } from 'node:stream';
import type { ClientRequestConstructorOptions } from 'electron';
import { CookieJar } from 'tough-cookie';
import type {
  CookieJarLike,
  NetRequestLike,
  NetResponseLike,
  SessionCookie,
  SessionLike,
} from '../../main/platform/net-fetch';

/**
 * A session's cookie store as Electron's `Cookies` behaves for one host: cookies are kept as the server
 * set them (values untouched), expire, and match by path. `expirationDate` is in seconds since the epoch.
 */
export class EmulatedCookies implements CookieJarLike {
  private readonly jar = new CookieJar();

  /** Electron `cookies.get({ url })`: the cookies that would be sent to `url`, HttpOnly ones included. */
  async get(filter: { url: string }): Promise<SessionCookie[]> {
    const cookies = await this.jar.getCookies(filter.url);
    return cookies.map((cookie) => {
      const expires = cookie.expiryTime();
      return {
        name: cookie.key,
        value: cookie.value,
        ...(cookie.path ? { path: cookie.path } : {}),
        ...(expires !== undefined && Number.isFinite(expires) ? { expirationDate: expires / 1000 } : {}),
      };
    });
  }

  /** Electron `cookies.remove(url, name)`: removes the cookies named `name` that `url` would get. */
  async remove(url: string, name: string): Promise<void> {
    for (const cookie of await this.jar.getCookies(url))
      if (cookie.key === name && cookie.domain && cookie.path)
        await this.jar.store.removeCookie(cookie.domain, cookie.path, cookie.key);
  }

  /** What Chromium does with a response's `Set-Cookie` lines when the request uses session cookies. */
  async storeFrom(url: string, lines: readonly string[]): Promise<void> {
    for (const line of lines) await this.jar.setCookie(line, url, { ignoreError: true });
  }

  /** The `Cookie` header Chromium attaches for `url`, or `null` when the jar has nothing for it. */
  async header(url: string): Promise<string | null> {
    const header = await this.jar.getCookieString(url);
    return header === '' ? null : header;
  }
}

/** An emulated Electron `Session`: its partition, the options it was made with, and its cookie store. */
export interface EmulatedSession extends SessionLike {
  readonly partition: string;
  readonly options: { cache?: boolean };
  readonly cookies: EmulatedCookies;
}

/** A fresh emulated session (`session.fromPartition(partition, options)`), with an empty cookie jar. */
export function createEmulatedSession(partition = '', options: { cache?: boolean } = {}): EmulatedSession {
  return { partition, options, cookies: new EmulatedCookies() };
}

/** What the emulation accepts: `net.request`'s options with any session whose cookies are emulated. */
export type EmulatedRequestOptions = Omit<ClientRequestConstructorOptions, 'session'> & {
  session?: SessionLike;
};

/** Every `net.request` options object the emulation was given, in order. */
export const netRequestCalls: EmulatedRequestOptions[] = [];

/** The jar the request uses (Electron's rule: `credentials`, when given, decides over `useSessionCookies`). */
function jarOf(options: EmulatedRequestOptions): EmulatedCookies | null {
  const uses =
    options.credentials !== undefined ? options.credentials !== 'omit' : options.useSessionCookies === true;
  if (!uses) return null;
  const cookies = options.session?.cookies;
  if (!(cookies instanceof EmulatedCookies))
    throw new Error(
      'session cookies need a session from createEmulatedSession (the default one is not modelled)',
    );
  return cookies;
}

class EmulatedClientRequest extends EventEmitter implements NetRequestLike {
  private readonly headers: Record<string, string> = {};
  private readonly chunks: Buffer[] = [];
  private readonly jar: EmulatedCookies | null;
  private aborted = false;
  private current: http.ClientRequest | null = null;
  private followed = false;
  private response: Readable | null = null;

  constructor(private readonly options: EmulatedRequestOptions) {
    super();
    this.jar = jarOf(options);
  }

  setHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  write(chunk: Buffer): boolean {
    this.chunks.push(chunk);
    return true;
  }

  end(): this {
    const method = (this.options.method ?? 'GET').toUpperCase();
    void this.send(requestUrl(this.options), method, Buffer.concat(this.chunks));
    return this;
  }

  /**
   * As net-client-request.ts `abort()` / `_die()`: `abort` is emitted on the next tick, and a response
   * already given is destroyed (it emits `close`, no `end` and no `error`).
   */
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.current?.destroy();
    this.response?.destroy();
    process.nextTick(() => this.emit('abort'));
  }

  followRedirect(): void {
    this.followed = true;
  }

  private fail(error: unknown): void {
    if (!this.aborted) this.emit('error', error instanceof Error ? error : new Error(String(error)));
  }

  /** A system error of node:http as Chromium names it (net/base/net_error_list.h). */
  private failNet(error: NodeJS.ErrnoException): void {
    const names: Record<string, string> = {
      ECONNREFUSED: 'CONNECTION_REFUSED',
      ECONNRESET: 'CONNECTION_RESET',
      ENOTFOUND: 'NAME_NOT_RESOLVED',
      ETIMEDOUT: 'TIMED_OUT',
    };
    this.fail(new Error(`net::ERR_${names[error.code ?? ''] ?? 'FAILED'}`));
  }

  private async send(url: string, method: string, body: Buffer): Promise<void> {
    const given = Object.entries(this.options.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]);
    const headers = { ...Object.fromEntries(given), ...this.headers };
    if (this.jar) {
      try {
        const cookie = await this.jar.header(url);
        if (cookie !== null) headers['cookie'] = cookie;
      } catch (error) {
        this.fail(error);
        return;
      }
    }
    if (this.aborted) return;
    const request = http.request(url, { method, headers });
    this.current = request;
    request.on('error', (error) => this.failNet(error));
    request.on('response', (incoming) => {
      void this.receive(url, method, incoming).catch((error: unknown) => this.fail(error));
    });
    request.end(body.length > 0 ? body : undefined);
  }

  private async receive(url: string, method: string, incoming: http.IncomingMessage): Promise<void> {
    // Chromium stores the cookies before it reports the response or the redirect.
    await this.jar?.storeFrom(url, incoming.headers['set-cookie'] ?? []);
    if (this.aborted) {
      incoming.resume();
      return;
    }
    const status = incoming.statusCode ?? 0;
    const location = incoming.headers.location;
    if (status >= 300 && status < 400 && location) {
      incoming.resume();
      const target = new URL(location, url).href;
      const mode = this.options.redirect ?? 'follow';
      if (mode === 'error') {
        // net-client-request.ts, the 'redirect' handler's 'error' policy.
        this.fail(new Error("Attempted to redirect, but redirect policy was 'error'"));
        return;
      }
      const headers: Record<string, string[]> = {};
      for (const [name, value] of Object.entries(incoming.headers))
        if (value !== undefined && name !== 'set-cookie')
          headers[name] = Array.isArray(value) ? value : [value];
      this.followed = false;
      // Electron emits `redirect` in both modes (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb
      // lib/common/api/net-client-request.ts L476-L502): 'manual' fails the request unless the listener
      // calls followRedirect(); 'follow' follows whatever the listener does (followRedirect is a no-op),
      // unless it aborted.
      this.emit('redirect', status, method, target, headers);
      if (this.aborted) return;
      if (mode === 'manual' && !this.followed) {
        this.fail(new Error('Redirect was cancelled'));
        return;
      }
      await this.send(target, status === 307 || status === 308 ? method : 'GET', Buffer.alloc(0));
      return;
    }
    const response = Object.assign(new Readable({ read: () => incoming.resume() }), {
      statusCode: status,
      statusMessage: incoming.statusMessage ?? '',
      headers: incoming.headers as Record<string, string | string[]>,
    });
    this.response = response;
    this.emit('response', response as unknown as NetResponseLike);
    incoming.on('data', (chunk: Buffer) => {
      if (!this.aborted && !response.push(chunk)) incoming.pause();
    });
    incoming.on('end', () => !this.aborted && response.push(null));
    // The connection closing before the body is complete is a net error as Chromium names it
    // (net/http/http_stream_parser.cc DoReadBodyComplete: ERR_CONTENT_LENGTH_MISMATCH, or
    // ERR_INCOMPLETE_CHUNKED_ENCODING when chunked; without either, the close is the end), and Electron
    // destroys the response with it AND fails the request (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb
    // lib/common/api/net-client-request.ts `_urlLoader.on('error')`: `response.destroy(error)`, `_die(error)`).
    let cut = false;
    const onCut = () => {
      if (this.aborted || cut || incoming.complete) return;
      cut = true;
      const chunked = /chunked/i.test(String(incoming.headers['transfer-encoding'] ?? ''));
      const error = new Error(
        `net::ERR_${chunked ? 'INCOMPLETE_CHUNKED_ENCODING' : 'CONTENT_LENGTH_MISMATCH'}`,
      );
      response.destroy(error);
      this.fail(error);
    };
    incoming.on('error', onCut);
    incoming.on('close', onCut);
  }
}

/** The URL Electron requests for these options (net-client-request.ts `parseOptions`). */
function requestUrl(options: EmulatedRequestOptions): string {
  if (options.url) return options.url;
  const { protocol = 'http:', host, hostname = 'localhost', port, path = '/' } = options;
  return new URL(path, `${protocol}//${host ?? (port ? `${hostname}:${port}` : hostname)}`).href;
}

/**
 * `net.request` over node:http with Electron's redirect and session-cookie semantics; records its options.
 * @throws Error when asked to use session cookies without a session from {@link createEmulatedSession}.
 */
export function emulatedNetRequest(options: EmulatedRequestOptions): NetRequestLike {
  netRequestCalls.push(options);
  return new EmulatedClientRequest(options);
}
