/**
 * School text in every view stays inside its field (issue 15 §2, §3): a field holding an unterminated
 * right-to-left override (U+202E) is isolated — its nearest `<bdi>` or `[dir]` element holds that field and
 * no other text of the view — so it cannot reorder what follows it on the line; a 100 KB field is cut to
 * a sane length; and a link says why it was not opened, or asks first when its text names another site.
 * The layout itself (nothing wider than the popover, the visual order) is measured in real Chromium by
 * test/e2e/popover/school-content.spec.ts.
 */
import { fireEvent, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { AppState, RecordsRequest } from '../../common/contract';
import { november } from '../support/fixtures';
import { defaultRecords } from './mock-bridge';
import { renderApp, type Rendered } from './render';

const RLO = '\u202E';
/** Keys of the view models that hold a field of school text. */
const TEXT_KEYS = new Set([
  'name',
  'firstName',
  'subject',
  'room',
  'teacher',
  'period',
  'title',
  'className',
  'label',
  'reason',
  'location',
  'type',
]);

/** A deep copy of `value` with every school-text field starting with an unterminated RLO. */
function withOverrides<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withOverrides) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    copy[key] =
      TEXT_KEYS.has(key) && typeof field === 'string' && field !== ''
        ? `${RLO}${field}`
        : withOverrides(field);
  }
  return copy as T;
}

/** Every field of the page holding an RLO that is not isolated on its own: a description of each. */
function leaks(root: HTMLElement): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.includes(RLO)) continue;
    const isolate = node.parentElement?.closest('bdi, [dir]');
    const overrides = isolate?.textContent?.split(RLO).length ?? 0;
    if (!isolate) found.push(`"${node.textContent.slice(0, 30)}" is in no <bdi>`);
    else if (overrides !== 2)
      found.push(
        `<${isolate.localName}> holds ${overrides - 1} fields: "${isolate.textContent?.slice(0, 40)}"`,
      );
  }
  return found;
}

async function marked(state: AppState): Promise<Rendered> {
  const rendered = await renderApp(withOverrides(state));
  rendered.bridge.handlers['records:get'] = async (request: RecordsRequest) =>
    withOverrides(defaultRecords(request));
  return rendered;
}

describe('school text in every view', () => {
  it('isolates each field of Today, the homework list and a homework detail', async () => {
    const { screen } = await marked(
      november.studentState({
        homework: [
          {
            key: 'today',
            items: [
              november.homework(1, 'Poetry', november.TODAY, {
                descriptionHtml: `<p>Due ${RLO}Friday</p>`,
                links: [{ url: 'https://example.org/notes', label: 'Revision notes' }],
                attachments: [{ name: 'worksheet.pdf', url: 'https://example.org/w.pdf' }],
              }),
            ],
          },
        ],
      }),
    );
    const body = document.body;
    expect(body.textContent).toContain(`${RLO}English`);
    expect(leaks(body)).toEqual([]);
    await fireEvent.click(screen.getByRole('button', { name: /^Homework/ }));
    await screen.findByText(`${RLO}Poetry`);
    expect(leaks(body)).toEqual([]);
    await fireEvent.click(screen.getByRole('button', { name: /Poetry/ }));
    await screen.findByRole('region', { name: 'Description' });
    expect(body.textContent).toContain(`${RLO}Revision notes`);
    expect(leaks(body)).toEqual([]);
  });

  it('isolates each field of every section of More', async () => {
    const { screen } = await marked(november.studentState());
    await fireEvent.click(screen.getByRole('button', { name: 'More' }));
    await screen.findByText('positive this week');
    expect(leaks(document.body)).toEqual([]);
    for (const section of ['Detentions', 'Badges', 'Announcements']) {
      await fireEvent.click(screen.getByRole('button', { name: section }));
      await screen.findByRole('list');
      expect(document.body.textContent, section).toContain(RLO);
      expect(leaks(document.body), section).toEqual([]);
    }
  });

  it("isolates each pupil's name in the parent's switcher and the account in Settings", async () => {
    const { screen } = await marked(november.parentState());
    expect(screen.getByRole('button', { name: /Jane/ }).textContent).toContain(RLO);
    expect(leaks(document.body)).toEqual([]);
    await fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    await screen.findByText(/Signed in as/);
    expect(leaks(document.body)).toEqual([]);
  });

  it('cuts a 100 KB field to a sane length, whole on hover', async () => {
    const huge = 'Ab9'.repeat(34_000);
    const { screen } = await renderApp(
      november.studentState({
        homework: [{ key: 'today', items: [november.homework(1, huge, november.TODAY, { subject: huge })] }],
      }),
    );
    await fireEvent.click(screen.getByRole('button', { name: /^Homework/ }));
    const item = screen.getByRole('button', { name: /Ab9Ab9/ });
    expect(item.textContent!.length).toBeLessThan(1_000);
    await fireEvent.click(item);
    const heading = await screen.findByRole('heading', { level: 2 });
    expect(heading.textContent!.trim()).toHaveLength(200);
    expect(heading.textContent!.trim().endsWith('…')).toBe(true);
  });
});

