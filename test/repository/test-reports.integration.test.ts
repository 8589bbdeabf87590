// The counts CI prints come from the reporters' JSON files (scripts/test-reports.ts) and are summed by
// scripts/ci-summary.ts into the closing "N passed, N failed": a failed, flaky or crashed suite must never
// read as green, and a skipped test says why.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TSX } from '../../scripts/child-processes';
import {
  countPlaywrightReport,
  countVitestReport,
  type PlaywrightJsonReport,
} from '../../scripts/test-reports';

type Status = 'expected' | 'unexpected' | 'flaky' | 'skipped';

/** A Playwright JSON report with one test per status given (the fields the counting reads). */
function playwrightReport(
  tests: { title: string; status: Status; note?: [string, string] }[],
  errors: string[] = [],
) {
  const count = (status: Status) => tests.filter((t) => t.status === status).length;
  return {
    config: {},
    errors: errors.map((message) => ({ message })),
    stats: {
      startTime: '2026-11-24T20:00:00.000Z',
      duration: 1000,
      expected: count('expected'),
      unexpected: count('unexpected'),
      flaky: count('flaky'),
      skipped: count('skipped'),
    },
    suites: [
      {
        title: 'views.spec.ts',
        file: 'views.spec.ts',
        line: 0,
        column: 0,
        specs: [],
        suites: [
          {
            title: 'dark',
            file: 'views.spec.ts',
            line: 1,
            column: 1,
            specs: tests.map((t) => ({
              title: t.title,
              ok: t.status === 'expected' || t.status === 'skipped',
              tags: [],
              id: t.title,
              file: 'views.spec.ts',
              line: 1,
              column: 1,
              tests: [
                {
                  timeout: 60_000,
                  annotations: t.note ? [{ type: t.note[0], description: t.note[1] }] : [],
                  expectedStatus: t.status === 'skipped' ? 'skipped' : 'passed',
                  projectName: 'popover',
                  projectId: 'popover',
                  results: [],
                  status: t.status,
                },
              ],
            })),
          },
        ],
      },
    ],
  } as unknown as PlaywrightJsonReport;
}

describe('counting the reporters', () => {
  it('counts passed, failed, flaky (as failed) and skipped tests of Playwright, naming each', () => {
    const counts = countPlaywrightReport(
      playwrightReport([
        { title: 'today', status: 'expected' },
        { title: 'homework', status: 'unexpected', note: ['browser', 'Chromium 156.0.8078.79'] },
        { title: 'more', status: 'flaky' },
        {
          title: 'electron',
          status: 'skipped',
          note: ['skip', 'no Electron binary: none is installed here'],
        },
      ]),
    );
    expect(counts).toEqual({
      passed: 1,
      failed: 2,
      skipped: 1,
      skips: ['popover › dark › electron: no Electron binary: none is installed here'],
      failures: ['popover › dark › homework [Chromium 156.0.8078.79]', 'popover › dark › more (flaky)'],
      browsers: ['Chromium 156.0.8078.79'],
    });
  });

  it('fails a Playwright run whose setup threw outside any test, or that wrote no report', () => {
    const counts = countPlaywrightReport(
      playwrightReport([{ title: 'today', status: 'expected' }], ['Error: vite build failed\n  at …']),
    );
    expect(counts.failed).toBe(1);
    expect(counts.failures).toEqual(['outside the tests: Error: vite build failed']);
    expect(countPlaywrightReport(null)).toMatchObject({ passed: 0, failed: 1 });
  });

  it("counts vitest's report, and a missing one as a failure", () => {
    expect(
      countVitestReport({ numPassedTests: 5, numFailedTests: 1, numPendingTests: 2, numTodoTests: 1 }),
    ).toMatchObject({ passed: 5, failed: 1, skipped: 3 });
    expect(countVitestReport(null)).toMatchObject({ passed: 0, failed: 1 });
  });
});

describe('the CI total (scripts/ci-summary.ts)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the summary in a folder holding the given test-results files; returns its lines and status. */
  function summarise(files: Record<string, unknown>, args: number[]) {
    const dir = mkdtempSync(path.join(tmpdir(), 'ci-summary-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, 'test-results'));
    for (const [name, body] of Object.entries(files)) {
      writeFileSync(path.join(dir, 'test-results', name), JSON.stringify(body));
    }
    const run = spawnSync(
      process.execPath,
      [TSX, path.resolve('scripts/ci-summary.ts'), ...args.map(String)],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    return { lines: run.stdout.trim().split('\n'), status: run.status };
  }

  const passing = {
    'vitest.json': { numPassedTests: 10, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 },
    'e2e.json': playwrightReport([
      { title: 'today', status: 'expected' },
      { title: 'electron', status: 'skipped', note: ['skip', 'no display: run under xvfb-run'] },
    ]),
    'run-checks-unit.json': [{ name: 'the suite leaves the temp folder as it found it', problem: null }],
    'run-checks-e2e.json': [{ name: 'the suite leaves the temp folder as it found it', problem: null }],
  };

  it('sums both suites and the runners checks into one line, the skipped ones named before it', () => {
    const { lines, status } = summarise(passing, [0, 0, 0]);
    expect(lines.at(-1)).toBe('13 passed, 0 failed');
    expect(lines).toContain('  skipped: popover › dark › electron: no display: run under xvfb-run');
    expect(lines.at(-2)).toBe('skipped: 1');
    expect(status).toBe(0);
  });

  it('fails on a failed typecheck, a leftover in a temp folder, or a suite that crashed without a report', () => {
    expect(summarise(passing, [0, 0, 1]).lines.at(-1)).toBe('13 passed, 1 failed');
    const leftover = {
      ...passing,
      'run-checks-e2e.json': [{ name: 'the suite leaves the temp folder as it found it', problem: 'left 1' }],
    };
    expect(summarise(leftover, [0, 1, 0]).lines.at(-1)).toBe('12 passed, 1 failed');
    const crashed: Record<string, unknown> = { ...passing };
    delete crashed['e2e.json'];
    const { lines, status } = summarise(crashed, [0, 1, 0]);
    expect(lines.at(-1)).toBe('12 passed, 1 failed');
    expect(status).toBe(1);
  });
});
