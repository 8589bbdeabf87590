import { fireEvent, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../../common/contract';
import { sourceAddress } from '../../renderer/lib/about';
import { november } from '../support/fixtures';
import { renderApp } from './render';

/** Opens Settings (a view loaded on demand) and waits for its form. */
async function openSettings(state = november.studentState()) {
  const rendered = await renderApp(state);
  await fireEvent.click(rendered.screen.getByRole('button', { name: 'Settings' }));
  await rendered.screen.findByRole('form', { name: 'Settings' });
  return rendered;
}

/**
 * Settings with `CommandOrControl+Shift+C` saved and main reporting `status` for it: the shortcut field and
 * the texts that describe it (aria-describedby, in order, whitespace collapsed).
 */
async function shortcutField(status: 'taken' | 'requested') {
  const state = november.studentState();
  state.settings = { ...state.settings, shortcut: 'CommandOrControl+Shift+C' };
  state.environment = { ...state.environment, shortcut: status };
  const { screen } = await openSettings(state);
  const input = screen.getByLabelText('Shortcut to open');
  const described = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent?.replace(/\s+/g, ' ').trim());
  return { input, described };
}

describe('Settings', () => {
  it('sends each change as a patch and shows what main kept', async () => {
    const { screen, bridge } = await openSettings();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Badges' }));
    await fireEvent.click(screen.getByRole('checkbox', { name: /Private wording/ }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Remind before a lesson' }), {
      target: { value: '10' },
    });
    await fireEvent.change(screen.getByRole('combobox', { name: 'Refresh school data every' }), {
      target: { value: '30' },
    });
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Open at login' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Saved.'));
    expect(bridge.requestsOf('settings:update')).toEqual([
      { notifications: { kinds: { badge: false } } },
      { notifications: { privacy: true } },
      { notifications: { lessonReminderMinutes: 10 } },
      { refreshIntervalMinutes: 30 },
      { launchAtLogin: true },
    ]);
    expect((screen.getByRole('checkbox', { name: 'Badges' }) as HTMLInputElement).checked).toBe(false);
    expect(
      (screen.getByRole('combobox', { name: 'Refresh school data every' }) as HTMLSelectElement).value,
    ).toBe('30');
  });

  it('sets quiet hours with 24-hour times, like every time in the app', async () => {
    const { screen, bridge } = await openSettings();
    const from = screen.getByRole('combobox', { name: 'From' }) as HTMLSelectElement;
    const until = screen.getByRole('combobox', { name: 'Until' }) as HTMLSelectElement;
    expect(from.disabled).toBe(true);
    expect(from.value).toBe('21:00');
    expect(until.value).toBe('07:00');
    const shown = [...from.options].map((o) => o.textContent);
    expect(shown).toContain('00:00');
    expect(shown).toContain('18:30');
    expect(shown).toHaveLength(48);
    expect(shown.filter((t) => /AM|PM/i.test(t ?? ''))).toEqual([]);
    await fireEvent.click(screen.getByRole('checkbox', { name: /quiet hours/ }));
    await waitFor(() => expect(from.disabled).toBe(false));
    await fireEvent.change(from, { target: { value: '20:30' } });
    expect(bridge.requestsOf('settings:update')).toEqual([
      { notifications: { quietHours: { enabled: true } } },
      { notifications: { quietHours: { start: '20:30' } } },
    ]);
  });

  it('keeps a quiet-hours time that is not on the half hour', async () => {
    const state = november.studentState();
    state.settings.notifications.quietHours = { enabled: true, start: '22:15', end: '06:45' };
    const { screen } = await openSettings(state);
    expect((screen.getByRole('combobox', { name: 'From' }) as HTMLSelectElement).value).toBe('22:15');
    expect((screen.getByRole('combobox', { name: 'Until' }) as HTMLSelectElement).value).toBe('06:45');
  });

  it('offers a switch for every kind of notification', async () => {
    const { screen } = await openSettings();
    const kinds = screen.getAllByRole('checkbox').filter((box) => box.closest('.kinds'));
    expect(kinds).toHaveLength(NOTIFICATION_KINDS.length);
    expect(kinds.map((box) => box.closest('label')?.textContent?.trim())).toEqual([
      'New homework',
      'Homework due',
      'New detentions',
      'Detention today',
      'Announcements',
      'Positive points',
      'Negative points',
      'Badges',
      'Lesson reminders',
      'Timetable changes',
    ]);
  });

  it('disables the per-kind switches when notifications are off', async () => {
    const { screen } = await openSettings();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Show notifications' }));
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'New homework' }) as HTMLInputElement).disabled).toBe(
        true,
      ),
    );
  });

  it('saves a shortcut on Enter and shows a refusal from main under the field', async () => {
    const { screen, bridge } = await openSettings();
    bridge.handlers['settings:update'] = async () => {
      throw new Error('That shortcut is not a valid key combination.');
    };
    const input = screen.getByLabelText('Shortcut to open');
    await fireEvent.input(input, { target: { value: 'Banana' } });
    await fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([
      'Not saved: That shortcut is not a valid key combination.',
      'Press Enter to save. Leave empty for none.',
    ]);
    expect(screen.getByRole('status').textContent).toContain('The shortcut was not saved.');
    expect(bridge.requestsOf('settings:update')).toEqual([{ shortcut: 'Banana' }]);

    // Typing again clears the error.
    await fireEvent.input(input, { target: { value: 'CommandOrControl+Shift+C' } });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(/That shortcut is not/)).toBeNull();
  });

  it('says when the saved shortcut does not work because another application holds it', async () => {
    const { input, described } = await shortcutField('taken');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(described[0]).toBe(
      'Not working: the system refused this shortcut (another application may be using it). Choose another.',
    );
  });

  it('on a Wayland desktop, says the desktop decides whether the shortcut works, and the way round it', async () => {
    const { input, described } = await shortcutField('requested');
    expect(input.getAttribute('aria-invalid')).toBeNull(); // not an error: it may well work
    expect(described).toContain(
      "On Wayland your desktop decides whether this shortcut reaches the app, and may ask you once. If it does nothing, add a shortcut in your desktop's keyboard settings that runs classcharts-tray: starting it again opens this window.",
    );
  });

  it('in the browser preview, says shortcuts work in the desktop app', async () => {
    const state = november.studentState();
    state.environment = { ...state.environment, shortcut: 'unavailable' };
    const { screen } = await openSettings(state);
    expect(screen.getByText('Works in the desktop app, not in this preview.')).toBeTruthy();
    expect(screen.getByLabelText('Shortcut to open').getAttribute('aria-invalid')).toBeNull();
  });

  it('on macOS, says why notifications do not appear when the system refused them', async () => {
    const state = november.studentState();
    state.environment = {
      ...state.environment,
      platform: 'darwin',
      notifications: { status: 'failed', reason: 'Notifications are not allowed for this application' },
    };
    const { screen } = await openSettings(state);
    const toggle = screen.getByRole('checkbox', { name: 'Show notifications' });
    const described = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'Notifications are not appearing: macOS shows notifications only from a signed app, and only when ' +
        'they are allowed for ClassCharts Tray in System Settings › Notifications.',
    );
  });

  it('elsewhere, says the system refused notifications, in its own words', async () => {
    const state = november.studentState();
    state.environment = {
      ...state.environment,
      platform: 'win32',
      notifications: { status: 'failed', reason: 'WinAPI: Show failed, ERROR 0x803E0115' },
    };
    const { screen } = await openSettings(state);
    expect(
      screen.getByText(
        /The system refused to show a notification \(WinAPI: Show failed, ERROR 0x803E0115\)\./,
      ),
    ).toBeTruthy();
  });

  it('says nothing about notifications while the system shows them', async () => {
    const state = november.studentState();
    state.environment = { ...state.environment, notifications: { status: 'ok', reason: null } };
    const { screen } = await openSettings(state);
    expect(screen.queryByText(/not appearing|refused to show/)).toBeNull();
    expect(
      screen.getByRole('checkbox', { name: 'Show notifications' }).getAttribute('aria-describedby'),
    ).toBeNull();
  });

  it('says when "Open at login" waits for approval in macOS System Settings', async () => {
    const state = november.studentState();
    state.settings = { ...state.settings, launchAtLogin: true };
    state.environment = { ...state.environment, platform: 'darwin', launchAtLogin: 'needs-approval' };
    const { screen } = await openSettings(state);
    const toggle = screen.getByRole('checkbox', { name: 'Open at login' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    const described = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'Waiting for your approval in System Settings › General › Login Items.',
    );
  });
});

