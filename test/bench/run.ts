/**
 * `npm run bench [-- --latency-ms 100] [--runs 7] [--only network,idle,day,renderer,package,scale]
 * [--scale 10]`: measures the figures (network, idle, day and renderer against an in-process fake
 * ClassCharts server; package: app.asar and main's load time; scale: a busy year at `--scale` 1, 10 or 100,
 * ./scale.ts) and prints ONE JSON object on stdout:
 * `{ benchmark, at, machine, options, figures: { <name>: { value, unit, goal, goalRule, met,
 * conditions } } }`. Everything else (build and library output) goes to stderr.
 *
 * Benchmarks report; they do not judge: the exit code is 0 even when a goal is missed, and 1 only when
 * a figure could not be measured at all (its entry then has `value: null` and `error`).
 * How to read and reproduce the figures: docs/notes/bench.md.
 */
import { cpus, platform, release } from 'node:os';
import { parseArgs } from 'node:util';
import { calendarFigures } from './calendar';
import { dayFigures } from './day';
import { idleFigures } from './idle';
import { networkFigures } from './network';
import { packageFigures } from './package';
import { rendererFigures } from './renderer';
import { scaleFigures } from './scale';
import type { Figure } from './setup';

const GROUPS = ['network', 'idle', 'day', 'renderer', 'package', 'scale'] as const;
type Group = (typeof GROUPS)[number];

/** Which figures a group makes when it fails before making any: their names, for the error entries. */
const NAMES: Record<Group, string[]> = {
  network: [
    'coldStart',
    'coldStartRoundTrips',
    'warmRefresh',
    'coldStartParent',
    'coldStartRoundTripsParent',
    'warmRefreshParent',
  ],
  idle: ['idleRequestsPerHour', 'idleRequestsPerHourParent'],
  day: [
    'requestsPerDayStudentSchoolDay',
    'requestsPerDayStudentWeekend',
    'requestsPerDayParentSchoolDay',
    'requestsPerDayParentWeekend',
    'requestsPerDayStudentSchoolDayFeed',
    'requestsPerDayParentSchoolDayFeed',
    'calendarFeedParentOfThreeFirstMs',
    'calendarFeedParentOfThreeFirstRequests',
    'calendarFeedParentOfThreeRebuildRequests',
    'calendarFeedParentOfThreeBytes',
  ],
  renderer: ['rendererGzip', 'rendererGzipFirstLoad', 'bootToLessons', 'bootToLessonsDirectBridge'],
  package: ['asarBytes', 'asarEntries', 'mainLoad'],
  scale: [
    'scaleSignInToLessons',
    'scaleEventLoopMaxMs',
    'scaleStatePushKB',
    'scaleCacheWriteMs',
    'scaleSettingsReadKB',
    'scaleCoreHeapMB',
    'scaleCacheMBPerDay',
    'scaleLongestTaskMs',
    'scaleAnnouncementsMainThreadMs',
  ],
};

function options() {
  const { values } = parseArgs({
    options: {
      'latency-ms': { type: 'string', default: '100' },
      runs: { type: 'string', default: '7' },
      only: { type: 'string', default: GROUPS.join(',') },
      scale: { type: 'string', default: '10' },
    },
  });
  const latencyMs = Number(values['latency-ms']);
  const runs = Number(values.runs);
  const only = values.only.split(',').map((g) => g.trim()) as Group[];
  if (!Number.isInteger(latencyMs) || latencyMs < 0) throw new Error('--latency-ms: a whole number of ms');
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number ≥ 1');
  const scale = Number(values.scale);
  if (!Number.isInteger(scale) || scale < 1) throw new Error('--scale: a whole number ≥ 1 (1, 10, 100)');
  const unknown = only.filter((g) => !GROUPS.includes(g));
  if (unknown.length > 0)
    throw new Error(`--only: unknown ${unknown.join(', ')} (known: ${GROUPS.join(', ')})`);
  return { latencyMs, runs, only, scale };
}

async function main(): Promise<void> {
  const opts = options();
  // Keep stdout for the one JSON object: libraries that print (Vite, the Svelte plugin) go to stderr.
  const out = process.stdout.write.bind(process.stdout);
  console.log = console.info = console.warn = console.debug = (...args: unknown[]) => console.error(...args);

  const run: Record<Group, () => Promise<Record<string, Figure>>> = {
    network: () => networkFigures(opts),
    idle: () => idleFigures(),
    // The calendar feed's figures go with the requests per day they add to (./calendar.ts).
    day: async () => ({ ...(await dayFigures()), ...(await calendarFigures()) }),
    renderer: () => rendererFigures(opts),
    package: () => packageFigures(opts),
    scale: () => scaleFigures(opts),
  };
  const figures: Record<string, Figure> = {};
  let crashed = false;
  for (const group of GROUPS.filter((g) => opts.only.includes(g))) {
    try {
      Object.assign(figures, await run[group]());
    } catch (error) {
      crashed = true;
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(`bench: ${group} failed: ${message}`);
      for (const name of NAMES[group])
        figures[name] ??= {
          value: null,
          unit: '',
          goal: 0,
          goalRule: '',
          met: false,
          conditions: {},
          error: message,
        };
    }
  }
  const cpu = cpus();
  const report = {
    benchmark: 'ClassCharts Tray',
    at: new Date().toISOString(),
    machine: {
      node: process.version,
      os: `${platform()} ${release()}`,
      cpus: cpu.length,
      cpu: cpu[0]?.model ?? 'unknown',
    },
    options: opts,
    figures,
  };
  const code = crashed ? 1 : 0;
  // Exit once the JSON is flushed (a pipe may take it asynchronously); keep-alive sockets would linger.
  out(`${JSON.stringify(report, null, 2)}\n`, () => process.exit(code));
}

main().then(
  () => {},
  (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
