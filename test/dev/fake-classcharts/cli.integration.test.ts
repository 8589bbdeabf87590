// `npm run fake-server -- --port 0` prints `fake ClassCharts listening on http://HOST:PORT` first, then the
// demo accounts, and serves at that URL. Argument parsing is checked without a process.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../../common/demo-accounts';
import { DETACHED, endProcessTree, TSX } from '../../../scripts/child-processes';
import { parseCliOptions, USAGE } from '../../../dev/fake-classcharts/cli-options';

const ROOT = new URL('../../../', import.meta.url);

describe('npm run fake-server', () => {
  it('prints the listening line first, then the demo accounts, and serves at that URL', async () => {
    // --silent keeps npm's own "> script" banner off stdout, so the server's first line is the first line.
    // On Windows npm is npm.cmd, which Node spawns only through a shell (EINVAL since CVE-2024-27980).
    const child = spawn('npm', ['run', '--silent', 'fake-server', '--', '--port', '0'], {
      cwd: ROOT,
      detached: DETACHED, // so npm, tsx and node all stop together (endProcessTree)
      shell: process.platform === 'win32',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const lines = createInterface({ input: child.stdout });
      const iterator = lines[Symbol.asyncIterator]();
      const first = String((await iterator.next()).value);
      expect(first, stderr).toMatch(/^fake ClassCharts listening on http:\/\/127\.0\.0\.1:\d+$/);
      const student = String((await iterator.next()).value);
      expect(student).toContain(DEMO_CREDENTIALS.student.code);
      expect(student).toContain(DEMO_CREDENTIALS.student.dateOfBirth);
      const parent = String((await iterator.next()).value);
      expect(parent).toContain(`${DEMO_CREDENTIALS.parent.email} / ${DEMO_CREDENTIALS.parent.password}`);
      const url = first.slice('fake ClassCharts listening on '.length);
      const response = await fetch(`${url}/apiv2student/ping`);
      expect(await response.json()).toEqual({
        success: 0,
        expired: 0,
        error: 'You are not logged in. [1]',
        meta: [],
      });
    } finally {
      const exited = once(child, 'exit');
      endProcessTree(child);
      await exited;
    }
  });
});

describe('command-line options', () => {
  it('maps each flag to its server option and leaves absent ones to the defaults', () => {
    expect(
      parseCliOptions([
        '--port=8123',
        '--host',
        '0.0.0.0',
        '--session-ttl',
        '60',
        '--latency-ms',
        '250',
        '--data',
        'x.json',
        '--seed',
        '7',
        '--expired-status',
        '401',
        '--tes-sso',
      ]),
    ).toEqual({
      port: 8123,
      host: '0.0.0.0',
      sessionTtlSeconds: 60,
      latencyMs: 250,
      data: 'x.json',
      seed: 7,
      expiredStatus: 401,
      tesSso: true,
    });
    expect(parseCliOptions([])).toEqual({ port: 0, host: '127.0.0.1', expiredStatus: 200, tesSso: false });
  });

  it('--parent-cookie-name switches the parent login cookie to either of its two names, and is in the usage', () => {
    for (const name of ['student_session_credentials', 'parent_session_credentials'] as const) {
      expect(parseCliOptions(['--parent-cookie-name', name])).toMatchObject({ parentCookieName: name });
    }
    expect(parseCliOptions([])).not.toHaveProperty('parentCookieName');
    expect(USAGE).toContain('--parent-cookie-name');
  });

  it('--stale-token-renews S lets a ping renew a token that timed out up to S seconds ago', () => {
    expect(parseCliOptions(['--stale-token-renews', '600'])).toMatchObject({ staleTokenRenewsSeconds: 600 });
    expect(parseCliOptions([])).not.toHaveProperty('staleTokenRenewsSeconds');
    expect(() => parseCliOptions(['--stale-token-renews', 'soon'])).toThrow();
    expect(USAGE).toContain('[--stale-token-renews S]');
  });

  it('--timetable-by-date serves the timetable keyed by date, is off without it, and is in the usage', () => {
    // The shape: skeffling/timetable-plus@1bfce46dc9 extension/common.js `lessonsOf`; docs §5.7.
    expect(parseCliOptions(['--timetable-by-date'])).toMatchObject({ timetableByDate: true });
    expect(parseCliOptions([])).not.toHaveProperty('timetableByDate');
    expect(() => parseCliOptions(['--timetable-by-date=yes'])).toThrow();
    expect(USAGE).toContain('[--timetable-by-date]');
  });

  it('--today takes a real calendar date', () => {
    expect(parseCliOptions(['--today', '2024-02-29'])).toMatchObject({ today: '2024-02-29' });
  });

  it.each([
    ['--port', 'abc'],
    ['--expired-status', '500'],
    ['--today', 'tomorrow'],
    ['--today', '2026-02-30'],
    ['--today', '2026-13-01'],
    ['--today', '0001-01-01'],
    ['--parent-cookie-name', 'session'],
    ['--nonsense'],
  ])('rejects %s %s', (...args) => {
    expect(() => parseCliOptions(args.filter((a): a is string => a !== undefined))).toThrow();
  });
});

describe('exit codes', () => {
  it('a date that does not exist is a bad argument: exit code 2 and the usage, no server', async () => {
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [TSX, fileURLToPath(new URL('dev/fake-classcharts/cli.ts', ROOT)), '--today', '2026-02-30'],
        { timeout: 60_000 },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('2026-02-30');
    expect(run.stderr).toContain('usage: npm run fake-server');
  });
});
