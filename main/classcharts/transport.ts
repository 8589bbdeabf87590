/**
 * HTTP for the ClassCharts client: one `fetch` per call with a timeout (`AbortSignal`, armed through the
 * injected clock), `Authorization: Basic <token>` and the login's cookies on every API call, the
 * response envelope checked (`success: 0` → typed error) and the body validated with a zod schema.
 * No retries: the session keeper owns retry policy. Every API and sign-in request carries the official web
 * app's AJAX headers ({@link webAppHeaders}); file downloads do not (they are not the web app's AJAX).
 *
 * Bodies are read as they stream, never past a cap: an API answer past {@link MAX_ANSWER_BYTES}, a file
 * past its download's `maxBytes`, is refused by its Content-Length or as soon as that many bytes arrived,
 * and the rest is not read (the body is cancelled, which aborts the request). A file fetched without the
 * session goes with `credentials: 'omit'`: the Electron fetch (main/platform/net-fetch.ts) then leaves the
 * session's cookie jar alone instead of emptying it as for a fresh client, so opening a homework file on
 * the service's own origin does not sign the user out.
 *
 * Sources: docs/classcharts-api.md §8.5 (auth header), §8.7 and §7.1 (errors are bodies, HTTP 200),
 * §1.1–1.2 (the web app's headers in §1.1), §2.4, §2.6, §2.7 (TES redirect), §3.2 (HTML answers).
 */
import type { z } from 'zod';
import type { Clock, Logger } from '../ports';
import { CookieJar, setCookieLines } from './cookies';
import {
  AttachmentTooBigError,
  BadResponseError,
  NetworkError,
  ServiceRefusedError,
  SessionExpiredError,
} from './errors';

/** Default per-request timeout, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/** Longest excerpt of an unexpected body kept for the log, in characters. */
const EXCERPT_LENGTH = 160;

/**
 * Largest API answer read, in bytes (64 MB): one pupil's announcements, the largest answer, reach about
 * 12 MB in a very busy year. Past it the answer is refused with a {@link BadResponseError} instead of being
 * held in memory whole.
 */
export const MAX_ANSWER_BYTES = 64 * 1_048_576;

/** What the transport needs. `timeoutMs` bounds each request, body included. */
export interface TransportOptions {
  fetch: typeof fetch;
  baseUrl: string;
  clock: Clock;
  logger: Logger;
  timeoutMs?: number;
}

/** One request. `path` starts with `/`; `form` makes it a form-encoded POST body. */
export interface TransportRequest {
  method: 'GET' | 'POST';
  path: string;
  /**
   * The path as logs and errors name it, when `path` holds a secret (`/student/checkpupilcode/<code>`: the
   * whole credential of a code-only pupil); default `path`.
   */
  loggedPath?: string;
  query?: Record<string, string | number | undefined>;
  form?: Record<string, string>;
  /** Send `Authorization: Basic <token>` (API calls) — the login form does not. Default `true`. */
  auth?: boolean;
}

/** A whole answer: status, headers and the body read to the end (within the timeout). */
export interface RawResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** One file download (an attachment): a GET of an absolute URL, body read as bytes. */
export interface DownloadRequest {
  url: URL;
  /**
   * Send `Authorization: Basic <token>` and the cookies. Honoured only when `url` is on the service's own
   * origin ({@link Transport.isServiceUrl}): the session never goes to another host.
   */
  withSession: boolean;
  /** Largest body accepted, in bytes (by Content-Length, then by what arrives). */
  maxBytes: number;
  /** Bound on the whole download, body included, in milliseconds. */
  timeoutMs: number;
}

/** A downloaded answer: status, headers and the whole body as bytes. */
export interface FileResponse {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

/**
 * Shortens a body for a log line: whitespace folded, anything that looks like a session id, token or
 * cookie value redacted, and the token the client holds removed wherever it appears.
 */
export function excerptOf(body: string, secrets: readonly string[] = []): string {
  let text = body.replace(/\s+/g, ' ').trim();
  for (const secret of secrets) if (secret.length >= 4) text = text.split(secret).join('[redacted]');
  text = text.replace(
    /("?(?:session_id|token|code|dob|password)"?\s*[:=]\s*"?)[^"&;,}\s]*/gi,
    '$1[redacted]',
  );
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text || '(empty body)';
}

/**
 * Can `token` be sent back as `Authorization: Basic <token>`? Visible ASCII only: a token the service
 * hands out (login cookie, `/ping` `meta.session_id`) that decodes to anything else (NUL, a line break,
 * "€") would make `Headers` throw on the next request. Real tokens are 32 `[a-z0-9]` (docs/classcharts-api.md
 * §2.1).
 */
export function isUsableToken(token: string): boolean {
  return /^[\x21-\x7e]+$/.test(token);
}

