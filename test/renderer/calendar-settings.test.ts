/**
 * Settings' Calendar section (issue 28 §2, renderer/views/settings/CalendarSection.svelte) on the mock
 * bridge: the file chosen in main's dialog (never a path sent from the page), Stop, the address switch, its
 * copy buttons (one per child for a parent who keeps one calendar per child), a new address asked first,
 * the family choice, and how the feed stands (updated, error, a moved port).
 */
import { fireEvent, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppState, CalendarFeedStatus, CalendarSettings } from '../../common/contract';
import { pupilSlugs } from '../../common/pupil-slugs';
import { targetFilePath } from '../../main/calendar/feed-targets';
import { childFileNames, splitPath } from '../../renderer/lib/calendar-files';
import { november } from '../support/fixtures';
import type { MockBridge } from './mock-bridge';
import { renderApp } from './render';

/** The bridges of this file's tests, checked after each: no path ever goes from the page to main. */
const bridges: MockBridge[] = [];

afterEach(() => {
  for (const bridge of bridges.splice(0)) {
    for (const patch of bridge.requestsOf('settings:update') as { calendar?: { filePath?: unknown } }[])
      expect(typeof patch.calendar?.filePath, 'a path sent over settings:update').not.toBe('string');
  }
});

/** The feed's status main would send: serving on port 52617, updated at 10:12. */
function feed(over: Partial<CalendarFeedStatus> = {}): CalendarFeedStatus {
  return {
    updatedAt: '2026-11-23T10:12:00+00:00',
    written: null,
    error: null,
    serving: true,
    port: 52617,
    notice: null,
    ...over,
  };
}

/** `state` with these calendar settings and feed status. */
function withCalendar(
  state: AppState,
  settings: Partial<CalendarSettings>,
  status: CalendarFeedStatus | null = null,
): AppState {
  return {
    ...state,
    settings: { ...state.settings, calendar: { ...state.settings.calendar, ...settings } },
    calendar: status,
  };
}

/** Opens Settings and returns its Calendar section (the fieldset named "Calendar"). */
async function openCalendar(state: AppState = november.studentState()) {
  const rendered = await renderApp(state);
  bridges.push(rendered.bridge);
  await fireEvent.click(rendered.screen.getByRole('button', { name: 'Settings' }));
  await rendered.screen.findByRole('form', { name: 'Settings' });
  const section = rendered.screen.getByRole('group', { name: 'Calendar' });
  return { ...rendered, section, inside: within(section) };
}

/** The section's text, whitespace collapsed. */
function textOf(element: HTMLElement): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

