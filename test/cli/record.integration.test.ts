// `cli record` in-process against the fake server: every answer saved redacted (no value of the account
// survives: searched for in every file written), ids still joining up across endpoints, and a dataset the
// fake server loads and serves, on which doctor passes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_LOGINS } from '../../cli/recording-dataset';
import { KEPT_KEYS } from '../../cli/redact';
import { systemClock } from '../../main/ports';
import { tempFolder } from '../support/temp-folders';
import { loadDatasetFile } from '../../dev/fake-classcharts/data-file';
import { type FakeClassCharts, startFakeClassCharts } from '../../dev/fake-classcharts/index';
import { envFor, runInProcess } from './helpers';

const DAY = '2026-06-17';
const clock = { ...systemClock, now: () => Date.parse(`${DAY}T11:00:00Z`) };

const cli = (args: string[], env: Record<string, string>) => runInProcess(args, env, clock);

/** Every file `record` wrote under `dir`, as text. */
function writtenFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile())
      files.set(join(entry.parentPath, entry.name), readFileSync(join(entry.parentPath, entry.name), 'utf8'));
  return files;
}

/**
 * Fields the redaction keeps on purpose (the service's vocabulary), plus the dataset's name for ping
 * `meta.version`. The test below checks that they hold vocabulary indeed, not names or text.
 */
