/**
 * A tiny in-process stand-in for the ClassCharts sign-in, used by `--self-test` when there is no fake
 * server to talk to (the packaged app): it lets the self-test run the app's real client through Electron's
 * `net.request` and the API session's cookie jar (main/platform/net-fetch.ts) without touching the real
 * service. It answers exactly two requests, as the real service and the fake (dev/fake-classcharts) do:
 *
 * - `POST /student/login` with the form the client sends → `302 Location: /student/` with two
 *   `Set-Cookie`: `cc-session` and `student_session_credentials` (percent-encoded JSON holding the
 *   `session_id`), docs/classcharts-api.md §2.1. Electron hides these headers from the `redirect` event, so
 *   the client only gets the token if Chromium stored them in the session's jar.
 * - `POST /apiv2student/ping` → the envelope with `data.user` and a new `meta.session_id` (§2.5), but ONLY
 *   when the request carries both `Authorization: Basic <token from the cookie>` and the `cc-session`
 *   cookie back: Chromium attaches the jar's cookies (the client's own `Cookie` header is not forwarded),
 *   so a jar that lost them fails here with the service's "not logged in" answer.
 *
 * Anything else gets a 404, and a request whose `Host` is not this machine a 403 (DNS-rebinding defence,
 * main/loopback-host.ts). Binds 127.0.0.1 on a free port; nothing leaves the machine.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { refusedForeignHost } from '../loopback-host';

/** The made-up student the stand-in accepts (never a real account). */
export const STAND_IN_STUDENT = {
  kind: 'student',
  code: 'SELFTEST',
  dateOfBirth: '01/01/2012',
} as const;

/** One request the stand-in saw: method, path and whether the session came back with it. */
export interface StandInRequest {
  method: string;
  path: string;
  /** The `cc-session` cookie of the sign-in was sent back. */
  cookie: boolean;
  /** `Authorization: Basic <the sign-in's token>` was sent. */
  token: boolean;
}

/** A running stand-in. */
export interface SignInStandIn {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Every request seen, in order. */
  readonly requests: readonly StandInRequest[];
  /** Stops listening; resolves once closed. */
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function cookiesOf(req: IncomingMessage): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return cookies;
}

function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The student object of `/ping` `data.user` (the fields the client's schema reads). */
const STUDENT = {
  id: 1,
  name: 'Self Test',
  first_name: 'Self',
  last_name: 'Test',
  avatar_url: '',
  school_name: 'Self-test school',
  detention_alias_plural_uc: 'Detentions',
  display_behaviour: 1,
  display_homework: 1,
  display_timetable: 1,
  display_detentions: 1,
  display_announcements: 1,
  display_event_badges: 1,
  display_activity: 1,
  display_attendance: 1,
  display_attendance_percentage: 1,
  announcements_count: 0,
};

/**
 * Starts the stand-in on 127.0.0.1 (a free port). Resolves once it listens; rejects when it cannot bind.
 * Each sign-in issues a new random token and `cc-session`.
 */
export async function startSignInStandIn(): Promise<SignInStandIn> {
  const requests: StandInRequest[] = [];
  const issued = new Map<string, string>(); // token → cc-session
  let port = 0;
  const server = createServer((req, res) => {
    if (refusedForeignHost(req, res, port)) return;
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const cookies = cookiesOf(req);
      const auth = /^Basic (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      const session = auth !== undefined ? issued.get(auth) : undefined;
      const cookieBack = session !== undefined && cookies.get('cc-session') === session;
      requests.push({ method: req.method ?? '', path, cookie: cookieBack, token: session !== undefined });

      if (req.method === 'POST' && path === '/student/login') {
        const form = new URLSearchParams(body);
        if (form.get('code') !== STAND_IN_STUDENT.code || form.get('dob') !== STAND_IN_STUDENT.dateOfBirth) {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end('<!doctype html><title>Student log in</title><form method="post"></form>');
          return;
        }
        const token = randomBytes(16).toString('hex');
        const ccSession = randomBytes(20).toString('hex');
        issued.set(token, ccSession);
        const credentials = encodeURIComponent(JSON.stringify({ remember_me: true, session_id: token }));
        res.writeHead(302, {
          location: '/student/',
          'set-cookie': [
            `cc-session=${ccSession}; Max-Age=3600; path=/; HttpOnly`,
            `student_session_credentials=${credentials}; Max-Age=3600; path=/; HttpOnly`,
          ],
        });
        res.end();
        return;
      }
      if (req.method === 'POST' && path === '/apiv2student/ping') {
        if (!cookieBack) {
          json(res, { success: 0, error: 'You are not logged in', expired: 1 });
          return;
        }
        const next = randomBytes(16).toString('hex');
        issued.set(next, session);
        json(res, { success: 1, data: { user: STUDENT }, meta: { session_id: next, version: 'self-test' } });
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
