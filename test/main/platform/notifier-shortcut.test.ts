import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '../../../main/ports';

vi.mock('electron', () => import('../../mocks/electron'));

const {
  FakeNotification,
  Notification,
  UNSIGNED_NOTIFICATION_ERROR,
  electronMock,
  globalShortcut,
  resetElectronMock,
} = await import('../../mocks/electron');
const { createElectronNotifier } = await import('../../../main/platform/notifier');
const { createShortcut } = await import('../../../main/platform/shortcut');

const homework: AppNotification = {
  id: 'homework-new:991',
  kind: 'homework-new',
  pupilId: 1234567,
  title: 'New homework: Mathematics',
  body: 'Algebra worksheet, due Friday 19 June',
  target: { view: 'homework', homeworkId: 991 },
};

beforeEach(() => resetElectronMock());

/** Lets the OS report back: macOS and Windows answer show() in a later task (see the mock). */
const osAnswers = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('notifier', () => {
  it('shows the worded notification and a click opens the popover at the item', () => {
    electronMock.platform = 'linux'; // whatever the host: libnotify's timing, asserted below
    const onClick = vi.fn();
    const onShown = vi.fn();
    const notifier = createElectronNotifier({
      Notification: Notification as never,
      onClick,
      onShown,
      icon: '/app/resources/icon.png',
    });
    notifier.show(homework);
    const toast = FakeNotification.instances[0]!;
    expect(onShown).toHaveBeenCalledWith(homework); // Linux (libnotify) reports `show` during show()
    expect(toast.options).toMatchObject({
      title: 'New homework: Mathematics',
      body: 'Algebra worksheet, due Friday 19 June',
      icon: '/app/resources/icon.png',
    });
    expect(toast.shown).toBe(true);
    expect(notifier.pending).toBe(1);
    toast.click();
    expect(onClick).toHaveBeenCalledWith({ view: 'homework', homeworkId: 991 }, homework);
    expect(notifier.pending).toBe(0);
  });

  it('macOS: the tray hears of a notification only once the OS says it is on screen', async () => {
    electronMock.platform = 'darwin';
    const onShown = vi.fn();
    const notifier = createElectronNotifier({
      Notification: Notification as never,
      onClick: vi.fn(),
      onShown,
    });
    notifier.show(homework);
    expect(onShown).not.toHaveBeenCalled(); // not yet: UNUserNotificationCenter answers later
    await osAnswers();
    expect(onShown).toHaveBeenCalledWith(homework);
  });

  it('macOS, unsigned app: nothing says "new", and why notifications fail is reported', async () => {
    // Electron 42+: "If an application is not code-signed, notifications will emit a `failed` event"
    // (electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb docs/breaking-changes.md L493-L499).
    electronMock.platform = 'darwin';
    electronMock.codeSigned = false;
    const onShown = vi.fn();
    const onFailed = vi.fn();
    const deliveries: unknown[] = [];
    const notifier = createElectronNotifier({
      Notification: Notification as never,
      onClick: vi.fn(),
      onShown,
      onFailed,
    });
    notifier.onDelivery((delivery) => deliveries.push(delivery));
    notifier.show(homework);
    await osAnswers();
    expect(onShown).not.toHaveBeenCalled();
    expect(notifier.unseen).toBe(0);
    expect(onFailed).toHaveBeenCalledWith(UNSIGNED_NOTIFICATION_ERROR, homework);
    expect(deliveries).toEqual([{ status: 'failed', reason: UNSIGNED_NOTIFICATION_ERROR }]);
    expect(notifier.pending).toBe(0);
  });

  it('a notification the OS drops after showing it no longer counts as unseen; a later one shown clears the failure', async () => {
    electronMock.platform = 'win32';
    const deliveries: unknown[] = [];
    const notifier = createElectronNotifier({ Notification: Notification as never, onClick: vi.fn() });
    notifier.onDelivery((delivery) => deliveries.push(delivery));
    notifier.show(homework);
    await osAnswers();
    expect(notifier.unseen).toBe(1);
    // Windows reports ToastFailed after Show succeeded (windows_toast_notification.cc L935-L941).
    FakeNotification.instances[0]!.emit('failed', {}, 'WinAPI: 0x80070490');
    expect(notifier.unseen).toBe(0);
    notifier.show({ ...homework, id: 'homework-new:992' });
    await osAnswers();
    expect(notifier.unseen).toBe(1);
    notifier.seen();
    expect(notifier.unseen).toBe(0);
    expect(deliveries).toEqual([
      { status: 'ok' },
      { status: 'failed', reason: 'WinAPI: 0x80070490' },
      { status: 'ok' },
    ]);
  });

  it('Windows: a toast that timed out into Action Center still opens the item when clicked there', async () => {
    // `close` comes with reason 'timedOut' when the toast moves to Action Center (electron.d.ts
    // NotificationCloseEventParams; docs/api/notification.md "Event: 'close'"): it is still clickable.
    electronMock.platform = 'win32';
    const onClick = vi.fn();
    const notifier = createElectronNotifier({ Notification: Notification as never, onClick });
    notifier.show(homework);
    await osAnswers();
    const toast = FakeNotification.instances[0]!;
    toast.timeOut();
    expect(notifier.pending).toBe(1); // still referenced: its click handler cannot be collected
    toast.click();
    expect(onClick).toHaveBeenCalledWith(homework.target, homework);
    expect(notifier.pending).toBe(0);
  });

  it('Windows: a click on a toast whose object is gone (collected, or from before a restart) opens the popover', () => {
    // Notification.handleActivation (Windows, Electron 42+): called for every activation, also when the
    // object was garbage-collected or on a cold start (electron.d.ts 45.4.1 L11255-L11274).
    electronMock.platform = 'win32';
    FakeNotification.activateCollected(); // before the app registered: a cold start from a toast
    const onActivated = vi.fn();
    const notifier = createElectronNotifier({
      Notification: Notification as never,
      onClick: vi.fn(),
      platform: 'win32',
    });
    notifier.handleActivations(onActivated);
    expect(onActivated).toHaveBeenCalledTimes(1);
    FakeNotification.activateCollected();
    expect(onActivated).toHaveBeenCalledTimes(2);
  });

  it('keeps at most the 20 newest notifications referenced, however many are never clicked or closed', async () => {
    electronMock.platform = 'darwin'; // macOS sends no close for a notification left in Notification Center
    const notifier = createElectronNotifier({ Notification: Notification as never, onClick: vi.fn() });
    for (let i = 0; i < 30; i++) notifier.show({ ...homework, id: `homework-new:${i}` });
    await osAnswers();
    expect(notifier.pending).toBe(20);
  });

  it('lets go of closed notifications', () => {
    const notifier = createElectronNotifier({ Notification: Notification as never, onClick: vi.fn() });
    notifier.show(homework);
    FakeNotification.instances[0]!.close();
    expect(notifier.pending).toBe(0);
  });

  it('cuts very long text', () => {
    const notifier = createElectronNotifier({ Notification: Notification as never, onClick: vi.fn() });
    notifier.show({ ...homework, body: 'x'.repeat(1000) });
    const body = FakeNotification.instances[0]!.options.body as string;
    expect(body.length).toBeLessThanOrEqual(240);
    expect(body.endsWith('…')).toBe(true);
  });

  it('does nothing (and does not throw) where the OS has no notifications', () => {
    electronMock.notificationsSupported = false;
    const notifier = createElectronNotifier({ Notification: Notification as never, onClick: vi.fn() });
    expect(() => notifier.show(homework)).not.toThrow();
    expect(FakeNotification.instances).toHaveLength(0);
  });
});

