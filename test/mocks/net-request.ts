/**
 * An emulation of Electron's `net.request` (ClientRequest) over node:http, for tests that must send real
 * loopback traffic through the Electron fetch adapter (main/platform/net-fetch.ts). It keeps the part of
 * Electron's contract that matters here (lib/common/api/net-client-request.ts, docs "Class: ClientRequest"):
 * - `redirect: 'manual'`: a 3xx emits `redirect(statusCode, method, redirectUrl, headers)`; unless the
 *   listener calls `followRedirect()` or `abort()` right away, the request fails with
 *   "Redirect was cancelled" — which is why `net.fetch` cannot return a 3xx (electron/electron#43715);
 * - `redirect: 'follow'` follows by itself; `'error'` fails;
 * - `response` gives an IncomingMessage-like object (statusCode, lower-case headers with `set-cookie` as an
 *   array, `data`/`end`/`error`/`aborted` events); `abort()` ends it all without an `error`.
 * It records the constructor options so tests can check credentials, cache and cookie settings.
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { ClientRequestConstructorOptions } from 'electron';
import type { NetRequestLike, NetResponseLike } from '../../main/platform/net-fetch';

/** Every `net.request` options object the emulation was given, in order. */
export const netRequestCalls: ClientRequestConstructorOptions[] = [];

class EmulatedClientRequest extends EventEmitter implements NetRequestLike {
  private readonly headers: Record<string, string> = {};
  private readonly chunks: Buffer[] = [];
  private aborted = false;
  private current: http.ClientRequest | null = null;
  private followed = false;

  constructor(private readonly options: ClientRequestConstructorOptions) {
    super();
  }

  setHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  write(chunk: Buffer): boolean {
    this.chunks.push(chunk);
    return true;
  }

  end(): this {
    this.send(this.options.url ?? '', this.options.method ?? 'GET', Buffer.concat(this.chunks));
    return this;
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.current?.destroy();
    this.emit('abort');
  }

  followRedirect(): void {
    this.followed = true;
  }

  private send(url: string, method: string, body: Buffer): void {
    const request = http.request(url, { method, headers: this.headers });
    this.current = request;
    request.on('error', (error) => {
      if (!this.aborted) this.emit('error', error);
    });
    request.on('response', (incoming) => {
      if (this.aborted) return;
      const status = incoming.statusCode ?? 0;
      const location = incoming.headers.location;
      if (status >= 300 && status < 400 && location) {
        incoming.resume();
        const target = new URL(location, url).href;
        const mode = this.options.redirect ?? 'follow';
        if (mode === 'error') {
          this.emit('error', new Error('Request cannot follow redirect with the current redirect mode'));
          return;
        }
        if (mode === 'manual') {
          this.followed = false;
          const headers: Record<string, string[]> = {};
          for (const [name, value] of Object.entries(incoming.headers))
            if (value !== undefined) headers[name] = Array.isArray(value) ? value : [value];
          this.emit('redirect', status, method, target, headers);
          if (this.aborted) return;
          if (!this.followed) {
            this.emit('error', new Error('Redirect was cancelled'));
            return;
          }
        }
        this.send(target, status === 307 || status === 308 ? method : 'GET', Buffer.alloc(0));
        return;
      }
      const response = Object.assign(new EventEmitter(), {
        statusCode: status,
        headers: incoming.headers as Record<string, string | string[]>,
      });
      this.emit('response', response as unknown as NetResponseLike);
      incoming.on('data', (chunk: Buffer) => !this.aborted && response.emit('data', chunk));
      incoming.on('end', () => !this.aborted && response.emit('end'));
      incoming.on('error', (error) => !this.aborted && response.emit('error', error));
    });
    request.end(body.length > 0 ? body : undefined);
  }
}

/** `net.request` over node:http with Electron's redirect semantics; records its options. */
export function emulatedNetRequest(options: ClientRequestConstructorOptions): NetRequestLike {
  netRequestCalls.push(options);
  return new EmulatedClientRequest(options);
}
