// A teacher's lesson note on Today: a small "Note" button on the lesson that has one, which opens the
// sanitized note below the lesson and closes it again; nothing for an empty note or a break.
import { fireEvent, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { LessonView } from '../../common/contract';
import { htmlHasContent } from '../../renderer/lib/html-text';
import { november } from '../support/fixtures';
import { renderApp } from './render';

/** Today's timetable with notes on the lessons named in `notes` (subject → note HTML). */
function withNotes(notes: Record<string, string>) {
  const lessons: LessonView[] = november
    .todayLessons()
    .map((l) => ({ ...l, noteHtml: notes[l.subject] ?? '' }));
  const state = november.studentState();
  return november.studentState({ today: { ...state.today!, lessons } });
}

describe('lesson notes on Today', () => {
  it('shows a Note button only on the lesson with a note, closed at first', async () => {
    const { screen } = await renderApp(
      withNotes({
        Science: '<p>Bring your <b>calculator</b>.</p>',
        English: '\n<p>&nbsp;</p>\n',
        Lunch: 'x',
      }),
    );
    const buttons = screen.getAllByRole('button', { name: /^Note for/ });
    expect(buttons).toHaveLength(1);
    const note = screen.getByRole('button', { name: 'Note for Science' });
    expect(note.textContent?.trim()).toBe('Note');
    expect(note.closest('li')!.textContent).toContain('Science');
    expect(note.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(note.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    expect(screen.queryByText('calculator')).toBeNull();
  });

  it('opens the sanitized note below the lesson and closes it again', async () => {
    const { screen, bridge } = await renderApp(
      withNotes({
        Science:
          '<p>Bring your <b>calculator</b>.</p><img src="https://example.org/t.png" alt="tracker" onerror="window.__ran = 1">' +
          '<a href="https://example.org/worksheet">Worksheet</a><script>window.__ran = 2</script>',
      }),
    );
    const button = screen.getByRole('button', { name: 'Note for Science' });
    await fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const note = await screen.findByRole('region', { name: 'Note for Science' });
    expect(document.getElementById(button.getAttribute('aria-controls')!)!.contains(note)).toBe(true);
    expect(button.closest('li')!.contains(note)).toBe(true);
    expect(note.innerHTML).toContain('<b>calculator</b>');
    expect(note.innerHTML).not.toMatch(/<img|<script|onerror/);
    expect(within(note).getByText('Image: tracker')).toBeTruthy();
    expect((window as unknown as { __ran?: number }).__ran).toBeUndefined();

    await fireEvent.click(within(note).getByText('Worksheet'));
    await vi.waitFor(() =>
      expect(bridge.requestsOf('shell:open-external')).toEqual(['https://example.org/worksheet']),
    );

    await fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Note for Science' })).toBeNull();
  });
});

describe('htmlHasContent', () => {
  it('is false for notes that would show nothing, true for text or an image', () => {
    expect(
      [
        '',
        '  \n',
        '<p></p>',
        '\n<p>&nbsp;</p>\n',
        '<br><div> </div>',
        '<!-- a comment --><p>&#160;</p>',
        '<style>p { color: red }</style><script>alert(1)</script>',
        '<video src="https://example.org/v.mp4">Your browser cannot play this video.</video>',
        '<iframe src="https://www.youtube.com/embed/x">Watch on YouTube</iframe>',
      ].map(htmlHasContent),
    ).toEqual([false, false, false, false, false, false, false, false, false]);
    expect(
      ['<p>Bring a pen.</p>', 'Test on Friday', '<p><img src="x.png" alt=""></p>'].map(htmlHasContent),
    ).toEqual([true, true, true]);
  });
});
