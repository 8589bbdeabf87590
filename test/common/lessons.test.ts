// The one rule for which lesson is now and which is next (common/lessons.ts), followed by main's snapshot,
// the popover's live redraw and the tray. The cases where the three used to disagree are here: split
// classes starting together, a lesson whose end is unknown, a break running now.
import { describe, expect, it } from 'vitest';
import {
  currentAndNext,
  dayLessonStates,
  lessonEndMs,
  lessonStatesAt,
  nextLessonStart,
  type TimedLesson,
} from '../../common/lessons';

/** 2026-06-15 (a Monday, BST) at `hh:mm` London time, epoch ms. */
const at = (hhmm: string): number => Date.parse(`2026-06-15T${hhmm}:00+01:00`);
const instant = (hhmm: string): string => `2026-06-15T${hhmm}:00+01:00`;

type Named = TimedLesson & { name: string };
const lesson = (name: string, from: string | null, to: string | null, isBreak = false): Named => ({
  name,
  start: from === null ? null : instant(from),
  end: to === null ? null : instant(to),
  isBreak,
});

const DAY: Named[] = [
  lesson('Maths', '08:45', '09:45'),
  lesson('English', '09:45', '10:45'),
  lesson('Break', '10:45', '11:05', true),
  lesson('Science', '11:05', '12:05'),
];

const states = (lessons: readonly Named[], now: number): string[] =>
  lessonStatesAt(lessons, now).map((state, i) => `${lessons[i]!.name}:${state}`);

describe('lessonStatesAt', () => {
  it('before school: the first lesson is next, the rest later', () => {
    expect(states(DAY, at('08:00'))).toEqual(['Maths:next', 'English:later', 'Break:later', 'Science:later']);
  });

  it('during a lesson: it is current, the one after it next', () => {
    expect(states(DAY, at('09:00'))).toEqual([
      'Maths:current',
      'English:next',
      'Break:later',
      'Science:later',
    ]);
  });

  it('a lesson ends as the next begins: at the boundary the next is current', () => {
    expect(states(DAY, at('09:45'))).toEqual([
      'Maths:past',
      'English:current',
      'Break:later',
      'Science:next',
    ]);
  });

  it('during a break: the break is current and the lesson after it next (a break is never next)', () => {
    expect(states(DAY, at('10:50'))).toEqual(['Maths:past', 'English:past', 'Break:current', 'Science:next']);
    expect(states(DAY, at('10:30'))).toContain('Break:later');
  });

  it('split classes that start together are all next', () => {
    const split = [lesson('Art', '09:00', '10:00'), lesson('Music', '09:00', '10:00')];
    expect(states(split, at('08:30'))).toEqual(['Art:next', 'Music:next']);
  });

  it('a lesson whose end is unknown is current until the next lesson or break starts', () => {
    const club = [lesson('Club', '15:30', null), lesson('Late bus', '16:00', '16:10', true)];
    expect(states(club, at('15:45'))).toEqual(['Club:current', 'Late bus:later']);
    expect(states(club, at('16:00'))).toEqual(['Club:past', 'Late bus:current']);
    expect(states([lesson('Drama', '13:00', 'not a time')], at('12:00'))).toEqual(['Drama:next']);
  });

  it('the last lesson of the day, its end unknown, counts as over once begun (as the first screen does)', () => {
    expect(states([lesson('Drama', '13:00', null)], at('13:00'))).toEqual(['Drama:past']);
    expect(lessonEndMs(lesson('Drama', '13:00', null), [])).toBe(at('13:00'));
    expect(lessonEndMs(lesson('Drama', null, null), [])).toBeNull();
  });

  it('a lesson whose start is unknown is later until its end, then past; never next', () => {
    const odd = [lesson('PE', null, '14:00'), lesson('History', '15:00', '16:00')];
    expect(states(odd, at('13:00'))).toEqual(['PE:later', 'History:next']);
    expect(states(odd, at('14:00'))).toEqual(['PE:past', 'History:next']);
  });

  it('after the last lesson everything is past and nothing is next', () => {
    expect(states(DAY, at('16:00')).every((s) => s.endsWith(':past'))).toBe(true);
    expect(nextLessonStart(DAY, at('16:00'))).toBeNull();
  });
});

describe('nextLessonStart', () => {
  it('is the earliest start after now among lessons, not breaks, in any order', () => {
    const shuffled = [DAY[3]!, DAY[2]!, DAY[1]!];
    expect(nextLessonStart(shuffled, at('10:00'))).toBe(at('11:05'));
    expect(nextLessonStart(DAY, at('09:00'))).toBe(at('09:45'));
  });
});

describe('dayLessonStates', () => {
  it('another day is all past or all later; today follows the clock', () => {
    expect(dayLessonStates('2026-06-12', '2026-06-15', DAY, at('09:00'))).toEqual(DAY.map(() => 'past'));
    expect(dayLessonStates('2026-06-16', '2026-06-15', DAY, at('09:00'))).toEqual(DAY.map(() => 'later'));
    expect(dayLessonStates('2026-06-15', '2026-06-15', DAY, at('09:00'))[0]).toBe('current');
  });
});

describe('currentAndNext', () => {
  it('gives the lesson now and the next one, skipping a break that is running', () => {
    expect(currentAndNext(DAY, at('09:00'))).toEqual({ current: DAY[0], next: DAY[1] });
    expect(currentAndNext(DAY, at('10:50'))).toEqual({ current: null, next: DAY[3] });
  });

  it('of split classes starting together, names the first as next', () => {
    const split = [lesson('Art', '09:00', '10:00'), lesson('Music', '09:00', '10:00')];
    expect(currentAndNext(split, at('08:30')).next?.name).toBe('Art');
  });

  it('of two lessons running at once, names the first as now', () => {
    const overlap = [lesson('Maths', '09:00', '10:00'), lesson('Catch-up', '09:30', '10:15')];
    expect(currentAndNext(overlap, at('09:40')).current?.name).toBe('Maths');
  });

  it('counts a started lesson whose end is unknown as now until what follows it starts', () => {
    const club = [lesson('Club', '15:30', null), lesson('Late bus', '16:00', '16:10', true)];
    expect(currentAndNext(club, at('15:45')).current?.name).toBe('Club');
    expect(currentAndNext(club, at('16:05')).current).toBeNull();
  });

  it('has neither on a day with no lessons', () => {
    expect(currentAndNext([], at('09:00'))).toEqual({ current: null, next: null });
  });
});
