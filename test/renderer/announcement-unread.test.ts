// Unread announcements in More: a dot before the title, and "Unread:" in what a screen reader reads; read
// ones have neither.
import { fireEvent } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { studentState } from './fixtures';
import { renderApp } from './render';

describe('More: unread announcements', () => {
  it('marks the unread one with a dot and the word, the read one with neither', async () => {
    const { screen } = await renderApp(studentState());
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
