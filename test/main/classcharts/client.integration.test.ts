// The client against the fake ClassCharts server over real loopback HTTP (127.0.0.1, port 0): both
// sign-ins and each of their failures, renewal, every read endpoint for a student and a parent, cookie
// handling (separate Set-Cookie headers and net.fetch's joined string), and every error kind.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClassChartsClient, type ClientOptions } from '../../../main/classcharts/client';
import { addDays, parseInstant } from '../../../common/dates';
import {
  BadResponseError,
  InvalidInputError,
  NetworkError,
  ServiceRefusedError,
  SessionExpiredError,
  WrongCredentialsError,
} from '../../../main/classcharts/errors';
import { systemClock } from '../../../main/ports';
import { type FakeClassCharts, startFakeClassCharts } from '../../../dev/fake-classcharts/index';
import {
  failure,
  interceptFetch,
  joinedSetCookieFetch,
  jsonResponse,
  pathOf,
  recordingLogger,
} from './helpers';

/** A Wednesday a week and a half after the clock went back (25 October 2026). */
const TODAY = '2026-11-04';

let fake: FakeClassCharts;
let logger: ReturnType<typeof recordingLogger>;

beforeAll(async () => {
  fake = await startFakeClassCharts({ today: TODAY });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.faults.clear();
  logger = recordingLogger();
});

function client(options: Partial<ClientOptions> = {}): ClassChartsClient {
  return new ClassChartsClient({ fetch, baseUrl: fake.url, clock: systemClock, logger, ...options });
}

async function student(options: Partial<ClientOptions> = {}): Promise<ClassChartsClient> {
  const c = client(options);
  await c.login({ kind: 'student', ...fake.accounts.student });
  return c;
}

async function parent(options: Partial<ClientOptions> = {}): Promise<ClassChartsClient> {
  const c = client(options);
  await c.login({
    kind: 'parent',
    email: fake.accounts.parent.email,
    password: fake.accounts.parent.password,
  });
  return c;
}

/** The requests the fake saw since `mark` (an index into its log). */
function since(mark: number) {
  return fake.requests.slice(mark);
}

/** Nothing secret in the logs or in an error's messages. */
function expectNoSecrets(...texts: string[]) {
  const all = [logger.text(), ...texts].join('\n');
  for (const secret of [
    fake.accounts.student.code,
    fake.accounts.student.dateOfBirth,
    fake.accounts.parent.password,
    fake.accounts.parent.email,
  ])
    expect(all).not.toContain(secret);
  for (const request of fake.requests) {
    const token = request.headers.authorization?.replace(/^Basic /, '');
    if (token) expect(all).not.toContain(token);
  }
}

