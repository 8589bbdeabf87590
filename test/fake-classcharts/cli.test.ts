// `npm run fake-server -- --port 0` prints `fake ClassCharts listening on http://HOST:PORT` first, then the
// demo accounts, and serves at that URL. Argument parsing is checked without a process.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { parseCliOptions } from './cli-options';

const ROOT = new URL('../../', import.meta.url);

describe('npm run fake-server', () => {
  it('prints the listening line first, then the demo accounts, and serves at that URL', async () => {
    // --silent keeps npm's own "> script" banner off stdout, so the server's first line is the first line.
    const child = spawn('npm', ['run', '--silent', 'fake-server', '--', '--port', '0'], {
      cwd: ROOT,
      detached: true, // its own process group, so npm, tsx and node all stop together
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
      expect(student).toContain('DEMO2026');
      expect(student).toContain('14/05/2012');
      const parent = String((await iterator.next()).value);
      expect(parent).toContain('parent@example.com / demo-parent');
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
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
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

  it.each([['--port', 'abc'], ['--expired-status', '500'], ['--today', 'tomorrow'], ['--nonsense']])(
    'rejects %s %s',
    (...args) => {
      expect(() => parseCliOptions(args.filter((a): a is string => a !== undefined))).toThrow();
    },
  );
});
