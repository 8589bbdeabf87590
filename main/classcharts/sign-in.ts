/**
 * The session's own requests, for ./client.ts: sign-in with the web form and, for a refused student, the
 * pre-login probes that name the wrong field; the account; renewal by `/ping`, revival, logout and sign-out.
 *
 * Sign-in is the web form (docs/classcharts-api.md §2.1–2.2, §8.4–8.5): one POST, redirect not followed,
 * the token read from the `*_session_credentials` cookie, every cookie kept and sent back. Renewal is
 * `/ping` with `include_data=true` (§2.5).
 */
import type { Account, Pupil } from '../../common/domain';
import type { ClientSession } from './client-session';
import { londonDate } from '../../common/dates';
import {
  BadResponseError,
  type CredentialField,
  InvalidInputError,
  NoPupilsError,
  ServiceRefusedError,
  SessionExpiredError,
  WrongCredentialsError,
} from './errors';
import { mapPupil } from './map';
import { schoolText } from './school-text';
import { hasDobSchema, parentUserSchema, pingSchema, pupilSchema, pupilsSchema } from './schemas';
import { challengeRefusal, excerptOf, isChallenge, isUsableToken, type TransportRequest } from './transport';
import {
  normaliseAccessCode,
  normaliseDateOfBirth,
  normaliseParent,
  type ParentSignIn,
  type StudentSignIn,
} from './validate';

/**
 * Sign-in details. Student: `code` (trimmed and upper-cased by the client) and `dateOfBirth` DD/MM/YYYY
 * (unpadded `1/5/2012` and `YYYY-MM-DD` accepted; `''` for a pupil whose school gave a code only,
 * docs/classcharts-api.md §2.3). Parent: `email` and `password`.
 */
export type Credentials =
  | { kind: 'student'; code: string; dateOfBirth: string }
  | { kind: 'parent'; email: string; password: string };

/**
 * Statuses that are no answer from a sign-in page at all (the base URL points elsewhere): a refusal is
 * anything else without a session cookie (docs/classcharts-api.md §2.1: "anything other than 302+cookies").
 */
const NOT_A_SIGN_IN_ANSWER: ReadonlySet<number> = new Set([404, 405, 410]);

/**
 * The login form's constant fields (docs/classcharts-api.md §2.1–2.2). `remember_me` only for students: every
 * student client sends it; no parent client does (classcharts-api-js 2.12.3 parentClient.js:55-59,
 * proffalken/ha-classcharts@d2cd1dd3c3 api.py:47-49, funfairlabs-incubator/classcharts-orc@93b7b34515
 * shared/src/classcharts.ts:218-224).
 */
const FORM_CONSTANTS = { _method: 'POST', 'recaptcha-token': 'no-token-available' };

/**
 * Signs in with the web form: ONE round trip (POST, redirect not followed); keeps the token from the
 * `*_session_credentials` cookie and every cookie set. Validates first, before any network call. A parent
 * session may show no data until it is pinged (docs/classcharts-api.md §2.2): `account()` pings, and the
 * session keeper pings after signing in again by itself.
 * @throws InvalidInputError a field is unusable (nothing was sent).
 * @throws WrongCredentialsError the service refused; for a student the `hasdob` and `checkpupilcode`
 *   probes tell a wrong code (`field: 'code'`) from a wrong or missing date of birth (`'dateOfBirth'`); a
 *   known pupil with no date of birth, or a probe that fails, gives no field.
 * @throws NetworkError, BadResponseError (HTTP 5xx; 404, 405 or 410 — no sign-in page there; a
 *   session token that cannot go in a header), ServiceRefusedError (HTTP 429; a Cloudflare challenge, which
 *   says nothing about the credentials). A web page with HTTP 200
 *   and no cookie is a refusal, whoever sent it: the real refusal is such a page (docs/classcharts-api.md
 *   §2.1).
 */
