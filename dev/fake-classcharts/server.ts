/**
 * The fake ClassCharts HTTP server on node:http: request log, fault injection, latency, down/up, and the
 * lifecycle of {@link FakeClassCharts}. What each path answers lives in ./routes.ts and ./api.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { londonDate } from '../../common/dates';
import { LOOPBACK_NAMES, refusedForeignHost } from '../../main/loopback-host';
import * as api from './api';
import { loadDatasetFile } from './data-file';
import { generateDataset } from './dataset';
import {
  htmlPage,
  htmlReply,
  jsonReply,
  parseCookieHeader,
  parseFormBody,
  phpJson,
  readBody,
  type Reply,
} from './http-util';
import type { FakeClassCharts, FakeServerOptions, FaultKind, RecordedRequest } from './index';
import { route, type RouterState } from './routes';
import { SessionStore } from './sessions';
import type { FakeDataset } from './types';

interface PendingFault {
  path: string | RegExp;
  kind: FaultKind;
  remaining: number;
}

/** A request held by a `hang` fault: `release` lets it be answered, `abort` ends it unanswered. */
interface HeldRequest {
  release(): void;
  abort(): void;
}

type BareRefusal = 'unauthorized' | 'unauthenticated' | 'forbidden' | 'page-expired' | 'challenge';

/** The answers of the faults that refuse a request without the JSON envelope (./index.ts `FaultKind`). */
const BARE_REFUSALS: Record<BareRefusal, () => Reply> = {
  unauthorized: () => htmlReply(htmlPage('Unauthorized', '<h1>401 Unauthorized</h1>'), 401),
  unauthenticated: () => jsonReply({ message: 'Unauthenticated.' }, 401),
  forbidden: () => htmlReply(htmlPage('Forbidden', '<h1>403 Forbidden</h1>'), 403),
  'page-expired': () => htmlReply(htmlPage('Page Expired', '<h1>419</h1><p>Page Expired</p>'), 419),
  challenge: () => htmlReply(CHALLENGE_PAGE, 403, { 'cf-mitigated': 'challenge' }),
};

function matches(pattern: string | RegExp, path: string): boolean {
  return typeof pattern === 'string' ? path.startsWith(pattern) : pattern.test(path);
}

function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * The real service's session token lifetime: "needs to be renewed every 180 seconds"
 * (classchartsapi/api-docs-legacy@eda371fba5 source/index.html.md, "Authentication"); every public client
 * renews before it (classcharts-api-js 65ae5d4 src/core/baseClient.ts: 175 s; classuncharted-macos: 170 s).
 */
export const SESSION_TTL_SECONDS = 180;

const SERVER_ERROR_PAGE = htmlPage(
  'Server error',
  '<h1>500</h1><p>Whoops, looks like something went wrong.</p>',
);
const CHALLENGE_PAGE = htmlPage(
  'Just a moment...',
  '<noscript>Please enable JavaScript and cookies to continue.</noscript>',
);

/** Faults waiting for their requests (./index.ts `faults.inject`), and the requests a `hang` holds. */
class FaultQueue {
  private pending: PendingFault[] = [];
  private readonly held = new Set<HeldRequest>();

  inject(path: string | RegExp, kind: FaultKind, count: number): void {
    this.pending.push({ path, kind, remaining: count });
  }

  /** The fault for a request to `path`, if one waits for it (each counts down its `remaining`). */
  take(path: string): FaultKind | undefined {
    const fault = this.pending.find((f) => matches(f.path, path));
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.pending = this.pending.filter((f) => f !== fault);
    return fault.kind;
  }

  /** Resolves true when released by {@link clear}, false when the request or the server ended. */
  hold(req: IncomingMessage): Promise<boolean> {
    return new Promise((resolve) => {
      const finish = (released: boolean): void => {
        this.held.delete(entry);
        req.socket.off('close', entry.abort);
        resolve(released);
      };
      const entry: HeldRequest = { release: () => finish(true), abort: () => finish(false) };
      this.held.add(entry);
      req.socket.once('close', entry.abort);
    });
  }

  /** Forgets every waiting fault and lets every held request be answered. */
  clear(): void {
    this.pending = [];
    for (const entry of [...this.held]) entry.release();
  }

  /** Ends every held request unanswered (the server goes down). */
  abortHeld(): void {
    for (const entry of [...this.held]) entry.abort();
  }
}

