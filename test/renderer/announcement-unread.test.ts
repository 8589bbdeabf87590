// Unread announcements in More: a dot before the title, and "Unread:" in what a screen reader reads; read
// ones have neither.
import { fireEvent, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { november } from '../support/fixtures';
import { renderApp } from './render';

describe('More: unread announcements', () => {
  it('marks the unread one with a dot and the word, the read one with neither', async () => {
    const { screen } = await renderApp(november.studentState());
    await fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Announcements' }));
    const trip = (await screen.findByText('School trip to the museum')).closest('summary')!;
    expect(trip.querySelector('.unread-dot')?.getAttribute('aria-hidden')).toBe('true');
    expect(trip.querySelector('.visually-hidden')?.textContent).toBe('Unread:');
    expect(trip.textContent?.replace(/\s+/g, ' ').trim()).toMatch(/^Unread: School trip to the museum/);
    const closing = screen.getByText('Early closing on Friday').closest('summary')!;
    expect(closing.querySelector('.unread-dot')).toBeNull();
    expect(closing.textContent).not.toContain('Unread');
  });
});

// Issue 24 §3: the service cannot be told an announcement was read; opening it here clears its dot at
// once, and main is asked to remember it (test/main/sync/read-announcements.integration.test.ts: across
// restarts).
describe('More: opening an unread announcement', () => {
  it('clears its dot and asks main to remember it, once', async () => {
    const { screen, bridge } = await renderApp(november.studentState());
    await fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Announcements' }));
    const trip = (await screen.findByText('School trip to the museum')).closest('summary')!;
    const details = trip.closest('details')!;
    details.open = true;
    await fireEvent(details, new Event('toggle'));
    await waitFor(() => expect(trip.querySelector('.unread-dot')).toBeNull());
    expect(trip.textContent).not.toContain('Unread');
    details.open = false;
    await fireEvent(details, new Event('toggle'));
    details.open = true;
    await fireEvent(details, new Event('toggle'));
    expect(bridge.requestsOf('announcement:read')).toHaveLength(1);
    expect(bridge.requestsOf('announcement:read')[0]).toMatchObject({ pupilId: 4102571 });
  });
});
