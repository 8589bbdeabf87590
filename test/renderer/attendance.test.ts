// The Attendance section of More: shown only for a pupil whose school shows attendance; the last 7 days' marks
// in a table whose cells say the mark in words (not by colour alone), minutes late, and the percentage
// when the school shows it.
import { fireEvent, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { RecordsRequest, RecordsResult } from '../../common/contract';
import { november } from '../support/fixtures';
import { defaultRecords } from './mock-bridge';
import { renderApp } from './render';

/** A week of marks: Monday present, Tuesday late 12 min and PM present, Wednesday absent and excused. */
function week(request: RecordsRequest, percentages = { percentage: 80, percentageSinceAugust: 95.24 }) {
  const mark = (
    session: string,
    status: 'present' | 'late' | 'absent' | 'excused',
    code: string,
    late = 0,
  ) => ({
    session,
    code,
    status,
    lateMinutes: late > 0 ? late : null,
    lesson: null,
    room: null,
  });
  return {
    kind: 'attendance',
    pupilId: request.pupilId ?? 4102571,
    fetchedAt: '2026-11-25T10:00:00+00:00',
    from: '2026-11-23',
    to: '2026-11-25',
    attendance: {
      days: [
        { date: '2026-11-23', marks: [mark('AM', 'present', '/'), mark('PM', 'present', '\\')] },
        { date: '2026-11-24', marks: [mark('AM', 'late', 'L', 12), mark('PM', 'present', '\\')] },
        { date: '2026-11-25', marks: [mark('AM', 'absent', 'N'), mark('PM', 'excused', 'I')] },
      ],
      sessions: ['AM', 'PM'],
      ...percentages,
    },
  } satisfies RecordsResult;
}

async function openMore(state = november.studentState()) {
  const rendered = await renderApp(state);
  rendered.bridge.handlers['records:get'] = async (request) =>
    request.kind === 'attendance' ? week(request) : defaultRecords(request);
  await fireEvent.click(rendered.screen.getByRole('button', { name: 'More' }));
  return rendered;
}

describe('More: attendance', () => {
  it("shows the last 7 days' marks in words by session, newest day first, and the percentage", async () => {
    const { screen, bridge } = await openMore();
    await fireEvent.click(screen.getByRole('button', { name: 'Attendance' }));
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Day', 'AM', 'PM']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent?.replace(/\s+/g, ' ').trim()),
      );
    // The sign (✓ L ✗ E) is decoration: hidden from screen readers, so the words must say it all.
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Wed 25 Nov', 'Tue 24 Nov', 'Mon 23 Nov']);
    expect(rows).toEqual([
      ['✗Absent', 'EExcused'],
      ['LLate 12 min', '✓Present'],
      ['✓Present', '✓Present'],
    ]);
    for (const sign of table.querySelectorAll('.sign')) expect(sign.getAttribute('aria-hidden')).toBe('true');
    expect(within(table).getByTitle('AM: Late, 12 minutes')).toBeTruthy();
    expect(within(table).getByTitle('PM: Excused absence')).toBeTruthy();
    expect(screen.getByText('95.2%')).toBeTruthy();
    expect(screen.getByText('attendance since August')).toBeTruthy();
    expect(screen.getByText('Last 7 days: 80%')).toBeTruthy();
    expect(bridge.requestsOf('records:get').at(-1)).toEqual({ kind: 'attendance', pupilId: 4102571 });
  });

  it('no percentage when the school does not show it (main sends none)', async () => {
    const rendered = await renderApp(
      november.studentState({
        pupils: [november.pupil(4102571, 'Jane Smith', { attendance: { shown: true, percentage: false } })],
      }),
    );
    rendered.bridge.handlers['records:get'] = async (request) =>
      request.kind === 'attendance'
        ? week(request, { percentage: null, percentageSinceAugust: null } as never)
        : defaultRecords(request);
    await fireEvent.click(rendered.screen.getByRole('button', { name: 'More' }));
    await fireEvent.click(rendered.screen.getByRole('button', { name: 'Attendance' }));
    await rendered.screen.findByRole('table');
    expect(rendered.screen.queryByText(/%/)).toBeNull();
  });

  it('has no Attendance section for a pupil whose school hides it, and leaves it when switching to one', async () => {
    const state = november.parentState({
      pupils: [
        november.pupil(4102571, 'Jane Smith'),
        november.pupil(4102572, 'Tom Smith', { attendance: { shown: false, percentage: false } }),
      ],
    });
    const { screen, bridge } = await openMore(state);
    const records = screen.getByRole('group', { name: 'Records' });
    await fireEvent.click(within(records).getByRole('button', { name: 'Attendance' }));
    await screen.findByRole('table');
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
      const result = week(request);
      return request.kind === 'attendance'
        ? { ...result, attendance: { ...result.attendance, days: [] } }
        : defaultRecords(request);
    };
    await fireEvent.click(rendered.screen.getByRole('button', { name: 'More' }));
    await fireEvent.click(rendered.screen.getByRole('button', { name: 'Attendance' }));
    expect(await rendered.screen.findByText('No register marks in the last 7 days.')).toBeTruthy();
  });
});
