/**
 * Counts of a test run, read from the reporters' JSON files: vitest's (`test-results/vitest.json`, written
 * by scripts/run-tests.ts) and Playwright Test's (`test-results/e2e.json`, playwright.config.ts). Used by
 * the two runners for their closing lines and by the CI total (scripts/ci-summary.ts), so every count CI
 * prints comes from a reporter's file, never from scraped console text.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { JSONReport, JSONReportSuite, JSONReportTest } from '@playwright/test/reporter';

/** Where vitest's JSON reporter writes (scripts/run-tests.ts). */
export const VITEST_REPORT = 'test-results/vitest.json';
/** Where Playwright's JSON reporter writes (playwright.config.ts). */
export const PLAYWRIGHT_REPORT = 'test-results/e2e.json';

/** The fields of vitest's JSON report we count (it is Jest's shape). */
export interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

/** Playwright's JSON report (the shape of `@playwright/test/reporter`'s JSONReport). */
export type PlaywrightJsonReport = JSONReport;

/** What one run counted; `skips` and `failures` name each such test (Playwright reports only). */
export interface ReportCounts {
  /** Tests that passed (a Playwright test that passed only on a retry is `flaky` and counts as failed). */
  passed: number;
  failed: number;
  skipped: number;
  /** `<project> › <title>: <reason>` of each skipped test. */
  skips: string[];
  /** `<project> › <title> [<browser>]` of each failed test, and each error outside a test. */
  failures: string[];
  /** The browsers the tests ran on, each once (their `browser` annotations, e.g. `Chromium 156.0.…`). */
  browsers: string[];
}

/** Reads a reporter's JSON file; null when there is none (the runner died before writing it). */
export function readReport<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
}

/** The counts of a runner that wrote no report (it died first): one failure, saying so. */
function noReport(runner: string): ReportCounts {
  return {
    passed: 0,
    failed: 1,
    skipped: 0,
    skips: [],
    failures: [`${runner} wrote no report`],
    browsers: [],
  };
}

/** Counts vitest's report; a missing report counts as one failure. */
export function countVitestReport(report: VitestJsonReport | null): ReportCounts {
  if (!report) return noReport('vitest');
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    skips: [],
    failures: [],
    browsers: [],
  };
}

function* tests(
  suite: JSONReportSuite,
  titles: string[],
): Generator<{ title: string; test: JSONReportTest }> {
  const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
  for (const spec of suite.specs) {
    for (const test of spec.tests) yield { title: [...path, spec.title].join(' › '), test };
  }
  for (const child of suite.suites ?? []) yield* tests(child, path);
}

/**
 * Counts Playwright's report: the totals from its `stats`, the names from its suites. A flaky test (failed,
 * then passed on a retry) counts as failed: CI is green only when every test passed the first time it
 * ran. Errors outside any test (a global setup that threw, a file that does not load) count as failures,
 * and a missing report as one.
 */
export function countPlaywrightReport(report: PlaywrightJsonReport | null): ReportCounts {
  if (!report) return noReport('Playwright');
  const skips: string[] = [];
  const failures: string[] = [];
  const browsers = new Set<string>();
  for (const suite of report.suites) {
    for (const { title, test } of tests(suite, [])) {
      const name = `${test.projectName} › ${title}`;
      const note = (type: string) => test.annotations.find((a) => a.type === type)?.description;
      const browser = note('browser');
      if (browser) browsers.add(browser);
      if (test.status === 'skipped') skips.push(`${name}: ${note('skip') ?? 'skipped'}`);
      if (test.status === 'unexpected' || test.status === 'flaky') {
        failures.push(`${name}${browser ? ` [${browser}]` : ''}${test.status === 'flaky' ? ' (flaky)' : ''}`);
      }
    }
  }
  for (const error of report.errors)
    failures.push(`outside the tests: ${error.message?.split('\n')[0] ?? ''}`);
  return {
    passed: report.stats.expected,
    failed: report.stats.unexpected + report.stats.flaky + report.errors.length,
    skipped: report.stats.skipped,
    skips,
    failures,
    browsers: [...browsers],
  };
}
