/**
 * The router of the fake ClassCharts server: logins (web form and legacy JSON), pre-login helpers and the
 * TES SSO bounce (./logins.ts), and the `/apiv2student` / `/apiv2parent` endpoints with their session
 * checks. Behaviour per docs/classcharts-api.md (§ numbers below; §8 is the service specification).
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
import { pupilCounters } from './dataset-pupil-records';
import { htmlPage, htmlReply, jsonReply, type Reply } from './http-util';
import {
  checkPupilCode,
  formLoginRoute,
  hasDob,
  jsonLogin,
  pupilData,
  studentUserOf,
  tesBounce,
  tesVerify,
} from './logins';
import type { Session, SessionStore } from './sessions';
import type { PeriodNameStyle } from './timetable';
import type {
  FakeDataset,
  FakeParentAccount,
  FakePupilData,
  IsoDate,
  RawAnnouncement,
  RawHomework,
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
  /** The school's shape of `period_name` (./index.ts `periodNames`). */
  periodNames: PeriodNameStyle;
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

/** Invented (the real text is unknown): a pupil id that is missing or not this account's. */
export const PUPIL_REQUIRED = 'A pupil ID is required.';
/** Invented (the real text is unknown): a pupil id that is not this account's. */
export const PUPIL_FORBIDDEN = 'You do not have access to this pupil.';

function parentOf(state: RouterState, id: number): FakeParentAccount | undefined {
  return state.dataset.parents.find((p) => p.user.id === id);
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
      return api.timetable(pupil, params, today, state.timetableByDate, state.periodNames);
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
  if ((first === 'student' || first === 'parent') && second === 'login' && parts.length === 2)
    return formLoginRoute(state, req, first);
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