describe('Settings: About', () => {
  it('names the licence and opens the source code from package.json in the browser', async () => {
    const { screen, bridge } = await openSettings();
    const about = screen.getByRole('group', { name: 'About ClassCharts Tray' });
    expect(about.textContent).toContain('MIT licence');
    await fireEvent.click(within(about).getByRole('button', { name: 'Source code' }));
    // package.json's "repository": "github:classchartstray/classcharts-tray".
    await waitFor(() =>
      expect(bridge.requestsOf('shell:open-external')).toEqual([
        'https://github.com/classchartstray/classcharts-tray',
      ]),
    );
  });

  it('says where data goes: only to ClassCharts, where the app cannot update itself (the preview)', async () => {
    const { screen } = await openSettings();
    const about = screen.getByRole('group', { name: 'About ClassCharts Tray' }).textContent;
    expect(about?.replace(/\s+/g, ' ')).toContain('Your sign-in and school data go only to ClassCharts.');
    expect(about).not.toContain('GitHub');
  });

  it('where the app checks for its own updates, says they go to GitHub and carry none of it', async () => {
    const state = november.studentState();
    state.environment = { ...state.environment, update: { status: 'idle' } };
    const { screen } = await openSettings(state);
    const about = screen.getByRole('group', { name: 'About ClassCharts Tray' }).textContent;
    expect(about?.replace(/\s+/g, ' ')).toContain(
      'Your sign-in and school data go only to ClassCharts. Checking for app updates asks GitHub Releases, and sends none of it.',
    );
  });
});

