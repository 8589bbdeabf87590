// The core's commands (App.commands, main/ports.ts): what the tray menu calls directly since issue 27,
// doing the same work as the channels of the same name, so a tray click and a popover click agree.
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../../support/app-harness';
import { startHarness, studentLogin } from '../../support/app-harness';

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

describe('the core commands the tray calls', () => {
  it('signed out: Refresh says "Sign in first." as the popover would be told', async () => {
    const h = (harness = await startHarness());
    await h.app.start();
    await h.app.whenIdle();
    await expect(h.app.commands.refresh()).rejects.toThrow('Sign in first.');
    await expect(h.app.handlers['sync:refresh']()).rejects.toThrow('Sign in first.');
  });

  it('signed in: Refresh reads the service again, a pupil not on the account is refused, settings change', async () => {
    const h = (harness = await startHarness());
    await h.app.start();
    await h.app.whenIdle();
    expect(await h.app.handlers['auth:login'](studentLogin())).toEqual({ ok: true });
    await h.app.whenIdle();
    const before = h.paths().length;
    await h.app.commands.refresh();
    expect(h.paths(before).filter((path) => path.startsWith('/apiv2student/timetable/'))).not.toEqual([]);
    await expect(h.app.commands.selectPupil(1)).rejects.toThrow('That pupil is not on this account.');
    const settings = await h.app.commands.updateSettings({ notifications: { enabled: false } });
    expect(settings.notifications.enabled).toBe(false);
    expect(h.app.state().settings.notifications.enabled).toBe(false);
  });
});