/** Which page of the official web app a request comes from: the pupils' or the parents'. */
export type WebAppPage = 'student' | 'parent';

/**
 * The page of the web app a request to `path` comes from: `parent` for the parent API (`/apiv2parent/…`) and
 * the parent sign-in (`/parent/…`), `student` for everything else (`/apiv2student/…`, `/student/…`). The path
 * alone says which account kind a request is for, sign-in and pre-login probes included.
 */
export function webAppPage(path: string): WebAppPage {
  return /^\/(?:apiv2)?parent(?:\/|$)/.test(path) ? 'parent' : 'student';
}

/**
 * The headers the official web app sends with its AJAX requests, for a request to `path` on `baseUrl` (no
 * trailing `/`): `X-Requested-With: XMLHttpRequest`, the `Accept` jQuery sends for JSON (`application/json,
 * text/javascript`, then anything at q=0.01) and `Referer: <baseUrl>/mobile/student` (`/mobile/parent` for a
 * parent, see {@link webAppPage}). Captured from the web app by Ben754444/classcharts-outlook@748f9cabe2
 * utils.py `get_timetable` (a pupil) and proffalken/ha-classcharts@d2cd1dd3c3
 * custom_components/classcharts/api.py:66-71 (a parent); docs/classcharts-api.md §1.1. A server may answer an
 * AJAX request differently from a page's (Laravel's `expectsJson()`, for one, reads these two headers).
 * Electron's `net.request` sends a `Referer` set as a header since electron/electron#23386 (Electron 8.3).
 */
export function webAppHeaders(baseUrl: string, path: string): Record<string, string> {
  return {
    Accept: 'application/json, text/javascript, */*; q=0.01',
    'X-Requested-With': 'XMLHttpRequest',
    Referer: `${baseUrl}/mobile/${webAppPage(path)}`,
  };
}

/** Is this a `success: 0` style value (`0`, `"0"`, `false`)? */
function isFailure(value: unknown): boolean {
  return value === 0 || value === '0' || value === false;
}

/**
 * Is this answer the error envelope: `success` `0`/`"0"`/`false`, or an `error` text without `data`
 * (docs/classcharts-api.md §1.2, §3)? What {@link Transport.check} throws a typed error for; `cli doctor`
 * reads answers the same way.
 */
export function isErrorEnvelope(envelope: Record<string, unknown>): boolean {
  const error = envelope.error;
  return (
    isFailure(envelope.success) || (typeof error === 'string' && error !== '' && envelope.data === undefined)
  );
}

/** Is this an `expired` flag that is set (`1`, `"1"`, `true`)? */
function isSet(value: unknown): boolean {
  return value === 1 || value === '1' || value === true;
}

