/**
 * The notification history (issue 28 §4), in real Chromium against the fake ClassCharts. The teacher sets
 * new homework, a behaviour point and an announcement after sign-in (the fake's dataset, changed as the
 * service would change), a refresh tells them; more news comes in quiet hours and is held back. The
 * footer's bell counts them; its list shows them newest first, each opening its item. A pupil and a parent
 * (each child named), light and dark at 380 px and at 125 % zoom, snapshots and axe (the `view` fixture);
 * keyboard: Tab reaches the bell and each entry, Enter opens one.
 */
import type { Page } from '@playwright/test';
import type { Preview } from '../../../dev/preview/server';
import { expect, test } from '../fixtures';
import { POPOVER } from '../browser';
import { expectOnFirstScreen, fakePupil, MONDAY_MORNING, signInParent, signInStudent } from '../popover-page';

// A frozen clock for the snapshots; the background kinds (behaviour, announcements) read at every refresh.
test.use({ previewOptions: { now: MONDAY_MORNING, frozen: true, app: { extrasIntervalMs: 0 } } });

/** What the teacher posts for one pupil after sign-in: a homework, a behaviour point, an announcement. */
function teacherPosts(
  preview: Preview,
  pupilId: number,
  n: number,
  what: { homework: string; reason: string; notice?: string },
) {
  const data = fakePupil(preview, pupilId);
  const id = 9_990_000 + (pupilId % 1000) * 10 + n;
  data.homeworks.push({
    ...data.homeworks[0]!,
    id,
    title: what.homework,
    issue_date: '2026-11-23',
    due_date: '2026-11-26',
  });
  data.activity.push({
    ...data.activity.find((p) => p.polarity === 'positive')!,
    id,
    reason: what.reason,
    score: 1,
    timestamp: '2026-11-23 09:40:00',
  });
  if (what.notice)
    data.announcements.push({
      ...data.announcements[0]!,
      id,
      title: what.notice,
      timestamp: '2026-11-23 09:30:00',
    });
}

/** A refresh (as the interval would run one), then the popover's bell counts what it told. */
async function refresh(preview: Preview): Promise<void> {
  await preview.app.handlers['sync:refresh']();
  await preview.app.whenIdle();
}

/** News told, then more held back by quiet hours (10:00–11:00 at 10:15) for each of `pupilIds`. */
async function notificationsArrive(preview: Preview, pupilIds: number[]): Promise<void> {
  pupilIds.forEach((id, i) =>
    teacherPosts(preview, id, 1, {
      homework: i === 0 ? 'Persuasive letter' : 'Volcano poster',
      reason: i === 0 ? 'Helping others' : 'Excellent homework',
      notice: i === 0 ? 'Parents evening on Thursday' : undefined,
    }),
  );
  await refresh(preview);
  await preview.app.handlers['settings:update']({
    notifications: { quietHours: { enabled: true, start: '10:00', end: '11:00' } },
  });
  teacherPosts(preview, pupilIds[0]!, 2, { homework: 'Fractions quiz', reason: 'Great answer in class' });
  await refresh(preview);
}

async function openHistory(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  await page.getByRole('list', { name: 'Notifications, newest first' }).waitFor();
  await page.mouse.move(0, 0);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(scheme, () => {
    test.use({ colorScheme: scheme });

    test('a pupil: the bell counts the news, the list shows it newest first, held back in words', async ({
      page,
      preview,
      view,
    }) => {
      const { pupilId } = preview.fake!.accounts.student;
      await signInStudent(page, preview.fake!.accounts.student);
      await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
      await notificationsArrive(preview, [pupilId]);
      const told = preview.app.state().notificationsUnseen ?? 0;
      expect(told).toBeGreaterThanOrEqual(4);
      await expect(page.getByRole('button', { name: `Notifications, ${told} new` })).toBeVisible();
      await page.mouse.move(0, 0);
      await view('notification-bell');

      await openHistory(page);
      const list = page.getByRole('list', { name: 'Notifications, newest first' });
      const rows = list.getByRole('listitem');
      await expect(rows).toHaveCount(told);
      await expect(rows.first()).toContainText('Held back (quiet hours)');
      await expect(rows.filter({ hasText: 'Persuasive letter' })).not.toContainText('Held back');
      await expect(rows.filter({ hasText: 'Persuasive letter' })).toContainText('Today 10:15');
      await expectOnFirstScreen(page, rows.nth(3), 'the fourth notification');
      await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
      await view('notification-history');
    });

    test('a parent: each child named, and the other child opened at its item', async ({
      page,
      preview,
      view,
    }) => {
      const { pupilIds } = preview.fake!.accounts.parent;
      await signInParent(page, preview.fake!.accounts.parent);
      await notificationsArrive(preview, pupilIds.slice(0, 2));
      await openHistory(page);
      const rows = page.getByRole('list', { name: 'Notifications, newest first' }).getByRole('listitem');
      const second = preview.app.state().pupils.find((p) => p.id === pupilIds[1])!;
      const volcano = rows.filter({ hasText: 'Volcano poster' });
      await expect(volcano).toContainText(`· ${second.name.split(' ')[0]}`);
      await view('notification-history-parent');

      await volcano.getByRole('button').click();
      await expect(page.getByRole('heading', { name: 'Volcano poster' })).toBeVisible();
      expect(preview.app.state().selectedPupilId).toBe(pupilIds[1]);
    });
  });
}

test('by keyboard: Tab reaches the bell and each entry, Enter opens the item, Escape returns', async ({
  page,
  preview,
}) => {
  await signInStudent(page, preview.fake!.accounts.student);
  await notificationsArrive(preview, [preview.fake!.accounts.student.pupilId]);
  await expect(page.getByRole('button', { name: /^Notifications, \d+ new$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh now' })).toBeEnabled();
  await page.getByRole('button', { name: 'Refresh now' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: /^Notifications, \d+ new$/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeFocused();
  // Back is before the heading: Shift+Tab reaches it, Tab the notifications.
  await page.keyboard.press('Shift+Tab');
  const history = page.getByRole('region', { name: 'Notifications' });
  await expect(history.getByRole('button', { name: 'Back', exact: true })).toBeFocused();
  const entries = page.getByRole('list', { name: 'Notifications, newest first' }).getByRole('button');
  const count = await entries.count();
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    await expect(entries.nth(i)).toBeFocused();
  }
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Today' }),
  ).toHaveAttribute('aria-current', 'page');
  // Seen now: the bell counts nothing new.
  await page.getByRole('button', { name: 'Notifications', exact: true }).focus();
  await page.keyboard.press('Enter');
  await entries.filter({ hasText: 'Persuasive letter' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Persuasive letter' })).toBeVisible();
});

test('none yet: the empty state says what will come', async ({ page, preview, view }) => {
  await signInStudent(page, preview.fake!.accounts.student);
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await expect(page.getByText('No notifications yet.')).toBeVisible();
  await page.mouse.move(0, 0);
  await view('notification-history-empty');
});

test.describe('at 125 % zoom', () => {
  test.use({
    viewport: { width: Math.round(POPOVER.width / 1.25), height: Math.round(POPOVER.height / 1.25) },
    deviceScaleFactor: 1.25,
  });

  test('the history fits the popover', async ({ page, preview, view }) => {
    await signInStudent(page, preview.fake!.accounts.student);
    await notificationsArrive(preview, [preview.fake!.accounts.student.pupilId]);
    await openHistory(page);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(wide, 'nothing wider than the popover').toBe(false);
    await view('notification-history-zoom-125');
  });
});