export async function login(session: ClientSession, credentials: Credentials): Promise<void> {
  const { transport, logger } = session;
  const signIn: StudentSignIn | ParentSignIn =
    credentials.kind === 'student'
      ? {
          kind: 'student',
          code: normaliseAccessCode(credentials.code),
          dateOfBirth: normaliseDateOfBirth(credentials.dateOfBirth, londonDate(session.clock.now())),
        }
      : normaliseParent(credentials.email, credentials.password);
  signOut(session);
  const path = signIn.kind === 'student' ? '/student/login' : '/parent/login';
  const form =
    signIn.kind === 'student'
      ? { ...FORM_CONSTANTS, remember_me: '1', code: signIn.code, dob: signIn.dateOfBirth }
      : { ...FORM_CONSTANTS, email: signIn.email, logintype: 'existing', password: signIn.password };
  const response = await transport.send({ method: 'POST', path, form, auth: false });
  const token = transport.cookies.sessionToken();
  if (token !== null && response.status < 400 && !isUsableToken(token)) {
    transport.cookies.clear();
    throw new BadResponseError(
      path,
      'sign-in cookie holds a session token that cannot be sent back',
      response.status,
      '(token withheld)',
    );
  }
  if (token !== null && response.status < 400) {
    transport.token = token;
    session.kind = signIn.kind;
    logger.info('classcharts signed in', { kind: signIn.kind, cookies: transport.cookies.names() });
    return;
  }
  transport.cookies.clear();
  if (response.status >= 500 || NOT_A_SIGN_IN_ANSWER.has(response.status))
    throw new BadResponseError(
      path,
      response.status >= 500 ? 'sign-in failed' : 'no sign-in page at this address',
      response.status,
      // The page may echo what was typed: redact the sign-in details as well as any token.
      excerptOf(
        response.body,
        signIn.kind === 'student' ? [signIn.code, signIn.dateOfBirth] : [signIn.email, signIn.password],
      ),
    );
  if (response.status === 429)
    throw new ServiceRefusedError(path, 'Too many sign-in attempts; wait a few minutes and try again.');
  if (isChallenge(response)) throw challengeRefusal(path);
  logger.info('classcharts sign-in refused', { kind: signIn.kind, status: response.status });
  if (signIn.kind === 'parent') throw new WrongCredentialsError('parent');
  const field = fieldFromLoginBody(response.body) ?? (await probeAccessCode(session, signIn.code));
  transport.cookies.clear();
  throw new WrongCredentialsError('student', field, signIn.dateOfBirth !== '');
}

/**
 * The signed-in account. Student: one `/ping` (which renews the token) → the pupil from `data.user`.
 * Parent: `/ping` (renews, gives the parent's name) and `/pupils` together, one round trip. `/pupils`
 * is asked once more, after the ping, when it came back empty (a parent session may need the ping to
 * "activate" it before it shows data, docs/classcharts-api.md §2.2) or refused the token the ping was
 * replacing (client notes, decision 5).
 * @throws NoPupilsError a parent account with no pupils; SessionExpiredError; the transport's errors.
 */
export async function account(session: ClientSession): Promise<Account> {
  if (session.kind === 'parent') {
    const [renewal, listing] = await Promise.allSettled([ping(session), pupils(session)]);
    if (renewal.status === 'rejected') throw renewal.reason;
    let found: Pupil[];
    if (listing.status === 'fulfilled' && listing.value.length > 0) found = listing.value;
    else if (
      listing.status === 'fulfilled' ||
      (listing.reason instanceof SessionExpiredError && session.hasSession())
    )
      found = await pupils(session);
    else throw listing.reason;
    const parent = parentUserSchema.safeParse(renewal.value);
    if (found.length === 0) throw new NoPupilsError();
    // The parent's name is plain text, HTML-encoded like every other name (docs/classcharts-api.md §5).
    const name = parent.success ? schoolText(parent.data.name ?? '').trim() : undefined;
    return { kind: 'parent', name: name || 'Parent', pupils: found };
  }
  const pupil = await studentInfo(session);
  return { kind: 'student', name: pupil.name, pupils: [pupil] };
}

