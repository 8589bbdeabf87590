import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../../main/ports';
import { june } from '../../support/fixtures';

vi.mock('electron', () => import('../../mocks/electron'));

const electron = await import('../../mocks/electron');
const { FakeTray, Menu, nativeImage, resetElectronMock } = electron;
const { createTray, trayIconFile } = await import('../../../main/platform/tray');
const { trayMenuTemplate } = await import('../../../main/platform/menu');

function actions() {
  return {
    open: vi.fn(),
    refresh: vi.fn(),
    selectPupil: vi.fn(),
    setLaunchAtLogin: vi.fn(),
    setNotifications: vi.fn(),
    signOut: vi.fn(),
    quit: vi.fn(),
  };
}

function setup(platform: string) {
  const acts = actions();
  const onClick = vi.fn();
  const controller = createTray({
    electron: { Tray: electron.Tray as never, Menu: Menu as never, nativeImage: nativeImage as never },
    iconDir: '/app/resources/tray',
    platform,
    clock: systemClock,
    actions: acts,
    onClick,
    cursor: () => ({ x: 700, y: 10 }),
  });
  const tray = FakeTray.instances.at(-1)!;
  const menu = () =>
    Menu.buildFromTemplate.mock.results.at(-1)!.value as InstanceType<typeof electron.FakeMenu>;
  return { controller, tray, acts, onClick, menu };
}

const labels = (items: { label?: string; type?: string }[]) =>
  items.map((i) => (i.type === 'separator' ? '---' : i.label));

beforeEach(() => {
  resetElectronMock();
  vi.useFakeTimers();
  vi.setSystemTime(june.at('08:40') + 20_000);
});
afterEach(() => vi.useRealTimers());

describe('tray menu', () => {
  it("a student's menu: Open, Refresh, Launch at login, Notifications, Sign out, Quit — no pupils", () => {
    const items = trayMenuTemplate(june.studentState(), actions());
    expect(labels(items)).toEqual([
      'Open',
      'Refresh',
      '---',
      'Launch at login',
      'Notifications',
      '---',
      'Sign out',
      'Quit ClassCharts Tray',
    ]);
  });

  it("a parent's menu lists the pupils as radio items with the selected one checked", () => {
    const acts = actions();
    const items = trayMenuTemplate(june.parentState(), acts);
    expect(labels(items)).toEqual([
      'Open',
      'Refresh',
      '---',
      'Pupils',
      'Jane Smith',
      'Tom Smith',
      '---',
      'Launch at login',
      'Notifications',
      '---',
      'Sign out',
      'Quit ClassCharts Tray',
    ]);
    const jane = items.find((i) => i.label === 'Jane Smith')!;
    const tom = items.find((i) => i.label === 'Tom Smith')!;
    expect([jane.type, jane.checked, tom.type, tom.checked]).toEqual(['radio', true, 'radio', false]);
    tom.click!({} as never, undefined, {} as never);
    expect(acts.selectPupil).toHaveBeenCalledWith(7654321);
    jane.click!({} as never, undefined, {} as never);
    expect(acts.selectPupil).toHaveBeenCalledTimes(1);
  });

  it('checkboxes show the settings and flip them', () => {
    const acts = actions();
    const state = june.studentState();
    state.settings.launchAtLogin = true;
    const items = trayMenuTemplate(state, acts);
    const launch = items.find((i) => i.label === 'Launch at login')!;
    const notes = items.find((i) => i.label === 'Notifications')!;
    expect([launch.checked, notes.checked]).toEqual([true, true]);
    launch.click!({} as never, undefined, {} as never);
    notes.click!({} as never, undefined, {} as never);
    expect(acts.setLaunchAtLogin).toHaveBeenCalledWith(false);
    expect(acts.setNotifications).toHaveBeenCalledWith(false);
  });

  it('signed out: "Sign in…" instead of Open, Refresh disabled, no Sign out', () => {
    const items = trayMenuTemplate(june.signedOutState(), actions());
    expect(labels(items)).toEqual([
      'Sign in…',
      'Refresh',
      '---',
      'Launch at login',
      'Notifications',
      '---',
      'Quit ClassCharts Tray',
    ]);
    expect(items[1]!.enabled).toBe(false);
  });

  it('while refreshing, Refresh says so and cannot be clicked again', () => {
    const state = june.studentState({ freshness: { ...june.studentState().freshness, refreshing: true } });
    const refresh = trayMenuTemplate(state, actions())[1]!;
    expect([refresh.label, refresh.enabled]).toEqual(['Refreshing…', false]);
  });
});

