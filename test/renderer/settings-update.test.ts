import { fireEvent } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { UpdateState } from '../../common/contract';
import { november } from '../support/fixtures';
import { renderApp } from './render';

/** Opens Settings with main reporting `update` (none: the preview) and the setting `autoUpdate`. */
async function openSettings(update: UpdateState | undefined, autoUpdate = true) {
  const state = november.studentState();
  state.settings = { ...state.settings, autoUpdate };
  state.environment = { ...state.environment, ...(update ? { update } : {}) };
  const rendered = await renderApp(state);
  await fireEvent.click(rendered.screen.getByRole('button', { name: 'Settings' }));
  await rendered.screen.findByRole('form', { name: 'Settings' });
  return rendered;
}

const statusOf = (checkbox: HTMLElement) =>
  document.getElementById(checkbox.getAttribute('aria-describedby') ?? '')?.textContent?.trim();

describe('Settings: app updates', () => {
  it('a checkbox that sends autoUpdate, described by the one status line', async () => {
    const checkedAt = Date.parse('2026-11-25T10:32:00Z');
    const { screen, bridge } = await openSettings({ status: 'up-to-date', checkedAt });
    const box = screen.getByRole('checkbox', { name: 'Check for app updates automatically' });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(statusOf(box)).toBe('Up to date · checked 10:32');
    await fireEvent.click(box);
    expect(bridge.requestsOf('settings:update')).toContainEqual({ autoUpdate: false });
  });

  it.each<[UpdateState, string]>([
    [{ status: 'ready', version: '0.2.0' }, 'Version 0.2.0 is ready — restart to update from the tray menu'],
    [
      { status: 'error', message: "Couldn't reach the update server.", at: 0 },
      "Couldn't reach the update server.",
    ],
    [{ status: 'downloading', version: '0.2.0', percent: 40 }, 'Downloading version 0.2.0… 40%'],
    [{ status: 'off', reason: 'Updates are off in the demo.' }, 'Updates are off in the demo.'],
  ])('says where updates stand: %j', async (update, text) => {
    const { screen } = await openSettings(update);
    const box = screen.getByRole('checkbox', { name: 'Check for app updates automatically' });
    expect(statusOf(box)).toContain(text);
  });

  it('the refresh interval says it refreshes school data, apart from the app-update checkbox', async () => {
    const { screen, bridge } = await openSettings({ status: 'idle' });
    // settings.refreshIntervalMinutes is how often ClassCharts is asked for new data, not app updates.
    expect(screen.queryByRole('combobox', { name: /update/i })).toBeNull();
    const refresh = screen.getByRole('combobox', { name: 'Refresh school data every' });
    await fireEvent.change(refresh, { target: { value: '60' } });
    expect(bridge.requestsOf('settings:update')).toEqual([{ refreshIntervalMinutes: 60 }]);
    // The one control about the app's own updates says so.
    expect(
      screen
        .getAllByRole('checkbox', { name: /updates/i })
        .map((b) => b.closest('label')?.textContent?.trim()),
    ).toEqual(['Check for app updates automatically']);
  });

  it('no updates where the app cannot update itself (the preview): no checkbox', async () => {
    const { screen } = await openSettings(undefined);
    expect(screen.queryByRole('checkbox', { name: /app updates/ })).toBeNull();
  });
});
