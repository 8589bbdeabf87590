// The pupil switcher's chips (on every tab but Today, which has the family at a glance): the service's
// count of upcoming detentions in words under the name, beside the homework counts (issue 24 §2: no tiny
// symbols explained only on hover); nothing for zero or an unknown count.
import { fireEvent } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { november } from '../support/fixtures';
import { renderApp } from './render';

const counters = (detentionsPending: number | null, announcements: number | null) => ({
  homeworkToDo: 3,
  homeworkLate: 0,
  detentionsPending,
  announcements,
});

describe('pupil switcher counters', () => {
  it('writes upcoming detentions in words on the chip, and nothing for zero or unknown', async () => {
    const { screen } = await renderApp(
      november.parentState({
        pupils: [
          november.pupil(4102571, 'Jane Smith', { counters: counters(1, 4) }),
          november.pupil(4102572, 'Tom Smith', {
            counters: counters(0, null),
            homeworkDue: 0,
            homeworkOverdue: 0,
          }),
          november.pupil(4102573, 'Amy Smith', {
            counters: counters(2, 0),
            homeworkDue: 0,
            homeworkOverdue: 0,
          }),
        ],
      }),
    );
    await fireEvent.click(screen.getByRole('button', { name: /^Homework/ }));
    const jane = screen.getByRole('button', { name: /^Jane/ });
    expect(jane.querySelector('.counts')?.textContent).toBe('1 overdue3 due1 detention');
    expect(jane.querySelector('svg, [title]')).toBeNull();
    expect(screen.getByRole('button', { name: /^Tom/ }).querySelector('.counts')?.textContent).toBe(
      'none due',
    );
    expect(screen.getByRole('button', { name: /^Amy/ }).querySelector('.counts')?.textContent).toBe(
      'none due2 detentions',
    );
  });

  it('with more than three children the chips are names only; the counts are still heard', async () => {
    const names = ['Amelia', 'Oliver', 'Isla', 'Noah', 'Ava', 'Leo'];
    const { screen } = await renderApp(
      november.parentState({
        pupils: names.map((name, i) =>
          november.pupil(4102571 + i, `${name} Smith`, { counters: counters(1, 0) }),
        ),
      }),
    );
    await fireEvent.click(screen.getByRole('button', { name: /^Homework/ }));
    for (const name of names) {
      const chip = screen.getByRole('button', { name: new RegExp(`^${name}`) });
      expect(chip.querySelector('.counts'), `${name}: no counts shown`).toBeNull();
      expect(chip.textContent?.replace(/\s+/g, ' ').trim()).toBe(
        `${name} : 1 overdue and 3 due and 1 detention`,
      );
      expect(chip.querySelector('.visually-hidden')?.textContent).toBe(
        ': 1 overdue and 3 due and 1 detention',
      );
    }
  });
});
