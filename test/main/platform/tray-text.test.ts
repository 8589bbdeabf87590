import { describe, expect, it } from 'vitest';
import {
  TITLE_MAX,
  TOOLTIP_MAX,
  capText,
  msUntilNextMinute,
  trayIconState,
  trayText,
} from '../../../main/platform/tray-text';
import { buildDayView } from '../../../main/sync/snapshot';
import { todayHasMore } from '../../../renderer/lib/glance';
import { june } from '../../support/fixtures';

describe('tray title and tooltip', () => {
  it('shows the next lesson, its room and the minutes to its start', () => {
    const text = trayText(june.studentState(), june.at('08:40'));
    expect(text.title).toBe('Mathematics · U07 · 5 min');
    expect(text.tooltip).toBe('ClassCharts Tray\nNext: Mathematics in U07 in 5 min (08:45)');
  });

  it('counts minutes from now, rounding up, so a redraw a minute later changes the countdown', () => {
    expect(trayText(june.studentState(), june.at('08:40') + 30_000).title).toBe('Mathematics · U07 · 5 min');
    expect(trayText(june.studentState(), june.at('08:41')).title).toBe('Mathematics · U07 · 4 min');
  });

  it('during a lesson shows the next one, skipping breaks', () => {
    expect(trayText(june.studentState(), june.at('10:30')).title).toBe('Science · S3 · 35 min');
  });

  it('gives the start time for a lesson an hour or more away, and leaves out an empty room', () => {
    const text = trayText(june.studentState(), june.at('11:30'));
    expect(text.title).toBe('History · 13:00');
    expect(text.tooltip).toContain('Next: History at 13:00');
  });

  it('during the last lesson says what is on until when; after it, that the day is over', () => {
    expect(trayText(june.studentState(), june.at('13:30'))).toEqual({
      title: 'History',
      tooltip: 'ClassCharts Tray\nNow: History until 14:00',
      headline: 'Now: History until 14:00',
    });
    expect(trayText(june.studentState(), june.at('15:00'))).toEqual({
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
        rotaWeek: null,
        lessons: [
          { ...june.lesson('Tutor', 'T1', '08:30', '08:45', { isBreak: true }), date },
          { ...june.lesson('PE', 'Gym', '08:45', '09:45'), date, start: `${date}T08:45:00+01:00` },
        ],
      },
    });
    const tomorrow = trayText(june.studentState({ nextSchoolDay: nextDay('2026-06-16') }), june.at('15:00'));
    expect(tomorrow).toEqual({
      title: 'Tomorrow 08:45 PE',
      tooltip: 'ClassCharts Tray\nNext: Tomorrow PE 08:45 · Gym',
      headline: 'Next: Tomorrow PE 08:45 · Gym',
    });
    expect(
      trayText(june.studentState({ nextSchoolDay: nextDay('2026-06-19') }), june.at('15:00')).title,
    ).toBe('Friday 08:45 PE');
    expect(
      trayText(june.studentState({ nextSchoolDay: nextDay('2026-07-06') }), june.at('15:00')).title,
    ).toBe('Mon 6 Jul 08:45 PE');
    // No school day found within three weeks: the day is over, and nothing is made up.
    const none = trayText(
      june.studentState({ nextSchoolDay: { day: null, searchedTo: '2026-07-06' } }),
      june.at('15:00'),
    );
    expect(none.title).toBe('');
    // Before the last lesson has ended, today's lesson still counts.
    expect(
      trayText(june.studentState({ nextSchoolDay: nextDay('2026-06-16') }), june.at('13:30')).title,
    ).toBe('History');
  });

  it('caps a long title with an ellipsis', () => {
    const state = june.studentState({
      today: {
        date: '2026-06-15',
        minutesToNext: 5,
        rotaWeek: null,
        lessons: [june.lesson('Design and Technology: Resistant Materials', 'Workshop 2', '09:00', '10:00')],
      },
    });
    const { title } = trayText(state, june.at('08:55'));
    expect(Array.from(title)).toHaveLength(TITLE_MAX);
    expect(title.endsWith('…')).toBe(true);
    expect(title.startsWith('Design and Technology')).toBe(true);
  });

  it('keeps the tooltip within what Windows shows', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      ...june.parentState().pupils[0]!,
      id: i + 1,
      name: `Pupil Number${i}`,
      firstName: `Pupilname${i}`,
    }));
    const { tooltip } = trayText(june.parentState({ pupils: many }), june.at('08:00'));
    expect(Array.from(tooltip).length).toBeLessThanOrEqual(TOOLTIP_MAX);
  });

  it("lists each of a parent's pupils with their next lesson, title prefixed with the selected one", () => {
    const text = trayText(june.parentState(), june.at('10:20'));
    expect(text.title).toBe('Jane: Science · S3 · 45 min');
    expect(text.tooltip).toBe('ClassCharts Tray\nJane: Science in S3 in 45 min\nTom: Art in A1 in 10 min');
  });

  it('asks to sign in again when stored credentials were refused', () => {
    expect(trayText(june.studentState({ auth: 'needs-sign-in' }), june.at('08:00'))).toEqual({
      title: 'Sign in',
      tooltip: 'ClassCharts Tray\nSign in again to see your timetable',
      headline: '',
    });
    expect(trayText(june.signedOutState(), june.at('08:00'))).toEqual({
      title: '',
      tooltip: 'ClassCharts Tray\nSigned out',
      headline: '',
    });
  });

  it('says a remembered sign-in waits for a locked keyring (first menu line on Linux), the Keychain on macOS', () => {
    const locked = june.signedOutState();
    locked.environment.keychain = 'locked';
    expect(trayText(locked, june.at('08:00'))).toEqual({
      title: '',
      tooltip: 'ClassCharts Tray\nWaiting for your keyring to open your saved sign-in',
      headline: 'Waiting for your keyring',
    });
    locked.environment.platform = 'darwin';
    expect(trayText(locked, june.at('08:00')).tooltip).toContain('Waiting for your Keychain');
  });

  it('says when the data is offline or stale', () => {
    const offline = june.studentState({
      freshness: { ...june.studentState().freshness, offline: true, stale: true },
    });
    expect(trayText(offline, june.at('08:40')).tooltip).toContain('Offline: showing saved data');
    const stale = june.studentState({
      freshness: { ...june.studentState().freshness, stale: true, updatedAt: '2026-06-15T08:28:00+01:00' },
    });
    expect(trayText(stale, june.at('08:40')).tooltip).toContain('Updated 12 min ago');
  });

  it('without countdown (Linux), only clock times: the text is the same from one minute to the next', () => {
    const stale = june.studentState({
      freshness: { ...june.studentState().freshness, stale: true, updatedAt: '2026-06-15T08:28:00+01:00' },
    });
    const at840 = trayText(stale, june.at('08:40'), { countdown: false });
    expect(at840.tooltip).toBe('ClassCharts Tray\nNext: Mathematics 08:45 · U07\nUpdated at 08:28');
    expect(at840.headline).toBe('Next: Mathematics 08:45 · U07');
    const at844 = trayText(stale, june.at('08:44'), { countdown: false });
    expect([at844.tooltip, at844.headline]).toEqual([at840.tooltip, at840.headline]); // the title is macOS's
    const parent = trayText(june.parentState(), june.at('09:50'), { countdown: false });
    expect(parent.tooltip).toBe('ClassCharts Tray\nJane: Science 11:05 · S3\nTom: Art 10:30 · A1');
    expect(parent.headline).toBe('Jane: Science 11:05 · S3'); // the selected pupil
  });
});

