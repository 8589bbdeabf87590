/**
 * The faithful fake ClassCharts server: public API for tests, benchmarks and demo mode.
 *
 * ```ts
 * const fake = await startFakeClassCharts();
 * // POST `${fake.url}/student/login` with code DEMO2026, dob 14/05/2012 …
 * await fake.close();
 * ```
 *
 * Behaviour: the service specification plus the real quirks, both in docs/classcharts-api.md; options,
 * fault injection and the dataset format: ./README.md.
 */
import type { PeriodNameStyle } from './timetable';
import type { FakeDataset } from './types';

export type * from './types';

/** Options of {@link startFakeClassCharts}; every one has a default. */
export interface FakeServerOptions {
  /** TCP port; default 0 (a free port, read it from `url`). */
  port?: number;
  /** Interface to bind; default `'127.0.0.1'`. */
  host?: string;
  /**
   * Lifetime of a session token in seconds, counted from when it was issued; default 180, the real
   * service's.
   */
  sessionTtlSeconds?: number;
  /**
   * Seconds the previous token stays valid after a ping rotates it (capped by its own TTL); default: the
   * session TTL, as the published JS client needs (README, "Session tokens and renewal").
   */
  renewalGraceSeconds?: number;
  /** Delay before every response, in milliseconds; default 0. */
  latencyMs?: number;
  /** A dataset object, or the path of a JSON file in the documented format; default: generated. */
  data?: FakeDataset | string;
  /** Seed of the generated dataset's PRNG; default 2026. Ignored when `data` is given. */
  seed?: number;
  /**
   * `YYYY-MM-DD` the generated dataset is built around and the timetable's default date; default today in
   * Europe/London per `clock`. The generated dataset needs a real date in the years 1901–9997.
   */
  today?: string;
  /** Current time, epoch ms; default `Date.now`. Drives token expiry and "today". */
  clock?: () => number;
  /** Cookie name of the parent form login; default `'parent_session_credentials'` (the real service). */
  parentCookieName?: 'parent_session_credentials' | 'student_session_credentials';
  /** HTTP status of the "You are not logged in" error body; default 200 (the real service). */
  expiredStatus?: 200 | 401;
  /**
   * How long after it timed out a session token can still be renewed by a ping (`include_data=true`), in
   * seconds; default 0, refused. skeffling/timetable-plus (`extension/common.js` `ccRefreshSession`) pings
   * with a timed-out token and gets a new one; no capture confirms it (docs/classcharts-api.md §2.5, §9), so
   * the default stays what the legacy docs imply: a timed-out token is dead.
   */
  staleTokenRenewsSeconds?: number;
  /**
   * TES SSO mode (docs/classcharts-api.md §2.7): API calls without a `cc-session` cookie from a login get a
   * 302 to a fake verify URL that bounces back with `?prompt=login`, forever. Default false.
   */
  tesSso?: boolean;
  /**
   * Parent activation mode: a parent session answers `/pupils` and every data endpoint with empty data until
   * it has been pinged once (its ping-issued token). One client says the real service does this: "Activate
   * the session -- data endpoints return empty results without this" (proffalken/ha-classcharts@d2cd1dd3c3
   * custom_components/classcharts/api.py:91-100); classcharts-api-js and classcharts-orc read `/pupils` right
   * after login without a ping and work, so it is off by default.
   */
  parentNeedsPing?: boolean;
  /**
   * Serve `/timetable`'s `data` as an object keyed by the day, `{"2026-11-04": [lesson, …]}`, instead of the
   * list: some answers of the real service have that shape (skeffling/timetable-plus@1bfce46dc9
   * extension/common.js `lessonsOf`: "an array, or occasionally keyed by date"; C-HBZ/ClassCharts@0fa93fcaa2
   * classcharts_sync.py `cc_get_timetable`; docs/classcharts-api.md §5.7). Default false: the list.
   */
  timetableByDate?: boolean;
  /**
   * How the school's `period_name`s carry the rota week (./timetable.ts `PeriodNameStyle`): `number`
   * (`"2Tue:P1"`, the default: the shape of the project's fixtures, docs/classcharts-api.md §5.7), `letter`
   * (`"ATue:1"`, a Week A/Week B school) or `padded` (`"W02:D02:02"`).
   */
  periodNames?: PeriodNameStyle;
  /**
   * Rewrites every JSON answer before it is sent: gets the URL path (`/apiv2student/homeworks/4102571`) and
   * the parsed body, returns the body to send (mutating and returning it is fine). For tests of clients
   * against a service whose shape drifted: an extra field, a field left out. Default: none.
   */
  reshape?: (path: string, body: unknown) => unknown;
}

