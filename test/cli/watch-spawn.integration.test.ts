// The manual check, automated: `npm run fake-server` and `cli watch` as two child processes.
// - session TTL 4 s, renewal every 2 s, refresh every 1 s: every refresh succeeds for 15 s;
// - session TTL 2 s, renewal every 60 s: the session dies between renewals, and watch signs in again by
//   itself and keeps every refresh successful.
// Both run at once (about 17 s of wall time); the end is an event (a line 15 s after sign-in), not a sleep.
// And Ctrl-C while the sign-in hangs (a fake server in this process holds it) ends the process at once.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { childEnv, DETACHED, endProcessTree, TSX } from '../../scripts/child-processes';
import { startFakeClassCharts, type FakeClassCharts } from '../../dev/fake-classcharts/index';
import { spawnFakeServer } from '../../dev/fake-classcharts/spawn';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const children: ChildProcess[] = [];
let fake: FakeClassCharts | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
  // tsx runs node under it: end each child's whole tree.
  for (const child of children.splice(0)) endProcessTree(child);
});

interface WatchLine {
  event: string;
  at: string;
  ok?: boolean;
  reason?: string;
}

function start(args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, [TSX, ...args], {
    cwd: root,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: DETACHED,
  });
  children.push(child);
  return child;
}

/** Starts the fake server CLI and resolves with its URL (its first stdout line). */
async function fakeServer(ttlSeconds: number): Promise<string> {
  const fake = await spawnFakeServer(['--session-ttl', String(ttlSeconds), '--port', '0']);
  children.push(fake.child);
  return fake.url;
}

/** Runs `cli watch` until its events span `seconds` after the first one, then SIGINT; returns lines and exit code. */
function watchFor(
  url: string,
  args: string[],
  seconds: number,
): Promise<{ lines: WatchLine[]; code: number | null }> {
  const child = start(['cli/index.ts', 'watch', ...args, '--json'], {
    CLASSCHARTS_BASE_URL: url,
    CLASSCHARTS_CODE: 'DEMO2026',
    CLASSCHARTS_DOB: '14/05/2012',
  });
  const lines: WatchLine[] = [];
  let stderr = '';
  let stopping = false;
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (text) => {
      const line = JSON.parse(text) as WatchLine;
      lines.push(line);
      const first = Date.parse(lines[0]!.at);
      if (!stopping && Date.parse(line.at) - first >= seconds * 1000) {
        stopping = true; // once: a second Ctrl-C would end it the hard way
        child.kill('SIGINT');
      }
    });
    child.once('exit', (code) =>
      code === 0 ? resolve({ lines, code }) : reject(new Error(`watch exited ${code}: ${stderr}`)),
    );
  });
}

const count = (lines: WatchLine[], event: string, ok?: boolean) =>
  lines.filter((l) => l.event === event && (ok === undefined || l.ok === ok)).length;

// Windows has no SIGINT to send another process: child.kill('SIGINT') terminates it outright, so the Ctrl-C
// stop (exit 0, every line whole) these tests end on cannot happen there.
describe.skipIf(process.platform === 'win32')('cli watch against the fake server (child processes)', () => {
  it('keeps every refresh successful for 15 s with short sessions, renewing or signing in again by itself', async () => {
    const [renewing, expiring] = await Promise.all([
      fakeServer(4).then((url) => watchFor(url, ['--renew-every', '2', '--interval', '1'], 15)),
      fakeServer(2).then((url) => watchFor(url, ['--renew-every', '60', '--interval', '1'], 15)),
    ]);

    // TTL 4 s, renewal every 2 s.
    expect(count(renewing.lines, 'refresh', false)).toBe(0);
    expect(count(renewing.lines, 'refresh', true)).toBeGreaterThanOrEqual(10);
    expect(count(renewing.lines, 'renewal', false)).toBe(0);
    expect(count(renewing.lines, 'renewal', true)).toBeGreaterThanOrEqual(5);
    expect(count(renewing.lines, 'error')).toBe(0);

    // TTL 2 s, renewal every 60 s: the session ends every few seconds; watch signs in again.
    expect(count(expiring.lines, 'refresh', false)).toBe(0);
    expect(count(expiring.lines, 'refresh', true)).toBeGreaterThanOrEqual(10);
    expect(count(expiring.lines, 're-login', true)).toBeGreaterThanOrEqual(2);
    expect(count(expiring.lines, 're-login', false)).toBe(0);
    expect(count(expiring.lines, 'renewal')).toBe(0);
  }, 60_000);

  it('Ctrl-C while the sign-in hangs ends the process at once, exit 0, every line printed whole', async () => {
    fake = await startFakeClassCharts();
    fake.faults.inject({ path: '/student/login', kind: 'hang' });
    const child = start(['cli/index.ts', 'watch', '--json'], {
      CLASSCHARTS_BASE_URL: fake.url,
      CLASSCHARTS_CODE: fake.accounts.student.code,
      CLASSCHARTS_DOB: fake.accounts.student.dateOfBirth,
      CLASSCHARTS_TIMEOUT_MS: '600000', // the client would wait ten minutes for the answer
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const server = fake;
    await vi.waitFor(() => expect(server.requests.some((r) => r.path === '/student/login')).toBe(true), {
      timeout: 20_000,
    });
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
    expect(stdout === '' || stdout.endsWith('\n')).toBe(true);
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines.map((line) => (JSON.parse(line) as WatchLine).event)).not.toContain('refresh');
  }, 30_000);
});
