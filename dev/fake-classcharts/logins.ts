/**
 * The sign-in side of the fake ClassCharts server (docs/classcharts-api.md §2): the web-form logins with
 * their cookies, the legacy JSON logins, the pre-login helpers (`hasdob`, `checkpupilcode`) and the TES SSO
 * bounce. ./routes.ts routes requests here.
 */
import * as api from './api';
import { htmlPage, htmlReply, redirectReply, type Reply } from './http-util';
import type { RouteRequest, RouterState } from './routes';
import { randomToken, type Session } from './sessions';
import type { FakePupilData, RawStudentUser } from './types';

/** The JSON login's wrong-code text (mocks and client checks, docs/classcharts-api.md §2.3). */
export const PUPIL_CODE_INCORRECT =
  "The pupil code you have provided is incorrect. If you do not have your pupil code, or have forgotten it, please contact your school. Your school contact details can usually be found on your school's website.";
/** The JSON login's wrong-date-of-birth text (docs/classcharts-api.md §2.3). */
export const DOB_INCORRECT = 'The date of birth you have provided is incorrect';
/** The JSON parent login's failure text (mock, docs/classcharts-api.md §2.3). */
export const PARENT_LOGIN_INCORRECT = 'Email address or password provided is incorrect';

/** Cookie lifetime the service sets: 90 days (docs/classcharts-api.md §2.1). */
const COOKIE_MAX_AGE_S = 7_776_000;

/**
 * The counters of the student object, which the legacy JSON login leaves out (docs/classcharts-api.md §2.3).
 */
const STUDENT_COUNTERS = [
  'announcements_count',
  'messages_count',
  'pusher_channel_name',
  'has_birthday',
  'has_new_survey',
  'survey_id',
] as const;

/** Keys of the student object, in the service's order (ping-student.json). */
const STUDENT_USER_KEYS: readonly (keyof RawStudentUser)[] = [
  'id',
  'name',
  'first_name',
  'last_name',
  'avatar_url',
  'display_behaviour',
  'display_parent_behaviour',
  'display_homework',
  'display_rewards',
  'display_detentions',
  'display_report_cards',
  'display_classes',
  'display_announcements',
  'display_academic_reports',
  'display_attendance',
  'display_attendance_type',
  'display_attendance_percentage',
  'display_activity',
  'display_mental_health',
  'display_mental_health_no_tracker',
  'display_timetable',
  'is_disabled',
  'display_two_way_communications',
  'display_absences',
  'can_upload_attachments',
  'display_event_badges',
  'display_avatars',
  'display_concern_submission',
  'display_custom_fields',
  'pupil_concerns_help_text',
  'allow_pupils_add_timetable_notes',
  'detention_alias_plural_uc',
  ...STUDENT_COUNTERS,
];

/** The student object (ping `data.user`) of a pupil record, without the parent-only fields. */
export function studentUserOf(pupil: FakePupilData, omit: readonly string[] = []): Record<string, unknown> {
  return Object.fromEntries(
    STUDENT_USER_KEYS.filter((k) => !omit.includes(k)).map((k) => [k, pupil.pupil[k]]),
  );
}

/** `Tue, 28-Nov-2023 10:28:45 GMT`: PHP's cookie date format. */
function cookieDate(ms: number): string {
  const [day, dd, mon, yyyy, time] = new Date(ms).toUTCString().split(' ');
  return `${day} ${dd}-${mon}-${yyyy} ${time} GMT`;
}

function setCookie(name: string, value: string, now: number): string {
  return `${name}=${value}; expires=${cookieDate(now + COOKIE_MAX_AGE_S * 1000)}; Max-Age=${COOKIE_MAX_AGE_S}; path=/; HttpOnly`;
}

/** The request's `cc-session` if this server issued it, else a new one. */
function ccSessionFor(state: RouterState, req: RouteRequest): string {
  const sent = req.cookies.get('cc-session');
  if (sent !== undefined && state.ccSessions.has(sent)) return sent;
  const fresh = randomToken(40);
  state.ccSessions.add(fresh);
  return fresh;
}

