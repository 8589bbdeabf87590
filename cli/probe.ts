/**
 * One call to every endpoint the app uses, with the raw answers kept: the common ground of `cli doctor`
 * (./doctor.ts, which checks them against the schemas) and `cli record` (./record.ts, which saves them
 * redacted). The client (main/classcharts/client.ts) hides raw JSON, so the probe gives it a fetch that
 * keeps a copy of every answer ({@link capturingFetch}) and calls the client's ordinary methods: what is
 * checked is exactly what the app sends and receives.
 *
 * Order: sign-in, ping (student: `studentInfo()`, parent: `renew()`), `pupils` (parent), then for each
 * pupil checked every entry of {@link PUPIL_ENDPOINTS}, one after another (so each answer is attributed to
 * its call). Adding an endpoint is one line in that table. `record` may ask the timetable of more days
 * ({@link ProbeOptions}).
 */
import { z } from 'zod';
import type { ClassChartsClient } from '../main/classcharts/client';
import { addDays, londonDate } from '../common/dates';
import {
  activitySchema,
  announcementsSchema,
  attendanceSchema,
  badgesSchema,
  behaviourSchema,
  detentionsSchema,
  homeworksSchema,
  parentUserSchema,
  pingSchema,
  pupilSchema,
  pupilsSchema,
  timetableSchema,
} from '../main/classcharts/schemas';
import type { IsoDate, Pupil } from '../common/domain';
import { systemClock } from '../main/ports';
import { type CliDeps, createClient, type EnvConfig, readEnv, selectPupil } from './env';

/** One HTTP exchange as the probe saw it: the path (no query), status, time and the whole body. */
export interface Exchange {
  method: string;
  /** URL path, e.g. `/apiv2parent/homeworks/4102571` (holds the pupil id: never printed as is). */
  path: string;
  status: number;
  /** Milliseconds from sending to the end of the body. */
  ms: number;
  body: string;
}

/**
 * A fetch that forwards to `inner` and appends every answer (body read from a clone) to `log`. Failures
 * (no answer) are not logged and are rethrown unchanged.
 */
export function capturingFetch(inner: typeof fetch, log: Exchange[]): typeof fetch {
  return async (input, init) => {
    const started = performance.now();
    const response = await inner(input, init);
    const body = await response.clone().text();
    const url = new URL(input instanceof Request ? input.url : String(input));
    log.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      status: response.status,
      ms: Math.round(performance.now() - started),
      body,
    });
    return response;
  };
}

/** What a pupil endpoint's call gets: the client, the pupil's id (`undefined` for a student) and today. */
export interface ProbeContext {
  pupilId: number | undefined;
  /** Today, YYYY-MM-DD Europe/London. */
  today: IsoDate;
}

/** A read endpoint asked once per pupil. */
export interface PupilEndpoint {
  /** The endpoint's name in the service's path (`homeworks`, `eventbadges`, …). */
  name: string;
  /** The schema the client parses the answer with (./schemas.ts). */
  schema: z.ZodType;
  /** Calls the client method the app uses, with the app's kind of arguments. */
  call(client: ClassChartsClient, context: ProbeContext): Promise<unknown>;
  /** Whether the app asks this pupil's school at all (default: always); a pupil not yet known is asked. */
  shown?(pupil: Pupil): boolean;
}

/** Every per-pupil endpoint the app reads. One line per endpoint: add new ones here. */
export const PUPIL_ENDPOINTS: readonly PupilEndpoint[] = [
  { name: 'timetable', schema: timetableSchema, call: (c, x) => c.timetable(x.today, x.pupilId) },
  {
    name: 'homeworks',
    schema: homeworksSchema,
    call: (c, x) =>
      c.homeworks(
        { from: addDays(x.today, -30), to: addDays(x.today, 30), displayDate: 'due_date' },
        x.pupilId,
      ),
  },
  {
    name: 'activity',
    schema: activitySchema,
    call: (c, x) => c.activityPage({ from: addDays(x.today, -30), to: x.today }, x.pupilId),
  },
  {
    name: 'behaviour',
    schema: behaviourSchema,
    call: (c, x) => c.behaviour({ from: addDays(x.today, -84), to: x.today }, x.pupilId),
  },
  { name: 'eventbadges', schema: badgesSchema, call: (c, x) => c.badges(x.pupilId) },
  { name: 'announcements', schema: announcementsSchema, call: (c, x) => c.announcements(x.pupilId) },
  { name: 'detentions', schema: detentionsSchema, call: (c, x) => c.detentions(x.pupilId) },
  {
    name: 'attendance',
    schema: attendanceSchema,
    call: (c, x) => c.attendance({ from: addDays(x.today, -6), to: x.today }, x.pupilId),
    shown: (pupil) => pupil.features.attendance === true,
  },
];

/** `/ping` as the client reads it for a student: `data.user` is the pupil (./schemas.ts `pupilSchema`). */
export const studentPingSchema = pingSchema.extend({ data: z.object({ user: pupilSchema }) });
/** `/ping` as the client reads it for a parent: `data.user` is the parent user. */
export const parentPingSchema = pingSchema.extend({ data: z.object({ user: parentUserSchema }) });