describe('student sign-in', () => {
  it('is one form POST (redirect not followed) with the code upper-cased and the DOB padded', async () => {
    const c = client();
    const mark = fake.requests.length;
    const [day, month, year] = fake.accounts.student.dateOfBirth.split('/').map(Number);
    await c.login({
      kind: 'student',
      code: ` ${fake.accounts.student.code.toLowerCase()} `,
      dateOfBirth: `${day}/${month}/${year}`,
    });
    expect(c.hasSession()).toBe(true);
    expect(c.kind).toBe('student');
    const requests = since(mark);
    expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['POST /student/login 302']);
    const form = new URLSearchParams(requests[0]!.body);
    expect(form.get('code')).toBe(fake.accounts.student.code);
    expect(form.get('dob')).toBe(fake.accounts.student.dateOfBirth);
    expectNoSecrets();
  });

  it('wrong access code: WrongCredentialsError pointing at the code (hasdob probe)', async () => {
    const c = client();
    const mark = fake.requests.length;
    const error = await failure(c.login({ kind: 'student', code: 'NOSUCH99', dateOfBirth: '14/05/2012' }));
    expect(error).toBeInstanceOf(WrongCredentialsError);
    expect(error).toMatchObject({ code: 'wrong-code', field: 'code' });
    expect(error.userMessage).toMatch(/access code/);
    expect(since(mark).map((r) => r.path)).toEqual([
      '/student/login',
      '/apiv2student/hasdob',
      '/student/checkpupilcode/NOSUCH99',
    ]);
    expect(c.hasSession()).toBe(false);
    expectNoSecrets(error.message, error.userMessage);
  });

  it('wrong date of birth: WrongCredentialsError pointing at the date of birth', async () => {
    const error = await failure(
      client().login({ kind: 'student', code: fake.accounts.student.code, dateOfBirth: '01/01/2011' }),
    );
    expect(error).toMatchObject({ code: 'wrong-date-of-birth', field: 'dateOfBirth' });
    expect(error.userMessage).toMatch(/date of birth/);
  });

  it('a base address with no sign-in page (HTTP 404) is a broken service, not wrong details', async () => {
    for (const credentials of [
      { kind: 'student', ...fake.accounts.student },
      { kind: 'parent', email: fake.accounts.parent.email, password: fake.accounts.parent.password },
    ] as const) {
      const c = new ClassChartsClient({ fetch, baseUrl: `${fake.url}/student`, clock: systemClock, logger });
      const error = await failure(c.login(credentials));
      expect(error).toBeInstanceOf(BadResponseError);
      expect(error).toMatchObject({ status: 404 });
      expect(error.userMessage).not.toMatch(/access code|password/i);
    }
  });

  // The probe's answers after a refused sign-in (review 2026-11-24 §2, second look; issue 25 §1): has_dob
  // true blames the date; anything else asks checkpupilcode, which the fake answers true for this known code,
  // so no field is blamed — has_dob false is also a code-only pupil's answer
  // (daydreme/classcharts-server-mock
  // @1c742cfc67 pkg/student/user/auth.go), not proof of a wrong code.
  it.each([
    [{ success: 1, data: { has_dob: true }, meta: [] }, 'dateOfBirth'],
    [{ success: 1, data: { has_dob: false }, meta: [] }, undefined],
    [{ success: 1, data: [], meta: [] }, undefined],
    [{ success: 0, error: 'The pupil code you have provided is incorrect' }, undefined],
  ] as const)('hasdob answering %j blames the %s', async (answer, field) => {
    const c = client({ fetch: interceptFetch(/\/apiv2student\/hasdob$/, () => jsonResponse(answer)) });
    const error = await failure(
      c.login({ kind: 'student', code: fake.accounts.student.code, dateOfBirth: '01/01/2011' }),
    );
    expect(error).toBeInstanceOf(WrongCredentialsError);
    expect(error).toMatchObject({ field });
  });

  it('when the probe fails, says "access code or date of birth" without a field', async () => {
    fake.faults.inject({ path: '/apiv2student/hasdob', kind: 'html' });
    const error = await failure(
      client().login({ kind: 'student', code: fake.accounts.student.code, dateOfBirth: '01/01/2011' }),
    );
    expect(error).toBeInstanceOf(WrongCredentialsError);
    expect(error).toMatchObject({ code: 'wrong-credentials', field: undefined });
    expect(error.userMessage).toMatch(/access code or date of birth/);
  });

  it('rejects unusable details before sending anything', async () => {
    const mark = fake.requests.length;
    const c = client();
    await expect(c.login({ kind: 'student', code: '  ', dateOfBirth: '14/05/2012' })).rejects.toMatchObject({
      code: 'invalid-input',
      field: 'code',
    });
    await expect(
      c.login({ kind: 'student', code: 'DEMO2026', dateOfBirth: '31/02/2012' }),
    ).rejects.toMatchObject({
      code: 'invalid-input',
      field: 'dateOfBirth',
    });
    expect(since(mark)).toHaveLength(0);
  });

  it('a server error on the sign-in page is a BadResponseError, not wrong credentials', async () => {
    fake.faults.inject({ path: '/student/login', kind: 'http-500' });
    const error = await failure(client().login({ kind: 'student', ...fake.accounts.student }));
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error).toMatchObject({ status: 500, code: 'service' });
  });
  it('an error page that echoes the typed details does not carry them into the error', async () => {
    const { code, dateOfBirth } = fake.accounts.student;
    const echo = interceptFetch(
      /\/student\/login$/,
      () =>
        new Response(`<html><input name="code" value="${code}"><p>${dateOfBirth}</p> Oops</html>`, {
          status: 503,
        }),
    );
    const error = await failure(client({ fetch: echo }).login({ kind: 'student', code, dateOfBirth }));
    expect(error).toBeInstanceOf(BadResponseError);
    expect((error as BadResponseError).excerpt).toContain('Oops');
    expectNoSecrets(error.message, (error as BadResponseError).excerpt);
  });
});

