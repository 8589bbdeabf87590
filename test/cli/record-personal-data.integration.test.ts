// `cli record` on an account holding a made-up family's personal data (./personal-data.ts, issue 26 §2):
// no seeded string, in any case, NFC or NFD, as written or as its character references read, is in any
// file written, nor any combining mark; and the recording still loads into the fake server, on which
// `cli today` and `cli records attendance` work (attendance keeps its dates, its session names redacted).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeAccount } from '../../cli/probe';
import { redactProbe, writeRecording } from '../../cli/record';
import { otherSchoolDays, REPLAY_LOGINS } from '../../cli/recording-dataset';
import type { RecordsJson } from '../../cli/records';
import { addDays } from '../../common/dates';
import { systemClock } from '../../main/ports';
import { type FakeClassCharts, startFakeClassCharts } from '../../dev/fake-classcharts/index';
import { tempFolder } from '../support/temp-folders';
import { envFor, runInProcess } from './helpers';
import { PARENT_EMAIL, seededStrings, seedPersonalData, servedStrings } from './personal-data';

const DAY = '2026-06-17';
const clock = { ...systemClock, now: () => Date.parse(`${DAY}T11:00:00Z`) };

const cli = (args: string[], env: Record<string, string>) => runInProcess(args, env, clock);

/** `cli records attendance` run with `args` against `env`'s server: its attendance (fails the test else). */
async function attendanceOf(args: string[], env: Record<string, string>) {
  const run = await cli(args, env);
  expect(run.code, run.stderr).toBe(0);
  const result = JSON.parse(run.stdout) as RecordsJson;
  if (result.kind !== 'attendance') throw new Error(result.kind);
  return result.attendance;
}

/** Every string (keys included) of a JSON value, one a line. */
function stringsOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(stringsOf).join('\n');
  if (typeof value === 'object' && value !== null)
    return Object.entries(value)
      .map(([key, item]) => `${key}\n${stringsOf(item)}`)
      .join('\n');
  return '';
}

/** True when `value` occurs in `text` with no letter, mark or digit right before or after it. */
function standsAlone(text: string, value: string): boolean {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escaped}(?![\\p{L}\\p{M}\\p{N}])`, 'u').test(text);
}

let fake: FakeClassCharts;
let pupilId: number;
beforeAll(async () => {
  fake = await startFakeClassCharts({ today: DAY });
  pupilId = fake.accounts.student.pupilId;
  seedPersonalData(fake.dataset, pupilId, DAY);
});
afterAll(async () => {
  await fake.close();
});

/** Records `who`'s account into a new folder, as `cli record` does; returns the folder and what was served. */
async function record(who: 'student' | 'parent'): Promise<{ dir: string; served: string }> {
  const env = envFor(fake, who, who === 'parent' ? { CLASSCHARTS_EMAIL: PARENT_EMAIL } : {});
  const probe = await probeAccount(env, { clock }, { timetableDays: otherSchoolDays });
  const served = probe.calls
    .map((call) => (call.exchange?.body ? stringsOf(JSON.parse(call.exchange.body)) : ''))
    .join('\n');
  const dir = tempFolder('cc-record-personal-');
  await writeRecording(dir, redactProbe(probe));
  return { dir, served };
}

/** Every file under `dir`, as text. */
function filesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files.set(path, readFileSync(path, 'utf8'));
    }
  return files;
}

describe('record: personal data', () => {
  for (const who of ['student', 'parent'] as const)
    it(`${who}: no seeded string, and no combining mark, is in any file written`, async () => {
      const { dir, served } = await record(who);
      for (const value of servedStrings(pupilId)) expect(served, 'seeded and served').toContain(value);
      const files = filesUnder(dir);
      expect(files.size).toBeGreaterThan(8);
      const seeded = seededStrings(pupilId);
      const leaks: Record<string, string[]> = {};
      const marks: Record<string, string[]> = {};
      for (const [file, text] of files) {
        const name = file.slice(dir.length + 1);
        // JSON escapes a newline or a quote; the strings read back as the service sent them are searched too.
        const haystack = `${text}\n${stringsOf(JSON.parse(text))}`.toLowerCase();
        const found = seeded.filter((value) => standsAlone(haystack, value));
        if (found.length > 0) leaks[name] = found;
        const combining = haystack.match(/\p{M}/gu);
        if (combining) marks[name] = [...new Set(combining)];
      }
      expect.soft(leaks, 'seeded strings').toEqual({});
      expect.soft(marks, 'combining marks').toEqual({});
    });

  it('the recording loads into the fake server: today and the attendance (dates kept, sessions redacted)', async () => {
    const { dir } = await record('student');
    const recorded = JSON.parse(readFileSync(join(dir, 'answers', 'attendance.json'), 'utf8')) as {
      data: Record<string, Record<string, { status: string }>>;
      meta: { sessions: string[] };
    };
    const served = fake.dataset.pupils.find((p) => p.pupil.id === pupilId)!.attendance!;
    const from = addDays(DAY, -6);
    const servedDates = Object.keys(served).filter((date) => date >= from && date <= DAY);
    expect(Object.keys(recorded.data)).toEqual(servedDates);
    for (const date of servedDates) {
      const sessions = Object.keys(recorded.data[date]!);
      expect(sessions).toHaveLength(Object.keys(served[date]!).length);
      expect(sessions).not.toContain('Registration');
      expect(
        sessions.every((s) => recorded.meta.sessions.includes(s)),
        'the same stand-in as meta.sessions',
      ).toBe(true);
      expect(Object.values(recorded.data[date]!).map((m) => m.status)).toEqual(
        Object.values(served[date]!).map((m) => m.status),
      );
    }

    const replay = await startFakeClassCharts({ data: join(dir, 'dataset.json'), today: DAY });
    try {
      const env = {
        CLASSCHARTS_BASE_URL: replay.url,
        CLASSCHARTS_CODE: REPLAY_LOGINS.student.code,
        CLASSCHARTS_DOB: REPLAY_LOGINS.student.dateOfBirth,
      };
      const today = await cli(['today', '--date', DAY, '--json'], env);
      expect(today.code, today.stderr).toBe(0);
      expect((JSON.parse(today.stdout) as { lessons: unknown[] }).lessons.length).toBeGreaterThan(0);
      const args = ['records', 'attendance', '--json', '--from', from, '--to', DAY];
      const replayed = await attendanceOf(args, env);
      const original = await attendanceOf(args, envFor(fake, 'student'));
      expect(replayed.days.map((d) => d.date)).toEqual(servedDates);
      // The same marks, day by day, under the recorded (redacted) session names.
      const statuses = (days: typeof replayed.days) => days.map((d) => d.marks.map((m) => m.status));
      expect(statuses(replayed.days)).toEqual(statuses(original.days));
      for (const day of replayed.days)
        expect(day.marks.map((m) => m.session)).toEqual(Object.keys(recorded.data[day.date]!));
    } finally {
      await replay.close();
    }
  });
});
