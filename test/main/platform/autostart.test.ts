import { mkdtempSync, readFileSync, existsSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../../mocks/electron'));

const { app, electronMock, resetElectronMock } = await import('../../mocks/electron');
const { AUTOSTART_ARG } = await import('../../../main/platform/environment');
const {
  autostartFile,
  autostartIcon,
  createLoginItemAutostart,
  execArgs,
  createXdgAutostart,
  desktopEntry,
  launchCommand,
  quoteExecArg,
} = await import('../../../main/platform/autostart');

const APP_ID = 'io.github.classchartstray';
let xdg: string;
let home: string;

beforeEach(() => {
  resetElectronMock();
  xdg = mkdtempSync(join(tmpdir(), 'cct-xdg-'));
  home = mkdtempSync(join(tmpdir(), 'cct-home-'));
});
afterEach(() => {
  rmSync(xdg, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const entry = (exec: string[]) => ({
  name: 'ClassCharts Tray',
  comment: 'Timetable and homework in the tray',
  exec,
});

/** The entry of a checkout (`npm start`, unpackaged): `repairExec` false, so it never repoints the entry. */
const checkoutAutostart = () =>
  createXdgAutostart({
    appId: APP_ID,
    env: { XDG_CONFIG_HOME: xdg },
    homeDir: home,
    entry: entry(['/repo/electron', '/repo', '--autostart']),
    repairExec: false,
  });

describe('Linux XDG autostart', () => {
  it('writes the entry into $XDG_CONFIG_HOME/autostart with a quoted AppImage Exec', async () => {
    const env = { XDG_CONFIG_HOME: xdg, APPIMAGE: '/home/jane/Apps/ClassCharts Tray-0.1.0.AppImage' };
    const exec = launchCommand({
      env,
      execPath: '/tmp/.mount_Cla123/classcharts-tray',
      isPackaged: true,
      appPath: '/x',
    });
    const autostart = createXdgAutostart({ appId: APP_ID, env, homeDir: home, entry: entry(exec) });
    expect(await autostart.isEnabled()).toBe(false);

    await autostart.setEnabled(true);

    const file = join(xdg, 'autostart', `${APP_ID}.desktop`);
    expect(autostart.file).toBe(file);
    expect(readFileSync(file, 'utf8')).toBe(
      [
        '[Desktop Entry]',
        'Type=Application',
        'Version=1.5',
        'Name=ClassCharts Tray',
        'Comment=Timetable and homework in the tray',
        'Exec="/home/jane/Apps/ClassCharts Tray-0.1.0.AppImage" --ozone-platform=x11 --autostart',
        'Terminal=false',
        'StartupNotify=false',
        'Categories=Education;',
        'X-GNOME-Autostart-enabled=true',
        '',
      ].join('\n'),
    );
    expect(await autostart.isEnabled()).toBe(true);
  });

  it('removes the entry when turned off, and turning off twice is fine', async () => {
    const env = { XDG_CONFIG_HOME: xdg };
    const autostart = createXdgAutostart({
      appId: APP_ID,
      env,
      homeDir: home,
      entry: entry(['/opt/ClassCharts Tray/classcharts-tray']),
    });
    await autostart.setEnabled(true);
    await autostart.setEnabled(false);
    await autostart.setEnabled(false);
    expect(existsSync(autostart.file)).toBe(false);
    expect(await autostart.isEnabled()).toBe(false);
  });

  it('falls back to ~/.config when XDG_CONFIG_HOME is unset or relative', () => {
    expect(autostartFile(APP_ID, {}, home)).toBe(join(home, '.config', 'autostart', `${APP_ID}.desktop`));
    expect(autostartFile(APP_ID, { XDG_CONFIG_HOME: 'relative/dir' }, home)).toBe(
      join(home, '.config', 'autostart', `${APP_ID}.desktop`),
    );
  });

  it('counts an entry the user disabled from their desktop settings as off', async () => {
    const autostart = createXdgAutostart({
      appId: APP_ID,
      env: { XDG_CONFIG_HOME: xdg },
      homeDir: home,
      entry: entry(['/usr/bin/classcharts-tray']),
    });
    await autostart.setEnabled(true);
    writeFileSync(
      autostart.file,
      readFileSync(autostart.file, 'utf8').replace(
        'X-GNOME-Autostart-enabled=true',
        'X-GNOME-Autostart-enabled=false',
      ),
    );
    expect(await autostart.isEnabled()).toBe(false);
  });

  it('starts the packaged executable, or electron with the app folder in development, under XWayland, quietly', () => {
    expect(
      launchCommand({
        env: {},
        execPath: '/opt/cct/classcharts-tray',
        isPackaged: true,
        appPath: '/opt/cct/resources/app.asar',
      }),
    ).toEqual(['/opt/cct/classcharts-tray', '--ozone-platform=x11', '--autostart']);
    expect(
      launchCommand({
        env: {},
        execPath: '/repo/node_modules/electron/dist/electron',
        isPackaged: false,
        appPath: '/repo',
      }),
    ).toEqual(['/repo/node_modules/electron/dist/electron', '/repo', '--ozone-platform=x11', '--autostart']);
  });

  it('refresh() rewrites an enabled entry whose command is not the current one (an updated AppImage)', async () => {
    const env = { XDG_CONFIG_HOME: xdg };
    const old = createXdgAutostart({
      appId: APP_ID,
      env,
      homeDir: home,
      entry: entry(['/a/cct-0.1.0.AppImage']),
    });
    await old.setEnabled(true);
    const current = createXdgAutostart({
      appId: APP_ID,
      env,
      homeDir: home,
      entry: entry(['/a/cct-0.2.0.AppImage', '--autostart']),
    });
    expect(await current.refresh!()).toBe(true);
    expect(readFileSync(current.file, 'utf8')).toMatch(/^Exec=\/a\/cct-0\.2\.0\.AppImage --autostart$/m);
    expect(await current.refresh!()).toBe(false); // already current: not written again
  });

  it('refresh() keeps the arguments a user added, and leaves an entry for this same program as it is', async () => {
    const env = { XDG_CONFIG_HOME: xdg };
    const file = join(xdg, 'autostart', `${APP_ID}.desktop`);
    const make = (exec: string[]) =>
      createXdgAutostart({ appId: APP_ID, env, homeDir: home, entry: entry(exec) });
    await make(['/a/cct-0.1.0.AppImage', '--ozone-platform=x11', '--autostart']).setEnabled(true);
    // Sway/i3: the user points Chromium at their keyring themselves (a path with a space, quoted).
    const edited = readFileSync(file, 'utf8').replace(
      /^Exec=.*$/m,
      'Exec=/a/cct-0.1.0.AppImage --ozone-platform=x11 --autostart --password-store=gnome-libsecret "--user-flag=a b"',
    );
    writeFileSync(file, edited);
    const current = make(['/a/cct-0.2.0.AppImage', '--ozone-platform=x11', '--autostart']);
    expect(await current.refresh!()).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(
      /^Exec=\/a\/cct-0\.2\.0\.AppImage --ozone-platform=x11 --autostart --password-store=gnome-libsecret "--user-flag=a b"$/m,
    );
    // The same program with the user's own changes (here: no --autostart): left as the user wants it.
    const mine = readFileSync(file, 'utf8').replace(/^Exec=.*$/m, 'Exec=/a/cct-0.2.0.AppImage');
    writeFileSync(file, mine);
    expect(await current.refresh!()).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(mine);
    // Unpackaged (a checkout): never takes the installed app's entry over.
    const checkout = checkoutAutostart();
    expect(await checkout.refresh!()).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(mine);
  });

  it('follow(program) repoints an enabled entry at once (synchronously), keeping its arguments; leaves a missing, user-disabled or checkout entry alone', async () => {
    const env = { XDG_CONFIG_HOME: xdg };
    const file = join(xdg, 'autostart', `${APP_ID}.desktop`);
    const running = createXdgAutostart({
      appId: APP_ID,
      env,
      homeDir: home,
      entry: entry(['/a/cct-0.1.0.AppImage', '--autostart']),
    });
    // No entry: nothing written.
    expect(running.follow('/a/cct-0.2.0.AppImage')).toBe(false);
    expect(existsSync(file)).toBe(false);
    await running.setEnabled(true);
    const edited = readFileSync(file, 'utf8').replace(
      /^Exec=.*$/m,
      'Exec=/a/cct-0.1.0.AppImage --autostart --mine',
    );
    writeFileSync(file, edited);
    expect(running.follow('/a/cct-0.2.0.AppImage')).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/^Exec=\/a\/cct-0\.2\.0\.AppImage --autostart --mine$/m);
    expect(running.follow('/a/cct-0.2.0.AppImage')).toBe(false); // already there
    const off = readFileSync(file, 'utf8') + 'Hidden=true\n';
    writeFileSync(file, off);
    expect(running.follow('/a/cct-0.3.0.AppImage')).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(off);
    const checkout = checkoutAutostart();
    writeFileSync(file, edited);
    expect(checkout.follow('/a/cct-0.3.0.AppImage')).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(edited);
  });

  it('execArgs reads back what quoteExecArg writes', () => {
    const args = ['/opt/My Apps/cct $1.AppImage', '100%', 'a"b', 'back\\slash', '--flag'];
    expect(execArgs(args.map(quoteExecArg).join(' ') + ' %U')).toEqual(args);
  });

  it('refresh() leaves a missing or user-disabled entry alone', async () => {
    const env = { XDG_CONFIG_HOME: xdg };
    const current = createXdgAutostart({ appId: APP_ID, env, homeDir: home, entry: entry(['/a/new']) });
    expect(await current.refresh!()).toBe(false);
    expect(existsSync(current.file)).toBe(false);
    for (const off of ['Hidden=true', 'X-GNOME-Autostart-enabled=false']) {
      const content = `[Desktop Entry]\nType=Application\nExec=/a/old\n${off}\n`;
      await createXdgAutostart({ appId: APP_ID, env, homeDir: home, entry: entry(['/a/old']) }).setEnabled(
        true,
      );
      writeFileSync(current.file, content);
      expect(await current.refresh!()).toBe(false);
      expect(readFileSync(current.file, 'utf8')).toBe(content);
    }
  });
});

describe('the autostart icon', () => {
  it('the theme name the deb installs; none for an AppImage; the file itself unpackaged', () => {
    const iconFile = '/src/classcharts-tray/resources/icon.png';
    expect(autostartIcon({ env: {}, isPackaged: true, iconFile })).toBe('classcharts-tray');
    expect(
      autostartIcon({ env: { APPIMAGE: '/home/p/ClassCharts.AppImage' }, isPackaged: true, iconFile }),
    ).toBe(undefined);
    expect(autostartIcon({ env: {}, isPackaged: false, iconFile })).toBe(iconFile);
    expect(desktopEntry({ name: 'N', comment: 'C', exec: ['/a'] })).not.toMatch(/^Icon=/m);
  });
});

describe('Exec quoting (Desktop Entry spec)', () => {
  it('leaves simple paths alone and quotes ones with spaces', () => {
    expect(quoteExecArg('/usr/bin/classcharts-tray')).toBe('/usr/bin/classcharts-tray');
    expect(quoteExecArg('/opt/My Apps/app')).toBe('"/opt/My Apps/app"');
  });

  it('escapes ", `, $ and \\ inside quotes, then doubles backslashes for the string value', () => {
    expect(quoteExecArg('/a/$HOME/b')).toBe('"/a/\\\\$HOME/b"');
    expect(quoteExecArg('/a/"x"')).toBe('"/a/\\\\"x\\\\""');
    expect(quoteExecArg('C:\\x')).toBe('"C:\\\\\\\\x"');
  });

  it('doubles % so it is not read as a field code', () => {
    expect(quoteExecArg('/opt/100%/app')).toBe('/opt/100%%/app');
  });

  it('rejects control characters and empty arguments', () => {
    expect(() => quoteExecArg('/a\nb')).toThrow(RangeError);
    expect(() => quoteExecArg('')).toThrow(RangeError);
  });

  it('escapes newlines in names so the entry stays one key per line', () => {
    expect(desktopEntry({ name: 'A\nB', comment: 'c', exec: ['/x'] })).toContain('Name=A\\nB\n');
  });
});

describe('macOS login items', () => {
  // electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb shell/browser/browser_mac.mm L376-L406: openAtLogin is
  // `status == "enabled"`; SetLoginItemEnabled (platform_util_mac.mm L211-L222) only logs a failure.
  beforeEach(() => {
    electronMock.platform = 'darwin';
  });

  it('switches the login item on and off, reading back what macOS did', async () => {
    const autostart = createLoginItemAutostart(app as never, { platform: 'darwin', appId: APP_ID });
    expect(await autostart.status!()).toBe('off');
    await autostart.setEnabled(true);
    expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true });
    expect(await autostart.status!()).toBe('on');
    await autostart.setEnabled(false);
    expect(await autostart.isEnabled()).toBe(false);
  });

  it('an item waiting for approval in System Settings is on, waiting, not off', async () => {
    electronMock.macLoginItemStatusOnRegister = 'requires-approval';
    const autostart = createLoginItemAutostart(app as never, { platform: 'darwin', appId: APP_ID });
    await autostart.setEnabled(true);
    expect(await autostart.isEnabled()).toBe(true);
    expect(await autostart.status!()).toBe('needs-approval');
  });

  it('says so when macOS did not register the item, so the switch goes back', async () => {
    electronMock.macLoginItemStatusOnRegister = 'not-found';
    const autostart = createLoginItemAutostart(app as never, { platform: 'darwin', appId: APP_ID });
    await expect(autostart.setEnabled(true)).rejects.toThrow(/login item/i);
    expect(await autostart.status!()).toBe('off');
  });
});

describe('Windows login items', () => {
  // electron@96f3996d8d3ce6e2fcfb86326fc4b953b53936fb shell/browser/browser_win.cc L677-L750: openAtLogin
  // compares the whole command line (args included); executableWillLaunchAtLogin and launchItems[].enabled
  // follow Task Manager's StartupApproved value (electron.d.ts 45.4.1 getLoginItemSettings).
  beforeEach(() => {
    electronMock.platform = 'win32';
    app.setAppUserModelId(APP_ID); // main/index.ts does, before ready: it names the Run value
  });

  it('starts the app at login with --autostart, and reads back the same entry', async () => {
    const autostart = createLoginItemAutostart(app as never, { platform: 'win32', appId: APP_ID });
    expect(await autostart.isEnabled()).toBe(false);
    await autostart.setEnabled(true);
    expect(app.setLoginItemSettings).toHaveBeenLastCalledWith({ openAtLogin: true, args: [AUTOSTART_ARG] });
    expect(app.loginItem.run?.args).toEqual(['--autostart']);
    expect(await autostart.status!()).toBe('on');
    await autostart.setEnabled(false);
    expect(await autostart.isEnabled()).toBe(false);
  });

  it('is off when the user disabled the app in Task Manager, and switching it on again enables it', async () => {
    const autostart = createLoginItemAutostart(app as never, { platform: 'win32', appId: APP_ID });
    await autostart.setEnabled(true);
    electronMock.windowsStartupDisabled = true; // Task Manager › Startup apps › Disable
    expect(await autostart.isEnabled()).toBe(false);
    expect(await autostart.status!()).toBe('off');
    await autostart.setEnabled(true);
    expect(await autostart.status!()).toBe('on');
  });
});
