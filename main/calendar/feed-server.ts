/**
 * The calendar feed's loopback server (issue 28 §2): `http://127.0.0.1:PORT/<secret>/calendar.ics` (and
 * `/<secret>/<pupilId>/calendar.ics` for a parent's per-child calendars), which calendar apps on this
 * computer subscribe to. It listens on 127.0.0.1 only, obeys the Host rules of every loopback server of
 * ours (../loopback-host.ts: any other name is refused with 403, a defence against DNS rebinding), and
 * answers nothing but `GET` and `HEAD` of those paths: everything else, a wrong secret included, is 404.
 * A right path whose feed is not built yet answers 503 with `Retry-After`.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { refusedForeignHost } from '../loopback-host';
import { FEED_FILE_NAME } from './feed-targets';

/** What the server answers from; read at each request, so a renewed secret or a new feed applies at once. */
export interface FeedSource {
  /** The URL's secret now (base64url). */
  secret(): string;
  /**
   * The feed's text for a calendar (`null`: the one calendar of a student or a family; else a child's), or
   * `undefined` when this calendar is not kept (404) or `null` when it is but not built yet (503).
   */
  feed(pupilId: number | null): string | null | undefined;
}

/** A running feed server. */
export interface FeedServer {
  /** The port it listens on (127.0.0.1). */
  readonly port: number;
  /** Stops listening and closes every connection at once; resolves when closed. */
  close(): Promise<void>;
}

/** How long a calendar app is asked to wait (s) when the feed is not built yet. */
const RETRY_AFTER_SECONDS = 60;

/**
 * Starts the server on `preferredPort` (the one kept from an earlier run) or, when that is `null`, taken
 * (`EADDRINUSE`) or not allowed (`EACCES`), on a free port the system picks. `moved` says the preferred
 * port could not be had.
 * @throws what `listen` throws for any other reason.
 */
export async function startFeedServer(
  source: FeedSource,
  preferredPort: number | null,
): Promise<{ server: FeedServer; moved: boolean }> {
  let port = 0;
  const server = createServer((request, response) => {
    if (refusedForeignHost(request, response, port)) return;
    answer(source, request, response);
  });
  let moved = false;
  if (preferredPort !== null) {
    try {
      await listen(server, preferredPort);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
      moved = true;
    }
  }
  if (preferredPort === null || moved) await listen(server, 0);
  port = (server.address() as AddressInfo).port;
  return {
    moved,
    server: {
      port,
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    },
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (error: Error): void => reject(error);
    server.once('error', failed);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/** `/<secret>/calendar.ics` or `/<secret>/<pupilId>/calendar.ics` (a query is ignored). */
const FEED_PATH = new RegExp(`^/([A-Za-z0-9_-]{16,128})(?:/([1-9][0-9]{0,15}))?/${FEED_FILE_NAME}$`);

function answer(source: FeedSource, request: IncomingMessage, response: ServerResponse): void {
  const notFound = (): void => {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    response.end('Not found.');
  };
  const match = FEED_PATH.exec((request.url ?? '').split('?')[0] ?? '');
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !match || !sameSecret(match[1]!, source))
    return notFound();
  const text = source.feed(match[2] === undefined ? null : Number(match[2]));
  if (text === undefined) return notFound();
  if (text === null) {
    response.writeHead(503, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(RETRY_AFTER_SECONDS),
    });
    response.end('The calendar is being prepared. Try again in a minute.');
    return;
  }
  const body = Buffer.from(text, 'utf8');
  response.writeHead(200, {
    'content-type': 'text/calendar; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': body.length,
    'x-content-type-options': 'nosniff',
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** Compares the secret in the path with the secret now, in constant time. */
function sameSecret(given: string, source: FeedSource): boolean {
  const expected = Buffer.from(source.secret(), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