/** The latency waits in progress, ended all at once when the server goes down. */
class Delays {
  private readonly timers = new Set<{ timer: NodeJS.Timeout; done: (answered: boolean) => void }>();

  /** Resolves true after `ms`, false if the server goes down first. */
  wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.timers.delete(entry);
          resolve(true);
        }, ms),
        done: (answered: boolean) => resolve(answered),
      };
      this.timers.add(entry);
    });
  }

  endAll(): void {
    for (const entry of [...this.timers]) {
      clearTimeout(entry.timer);
      this.timers.delete(entry);
      entry.done(false);
    }
  }
}

/** What {@link handle} answers a request with: the router's state, the options, the faults and the log. */
interface HandlerContext {
  state: RouterState;
  options: FakeServerOptions;
  clock: () => number;
  /** Extra delay before each answer, ms (`options.latencyMs`). */
  latencyMs: number;
  faults: FaultQueue;
  delays: Delays;
  requests: RecordedRequest[];
  /** The port listened on (0 until listening). */
  port(): number;
  /** DNS-rebinding defence (main/loopback-host.ts) as `refusedForeignHost` takes it. */
  hostOptions: { ipAddresses: boolean };
}

/** The router's state for `dataset` and the server's options (./routes.ts). */
function routerState(
  options: FakeServerOptions,
  dataset: FakeDataset,
  clock: () => number,
  today: () => string,
  baseUrl: () => string,
): RouterState {
  const ttlSeconds = options.sessionTtlSeconds ?? SESSION_TTL_SECONDS;
  // Default grace = the TTL: the published JS client keeps using the token its first login ping already
  // rotated, and works against the real service, so the real service cannot retire it within seconds.
  const sessions = new SessionStore(
    clock,
    ttlSeconds * 1000,
    (options.renewalGraceSeconds ?? ttlSeconds) * 1000,
    (options.staleTokenRenewsSeconds ?? 0) * 1000,
  );
  return {
    dataset,
    sessions,
    ccSessions: new Set(),
    baseUrl,
    today,
    now: clock,
    parentCookieName: options.parentCookieName ?? 'parent_session_credentials',
    expiredStatus: options.expiredStatus ?? 200,
    tesSso: options.tesSso ?? false,
    parentNeedsPing: options.parentNeedsPing ?? false,
    timetableByDate: options.timetableByDate ?? false,
    periodNames: options.periodNames ?? 'number',
    activated: new Set(),
  };
}

async function answer(
  state: RouterState,
  req: IncomingMessage,
  record: RecordedRequest,
  body: Buffer,
  url: URL,
): Promise<Reply> {
  return route(state, {
    method: record.method,
    rawUrl: req.url ?? '/',
    path: url.pathname,
    query: record.query,
    fields: await parseFormBody(body, req.headers['content-type']),
    cookies: parseCookieHeader(req.headers.cookie),
    authorization: req.headers.authorization,
  });
}

/** The reply to a request a fault does not refuse: the router's, reshaped or truncated as asked. */
async function routedReply(
  ctx: HandlerContext,
  req: IncomingMessage,
  record: RecordedRequest,
  body: Buffer,
  url: URL,
  fault: FaultKind | undefined,
): Promise<Reply> {
  let reply: Reply;
  try {
    reply = await answer(ctx.state, req, record, body, url);
  } catch (error) {
    console.error('fake ClassCharts: internal error', error);
    reply = htmlReply(SERVER_ERROR_PAGE, 500);
  }
  if (ctx.options.reshape && reply.headers['content-type'] === 'application/json')
    reply = { ...reply, body: phpJson(ctx.options.reshape(url.pathname, JSON.parse(reply.body))) };
  if (fault === 'truncated-json')
    reply = { ...reply, body: reply.body.slice(0, Math.floor(reply.body.length / 2)) };
  return reply;
}