/** The session token, cookie jar and HTTP plumbing shared by every call of one client. */
export class Transport {
  /** The current session token (`Authorization: Basic <token>`), or `null` when signed out. */
  token: string | null = null;
  /** Cookies kept from the login (and any later `Set-Cookie`), sent on every request. */
  readonly cookies = new CookieJar();
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /**
   * Sends one request, with the web app's headers ({@link webAppHeaders}), the token unless `auth: false`,
   * and the cookies, and reads the whole body, without following redirects. Throws NetworkError on a
   * connection failure, a reset, or when `timeoutMs` passes (`timedOut: true`), and BadResponseError for an
   * answer larger than {@link MAX_ANSWER_BYTES} (by its Content-Length, or as it arrives; the rest is not
   * read). Stores any `Set-Cookie`.
   */
  async send(request: TransportRequest): Promise<RawResponse> {
    const { clock, logger } = this.options;
    const url = new URL(this.baseUrl + request.path);
    for (const [key, value] of Object.entries(request.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const headers = new Headers(webAppHeaders(this.baseUrl, request.path));
    if (request.auth !== false && this.token !== null) headers.set('Authorization', `Basic ${this.token}`);
    const cookie = this.cookies.header(clock.now());
    if (cookie !== null) headers.set('Cookie', cookie);

    const deadline = this.deadline(this.timeoutMs);
    const started = clock.now();
    const named = request.loggedPath ?? request.path;
    try {
      const response = await this.options.fetch(url, {
        method: request.method,
        headers,
        body: request.form ? new URLSearchParams(request.form) : undefined,
        redirect: 'manual',
        signal: deadline.signal,
      });
      const body = await readAnswer(response, named);
      this.cookies.store(setCookieLines(response.headers), clock.now());
      logger.debug('classcharts request', {
        method: request.method,
        path: named,
        status: response.status,
        ms: clock.now() - started,
      });
      return { status: response.status, headers: response.headers, body };
    } catch (error) {
      if (error instanceof BadResponseError) {
        logger.warn('classcharts answer refused', { method: request.method, path: named });
        throw error;
      }
      const reason = deadline.reason(error);
      logger.warn('classcharts request failed', { method: request.method, path: named, reason });
      throw new NetworkError(named, reason, deadline.timedOut(), error);
    } finally {
      deadline.clear();
    }
  }

  /**
   * Sends an API request and returns its validated body. Throws SessionExpiredError (`expired` set, "not
   * logged in", a redirect to the sign-in page, or no session held), ServiceRefusedError (other `success:
   * 0`, HTTP 429), BadResponseError (HTML, 5xx, truncated or off-schema JSON) or NetworkError.
   */
  async api<S extends z.ZodType>(schema: S, request: TransportRequest): Promise<z.output<S>> {
    if (this.token === null) throw new SessionExpiredError('no session: sign in first');
    const response = await this.send(request);
    return this.check(schema, request.path, response);
  }

  /** Is `url` on the service's own origin (scheme, host and port of `baseUrl`)? */
  isServiceUrl(url: URL): boolean {
    return url.origin === new URL(this.baseUrl).origin;
  }

  /**
   * Downloads a file (GET, redirects not followed, the whole body in memory, at most `maxBytes` of it). The
   * session goes with it only when asked AND the URL is on the service's origin; otherwise it is fetched
   * with `credentials: 'omit'`, leaving the session's cookies where they are. Never logs the query (signed
   * links carry their signature there). Throws AttachmentTooBigError past `maxBytes` (by Content-Length, or
   * once that many bytes arrived: the rest is not read), NetworkError on a connection failure or when
   * `timeoutMs` passes (`timedOut: true`).
   */
  async download(request: DownloadRequest): Promise<FileResponse> {
    const { clock, logger } = this.options;
    const { url, maxBytes } = request;
    const where = `${url.host}${url.pathname}`;
    const headers = new Headers({ Accept: '*/*' });
    const withSession = request.withSession && this.isServiceUrl(url);
    if (withSession) {
      if (this.token !== null) headers.set('Authorization', `Basic ${this.token}`);
      const cookie = this.cookies.header(clock.now());
      if (cookie !== null) headers.set('Cookie', cookie);
    }
    const deadline = this.deadline(request.timeoutMs);
    const started = clock.now();
    try {
      const response = await this.options.fetch(url, {
        method: 'GET',
        headers,
        redirect: 'manual',
        // Without the session, no cookie goes or is kept: the session's jar is left as it is.
        ...(withSession ? {} : { credentials: 'omit' as const }),
        signal: deadline.signal,
      });
      const bytes = await readCapped(response, maxBytes, () => new AttachmentTooBigError(maxBytes));
      logger.debug('classcharts download', {
        host: url.host,
        status: response.status,
        bytes: bytes.byteLength,
        ms: clock.now() - started,
      });
      return { status: response.status, headers: response.headers, bytes };
    } catch (error) {
      if (error instanceof AttachmentTooBigError) throw error;
      const reason = deadline.reason(error);
      logger.warn('classcharts download failed', { host: url.host, reason });
      throw new NetworkError(where, reason, deadline.timedOut(), error);
    } finally {
      deadline.clear();
    }
  }

  /**
   * An `AbortSignal` that fires after `ms` (armed through the injected clock); `reason(error)` says why a
   * fetch failed (the timeout, or the system error); `clear()` disarms it.
   */
  private deadline(ms: number): {
    signal: AbortSignal;
    timedOut(): boolean;
    reason(error: unknown): string;
    clear(): void;
  } {
    const { clock } = this.options;
    const controller = new AbortController();
    let timedOut = false;
    const timer = clock.setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`no answer within ${ms} ms`));
    }, ms);
    return {
      signal: controller.signal,
      timedOut: () => timedOut,
      reason: (error) => (timedOut ? `no answer within ${ms} ms` : describeFetchFailure(error)),
      clear: () => clock.clearTimeout(timer),
    };
  }

  /** Checks an answer's status and envelope and validates it with `schema` (see {@link api}). */
  check<S extends z.ZodType>(schema: S, path: string, response: RawResponse): z.output<S> {
    const { status, body } = response;
    if (status >= 300 && status < 400)
      throw new SessionExpiredError(`${path} redirected to ${redirectTarget(response.headers)}`);
    // 401, 403 or 419 without the envelope (an HTML page, Laravel's {"message":"Unauthenticated."}) refuses the
    // session whatever the body says, unless a CDN is only checking the connection.
    const sessionRefused = SESSION_REFUSED_STATUSES.has(status) && !isChallenge(response);
    const refusedByStatus = () =>
      new SessionExpiredError(`${path}: HTTP ${status} without the JSON envelope`);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      if (sessionRefused) throw refusedByStatus();
      throw new BadResponseError(
        path,
        /^\s*</.test(body) ? 'HTML instead of JSON' : 'body is not JSON',
        status,
        this.excerpt(body),
      );
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      if (sessionRefused) throw refusedByStatus();
      throw new BadResponseError(path, 'JSON is not an envelope object', status, this.excerpt(body));
    }
    const envelope = json as Record<string, unknown>;
    const error = typeof envelope.error === 'string' ? envelope.error : '';
    if (isErrorEnvelope(envelope)) {
      if (isSet(envelope.expired) || /not logged in/i.test(error) || status === 401 || status === 419)
        throw new SessionExpiredError(`${path}: ${error || 'expired'}`);
      throw new ServiceRefusedError(path, error);
    }
    if (sessionRefused) throw refusedByStatus();
    if (status === 429)
      throw new ServiceRefusedError(path, 'Too many requests; wait a minute and try again.');
    if (status >= 400)
      throw new BadResponseError(path, 'HTTP error with a success body', status, this.excerpt(body));
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ');
      throw new BadResponseError(path, 'unexpected JSON shape', status, excerptOf(issues));
    }
    return parsed.data;
  }

  /** A log-safe excerpt of a body (the current token redacted). */
  excerpt(body: string): string {
    return excerptOf(body, this.token === null ? [] : [this.token]);
  }
}

