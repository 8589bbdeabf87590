// Property-based fuzzing of response parsing (issue 7): thousands of hostile answers, grown from the
// recorded fixtures and the fake server's own answers, go through the client's real path — stub fetch →
// transport (status, cookies, body read, JSON, envelope) → zod schemas → mapping. Every call must end in a
// well-formed domain object (domain-shapes.ts) or a typed ClassChartsError; never another exception.
// After each call the client is used once more with a good answer, so damage that lingers (a token the
// service should never have handed out) is caught too.
//
// The run is seeded (DEFAULT_SEED) so that CI is repeatable: a red run is a regression, not the dice.
// Explore new inputs with FUZZ_SEED=random (and a large FUZZ_RUNS); reproduce a failure with the `seed`
// the report prints: FUZZ_SEED=<seed>. FUZZ_RUNS=<n> sets the runs per target (default 400; 18 targets,
// so 7,200 bodies and more).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ClassChartsClient } from '../../main/classcharts/client';
import { ClassChartsError, WrongCredentialsError } from '../../main/classcharts/errors';
import { silentLogger } from '../../main/ports';
import { FakeClock } from '../support/clock';
import { startFakeClassCharts } from '../../dev/fake-classcharts/index';
import {
  accountShape,
  activityPageShape,
  announcementShape,
  attendanceShape,
  badgeShape,
  behaviourPointShape,
  behaviourSummaryShape,
  detentionShape,
  homeworkShape,
  lessonShape,
} from './domain-shapes';
import { type FuzzedAnswer, hostileAnswer, hostileCookies, type Json } from './mutations';

const here = dirname(fileURLToPath(import.meta.url));
const DATE = '2026-06-17';
const PUPIL_ID = 4102571;
const BASE = 'http://127.0.0.1:9';
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
/** The seed CI runs with; exploring with random seeds found the placeholder-date bug (map.test.ts). */
const DEFAULT_SEED = 20261121;
const SEED = process.env.FUZZ_SEED === 'random' ? undefined : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const STUDENT = { kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012' } as const;
const PARENT = { kind: 'parent', email: 'parent@example.com', password: 'demo-parent' } as const;

/** A clock frozen in June 2026 (never advanced) whose timers never fire (every stub answers at once). */
const frozenClock = new FakeClock(`${DATE}T08:00:00Z`);

/** Which endpoint a request is for: `login`, `hasdob`, or the API endpoint name (`timetable`, `ping`, …). */
function endpointOf(url: string): string {
  const path = new URL(url).pathname;
  if (/^\/(student|parent)\/login$/.test(path)) return 'login';
  return /^\/apiv2(?:student|parent)\/(\w+)/.exec(path)?.[1] ?? path;
}

function fixture(name: string): Json {
  return JSON.parse(
    readFileSync(join(here, '../support/fixtures/classcharts', `${name}.json`), 'utf8'),
  ) as Json;
}

/** Real bodies per endpoint: the fixtures, then every answer the fake server gave a real client. */
const seeds: Record<string, Json[]> = {
  ping: [fixture('ping-student')],
  pupils: [fixture('pupils')],
  timetable: [fixture('timetable')],
  homeworks: [fixture('homeworks')],
  activity: [fixture('activity'), fixture('activity-last-page')],
  behaviour: [fixture('behaviour')],
  eventbadges: [fixture('badges')],
  announcements: [fixture('announcements')],
  detentions: [fixture('detentions')],
  attendance: [fixture('attendance')],
  hasdob: [],
  login: [fixture('error-not-logged-in'), {}],
};
/** The good answer each endpoint gets when it is not the one being fuzzed (the fake's, per account kind). */
const good: Record<string, Json> = {};
/** The `Set-Cookie` lines of the fake's successful sign-ins. */
const loginCookies: string[] = [];
/** Hostile bodies that reached the client's parsing path. */
let delivered = 0;
/** How the hostile calls ended: `domain object` or the error class name. */
const outcomes = new Map<string, number>();

beforeAll(async () => {
  const fake = await startFakeClassCharts({ today: DATE });
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const text = await response.clone().text();
    const endpoint = endpointOf(String(input));
    if (endpoint === 'login') loginCookies.push(...response.headers.getSetCookie());
    else {
      const body = JSON.parse(text) as Json;
      (seeds[endpoint] ??= []).push(body);
      const kind = String(input).includes('/apiv2parent/') ? 'parent' : 'student';
      good[`${kind}:${endpoint}`] ??= body;
    }
    return response;
  };
  try {
    for (const credentials of [STUDENT, PARENT]) {
      const client = new ClassChartsClient({
        fetch: recording,
        baseUrl: fake.url,
        clock: frozenClock,
        logger: silentLogger,
      });
      await client.login(credentials);
      await client.account();
      const id = credentials.kind === 'parent' ? PUPIL_ID : undefined;
      await client.timetable(DATE, id);
      await client.homeworks({}, id);
      await client.allActivity({}, id);
      await client.behaviour({}, id);
      await client.badges(id);
      await client.announcements(id);
      await client.detentions(id);
      await client.attendance({}, id);
    }
    // Refused sign-ins: the hasdob probe answers for an unknown code and for a known one.
    for (const code of ['NOPE1234', 'DEMO2026']) {
      const client = new ClassChartsClient({
        fetch: recording,
        baseUrl: fake.url,
        clock: frozenClock,
        logger: silentLogger,
      });
      await client.login({ ...STUDENT, code, dateOfBirth: '01/01/2001' }).catch(() => undefined);
    }
  } finally {
    await fake.close();
  }
});

