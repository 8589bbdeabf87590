/**
 * `npm run cli -- watch [--interval S] [--renew-every S] [--json]`: runs the core (createApp in
 * ../app/) in a terminal, signed in from the same environment variables as `cli today` (./env.ts), and
 * prints one line per event until SIGINT or SIGTERM:
 * - `refresh` (ok, reason, pupils, lessons, homework — or the error and when it retries),
 * - `renewal` (the session token was renewed, or why not),
 * - `re-login` (the session had ended and the core signed in again by itself),
 * - `notification` (what the desktop would show),
 * - `extras` (background kinds fetched), `auth` (sign-in status), `error`.
 * With `--json` each line is a JSON object with `event` and `at` (ISO time); without, a short text line.
 *
 * For a parent account, `CLASSCHARTS_PUPIL` (an id or a first name, as for `cli today`) selects the pupil
 * after sign-in: lesson reminders (off by default for a parent, settings.ts `accountDefaults`, so turned on
 * here) and lesson changes are that pupil's.
 *
 * SIGINT or SIGTERM stops it at any time, during the start-up sign-in and first refresh too: requests still
 * open are aborted, and nothing more is printed.
 *
 * Ports (main/adapters/node-ports.ts): global fetch, the system clock, a memory vault and store (nothing is
 * written to disk), the console notifier. Exit codes as ./errors.ts: 0 after a signal, 2 credentials
 * refused, bad arguments or a `CLASSCHARTS_PUPIL` naming no pupil on the account, 3 the service was
 * unreachable at sign-in.
 */
import { parseArgs } from 'node:util';
import { createApp, type CoreEvent } from '../main/app';
import { nodePorts } from '../main/adapters/node-ports';
import { ClassChartsClient } from '../main/classcharts/client';
import { type Clock, silentLogger, systemClock } from '../main/ports';
import { type CliDeps, readEnv, selectPupil, stderrLogger } from './env';
import { errorLines, EXIT, exitCodeFor, UsageError } from './errors';
import { type CliIo, processIo } from './output';

/** Help for `cli watch`. */
export const WATCH_USAGE = `Usage: npm run cli -- watch [--interval S] [--renew-every S] [--json]

  --interval S      refresh lessons and homework every S seconds, day and night (default: the app's
                    cadence, every 15 min from 07:00 to 22:00 and every 3 h overnight)
  --renew-every S   renew the session token every S seconds (default: the app's policy, 170 s inside
                    the token's 180 s life)
  --json            one JSON object per line
Stops on Ctrl-C (SIGINT) or SIGTERM. Sign-in comes from the environment, as for \`cli today\`; for a parent,
CLASSCHARTS_PUPIL (an id or a first name) picks the pupil whose lessons are reminded (for a
parent, it turns lesson reminders on: a parent account's default leaves them off).
`;

/** Parsed `watch` options. Seconds as given; both at least 1. */
export interface WatchOptions {
  /** `--interval`, or `null` for the app's cadence (main/sync/schedule.ts: quieter overnight). */
  intervalSeconds: number | null;
  /**
   * `--renew-every`, or `null` for the app's own renewal policy (main/session/renewal-policy.ts: 170 s,
   * inside the token's 180 s). The old default, 180 s, was the token's whole life: one late timer lost the
   * session.
   */
  renewEverySeconds: number | null;
  json: boolean;
  help: boolean;
}

function seconds<F extends number | null>(value: string | undefined, name: string, fallback: F): number | F {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 1 || n > 86_400)
    throw new UsageError(`${name} takes a number of seconds, 1–86400`);
  return n;
}

/** Parses the words after `watch`. Throws UsageError (or parseArgs' error) on a bad flag. */
export function parseWatchArgs(argv: string[]): WatchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      interval: { type: 'string' },
      'renew-every': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  return {
    intervalSeconds: seconds(values.interval, '--interval', null),
    renewEverySeconds: seconds(values['renew-every'], '--renew-every', null),
    json: values.json ?? false,
    help: values.help ?? false,
  };
}

