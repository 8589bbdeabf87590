import { describe, expect, it } from 'vitest';
import {
  TITLE_MAX,
  TOOLTIP_MAX,
  capText,
  msUntilNextMinute,
  trayIconState,
  trayText,
} from '../../../main/platform/tray-text';
import { at, lesson, parentState, signedOutState, studentState } from '../../support/fixtures/states';

describe('tray title and tooltip', () => {
  it('shows the next lesson, its room and the minutes to its start', () => {
    const text = trayText(studentState(), at('08:40'));
    expect(text.title).toBe('Mathematics · U07 · 5 min');
    expect(text.tooltip).toBe('ClassCharts Tray\nNext: Mathematics in U07 in 5 min (08:45)');
  });

  it('counts minutes from now, rounding up, so a redraw a minute later changes the countdown', () => {
    expect(trayText(studentState(), at('08:40') + 30_000).title).toBe('Mathematics · U07 · 5 min');
    expect(trayText(studentState(), at('08:41')).title).toBe('Mathematics · U07 · 4 min');
  });

  it('during a lesson shows the next one, skipping breaks', () => {
    expect(trayText(studentState(), at('10:30')).title).toBe('Science · S3 · 35 min');
  });

  it('gives the start time for a lesson an hour or more away, and leaves out an empty room', () => {
    const text = trayText(studentState(), at('11:30'));
    expect(text.title).toBe('History · 13:00');
    expect(text.tooltip).toContain('Next: History at 13:00');
  });

  it('during the last lesson says what is on until when; after it, that the day is over', () => {
    expect(trayText(studentState(), at('13:30'))).toEqual({
      title: 'History',
      tooltip: 'ClassCharts Tray\nNow: History until 14:00',
      headline: 'Now: History until 14:00',
    });
    expect(trayText(studentState(), at('15:00'))).toEqual({
      title: '',
      tooltip: 'ClassCharts Tray\nNo more lessons today',
      headline: 'No more lessons today',
    });
  });

  // Issue 24 §1: the tray follows the first screen's day — after school, tomorrow's first lesson; on a
  // Friday evening or a weekend, Monday's; in a long holiday, a short date.
  it('after school names the next school day’s first lesson, by its day and clock time', () => {
    const nextDay = (date: string) => ({
      searchedTo: date,
      day: {
        date,
        minutesToNext: null,
        lessons: [
          { ...lesson('Tutor', 'T1', '08:30', '08:45', { isBreak: true }), date },
          { ...lesson('PE', 'Gym', '08:45', '09:45'), date, start: `${date}T08:45:00+01:00` },
        ],
      },
    });
    const tomorrow = trayText(studentState({ nextSchoolDay: nextDay('2026-06-16') }), at('15:00'));
    expect(tomorrow).toEqual({
      title: 'Tomorrow 08:45 PE',
      tooltip: 'ClassCharts Tray\nNext: Tomorrow PE 08:45 · Gym',
      headline: 'Next: Tomorrow PE 08:45 · Gym',
    });
    expect(trayText(studentState({ nextSchoolDay: nextDay('2026-06-19') }), at('15:00')).title).toBe(
      'Friday 08:45 PE',
    );
    expect(trayText(studentState({ nextSchoolDay: nextDay('2026-07-06') }), at('15:00')).title).toBe(
      'Mon 6 Jul 08:45 PE',
    );
    // No school day found within three weeks: the day is over, and nothing is made up.
    const none = trayText(
      studentState({ nextSchoolDay: { day: null, searchedTo: '2026-07-06' } }),
      at('15:00'),
    );
    expect(none.title).toBe('');
    // Before the last lesson has ended, today's lesson still counts.
    expect(trayText(studentState({ nextSchoolDay: nextDay('2026-06-16') }), at('13:30')).title).toBe(
      'History',
    );
  });

  it('caps a long title with an ellipsis', () => {
    const state = studentState({
      today: {
        date: '2026-06-15',
        minutesToNext: 5,
        lessons: [lesson('Design and Technology: Resistant Materials', 'Workshop 2', '09:00', '10:00')],
      },
    });
    const { title } = trayText(state, at('08:55'));
    expect(Array.from(title)).toHaveLength(TITLE_MAX);
    expect(title.endsWith('…')).toBe(true);
    expect(title.startsWith('Design and Technology')).toBe(true);
  });

  it('keeps the tooltip within what Windows shows', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      ...parentState().pupils[0]!,
      id: i + 1,
      name: `Pupil Number${i}`,
      firstName: `Pupilname${i}`,
    }));
    const { tooltip } = trayText(parentState({ pupils: many }), at('08:00'));
    expect(Array.from(tooltip).length).toBeLessThanOrEqual(TOOLTIP_MAX);
  });

  it("lists each of a parent's pupils with their next lesson, title prefixed with the selected one", () => {
    const text = trayText(parentState(), at('10:20'));
    expect(text.title).toBe('Jane: Science · S3 · 45 min');
    expect(text.tooltip).toBe('ClassCharts Tray\nJane: Science in S3 in 45 min\nTom: Art in A1 in 10 min');
  });

  it('asks to sign in again when stored credentials were refused', () => {
    expect(trayText(studentState({ auth: 'needs-sign-in' }), at('08:00'))).toEqual({
      title: 'Sign in',
      tooltip: 'ClassCharts Tray\nSign in again to see your timetable',
      headline: '',
    });
    expect(trayText(signedOutState(), at('08:00'))).toEqual({
      title: '',
      tooltip: 'ClassCharts Tray\nSigned out',
      headline: '',
    });
  });

  it('says a remembered sign-in waits for a locked keyring (first menu line on Linux), the Keychain on macOS', () => {
    const locked = signedOutState();
    locked.environment.keychain = 'locked';
    expect(trayText(locked, at('08:00'))).toEqual({
      title: '',
      tooltip: 'ClassCharts Tray\nWaiting for your keyring to open your saved sign-in',
      headline: 'Waiting for your keyring',
    });
    locked.environment.platform = 'darwin';
    expect(trayText(locked, at('08:00')).tooltip).toContain('Waiting for your Keychain');
  });

  it('says when the data is offline or stale', () => {
    const offline = studentState({ freshness: { ...studentState().freshness, offline: true, stale: true } });
    expect(trayText(offline, at('08:40')).tooltip).toContain('Offline: showing saved data');
    const stale = studentState({
      freshness: { ...studentState().freshness, stale: true, updatedAt: '2026-06-15T08:28:00+01:00' },
    });
    expect(trayText(stale, at('08:40')).tooltip).toContain('Updated 12 min ago');
  });

  it('without countdown (Linux), only clock times: the text is the same from one minute to the next', () => {
    const stale = studentState({
      freshness: { ...studentState().freshness, stale: true, updatedAt: '2026-06-15T08:28:00+01:00' },
    });
    const at840 = trayText(stale, at('08:40'), { countdown: false });
    expect(at840.tooltip).toBe('ClassCharts Tray\nNext: Mathematics 08:45 · U07\nUpdated at 08:28');
    expect(at840.headline).toBe('Next: Mathematics 08:45 · U07');
    const at844 = trayText(stale, at('08:44'), { countdown: false });
    expect([at844.tooltip, at844.headline]).toEqual([at840.tooltip, at840.headline]); // the title is macOS's
    const parent = trayText(parentState(), at('09:50'), { countdown: false });
    expect(parent.tooltip).toBe('ClassCharts Tray\nJane: Science 11:05 · S3\nTom: Art 10:30 · A1');
    expect(parent.headline).toBe('Jane: Science 11:05 · S3'); // the selected pupil
  });
});

describe('tray icon state', () => {
  it('puts sign-in problems first, then offline, then something new', () => {
    expect(trayIconState(studentState({ auth: 'needs-sign-in' }), true)).toBe('signed-out');
    expect(trayIconState(signedOutState(), false)).toBe('signed-out');
    const offline = studentState({ freshness: { ...studentState().freshness, offline: true } });
    expect(trayIconState(offline, true)).toBe('offline');
    expect(trayIconState(studentState(), true)).toBe('new');
    expect(trayIconState(studentState(), false)).toBe('normal');
  });
});

describe('helpers', () => {
  it('capText counts characters, not UTF-16 units, and collapses whitespace', () => {
    expect(capText('a  b \n c', 10)).toBe('a b\nc');
    expect(capText('😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('msUntilNextMinute lands exactly on the next minute boundary', () => {
    const t = at('08:40') + 12_345;
    expect(msUntilNextMinute(t)).toBe(60_000 - 12_345);
    expect(msUntilNextMinute(at('08:40'))).toBe(60_000);
    expect((t + msUntilNextMinute(t)) % 60_000).toBe(0);
  });
});
