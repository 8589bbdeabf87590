/**
 * Page helpers for the popover tests (test/e2e/popover/): signing in, waiting for views, reading what is
 * shown. Queries go by role and accessible name, as a user (or a screen reader) finds things.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { FakePupilData } from '../../dev/fake-classcharts/index';
import type { Preview } from '../../dev/preview/server';

/** 10:15 on Monday 23 November 2026, London (GMT): a school day, during period 2. */
export const MONDAY_MORNING = Date.parse('2026-11-23T10:15:00Z');

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

/** The fake's data of one pupil (raw, as ClassCharts would send it); fails the test when it has none. */
export function fakePupil(preview: Preview, pupilId: number): FakePupilData {
  const pupil = preview.fake!.dataset.pupils.find((p) => p.pupil.id === pupilId);
  expect(pupil, `the fake has pupil ${pupilId}`).toBeTruthy();
  return pupil!;
}

/** Lessons are shown, and one is current (10:15 falls inside a lesson in the fake timetable). */
export async function expectTodayShown(page: Page): Promise<void> {
  expect(await dayHeading(page)).toMatch(/Today Monday 23 November/);
  const subjects = await lessonSubjects(page);
  expect(subjects.length, `lessons shown: ${subjects.join(', ')}`).toBeGreaterThanOrEqual(4);
  await lessonList(page).locator('li[aria-current="time"]').first().waitFor();
}

/** Waits until the day heading names `day` (e.g. `Tuesday 24 November`, `Tomorrow`). */
export async function waitForDay(page: Page, day: string): Promise<void> {
  await page.waitForFunction(
    (text) => document.querySelector('#day-heading')?.textContent?.includes(text),
    day,
  );
}

/**
 * Fails unless `locator` (its first match) is on the first screen: inside the viewport and not clipped by
 * any scrolling or clipping ancestor, with the view scrolled to its top — what a person sees without
 * scrolling. `what` names it in the message.
 */
export async function expectOnFirstScreen(page: Page, locator: Locator, what: string): Promise<void> {
  await locator.first().waitFor();
  const where = await locator.first().evaluate((element) => {
    const box = element.getBoundingClientRect();
    let top = 0;
    let bottom = window.innerHeight;
    let left = 0;
    let right = window.innerWidth;
    let scrolled = 0;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (/(auto|scroll|hidden|clip)/.test(`${style.overflowX} ${style.overflowY}`)) {
        const clip = parent.getBoundingClientRect();
        top = Math.max(top, clip.top);
        bottom = Math.min(bottom, clip.bottom);
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
        scrolled += parent.scrollTop;
      }
    }
    return {
      box: { top: box.top, bottom: box.bottom, left: box.left, right: box.right },
      top,
      bottom,
      left,
      right,
      scrolled,
    };
  });
  const { box } = where;
  expect(where.scrolled, `${what}: the view is at its top`).toBe(0);
  expect(
    box.top >= where.top - 0.5 &&
      box.bottom <= where.bottom + 0.5 &&
      box.left >= where.left - 0.5 &&
      box.right <= where.right + 0.5,
    `${what} is on the first screen: ${JSON.stringify(where)}`,
  ).toBe(true);
}
