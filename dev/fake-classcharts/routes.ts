/**
 * The router of the fake ClassCharts server: logins (web form and legacy JSON), pre-login helpers, the
 * TES SSO bounce, and the `/apiv2student` / `/apiv2parent` endpoints with their session checks.
 * Behaviour per docs/classcharts-api.md (§ numbers below; §8 is the service specification).
 */
import * as api from './api';
import {
  ANNOUNCEMENT_FILES_PREFIX,
  announcementFile,
  servedAnnouncementFiles,
  signHomeworkFiles,
  STORAGE_HOST,
  storageObject,
} from './attachments';
import { pupilCounters } from './dataset';
import { htmlPage, htmlReply, jsonReply, redirectReply, type Reply } from './http-util';
import type { Session, SessionStore } from './sessions';
import { randomToken } from './sessions';
import type {
  FakeDataset,
  FakeParentAccount,
  FakePupilData,
  IsoDate,
  RawAnnouncement,
  RawHomework,
  RawStudentUser,
} from './types';

/** What the router needs from the running server. */
export interface RouterState {
  dataset: FakeDataset;
  sessions: SessionStore;
  /** `cc-session` cookie values handed out so far. */
  ccSessions: Set<string>;
  /** Base URL, e.g. `http://127.0.0.1:38121`. */
  baseUrl(): string;
  /** Today `YYYY-MM-DD` in Europe/London. */
  today(): IsoDate;
  /** Epoch ms. */
  now(): number;
  parentCookieName: string;
  expiredStatus: 200 | 401;
  tesSso: boolean;
  /** Parent activation mode (./index.ts `parentNeedsPing`). */
  parentNeedsPing: boolean;
  /** `/timetable`'s `data` keyed by date (./index.ts `timetableByDate`). */
  timetableByDate: boolean;
  /** Parent tokens issued by a ping: the sessions that are activated. */
  activated: Set<string>;
}

/** One parsed request. */
export interface RouteRequest {
  method: string;
  /** Path plus query, as received. */
  rawUrl: string;
  path: string;
  query: Record<string, string>;
  /** Form fields of the body, however encoded. */
  fields: Record<string, string>;
  cookies: Map<string, string>;
  authorization: string | undefined;
}

/** The JSON login's wrong-code text (mocks and client checks, docs/classcharts-api.md §2.3). */
export const PUPIL_CODE_INCORRECT =
  "The pupil code you have provided is incorrect. If you do not have your pupil code, or have forgotten it, please contact your school. Your school contact details can usually be found on your school's website.";
/** The JSON login's wrong-date-of-birth text (docs/classcharts-api.md §2.3). */
export const DOB_INCORRECT = 'The date of birth you have provided is incorrect';
/** The JSON parent login's failure text (mock, docs/classcharts-api.md §2.3). */
export const PARENT_LOGIN_INCORRECT = 'Email address or password provided is incorrect';
/** Invented (the real text is unknown): a pupil id that is missing or not this account's. */
export const PUPIL_REQUIRED = 'A pupil ID is required.';
/** Invented (the real text is unknown): a pupil id that is not this account's. */
export const PUPIL_FORBIDDEN = 'You do not have access to this pupil.';

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

function parentOf(state: RouterState, id: number): FakeParentAccount | undefined {
  return state.dataset.parents.find((p) => p.user.id === id);
}

function pupilData(state: RouterState, id: number): FakePupilData | undefined {
  return state.dataset.pupils.find((p) => p.pupil.id === id);
}