describe('tray icon, title and tooltip', () => {
  it('macOS: template icon, title with the next lesson, tooltip', () => {
    const { controller, tray } = setup('darwin');
    controller.render(june.studentState());
    expect(tray.title).toBe('Mathematics · U07 · 5 min');
    expect(tray.tooltip).toContain('Next: Mathematics in U07 in 5 min');
    expect(tray.image.path).toBe(join('/app/resources/tray', 'tray-normalTemplate.png')); // \ on Windows
    expect(tray.image.template).toBe(true);
  });

  it('Windows and Linux: no title (it would not show), tooltip only, colour icons', () => {
    for (const platform of ['win32', 'linux']) {
      const { controller, tray } = setup(platform);
      controller.render(june.studentState());
      expect(tray.setTitle).not.toHaveBeenCalled();
      expect(tray.tooltip).toContain('Next: Mathematics');
      expect(tray.image.path).toBe(trayIconFile('/app/resources/tray', 'normal', platform));
      expect(tray.image.template).toBe(false);
    }
  });

  it('changes the icon for signed out, offline and something new', () => {
    const { controller, tray } = setup('win32');
    controller.render(june.signedOutState());
    expect(tray.image.path).toMatch(/tray-signed-out\.png$/);
    controller.render(june.studentState({ freshness: { ...june.studentState().freshness, offline: true } }));
    expect(tray.image.path).toMatch(/tray-offline\.png$/);
    controller.render(june.studentState());
    controller.setHasNew(true);
    expect(tray.image.path).toMatch(/tray-new\.png$/);
    controller.setHasNew(false);
    expect(tray.image.path).toMatch(/tray-normal\.png$/);
  });

  it('redraws the countdown at the minute boundary, not in between', () => {
    const { controller, tray } = setup('darwin');
    controller.render(june.studentState());
    expect(tray.setTitle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(39_000); // 08:40:59
    expect(tray.setTitle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000); // 08:41:00
    expect(tray.title).toBe('Mathematics · U07 · 4 min');
    expect(tray.setTitle).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    expect(tray.title).toBe('Mathematics · U07 · 3 min');
    expect(tray.setTitle).toHaveBeenCalledTimes(3);
  });

  it('after a checkbox action that failed, the menu is rebuilt from the unchanged settings', () => {
    const { controller, tray, menu } = setup('linux');
    controller.render(june.studentState());
    const before = menu();
    const launch = () => menu().items.find((i) => i.label === 'Launch at login')!;
    launch().checked = true; // Electron flips the checkbox itself on click; the change then failed
    controller.redrawMenu();
    expect(menu()).not.toBe(before);
    expect(launch().checked).toBe(false);
    expect(tray.setContextMenu).toHaveBeenLastCalledWith(menu());
  });

  it('does not re-send unchanged text, icon or menu', () => {
    const { controller, tray } = setup('linux');
    controller.render(june.studentState());
    controller.render(june.studentState());
    expect(tray.setToolTip).toHaveBeenCalledTimes(1);
    expect(tray.setContextMenu).toHaveBeenCalledTimes(1);
    expect(tray.setImage).toHaveBeenCalledTimes(1);
  });

  it('stops redrawing once destroyed', () => {
    const { controller, tray } = setup('darwin');
    controller.render(june.studentState());
    controller.destroy();
    vi.advanceTimersByTime(120_000);
    expect(tray.setTitle).toHaveBeenCalledTimes(1);
    expect(tray.destroyed).toBe(true);
  });
});

describe('Linux: no minute countdown in the tray', () => {
  // Chromium's StatusIconLinuxDbus::SetToolTip rebuilds and re-sends the whole D-Bus menu
  // (UpdateMenuImpl(..., send_signal true); chrome/browser/ui/views/status_icons/status_icon_linux_dbus.cc,
  // code search), as does setContextMenu: the mock counts both as `menuRebuilds` on Linux.
  it('an hour of minute ticks with no change rebuilds nothing on Linux; the macOS title still counts down', () => {
    vi.setSystemTime(june.at('08:45') + 20_000); // Mathematics has begun; English at 09:45
    const linux = setup('linux');
    linux.controller.render(june.studentState());
    const mac = setup('darwin');
    mac.controller.render(june.studentState());
    const rebuilds = linux.tray.menuRebuilds;
    const titles = mac.tray.setTitle.mock.calls.length;
    vi.advanceTimersByTime(59 * 60_000); // 09:44:20
    expect(linux.tray.menuRebuilds).toBe(rebuilds);
    expect(linux.tray.tooltip).toContain('Next: English 09:45 · E12');
    expect(mac.tray.setTitle.mock.calls.length).toBe(titles + 59);
    expect(mac.tray.title).toBe('English · E12 · 1 min');
  });

  it('the menu starts with the next lesson, disabled, then Open; it changes when the lesson does', () => {
    vi.setSystemTime(june.at('08:45') + 20_000);
    const { controller, tray } = setup('linux');
    controller.render(june.studentState());
    const head = () => tray.contextMenu!.items.slice(0, 2).map((i) => [i.label, i.enabled]);
    expect(head()).toEqual([
      ['Next: English 09:45 · E12', false],
      ['Open', undefined],
    ]);
    vi.advanceTimersByTime(60 * 60_000); // 09:45:20: English has begun
    expect(head()[0]).toEqual(['Next: Science 11:05 · S3', false]);
    expect(tray.tooltip).toContain('Next: Science 11:05 · S3');
  });
});

describe('tray clicks', () => {
  it('left click toggles the popover at the icon bounds', () => {
    const { tray, onClick } = setup('darwin');
    tray.emit('click', {}, { x: 1500, y: 0, width: 22, height: 24 });
    expect(onClick).toHaveBeenCalledWith({ x: 1500, y: 0, width: 22, height: 24 });
  });

  it('on Linux (no bounds reported) anchors at the cursor', () => {
    const { tray, onClick } = setup('linux');
    tray.emit('click', {}, { x: 0, y: 0, width: 0, height: 0 });
    expect(onClick).toHaveBeenCalledWith({ x: 700, y: 10, width: 1, height: 1 });
  });

  it('right click pops up the menu on macOS/Windows; Linux gets it attached', () => {
    const mac = setup('darwin');
    mac.controller.render(june.parentState());
    mac.tray.emit('right-click', {}, { x: 0, y: 0, width: 0, height: 0 });
    expect(mac.tray.popUpContextMenu).toHaveBeenCalledWith(mac.menu());
    expect(mac.tray.setContextMenu).not.toHaveBeenCalled();

    const linux = setup('linux');
    linux.controller.render(june.parentState());
    expect(linux.tray.contextMenu?.find('Tom Smith')).toMatchObject({ type: 'radio', checked: false });
  });

  it('menu items reach the actions', () => {
    const { controller, tray, acts } = setup('linux');
    controller.render(june.studentState());
    tray.contextMenu!.find('Refresh')!.click!();
    tray.contextMenu!.find('Open')!.click!();
    tray.contextMenu!.find('Sign out')!.click!();
    tray.contextMenu!.find('Quit ClassCharts Tray')!.click!();
    expect([acts.refresh, acts.open, acts.signOut, acts.quit].map((f) => f.mock.calls.length)).toEqual([
      1, 1, 1, 1,
    ]);
  });
});
