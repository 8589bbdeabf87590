/**
 * The `fetch` port on Electron's `net.request` (Chromium's network stack: system proxy, PAC, corporate
 * certificates — architecture.md "Ports").
 *
 * Why not `net.fetch`: the client never follows redirects (the sign-in answers 302 with the session
 * cookie, field notes §2.1), and `net.fetch(url, { redirect: 'manual' })` does not hand back the 3xx
 * response — it rejects with "Redirect was cancelled" (electron/electron#43715, "working as documented":
 * in manual mode a redirect must be followed or the request is cancelled). `net.request` reports the
 * redirect as an event with its status and headers, which this adapter turns into the 3xx `Response` a
 * standard fetch gives with `redirect: 'manual'`, then aborts the request.
 *
 * Always `credentials: 'omit'` / `useSessionCookies: false` (the core keeps the session cookies itself,
 * main/classcharts/cookies.ts; a second, hidden jar would outlive "Sign out") and `cache: 'no-store'`
 * (school data must not land unencrypted in Chromium's HTTP cache).
 */
import type { ClientRequestConstructorOptions } from 'electron';

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

/** `net.request`, narrowed to what is used. */
export type NetRequestFactory = (options: ClientRequestConstructorOptions) => NetRequestLike;

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

/**
 * A standard `fetch` over `net.request`. Honours `method`, headers, body, `signal` and `redirect`
 * ('manual' resolves with the 3xx response and its headers, e.g. several `Set-Cookie`; 'follow' lets
 * Chromium follow; 'error' rejects). Rejects like fetch: a TypeError for network failures (the cause
 * attached), the signal's reason when aborted.
 */
export function createElectronFetch(netRequest: NetRequestFactory): typeof fetch {
  return async (input, init) => {
    // A Request normalises URL objects, header shapes, the body and its Content-Type, as fetch would.
    const request = new Request(input instanceof URL ? input.href : input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : null;
    const signal = request.signal;
    if (signal.aborted) throw abortReason(signal);

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
        credentials: 'omit',
        useSessionCookies: false,
        cache: 'no-store',
      });
      function onAbort(): void {
        settle(() => reject(abortReason(signal)));
        client.abort();
      }
      signal.addEventListener('abort', onAbort, { once: true });
      request.headers.forEach((value, name) => client.setHeader(name, value));

      client.on('redirect', (statusCode, _method, redirectUrl, headers) => {
        // Only reached with redirect 'manual' (Chromium follows by itself otherwise): answer with the 3xx.
        const responseHeaders = toHeaders(headers);
        if (!responseHeaders.has('location')) responseHeaders.set('location', redirectUrl);
        settle(() => resolve(new Response(null, { status: statusCode, headers: responseHeaders })));
        client.abort(); // not following it; abort() keeps Electron from failing the request
      });
      client.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', (error) =>
          settle(() => reject(new TypeError('fetch failed', { cause: error }))),
        );
        response.on('aborted', () =>
          settle(() => reject(new TypeError('fetch failed', { cause: new Error('response aborted') }))),
        );
        response.on('end', () =>
          settle(() => {
            const status = response.statusCode;
            if (status < 200 || status > 599) {
              reject(new TypeError('fetch failed', { cause: new Error(`unexpected HTTP status ${status}`) }));
              return;
            }
            const payload = NULL_BODY.has(status) ? null : Buffer.concat(chunks);
            resolve(new Response(payload, { status, headers: toHeaders(response.headers) }));
          }),
        );
      });
      client.on('error', (error) => settle(() => reject(new TypeError('fetch failed', { cause: error }))));

      if (body && body.length > 0) client.write(body);
      client.end();
    });
  };
}