/** Records one request and answers it: a fault waiting for its path, else the router, after the latency. */
async function handle(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (refusedForeignHost(req, res, ctx.port(), ctx.hostOptions)) return;
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch (error) {
    if (error instanceof RangeError) send(res, htmlReply(htmlPage('Too large', '<h1>413</h1>'), 413));
    else req.socket.destroy();
    return;
  }
  const record: RecordedRequest = {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: headerRecord(req),
    body: body.toString('utf8'),
    status: 0,
    at: ctx.clock(),
  };
  ctx.requests.push(record);
  const fault = ctx.faults.take(url.pathname);
  if (fault === 'reset') {
    req.socket.destroy();
    return;
  }
  if (fault === 'hang' && !(await ctx.faults.hold(req))) return;
  let reply: Reply;
  if (fault === 'http-500') reply = htmlReply(SERVER_ERROR_PAGE, 500);
  else if (fault === 'html') reply = htmlReply(CHALLENGE_PAGE, 200);
  else if (fault === 'expired') reply = jsonReply(api.notLoggedIn(1), ctx.state.expiredStatus);
  else if (fault !== undefined && fault in BARE_REFUSALS) reply = BARE_REFUSALS[fault as BareRefusal]();
  else reply = await routedReply(ctx, req, record, body, url, fault);
  if (ctx.latencyMs > 0 && !(await ctx.delays.wait(ctx.latencyMs))) return;
  if (res.destroyed || req.socket.destroyed) return;
  send(res, reply);
  record.status = reply.status;
}

function send(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, { ...reply.headers, 'content-length': Buffer.byteLength(reply.body) });
  res.end(reply.body);
}

/**
 * Starts the fake ClassCharts server (see ./index.ts for the options and the handle, ./README.md for the
 * behaviour). Resolves once it is listening.
 * @throws Error when `data` names a file that cannot be read or is not a valid dataset, or the port is taken;
 *   RangeError when the dataset is generated and `today` is not a date in 1901–9997.
 */
export async function startFakeClassCharts(options: FakeServerOptions = {}): Promise<FakeClassCharts> {
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? Date.now;
  const today = (): string => options.today ?? londonDate(clock());
  const dataset: FakeDataset =
    typeof options.data === 'string'
      ? await loadDatasetFile(options.data)
      : (options.data ?? generateDataset({ seed: options.seed ?? 2026, today: today() }));
  const student = dataset.students[0];
  const parent = dataset.parents[0];
  if (!student || !parent) throw new Error('the dataset needs at least one student and one parent account');
  const codeOnly = dataset.students.find((s) => s.dateOfBirth === null);

  let port = options.port ?? 0;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const baseUrl = (): string => `http://${urlHost}:${port}`;
  const state = routerState(options, dataset, clock, today, baseUrl);
  const requests: RecordedRequest[] = [];
  const faults = new FaultQueue();
  const delays = new Delays();
  const sockets = new Set<Socket>();
  let closed = false;
  const ctx: HandlerContext = {
    state,
    options,
    clock,
    latencyMs: options.latencyMs ?? 0,
    faults,
    delays,
    requests,
    port: () => port,
    // DNS-rebinding defence (main/loopback-host.ts); bound beyond loopback on purpose, any IP address too.
    hostOptions: { ipAddresses: !LOOPBACK_NAMES.includes(urlHost) },
  };

  const server = createServer((req, res) => {
    handle(ctx, req, res).catch((error: unknown) => {
      console.error('fake ClassCharts: request failed', error);
      if (!res.headersSent && !res.destroyed) send(res, htmlReply(SERVER_ERROR_PAGE, 500));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  function listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      server.once('error', onError);
      server.listen(port, host, () => {
        server.off('error', onError);
        const address = server.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  }

  function dropConnections(): void {
    faults.abortHeld();
    delays.endAll();
    for (const socket of sockets) socket.destroy();
  }

  function stopListening(): Promise<void> {
    return new Promise((resolve) => {
      if (!server.listening) {
        dropConnections();
        resolve();
        return;
      }
      server.close(() => resolve());
      dropConnections();
    });
  }

  await listen();

  return {
    get url() {
      return baseUrl();
    },
    requests,
    dataset,
    accounts: {
      student: { code: student.code, dateOfBirth: student.dateOfBirth ?? '', pupilId: student.pupilId },
      codeOnly: codeOnly ? { code: codeOnly.code, pupilId: codeOnly.pupilId } : null,
      parent: { email: parent.user.email, password: parent.password, pupilIds: [...parent.pupilIds] },
    },
    faults: {
      inject({ path, kind, count = 1 }) {
        faults.inject(path, kind, count);
      },
      clear() {
        faults.clear();
      },
    },
    expireSessions() {
      state.sessions.expireAll();
    },
    async down() {
      await stopListening();
    },
    async up() {
      if (closed) throw new Error('fake ClassCharts: up() after close()');
      if (!server.listening) await listen();
    },
    async close() {
      closed = true;
      await stopListening();
    },
  };
}
