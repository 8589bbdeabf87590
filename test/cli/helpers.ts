// Running the CLI in tests: as a child process (`tsx cli/index.ts`, like `npm run cli`) or in-process with
// captured output. Environment variables are always built from scratch so a developer's own
// CLASSCHARTS_* settings never leak in.
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../cli';
import { childEnv, TSX } from '../../scripts/child-processes';
import type { FakeClassCharts } from '../../dev/fake-classcharts/index';
import type { Clock } from '../../main/ports';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** What a CLI run produced. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of a student (or parent) signed in to `fake`, plus `extra`. */
export function envFor(
  fake: FakeClassCharts,
  who: 'student' | 'parent',
  extra: Record<string, string> = {},
): Record<string, string> {
  const base = { CLASSCHARTS_BASE_URL: fake.url };
  const credentials: Record<string, string> =
    who === 'student'
      ? { CLASSCHARTS_CODE: fake.accounts.student.code, CLASSCHARTS_DOB: fake.accounts.student.dateOfBirth }
      : {
          CLASSCHARTS_EMAIL: fake.accounts.parent.email,
          CLASSCHARTS_PASSWORD: fake.accounts.parent.password,
        };
  return { ...base, ...credentials, ...extra };
}

/**
 * Runs `tsx cli/index.ts <args>` as a child process (asynchronously, so a fake server in this process keeps
 * answering) with only the basics (PATH, HOME; scripts/child-processes.ts) and `env` set.
 */
export function spawnCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TSX, join(root, 'cli/index.ts'), ...args],
      {
        cwd: root,
        env: childEnv(env),
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : error ? -1 : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * Runs the CLI in this process with captured stdout/stderr; with `clock`, on that clock (a fixed day for
 * `record`, whose timetable days depend on it).
 */
export async function runInProcess(
  args: string[],
  env: Record<string, string>,
  clock?: Clock,
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    args,
    env,
    { out: (t) => void (stdout += t), err: (t) => void (stderr += t) },
    clock ? { clock } : undefined,
  );
  return { code, stdout, stderr };
}
