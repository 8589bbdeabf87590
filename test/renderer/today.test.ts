import { fireEvent, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { lesson, NOW, studentState, TODAY } from './fixtures';
import { renderApp } from './render';

describe('Today', () => {
  it("lists today's lessons with period, time, subject, room and teacher", async () => {
    const { screen } = await renderApp(studentState());
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Monday 23 November');
    const list = screen.getByRole('list', { name: /Lessons/ });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    const maths = items[1]!;
    expect(maths.textContent).toContain('P1');
    expect(maths.textContent).toContain('09:00–10:00');
    expect(maths.textContent).toContain('Mathematics');
    expect(maths.textContent).toContain('U07');
    expect(maths.textContent).toContain('Mr J Doe');
  });

  it('highlights the current lesson with its progress and counts down to the next', async () => {
    const { screen } = await renderApp(studentState());
    const current = screen.getByText('English').closest('li')!;
    expect(current.getAttribute('aria-current')).toBe('time');
    const progress = within(current).getByRole('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('25');
    expect(current.textContent).toContain('45 min left');
    const next = screen.getByText('Science').closest('li')!;
    expect(next.textContent).toContain('Next · in 1 h 5 min');
  });

  it('recomputes current and next from the clock, not only from the snapshot', async () => {
    // 11:30: Science (P3) is now current though the snapshot still says "next".
    const { screen } = await renderApp(studentState(), Date.parse(`${TODAY}T11:30:00Z`));
    const science = screen.getByText('Science').closest('li')!;
    expect(science.getAttribute('aria-current')).toBe('time');
    expect(screen.getByText('History').closest('li')!.textContent).toContain('Next · in 1 h 35 min');
  });

  it('shows breaks, a cover lesson and a room change in words', async () => {
    const { screen } = await renderApp(studentState());
    // The break's name is a field of school data, in a <bdi> of its own: the line is read across elements.
    const breaks = screen
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/\s+/g, ' ').trim());
    expect(breaks).toContain('Break · 11:00–11:20');
    expect(breaks).toContain('Lunch · 12:20–13:05');
    expect(within(screen.getByText('History').closest('li')!).getByText('Cover')).toBeTruthy();
    expect(within(screen.getByText('Science').closest('li')!).getByText('Room change')).toBeTruthy();
  });

  it('moves to the next and previous day with buttons and arrow keys, and back to today', async () => {
    const { screen, bridge } = await renderApp(studentState());
    bridge.handlers['day:get'] = async ({ date }) => ({
      date,
      lessons: [
        {
          ...lesson('P1', '09:00', '10:00', 'Geography'),
          date,
          start: `${date}T09:00:00+00:00`,
          end: `${date}T10:00:00+00:00`,
        },
      ],
      minutesToNext: null,
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await screen.findByText('Geography');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Tomorrow');
    // No "now" or "next" on another day, even though its first lesson is the next one in time.
    expect(screen.getByText('Geography').closest('li')!.textContent).not.toMatch(/Next|Now/);
    expect(bridge.requestsOf('day:get')).toEqual([{ date: '2026-11-24', pupilId: 4102571 }]);

    await fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Wednesday 25 November'),
    );
    await fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await fireEvent.keyDown(window, { key: 'ArrowLeft' });
    // Back on today: the snapshot's lessons again, no request needed.
    await screen.findByText('English');
    expect(bridge.requestsOf('day:get')).toHaveLength(3);

    await fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Back to today' })).toBeTruthy());
    await fireEvent.click(screen.getByRole('button', { name: 'Back to today' }));
    await screen.findByText('English');
  });

  it('says when there are no lessons: weekend, or a holiday on a weekday', async () => {
    const { screen } = await renderApp(studentState());
    await fireEvent.keyDown(window, { key: 'ArrowLeft' }); // Sunday 22 November
    await screen.findByText("No lessons — it's the weekend.");
    await fireEvent.keyDown(window, { key: 'ArrowRight' });
    await fireEvent.keyDown(window, { key: 'ArrowRight' }); // Tuesday: mock answers with no lessons
    await screen.findByText('No lessons on this day.');
  });

  it('offers a retry when another day fails to load', async () => {
    const { screen, bridge } = await renderApp(studentState());
    bridge.handlers['day:get'] = async () => {
      throw new Error('No connection to ClassCharts.');
    };
    await fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No connection to ClassCharts.');
    bridge.handlers['day:get'] = async ({ date }) => ({ date, lessons: [], minutesToNext: null });
    await fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('No lessons on this day.');
  });

  it('shows a loading state before the first timetable arrives', async () => {
    const { screen } = await renderApp(studentState({ today: null }), NOW);
    expect(screen.getByText('Loading lessons…')).toBeTruthy();
  });
});