/**
 * Renews the session: POST `/ping` with `include_data=true` on the account's base; the token becomes
 * `meta.session_id` (kept as is if the service sent none, or one that cannot go in a header). Field
 * notes §2.5. Returns the ping's `data.user` (unvalidated).
 * @throws SessionExpiredError the token was no longer accepted; the transport's errors.
 */
export async function ping(session: ClientSession): Promise<unknown> {
  const body = await session.call(pingSchema, {
    method: 'POST',
    path: `${session.base}/ping`,
    form: { include_data: 'true' },
  });
  const next = body.meta?.session_id?.trim();
  if (next && isUsableToken(next)) session.transport.token = next;
  else session.logger.warn('classcharts ping returned no usable session id; keeping the current one');
  return body.data.user;
}

/**
 * Brings a session back without signing in: pings (as {@link ping}) with the token held, or else with the
 * token the service last called expired. skeffling/timetable-plus (`extension/common.js`
 * `ccRefreshSession`) gets a new token this way from the live service; the legacy docs imply a timed-out
 * token is dead (docs/classcharts-api.md §2.5, §9), so the caller signs in when this resolves `false`.
 * Resolves `true` with a new token held (or the held one confirmed); `false` when the service refused the
 * token, or answered the ping for a refused token without a new one (it is then forgotten); `null` when
 * there was no token to try (no request was sent).
 * @throws NetworkError, BadResponseError, ServiceRefusedError: the question was not answered (a timed-out
 *   token is kept for another try).
 */
export async function revive(session: ClientSession): Promise<boolean | null> {
  const { transport } = session;
  const held = transport.token;
  const token = held ?? session.timedOut;
  if (token === null || session.kind === null || token === session.endingSession) return null;
  transport.token = token;
  try {
    await ping(session);
    session.timedOut = null;
    // A ping that kept a token a read had refused (no new id came) renews nothing: sign in instead.
    if (held === null && transport.token === token) {
      transport.token = null;
      return false;
    }
    return true;
  } catch (error) {
    if (error instanceof SessionExpiredError) {
      session.timedOut = null;
      return false;
    }
    if (held === null && transport.token === token) transport.token = null;
    throw error;
  }
}

/**
 * Ends the session on the service, best effort: POST `/logout` on the account's base with the session
 * (NCPlayz's client and both mock servers, daydreme/classcharts-server-mock@17323a2da3 pkg/router/router.go),
 * then forgets it as {@link signOut} does, whatever the answer. Never throws: a sign-out that cannot reach
 * the service still signs out here, and the token dies on its own within 180 s.
 */
export async function logout(session: ClientSession): Promise<void> {
  const path = `${session.base}/logout`;
  const token = session.transport.token;
  if (token === null) return signOut(session);
  session.endingSession = token; // from now on nothing else is sent with it
  try {
    await session.transport.send({ method: 'POST', path });
  } catch (error) {
    session.logger.info('classcharts logout not sent', { error: (error as Error).name });
  } finally {
    if (session.transport.token === token) signOut(session);
    if (session.endingSession === token) session.endingSession = null;
  }
}

/** Forgets the token, the cookies and the account kind. No network call. */
export function signOut(session: ClientSession): void {
  session.transport.token = null;
  session.timedOut = null;
  session.transport.cookies.clear();
  session.kind = null;
}

/**
 * The pupils a parent may see (`GET /apiv2parent/pupils`, docs/classcharts-api.md §5.3).
 * @throws InvalidInputError on a student account.
 */
