// The pupil switcher's badges from the service's counters: a number beside the name for upcoming detentions
// and announcements, its words on hover and in the button's name; nothing for zero or an unknown count.
import { describe, expect, it } from 'vitest';
import { parentState, pupil } from './fixtures';
import { renderApp } from './render';

const counters = (detentionsPending: number | null, announcements: number | null) => ({
  homeworkToDo: 3,
  homeworkLate: 0,
  detentionsPending,
  announcements,
});

describe('pupil switcher counters', () => {
  it('shows detentions and announcements as badges, read out in words', async () => {
    const { screen } = await renderApp(
      parentState({
        pupils: [
          pupil(4102571, 'Jane Smith', { counters: counters(1, 4) }),
          pupil(4102572, 'Tom Smith', { counters: counters(0, null), homeworkDue: 0, homeworkOverdue: 0 }),
        ],
      }),
    );
    const jane = screen.getByRole('button', {
      name: 'Jane Homework: 1 overdue and 3 due , 1 detention and 4 announcements',
    });
    expect([...jane.querySelectorAll('.badge')].map((b) => [b.textContent, b.getAttribute('title')])).toEqual(
      [
        ['1', '1 detention'],
        ['4', '4 announcements'],
      ],
    );
    for (const badge of jane.querySelectorAll('.badge'))
      expect(badge.getAttribute('aria-hidden')).toBe('true');
    // Zero and unknown counts show nothing and add nothing to the name.
    const tom = screen.getByRole('button', { name: 'Tom Homework: none due' });
    expect(tom.querySelectorAll('.badge')).toHaveLength(0);
  });
});