describe('parent sign-in', () => {
  // The form the parent clients send: no remember_me (classcharts-api-js 2.12.3 parentClient.js:55-59;
  // proffalken/ha-classcharts@d2cd1dd3c3 api.py:47-49; classcharts-orc shared/src/classcharts.ts:218-224).
  it('is the form POST the parent clients send', async () => {
    const mark = fake.requests.length;
    const c = await parent();
    const requests = since(mark);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /parent/login']);
    const form = new URLSearchParams(requests[0]!.body);
    expect([...form.keys()].sort()).toEqual(['_method', 'email', 'logintype', 'password', 'recaptcha-token']);
    expect(form.get('logintype')).toBe('existing');
    expect(c.hasSession()).toBe(true);
  });

  it('signs in, and account() lists both pupils, the ping and /pupils sent together', async () => {
    const c = await parent();
    expect(c.kind).toBe('parent');
    const mark = fake.requests.length;
    const account = await c.account();
    expect(account.kind).toBe('parent');
    expect(account.name).not.toBe('');
    expect(account.pupils.map((p) => p.id)).toEqual(fake.accounts.parent.pupilIds);
    expect(
      since(mark)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual(['GET /apiv2parent/pupils', 'POST /apiv2parent/ping']);
    expectNoSecrets();
  });

  it('account() asks /pupils again after the ping when it came back empty (a session not yet activated)', async () => {
    let answered = 0;
    const notYetActive: typeof fetch = async (input, init) => {
      if (pathOf(input).endsWith('/pupils') && answered++ === 0)
        return jsonResponse({ success: 1, data: [], meta: [] });
      return fetch(input, init);
    };
    const c = await parent({ fetch: notYetActive });
    const mark = fake.requests.length;
    const account = await c.account();
    expect(account.pupils.map((p) => p.id)).toEqual(fake.accounts.parent.pupilIds);
    expect(answered).toBe(2);
    expect(since(mark).map((r) => r.path)).toEqual(['/apiv2parent/ping', '/apiv2parent/pupils']);
  });

  it('account() asks /pupils again when the ping retired its token first (no grace period)', async () => {
    const strict = await startFakeClassCharts({ today: TODAY, renewalGraceSeconds: 0 });
    try {
      // Hold /pupils back until the ping has rotated the token, as a slow route to the service would.
      let pinged!: () => void;
      const pingDone = new Promise<void>((resolve) => (pinged = resolve));
      const racing: typeof fetch = async (input, init) => {
        const path = pathOf(input);
        if (path.endsWith('/pupils')) await pingDone;
        const response = await fetch(input, init);
        if (path.endsWith('/ping')) setTimeout(pinged, 20);
        return response;
      };
      const c = new ClassChartsClient({ fetch: racing, baseUrl: strict.url, clock: systemClock, logger });
      await c.login({
        kind: 'parent',
        email: strict.accounts.parent.email,
        password: strict.accounts.parent.password,
      });
      const mark = strict.requests.length;
      const account = await c.account();
      expect(account.pupils.map((p) => p.id)).toEqual(strict.accounts.parent.pupilIds);
      const [ping, first, again] = strict.requests.slice(mark);
      expect([ping?.path, first?.path, again?.path]).toEqual([
        '/apiv2parent/ping',
        '/apiv2parent/pupils',
        '/apiv2parent/pupils',
      ]);
      // The first /pupils went with the retired token, the second with the one the ping handed out.
      expect(first?.headers.authorization).toBe(ping?.headers.authorization);
      expect(again?.headers.authorization).not.toBe(ping?.headers.authorization);
      expect(c.hasSession()).toBe(true);
    } finally {
      await strict.close();
    }
  });

  it('wrong password: WrongCredentialsError that names neither field', async () => {
    const error = await failure(
      client().login({ kind: 'parent', email: fake.accounts.parent.email, password: 'not-the-password' }),
    );
    expect(error).toMatchObject({ code: 'wrong-credentials', field: undefined });
    expect(error.userMessage).toMatch(/email address or password/);
    expectNoSecrets(error.message, error.userMessage);
  });

  it('accepts the parent token under the student cookie name too (as the spec says)', async () => {
    const other = await startFakeClassCharts({
      today: TODAY,
      parentCookieName: 'student_session_credentials',
    });
    try {
      const c = new ClassChartsClient({ fetch, baseUrl: other.url, clock: systemClock, logger });
      await c.login({
        kind: 'parent',
        email: other.accounts.parent.email,
        password: other.accounts.parent.password,
      });
      expect((await c.pupils()).length).toBe(other.accounts.parent.pupilIds.length);
    } finally {
      await other.close();
    }
  });
});

describe('renewal', () => {
  it('renew() pings with include_data=true and uses the new token from then on', async () => {
    const c = await student();
    await c.timetable(TODAY);
    const before = fake.requests.at(-1)!.headers.authorization;
    await c.renew();
    const ping = fake.requests.at(-1)!;
    expect(`${ping.method} ${ping.path}`).toBe('POST /apiv2student/ping');
    expect(new URLSearchParams(ping.body).get('include_data')).toBe('true');
    expect(ping.headers.authorization).toBe(before);
    await c.timetable(TODAY);
    const after = fake.requests.at(-1)!.headers.authorization;
    expect(after).toMatch(/^Basic \S+$/);
    expect(after).not.toBe(before);
  });

  it('an expired session: SessionExpiredError, and the client no longer claims a session', async () => {
    const c = await student();
    fake.expireSessions();
    const error = await failure(c.renew());
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error.code).toBe('session-expired');
    expect(c.hasSession()).toBe(false);
    await expect(c.timetable(TODAY)).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it('the not-logged-in answer sent with HTTP 401 is an expired session too', async () => {
    const other = await startFakeClassCharts({ today: TODAY, expiredStatus: 401 });
    try {
      const c = new ClassChartsClient({ fetch, baseUrl: other.url, clock: systemClock, logger });
      await c.login({ kind: 'student', ...other.accounts.student });
      other.expireSessions();
      await expect(c.homeworks({})).rejects.toBeInstanceOf(SessionExpiredError);
    } finally {
      await other.close();
    }
  });

  it('signOut() forgets the session without a network call', async () => {
    const c = await student();
    const mark = fake.requests.length;
    c.signOut();
    expect([c.hasSession(), c.kind]).toEqual([false, null]);
    await expect(c.badges()).rejects.toBeInstanceOf(SessionExpiredError);
    expect(since(mark)).toHaveLength(0);
  });
});

describe('cookies', () => {
  it('every API call sends Authorization: Basic <token> and the login cookies', async () => {
    const c = await student();
    const mark = fake.requests.length;
    await Promise.all([c.timetable(TODAY), c.homeworks({})]);
    for (const request of since(mark)) {
      expect(request.headers.authorization).toMatch(/^Basic [^\s]+$/);
      expect(request.headers.cookie).toMatch(/(^|; )cc-session=[^;]+/);
      expect(request.headers.cookie).toMatch(/(^|; )student_session_credentials=%7B/);
      expect(request.headers.cookie).not.toMatch(/path=|expires=|max-age/i);
    }
  });

  it('works when the fetch joins Set-Cookie into one string, as Electron’s net.fetch does', async () => {
    for (const sign of [student, parent]) {
      const c = await sign({ fetch: joinedSetCookieFetch() });
      const mark = fake.requests.length;
      const pupils = c.kind === 'parent' ? await c.pupils() : [await c.studentInfo()];
      expect(pupils.length).toBeGreaterThan(0);
      const cookie = since(mark)[0]!.headers.cookie ?? '';
      expect(cookie.split('; ').map((pair) => pair.split('=')[0])).toEqual(
        expect.arrayContaining(['cc-session', expect.stringMatching(/_session_credentials$/)]),
      );
    }
  });

  it('TES SSO mode: calls succeed with the cookies; without them the redirect reads as an expired session', async () => {
    const other = await startFakeClassCharts({ today: TODAY, tesSso: true });
    try {
      const withCookies = new ClassChartsClient({ fetch, baseUrl: other.url, clock: systemClock, logger });
      await withCookies.login({ kind: 'student', ...other.accounts.student });
      expect((await withCookies.timetable(TODAY)).length).toBeGreaterThan(0);

      const stripCookies: typeof fetch = (input, init) => {
        const headers = new Headers(init?.headers);
        if (!String(input).includes('/login')) headers.delete('cookie');
        return fetch(input, { ...init, headers });
      };
      const without = new ClassChartsClient({
        fetch: stripCookies,
        baseUrl: other.url,
        clock: systemClock,
        logger,
      });
      await without.login({ kind: 'student', ...other.accounts.student });
      await expect(without.timetable(TODAY)).rejects.toBeInstanceOf(SessionExpiredError);
    } finally {
      await other.close();
    }
  });
});

describe('student reads', () => {
  it('omit the pupil id from the path unless given', async () => {
    const c = await student();
    const id = fake.accounts.student.pupilId;
    const mark = fake.requests.length;
    const [withoutId, withId] = await Promise.all([c.timetable(TODAY), c.timetable(TODAY, id)]);
    expect(withoutId).toEqual(withId);
    expect(
      since(mark)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/apiv2student/timetable', `/apiv2student/timetable/${id}`].sort());
  });

  it('timetable: lessons of the day with UK offsets on both sides of the clock change', async () => {
    const c = await student();
    const friday = await c.timetable('2026-10-23'); // BST
    const monday = await c.timetable('2026-10-26'); // GMT
    expect(friday.length).toBeGreaterThan(0);
    expect(monday.length).toBeGreaterThan(0);
    for (const lesson of friday) expect(lesson.start).toMatch(/^2026-10-23T\d\d:\d\d:00\+01:00$/);
    for (const lesson of monday) expect(lesson.start).toMatch(/^2026-10-26T\d\d:\d\d:00\+00:00$/);
    // The same first period starts at the same wall-clock time on both days.
    expect(friday[0]!.start!.slice(11, 16)).toBe(monday[0]!.start!.slice(11, 16));
    const all = [...friday, ...monday];
    expect(all.some((l) => l.isBreak)).toBe(true);
    expect(new Set(all.map((l) => l.id)).size).toBe(all.length);
    for (const lesson of all) expect(parseInstant(lesson.end)! > parseInstant(lesson.start)!).toBe(true);
  });

  it('homeworks: the due-date range is sent and respected; statuses and HTML come through', async () => {
    const c = await student();
    const to = addDays(TODAY, 14);
    const homework = await c.homeworks({ from: TODAY, to, displayDate: 'due_date' });
    const request = fake.requests.at(-1)!;
    expect(request.query).toMatchObject({ from: TODAY, to, display_date: 'due_date' });
    expect(homework.length).toBeGreaterThan(0);
    for (const h of homework) {
      expect(h.dueDate! >= TODAY && h.dueDate! <= to).toBe(true);
      expect(['todo', 'ticked', 'completed', 'late', 'missed']).toContain(h.status);
    }
    const everything = await c.homeworks({
      from: addDays(TODAY, -21),
      to: addDays(TODAY, 21),
      displayDate: 'due_date',
    });
    expect(new Set(everything.map((h) => h.status)).size).toBeGreaterThan(1);
    expect(everything.some((h) => h.descriptionHtml.includes('<'))).toBe(true);
  });

  it('homeworks: marks and feedback come through, and meta.display_marks false hides the marks', async () => {
    const window = { from: addDays(TODAY, -21), to: addDays(TODAY, 21), displayDate: 'due_date' as const };
    const shown = await (await student()).homeworks(window);
    expect(shown.some((h) => h.mark !== null)).toBe(true);
    expect(shown.some((h) => h.hasFeedback)).toBe(true);
    const answer = (meta: unknown) => ({
      success: 1,
      data: [
        { id: 1, title: 'Essay', status: { id: 2, state: 'completed', mark: '7/10', has_feedback: true } },
      ],
      meta,
    });
    const withMeta = (meta: unknown) =>
      student({ fetch: interceptFetch(/\/homeworks/, () => jsonResponse(answer(meta))) });
    const [hidden] = await (await withMeta({ display_marks: false })).homeworks({});
    expect(hidden).toMatchObject({ mark: null, hasFeedback: true });
    const [unsaid] = await (await withMeta([])).homeworks({});
    expect(unsaid).toMatchObject({ mark: '7/10', hasFeedback: true });
  });

  it('activity: one page of at most 50, and allActivity pages to the end without repeats', async () => {
    const c = await student();
    const first = await c.activityPage({});
    expect(first.points.length).toBeGreaterThan(0);
    expect(first.points.length).toBeLessThanOrEqual(50);
    const mark = fake.requests.length;
    const all = await c.allActivity({});
    const pages = since(mark);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[1]!.query.last_id).toBe(String(first.nextLastId));
    expect(all.length).toBeGreaterThan(first.points.length);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    expect(all.slice(0, first.points.length)).toEqual(first.points);
    // Naive UK timestamps get the offset of their own day, before and after 25 October.
    const dated = all.filter((p) => p.timestamp !== null);
    expect(dated.length).toBe(all.length);
    for (const p of dated) expect(p.timestamp).toMatch(p.timestamp! < '2026-10-25' ? /\+01:00$/ : /\+00:00$/);
    expect(dated.some((p) => p.timestamp! < '2026-10-25')).toBe(true);
    expect(dated.some((p) => p.timestamp! > '2026-10-26')).toBe(true);
  });

  it('allActivity stops at the page cap when the server never sends an empty page', async () => {
    let n = 0;
    const endless = interceptFetch(/\/activity/, () => {
      n += 1;
      return jsonResponse({
        success: 1,
        data: [
          {
            id: 1_000_000 - n,
            type: 'behaviour',
            polarity: 'positive',
            reason: 'r',
            score: 1,
            timestamp: '2026-11-02 10:00:00',
          },
        ],
        meta: { last_id: 1_000_000 - n },
      });
    });
    const c = await student({ fetch: endless });
    const points = await c.allActivity({ maxPages: 3 });
    expect(n).toBe(3);
    expect(points).toHaveLength(3);
    expect(logger.entries.some((e) => e.level === 'warn' && /cap/.test(e.message))).toBe(true);
  });

  it('behaviour, badges, announcements, detentions and student info', async () => {
    const c = await student();
    const [behaviour, badges, announcements, detentions, me] = await Promise.all([
      c.behaviour({ from: addDays(TODAY, -28), to: TODAY }),
      c.badges(),
      c.announcements(),
      c.detentions(),
      c.studentInfo(),
    ]);
    expect(behaviour.weeks.length).toBeGreaterThan(0);
    expect(behaviour.totalPositive).toBe(behaviour.weeks.reduce((sum, w) => sum + w.positive, 0));
    expect(badges.length).toBeGreaterThan(0);
    expect(badges.every((b) => b.events.length > 0 && b.events.every((e) => e.reason !== ''))).toBe(true);
    expect(announcements.length).toBeGreaterThan(0);
    expect(announcements.some((a) => a.pinned)).toBe(true);
    expect(detentions.some((d) => d.status === 'pending' && d.start !== null)).toBe(true);
    // The malformed date real data shows (the fake writes one) keeps its leading day.
    expect(detentions.every((d) => d.date !== null)).toBe(true);
    expect(me.id).toBe(fake.accounts.student.pupilId);
    expect(me.name).not.toBe('');
  });

  it('pupils() is for parents only', async () => {
    const c = await student();
    await expect(c.pupils()).rejects.toBeInstanceOf(InvalidInputError);
  });
});

describe('parent reads', () => {
  it('every endpoint for each pupil, with the pupil id in the path', async () => {
    const c = await parent();
    const pupils = await c.pupils();
    expect(pupils.map((p) => p.id)).toEqual(fake.accounts.parent.pupilIds);
    const days: string[] = [];
    for (const pupil of pupils) {
      const mark = fake.requests.length;
      const [lessons, homework, page, behaviour, badges, announcements, detentions] = await Promise.all([
        c.timetable(TODAY, pupil.id),
        c.homeworks({ from: addDays(TODAY, -7), to: addDays(TODAY, 7) }, pupil.id),
        c.activityPage({}, pupil.id),
        c.behaviour({}, pupil.id),
        c.badges(pupil.id),
        c.announcements(pupil.id),
        c.detentions(pupil.id),
      ]);
      expect(lessons.length).toBeGreaterThan(0);
      expect(homework.length).toBeGreaterThan(0);
      expect(page.points.length).toBeGreaterThan(0);
      expect(
        behaviour.weeks.length + badges.length + announcements.length + detentions.length,
      ).toBeGreaterThan(0);
      for (const request of since(mark))
        expect(request.path).toMatch(new RegExp(`^/apiv2parent/\\w+/${pupil.id}$`));
      days.push(JSON.stringify(lessons.map((l) => [l.start, l.subject])));
    }
    expect(new Set(days).size).toBe(pupils.length); // the sibling has a different timetable
  });

  it('a read without a pupil id is refused before any request', async () => {
    const c = await parent();
    const mark = fake.requests.length;
    await expect(c.timetable(TODAY)).rejects.toBeInstanceOf(InvalidInputError);
    await expect(c.studentInfo()).rejects.toBeInstanceOf(InvalidInputError);
    expect(since(mark)).toHaveLength(0);
  });

  it('renew() uses the parent base', async () => {
    const c = await parent();
    await c.renew();
    expect(fake.requests.at(-1)!.path).toBe('/apiv2parent/ping');
  });
});

describe('errors by fault injection', () => {
  it.each([
    ['http-500', BadResponseError, { status: 500 }],
    ['html', BadResponseError, { status: 200 }],
    ['truncated-json', BadResponseError, { status: 200 }],
    ['expired', SessionExpiredError, {}],
    ['reset', NetworkError, { timedOut: false }],
  ] as const)('%s → %s', async (kind, type, fields) => {
    const c = await student();
    fake.faults.inject({ path: '/apiv2student/homeworks', kind });
    const error = await failure(c.homeworks({}));
    expect(error).toBeInstanceOf(type);
    expect(error).toMatchObject(fields);
    expect(error.userMessage.length).toBeGreaterThan(10);
    if (error instanceof BadResponseError) expect(error.excerpt.length).toBeLessThanOrEqual(161);
    expectNoSecrets(error.message, error.userMessage);
  });

  it('a truncated ping leaks no token into the error', async () => {
    const c = await student();
    fake.faults.inject({ path: '/apiv2student/ping', kind: 'truncated-json' });
    const error = await failure(c.renew());
    expect(error).toBeInstanceOf(BadResponseError);
    expectNoSecrets(error.message, (error as BadResponseError).excerpt);
  });

  it('hang → NetworkError with timedOut after timeoutMs', async () => {
    const c = await student({ timeoutMs: 300 });
    fake.faults.inject({ path: '/apiv2student/timetable', kind: 'hang' });
    const error = await failure(c.timetable(TODAY));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ timedOut: true, code: 'offline' });
  });

  it('server down → NetworkError (not timed out); back up → works again', async () => {
    const c = await student();
    await fake.down();
    try {
      const error = await failure(c.detentions());
      expect(error).toMatchObject({ timedOut: false, code: 'offline' });
      expect(error.userMessage).toMatch(/internet connection/);
    } finally {
      await fake.up();
    }
    expect(Array.isArray(await c.detentions())).toBe(true);
  });

  it('the service saying no → ServiceRefusedError with its message', async () => {
    const refuse = interceptFetch(/\/announcements/, () =>
      jsonResponse({
        success: 0,
        expired: 0,
        error: 'Announcements are switched off for this pupil',
        meta: [],
      }),
    );
    const c = await student({ fetch: refuse });
    const error = await failure(c.announcements());
    expect(error).toBeInstanceOf(ServiceRefusedError);
    expect(error.userMessage).toContain('Announcements are switched off for this pupil');
  });

  it('JSON off the schema → BadResponseError naming the problem', async () => {
    const odd = interceptFetch(/\/timetable/, () =>
      jsonResponse({ success: 1, data: { lessons: 'none' }, meta: [] }),
    );
    const c = await student({ fetch: odd });
    const error = await failure(c.timetable(TODAY));
    expect(error).toBeInstanceOf(BadResponseError);
    expect((error as BadResponseError).excerpt).toMatch(/data/);
  });
});
