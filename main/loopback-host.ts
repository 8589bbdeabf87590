/**
 * The `Host` check every loopback server of the project makes (the preview, the fake ClassCharts, the
 * self-test's sign-in stand-in): a defence against DNS rebinding. A page on `attacker.example` can make its
 * own name resolve to 127.0.0.1 and then read whatever a server on this machine answers, because to the
 * browser it is the page's own origin; the request still says `Host: attacker.example:PORT`. Refusing
 * every name but this machine's own is the defence Vite's dev server adopted (`server.allowedHosts`,
 * GHSA-vg6x-rcgg-rjx6; vite.dev/config/server-options#server-allowedhosts). An IP address in `Host` cannot
 * be rebound (the page's origin then is that address), so a server listening beyond loopback on purpose
 * may accept any (`ipAddresses`). Node's `net` and `http` types only; no electron.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

/** Options of {@link isAllowedHost}. */
export interface AllowedHostOptions {
  /** Also accept any IPv4 or IPv6 address (a server bound to a LAN address on purpose). Default false. */
  ipAddresses?: boolean;
}

/** This machine's own names: the only ones a loopback server answers to by default. */
export const LOOPBACK_NAMES: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i;

/**
 * Whether an HTTP `Host` header names this server: `127.0.0.1`, `localhost` or `[::1]` (any case), or with
 * `ipAddresses` any IP address, followed by `:port` (or no port when `port` is 80, as RFC 9110 §7.2 allows).
 * `undefined`, an empty header, a different port, userinfo, a path or any other name is refused.
 */
export function isAllowedHost(
  host: string | undefined,
  port: number,
  options: AllowedHostOptions = {},
): boolean {
  const match = HOST_HEADER.exec(host ?? '');
  if (!match) return false;
  const name = (match[1] ?? '').toLowerCase();
  if (Number(match[2] ?? 80) !== port) return false;
  if (LOOPBACK_NAMES.includes(name)) return true;
  return options.ipAddresses === true && isIP(name.replace(/^\[(.*)\]$/, '$1')) !== 0;
}

/**
 * Whether a WebSocket's `Origin` header is a page this server served: `http://` and a host
 * {@link isAllowedHost} accepts. `undefined` (no Origin: not a browser page) is refused.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  port: number,
  options: AllowedHostOptions = {},
): boolean {
  if (origin === undefined || !origin.startsWith('http://')) return false;
  return isAllowedHost(origin.slice('http://'.length), port, options);
}

/** The plain-text answer to a refused `Host`: 403, as Vite answers it. */
export const REFUSED_HOST_BODY =
  'Blocked request: this server answers only to 127.0.0.1, localhost and [::1] (DNS-rebinding defence).';

/**
 * The check each loopback server makes first: when `request`'s `Host` is not one {@link isAllowedHost}
 * accepts, answers 403 with {@link REFUSED_HOST_BODY} and returns `true` (the request is done with);
 * otherwise returns `false` and leaves the response alone.
 */
export function refusedForeignHost(
  request: IncomingMessage,
  response: ServerResponse,
  port: number,
  options: AllowedHostOptions = {},
): boolean {
  if (isAllowedHost(request.headers.host, port, options)) return false;
  response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(REFUSED_HOST_BODY);
  return true;
}
