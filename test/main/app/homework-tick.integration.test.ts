// `homework:tick` through createApp against the fake ClassCharts server (whose homeworkticked toggles,
// classchartsapi/api-docs@70803adfa6 openapi/studentclientapi.yaml): the homework list, the counts and the
// due-tomorrow reminder see the new state at once; a double click sends one toggle; a parent cannot tick;
// bad arguments and a failing service are refused with a message fit to show, and the state is kept.
import { afterEach, describe, expect, it } from 'vitest';
import type { AppState, HomeworkSummary } from '../../../common/contract';
import type { Harness } from '../../support/app-harness';
import { startHarness, studentLogin } from '../../support/app-harness';

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

async function signedIn(
  kind: 'student' | 'parent' = 'student',
  prepare: (h: Harness) => void = () => {},
): Promise<Harness> {
  const h = (harness = await startHarness());
  prepare(h);
  await h.app.start();
  await h.app.whenIdle();
  const login =
    kind === 'student'
      ? studentLogin()
      : ({ kind: 'parent', email: 'parent@example.com', password: 'demo-parent', remember: false } as const);
  expect(await h.app.handlers['auth:login'](login)).toEqual({ ok: true });
  await h.app.whenIdle();
  return h;
}

const items = (state: AppState): HomeworkSummary[] => state.homework.flatMap((g) => g.items);
const find = (state: AppState, id: number): HomeworkSummary | undefined =>
  items(state).find((h) => h.id === id);
const toggles = (h: Harness) => h.paths().filter((p) => p.startsWith('/apiv2student/homeworkticked/'));

/** The demo student's homework as the fake serves it (a test may change it before signing in). */
function studentHomework(h: Harness) {
  return h.fake.dataset.pupils.find((p) => p.pupil.id === h.fake.accounts.student.pupilId)!.homeworks;
}

/** A to-do homework the list shows, due today or later (`overdue`: past its due date). */
function todo(h: Harness, overdue = false): HomeworkSummary {
  const found = h.app
    .state()
    .homework.filter((g) => (g.key === 'overdue') === overdue)
    .flatMap((g) => g.items)
    .find((hw) => hw.status === 'todo');
  if (!found) throw new Error(`no ${overdue ? 'overdue' : 'upcoming'} to-do homework in the list`);
  return found;
}