describe('links in school content', () => {
  async function detail(links: { url: string; label: string }[], descriptionHtml = '') {
    const rendered = await renderApp(
      november.studentState({
        homework: [
          {
            key: 'today',
            items: [november.homework(1, 'Links', november.TODAY, { links, descriptionHtml })],
          },
        ],
      }),
    );
    await fireEvent.click(rendered.screen.getByRole('button', { name: /^Homework/ }));
    await fireEvent.click(rendered.screen.getByRole('button', { name: /Links/ }));
    return rendered;
  }

  it('asks before opening a link whose label names another site, and opens it only on Open', async () => {
    const { screen, bridge } = await detail([
      { url: 'https://evil.example/login', label: 'https://www.bbc.co.uk/bitesize' },
    ]);
    const link = screen.getByRole('button', { name: /bbc\.co\.uk\/bitesize/ });
    link.focus();
    await fireEvent.click(link);
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toMatch(/This link shows bbc\.co\.uk but goes to evil\.example\./);
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' }));
    expect(bridge.requestsOf('shell:open-external')).toEqual([]);
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await vi.waitFor(() => expect(document.activeElement, 'focus is back on the link').toBe(link));
    expect(
      screen.getByRole('heading', { name: 'Links' }),
      'Escape closed the question, not the detail',
    ).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: /bbc\.co\.uk\/bitesize/ }));
    await fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Open link' }),
    );
    await vi.waitFor(() =>
      expect(bridge.requestsOf('shell:open-external')).toEqual(['https://evil.example/login']),
    );
    // A question belongs to the view it was asked in: leaving it drops the question.
    await fireEvent.click(screen.getByRole('button', { name: /bbc\.co\.uk\/bitesize/ }));
    await screen.findByRole('alertdialog');
    await fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says a link with credentials hides its real address, and a 100 KB one is too long, sending neither', async () => {
    const { screen, bridge } = await detail([
      { url: 'https://school.example@evil.example/', label: 'school.example' },
      { url: `https://example.org/${'a'.repeat(100_000)}`, label: 'A very long link' },
    ]);
    const hiding = screen.getByRole('button', { name: /school\.example/ });
    hiding.focus();
    await fireEvent.click(hiding);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This link was not opened: it hides its real address. It goes to evil.example.',
    );
    // Escape closes the banner, not the detail, and focus goes back to the link.
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Links' })).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(hiding));
    await fireEvent.click(screen.getByRole('button', { name: /A very long link/ }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'its address is too long (over 2,048 characters)',
      ),
    );
    expect(bridge.requestsOf('shell:open-external')).toEqual([]);
  });

  it('shows where a link in a description goes when it is pointed at or focused', async () => {
    const { screen } = await detail(
      [],
      '<p><a href="https://evil.example/x">https://www.bbc.co.uk/</a> <a href="https://www.bbc.co.uk/b">BBC</a></p>',
    );
    const description = await screen.findByRole('region', { name: 'Description' });
    const deceptive = within(description).getByRole('link', { name: 'https://www.bbc.co.uk/' });
    await fireEvent.focusIn(deceptive);
    const bubble = document.getElementById(deceptive.getAttribute('aria-describedby')!)!;
    expect(bubble.hidden).toBe(false);
    expect(bubble.textContent?.trim()).toBe('Opens evil.example, not bbc.co.uk');
    await fireEvent.focusOut(deceptive);
    expect(bubble.hidden).toBe(true);
    await fireEvent.pointerOver(within(description).getByRole('link', { name: 'BBC' }));
    expect(bubble.textContent?.trim()).toBe('Opens www.bbc.co.uk');
  });
});
