// Ticking homework off in the popover (`homework:tick` on the mock bridge): a checkbox per tickable row and
// in the detail, shown ticked at once and disabled (focus kept) while main answers, rolled back with the
// action banner when it fails; none for a parent or for statuses that are the teacher's.
import { fireEvent, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { HomeworkSummary } from '../../common/contract';
import { november } from '../support/fixtures';
import { deferred } from '../support/helpers';
import { tickInState } from './mock-bridge';
import { renderHomeworkTab } from './render';

describe('ticking homework off', () => {
  it('a checkbox on each to-do or ticked row, named after the homework; none for late work', async () => {
    const { screen } = await renderHomeworkTab();
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.map((b) => [b.getAttribute('aria-label'), (b as HTMLInputElement).checked])).toEqual([
      ['Done: Poetry analysis', false],
      ['Done: Cell diagram', true],
      ['Done: Essay plan', false],
    ]);
    const overdue = screen.getByRole('region', { name: /Overdue/ });
    expect(within(overdue).queryByRole('checkbox'), 'late work is the teacher’s').toBeNull();
  });

  it('shows the tick at once, keeps focus on the checkbox while main answers, then shows main’s state', async () => {
    const { screen, bridge } = await renderHomeworkTab();
    const answer = deferred<HomeworkSummary>();
    bridge.handlers['homework:tick'] = () => answer.promise;
    const box = (await screen.findByRole('checkbox', { name: 'Done: Essay plan' })) as HTMLInputElement;
    box.focus();

    await fireEvent.click(box);

    expect(box.checked).toBe(true);
    expect(box.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(box);
    const row = screen.getByRole('button', { name: /^Essay plan/ });
    expect(row.textContent).toContain('Ticked');
    await fireEvent.click(box); // a second click while in flight changes nothing
    expect(box.checked).toBe(true);
    expect(bridge.requestsOf('homework:tick')).toEqual([{ homeworkId: 104, ticked: true, pupilId: 4102571 }]);

    answer.resolve(tickInState(bridge, 104, true));
    await waitFor(() => expect(box.getAttribute('aria-disabled')).toBe('false'));
    expect(box.checked).toBe(true);
    expect(document.activeElement).toBe(box);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('unticks a ticked homework', async () => {
    const { screen, bridge } = await renderHomeworkTab();
    const box = (await screen.findByRole('checkbox', { name: 'Done: Cell diagram' })) as HTMLInputElement;
    await fireEvent.click(box);
    await waitFor(() => expect(box.getAttribute('aria-disabled')).toBe('false'));
    expect(box.checked).toBe(false);
    expect(bridge.requestsOf('homework:tick')).toEqual([
      { homeworkId: 103, ticked: false, pupilId: 4102571 },
    ]);
    expect(screen.getByRole('button', { name: /^Cell diagram/ }).textContent).toContain('To do');
  });

  it('rolls back and says why when main fails', async () => {
    const { screen, bridge } = await renderHomeworkTab();
    const answer = deferred<HomeworkSummary>();
    bridge.handlers['homework:tick'] = () => answer.promise;
    const box = (await screen.findByRole('checkbox', { name: 'Done: Poetry analysis' })) as HTMLInputElement;
    await fireEvent.click(box);
    expect(box.checked).toBe(true);

    answer.reject(new Error('ClassCharts did not tick off this homework. Try again in a moment.'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Could not tick off "Poetry analysis". ClassCharts did not tick off this homework. Try again in a moment.',
    );
    expect(box.checked).toBe(false);
    expect(box.getAttribute('aria-disabled')).toBe('false');
  });

  // Issue 24 §3: a tick made offline is refused with a clear message, never dropped (the homework stays to
  // do, tickable), and its banner goes once a refresh succeeds again, so no stale error stays.
  it('refuses a tick made offline with a clear message, and drops the banner once back online', async () => {
    const offline = november.studentState();
    offline.freshness = {
      ...offline.freshness,
      offline: true,
      stale: true,
      error: 'Cannot reach ClassCharts.',
    };
    const { screen, bridge } = await renderHomeworkTab(offline);
    bridge.handlers['homework:tick'] = async () => {
      throw new Error('Cannot reach ClassCharts. Check your internet connection.');
    };
    const box = (await screen.findByRole('checkbox', { name: 'Done: Poetry analysis' })) as HTMLInputElement;
    await fireEvent.click(box);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Could not tick off "Poetry analysis". Cannot reach ClassCharts. Check your internet connection.',
    );
    expect(box.checked).toBe(false);
    // Still offline: a snapshot changes nothing.
    bridge.emitState({ ...offline, freshness: { ...offline.freshness } });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeNull());
    // Back online with fresh data: the banner goes, the homework is still there to tick.
    bridge.emitState(
      november.studentState({
        freshness: { ...november.studentState().freshness, updatedAt: '2026-11-23T10:20:00+00:00' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(
      (screen.getByRole('checkbox', { name: 'Done: Poetry analysis' }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('keeps an overdue homework ticked off here on screen (main’s list leaves it out), so it can be unticked', async () => {
    const state = november.studentState();
    state.homework[0] = {
      key: 'overdue',
      items: [november.homework(101, 'Fractions revision', '2026-11-20')],
    };
    const { screen, bridge } = await renderHomeworkTab(state);
    bridge.handlers['homework:tick'] = async ({ homeworkId, ticked }) => {
      const updated = tickInState(bridge, homeworkId, ticked);
      // Main leaves ticked overdue work out of its groups.
      bridge.emitState({
        ...bridge.state,
        homework: bridge.state.homework.filter((g) => g.key !== 'overdue'),
      });
      return updated;
    };
    const box = (await screen.findByRole('checkbox', {
      name: 'Done: Fractions revision',
    })) as HTMLInputElement;
    await fireEvent.click(box);
    await waitFor(() => expect(box.getAttribute('aria-disabled')).toBe('false'));
    expect(screen.getByRole('checkbox', { name: 'Done: Fractions revision' })).toBe(box);
    expect(box.checked).toBe(true);
  });

  it('the detail has the same tick, with its status following it', async () => {
    const { screen } = await renderHomeworkTab();
    await fireEvent.click(screen.getByRole('button', { name: /^Poetry analysis/ }));
    const box = (await screen.findByRole('checkbox', { name: 'Done: Poetry analysis' })) as HTMLInputElement;
    await fireEvent.click(box);
    await waitFor(() => expect(box.getAttribute('aria-disabled')).toBe('false'));
    expect(box.checked).toBe(true);
    expect(screen.getByText('Ticked', { selector: 'dd bdi' })).toBeTruthy();
  });

  it('a parent sees no tick (ClassCharts has none for parents)', async () => {
    const { screen } = await renderHomeworkTab(november.parentState());
    await screen.findAllByRole('heading', { level: 2 });
    await import('../../renderer/components/TickBox.svelte'); // loaded: no tick comes later either
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });
});
