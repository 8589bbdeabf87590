// The Attendance section of More: shown only for a pupil whose school shows it; the school year so far from
// the register main sends (1 September on: a percentage computed from the marks, a strip of weeks, late marks
// explained, each week's figures in a table) and the last 7 days' marks in a table whose cells say the mark
// in words (not by colour alone), minutes late; percentages only when the school shows them.
import { fireEvent, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { AttendanceDay, AttendanceMark, RecordsRequest, RecordsResult } from '../../common/contract';
import { addDays, dayOfWeek } from '../../common/dates';
import { november } from '../support/fixtures';
import { defaultRecords } from './mock-bridge';
import { renderApp } from './render';

function mark(session: string, status: AttendanceMark['status'], code: string, late: number | null = null) {
  return { session, code, status, lateMinutes: late, lesson: null, room: null };
}

/** Marks that differ from "present AM and PM" (today is Monday 23 November 2026). */
const EXCEPTIONS: Record<string, AttendanceMark[]> = {
  // The week of 14 September: two days absent (6 of 10 sessions).
  '2026-09-14': [mark('AM', 'absent', 'N'), mark('PM', 'absent', 'N')],
  '2026-09-15': [mark('AM', 'absent', 'N'), mark('PM', 'absent', 'N')],
  // Late, without minutes.
  '2026-10-06': [mark('AM', 'late', 'L'), mark('PM', 'present', '\\')],
  // Last week: absent and excused on Thursday (8 of 10), late 12 minutes on Friday.
  '2026-11-19': [mark('AM', 'absent', 'N'), mark('PM', 'excused', 'I')],
  '2026-11-20': [mark('AM', 'late', 'L', 12), mark('PM', 'present', '\\')],
  // Today: the afternoon not registered yet.
  '2026-11-23': [mark('AM', 'present', '/'), mark('PM', 'unknown', '')],
};

/**
 * A register from 24 August (before the school year) to today: `#` in the summer (to 1 September) and the
 * October half term (12–16 October), present otherwise but for {@link EXCEPTIONS}. Since 1 September:
 * 107 counted sessions, 101 attended (94.4%), 2 late marks, one of 12 minutes.
 */
function register(): AttendanceDay[] {
  const days: AttendanceDay[] = [];
  for (let date = '2026-08-24'; date <= november.TODAY; date = addDays(date, 1)) {
    if (dayOfWeek(date) === 0 || dayOfWeek(date) === 6) continue;
    const closed = date <= '2026-09-01' || (date >= '2026-10-12' && date <= '2026-10-16');
    days.push({
      date,
      marks: closed
        ? [mark('AM', 'unknown', '#'), mark('PM', 'unknown', '#')]
        : (EXCEPTIONS[date] ?? [mark('AM', 'present', '/'), mark('PM', 'present', '\\')]),
    });
  }
  return days;
}

function answer(request: RecordsRequest, percentages = { percentage: 96.1, percentageSinceAugust: 95.24 }) {
  return {
    kind: 'attendance',
    pupilId: request.pupilId ?? 4102571,
    fetchedAt: '2026-11-23T10:00:00+00:00',
    from: '2026-06-15',
    to: november.TODAY,
    attendance: { days: register(), sessions: ['AM', 'PM'], ...percentages },
  } satisfies RecordsResult;
}

type Rendered = Awaited<ReturnType<typeof renderApp>>;

async function openAttendance(
  state = november.studentState(),
  respond: (request: RecordsRequest) => RecordsResult = answer,
): Promise<Rendered> {
  const rendered = await renderApp(state);
  rendered.bridge.handlers['records:get'] = async (request) =>
    request.kind === 'attendance' ? respond(request) : defaultRecords(request);
  await fireEvent.click(rendered.screen.getByRole('button', { name: 'More' }));
  await fireEvent.click(rendered.screen.getByRole('button', { name: 'Attendance' }));
  await rendered.screen.findByRole('table', { name: 'Register, last 7 days' });
  return rendered;
}

/** The cells of a table's body rows, as text. */
function cells(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((c) => c.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
    );
}

describe('More: attendance', () => {
  it("shows the last 7 days' marks in words by session, newest day first, from the year's register", async () => {
    const { screen, bridge } = await openAttendance();
    const table = screen.getByRole('table', { name: 'Register, last 7 days' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'AM', 'PM']);
    // The sign (✓ L ✗ E) is decoration: hidden from screen readers, so the words must say it all.
    expect(cells(table)).toEqual([
      ['Mon 23 Nov', '✓Present', '–No mark'],
      ['Fri 20 Nov', 'LLate 12 min', '✓Present'],
      ['Thu 19 Nov', '✗Absent', 'EExcused'],
      ['Wed 18 Nov', '✓Present', '✓Present'],
      ['Tue 17 Nov', '✓Present', '✓Present'],
    ]);
    for (const sign of table.querySelectorAll('.sign')) expect(sign.getAttribute('aria-hidden')).toBe('true');
    expect(within(table).getByTitle('AM: Late, 12 minutes')).toBeTruthy();
    expect(within(table).getByTitle('PM: Excused absence')).toBeTruthy();
    expect(bridge.requestsOf('records:get').at(-1)).toEqual({ kind: 'attendance', pupilId: 4102571 });
  });

  it('shows the school year: the share of sessions attended, late marks explained, the school figure', async () => {
    const { screen } = await openAttendance();
    // 101 of 107: present and late count as attended, absent and excused as missed, "#" and unmarked not.
    expect(screen.getByText('attendance this school year').previousElementSibling?.textContent).toBe('94.4%');
    expect(screen.getByText('101 of 107 sessions since 1 Sept')).toBeTruthy();
    expect(
      screen.getByText(
        'Late (L) counts as present: 2 late marks this school year; 1 says how late: 12 minutes in all.',
      ),
    ).toBeTruthy();
    expect(screen.getByText("The school's own figure since August: 95.2%.")).toBeTruthy();
    expect(screen.queryByText(/96\.1/)).toBeNull();
  });

  it('shows a cell per week since 1 September, by band, this week marked, and each week in a table', async () => {
    const { screen } = await openAttendance();
    const strip = screen.getByRole('img', { name: /^Attendance per week/ });
    expect(strip.getAttribute('aria-label')).toBe(
      'Attendance per week since 1 Sept: 12 weeks with school; 10 95%+, 0 90–95%, 2 under 90%',
    );
    const weeks = [...strip.querySelectorAll('.cell')];
    expect(weeks).toHaveLength(13); // the weeks of 31 August to 23 November
    expect(weeks.map((c) => c.classList[1])).toEqual([
      'good', // 31 Aug: 2–4 September
      'good',
      'low', // 14 Sep: 6 of 10
      'good',
      'good',
      'good',
      'none', // the half term
      'good',
      'good',
      'good',
      'good',
      'low', // 16 Nov: 8 of 10
      'good',
    ]);
    expect(weeks.map((c) => c.classList.contains('current'))).toEqual([...Array(12).fill(false), true]);
    const table = screen.getByRole('table', { name: 'Attendance per week since 1 Sept' });
    const rows = cells(table);
    expect(rows).toHaveLength(13);
    expect(rows[0]).toEqual(['23 Nov (this week)', '1 of 1 session, 100%', '0', '0']);
    expect(rows[1]).toEqual(['16 Nov', '8 of 10 sessions, 80%', '1', '2']);
    expect(rows[6]).toEqual(['12 Oct', 'No school', '–', '–']);
    expect(rows[12]).toEqual(['31 Aug', '6 of 6 sessions, 100%', '0', '0']);
    expect(within(table).getAllByRole('row')[1]!.getAttribute('aria-current')).toBe('date');
  });

  it('no percentage when the school does not show it (main sends none): sessions instead', async () => {
    const { screen } = await openAttendance(
      november.studentState({
        pupils: [november.pupil(4102571, 'Jane Smith', { attendance: { shown: true, percentage: false } })],
      }),
      (request) => answer(request, { percentage: null, percentageSinceAugust: null } as never),
    );
    expect(screen.queryByText(/%/)).toBeNull();
    expect(screen.getByText('attended this school year').previousElementSibling?.textContent).toBe(
      '101 of 107 sessions',
    );
    expect(screen.getByRole('img', { name: /^Attendance per week/ }).getAttribute('aria-label')).toBe(
      'Attendance per week since 1 Sept: 12 weeks with school; 10 nearly all, 0 some missed, 2 more missed',
    );
  });

  it('has no Attendance section for a pupil whose school hides it, and leaves it when switching to one', async () => {
    const state = november.parentState({
      pupils: [
        november.pupil(4102571, 'Jane Smith'),
        november.pupil(4102572, 'Tom Smith', { attendance: { shown: false, percentage: false } }),
      ],
    });
    const { screen, bridge } = await openAttendance(state);
    const records = screen.getByRole('group', { name: 'Records' });
    bridge.emitState({ ...state, selectedPupilId: 4102572 });
    await screen.findByText('positive this week');
    expect(within(records).queryByRole('button', { name: 'Attendance' })).toBeNull();
    expect(within(records).getByRole('button', { name: 'Behaviour' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(bridge.requestsOf('records:get').at(-1)).toEqual({ kind: 'behaviour', pupilId: 4102572 });
  });

  it('says so when no marks came back', async () => {
    const rendered = await renderApp(november.studentState());
    rendered.bridge.handlers['records:get'] = async (request) => {
      const result = answer(request);
      return request.kind === 'attendance'
        ? { ...result, attendance: { ...result.attendance, days: [] } }
        : defaultRecords(request);
    };
    await fireEvent.click(rendered.screen.getByRole('button', { name: 'More' }));
    await fireEvent.click(rendered.screen.getByRole('button', { name: 'Attendance' }));
    expect(await rendered.screen.findByText('No register marks in the last 7 days.')).toBeTruthy();
    expect(rendered.screen.getByText('No register marks yet this school year.')).toBeTruthy();
  });
});