describe('homework:tick', () => {
  it('ticks a homework off and back: the list shows it, the counts follow at once, one toggle each', async () => {
    const h = await signedIn();
    const homework = todo(h);
    const before = h.app.state().pupils[0]!;

    const ticked = await h.app.handlers['homework:tick']({ homeworkId: homework.id, ticked: true });

    expect(ticked).toMatchObject({ id: homework.id, status: 'ticked' });
    const after = h.app.state();
    expect(find(after, homework.id)?.status, 'still listed, ticked').toBe('ticked');
    expect(after.pupils[0]!.homeworkDue).toBe(before.homeworkDue - 1);
    expect(h.states.at(-1)).toEqual(after); // emitted without waiting for a refresh
    expect(toggles(h)).toHaveLength(1);

    const unticked = await h.app.handlers['homework:tick']({ homeworkId: homework.id, ticked: false });
    expect(unticked.status).toBe('todo');
    expect(h.app.state().pupils[0]!.homeworkDue).toBe(before.homeworkDue);
    expect(toggles(h)).toHaveLength(2);
  });

  it('an overdue homework ticked off leaves Overdue and its count (done and past)', async () => {
    const h = await signedIn('student', (fake) => {
      // An open homework due last Wednesday.
      const [raw] = studentHomework(fake).filter((hw) => hw.due_date > '2026-06-16');
      raw!.due_date = '2026-06-10';
      raw!.status = { ...raw!.status, state: null, ticked: 'no' };
    });
    const homework = todo(h, true);
    const before = h.app.state().pupils[0]!.homeworkOverdue;
    await h.app.handlers['homework:tick']({ homeworkId: homework.id, ticked: true });
    expect(find(h.app.state(), homework.id)).toBeUndefined();
    expect(h.app.state().pupils[0]!.homeworkOverdue).toBe(before - 1);
  });

  it.each([
    ['a double click sends one toggle; both clicks get the ticked homework', false, ['ticked', 'ticked'], 1],
    ['tick then untick at once: one after the other, each from a fresh read', true, ['ticked', 'todo'], 2],
  ] as const)('%s', async (_name, untickSecond, statuses, toggleCount) => {
    const h = await signedIn();
    const homework = todo(h);
    const results = await Promise.all([
      h.app.handlers['homework:tick']({ homeworkId: homework.id, ticked: true }),
      h.app.handlers['homework:tick']({ homeworkId: homework.id, ticked: !untickSecond }),
    ]);
    expect(results.map((r) => r.status)).toEqual(statuses);
    expect(find(h.app.state(), homework.id)?.status).toBe(statuses[1]);
    expect(toggles(h)).toHaveLength(toggleCount);
  });

  it('a ticked homework due tomorrow gets no evening reminder; the others still do', async () => {
    const h = await signedIn('student', (fake) => {
      // Two open homework due tomorrow, Tuesday 16 June.
      for (const raw of studentHomework(fake)
        .filter((hw) => hw.due_date > '2026-06-16')
        .slice(0, 2)) {
        raw.due_date = '2026-06-16';
        raw.status = { ...raw.status, state: null, ticked: 'no' };
      }
    });
    const dueTomorrow = items(h.app.state()).filter(
      (hw) => hw.status === 'todo' && hw.dueDate === '2026-06-16',
    );
    expect(dueTomorrow.length, 'to-do homework due tomorrow').toBeGreaterThanOrEqual(2);
    const [tickedOff] = dueTomorrow;
    await h.app.handlers['homework:tick']({ homeworkId: tickedOff!.id, ticked: true });

    await h.clock.advance(11 * 3_600_000); // to 18:30, past the 18:00 reminder hour
    await h.app.whenIdle();

    const reminders = h.ports.notifier.shown.filter((n) => n.kind === 'homework-due').map((n) => n.id);
    expect(reminders.some((id) => id.includes(`:${tickedOff!.id}:`))).toBe(false);
    for (const other of dueTomorrow.slice(1))
      expect(
        reminders.some((id) => id.includes(`:${other.id}:`)),
        `reminder for ${other.id}`,
      ).toBe(true);
  });

  it('a failing service: a message fit to show, nothing changed, the homework still to do', async () => {
    const h = await signedIn();
    const homework = todo(h);
    const before = h.app.state();
    h.fake.faults.inject({ path: '/apiv2student/homeworkticked', kind: 'http-500' });

    await expect(h.app.handlers['homework:tick']({ homeworkId: homework.id, ticked: true })).rejects.toThrow(
      'ClassCharts sent an answer this app does not understand. It may be down for maintenance; try again later.',
    );

    expect(find(h.app.state(), homework.id)?.status).toBe('todo');
    expect(h.app.state().pupils).toEqual(before.pupils);
  });

  it('a homework not in the list, a parent account, and bad arguments are refused before any toggle', async () => {
    const h = await signedIn();
    await expect(h.app.handlers['homework:tick']({ homeworkId: 42, ticked: true })).rejects.toThrow(
      'That homework is not in the list any more.',
    );
    for (const bad of [
      { homeworkId: 'x', ticked: true },
      { homeworkId: 0, ticked: true },
      { homeworkId: 5, ticked: 'yes' },
      { homeworkId: 5 },
      { homeworkId: 5, ticked: true, statusId: 9 },
      null,
    ])
      await expect(
        h.app.handlers['homework:tick'](bad as unknown as { homeworkId: number; ticked: boolean }),
      ).rejects.toThrow();
    expect(toggles(h)).toEqual([]);
    await h.close();

    const p = await signedIn('parent');
    const homework = items(p.app.state())[0]!;
    await expect(p.app.handlers['homework:tick']({ homeworkId: homework.id, ticked: true })).rejects.toThrow(
      'Only the pupil can tick homework off.',
    );
    expect(p.paths().filter((path) => path.includes('homeworkticked'))).toEqual([]);
  });
});