/** One request as the fake saw it. */
export interface RecordedRequest {
  method: string;
  /** URL path without the query, e.g. `/apiv2student/timetable/4102571`. */
  path: string;
  /** Query parameters (the last value wins for repeated names). */
  query: Record<string, string>;
  /** Request headers, names lower-cased, repeated headers joined with `", "`. */
  headers: Record<string, string>;
  /** Raw request body as UTF-8 text (`""` when none). */
  body: string;
  /** HTTP status sent; 0 while pending, or when a fault reset the connection or it was never answered. */
  status: number;
  /** Arrival time, epoch ms per the server's clock. */
  at: number;
}

/**
 * A fault the next matching request(s) get instead of the normal answer:
 * - `http-500`: HTTP 500 with an HTML error page;
 * - `html`: HTTP 200 with an HTML page (as a CDN challenge or the login page would be);
 * - `truncated-json`: the normal JSON answer cut in half (the request still takes effect);
 * - `hang`: no answer until `faults.clear()` (then answered normally) or `close()` (connection ended);
 * - `expired`: the "You are not logged in. [1]" body with `expired: 1`;
 * - `reset`: the TCP connection is destroyed without an answer;
 * - `unauthorized`: HTTP 401 with an HTML page, no JSON envelope (the api-docs OpenAPI files list a 401 on
 * every endpoint, classchartsapi/api-docs@70803adfa6 openapi/studentclientapi.yaml; ha-classcharts signs in
 * again on
 *   any 401, proffalken/ha-classcharts@d2cd1dd3c3 custom_components/classcharts/api.py:111-112);
 * - `unauthenticated`: HTTP 401 with Laravel's `{"message":"Unauthenticated."}`, JSON without the envelope;
 * - `forbidden`: HTTP 403 with an HTML page;
 * - `page-expired`: HTTP 419 with Laravel's "Page Expired" page (a stale session or CSRF token);
 * - `challenge`: HTTP 403 with `cf-mitigated: challenge` and Cloudflare's "Just a moment..." page — the
 *   connection is being checked, which says nothing about the session.
 */
export type FaultKind =
  | 'http-500'
  | 'html'
  | 'truncated-json'
  | 'hang'
  | 'expired'
  | 'reset'
  | 'unauthorized'
  | 'unauthenticated'
  | 'forbidden'
  | 'page-expired'
  | 'challenge';

/** A running fake server. */
export interface FakeClassCharts {
  /** Base URL, e.g. `http://127.0.0.1:38121` (stands in for `https://www.classcharts.com`). */
  url: string;
  /** Stops the server and ends every open connection, hanging requests included. Idempotent. */
  close(): Promise<void>;
  /** The request log, in arrival order. */
  requests: RecordedRequest[];
  faults: {
    /**
     * Makes the next `count` (default 1) requests whose path matches `path` fail with `kind`. A string
     * matches as a path prefix (`'/apiv2student/timetable'`), a RegExp is tested against the path.
     */
    inject(fault: { path: string | RegExp; kind: FaultKind; count?: number }): void;
    /** Forgets pending faults and releases hanging requests (they are then answered normally). */
    clear(): void;
  };
  /** Stops listening (new connections are refused) and drops open connections, keeping the port. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** Every token issued so far becomes expired (the next use gets `expired: 1`). */
  expireSessions(): void;
  /** The dataset being served (mutating it changes later answers). */
  dataset: FakeDataset;
  /**
   * The demo accounts: the dataset's first student (`dateOfBirth` `''` when it has none) and first parent,
   * and the first student with no date of birth (`NODOB2026` in the generated data), or `null`.
   */
  accounts: {
    student: { code: string; dateOfBirth: string; pupilId: number };
    codeOnly: { code: string; pupilId: number } | null;
    parent: { email: string; password: string; pupilIds: number[] };
  };
}

export { SESSION_TTL_SECONDS, startFakeClassCharts } from './server';
