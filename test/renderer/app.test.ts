import { fireEvent, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { november } from '../support/fixtures';
import { createMockBridge } from './mock-bridge';
import { renderApp } from './render';
import { render } from '@testing-library/svelte';
import App from '../../renderer/App.svelte';
import { PopoverStore } from '../../renderer/lib/popover.svelte';

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => setVisibility('visible'));

/** An element's text as seen on screen: without the visually hidden words for screen readers. */
function visibleText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

describe('Popover shell', () => {
  it('says how fresh the data is and redraws each minute only while visible', async () => {
    const { screen } = await renderApp(november.studentState(), november.NOW, true);
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('Updated 3 min ago');
    await vi.advanceTimersByTimeAsync(61_000);
    expect(footer.textContent).toContain('Updated 4 min ago');

    setVisibility('hidden');
    expect(vi.getTimerCount()).toBe(0);
    vi.setSystemTime(november.NOW + 10 * 60_000);
    setVisibility('visible');
    await waitFor(() => expect(footer.textContent).toContain('Updated 13 min ago'));
    expect(vi.getTimerCount()).toBe(1);
  });

  it('refreshes on request and shows progress while main refreshes', async () => {
    const { screen, bridge } = await renderApp(november.studentState());
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh now' }));
    expect(bridge.requestsOf('sync:refresh')).toHaveLength(1);
    const state = november.studentState();
    state.freshness.refreshing = true;
    bridge.emitState(state);
    await waitFor(() => expect(screen.getByRole('contentinfo').textContent).toContain('Refreshing…'));
    expect((screen.getByRole('button', { name: 'Refresh now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows an offline banner with the time of the last data', async () => {
    const state = november.studentState();
    state.freshness = {
      ...state.freshness,
      offline: true,
      stale: true,
      updatedAt: '2026-11-23T08:05:00+00:00',
    };
    const { screen, bridge } = await renderApp(state);
    const banner = screen.getByRole('status');
    expect(banner.textContent?.replace(/\s+/g, ' ')).toContain(
      "Offline. Can't reach ClassCharts. Showing data from 08:05.",
    );
    // The time of the data is a line of its own.
    expect(within(banner).getByText('Showing data from 08:05.').tagName).toBe('SPAN');
    expect(within(screen.getByRole('list', { name: /^Lessons/ })).getByText('English')).toBeTruthy();
    await fireEvent.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(bridge.requestsOf('sync:refresh')).toHaveLength(1);
  });

  it('shows a stale banner with the reason, in whole sentences', async () => {
    const state = november.studentState();
    state.freshness = {
      ...state.freshness,
      stale: true,
      error: 'ClassCharts sent an answer this app does not understand. Try again later.',
    };
    const { screen } = await renderApp(state);
    const text = screen.getByRole('status').textContent?.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain(
      'May be out of date. ClassCharts sent an answer this app does not understand. Try again later. ' +
        'Showing data from 10:12.',
    );
    expect(text).not.toMatch(/[.;]{2}/);
  });

  it('ends a reason without a full stop with one', async () => {
    const state = november.studentState();
    state.freshness = { ...state.freshness, stale: true, error: 'ClassCharts answered with an error' };
    const { screen } = await renderApp(state);
    expect(screen.getByRole('status').textContent?.replace(/\s+/g, ' ')).toContain(
      'May be out of date. ClassCharts answered with an error. Showing data from 10:12.',
    );
  });

  it('lets a parent switch pupils with the switcher and the number keys', async () => {
    const { screen, bridge } = await renderApp(november.parentState());
    // Today has the family at a glance (today.test.ts); the other tabs the compact chips.
    await fireEvent.click(screen.getByRole('button', { name: /^Homework/ }));
    const jane = screen.getByRole('button', { name: /^Jane/ });
    const tom = screen.getByRole('button', { name: /^Tom/ });
    expect(jane.getAttribute('aria-pressed')).toBe('true');
    // The counts are written in words under the name (no tooltip needed), and read out as a sentence.
    expect(visibleText(jane)).toBe('Jane 1 overdue3 due'); // CSS puts " · " between the two
    expect(visibleText(tom)).toBe('Tom none due');
    expect(within(jane).getByText('1 overdue').classList.contains('overdue')).toBe(true);
    expect(within(jane).getByText('3 due').classList.contains('overdue')).toBe(false);
    expect(jane.querySelector('[title]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Jane : 1 overdue and 3 due' })).toBe(jane);
    expect(screen.getByRole('button', { name: 'Tom : none due' })).toBe(tom);
    await fireEvent.keyDown(window, { key: '2' });
    await waitFor(() => expect(tom.getAttribute('aria-pressed')).toBe('true'));
    await fireEvent.click(jane);
    await waitFor(() => expect(jane.getAttribute('aria-pressed')).toBe('true'));
    expect(bridge.requestsOf('pupil:select')).toEqual([4102572, 4102571]);
  });

  it("reloads another day's timetable for the newly selected pupil", async () => {
    const { screen, bridge } = await renderApp(november.parentState());
    await fireEvent.keyDown(window, { key: 'ArrowRight' });
    await fireEvent.keyDown(window, { key: '2' });
    await waitFor(() =>
      expect(bridge.requestsOf('day:get')).toEqual([
        { date: '2026-11-24', pupilId: 4102571 },
        { date: '2026-11-24', pupilId: 4102572 },
      ]),
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Tomorrow');
  });

  it('shows a student their name, and ignores number keys', async () => {
    const { screen, bridge } = await renderApp(november.studentState());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Jane Smith');
    await fireEvent.keyDown(window, { key: '1' });
    expect(bridge.requestsOf('pupil:select')).toEqual([]);
  });

  it('follows snapshots pushed by main', async () => {
    const { screen, bridge } = await renderApp(november.studentState());
    const next = november.studentState();
    next.today!.lessons[2] = { ...next.today!.lessons[2]!, subject: 'Drama' };
    bridge.emitState(next);
    await screen.findByText('Drama');
  });

  it('says so when main does not answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: november.NOW });
    const bridge = createMockBridge(november.studentState());
    bridge.handlers['state:get'] = async () => {
      throw new Error('The app is not responding.');
    };
    const store = new PopoverStore(bridge.api);
    await store.start();
    const screen = render(App, { props: { store } });
    expect(screen.getByRole('alert').textContent).toContain('The app is not responding.');
    store.dispose();
  });

  it('opens another tab at its top, whatever the last one was scrolled to', async () => {
    const { screen } = await renderApp(november.studentState());
    await fireEvent.click(screen.getByRole('button', { name: /^Homework/ }));
    const view = screen.getByRole('main');
    view.scrollTop = 300;
    await fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    within(await screen.findByRole('list', { name: /^Lessons/ })).getByText('English');
    expect(view.scrollTop).toBe(0);
  });
});