/**
 * HTTP statuses that refuse the session whatever the body (docs/classcharts-api.md §2.6): 401 (listed on every
 * endpoint by classchartsapi/api-docs@70803adfa6 openapi/studentclientapi.yaml; ha-classcharts signs in again on
 * it, proffalken/ha-classcharts@d2cd1dd3c3 custom_components/classcharts/api.py:111-112), 403 and Laravel's 419
 * (session or CSRF token expired). A `success: 0` envelope at 403 that is not about the session stays a refusal.
 */
export const SESSION_REFUSED_STATUSES: ReadonlySet<number> = new Set([401, 403, 419]);

/**
 * True when a CDN answered instead of ClassCharts because it is checking the connection: Cloudflare marks its
 * challenge pages (HTTP 403) with `cf-mitigated: challenge` (developers.cloudflare.com, "Detect a Challenge
 * Page response"). Such an answer says nothing about the session or the credentials.
 */
export function isChallenge(response: Pick<RawResponse, 'headers'>): boolean {
  return response.headers.get('cf-mitigated')?.trim().toLowerCase() === 'challenge';
}

/** The error for a challenge ({@link isChallenge}) answered at `where`: try again later, nothing more. */
export function challengeRefusal(where: string): ServiceRefusedError {
  return new ServiceRefusedError(
    where,
    'ClassCharts is checking this connection; try again in a few minutes.',
  );
}

/** `bytes` in MB for a message: whole MB (MiB), e.g. 64 for 64 × 1 048 576. */
function megabytes(bytes: number): number {
  return Math.round(bytes / 1_048_576);
}

/**
 * An API answer's body as text (UTF-8, as `Response.text()` decodes it), at most {@link MAX_ANSWER_BYTES}
 * bytes of it. Throws BadResponseError past the cap (by Content-Length, or as it arrives), having
 * cancelled the body; errors of the body's stream are thrown as they are.
 */
async function readAnswer(response: Response, path: string): Promise<string> {
  const bytes = await readCapped(response, MAX_ANSWER_BYTES, () => {
    const limit = `${megabytes(MAX_ANSWER_BYTES)} MB`;
    return new BadResponseError(
      path,
      `the answer was larger than ${limit}`,
      response.status,
      `(not read past ${limit})`,
      `ClassCharts sent an answer larger than ${limit}, too large for this app to read. Try again later, or use the ClassCharts website.`,
    );
  });
  return new TextDecoder().decode(bytes);
}

/**
 * The body as bytes, at most `maxBytes` of them. A body declared larger (Content-Length) is not read at
 * all; one that turns out larger is read no further than the chunk that crossed the cap. Either way the
 * body is cancelled (with the Electron fetch that aborts the request) and `tooBig()` is thrown. Errors of
 * the body's stream (a failure or abort of the request) are thrown as they are.
 */
async function readCapped(response: Response, maxBytes: number, tooBig: () => Error): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (response.headers.has('content-length') && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooBig();
  }
  if (response.body === null) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooBig();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Where a redirect points, path only (query strings may carry return URLs). */
function redirectTarget(headers: Headers): string {
  const location = headers.get('location');
  if (!location) return '(no location)';
  try {
    const url = new URL(location, 'http://relative.invalid');
    return url.host === 'relative.invalid' ? url.pathname : `${url.host}${url.pathname}`;
  } catch {
    return '(unreadable location)';
  }
}

/** A short reason for a failed fetch: undici puts the system error (ECONNREFUSED, …) in `cause`. */
function describeFetchFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return `${error.message}: ${typeof code === 'string' ? code : cause.message}`;
  }
  return error.message;
}
