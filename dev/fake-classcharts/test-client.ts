/**
 * Test helper: a minimal HTTP client for the fake ClassCharts server's own tests — logins that return the
 * session token and cookies (parsed with set-cookie-parser), and JSON calls with `Authorization: Basic`.
 * Loopback only: every URL is built from the fake's `url`.
 */
import { parseSetCookie } from 'set-cookie-parser';
import type { FakeClassCharts } from './index';
import type { Json } from './shape';

/** A logged-in session as a client holds it. */
export interface TestSession {
  token: string;
  /** A clean `Cookie` header value with every login cookie (`name=value; …`). */
  cookie: string;
  /** The login cookies by name, values decoded. */
  cookies: Record<string, string>;
}

/** Form fields of the student login as the reference JS client sends them (docs/classcharts-api.md §2.1). */
export function studentForm(code: string, dob: string): URLSearchParams {
  return new URLSearchParams({
    _method: 'POST',
    code,
    dob,
    remember_me: '1',
    'recaptcha-token': 'no-token-available',
  });
}

/** Form fields of the parent login (docs/classcharts-api.md §2.2). */
export function parentForm(email: string, password: string): URLSearchParams {
  return new URLSearchParams({
    _method: 'POST',
    email,
    logintype: 'existing',
    password,
    'recaptcha-token': 'no-token-available',
  });
}

/** POSTs a login form without following the redirect. */
export function postLogin(
  fake: FakeClassCharts,
  kind: 'student' | 'parent',
  body: BodyInit,
): Promise<Response> {
  return fetch(`${fake.url}/${kind}/login`, { method: 'POST', body, redirect: 'manual' });
}

/**
 * Reads the session out of a successful login response.
 * @throws Error when the response carries no `*_session_credentials` cookie.
 */
export function sessionFrom(response: Response): TestSession {
  const cookies = parseSetCookie(response.headers.getSetCookie(), { decodeValues: true, map: true });
  const credentials = Object.entries(cookies).find(([name]) => name.endsWith('_session_credentials'))?.[1];
  if (!credentials) throw new Error(`no session cookie (HTTP ${response.status})`);
  const parsed = JSON.parse(credentials.value) as { session_id: string };
  const raw = parseSetCookie(response.headers.getSetCookie(), { decodeValues: false });
  return {
    token: parsed.session_id,
    cookie: raw.map((c) => `${c.name}=${c.value}`).join('; '),
    cookies: Object.fromEntries(Object.entries(cookies).map(([name, c]) => [name, c.value])),
  };
}

/** Logs the demo student (or the given student) in through the web form. */
export async function loginStudent(
  fake: FakeClassCharts,
  code = fake.accounts.student.code,
  dob = fake.accounts.student.dateOfBirth,
): Promise<TestSession> {
  return sessionFrom(await postLogin(fake, 'student', studentForm(code, dob)));
}

/** Logs the demo parent in through the web form. */
export async function loginParent(fake: FakeClassCharts): Promise<TestSession> {
  const { email, password } = fake.accounts.parent;
  return sessionFrom(await postLogin(fake, 'parent', parentForm(email, password)));
}

/** A JSON answer: HTTP status and parsed body. */
export interface JsonAnswer {
  status: number;
  body: Json;
}

/** Calls `path` (e.g. `/apiv2student/timetable?date=2026-06-15`) with the session's token and cookies. */
export async function call(
  fake: FakeClassCharts,
  path: string,
  session: TestSession | null,
  init: RequestInit = {},
): Promise<JsonAnswer> {
  const headers = new Headers(init.headers);
  if (session) {
    headers.set('authorization', `Basic ${session.token}`);
    headers.set('cookie', session.cookie);
  }
  const response = await fetch(`${fake.url}${path}`, { ...init, headers, redirect: 'manual' });
  return { status: response.status, body: (await response.json()) as Json };
}

/** The body as an object, for reading fields in assertions. @throws Error when it is not an object. */
export function obj(value: Json | undefined): { [key: string]: Json } {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`expected an object, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** The value as an array. @throws Error when it is not an array. */
export function arr(value: Json | undefined): Json[] {
  if (!Array.isArray(value)) throw new Error(`expected an array, got ${JSON.stringify(value)}`);
  return value;
}
