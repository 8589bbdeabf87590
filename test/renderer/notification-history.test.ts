// The notification history (views/Notifications.svelte, issue 28 §4), opened by the footer's bell: the
// list with its new ones marked, the empty state, opening an item (a parent's other child first), Escape
// and Back; and the words of its times (lib/notification-history.ts).
import { fireEvent, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { NotificationHistory, NotificationHistoryEntry } from '../../common/contract';
import { historyTime } from '../../renderer/lib/notification-history';
import { november } from '../support/fixtures';
import { renderApp } from './render';

const entry = (over: Partial<NotificationHistoryEntry>): NotificationHistoryEntry => ({
  id: 'homework-new:4102571:104',
  kind: 'homework-new',
  title: 'New homework',
  body: 'History: Essay plan — due Fri 27 Nov',
  pupil: { id: 4102571, firstName: 'Jane' },
  at: '2026-11-23T10:05:00+00:00',
  heldBack: false,
  target: { view: 'homework', homeworkId: 104 },
  ...over,
});

const HISTORY: NotificationHistory = {
  unseen: 1,
  entries: [
    entry({}),
    entry({
      id: 'announcement:4102572:901',
      kind: 'announcement',
      title: 'New announcement',
      body: 'Early closing on Friday — Mrs D Head',
      pupil: { id: 4102572, firstName: 'Tom' },
      at: '2026-11-22T21:30:00+00:00',
      heldBack: true,
      target: { view: 'more', kind: 'announcements', itemId: 901 },
    }),
  ],
};

async function openHistory(state = november.studentState({ notificationsUnseen: 1 }), history = HISTORY) {
  const rendered = await renderApp(state);
  rendered.bridge.handlers['notifications:history'] = async () => structuredClone(history);
  const bell = rendered.screen.getByRole('button', { name: /^Notifications/ });
  await fireEvent.click(bell);
  await rendered.screen.findByRole('heading', { name: 'Notifications' });
  return { ...rendered, bell };
}

describe('the notification history', () => {
  it('the bell says how many came since the list was last opened', async () => {
    const { screen } = await renderApp(november.studentState({ notificationsUnseen: 3 }));
    expect(screen.getByRole('button', { name: 'Notifications, 3 new' })).toBeTruthy();
  });

  it('lists them newest first: kind, title, body, when, held back in words, the new one marked', async () => {
    const { screen, bridge } = await openHistory();
    const list = await screen.findByRole('list', { name: 'Notifications, newest first' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Homework Today 10:05 New: New homework History: Essay plan — due Fri 27 Nov',
      'Announcement Yesterday 21:30 New announcement Early closing on Friday — Mrs D Head Held back (quiet hours)',
    ]);
    expect(bridge.requestsOf('notifications:history')).toHaveLength(1);
    // Focus starts at the heading: Tab reaches the first notification, Shift+Tab the Back button.
    expect(document.activeElement?.textContent).toBe('Notifications');
  });

  it("names the child on a parent's account", async () => {
    const { screen } = await openHistory(november.parentState());
    const rows = within(await screen.findByRole('list', { name: /^Notifications/ })).getAllByRole('button');
    expect(rows.map((r) => r.querySelector('.pupil')?.textContent)).toEqual(['· Jane', '· Tom']);
  });

  it('says so when there are none yet', async () => {
    const { screen } = await openHistory(november.studentState(), { entries: [], unseen: 0 });
    expect(await screen.findByText('No notifications yet.')).toBeTruthy();
  });

  it('opening one goes where its toast went', async () => {
    const { screen, store } = await openHistory();
    await fireEvent.click(await screen.findByRole('button', { name: /Essay plan/ }));
    expect(store.view).toBe('homework');
    expect(store.homeworkId).toBe(104);
  });

  it("a parent opening the other child's one shows that child first", async () => {
    const { screen, store, bridge } = await openHistory(november.parentState());
    await fireEvent.click(await screen.findByRole('button', { name: /Early closing/ }));
    await screen.findByRole('group', { name: 'Records' });
    expect(bridge.requestsOf('pupil:select')).toEqual([4102572]);
    expect(store.view).toBe('more');
    expect(store.more.section).toBe('announcements');
  });

  it('Escape and Back return to the view it was opened from', async () => {
    const { screen, store } = await openHistory();
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(store.view).toBe('today');
    await fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await fireEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    await fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(store.view).toBe('more');
  });
});

describe('when a notification came', () => {
  const now = Date.parse('2026-11-23T16:05:00Z');
  it('today and yesterday with the time, before that the day', () => {
    expect(historyTime('2026-11-23T08:05:00+00:00', now)).toBe('Today 08:05');
    expect(historyTime('2026-11-22T23:59:00+00:00', now)).toBe('Yesterday 23:59');
    expect(historyTime('2026-11-21T12:00:00+00:00', now)).toBe('Sat 21 Nov');
    // Europe/London: 23:30 UTC on 28 June is 00:30 BST on the 29th.
    expect(historyTime('2026-06-28T23:30:00Z', Date.parse('2026-06-29T12:00:00Z'))).toBe('Today 00:30');
  });
});
