import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '../../main/ports';

vi.mock('electron', () => import('../mocks/electron'));

const { FakeNotification, Notification, electronMock, globalShortcut, resetElectronMock } =
  await import('../mocks/electron');
const { createElectronNotifier } = await import('../../main/platform/notifier');
const { createShortcut } = await import('../../main/platform/shortcut');

const homework: AppNotification = {
  id: 'homework-new:991',
  kind: 'homework-new',
  pupilId: 1234567,
  title: 'New homework: Mathematics',
  body: 'Algebra worksheet, due Friday 19 June',
  target: { view: 'homework', homeworkId: 991 },
};

beforeEach(() => resetElectronMock());

describe('notifier', () => {
  it('shows the worded notification and a click opens the popover at the item', () => {
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
    expect(toast.options).toMatchObject({
      title: 'New homework: Mathematics',
      body: 'Algebra worksheet, due Friday 19 June',
      icon: '/app/resources/icon.png',
    });
    expect(toast.shown).toBe(true);
    expect(onShown).toHaveBeenCalledWith(homework);
    expect(notifier.pending).toBe(1);
    toast.click();
    expect(onClick).toHaveBeenCalledWith({ view: 'homework', homeworkId: 991 }, homework);
    expect(notifier.pending).toBe(0);
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