describe('global shortcut', () => {
  it('registers the setting, toggles on press, and moves when the setting changes', () => {
    const toggle = vi.fn();
    const shortcut = createShortcut(globalShortcut, toggle);
    expect(shortcut.apply('CommandOrControl+Shift+C')).toBe(true);
    globalShortcut.trigger('CommandOrControl+Shift+C');
    expect(toggle).toHaveBeenCalledTimes(1);
    shortcut.apply('Alt+Shift+T');
    expect([...globalShortcut.registered.keys()]).toEqual(['Alt+Shift+T']);
    shortcut.apply(null);
    expect(globalShortcut.registered.size).toBe(0);
  });

  it('does not re-register an unchanged setting on every state change', () => {
    const shortcut = createShortcut(globalShortcut, vi.fn());
    shortcut.apply('Alt+Shift+T');
    shortcut.apply('Alt+Shift+T');
    expect(globalShortcut.register).toHaveBeenCalledTimes(1);
  });

  it('survives a shortcut another app holds, or one Electron cannot parse', () => {
    electronMock.takenShortcuts.add('Alt+Space');
    const warn = vi.fn();
    const shortcut = createShortcut(globalShortcut, vi.fn(), { debug() {}, info() {}, warn, error() {} });
    expect(shortcut.apply('Alt+Space')).toBe(false);
    expect(shortcut.apply('Ctrl+Shift+!!')).toBe(false);
    expect(shortcut.current()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