export async function pupils(session: ClientSession): Promise<Pupil[]> {
  if (session.kind === 'student')
    throw new InvalidInputError(
      'pupils() is for parent accounts',
      'Only a parent account has a list of pupils.',
    );
  const body = await session.call(pupilsSchema, { method: 'GET', path: '/apiv2parent/pupils' });
  return body.data.map(mapPupil);
}

/**
 * The signed-in student (`/apiv2student/ping` `data.user`, docs/classcharts-api.md §5.1); renews the token
 * too.
 * @throws InvalidInputError on a parent account.
 */
export async function studentInfo(session: ClientSession): Promise<Pupil> {
  if (session.kind === 'parent')
    throw new InvalidInputError('studentInfo() is for student accounts', 'Only a student account has this.');
  const path = '/apiv2student/ping';
  const parsed = pupilSchema.safeParse(await ping(session));
  if (!parsed.success)
    throw new BadResponseError(
      path,
      'ping has no usable data.user',
      null,
      parsed.error.issues[0]?.message ?? '',
    );
  return mapPupil(parsed.data);
}

/**
 * Which field a refused student sign-in got wrong, asked of the service's two pre-login helpers
 * (docs/classcharts-api.md §2.3): `/apiv2student/hasdob` true → the pupil has a date of birth, so that was
 * wrong (or missing); otherwise `/student/checkpupilcode/<code>` tells an unknown code (`'code'`) from a
 * known pupil with no date of birth, who was refused for some other reason (`undefined`: neither field is
 * provably wrong). `hasdob` answers false for both an unknown code and a code-only pupil
 * (daydreme/classcharts-server-mock@1c742cfc67 pkg/student/user/auth.go), hence the second question. A
 * helper that fails or answers something else leaves the field open (`undefined`). Never throws.
 */
async function probeAccessCode(session: ClientSession, code: string): Promise<CredentialField | undefined> {
  if ((await askHasDob(session, 'hasdob', code)) === true) return 'dateOfBirth';
  return (await askHasDob(session, 'checkpupilcode', code)) === false ? 'code' : undefined;
}

/**
 * One pre-login helper's `data.has_dob`: `true`/`false`, or `undefined` when it failed, refused or
 * answered without the flag. `hasdob` is POSTed the code in its form; `checkpupilcode` is asked with a GET
 * and the code in the path, as sccreeper's client does (errors and logs name the path without it).
 */
async function askHasDob(
  session: ClientSession,
  probe: 'hasdob' | 'checkpupilcode',
  code: string,
): Promise<boolean | undefined> {
  const named = probe === 'hasdob' ? '/apiv2student/hasdob' : '/student/checkpupilcode';
  const request: TransportRequest =
    probe === 'hasdob'
      ? { method: 'POST', path: named, form: { code }, auth: false }
      : {
          method: 'GET',
          path: `${named}/${encodeURIComponent(code)}`,
          loggedPath: `${named}/{code}`,
          auth: false,
        };
  try {
    const response = await session.transport.send(request);
    return session.transport.check(hasDobSchema, named, response).data.has_dob ?? undefined;
  } catch (error) {
    session.logger.info('classcharts sign-in probe inconclusive', { probe, error: (error as Error).name });
    return undefined;
  }
}

/**
 * A field named by a refused sign-in's body when it is the JSON error of the mobile-style login
 * (docs/classcharts-api.md §2.3, §3.1: "The pupil code you have provided is incorrect", "The date of birth
 * you have provided is incorrect"); `undefined` for HTML or anything else.
 */
function fieldFromLoginBody(body: string): CredentialField | undefined {
  if (!/^\s*\{/.test(body)) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    const error =
      typeof parsed === 'object' && parsed !== null ? (parsed as { error?: unknown }).error : undefined;
    if (typeof error !== 'string') return undefined;
    if (/date (of birth )?you have provided/i.test(error)) return 'dateOfBirth';
    if (/pupil code/i.test(error)) return 'code';
  } catch {
    // Not JSON after all.
  }
  return undefined;
}
