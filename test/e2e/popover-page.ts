/**
 * Page helpers for the popover in the e2e tests: signing in, waiting for views, reading what is shown,
 * and running axe-core. Queries go by role and accessible name, as a user (or a screen reader) finds things.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

/** 10:15 on Monday 23 November 2026, London (GMT): a school day, during period 2. */
export const MONDAY_MORNING = Date.parse('2026-11-23T10:15:00Z');

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Signs in with the student form. */
export async function signInStudent(
  page: Page,
  account: { code: string; dateOfBirth: string },
): Promise<void> {
  await page.getByLabel('Access code').fill(account.code);
  await page.getByLabel('Date of birth').fill(account.dateOfBirth);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await waitForToday(page);
}

/** Signs in with the parent form. */
export async function signInParent(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByRole('button', { name: 'Parent', exact: true }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await waitForToday(page);
}

/** Waits for the Today view with its lessons (or its empty state). */
export async function waitForToday(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
  await page
    .getByRole('list', { name: /^Lessons/ })
    .or(page.getByText(/^No lessons/))
    .first()
    .waitFor();
}

/** The lessons list of the day shown. */
export function lessonList(page: Page): Locator {
  return page.getByRole('list', { name: /^Lessons/ });
}

/** The subjects of the lessons shown (breaks excluded), in order. */
export async function lessonSubjects(page: Page): Promise<string[]> {
  return lessonList(page).locator('li .subject').allInnerTexts();
}

/** Opens a tab of the popover. */
export async function openTab(page: Page, name: 'Today' | 'Homework' | 'More' | 'Settings'): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

/** The day heading's text (e.g. `Tomorrow Tuesday 24 November`). */
export async function dayHeading(page: Page): Promise<string> {
  return ((await page.locator('#day-heading').textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** A violation axe-core found. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (node_modules/axe-core/axe.min.js, evaluated through the DevTools protocol so the page's
 * CSP stays strict) on the whole page; returns every violation.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } })
      .axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    }
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
}

/** Fails on serious or critical axe violations; returns the minor ones for the log. */
export async function assertAccessible(page: Page, where: string): Promise<AxeViolation[]> {
  const violations = await runAxe(page);
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(
    severe.map((v) => `${v.id} (${v.impact}): ${v.help} @ ${v.targets.slice(0, 3).join(', ')}`),
    [],
    `axe on ${where}`,
  );
  return violations.filter((v) => !severe.includes(v));
}