/** The Response a FuzzedAnswer describes, or a rejection like undici's for a refused connection. */
function toResponse(answer: FuzzedAnswer): Response {
  if (answer.rejects)
    throw new TypeError('fetch failed', {
      cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    });
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const line of answer.setCookies) headers.append('set-cookie', line);
  if (answer.location !== null && answer.status >= 300 && answer.status < 400)
    headers.set('location', answer.location);
  let body: BodyInit;
  if (answer.body.kind === 'text') body = answer.body.text;
  else if (answer.body.kind === 'bytes') body = new Uint8Array(answer.body.bytes);
  else
    body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"success":1,"data":[{"lesson_'));
        controller.error(new Error('socket hang up'));
      },
    });
  const nullBody = [101, 204, 205, 304].includes(answer.status);
  return new Response(nullBody ? null : body, { status: answer.status, headers });
}

/** A good answer as the fake gave it: a 302 with the real cookies for a sign-in, else the recorded body. */
function goodResponse(kind: 'student' | 'parent', endpoint: string): Response {
  if (endpoint === 'login') {
    const headers = new Headers({ location: `/${kind}/` });
    for (const line of loginCookies.filter(
      (c) => c.startsWith('cc-session') || c.includes(`${kind}_session`),
    ))
      headers.append('set-cookie', line);
    return new Response(null, { status: 302, headers });
  }
  const body = good[`${kind}:${endpoint}`];
  if (body === undefined) throw new Error(`no recorded answer for ${kind} ${endpoint}`);
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** One fuzz target: which endpoint gets the hostile answer, what to call, and the domain shape it returns. */
interface Target {
  name: string;
  kind: 'student' | 'parent';
  endpoint: string;
  /** Before the hostile call, e.g. sign in; answered with good answers. */
  signIn: boolean;
  call(client: ClassChartsClient): Promise<unknown>;
  shape: z.ZodType | null;
  /** Answers for other endpoints during the call: the good one (default), or a refusal. */
  others?: (endpoint: string) => Response | null;
  /** The only error class allowed (default: any ClassChartsError). */
  only?: new (...args: never[]) => ClassChartsError;
}

const listOf = (shape: z.ZodType) => shape.array();
const id = (kind: 'student' | 'parent') => (kind === 'parent' ? PUPIL_ID : undefined);

const targets: Target[] = (['student', 'parent'] as const).flatMap((kind): Target[] => [
  {
    name: `${kind} timetable`,
    kind,
    endpoint: 'timetable',
    signIn: true,
    call: (c) => c.timetable(DATE, id(kind)),
    shape: listOf(lessonShape),
  },
  {
    name: `${kind} homeworks`,
    kind,
    endpoint: 'homeworks',
    signIn: true,
    call: (c) => c.homeworks({ from: '2026-06-01', to: '2026-07-01', displayDate: 'due_date' }, id(kind)),
    shape: listOf(homeworkShape),
  },
  {
    name: `${kind} account (ping)`,
    kind,
    endpoint: 'ping',
    signIn: true,
    call: (c) => c.account(),
    shape: accountShape,
  },
  {
    name: `${kind} sign-in`,
    kind,
    endpoint: 'login',
    signIn: false,
    call: (c) => c.login(kind === 'student' ? STUDENT : PARENT),
    shape: null,
  },
]);
targets.push(
  {
    name: 'student renewal (ping), then a read with the renewed token',
    kind: 'student',
    endpoint: 'ping',
    signIn: true,
    call: (c) => c.renew(),
    shape: null,
  },
  {
    name: 'parent pupils',
    kind: 'parent',
    endpoint: 'pupils',
    signIn: true,
    call: (c) => c.account(),
    shape: accountShape,
  },
  {
    name: 'student activity page',
    kind: 'student',
    endpoint: 'activity',
    signIn: true,
    call: (c) => c.activityPage({ from: '2026-05-01', to: DATE }),
    shape: activityPageShape,
  },
  {
    name: 'parent activity (every page)',
    kind: 'parent',
    endpoint: 'activity',
    signIn: true,
    call: (c) => c.allActivity({ maxPages: 4 }, PUPIL_ID),
    shape: listOf(behaviourPointShape),
  },
  {
    name: 'student behaviour',
    kind: 'student',
    endpoint: 'behaviour',
    signIn: true,
    call: (c) => c.behaviour({ from: '2026-05-01', to: DATE }),
    shape: behaviourSummaryShape,
  },
  {
    name: 'parent badges',
    kind: 'parent',
    endpoint: 'eventbadges',
    signIn: true,
    call: (c) => c.badges(PUPIL_ID),
    shape: listOf(badgeShape),
  },
  {
    name: 'student announcements',
    kind: 'student',
    endpoint: 'announcements',
    signIn: true,
    call: (c) => c.announcements(),
    shape: listOf(announcementShape),
  },
  {
    name: 'parent detentions',
    kind: 'parent',
    endpoint: 'detentions',
    signIn: true,
    call: (c) => c.detentions(PUPIL_ID),
    shape: listOf(detentionShape),
  },
  {
    name: 'parent attendance',
    kind: 'parent',
    endpoint: 'attendance',
    signIn: true,
    call: (c) => c.attendance({ from: '2026-06-15', to: DATE }, PUPIL_ID),
    shape: attendanceShape,
  },
  {
    name: 'student sign-in refused, then the hasdob probe',
    kind: 'student',
    endpoint: 'hasdob',
    signIn: false,
    call: (c) => c.login(STUDENT),
    shape: null,
    others: (endpoint) =>
      endpoint === 'login'
        ? new Response('<!DOCTYPE html><html><form></form></html>', { status: 200 })
        : null,
    only: WrongCredentialsError,
  },
);

/** What a call ended in, described for a failure report. */
function describeFailure(error: unknown): string {
  if (error instanceof Error) return `${error.constructor.name}: ${error.message}\n${error.stack ?? ''}`;
  return `non-Error thrown: ${String(error)}`;
}

/** Fails unless `outcome` is a domain object of `shape` or an allowed ClassChartsError. */
function checkOutcome(
  outcome: { ok: true; value: unknown } | { ok: false; error: unknown },
  shape: z.ZodType | null,
  only: Target['only'],
  when: string,
): void {
  if (!outcome.ok) {
    const allowed = only ?? ClassChartsError;
    if (!(outcome.error instanceof allowed))
      throw new Error(`${when}: ended in an untyped error — ${describeFailure(outcome.error)}`);
    if (typeof outcome.error.userMessage !== 'string' || outcome.error.userMessage === '')
      throw new Error(`${when}: ${outcome.error.name} without a user message`);
    return;
  }
  if (shape === null) {
    if (outcome.value !== undefined) throw new Error(`${when}: returned ${String(outcome.value)}`);
    return;
  }
  const parsed = shape.safeParse(outcome.value);
  if (!parsed.success)
    throw new Error(
      `${when}: not a well-formed domain object — ${parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')}`,
    );
}

async function settle(promise: Promise<unknown>) {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

/** The hostile answers for a target: structural mutations of its seeds, plus hostile cookies for a sign-in. */
function answersFor(target: Target): fc.Arbitrary<FuzzedAnswer> {
  const answers = hostileAnswer(seeds[target.endpoint] ?? []);
  if (target.endpoint !== 'login') return answers;
  return fc
    .tuple(
      answers,
      hostileCookies(loginCookies),
      fc.constantFrom(302, 302, 200, 200, 301, 303, 401, 429, 500),
    )
    .map(([answer, setCookies, status]) => ({ ...answer, setCookies, status }));
}

describe('fuzzing response parsing: every hostile answer ends in a domain object or a typed error', () => {
  it.each(targets.map((target) => [target.name, target] as const))('%s', async (_name, target) => {
    await fc.assert(
      fc.asyncProperty(answersFor(target), async (answer) => {
        let fuzzing = false;
        const stub: typeof fetch = async (input) => {
          const endpoint = endpointOf(String(input));
          if (fuzzing && endpoint === target.endpoint) {
            delivered++;
            return toResponse(answer);
          }
          return (fuzzing ? target.others?.(endpoint) : null) ?? goodResponse(target.kind, endpoint);
        };
        const client = new ClassChartsClient({
          fetch: stub,
          baseUrl: BASE,
          clock: frozenClock,
          logger: silentLogger,
        });
        if (target.signIn) await client.login(target.kind === 'student' ? STUDENT : PARENT);
        fuzzing = true;
        const outcome = await settle(target.call(client));
        const label = outcome.ok ? 'domain object' : (outcome.error as Error).constructor.name;
        outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
        checkOutcome(outcome, target.shape, target.only, 'the hostile call');
        fuzzing = false;
        if (client.hasSession())
          checkOutcome(
            await settle(client.timetable(DATE, id(target.kind))),
            listOf(lessonShape),
            undefined,
            'the next read, answered well',
          );
      }),
      { numRuns: RUNS, endOnFailure: false, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  });

  it('fed the client at least 5,000 hostile bodies in this run', () => {
    // Runs after the targets above (one file runs its tests in order).
    expect(delivered).toBeGreaterThanOrEqual(RUNS * targets.length);
    if (RUNS >= 400) expect(delivered).toBeGreaterThanOrEqual(5000);
    console.info('fuzz outcomes', Object.fromEntries(outcomes), 'bodies', delivered);
  });
});
