import { fireEvent, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { studentState } from './fixtures';
import { renderApp } from './render';

async function openSettings() {
  const rendered = await renderApp(studentState());
  await fireEvent.click(rendered.screen.getByRole('button', { name: 'Settings' }));
  return rendered;
}

describe('Settings', () => {
  it('sends each change as a patch and shows what main kept', async () => {
    const { screen, bridge } = await openSettings();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Badges' }));
    await fireEvent.click(screen.getByRole('checkbox', { name: /Private wording/ }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Remind before a lesson' }), {
      target: { value: '10' },
    });
    await fireEvent.change(screen.getByRole('combobox', { name: 'Check for updates every' }), {
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
      (screen.getByRole('combobox', { name: 'Check for updates every' }) as HTMLSelectElement).value,
    ).toBe('30');
  });

  it('sets quiet hours', async () => {
    const { screen, bridge } = await openSettings();
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.disabled).toBe(true);
    await fireEvent.click(screen.getByRole('checkbox', { name: /quiet hours/ }));
    await waitFor(() => expect(from.disabled).toBe(false));
    await fireEvent.change(from, { target: { value: '20:30' } });
    expect(bridge.requestsOf('settings:update')).toEqual([
      { notifications: { quietHours: { enabled: true } } },
      { notifications: { quietHours: { start: '20:30' } } },
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

  it('saves a shortcut on Enter and shows a refusal from main', async () => {
    const { screen, bridge } = await openSettings();
    bridge.handlers['settings:update'] = async () => {
      throw new Error('That shortcut is not a valid key combination.');
    };
    const input = screen.getByLabelText('Shortcut to open');
    await fireEvent.input(input, { target: { value: 'Banana' } });
    await fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Not saved: That shortcut'));
    expect(bridge.requestsOf('settings:update')).toEqual([{ shortcut: 'Banana' }]);
  });

  it('signs out', async () => {
    const { screen, bridge } = await openSettings();
    await fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(bridge.requestsOf('auth:logout')).toHaveLength(1));
  });
});