const CLOCK_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * One line for an event: JSON (`event`, `at` as an ISO instant, the event's fields) or short text with the
 * Europe/London wall-clock time. `null` for a notification in either form: the console notifier prints
 * each one, once (JSON: `event`, `at` and the notification's fields, flat).
 */
export function formatEvent(event: CoreEvent, at: number, json: boolean): string | null {
  if (event.type === 'notification') return null;
  const { type, ...fields } = event;
  if (json)
    return JSON.stringify({
      event: type === 'status' ? 'auth' : type,
      at: new Date(at).toISOString(),
      ...fields,
    });
  const time = CLOCK_TIME.format(at);
  switch (event.type) {
    case 'status':
      return `${time} auth ${event.status}`;
    case 'renewal':
      return event.ok
        ? `${time} renewal ok`
        : `${time} renewal failed: ${event.error} (retry in ${event.retryInMs} ms)`;
    case 're-login':
      return event.ok ? `${time} re-login ok (${event.reason})` : `${time} re-login failed: ${event.error}`;
    case 'refresh':
      return event.ok
        ? `${time} refresh ok (${event.reason}): ${event.pupils} pupil(s), ${event.lessons} lessons, ${event.homework} homework`
        : `${time} refresh failed (${event.reason}): ${event.error}`;
    case 'extras':
      return `${time} background ${event.ok ? 'ok' : 'failed'}: ${event.kinds.join(', ')}`;
    case 'error':
      return `${time} error: ${event.message}`;
  }
}

/** Extra seams for tests: where to write, a stop signal instead of process signals, fetch and clock. */
export interface WatchDeps extends CliDeps {
  io?: CliIo;
  /** Stops the watch when aborted (default: SIGINT/SIGTERM). */
  signal?: AbortSignal;
}

/**
 * Runs `watch` with the words after it and the environment. Resolves with the exit code once stopped
 * (signal or `deps.signal`, at any time — start-up included) or when the saved sign-in is refused; never
 * throws. Once it resolves nothing more is written, and no request it made is still open.
 */
export async function runWatch(
  argv: string[],
  env: NodeJS.ProcessEnv,
  deps: WatchDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  let options: WatchOptions;
  let config: ReturnType<typeof readEnv>;
  try {
    options = parseWatchArgs(argv);
    if (options.help) {
      io.out(WATCH_USAGE);
      return EXIT.ok;
    }
    config = readEnv(env);
  } catch (error) {
    io.err(errorLines(error, env.CLASSCHARTS_DEBUG === '1'));
    return EXIT.usage;
  }
  const clock: Clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? (config.debug ? stderrLogger : silentLogger);
  // Once stopped (a signal, or the saved sign-in refused) nothing more is printed, and every request
  // still open is aborted, so a sign-in or refresh the service holds cannot keep the process waiting.
  let stopped = false;
  const stopping = new AbortController();
  const write = (line: string) => {
    if (!stopped) io.out(`${line}\n`);
  };
  const writeError = (text: string) => {
    if (!stopped) io.err(text);
  };
  const baseFetch = deps.fetch ?? globalThis.fetch;
  const fetchUntilStopped: typeof fetch = (input, init) =>
    baseFetch(input, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, stopping.signal]) : stopping.signal,
    });
  let resolveFinished: (code: number) => void = () => {};
  const finished = new Promise<number>((resolve) => (resolveFinished = resolve));
  const finish = (code: number) => {
    stopped = true;
    resolveFinished(code);
  };

  const app = createApp(
    nodePorts({
      fetch: fetchUntilStopped,
      clock,
      logger,
      notificationLine: write,
      notificationFormat: options.json ? 'json' : 'text',
      config: { baseUrl: config.baseUrl, demo: false, version: 'cli', platform: process.platform },
    }),
    {
      ...(options.renewEverySeconds === null
        ? {}
        : { renewal: { renewEveryMs: options.renewEverySeconds * 1000 } }),
      ...(options.intervalSeconds === null ? {} : { refreshIntervalMs: options.intervalSeconds * 1000 }),
      createClient: (ports) =>
        new ClassChartsClient({
          fetch: ports.fetch,
          baseUrl: ports.config.baseUrl,
          clock: ports.clock,
          logger: ports.logger,
          timeoutMs: config.timeoutMs,
        }),
      onEvent: (event) => {
        const line = formatEvent(event, clock.now(), options.json);
        if (line !== null) write(line);
        if (event.type === 'status' && event.status === 'needs-sign-in') finish(EXIT.usage);
      },
    },
  );

  const stop = () => finish(EXIT.ok);
  const detach = deps.signal
    ? (() => {
        deps.signal.addEventListener('abort', stop, { once: true });
        return () => deps.signal?.removeEventListener('abort', stop);
      })()
    : (() => {
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        return () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
        };
      })();
  if (deps.signal?.aborted) stop();

  /** Start, sign-in, the first refresh and the pupil, then the watch itself until stopped. */
  const watchUntilStopped = async (): Promise<number> => {
    await app.start();
    await app.whenIdle();
    const result = await app.handlers['auth:login']({ ...config.credentials, remember: false });
    if (!result.ok) {
      writeError(`classcharts: ${result.message}\n`);
      return result.code === 'offline' || result.code === 'service' ? EXIT.service : EXIT.usage;
    }
    if (config.pupil !== null && app.state().account?.kind === 'parent') {
      // As `cli today`: a parent's CLASSCHARTS_PUPIL (id or first name) picks the pupil; UsageError if none.
      await app.handlers['pupil:select'](selectPupil(app.pupils(), config.pupil).id);
      // Naming the pupil whose lessons are reminded asks for the reminders a parent's defaults leave off.
      await app.handlers['settings:update']({ notifications: { kinds: { 'lesson-soon': true } } });
    }
    return finished;
  };

  try {
    // Ctrl-C stops it at any time, during the start-up sign-in and first refresh too.
    return await Promise.race([watchUntilStopped(), finished]);
  } catch (error) {
    writeError(errorLines(error, config.debug));
    return exitCodeFor(error);
  } finally {
    stopped = true;
    detach();
    await app.stop();
    stopping.abort(new Error('cli watch stopped'));
  }
}
