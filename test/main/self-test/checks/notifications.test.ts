/**
 * The `notifications` check (main/self-test/checks/notifications.ts): one silent notification, its `show`
 * or `failed` event, or none in time.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../../support/clock';

vi.mock('electron', () => import('../../../mocks/electron'));

const { FakeNotification, Notification, electronMock, resetElectronMock } =
  await import('../../../mocks/electron');
const { checkNotifications } = await import('../../../../main/self-test/checks/notifications');
const { systemClock } = await import('../../../../main/ports');

beforeEach(() => resetElectronMock());

describe('notifications', () => {
  const clock = systemClock;

  it('shows one silent notification, waits for its show event, closes it: ok', async () => {
    const result = await checkNotifications({
      Notification: Notification as never,
      clock,
      platform: 'linux',
    });
    expect(result.status).toBe('ok');
    const shown = FakeNotification.instances[0]!;
    expect(shown.options).toMatchObject({ title: 'ClassCharts Tray self-test', silent: true });
    expect(shown.close).toHaveBeenCalled();
  });

  it('a show event that comes later (not from show() itself) is still ok', async () => {
    class Later extends FakeNotification {
      override show = vi.fn(() => void setTimeout(() => this.emit('show', {}), 20));
    }
    const result = await checkNotifications({
      Notification: Later as never,
      clock,
      platform: 'linux',
    });
    expect(result.status).toBe('ok');
  });

  it('a failed event fails with the OS error (an unsigned macOS app since Electron 42)', async () => {
    class Refused extends FakeNotification {
      override show = vi.fn(
        () =>
          void setTimeout(
            () => this.emit('failed', {}, 'Notifications are not allowed for this application'),
            20,
          ),
      );
    }
    const result = await checkNotifications({
      Notification: Refused as never,
      clock,
      platform: 'darwin',
    });
    expect(result.status).toBe('fail');
    expect(result.detail).toMatch(/Notifications are not allowed.*code-signed/);
    expect(FakeNotification.instances[0]!.close).toHaveBeenCalled();
  });

  it('no event within the wait warns; unsupported notifications fail', async () => {
    class Silent extends FakeNotification {
      override show = vi.fn(() => undefined);
    }
    const manual = new FakeClock(0);
    const pending = checkNotifications({
      Notification: Silent as never,
      clock: manual,
      platform: 'win32',
    });
    await Promise.resolve();
    expect(manual.delays()).toEqual([5_000]);
    manual.fireAll();
    expect((await pending).status).toBe('warn');
    electronMock.notificationsSupported = false;
    expect(
      (await checkNotifications({ Notification: Notification as never, clock, platform: 'linux' })).status,
    ).toBe('fail');
  });
});