const VOCABULARY = new Set([...KEPT_KEYS, 'appVersion']);
/** A whole value that is a date or a time (`2026-06-17 07700900123` is not: issue 26 §2). */
const DATE_OR_TIME =
  /^(\d{4}-\d{2}-\d{2}([T :]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?|\d{1,2}:\d{2}(:\d{2})?|\d{1,2}\/\d{1,2}\/\d{4})$/;
const FLAG = /^(yes|no|true|false)$/i;

/**
 * The values of the account that must not survive: every string and number served (the dataset's records,
 * the logins, the tokens), except dates, times, flags, vocabulary, colours, small counts and short
 * strings (under 4 characters, which would match by chance anywhere).
 */
function accountValues(fake: FakeClassCharts): Set<string> {
  const values = new Set<string>();
  const walk = (value: unknown, key: string | null): void => {
    if (typeof value === 'string') {
      const v = value.trim();
      if (v.length < 4 || DATE_OR_TIME.test(v) || FLAG.test(v) || /^#[0-9a-f]+$/i.test(v)) return;
      if (key !== null && VOCABULARY.has(key)) return;
      values.add(v);
    } else if (typeof value === 'number') {
      if (String(value).length >= 4) values.add(String(value));
    } else if (Array.isArray(value)) for (const item of value) walk(item, key);
    else if (typeof value === 'object' && value !== null)
      for (const [k, item] of Object.entries(value)) walk(item, k);
  };
  walk(fake.dataset, null);
  for (const request of fake.requests) {
    const token = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (token) values.add(token);
  }
  return values;
}

/** True when `value` occurs in `text` with no letter or digit right before or after it. */
function standsAlone(text: string, value: string): boolean {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(text);
}

let fake: FakeClassCharts;
/** Words planted in free text, HTML, a URL and a behaviour reason: none may appear in any file written. */
const PLANTED = ['Quokkaesque', 'Zanzibarly', 'Wombatine'];

beforeAll(async () => {
  fake = await startFakeClassCharts({ today: DAY });
  // The demo account, made more distinctive where redaction is hardest.
  for (const { homeworks, activity, detentions } of fake.dataset.pupils) {
    const homework = homeworks.find((h) => h.due_date >= '2026-06-01' && h.due_date <= '2026-06-30')!;
    homework.description = `<p>Read <a href="https://school.example.org/Zanzibarly/Wombatine.pdf">Quokkaesque notes</a>&nbsp;now</p>`;
    homework.validated_links = [
      {
        link: 'https://quokkaesque.example.net/Wombatine',
        validated_link: 'https://quokkaesque.example.net/Wombatine',
      },
    ];
    const point = activity.find((a) => a.type === 'behaviour' && a.timestamp.startsWith('2026-06'))!;
    point.reason = 'Zanzibarly kind';
    point.note = 'Wombatine, see me';
    if (detentions[0]) detentions[0].notes = 'Quokkaesque behaviour at lunch';
  }
});
afterAll(async () => {
  await fake.close();
});

describe('record', () => {
  it('keeps only vocabulary: every kept field of the served data holds a lower-case word or a version', () => {
    const kept: string[] = [];
    const walk = (value: unknown, key: string | null): void => {
      if (typeof value === 'string' && key !== null && VOCABULARY.has(key)) kept.push(value);
      else if (Array.isArray(value)) for (const item of value) walk(item, key);
      else if (typeof value === 'object' && value !== null)
        for (const [k, item] of Object.entries(value)) walk(item, k);
    };
    walk(fake.dataset, null);
    expect(kept.length).toBeGreaterThan(20);
    for (const value of kept) expect(value).toMatch(/^([a-z_]+|\d+(\.\d+)*|Europe\/London)$/);
  });

  for (const who of ['student', 'parent'] as const)
    it(`${who}: no value of the account survives in any file written`, async () => {
      const out = tempFolder('cc-record-');
      const run = await cli(['record', '--out', out], envFor(fake, who));
      expect(run).toMatchObject({ code: 0, stderr: '' });
      const files = writtenFiles(out);
      expect(
        [...files.keys()].some((f) => f.endsWith('homeworks.json') || f.endsWith('homeworks.pupil-1.json')),
      ).toBe(true);
      const values = accountValues(fake);
      expect(values.size).toBeGreaterThan(200);
      for (const word of PLANTED) values.add(word).add(word.toLowerCase());
      for (const [file, text] of files) {
        // A whole value, not part of a longer word or number: a random stand-in such as 105940004 may hold an
        // original such as 59400 by chance without leaking it.
        const leaked = [...values].filter((value) => standsAlone(text, value));
        expect(leaked, file).toEqual([]);
      }
      // The redacted answers keep their shape: as many homeworks, same dates, same keys.
      const homeworks = JSON.parse(
        files.get(join(out, 'answers', who === 'student' ? 'homeworks.json' : 'homeworks.pupil-1.json'))!,
      ) as { data: { id: number; title: string; due_date: string }[] };
      expect(homeworks.data.length).toBeGreaterThan(0);
      const served = fake.dataset.pupils[0]!.homeworks.filter(
        (h) => h.due_date >= '2026-05-18' && h.due_date <= '2026-07-17',
      );
      expect(homeworks.data.map((h) => h.due_date).sort()).toEqual(served.map((h) => h.due_date).sort());
      expect(typeof homeworks.data[0]!.id).toBe('number');
    });

  it('parent: pupil ids join up across answers; the dataset loads and replays with doctor passing', async () => {
    const out = tempFolder('cc-record-');
    expect((await cli(['record', '--out', out], envFor(fake, 'parent'))).code).toBe(0);
    const read = (file: string) =>
      JSON.parse(readFileSync(join(out, 'answers', file), 'utf8')) as { data: Record<string, unknown>[] };
    const pupilIds = read('pupils.json').data.map((p) => p.id as number);
    expect(pupilIds).toHaveLength(2);
    expect(pupilIds).not.toContain(fake.accounts.parent.pupilIds[0]);
    const detentionPupils = read('detentions.pupil-1.json').data.map((d) => (d.pupil as { id: number }).id);
    expect(detentionPupils.length).toBeGreaterThan(0);
    for (const id of detentionPupils) expect(id).toBe(pupilIds[0]);

    const datasetFile = join(out, 'dataset.json');
    const dataset = await loadDatasetFile(datasetFile);
    expect(dataset.pupils.map((p) => p.pupil.id)).toEqual(pupilIds);
    const replay = await startFakeClassCharts({ data: datasetFile, today: DAY });
    try {
      const env = {
        CLASSCHARTS_BASE_URL: replay.url,
        CLASSCHARTS_EMAIL: REPLAY_LOGINS.parent.email,
        CLASSCHARTS_PASSWORD: REPLAY_LOGINS.parent.password,
      };
      const doctor = await cli(['doctor'], env);
      expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
      const student = await cli(['today', '--date', DAY, '--json'], {
        CLASSCHARTS_BASE_URL: replay.url,
        CLASSCHARTS_CODE: REPLAY_LOGINS.student.code,
        CLASSCHARTS_DOB: REPLAY_LOGINS.student.dateOfBirth,
      });
      expect(student.code).toBe(0);
      // The recorded week's lessons come back on their days (the fake's Wednesday differs from its Monday).
      const day = JSON.parse(student.stdout) as { lessons: { subject: string }[] };
      const wednesday = read('timetable.pupil-1.json').data;
      expect(day.lessons.map((l) => l.subject)).toEqual(wednesday.map((l) => l.subject_name));
      const monday = await cli(['today', '--date', '2026-06-22', '--json'], {
        CLASSCHARTS_BASE_URL: replay.url,
        CLASSCHARTS_CODE: REPLAY_LOGINS.student.code,
        CLASSCHARTS_DOB: REPLAY_LOGINS.student.dateOfBirth,
      });
      const recordedMonday = read('timetable-2026-06-15.pupil-1.json').data;
      expect(recordedMonday.length).toBeGreaterThan(0);
      expect(
        (JSON.parse(monday.stdout) as { lessons: { subject: string }[] }).lessons.map((l) => l.subject),
      ).toEqual(recordedMonday.map((l) => l.subject_name));
      expect(recordedMonday.map((l) => l.subject_name)).not.toEqual(wednesday.map((l) => l.subject_name));
    } finally {
      await replay.close();
    }
  });

  it('without --out: exit 2 and nothing asked of the service', async () => {
    const before = fake.requests.length;
    const run = await cli(['record'], envFor(fake, 'student'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--out');
    expect(fake.requests.length).toBe(before);
  });
});