/** Parses a date of birth `D/M/YYYY` (also accepts `YYYY-MM-DD`, as some clients send) to `YYYY-MM-DD`. */
export function normaliseDob(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const [y, m, d] = uk ? [uk[3], uk[2], uk[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y || !m || !d) return null;
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

function loginPage(kind: 'student' | 'parent', message = ''): string {
  const fields =
    kind === 'student'
      ? '<input name="code" placeholder="Pupil code"><input name="dob" placeholder="DD/MM/YYYY">'
      : '<input name="email" type="email"><input name="password" type="password"><input type="hidden" name="logintype" value="existing">';
  return htmlPage(
    kind === 'student' ? 'Student log in' : 'Parent log in',
    `<form method="post" action="/${kind}/login"><input type="hidden" name="_method" value="POST">${fields}` +
      `<input type="hidden" name="recaptcha-token" value="no-token-available"><button>Log in</button></form>` +
      (message ? `<p class="error">${message}</p>` : ''),
  );
}

/**
 * Web-form login success (docs/classcharts-api.md §2.1/§2.2): 302, `cc-session` and the percent-encoded
 * credentials.
 */
function loginRedirect(
  state: RouterState,
  req: RouteRequest,
  session: Session,
  cookieName: string,
  location: string,
): Reply {
  const remember = req.fields['remember_me'] === '1' || req.fields['remember_me'] === 'true';
  const credentials = encodeURIComponent(
    JSON.stringify({ remember_me: remember, session_id: session.token }),
  );
  const now = state.now();
  return redirectReply(location, {
    'set-cookie': [
      setCookie('cc-session', ccSessionFor(state, req), now),
      setCookie(cookieName, credentials, now),
    ],
  });
}

function findStudent(state: RouterState, code: string | undefined) {
  const wanted = (code ?? '').trim().toUpperCase();
  return state.dataset.students.find((s) => s.code.toUpperCase() === wanted);
}

function findParent(state: RouterState, email: string | undefined, password: string | undefined) {
  const wanted = (email ?? '').trim().toLowerCase();
  return state.dataset.parents.find((p) => p.user.email.toLowerCase() === wanted && p.password === password);
}

/**
 * Whether `dob` (as sent) is the account's date of birth. A pupil with none on record (a code-only pupil)
 * passes with any date, or none: the Go mock keeps `student.DOB == nil`
 * (daydreme/classcharts-server-mock@1c742cfc67 pkg/student/user/auth.go `LoginHandler`), and school guides
 * tell such pupils to "simply enter your student code".
 */
function dobMatches(account: { dateOfBirth: string | null }, dob: string | undefined): boolean {
  return account.dateOfBirth === null || normaliseDob(account.dateOfBirth) === normaliseDob(dob);
}

function studentFormLogin(state: RouterState, req: RouteRequest): Reply {
  const account = findStudent(state, req.fields['code']);
  if (!account || !dobMatches(account, req.fields['dob'])) {
    return htmlReply(loginPage('student'));
  }
  const session = state.sessions.issue({ kind: 'student', id: account.pupilId });
  return loginRedirect(state, req, session, 'student_session_credentials', '/student/');
}

function parentFormLogin(state: RouterState, req: RouteRequest): Reply {
  const account = findParent(state, req.fields['email'], req.fields['password']);
  if (!account) return htmlReply(loginPage('parent'));
  const session = state.sessions.issue({ kind: 'parent', id: account.user.id });
  return loginRedirect(state, req, session, state.parentCookieName, '/parent/');
}
/** The pupil record of pupil `id` in the dataset, if any. */
export function pupilData(state: RouterState, id: number): FakePupilData | undefined {
  return state.dataset.pupils.find((p) => p.pupil.id === id);
}

/** Legacy JSON logins (docs/classcharts-api.md §2.3): the envelope with `meta.session_id`, and no cookies. */
export function jsonLogin(state: RouterState, kind: 'student' | 'parent', req: RouteRequest): api.Envelope {
  if (kind === 'parent') {
    const account = findParent(state, req.fields['email'], req.fields['password']);
    if (!account) return api.fail(PARENT_LOGIN_INCORRECT);
    const session = state.sessions.issue({ kind: 'parent', id: account.user.id });
    return api.ok(account.user, { session_id: session.token });
  }
  const account = findStudent(state, req.fields['code']);
  if (!account) return api.fail(PUPIL_CODE_INCORRECT);
  if (!dobMatches(account, req.fields['dob'])) return api.fail(DOB_INCORRECT);
  const pupil = pupilData(state, account.pupilId);
  if (!pupil) return api.fail(PUPIL_CODE_INCORRECT);
  const session = state.sessions.issue({ kind: 'student', id: account.pupilId });
  return api.ok(studentUserOf(pupil, STUDENT_COUNTERS), { session_id: session.token });
}

/**
 * `POST /apiv2student/hasdob` (docs/classcharts-api.md §2.3): a success either way, `has_dob` true only for a
 * pupil code that exists **and** has a date of birth on record; an unknown code and a code-only pupil both
 * get `false`. daydreme/classcharts-server-mock@1c742cfc67 pkg/student/user/auth.go `HasDOBHandler` filters
 * on the code and `student.DOB != nil`; daydreme/classcharts-server (Swift) AuthenticationHandler.swift
 * answers
 * `hasDob: birthday != nil`; classchartspro's cdn/js/login.js shows the date field only when it is true.
 */
export function hasDob(state: RouterState, code: string | undefined): api.Envelope {
  const account = findStudent(state, code);
  return api.ok({ has_dob: account !== undefined && account.dateOfBirth !== null });
}

/**
 * `/student/checkpupilcode/<code>` (docs/classcharts-api.md §2.3): the same `has_dob` shape, but true for
 * every code that exists, with or without a date of birth (the Go mock's `CheckPupilCodeHandler` filters on
 * the code only). An unknown code is not an error: sccreeper/BetterClasscharts@e01c3fface
 * src/api/student_client.py:77,208-209 (run against production) reads `data.has_dob` of a success.
 */
export function checkPupilCode(state: RouterState, code: string | undefined): api.Envelope {
  return api.ok({ has_dob: findStudent(state, code) !== undefined });
}

/** The TES verify URL an SSO-mode API call without cookies is sent to (docs/classcharts-api.md §2.7). */
export function tesBounce(state: RouterState, req: RouteRequest): Reply {
  return redirectReply(
    `${state.baseUrl()}/tes/v1/verify?returnUrl=${encodeURIComponent(state.baseUrl() + req.rawUrl)}`,
  );
}

/** `/tes/v1/verify?returnUrl=…`: back to a URL of this server with `prompt=login`; 400 for any other URL. */
export function tesVerify(state: RouterState, req: RouteRequest): Reply {
  const target = req.query['returnUrl'] ?? '';
  if (!target.startsWith(state.baseUrl() + '/'))
    return htmlReply(htmlPage('Bad request', '<p>Bad request</p>'), 400);
  const url = new URL(target);
  url.searchParams.set('prompt', 'login');
  return redirectReply(url.toString());
}

/**
 * `/student/login` and `/parent/login`: GET shows the form (and hands out a `cc-session` cookie), POST
 * signs in with the form's fields (./routes.ts `route`).
 */
export function formLoginRoute(state: RouterState, req: RouteRequest, kind: 'student' | 'parent'): Reply {
  if (req.method !== 'POST') {
    const cc = ccSessionFor(state, req);
    return htmlReply(loginPage(kind), 200, { 'set-cookie': setCookie('cc-session', cc, state.now()) });
  }
  return kind === 'student' ? studentFormLogin(state, req) : parentFormLogin(state, req);
}