/** One probed call: which, for which pupil, the answer seen (if any) and the client's error (if any). */
export interface ProbeCall {
  /** `login`, `ping`, `pupils` or a {@link PupilEndpoint} name. */
  endpoint: string;
  /** 1-based position of the pupil in the account's list, `null` for account-wide calls. */
  pupil: number | null;
  /** `GET`/`POST` and the path with the pupil id replaced by `{pupil}`: safe to print. */
  method: string;
  path: string;
  schema: z.ZodType;
  /** The last answer of the call, `null` when none came (network failure, timeout). */
  exchange: Exchange | null;
  /** What the client threw, or `null`. */
  error: unknown;
  /** For the extra timetable days of {@link ProbeOptions.timetableDays}: the day asked (YYYY-MM-DD). */
  date?: IsoDate;
}

/** Extra calls beyond one per endpoint (used by `record`, never by `doctor`). */
export interface ProbeOptions {
  /** Other days whose timetable is asked too, per pupil (endpoint `timetable`, with `date` set). */
  timetableDays?: (today: IsoDate) => IsoDate[];
}

/** Everything a probe found. */
export interface ProbeResult {
  config: EnvConfig;
  kind: 'student' | 'parent';
  today: IsoDate;
  /** How many pupils the account has, and which (1-based) were probed. */
  pupilCount: number;
  checked: number[];
  /** The pupils as the client mapped them (ids needed by `record`, never printed by `doctor`). */
  pupils: Pupil[];
  calls: ProbeCall[];
}

/** The path with a trailing pupil id written `{pupil}`. */
function pathTemplate(path: string, pupilId: number | undefined): string {
  return pupilId === undefined ? path : path.replace(new RegExp(`/${pupilId}$`), '/{pupil}');
}

/**
 * Signs in from the environment and calls every endpoint once (each pupil of a parent, or only the one
 * `CLASSCHARTS_PUPIL` names). A failing endpoint is recorded and the probe goes on.
 * @throws UsageError (environment), and the client's errors when the sign-in itself fails.
 */
export async function probeAccount(
  env: NodeJS.ProcessEnv,
  deps: CliDeps = {},
  options: ProbeOptions = {},
): Promise<ProbeResult> {
  const config = readEnv(env);
  const log: Exchange[] = [];
  const client = createClient(config, {
    ...deps,
    fetch: capturingFetch(deps.fetch ?? globalThis.fetch, log),
  });
  const today = londonDate((deps.clock ?? systemClock).now());
  const calls: ProbeCall[] = [];
  const attempt = async <T>(
    call: Omit<ProbeCall, 'exchange' | 'error' | 'method' | 'path'>,
    pupilId: number | undefined,
    run: () => Promise<T>,
  ): Promise<T | null> => {
    const before = log.length;
    let value: T | null = null;
    let error: unknown = null;
    try {
      value = await run();
    } catch (thrown) {
      error = thrown;
    }
    const exchange = log.slice(before).at(-1) ?? null;
    calls.push({
      ...call,
      method: exchange?.method ?? 'GET',
      path: exchange ? pathTemplate(exchange.path, pupilId) : `(${call.endpoint})`,
      exchange,
      error,
    });
    return value;
  };

  await client.login(config.credentials);
  // The form post is the first exchange (the keeper, not `login`, pings a parent session it signs in again).
  const signIn = log[0];
  if (signIn)
    calls.push({
      endpoint: 'login',
      pupil: null,
      method: signIn.method,
      path: signIn.path,
      schema: z.unknown(),
      exchange: { ...signIn, body: '' },
      error: null,
    });

  const kind = config.credentials.kind;
  let pupils: Pupil[] = [];
  let targets: { index: number; id: number | undefined; pupil?: Pupil }[];
  if (kind === 'student') {
    const pupil = await attempt({ endpoint: 'ping', pupil: null, schema: studentPingSchema }, undefined, () =>
      client.studentInfo(),
    );
    if (pupil) pupils = [pupil];
    targets = [{ index: 1, id: undefined, ...(pupil ? { pupil } : {}) }];
  } else {
    await attempt({ endpoint: 'ping', pupil: null, schema: parentPingSchema }, undefined, () =>
      client.renew(),
    );
    pupils =
      (await attempt({ endpoint: 'pupils', pupil: null, schema: pupilsSchema }, undefined, () =>
        client.pupils(),
      )) ?? [];
    const chosen = config.pupil === null || pupils.length === 0 ? null : selectPupil(pupils, config.pupil);
    targets = pupils
      .map((p, i) => ({ index: i + 1, id: p.id, pupil: p }))
      .filter((t) => chosen === null || t.id === chosen.id);
  }

  for (const target of targets) {
    for (const endpoint of PUPIL_ENDPOINTS) {
      if (target.pupil && endpoint.shown && !endpoint.shown(target.pupil)) continue;
      await attempt(
        { endpoint: endpoint.name, pupil: target.index, schema: endpoint.schema },
        target.id,
        () => endpoint.call(client, { pupilId: target.id, today }),
      );
    }
    for (const date of options.timetableDays?.(today) ?? [])
      await attempt(
        { endpoint: 'timetable', pupil: target.index, schema: timetableSchema, date },
        target.id,
        () => client.timetable(date, target.id),
      );
  }

  return {
    config,
    kind,
    today,
    pupilCount: kind === 'student' ? 1 : pupils.length,
    checked: targets.map((t) => t.index),
    pupils,
    calls,
  };
}
