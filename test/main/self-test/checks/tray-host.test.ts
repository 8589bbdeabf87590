/**
 * The `tray host` check (main/self-test/checks/tray-host.ts): a StatusNotifierWatcher on the session D-Bus,
 * asked through dbus-send or gdbus.
 */
import { describe, expect, it } from 'vitest';
import { checkTrayHost } from '../../../../main/self-test/checks/tray-host';
import { runner } from '../helpers';

describe('tray host (Linux D-Bus)', () => {
  it('asks the session bus whether org.kde.StatusNotifierWatcher has an owner: yes is ok', async () => {
    const run = runner({
      'dbus-send': { stdout: 'method return time=1 sender=org.freedesktop.DBus\n   boolean true\n' },
    });
    const result = await checkTrayHost({ platform: 'linux', run });
    expect(result.status).toBe('ok');
    const [file, args] = run.mock.calls[0]!;
    expect(file).toBe('dbus-send');
    expect(args).toEqual(expect.arrayContaining(['--session', 'string:org.kde.StatusNotifierWatcher']));
  });

  it('no watcher warns with the GNOME remedy (the AppIndicator extension)', async () => {
    const run = runner({ 'dbus-send': { stdout: '   boolean false\n' } });
    const result = await checkTrayHost({ platform: 'linux', run });
    expect(result.status).toBe('warn');
    expect(result.detail).toMatch(/tray icon will not show.*AppIndicator/);
  });

  it('falls back to gdbus when dbus-send is missing; neither installed is a skip; not Linux skips', async () => {
    const gdbus = runner({ gdbus: { stdout: '(true,)\n' } });
    expect((await checkTrayHost({ platform: 'linux', run: gdbus })).status).toBe('ok');
    expect(gdbus.mock.calls.map(([file]) => file)).toEqual(['dbus-send', 'gdbus']);
    expect((await checkTrayHost({ platform: 'linux', run: runner({}) })).status).toBe('skip');
    const unused = runner({});
    expect((await checkTrayHost({ platform: 'win32', run: unused })).status).toBe('skip');
    expect(unused).not.toHaveBeenCalled();
  });

  it('a session bus that does not answer warns with its error', async () => {
    const run = runner({
      'dbus-send': { code: 1, stderr: 'Failed to open connection to "session" message bus\n' },
    });
    expect(await checkTrayHost({ platform: 'linux', run })).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/Failed to open connection/),
    });
  });
});
