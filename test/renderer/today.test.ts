import { fireEvent, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { AppState, DayView } from '../../common/contract';
import { november } from '../support/fixtures';
import { renderApp, type Rendered } from './render';

type Screen = Rendered['screen'];

/** The row of the lesson `subject` in the day's list (the Due part may name the same subject). */
function lessonRow(screen: Screen, subject: string): HTMLElement {
  const list = screen.getByRole('list', { name: /^Lessons/ });
  return within(list).getByText(subject).closest('li')!;
}

/** The Due part of the first screen. */
function duePart(screen: Screen, name = 'Due'): HTMLElement {
  return screen.getByRole('region', { name });
}

/** Tuesday 24 November as the next school day main looked up. */
function tuesday(): DayView {
  const date = '2026-11-24';
  const on = (period: string, from: string, to: string, subject: string) => ({
    ...november.lesson(period, from, to, subject),
    date,
    id: `t-${period}`,
    start: `${date}T${from}:00+00:00`,
    end: `${date}T${to}:00+00:00`,
  });
  return {
    date,
    minutesToNext: null,
    rotaWeek: null,
    lessons: [on('P1', '08:45', '09:45', 'Physical Education'), on('P2', '09:45', '10:45', 'Geography')],
  };
}

const at = (hhmm: string, date = november.TODAY) => Date.parse(`${date}T${hhmm}:00Z`);

describe('Today', () => {
  it("lists today's lessons one line each, the ones over folded into one line that opens them", async () => {
    const { screen } = await renderApp(november.studentState());
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Monday 23 November');
    const list = screen.getByRole('list', { name: /Lessons/ });
    // 10:15: tutor time and maths are over.
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    const earlier = screen.getByRole('button', { name: /2 earlier lessons/ });
    expect(earlier.getAttribute('aria-expanded')).toBe('false');
    expect(earlier.textContent).toContain('08:40–10:00');
    await fireEvent.click(earlier);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    const maths = items[1]!;
    expect(maths.textContent).toContain('09:00');
    expect(maths.textContent).toContain('Mathematics');
    expect(maths.textContent).toContain('U07');
    // The rest of a lesson is a hover away (and heard, and shown on keyboard focus).
    expect(maths.getAttribute('title')).toBe('Period P1 · 09:00–10:00 · Mr J Doe');
    expect(maths.textContent).toContain('Mr J Doe');
    expect(maths.tabIndex).toBe(0);
    // The current lesson shows its teacher on the screen.
    expect(lessonRow(screen, 'English').querySelector('.detail.shown')?.textContent).toContain('Mrs B Patel');
  });

  it('highlights the current lesson with its progress and counts down to the next', async () => {
    const { screen, store } = await renderApp(november.studentState());
    const current = lessonRow(screen, 'English');
    expect(current.getAttribute('aria-current')).toBe('time');
    const progress = within(current).getByRole('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('25');
    expect(current.textContent).toContain('45 min left');
    const next = lessonRow(screen, 'Science');
    // 65 minutes away: "Next"; in its last hour, the countdown.
    expect(next.querySelector('.chip')?.textContent).toBe('Next');
    expect(next.classList.contains('next')).toBe(true);
    store.nowMs = at('10:30');
    await waitFor(() =>
      expect(lessonRow(screen, 'Science').querySelector('.chip')?.textContent?.replace(/\s+/g, ' ')).toBe(
        'Next, in 50 min',
      ),
    );
  });

  it('recomputes current and next from the clock, not only from the snapshot', async () => {
    // 11:30: Science (P3) is now current though the snapshot still says "next".
    const { screen } = await renderApp(november.studentState(), at('11:30'));
    expect(lessonRow(screen, 'Science').getAttribute('aria-current')).toBe('time');
    expect(lessonRow(screen, 'History').querySelector('.chip')?.textContent).toBe('Next');
  });

  it('shows breaks, a cover lesson and a room change in words', async () => {
    const { screen } = await renderApp(november.studentState());
    // The break's name is a field of school data, in a <bdi> of its own: the line is read across elements.
    const breaks = screen
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/\s+/g, ' ').trim());
    expect(breaks).toContain('Break · 11:00–11:20');
    expect(breaks).toContain('Lunch · 12:20–13:05');
    expect(within(lessonRow(screen, 'History')).getByText('Cover')).toBeTruthy();
    expect(within(lessonRow(screen, 'Science')).getByText('Room change')).toBeTruthy();
  });

  it('moves to the next and previous day with buttons and arrow keys, and back to today', async () => {
    const { screen, bridge } = await renderApp(november.studentState());
    bridge.handlers['day:get'] = async ({ date }) => ({
      date,
      lessons: [
        {
          ...november.lesson('P1', '09:00', '10:00', 'Geography'),
          date,
          start: `${date}T09:00:00+00:00`,
          end: `${date}T10:00:00+00:00`,
        },
      ],
      minutesToNext: null,
      rotaWeek: null,
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await screen.findByText('Geography');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Tomorrow');
    // No "now" or "next" on another day, even though its first lesson is the next one in time.
    expect(lessonRow(screen, 'Geography').textContent).not.toMatch(/Next|Now|in \d/);
    expect(bridge.requestsOf('day:get')).toEqual([{ date: '2026-11-24', pupilId: 4102571 }]);
    // Every day shows the homework due on it: the cell diagram is due tomorrow.
    expect(within(duePart(screen, 'Due on Tuesday')).getByText('Cell diagram')).toBeTruthy();

    await fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Wednesday 25 November'),
    );
    expect(
      within(duePart(screen, 'Due on Wednesday')).getByText('No homework due on this day.'),
    ).toBeTruthy();
    await fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await fireEvent.keyDown(window, { key: 'ArrowLeft' });
    // Back on today: the snapshot's lessons again, no request needed.
    await waitFor(() => expect(lessonRow(screen, 'English')).toBeTruthy());
    expect(bridge.requestsOf('day:get')).toHaveLength(3);

    await fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Back to today' })).toBeTruthy());
    await fireEvent.click(screen.getByRole('button', { name: 'Back to today' }));
    await waitFor(() => expect(lessonRow(screen, 'English')).toBeTruthy());
  });

  it('says when there are no lessons: weekend, or a holiday on a weekday', async () => {
    const { screen } = await renderApp(november.studentState());
    await fireEvent.keyDown(window, { key: 'ArrowLeft' }); // Sunday 22 November
    await screen.findByText("No lessons — it's the weekend.");
    await fireEvent.keyDown(window, { key: 'ArrowRight' });
    await fireEvent.keyDown(window, { key: 'ArrowRight' }); // Tuesday: mock answers with no lessons
    await screen.findByText('No lessons on this day.');
  });

  it('offers a retry when another day fails to load', async () => {
    const { screen, bridge } = await renderApp(november.studentState());
    bridge.handlers['day:get'] = async () => {
      throw new Error('No connection to ClassCharts.');
    };
    await fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No connection to ClassCharts.');
    bridge.handlers['day:get'] = async ({ date }) => ({
      date,
      lessons: [],
      minutesToNext: null,
      rotaWeek: null,
    });
    await fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('No lessons on this day.');
  });

  it('lists what is due under the day: overdue first, then the soonest, each due day in words', async () => {
    const groups = [
      { key: 'overdue' as const, items: [november.homework(201, 'Mathematics: Fractions', '2026-11-19')] },
      {
        key: 'today' as const,
        items: [november.homework(202, 'Poetry', november.TODAY, { subject: 'English' })],
      },
      {
        key: 'tomorrow' as const,
        items: [november.homework(203, 'Cells', '2026-11-24', { subject: 'Science' })],
      },
      {
        key: 'this-week' as const,
        items: [
          november.homework(204, 'Essay plan', '2026-11-26', { subject: 'History' }),
          november.homework(205, 'Map work', '2026-11-27', { subject: 'Geography' }),
        ],
      },
    ];
    const { screen } = await renderApp(november.studentState({ homework: groups }));
    const due = duePart(screen);
    const rows = within(due)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual([
      expect.stringMatching(/^Fractions Mathematics · was due Thu 19 Nov Due Overdue$/),
      expect.stringMatching(/^Poetry English Due Today$/),
      expect.stringMatching(/^Cells Science Due Tomorrow$/),
    ]);
    // Two more in the Homework tab, one click away.
    await fireEvent.click(within(due).getByRole('button', { name: /^2 more/ }));
    await screen.findByRole('heading', { name: /This week/ });
  });

  it('ticks a due homework off in place with Space, and keeps it there ticked', async () => {
    const { screen, bridge } = await renderApp(november.studentState());
    const box = await within(duePart(screen)).findByRole('checkbox', { name: 'Done: Poetry analysis' });
    box.focus();
    await fireEvent.click(box); // what Space does on a focused checkbox
    await waitFor(() =>
      expect(bridge.requestsOf('homework:tick')).toEqual([
        { homeworkId: 102, ticked: true, pupilId: 4102571 },
      ]),
    );
    await waitFor(() => expect(within(duePart(screen)).getByText(/done/)).toBeTruthy());
  });

  it('after the last lesson shows the next school day, with what is due', async () => {
    const state = november.studentState({ nextSchoolDay: { day: tuesday(), searchedTo: '2026-11-24' } });
    const { screen, store } = await renderApp(state, at('15:10'));
    const heading = screen.getByRole('heading', { level: 2 }).textContent?.replace(/\s+/g, ' ');
    expect(heading).toContain('Tomorrow');
    expect(heading).toContain('Tuesday 24 November');
    expect(lessonRow(screen, 'Physical Education').textContent).toContain('08:45');
    expect(within(duePart(screen)).getByText('Poetry analysis')).toBeTruthy();
    // At 15:04, before the last lesson ends, still today.
    store.nowMs = at('15:04');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Today'));
  });

  it('keeps today on screen while a detention after the last lesson is still to come', async () => {
    const detained = november.studentState({
      nextSchoolDay: { day: tuesday(), searchedTo: '2026-11-24' },
      pupils: [
        november.pupil(4102571, 'Jane Smith', {
          nextDetention: {
            date: november.TODAY,
            start: `${november.TODAY}T15:20:00+00:00`,
            end: `${november.TODAY}T15:50:00+00:00`,
            location: 'H1',
          },
        }),
      ],
    });
    const { screen, store } = await renderApp(detained, at('15:30'));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Today');
    store.nowMs = at('15:50');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Tomorrow'));
  });

  it('says so plainly when no lessons are found in three weeks, and still lists what is due', async () => {
    const state: AppState = november.studentState({ nextSchoolDay: { day: null, searchedTo: '2026-12-14' } });
    const { screen } = await renderApp(state, at('16:00'));
    expect(screen.getByText('No lessons in the next three weeks.')).toBeTruthy();
    expect(screen.getByText(/up to Monday 14 December/)).toBeTruthy();
    expect(within(duePart(screen)).getByText('Poetry analysis')).toBeTruthy();
  });

  it('a parent sees every child at once, in words, and picks one', async () => {
    const state = november.parentState({
      pupils: [
        november.pupil(4102571, 'Jane Smith', {
          currentLesson: {
            subject: 'English',
            room: 'E12',
            start: `${november.TODAY}T10:00:00+00:00`,
            end: `${november.TODAY}T11:00:00+00:00`,
          },
          homeworkDueThisWeek: 3,
          nextDetention: { date: '2026-11-26', start: null, end: null, location: null },
        }),
        november.pupil(4102572, 'Tom Smith', { homeworkDueThisWeek: 0, homeworkOverdue: 0 }),
      ],
    });
    const { screen, bridge } = await renderApp(state);
    const family = screen.getByRole('group', { name: /^Pupil/ });
    const [jane, tom] = within(family).getAllByRole('button');
    expect(jane!.textContent?.replace(/\s+/g, ' ')).toMatch(
      /Jane.*Now.*English.*E12.*3 due this week · 1 overdue · detention Thursday/,
    );
    expect(tom!.textContent?.replace(/\s+/g, ' ')).toMatch(
      /Tom.*11:20.*Science.*next · S4.*nothing due this week/,
    );
    await fireEvent.click(tom!);
    expect(bridge.requestsOf('pupil:select')).toEqual([4102572]);
  });

  it('shows a loading state before the first timetable arrives', async () => {
    const { screen } = await renderApp(november.studentState({ today: null }), november.NOW);
    expect(screen.getByText('Loading lessons…')).toBeTruthy();
  });
});

describe('a parent of four', () => {
  it('gives each child one line, still saying in words what is due', async () => {
    const names = ['Jane Smith', 'Tom Smith', 'Amy Smith', 'Ben Smith'];
    const state = november.parentState({
      pupils: names.map((name, i) =>
        november.pupil(4102571 + i, name, { homeworkDueThisWeek: i, homeworkOverdue: i === 3 ? 2 : 0 }),
      ),
    });
    const { screen } = await renderApp(state);
    const rows = within(screen.getByRole('group', { name: /^Pupil/ })).getAllByRole('button');
    expect(rows.map((row) => row.querySelector('.child-due')?.textContent?.replace(/^;\s*/, ''))).toEqual([
      '0 due',
      '1 due',
      '2 due',
      '2 overdue',
    ]);
    expect(rows.every((row) => row.querySelector('.child-extras') === null)).toBe(true);
  });
});