describe('sourceAddress', () => {
  it("turns package.json's repository into the address a browser opens", () => {
    expect(sourceAddress('github:classchartstray/classcharts-tray')).toBe(
      'https://github.com/classchartstray/classcharts-tray',
    );
    expect(sourceAddress('classchartstray/classcharts-tray')).toBe(
      'https://github.com/classchartstray/classcharts-tray',
    );
    expect(sourceAddress('git+https://gitlab.example/school/tray.git')).toBe(
      'https://gitlab.example/school/tray',
    );
  });
});

describe('Settings: Sign out asks first', () => {
  /** The "Sign out?" question, or null. */
  const question = () => document.querySelector<HTMLElement>('[aria-labelledby="sign-out-question"]');

  it('asks before signing out, with focus on Cancel; Cancel and Escape keep the sign-in', async () => {
    const { screen, bridge } = await openSettings();
    await fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const asked = screen.getByRole('group', { name: 'Sign out? A saved sign-in is forgotten too.' });
    expect(document.activeElement).toBe(within(asked).getByRole('button', { name: 'Cancel' }));
    await fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(question()).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign out' })),
    );

    await fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(question()).not.toBeNull();
    await fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(question()).toBeNull());
    expect(bridge.requestsOf('auth:logout')).toEqual([]);
    expect(bridge.requestsOf('popover:hide')).toEqual([]); // Escape closed the question, not the popover
  });

  it('signs out when the question is answered "Sign out"', async () => {
    const { screen, bridge } = await openSettings();
    await fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(bridge.requestsOf('auth:logout')).toEqual([]);
    await fireEvent.click(within(question()!).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(bridge.requestsOf('auth:logout')).toHaveLength(1));
  });

  it('from the sign-in screen, the tray menu leaves no question behind for the next sign-in', async () => {
    // Stored credentials refused and nothing to show: the popover is the sign-in form.
    const { screen, bridge } = await renderApp(november.signedOutState({ auth: 'needs-sign-in' }));
    await screen.findByRole('heading', { name: 'Sign in to ClassCharts' });
    bridge.navigate({ view: 'settings', confirmSignOut: true });
    bridge.emitState(november.studentState());
    await fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    await screen.findByRole('form', { name: 'Settings' });
    expect(question()).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it("opens on the question when the tray menu's Sign out sends the popover there", async () => {
    const { screen, bridge } = await renderApp(november.studentState());
    bridge.navigate({ view: 'settings', confirmSignOut: true });
    await screen.findByRole('form', { name: 'Settings' });
    const asked = await screen.findByRole('group', { name: 'Sign out? A saved sign-in is forgotten too.' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(asked).getByRole('button', { name: 'Cancel' })),
    );
    expect(bridge.requestsOf('auth:logout')).toEqual([]);
    // Another tab drops the question.
    await fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    await screen.findByRole('form', { name: 'Settings' });
    expect(question()).toBeNull();
  });
});
