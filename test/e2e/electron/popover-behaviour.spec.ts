/**
 * How the real app's popover comes and goes (Playwright `_electron`, against the fake ClassCharts server):
 * Escape hides it, focusing another window hides it (the blur a click elsewhere causes), and clicking a
 * notification about new homework opens it at that homework.
 *
 * The notification click is played, not made: no OS notification centre can be clicked from here. Main's
 * `Notification.prototype.show` is wrapped (through `app.evaluate`) to keep each notification the app
 * shows; the fake then serves a new homework, a refresh makes the app notify about it, and the test emits
 * `click` on that very notification object — the event Electron emits when the user clicks it. So this
 * checks the app's reaction to a click (popover shown at the homework), not that the OS delivers clicks.
 *
 * Runs only where an Electron binary and a display exist; elsewhere skipped with one line (electron-app.ts).
 */
import { expect, test } from '@playwright/test';
import { addDays, londonDate } from '../../../common/dates';
import {
  expectPopoverVisible,
  requireElectron,
  SETUP_TIMEOUT_MS,
  showPopover,
  startDemo,
  waitForToday,
  type RunningDemo,
} from './electron-app';

/** The title of the homework the fake starts serving mid-test. */
const NEW_HOMEWORK = 'Electron e2e worksheet';

test.describe('the popover in the real app (Playwright _electron)', () => {
  requireElectron();

  let demo: RunningDemo;

  test.beforeAll(async () => {
    test.setTimeout(SETUP_TIMEOUT_MS);
    demo = await startDemo();
    await demo.popover.getByRole('button', { name: 'Use demo student' }).click({ timeout: 30_000 });
    await waitForToday(demo.popover);
  });

  test.afterAll(async () => {
    await demo?.stop();
  });

  test('Escape hides the popover', async () => {
    const { app, popover } = demo;
    await showPopover(app);
    await expectPopoverVisible(app, true);
    await popover.keyboard.press('Escape');
    await expectPopoverVisible(app, false);
  });

  test('focusing another window (a click elsewhere) hides the popover', async () => {
    const { app } = demo;
    await showPopover(app);
    await expectPopoverVisible(app, true);
    await app.evaluate(({ BrowserWindow }) => {
      const other = new BrowserWindow({ width: 200, height: 200, show: true });
      other.focus();
      (globalThis as { cctOther?: unknown }).cctOther = other;
    });
    try {
      await expectPopoverVisible(app, false);
    } finally {
      await app.evaluate(() => {
        const other = (globalThis as { cctOther?: { destroy(): void } }).cctOther;
        other?.destroy();
      });
    }
  });

  test('clicking the notification about new homework opens the popover at it', async () => {
    const { app, popover, fake } = demo;
    const supported = await app.evaluate(({ Notification }) => Notification.isSupported());
    test.skip(!supported, 'Notification.isSupported() is false here (no notification server)');
    await app.evaluate(({ Notification }) => {
      const seen: unknown[] = [];
      (globalThis as { cctNotifications?: unknown[] }).cctNotifications = seen;
      const show = Notification.prototype.show;
      Notification.prototype.show = function (this: InstanceType<typeof Notification>) {
        seen.push(this);
        return show.call(this);
      };
    });
    await popover.keyboard.press('Escape');
    await expectPopoverVisible(app, false);

    // The school sets a new homework: a copy of one of the pupil's, issued today.
    const pupil = fake.dataset.pupils.find((p) => p.pupil.id === fake.accounts.student.pupilId)!;
    const template = pupil.homeworks[0]!;
    const today = londonDate(Date.now());
    const nextId = (ids: number[]) => Math.max(0, ...ids) + 1;
    pupil.homeworks.push({
      ...structuredClone(template),
      id: nextId(pupil.homeworks.map((h) => h.id)),
      title: NEW_HOMEWORK,
      issue_date: today,
      due_date: addDays(today, 3),
      status: { ...structuredClone(template.status), id: nextId(pupil.homeworks.map((h) => h.status.id)) },
    });
    await popover.evaluate(() =>
      (window as unknown as { classcharts: { refresh(): Promise<void> } }).classcharts.refresh(),
    );

    await expect
      .poll(
        () =>
          app.evaluate(() =>
            ((globalThis as { cctNotifications?: { title: string }[] }).cctNotifications ?? []).map(
              (n) => n.title,
            ),
          ),
        { timeout: 30_000 },
      )
      .toContainEqual(expect.stringMatching(/homework/i));
    await app.evaluate(() => {
      const shown = (
        globalThis as {
          cctNotifications?: { title: string; emit(event: string, ...args: unknown[]): void }[];
        }
      ).cctNotifications!;
      shown
        .filter((n) => /homework/i.test(n.title))
        .at(-1)!
        .emit('click', {});
    });
    await expectPopoverVisible(app, true);
    await expect(popover.getByText(NEW_HOMEWORK).first()).toBeVisible({ timeout: 10_000 });
  });
});
