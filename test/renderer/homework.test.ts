import { fireEvent, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { AttachmentOutcome } from '../../common/contract';
import { november } from '../support/fixtures';
import { renderApp, renderHomeworkTab } from './render';

describe('Homework', () => {
  it('groups homework by when it is due, with subject, title and status', async () => {
    const { screen } = await renderHomeworkTab();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.trim());
    expect(headings).toEqual(['Overdue (1)', 'Due today (1)', 'Due tomorrow (1)', 'This week (1)']);
    const overdue = within(screen.getByRole('region', { name: /Overdue/ })).getByRole('button');
    expect(overdue.textContent).toContain('Mathematics');
    expect(overdue.textContent).toContain('Fractions revision');
    expect(overdue.textContent).toContain('Handed in late');
    expect(overdue.textContent).toContain('Overdue by 3 days');
    const tomorrow = within(screen.getByRole('region', { name: /Due tomorrow/ })).getByRole('button');
    expect(tomorrow.textContent).toContain('Ticked');
  });

  it('lists marked homework last, with the mark and "Feedback" in place of the status, and the plain due date', async () => {
    const marked = [
      november.homework(201, 'Volcano poster', '2026-11-20', {
        subject: 'Geography',
        status: 'completed',
        mark: '7/10',
        hasFeedback: true,
      }),
      november.homework(202, 'Verb tables', '2026-11-13', { subject: 'French', status: 'late', mark: 'B+' }),
      november.homework(203, 'Lab write-up', '2026-11-12', { status: 'completed', hasFeedback: true }),
    ];
    const { screen } = await renderHomeworkTab(
      november.studentState({ homework: [...november.homeworkGroups(), { key: 'marked', items: marked }] }),
    );
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.trim());
    expect(headings.at(-1)).toBe('Marked (3)');
    const rows = within(screen.getByRole('region', { name: /Marked/ })).getAllByRole('button');
    const text = rows.map((row) => row.textContent?.replace(/\s+/g, ' ').trim());
    expect(text[0]).toContain('Mark 7/10');
    expect(text[0]).toContain('Feedback');
    expect(text[0]).toContain('Due Fri 20 Nov');
    expect(text[0]).not.toContain('Overdue');
    expect(text[0]).not.toContain('Completed');
    expect(text[1]).toContain('Mark B+');
    expect(text[1]).not.toContain('Feedback');
    expect(text[2]).not.toContain('Mark');
    expect(text[2]).toContain('Feedback');
    // The pupil cannot tick done work: no tick in the group.
    expect(within(screen.getByRole('region', { name: /Marked/ })).queryByRole('checkbox')).toBeNull();
  });

  it("a marked homework's detail shows the mark, and that the feedback is in ClassCharts", async () => {
    const item = november.homework(201, 'Volcano poster', '2026-11-20', {
      status: 'completed',
      mark: '7/10',
      hasFeedback: true,
    });
    const { screen, bridge } = await renderHomeworkTab(
      november.studentState({ homework: [{ key: 'marked', items: [item] }] }),
    );
    await fireEvent.click(screen.getByRole('button', { name: /Volcano poster/ }));
    await screen.findByRole('heading', { name: 'Volcano poster' });
    const fact = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent?.trim();
    expect(fact('Mark')).toBe('7/10');
    expect(fact('Feedback')).toBe('Open ClassCharts to read it');
    // The feedback's text is only on ClassCharts: the row opens the homework's page there, the web app's
    // address of a homework (docs/classcharts-api.md §2.9; jamesatjaminit/classcharts-to-ical main.ts).
    await fireEvent.click(screen.getByRole('button', { name: 'Open ClassCharts to read it' }));
    await vi.waitFor(() =>
      expect(bridge.requestsOf('shell:open-external')).toEqual([
        'https://www.classcharts.com/mobile/student#4102571,homework,201',
      ]),
    );
    expect(fact('Status')).toBe('Completed');
    expect(fact('Due')).toBe('Fri 20 Nov'); // done work is not "overdue by 3 days"
  });

  it("for a parent, the feedback's button opens ClassCharts' parent sign-in page", async () => {
    const item = november.homework(201, 'Volcano poster', '2026-11-20', {
      status: 'completed',
      hasFeedback: true,
    });
    const { screen, bridge } = await renderHomeworkTab(
      november.parentState({ homework: [{ key: 'marked', items: [item] }] }),
    );
    await fireEvent.click(screen.getByRole('button', { name: /Volcano poster/ }));
    await screen.findByRole('heading', { name: 'Volcano poster' });
    await fireEvent.click(screen.getByRole('button', { name: 'Open ClassCharts to read it' }));
    // No public source gives a homework's address in the parent web app: its way in, the sign-in page
    // (docs/classcharts-api.md §2.2, §2.9).
    await vi.waitFor(() =>
      expect(bridge.requestsOf('shell:open-external')).toEqual(['https://www.classcharts.com/parent/login']),
    );
  });

  it('with nothing due, marked homework is listed under a line that says nothing is due', async () => {
    const item = november.homework(201, 'Volcano poster', '2026-11-20', {
      status: 'completed',
      mark: '7/10',
    });
    const { screen } = await renderHomeworkTab(
      november.studentState({ homework: [{ key: 'marked', items: [item] }] }),
    );
    expect(screen.getByText('No homework due in the next two weeks.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent?.trim()).toBe('Marked (1)');
  });

  it('a homework with no mark and no feedback has neither in its detail', async () => {
    const { screen } = await renderHomeworkTab();
    await fireEvent.click(screen.getByRole('button', { name: /Essay plan/ }));
    await screen.findByRole('heading', { name: 'Essay plan' });
    expect(screen.queryByText('Mark', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText('Feedback', { selector: 'dt' })).toBeNull();
  });

  it("counts the pupil's homework to do on the tab", async () => {
    const { screen } = await renderHomeworkTab();
    const tab = screen.getByRole('button', { name: /^Homework/ });
    expect(tab.textContent?.replace(/\s+/g, ' ').trim()).toBe('Homework 4 to do');
    expect(tab.getAttribute('aria-current')).toBe('page');
  });

  it('says so when no homework is due', async () => {
    const state = november.studentState({ homework: [] });
    state.pupils = [{ ...state.pupils[0]!, homeworkDue: 0, homeworkOverdue: 0 }];
    const { screen } = await renderHomeworkTab(state);
    expect(screen.getByRole('button', { name: /^Homework/ }).textContent?.trim()).toBe('Homework');
    expect(screen.getByText('No homework due.')).toBeTruthy();
  });

  it('opens a homework with its sanitized description, links and files, and goes back with Escape', async () => {
    const { screen, bridge } = await renderHomeworkTab();
    await fireEvent.click(screen.getByRole('button', { name: /Poetry analysis/ }));
    const title = screen.getByRole('heading', { name: 'Poetry analysis' });
    expect(document.activeElement).toBe(title);
    const description = await screen.findByRole('region', { name: 'Description' });
    expect(description.innerHTML).toContain('<b>Ozymandias</b>');
    expect(description.querySelector('img')).toBeNull();
    expect(within(description).getByText('Image: diagram')).toBeTruthy();

    await fireEvent.click(screen.getByRole('button', { name: /Revision notes/ }));
    await fireEvent.click(screen.getByRole('button', { name: /worksheet\.pdf/ }));
    await fireEvent.click(within(description).getByText('the poem'));
    // Each link click is judged by lib/links.ts, loaded on the first one; the file goes to main by its
    // place in the homework, never by URL, to be downloaded and opened there.
    await vi.waitFor(() =>
      expect(bridge.requestsOf('shell:open-external')).toEqual([
        'https://example.org/notes',
        'https://example.org/poem',
      ]),
    );
    expect(bridge.requestsOf('attachment:open')).toEqual([
      { kind: 'homework', pupilId: 4102571, itemId: 102, index: 0 },
    ]);

    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.getByRole('heading', { name: 'Due today (1)' })).toBeTruthy();
    expect(bridge.requestsOf('popover:hide')).toEqual([]);
  });

  it('a file button spins and is disabled while main opens the file, then shows why it failed', async () => {
    const { screen, bridge } = await renderHomeworkTab();
    let finish: (error?: Error) => void = () => {};
    bridge.handlers['attachment:open'] = () =>
      new Promise<AttachmentOutcome>((resolve, reject) => {
        finish = (error) => (error ? reject(error) : resolve({ action: 'opened' }));
      });
    await fireEvent.click(screen.getByRole('button', { name: /Poetry analysis/ }));
    const button = screen.getByRole('button', { name: /worksheet\.pdf/ });
    expect(button.textContent).toContain('opens file');
    await fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.textContent).toContain('Opening…');
    expect(button.querySelector('.spinning')).toBeTruthy();
    await fireEvent.click(button); // a second click while busy asks nothing more
    expect(bridge.requestsOf('attachment:open')).toHaveLength(1);
    finish(new Error("Couldn't open worksheet.pdf: This file's link has expired."));
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('alert').textContent).toContain(
      "Couldn't open worksheet.pdf: This file's link has expired.",
    );
  });

  // Issue 26 §3: the note says beforehand what a click does; a file main saved to Downloads instead of
  // opening it gets a warning that says why, and shows it in its folder only when asked.
  it('says where each file goes, and warns when one was saved to Downloads instead of opened', async () => {
    const files = november.homework(210, 'Resources', november.TODAY, {
      attachments: [
        { name: 'worksheet.pdf', url: 'https://attachments.example.org/a.pdf' },
        { name: 'Revision pack.zip', url: 'https://attachments.example.org/b.zip' },
        { name: 'answers.pdf', url: 'https://attachments.example.org/c.pdf', unscanned: true },
        { name: 'helper.exe', url: 'https://attachments.example.org/d.exe' },
      ],
    });
    const { screen, bridge } = await renderHomeworkTab(
      november.studentState({ homework: [{ key: 'today', items: [files] }] }),
    );
    await fireEvent.click(screen.getByRole('button', { name: /Resources/ }));
    const note = (name: RegExp) => screen.getByRole('button', { name }).querySelector('.note')?.textContent;
    expect(note(/worksheet\.pdf/)).toBe('opens file');
    expect(note(/Revision pack\.zip/)).toBe('saves to Downloads');
    expect(note(/answers\.pdf/)).toBe('not virus-checked');
    expect(note(/helper\.exe/)).toBe('never opened');

    bridge.handlers['attachment:open'] = async (request) =>
      request.index === 1
        ? { action: 'saved', fileName: 'Revision pack (1).zip', reason: 'type', extension: '.zip' }
        : { action: 'saved', fileName: 'answers.pdf', reason: 'unscanned', extension: '.pdf' };
    await fireEvent.click(screen.getByRole('button', { name: /Revision pack\.zip/ }));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(
      'Saved Revision pack (1).zip to Downloads, not opened: .zip files can run code. Open it only if you trust it.',
    );
    expect(bridge.requestsOf('attachment:reveal')).toEqual([]);
    await fireEvent.click(within(banner).getByRole('button', { name: 'Show in folder' }));
    expect(bridge.requestsOf('attachment:reveal')).toEqual([
      { kind: 'homework', pupilId: 4102571, itemId: 210, index: 1 },
    ]);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    await fireEvent.click(screen.getByRole('button', { name: /answers\.pdf/ }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Saved answers.pdf to Downloads, not opened: ClassCharts did not virus-check it.',
    );
  });

  it('never lets a link in a description navigate the popover or run code', async () => {
    const evil = november.homework(200, 'Evil', '2026-11-24', {
      descriptionHtml:
        '<p id="x" onmouseover="window.__ran = 1">Hover</p><a href="javascript:window.__ran = 2">click</a>' +
        '<img src="x" onerror="window.__ran = 3"><script>window.__ran = 4</script>',
    });
    const state = november.studentState({ homework: [{ key: 'tomorrow', items: [evil] }] });
    const { screen, bridge } = await renderHomeworkTab(state);
    await fireEvent.click(screen.getByRole('button', { name: /Evil/ }));
    const description = await screen.findByRole('region', { name: 'Description' });
    await fireEvent.mouseOver(within(description).getByText('Hover'));
    const link = within(description).getByText('click');
    expect(link.getAttribute('href')).toBeNull();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect((window as unknown as { __ran?: number }).__ran).toBeUndefined();
    expect(description.innerHTML).not.toMatch(/on\w+=|script|javascript:/);
    expect(bridge.requestsOf('shell:open-external')).toEqual([]);
  });

  // Issue 30: the state carries no descriptions (a busy year's made each state over 50 KB); the detail asks
  // main for its homework's when it opens, once.
  it("the detail asks for the homework's description when it opens, and shows it", async () => {
    const { screen, bridge } = await renderHomeworkTab();
    expect(document.body.textContent).not.toContain('Complete the worksheet.');
    expect(bridge.requestsOf('homework:get')).toEqual([]);
    await fireEvent.click(screen.getByRole('button', { name: /Essay plan/ }));
    const description = await screen.findByRole('region', { name: 'Description' });
    expect(description.textContent).toContain('Complete the worksheet.');
    expect(bridge.requestsOf('homework:get')).toEqual([{ homeworkId: 104, pupilId: 4102571 }]);
    await fireEvent.keyDown(window, { key: 'Escape' }); // back to the list
    await fireEvent.click(await screen.findByRole('button', { name: /Essay plan/ }));
    await screen.findByRole('region', { name: 'Description' });
    expect(bridge.requestsOf('homework:get')).toHaveLength(1);
  });

  it('a description that fails to load says why and offers to try again', async () => {
    const { screen, bridge } = await renderHomeworkTab();
    bridge.handlers['homework:get'] = async () => {
      throw new Error('That homework is not in the list any more.');
    };
    await fireEvent.click(screen.getByRole('button', { name: /Essay plan/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('That homework is not in the list any more.');
    bridge.handlers['homework:get'] = async () => ({
      id: 104,
      descriptionHtml: '<p>Plan three paragraphs.</p>',
    });
    await fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Plan three paragraphs.');
  });

  // Issue 30: a busy year's hundreds of homework in one group rendered at once were one long task.
  it('a long group shows 20 homework, says how many there are, and 20 more on request', async () => {
    const many = Array.from({ length: 75 }, (_, i) =>
      november.homework(1000 + i, `Worksheet ${i + 1}`, '2026-11-26', { subject: 'History' }),
    );
    const { screen } = await renderHomeworkTab(
      november.studentState({ homework: [{ key: 'this-week', items: many }] }),
    );
    const group = screen.getByRole('region', { name: /This week/ });
    expect(within(group).getByRole('heading').textContent).toContain('(75)');
    expect(within(group).getAllByRole('listitem')).toHaveLength(20);
    expect(within(group).getByText('20 of 75 homework shown')).toBeTruthy();
    await fireEvent.click(within(group).getByRole('button', { name: 'Show 20 more' }));
    expect(within(group).getAllByRole('listitem')).toHaveLength(40);
    expect(document.activeElement?.textContent).toContain('Worksheet 21');
    await fireEvent.click(within(group).getByRole('button', { name: 'Show 20 more' }));
    await fireEvent.click(within(group).getByRole('button', { name: 'Show 15 more' }));
    expect(within(group).getAllByRole('listitem')).toHaveLength(75);
    // A homework further down opened and closed again: the list keeps it shown, with focus on it.
    await fireEvent.click(within(group).getByRole('button', { name: /Worksheet 70/ }));
    await fireEvent.keyDown(window, { key: 'Escape' });
    const back = await screen.findByRole('button', { name: /Worksheet 70/ });
    await waitFor(() => expect(document.activeElement).toBe(back));
  });

  it('opens the homework a notification points at', async () => {
    const { screen, bridge } = await renderApp(november.studentState());
    bridge.navigate({ view: 'homework', homeworkId: 104 });
    await screen.findByRole('heading', { name: 'Essay plan' });
    bridge.navigate({ view: 'homework', homeworkId: 999 });
    await screen.findByText('This homework is no longer listed.');
  });

  it('hides the popover on Escape from the list', async () => {
    const { bridge } = await renderHomeworkTab();
    await fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(bridge.requestsOf('popover:hide')).toHaveLength(1));
  });

  it('shows a loading state before the first snapshot has any data', async () => {
    const { screen } = await renderHomeworkTab(november.studentState({ today: null, homework: [] }));
    const loading = screen.getByText('Loading homework…').closest('[aria-busy]');
    expect(loading?.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('No homework due.')).toBeNull();
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
  });

  it.each([
    ['Escape', () => fireEvent.keyDown(window, { key: 'Escape' })],
    ['Back', () => fireEvent.click(document.querySelector('article button')!)],
  ] as const)(
    'comes back from a detail (%s) to the homework that was open, where the list was scrolled',
    async (_how, close) => {
      // Enough homework for the list to scroll.
      const groups = november.homeworkGroups();
      groups[3]!.items.push(
        ...Array.from({ length: 12 }, (_, i) =>
          november.homework(300 + i, `Extra task ${i + 1}`, '2026-11-27'),
        ),
      );
      const { screen } = await renderHomeworkTab(november.studentState({ homework: groups }));
      const view = screen.getByRole('main');
      view.scrollTop = 240;
      await fireEvent.click(screen.getByRole('button', { name: /Extra task 9/ }));
      const title = screen.getByRole('heading', { name: 'Extra task 9' });
      expect(document.activeElement).toBe(title);
      expect(view.scrollTop).toBe(0);

      await close();
      const item = screen.getByRole('button', { name: /Extra task 9/ });
      expect(document.activeElement).toBe(item);
      expect(view.scrollTop).toBe(240);
    },
  );

  it('puts focus on the homework a notification opened when going back to the list', async () => {
    const { screen, bridge } = await renderApp(november.studentState());
    bridge.navigate({ view: 'homework', homeworkId: 103 });
    await screen.findByRole('heading', { name: 'Cell diagram' });
    await fireEvent.click(screen.getByRole('button', { name: 'Homework' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Cell diagram/ }));
  });
});
