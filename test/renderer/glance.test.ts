// The first screen's rules (renderer/lib/glance.ts, issue 24): the due day in words, a title without the
// subject it repeats, which homework the Due part lists, and which day shows.
import { describe, expect, it } from 'vitest';
import { dueDayWord, dueList, glanceOf, titleWithoutSubject } from '../../renderer/lib/glance';
import { november } from '../support/fixtures';

describe('the first screen’s words and choices', () => {
  it('names a due day in words', () => {
    expect(dueDayWord(november.TODAY, november.TODAY)).toBe('Today');
    expect(dueDayWord('2026-11-24', november.TODAY)).toBe('Tomorrow');
    expect(dueDayWord('2026-11-26', november.TODAY)).toBe('Thursday');
    expect(dueDayWord('2026-11-29', november.TODAY)).toBe('Sunday');
    expect(dueDayWord('2026-11-30', november.TODAY)).toBe('Mon 30 Nov');
    expect(dueDayWord('2026-11-20', november.TODAY)).toBe('Overdue');
    expect(dueDayWord(null, november.TODAY)).toBe('No due date');
  });

  it('drops a repeated subject from a title, only where a separator follows it', () => {
    expect(titleWithoutSubject('Mathematics: Pythagoras', 'Mathematics')).toBe('Pythagoras');
    expect(titleWithoutSubject('mathematics - pythagoras', 'Mathematics')).toBe('Pythagoras');
    expect(titleWithoutSubject('Music – the blues scale', 'Music')).toBe('The blues scale');
    expect(titleWithoutSubject('Artemis project', 'Art')).toBe('Artemis project');
    expect(titleWithoutSubject('Art:', 'Art')).toBe('Art:');
    expect(titleWithoutSubject('Mathematics', 'Mathematics')).toBe('Mathematics');
    expect(titleWithoutSubject('Essay plan', null)).toBe('Essay plan');
  });

  it('lists overdue first (two at most), then at least the next two, and counts the rest', () => {
    const items = [
      november.homework(1, 'a', '2026-11-18'),
      november.homework(2, 'b', '2026-11-19'),
      november.homework(3, 'c', '2026-11-20'),
      november.homework(4, 'd', '2026-11-25'),
      november.homework(5, 'e', november.TODAY),
      november.homework(6, 'f', '2026-11-26'),
      november.homework(7, 'g', '2026-11-27', { status: 'ticked' }),
    ];
    const groups = [{ key: 'later' as const, items }];
    const list = dueList(groups, november.TODAY);
    expect(list.items.map((h) => h.id)).toEqual([1, 2, 5, 4]);
    expect(list.more).toBe(2);
    // Nothing overdue: the three soonest.
    expect(dueList([{ key: 'later', items: items.slice(3) }], november.TODAY).items.map((h) => h.id)).toEqual(
      [5, 4, 6],
    );
    // Ticked off here: kept in its place, not counted as more to do.
    const ticked = { ...items[4]!, status: 'ticked' as const };
    const kept = dueList([{ key: 'later', items: items.slice(3) }], november.TODAY, { 5: ticked });
    expect(kept.items.map((h) => h.id)).toEqual([5, 4, 6]);
    expect(kept.more).toBe(0);
  });

  it('shows today while lessons are left, then the next school day once it is known', () => {
    const state = november.studentState();
    const next = { date: '2026-11-24', lessons: [], minutesToNext: null, rotaWeek: null };
    const at = (hhmm: string) => Date.parse(`${november.TODAY}T${hhmm}:00Z`);
    expect(glanceOf(state, null, at('15:00'))).toEqual({ kind: 'today' });
    expect(glanceOf(state, null, at('15:05'))).toEqual({ kind: 'today' }); // not looked up yet
    const known = { ...state, nextSchoolDay: { day: next, searchedTo: next.date } };
    expect(glanceOf(known, null, at('15:05'))).toEqual({ kind: 'next', day: next });
    expect(glanceOf(known, null, at('07:00'))).toEqual({ kind: 'today' });
    const holiday = { ...state, nextSchoolDay: { day: null, searchedTo: '2026-12-14' } };
    expect(glanceOf(holiday, null, at('16:00'))).toEqual({ kind: 'none', searchedTo: '2026-12-14' });
  });
});