/** Legacy JSON logins (docs/classcharts-api.md §2.3): the envelope with `meta.session_id`, and no cookies. */
function jsonLogin(state: RouterState, kind: 'student' | 'parent', req: RouteRequest): api.Envelope {
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
function hasDob(state: RouterState, code: string | undefined): api.Envelope {
  const account = findStudent(state, code);
  return api.ok({ has_dob: account !== undefined && account.dateOfBirth !== null });
}

/**
 * `/student/checkpupilcode/<code>` (docs/classcharts-api.md §2.3): the same `has_dob` shape, but true for
 * every code that exists, with or without a date of birth (the Go mock's `CheckPupilCodeHandler` filters on
 * the code only). An unknown code is not an error: sccreeper/BetterClasscharts@e01c3fface
 * src/api/student_client.py:77,208-209 (run against production) reads `data.has_dob` of a success.
 */
function checkPupilCode(state: RouterState, code: string | undefined): api.Envelope {
  return api.ok({ has_dob: findStudent(state, code) !== undefined });
}

/** The TES verify URL an SSO-mode API call without cookies is sent to (docs/classcharts-api.md §2.7). */
function tesBounce(state: RouterState, req: RouteRequest): Reply {
  return redirectReply(
    `${state.baseUrl()}/tes/v1/verify?returnUrl=${encodeURIComponent(state.baseUrl() + req.rawUrl)}`,
  );
}

function tesVerify(state: RouterState, req: RouteRequest): Reply {
  const target = req.query['returnUrl'] ?? '';
  if (!target.startsWith(state.baseUrl() + '/'))
    return htmlReply(htmlPage('Bad request', '<p>Bad request</p>'), 400);
  const url = new URL(target);
  url.searchParams.set('prompt', 'login');
  return redirectReply(url.toString());
}

const DATA_ENDPOINTS = [
  'activity',
  'behaviour',
  'homeworks',
  'timetable',
  'eventbadges',
  'announcements',
  'detentions',
  'attendance',
] as const;
type DataEndpoint = (typeof DATA_ENDPOINTS)[number];

function isDataEndpoint(name: string): name is DataEndpoint {
  return (DATA_ENDPOINTS as readonly string[]).includes(name);
}

/** The session behind the request's `Authorization: Basic <token>`, or the not-logged-in body. */
function authenticate(
  state: RouterState,
  kind: 'student' | 'parent',
  req: RouteRequest,
  renewing = false,
): Session | api.Envelope {
  const token = basicToken(req);
  if (token === null) return api.notLoggedIn(0);
  // A renewing ping may bring back a token that timed out a short while ago (`staleTokenRenewsSeconds`).
  const session = state.sessions.find(token) ?? (renewing ? state.sessions.findStale(token) : null);
  if (!session || session.kind !== kind) return api.notLoggedIn(1);
  return session;
}

/** The token of the request's `Authorization: Basic <token>`, or `null` when there is none. */
function basicToken(req: RouteRequest): string | null {
  return /^\s*Basic\s+(\S+)\s*$/i.exec(req.authorization ?? '')?.[1] ?? null;
}

/** The live session behind the request's `Authorization: Basic <token>`, or `null`. */
function sessionOf(state: RouterState, req: RouteRequest): Session | null {
  const token = basicToken(req);
  return token === null ? null : state.sessions.find(token);
}

/**
 * The pupil a data request is about (docs/classcharts-api.md §1.1: optional for students, required for
 * parents).
 */
function resolvePupil(
  state: RouterState,
  session: Session,
  idPart: string | undefined,
): FakePupilData | api.Envelope {
  let parent: FakeParentAccount | undefined;
  if (session.kind === 'parent') {
    parent = parentOf(state, session.id);
    if (idPart === undefined || idPart === '') return api.fail(PUPIL_REQUIRED);
  }
  const id = idPart === undefined || idPart === '' ? session.id : Number(idPart);
  const allowed = parent ? parent.pupilIds.includes(id) : id === session.id;
  const pupil = Number.isInteger(id) && allowed ? pupilData(state, id) : undefined;
  return pupil ?? api.fail(PUPIL_FORBIDDEN);
}

function dataEndpoint(
  state: RouterState,
  endpoint: DataEndpoint,
  pupil: FakePupilData,
  params: api.Params,
): api.Envelope {
  const today = state.today();
  switch (endpoint) {
    case 'activity':
      return api.activity(pupil, params, today);
    case 'behaviour':
      return api.behaviour(pupil, params, today);
    case 'homeworks':
      // Each file link signed afresh, valid for about a day from now (./attachments.ts).
      return withData(api.homeworks(pupil, params, today), (list: RawHomework[]) =>
        signHomeworkFiles(state, list),
      );
    case 'timetable':
      return api.timetable(pupil, params, today, state.timetableByDate);
    case 'eventbadges':
      return api.eventBadges(pupil);
    case 'announcements':
      return withData(api.announcements(pupil), (list: RawAnnouncement[]) =>
        servedAnnouncementFiles(state, list),
      );
    case 'detentions':
      return api.detentions(pupil);
    case 'attendance':
      return api.attendance(pupil, params, today);
  }
}

/** A success envelope with its `data` list changed by `change`; an error envelope as it is. */
function withData<T>(envelope: api.Envelope, change: (list: T[]) => T[]): api.Envelope {
  return envelope.success === 1 ? { ...envelope, data: change(envelope.data as T[]) } : envelope;
}

function envelopeReply(state: RouterState, envelope: api.Envelope): Reply {
  const notLoggedIn = envelope.success === 0 && envelope.error === api.NOT_LOGGED_IN;
  return jsonReply(envelope, notLoggedIn ? state.expiredStatus : 200);
}

function notFound(): Reply {
  return htmlReply(
    htmlPage('Page not found', '<h1>404</h1><p>The page you were looking for could not be found.</p>'),
    404,
  );
}

function apiRoute(state: RouterState, kind: 'student' | 'parent', parts: string[], req: RouteRequest): Reply {
  const [, endpoint = '', idPart, ...rest] = parts;
  if (rest.length > 0) return notFound();
  if (endpoint === 'login') return envelopeReply(state, jsonLogin(state, kind, req));
  if (endpoint === 'hasdob' && kind === 'student')
    return envelopeReply(state, hasDob(state, req.fields['code'] ?? req.query['code']));
  const known = [
    'ping',
    'logout',
    ...(kind === 'parent' ? ['pupils'] : ['homeworkticked']),
    ...DATA_ENDPOINTS,
  ];
  if (!known.includes(endpoint)) return notFound();
  if (state.tesSso && !state.ccSessions.has(req.cookies.get('cc-session') ?? ''))
    return tesBounce(state, req);
  const params: api.Params = { ...req.fields, ...req.query };
  const session = authenticate(state, kind, req, endpoint === 'ping' && params['include_data'] !== 'false');
  if (!('token' in session)) return envelopeReply(state, session);
  if (endpoint === 'ping') {
    const pupil = kind === 'student' ? pupilData(state, session.id) : undefined;
    const user = pupil
      ? { ...studentUserOf(pupil), announcements_count: pupilCounters(pupil).announcements_count }
      : parentOf(state, session.id)?.user;
    const includeData = params['include_data'] !== 'false';
    const fresh = includeData ? state.sessions.rotate(session) : session;
    if (kind === 'parent') state.activated.add(fresh.token);
    const meta = includeData
      ? { session_id: fresh.token, version: state.dataset.appVersion }
      : { version: state.dataset.appVersion };
    return envelopeReply(state, api.ok({ user: user ?? [] }, meta));
  }
  if (endpoint === 'logout') {
    state.sessions.revoke(session.token);
    return envelopeReply(state, api.ok([]));
  }
  // A parent session not yet activated by a ping answers with its data emptied (ha-classcharts
  // api.py:91-100).
  const notActivated = kind === 'parent' && state.parentNeedsPing && !state.activated.has(session.token);
  if (endpoint === 'pupils') {
    const parent = parentOf(state, session.id);
    // The counters are counted at each answer, so they agree with the records whatever changed them.
    const pupils = (parent?.pupilIds ?? []).flatMap((id) => {
      const data = pupilData(state, id);
      return data ? [{ ...data.pupil, ...pupilCounters(data) }] : [];
    });
    return envelopeReply(state, api.ok(notActivated ? [] : pupils));
  }
  if (endpoint === 'homeworkticked')
    return envelopeReply(state, homeworkTicked(state, session, idPart, params));
  if (!isDataEndpoint(endpoint)) return notFound();
  const pupil = resolvePupil(state, session, idPart);
  if ('success' in pupil) return envelopeReply(state, pupil);
  const answer = dataEndpoint(state, endpoint, pupil, params);
  return envelopeReply(state, notActivated && answer.success === 1 ? { ...answer, data: [] } : answer);
}

/**
 * `/apiv2student/homeworkticked/<status id>[?pupil_id=<id>]`: toggles the tick of one of the signed-in
 * pupil's homework (./api.ts `tickHomework`). `pupil_id`, when sent, must be the pupil's own ({@link
 * PUPIL_FORBIDDEN} otherwise, as for the student data paths); `studentId` and `value` are ignored. Students
 * only: the parent API has no such endpoint (404 page).
 */
function homeworkTicked(
  state: RouterState,
  session: Session,
  statusIdPart: string | undefined,
  params: api.Params,
): api.Envelope {
  const pupil = resolvePupil(state, session, params['pupil_id']);
  if ('success' in pupil) return pupil;
  return api.tickHomework(pupil, statusIdPart);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Routes one request to its reply. Never throws for bad input (the server turns a bug into HTTP 500). */
export function route(state: RouterState, req: RouteRequest): Reply {
  const parts = req.path.split('/').filter((p) => p !== '');
  const [first, second, third] = parts;
  const isPost = req.method === 'POST';
  if ((first === 'student' || first === 'parent') && second === 'login' && parts.length === 2) {
    if (!isPost) {
      const cc = ccSessionFor(state, req);
      return htmlReply(loginPage(first), 200, { 'set-cookie': setCookie('cc-session', cc, state.now()) });
    }
    return first === 'student' ? studentFormLogin(state, req) : parentFormLogin(state, req);
  }
  if (first === 'student' && second === 'checkpupilcode' && third !== undefined && parts.length === 3) {
    return envelopeReply(state, checkPupilCode(state, safeDecode(third)));
  }
  if (first === 'tes' && second === 'v1' && third === 'verify') return tesVerify(state, req);
  if (first === 'storage' && second === STORAGE_HOST)
    return storageObject(state, state.dataset, req.path, req.query);
  if (`/${first}` === ANNOUNCEMENT_FILES_PREFIX && parts.length === 4)
    return announcementFile(state.dataset, sessionOf(state, req), parts) ?? notFound();
  if (first === 'apiv2student') return apiRoute(state, 'student', parts, req);
  if (first === 'apiv2parent') return apiRoute(state, 'parent', parts, req);
  return notFound();
}