describe('tray icon state', () => {
  it('puts sign-in problems first, then offline, then something new', () => {
    expect(trayIconState(june.studentState({ auth: 'needs-sign-in' }), true)).toBe('signed-out');
    expect(trayIconState(june.signedOutState(), false)).toBe('signed-out');
    const offline = june.studentState({ freshness: { ...june.studentState().freshness, offline: true } });
    expect(trayIconState(offline, true)).toBe('offline');
    expect(trayIconState(june.studentState(), true)).toBe('new');
    expect(trayIconState(june.studentState(), false)).toBe('normal');
  });
});

describe('helpers', () => {
  it('capText counts characters, not UTF-16 units, and collapses whitespace', () => {
    expect(capText('a  b \n c', 10)).toBe('a b\nc');
    expect(capText('😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('msUntilNextMinute lands exactly on the next minute boundary', () => {
    const t = june.at('08:40') + 12_345;
    expect(msUntilNextMinute(t)).toBe(60_000 - 12_345);
    expect(msUntilNextMinute(june.at('08:40'))).toBe(60_000);
    expect((t + msUntilNextMinute(t)) % 60_000).toBe(0);
  });
});

describe('the tray and the popover agree (common/lessons.ts)', () => {
  it('names as next and now the lessons the popover marks so, at every minute of an awkward day', () => {
    // Split classes starting together, a break, two lessons overlapping, and a club whose end is unknown
    // (over when the late bus comes): the cases where the tray's rule and the popover's used to differ.
    const lessons = [
      june.lesson('Art', 'A1', '08:45', '09:45'),
      june.lesson('Music', 'M2', '08:45', '09:45'),
      june.lesson('Break', '', '09:45', '10:05', { isBreak: true }),
      june.lesson('Science', 'S3', '10:05', '11:05'),
      june.lesson('Catch-up', 'L1', '10:45', '11:30'),
      { ...june.lesson('Club', 'G1', '15:30', '16:00'), end: null },
      june.lesson('Late bus', '', '16:00', '16:10', { isBreak: true }),
    ];
    for (let now = june.at('07:00'); now <= june.at('18:00'); now += 60_000) {
      const today = buildDayView('2026-06-15', lessons, now);
      const next = today.lessons.find((l) => l.state === 'next');
      const current = today.lessons.find((l) => l.state === 'current' && !l.isBreak);
      const state = june.studentState({ today });
      const { headline } = trayText(state, now);
      const expected = next ? `Next: ${next.subject}` : current ? `Now: ${current.subject}` : 'No more';
      const when = `${new Date(now).toISOString()}: ${headline}`;
      expect(headline.startsWith(expected), when).toBe(true);
      // The first screen moves on to the next school day exactly when the tray has nothing left today.
      expect(todayHasMore(state, null, now), when).toBe(expected !== 'No more');
    }
    expect(
      trayText(
        june.studentState({ today: buildDayView('2026-06-15', lessons, june.at('15:45')) }),
        june.at('15:45'),
      ).headline,
    ).toBe('Now: Club in G1');
  });
});
