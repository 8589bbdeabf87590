/**
 * The week (issue 28 §1): from the day header, Monday to Friday as a timetable grid, a row per period and a
 * column per day, cover lessons and the lesson now said in words, today's column marked, each day's
 * homework due counted in its header; ‹ › and ← → move by week, Home back to this week, a day's header
 * opens the day. The rota week ("Week A") names the day and the week.
 */
import { fireEvent, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { DayView } from '../../common/contract';
import { addDays } from '../../common/dates';
import { november } from '../support/fixtures';
import { renderApp, type Rendered } from './render';

/** Another day of the November week: P1 Geography (a cover lesson on Wednesday), P2 French; Week A. */
function otherDay(date: string): DayView {
  const on = (period: string, from: string, to: string, subject: string, cover = false) => ({
    ...november.lesson(period, from, to, subject, { isAlternative: cover }),
    id: `${date}-${period}`,
    date,
    start: `${date}T${from}:00+00:00`,
    end: `${date}T${to}:00+00:00`,
  });
  const lessons = [
    on('P1', '09:00', '10:00', 'Geography', date === '2026-11-25'),
    on('P2', '10:00', '11:00', 'French'),
  ];
  return { date, lessons, minutesToNext: null, rotaWeek: 'Week A' };
}

/** Renders a pupil on Monday 23 November (10:15, English now), every other day answered by otherDay. */
async function atMondayMorning(): Promise<Rendered> {
  const today = { ...november.studentState().today!, rotaWeek: 'Week A' };
  const rendered = await renderApp(november.studentState({ today }));
  rendered.bridge.handlers['day:get'] = async ({ date }) =>
    date === november.TODAY ? today : otherDay(date);
  return rendered;
}

const heading = (screen: Rendered['screen']) =>
  screen.getByRole('heading', { level: 2 }).textContent?.replace(/\s+/g, ' ').trim();

describe('the week', () => {
  it('names the rota week in the day heading', async () => {
    const { screen } = await atMondayMorning();
    expect(heading(screen)).toBe('Today Monday 23 November Week A');
  });

  it('shows Monday to Friday by period: cover and now in words, today marked, what is due each day', async () => {
    const { screen, bridge } = await atMondayMorning();
    await fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    const grid = await screen.findByRole('table', { name: /^Timetable, this week, 23–27 November/ });
    expect(heading(screen)).toBe('This week 23–27 November Week A');
    expect((bridge.requestsOf('day:get') as { date: string }[]).map((r) => r.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    const rows = within(grid).getAllByRole('row');
    // The header, then the periods in time order: tutor time, P1 … P5 (breaks are not rows).
    expect(rows.map((row) => within(row).queryByRole('rowheader')?.textContent ?? 'days')).toEqual([
      'days',
      'Tut',
      'P1',
      'P2',
      'P3',
      'P4',
      'P5',
    ]);
    const cells = (period: string) =>
      within(rows.find((row) => within(row).queryByRole('rowheader')?.textContent === period)!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim());
    // Monday's English is on now; Wednesday's Geography is a cover lesson; long names are short on screen.
    expect(cells('P2')[0]).toMatch(/English.*E12.*Now/);
    expect(cells('P1')).toEqual([
      expect.stringMatching(/^Maths Mathematics U07$/),
      'Geog Geography U07',
      'Geog Geography U07 Cover',
      'Geog Geography U07',
      'Geog Geography U07',
    ]);
    expect(cells('P5')).toEqual(['PE Physical Education Gym', '', '', '', '']);
    // Today's column is marked; homework due: the cell diagram on Tuesday, the essay plan on Friday.
    const days = within(rows[0]!).getAllByRole('button');
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual([
      'Mon 23, 1 due: open the day',
      'Tue 24, 1 due: open the day',
      'Wed 25, nothing due: open the day',
      'Thu 26, nothing due: open the day',
      'Fri 27, 1 due: open the day',
    ]);
    expect(days[0]!.getAttribute('aria-current')).toBe('date');
    expect(days.slice(1).every((d) => !d.hasAttribute('aria-current'))).toBe(true);
  });

  it('moves by week with the buttons and arrow keys, Home back to this week, and a day opens the day', async () => {
    const { screen, bridge } = await atMondayMorning();
    await fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    await screen.findByRole('table');
    await fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await screen.findByRole('table', { name: /next week, 30 Nov – 4 Dec/ });
    expect((bridge.requestsOf('day:get') as { date: string }[]).slice(5).map((r) => r.date)).toEqual(
      [0, 1, 2, 3, 4].map((n) => addDays('2026-11-30', n)),
    );
    await fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await screen.findByRole('table', { name: /last week, 16–20 November/ });
    await fireEvent.keyDown(window, { key: 'Home' });
    await screen.findByRole('table', { name: /this week/ });

    // A day's header opens that day, with the homework due on it.
    await fireEvent.click(screen.getByRole('button', { name: /^Tue 24/ }));
    await waitFor(() => expect(heading(screen)).toBe('Tomorrow Tuesday 24 November Week A'));
    expect(screen.queryByRole('table')).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Due on Tuesday' })).getByText('Cell diagram'),
    ).toBeTruthy();
    // "Week" goes back to the week of the day shown; "Day" in another week shows its Monday.
    await fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    await screen.findByRole('table', { name: /this week/ });
    await fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await screen.findByRole('table', { name: /next week/ });
    await fireEvent.click(screen.getByRole('button', { name: 'Day' }));
    await waitFor(() => expect(heading(screen)).toBe('In 7 days Monday 30 November Week A'));
  });

  it('a notification that opens Today shows the day, not the week', async () => {
    const { screen, bridge } = await atMondayMorning();
    await fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    await fireEvent.click(await screen.findByRole('button', { name: 'Next week' }));
    await screen.findByRole('table', { name: /next week/ });
    bridge.navigate({ view: 'today' });
    await waitFor(() => expect(heading(screen)).toBe('Today Monday 23 November Week A'));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the week could not be loaded, and tries again', async () => {
    const { screen, bridge } = await atMondayMorning();
    const answer = bridge.handlers['day:get'];
    bridge.handlers['day:get'] = async () => {
      throw new Error('No connection to ClassCharts.');
    };
    await fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No connection to ClassCharts.');
    bridge.handlers['day:get'] = answer;
    await fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table');
  });
});
