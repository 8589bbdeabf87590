/**
 * The rota week from the service's `period_name` (common/rota.ts; docs/classcharts-api.md §5.7). The shapes
 * are the real service's: `"ATue:1"`/`"BWed:3"` from a real export (NikDeKur/ClassCharts-Extension@827270c
 * `DataSetClassChartsService.kt`), `"2Tue:P1"` from the project's fixtures, `"W02:D01:01"` from
 * skeffling/timetable-plus@bb0bc0b `extension/common.js`, and `"1:1"` from
 * phillprice/classcharts-calendar-ics@556d1c1 `tests/test_main.py`.
 */
import { describe, expect, it } from 'vitest';
import { rotaCycleSeen, rotaWeekLabel, rotaWeekOf } from '../../common/rota';

const day = (...names: string[]) => names.map((periodName) => ({ periodName, isBreak: false }));

describe('rota week', () => {
  it('reads the week from every shape the real service sends, and nothing from the others', () => {
    expect(rotaWeekOf('ATue:1')).toEqual({ letter: 'A' });
    expect(rotaWeekOf('bWed:3')).toEqual({ letter: 'B' });
    expect(rotaWeekOf('2Tue:P1')).toEqual({ number: 2 });
    expect(rotaWeekOf('W02:D01:01')).toEqual({ number: 2 });
    for (const none of ['1:1', '2:1', '', 'Mon:P1', 'P1', 'Tut', 'Week A', '0Mon:P1'])
      expect(rotaWeekOf(none), none).toBeNull();
  });

  it('labels a lettered week at once, a numbered one only once a second week has been seen', () => {
    expect(rotaWeekLabel(day('ATue:1', 'ATue:2'), 0)).toBe('Week A');
    // A one-week school that numbers its week "1" is never labelled.
    expect(rotaWeekLabel(day('1Mon:P1', '1Mon:P2'), 0)).toBeNull();
    expect(rotaWeekLabel(day('1Mon:P1', '1Mon:P2'), 1)).toBeNull();
    // Week 1 of a two-week rota, once week 2 was seen; week 2 itself shows that it is a rota.
    expect(rotaWeekLabel(day('1Mon:P1'), 2)).toBe('Week 1');
    expect(rotaWeekLabel(day('W02:D01:01'), 0)).toBe('Week 2');
    expect(rotaWeekLabel(day('1:1', '2:1'), 5)).toBeNull();
  });

  it('ignores breaks and takes the week most of the day agrees on', () => {
    const lessons = [
      { periodName: 'BMon:0', isBreak: true },
      { periodName: 'BMon:0', isBreak: true },
      ...day('AMon:1', 'AMon:2', 'BMon:3'),
    ];
    expect(rotaWeekLabel(lessons, 0)).toBe('Week A');
  });

  it('remembers the highest week number seen', () => {
    expect(rotaCycleSeen(day('1Mon:P1', '2Tue:P1'))).toBe(2);
    expect(rotaCycleSeen(day('1Mon:P1'), 3)).toBe(3);
    expect(rotaCycleSeen(day('ATue:1', '1:1'))).toBe(0);
  });
});