describe('Settings › Calendar', () => {
  it("keeps a file chosen in main's dialog and shows its name and folder", async () => {
    const { inside, section, bridge } = await openCalendar();
    expect(textOf(section)).toContain('It stays on this computer.');
    const file = inside.getByRole('group', { name: 'Keep a calendar file' });
    await fireEvent.click(within(file).getByRole('button', { name: 'Choose file…' }));
    await waitFor(() => expect(within(file).getByText('classcharts.ics').tagName).toBe('BDI'));
    expect(bridge.requestsOf('calendar:choose-file')).toEqual([undefined]);
    expect(within(file).getByText('classcharts.ics').closest('strong')).not.toBeNull();
    expect(textOf(file)).toContain('/home/pupil/Calendars');
    expect(file.querySelector('[title]')?.getAttribute('title')).toBe(
      '/home/pupil/Calendars/classcharts.ics',
    );
    expect(within(file).queryByRole('button', { name: 'Choose file…' })).toBeNull();
    // Focus stays in place: on Change… where Choose file… was.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Change…'));
  });

  it('keeps a change made while main was still writing the chosen file', async () => {
    const { inside, bridge } = await openCalendar();
    let answer: () => void = () => undefined;
    bridge.handlers['calendar:choose-file'] = () =>
      new Promise((resolve) => {
        const chosen = withCalendar(bridge.state, { filePath: '/home/pupil/classcharts.ics' });
        bridge.emitState(chosen);
        answer = () => resolve(structuredClone(chosen.settings));
      });
    await fireEvent.click(inside.getByRole('button', { name: 'Choose file…' }));
    await inside.findByText('classcharts.ics');
    bridge.emitState(withCalendar(bridge.state, { serve: true }, feed()));
    const address = inside.getByRole('checkbox', { name: 'Calendar address for apps on this computer' });
    await waitFor(() => expect((address as HTMLInputElement).checked).toBe(true));
    answer();
    await waitFor(() =>
      expect(inside.getByRole('button', { name: 'Change…' })).toHaveProperty('disabled', false),
    );
    expect((address as HTMLInputElement).checked).toBe(true);
  });

  it('stops keeping the file with filePath null', async () => {
    const state = withCalendar(november.studentState(), { filePath: '/home/pupil/classcharts.ics' });
    const { inside, bridge } = await openCalendar(state);
    const stop = inside.getByRole('button', { name: 'Stop' });
    stop.focus();
    await fireEvent.click(stop);
    expect(bridge.requestsOf('settings:update')).toEqual([{ calendar: { filePath: null } }]);
    const choose = await inside.findByRole('button', { name: 'Choose file…' });
    await waitFor(() => expect(document.activeElement).toBe(choose));
    expect(inside.queryByText('classcharts.ics')).toBeNull();
  });

  it('says why a file cannot be chosen, by the button', async () => {
    const { inside, bridge } = await openCalendar();
    bridge.handlers['calendar:choose-file'] = async () => {
      throw new Error('Choosing a file needs the desktop app.');
    };
    const button = inside.getByRole('button', { name: 'Choose file…' });
    await fireEvent.click(button);
    const error = await inside.findByText('Choosing a file needs the desktop app.');
    expect(button.getAttribute('aria-describedby')).toBe(error.id);
    expect(error.closest('[role="group"]')?.getAttribute('aria-labelledby')).toBe('calendar-file-label');
  });

  it('turns the address on and off with serve', async () => {
    const { inside, bridge } = await openCalendar();
    const address = inside.getByRole('checkbox', { name: 'Calendar address for apps on this computer' });
    expect((address as HTMLInputElement).checked).toBe(false);
    expect(inside.queryByRole('button', { name: 'Copy address' })).toBeNull();
    await fireEvent.click(address);
    await waitFor(() => expect((address as HTMLInputElement).checked).toBe(true));
    await fireEvent.click(address);
    expect(bridge.requestsOf('settings:update')).toEqual([
      { calendar: { serve: true } },
      { calendar: { serve: false } },
    ]);
    // What the note says agrees with docs/calendar.md: Google, iCloud and the new Outlook cannot reach it.
    const note = document.getElementById(address.getAttribute('aria-describedby') ?? '');
    expect(textOf(note!)).toContain("Google Calendar, iCloud and the new Outlook can't reach this computer");
  });

  it('copies the address in main and says so politely', async () => {
    const state = withCalendar(november.studentState(), { serve: true }, feed());
    const { inside, bridge } = await openCalendar(state);
    await fireEvent.click(inside.getByRole('button', { name: 'Copy address' }));
    const copied = await inside.findByText('Address copied');
    expect(bridge.requestsOf('calendar:copy-url')).toEqual([{}]);
    expect(copied.closest('[aria-live="polite"]')).not.toBeNull();
    // The page never holds the address or its port.
    expect(document.body.textContent).not.toContain('127.0.0.1');
    expect(document.body.textContent).not.toContain('52617');
  });

  it('shows why a copy failed instead of "Address copied"', async () => {
    const state = withCalendar(november.studentState(), { serve: true }, feed());
    const { inside, bridge } = await openCalendar(state);
    bridge.handlers['calendar:copy-url'] = async () => {
      throw new Error('Copying needs the desktop app.');
    };
    await fireEvent.click(inside.getByRole('button', { name: 'Copy address' }));
    await inside.findByText('Copying needs the desktop app.');
    expect(inside.queryByText('Address copied')).toBeNull();
  });

  it('asks before making a new address', async () => {
    const state = withCalendar(november.studentState(), { serve: true }, feed());
    const { inside, bridge } = await openCalendar(state);
    await fireEvent.click(inside.getByRole('button', { name: 'New address…' }));
    const question = inside.getByRole('group', {
      name: 'Calendar apps using the old address stop updating. Continue?',
    });
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(bridge.requestsOf('calendar:renew-secret')).toEqual([]);
    await fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('New address…'));
    expect(bridge.requestsOf('calendar:renew-secret')).toEqual([]);

    await fireEvent.click(inside.getByRole('button', { name: 'New address…' }));
    await fireEvent.keyDown(inside.getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
    await waitFor(() => expect(inside.queryByRole('button', { name: 'Cancel' })).toBeNull());
    expect(bridge.requestsOf('calendar:renew-secret')).toEqual([]);

    await fireEvent.click(inside.getByRole('button', { name: 'New address…' }));
    await fireEvent.click(inside.getByRole('button', { name: 'New address' }));
    await inside.findByText(/New address made/);
    expect(bridge.requestsOf('calendar:renew-secret')).toEqual([undefined]);
  });

  it('lets a parent choose one calendar per child, with a copy button and a file for each', async () => {
    const state = withCalendar(
      november.parentState(),
      { serve: true, filePath: '/home/sam/classcharts.ics' },
      feed(),
    );
    const { inside, section, bridge } = await openCalendar(state);
    const family = inside.getByRole('radio', { name: /One calendar for the family/ }) as HTMLInputElement;
    const perChild = inside.getByRole('radio', { name: 'One calendar per child' }) as HTMLInputElement;
    expect(family.checked).toBe(true);
    expect(textOf(section)).toContain("events start with the child's name");
    inside.getByRole('button', { name: 'Copy address' });
    expect(textOf(section)).not.toContain('classcharts-jane.ics');

    await fireEvent.click(perChild);
    await waitFor(() => expect(perChild.checked).toBe(true));
    expect(bridge.requestsOf('settings:update')).toEqual([{ calendar: { family: false } }]);
    expect(inside.queryByRole('button', { name: 'Copy address' })).toBeNull();
    await fireEvent.click(inside.getByRole('button', { name: "Copy Tom's address" }));
    await inside.findByText("Tom's address copied");
    await fireEvent.click(inside.getByRole('button', { name: "Copy Jane's address" }));
    expect(bridge.requestsOf('calendar:copy-url')).toEqual([{ pupilId: 4102572 }, { pupilId: 4102571 }]);
    expect(textOf(section)).toContain('classcharts-jane.ics, classcharts-tom.ics');
  });

  it('offers a student no family choice', async () => {
    const { inside } = await openCalendar();
    expect(inside.queryByRole('radio')).toBeNull();
  });

  it("names each child's file as main writes it", () => {
    const pupils = [
      { ...november.pupil(1, 'Amélie Rose Smith'), firstName: 'Amélie Rose' },
      november.pupil(2, 'Tom Smith'),
      november.pupil(3, 'Tom Jones'),
      { ...november.pupil(4, '李 雷'), firstName: '' },
    ];
    const chosen = '/home/sam/Calendars/school.ics';
    const slugs = pupilSlugs(pupils);
    const fromMain = pupils.map((p) =>
      splitPath(targetFilePath(chosen, { pupilId: p.id, pupils: [] }, slugs)),
    );
    expect(childFileNames('school.ics', pupils)).toEqual(fromMain.map((f) => f.name));
    expect(fromMain.map((f) => f.name)).toEqual([
      'school-amelie-rose.ics',
      'school-tom-2.ics',
      'school-tom-3.ics',
      'school-pupil.ics',
    ]);
    expect(splitPath('C:\\Users\\Jane\\school.ics')).toEqual({
      name: 'school.ics',
      folder: 'C:\\Users\\Jane',
    });
  });

  it('shows when the calendar was updated, its error and a moved port', async () => {
    const state = withCalendar(
      november.studentState(),
      { serve: true },
      feed({
        error:
          "Couldn't update the calendar: ClassCharts is not answering. The last complete calendar is kept.",
        notice: "Port 52617 was in use, so the calendar's address now uses port 52618.",
      }),
    );
    const { inside, bridge, section } = await openCalendar(state);
    expect(textOf(section)).toContain('Calendar updated 10:12');
    const error = inside.getByText(/ClassCharts is not answering/);
    expect(error.className).toContain('field-error');
    expect(error.closest('[aria-live="polite"]')).not.toBeNull();
    inside.getByText(/Port 52617 was in use/);

    bridge.emitState(withCalendar(bridge.state, { serve: false }, null));
    await waitFor(() => expect(textOf(section)).not.toContain('Calendar updated'));
    expect(inside.queryByText(/ClassCharts is not answering/)).toBeNull();
    expect(inside.queryByText(/Port 52617/)).toBeNull();
  });
});
