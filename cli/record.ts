/**
 * `npm run cli -- record --out DIR`: signs in from the environment (./env.ts), calls every endpoint the
 * app uses once (./probe.ts, the same calls as `doctor`) and saves the answers **redacted** (./redact.ts):
 * - `DIR/answers/<endpoint>.json` (a parent's per-pupil ones `<endpoint>.pupil-<n>.json`; the timetable of
 *   the week's other school days `timetable-<date>[.pupil-<n>].json`): each answer body
 *   as the service sent it, every name, code, id, email, text, HTML and URL replaced by a same-shaped
 *   stand-in, dates, times and flags kept;
 * - `DIR/answers/index.json`: per file, the endpoint, method, path (pupil id as `{pupil}`) and HTTP status;
 * - `DIR/dataset.json`: the same data as a fake-server dataset (`npm run fake-server -- --data
 *   DIR/dataset.json`, `npm run preview -- --data DIR/dataset.json`); what it cannot replay is in its
 *   `notes` (./recording-dataset.ts).
 * Nothing unredacted is written; answers that are not JSON (an HTML page) are left out and listed.
 * Exit codes: 0 saved; 2 bad arguments or sign-in; 3 nothing could be recorded.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CliDeps } from './env';
import { EXIT, reportingErrors, UsageError } from './errors';
import type { CliIo } from './output';
import { probeAccount, type ProbeResult } from './probe';
import {
  datasetFromRecording,
  otherSchoolDays,
  type RecordedPupil,
  type Recording,
} from './recording-dataset';
import { originalsOf, Redactor } from './redact';

/** One saved answer in `answers/index.json`. */
export interface RecordedAnswer {
  file: string;
  endpoint: string;
  /** 1-based pupil position, `null` for account-wide answers. */
  pupil: number | null;
  method: string;
  path: string;
  status: number;
}

/** What `record` wrote, in memory: redacted answers by file name, the index and the dataset. */
export interface RecordOutput {
  files: Map<string, unknown>;
  index: RecordedAnswer[];
  /** Calls whose answer was not JSON or never came (not saved). */
  skipped: string[];
  recording: Recording;
}

/**
 * Redacts a probe's answers with one {@link Redactor} (so ids and words map the same across endpoints)
 * and assembles the recording. `random` feeds the stand-ins (default Math.random).
 */
export function redactProbe(probe: ProbeResult, random: () => number = Math.random): RecordOutput {
  const bodies: { call: ProbeResult['calls'][number]; json: unknown }[] = [];
  const skipped: string[] = [];
  for (const call of probe.calls) {
    if (call.endpoint === 'login') continue;
    const label = call.pupil === null ? call.endpoint : `${call.endpoint} (pupil ${call.pupil})`;
    if (call.exchange === null) {
      skipped.push(`${label}: no answer`);
      continue;
    }
    try {
      bodies.push({ call, json: JSON.parse(call.exchange.body) });
    } catch {
      skipped.push(`${label}: not JSON (HTTP ${call.exchange.status})`);
    }
  }
  const avoid = new Set<string>();
  for (const { json } of bodies) originalsOf(json, avoid);
  const redactor = new Redactor(avoid, random);
  const files = new Map<string, unknown>();
  const index: RecordedAnswer[] = [];
  const recording: Recording = {
    kind: probe.kind,
    today: probe.today,
    ping: null,
    pupils: null,
    probed: new Map(),
  };
  for (const { call, json } of bodies) {
    const redacted = redactor.json(json);
    const name = call.date === undefined ? call.endpoint : `${call.endpoint}-${call.date}`;
    const file =
      call.pupil === null || probe.kind === 'student' ? `${name}.json` : `${name}.pupil-${call.pupil}.json`;
    files.set(file, redacted);
    index.push({
      file,
      endpoint: call.endpoint,
      pupil: call.pupil,
      method: call.method,
      path: call.path,
      status: call.exchange?.status ?? 0,
    });
    if (call.endpoint === 'ping') recording.ping = redacted;
    else if (call.endpoint === 'pupils') recording.pupils = redacted;
    else if (call.pupil !== null) {
      const pupil: RecordedPupil = recording.probed.get(call.pupil) ?? { answers: {}, timetableDays: {} };
      if (call.date !== undefined) pupil.timetableDays[call.date] = redacted;
      else pupil.answers[call.endpoint] = redacted;
      recording.probed.set(call.pupil, pupil);
    }
  }
  return { files, index, skipped, recording };
}

/** Writes a record output under `dir` (created if need be); returns the dataset's path. */
export async function writeRecording(dir: string, output: RecordOutput): Promise<string> {
  const answers = join(dir, 'answers');
  await mkdir(answers, { recursive: true });
  for (const [file, json] of output.files)
    await writeFile(join(answers, file), `${JSON.stringify(json, null, 2)}\n`);
  await writeFile(
    join(answers, 'index.json'),
    `${JSON.stringify({ skipped: output.skipped, answers: output.index }, null, 2)}\n`,
  );
  const dataset = datasetFromRecording(output.recording);
  const path = join(dir, 'dataset.json');
  await writeFile(path, `${JSON.stringify(dataset, null, 2)}\n`);
  return path;
}

/** Runs `record` with its arguments (after the command name); returns the exit code. */
export async function runRecord(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  deps: CliDeps = {},
): Promise<number> {
  return reportingErrors(env, io.err, async () => {
    const { values } = parseArgs({
      args: argv,
      options: { out: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
    if (!values.out) throw new UsageError('record needs --out DIR (the folder to write the answers to)');
    const output = redactProbe(await probeAccount(env, deps, { timetableDays: otherSchoolDays }));
    if (output.files.size === 0) {
      io.err('classcharts: no answer could be recorded (try: npm run cli -- doctor)\n');
      return EXIT.service;
    }
    const dir = resolve(values.out);
    const dataset = await writeRecording(dir, output);
    const lines = [
      `Saved ${output.files.size} redacted answers in ${join(dir, 'answers')}.`,
      ...output.skipped.map((s) => `Not saved: ${s}.`),
      `Fake-server dataset: ${dataset} (npm run preview -- --data ${dataset}).`,
      'Look the files over before you share them: names, codes, ids and texts are replaced, dates and times kept.',
    ];
    io.out(`${lines.join('\n')}\n`);
    return EXIT.ok;
  });
}
