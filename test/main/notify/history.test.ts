// The notification history (main/notify/history.ts, issue 28 §4): the last 50, newest first, the unseen
// count, a damaged store; and through NotificationDispatch and DataScope what goes in (shown, held back by
// quiet hours) and what does not (a kind switched off, the first sync), full wording, sign-out, the disk.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../common/contract';
import { createConsoleNotifier } from '../../../main/adapters/console-notifier';
import { createMemoryStore } from '../../../main/adapters/memory-store';
import { DataScope } from '../../../main/app/data-scope';
import { AppEvents } from '../../../main/app/events';
import { NotificationDispatch } from '../../../main/app/notification-dispatch';
import {
  addToHistory,
  EMPTY_HISTORY,
  HISTORY_MAX_ENTRIES,
  HISTORY_STORE_KEY,
  mergeHistories,
  openHistory,
  parseHistory,
  type HistoryNotice,
} from '../../../main/notify/history';
import { silentLogger, type Store } from '../../../main/ports';
import { FakeClock } from '../../support/clock';
import { announcement, homework, known, knownData, point, pupil } from '../../support/fixtures';
import { unitPorts } from '../app/helpers';

/** Monday 15 June 2026, 16:00 London: after school. */
const AFTER_SCHOOL = '2026-06-15T16:00:00+01:00';
const NOW = Date.parse(AFTER_SCHOOL);

const notice = (n: number, over: Partial<HistoryNotice> = {}): HistoryNotice => ({
  notification: {
    id: `homework-new:11:${n}`,
    kind: 'homework-new',
    pupilId: 11,
    title: 'New homework',
    body: `Homework ${n}`,
    target: { view: 'homework', homeworkId: n },
  },
  pupil: { id: 11, firstName: 'Jane' },
  heldBack: false,
  ...over,
});

describe('the history as JSON', () => {
  it('keeps the last 50, newest first, each with when, whose and where it leads', () => {
    let history = EMPTY_HISTORY;
    for (let n = 1; n <= 60; n++) history = addToHistory(history, [notice(n)], NOW + n * 60_000);
    expect(history.entries).toHaveLength(HISTORY_MAX_ENTRIES);
    expect(history.entries[0]).toEqual({
      id: 'homework-new:11:60',
      kind: 'homework-new',
      title: 'New homework',
      body: 'Homework 60',
      pupil: { id: 11, firstName: 'Jane' },
      at: '2026-06-15T17:00:00+01:00',
      heldBack: false,
      target: { view: 'homework', homeworkId: 60 },
    });
    expect(history.entries.at(-1)?.body).toBe('Homework 11');
    expect(history.unseen).toBe(50);
  });

  it('several told at once: the last told comes first', () => {
    const history = addToHistory(EMPTY_HISTORY, [notice(1), notice(2)], NOW);
    expect(history.entries.map((e) => e.body)).toEqual(['Homework 2', 'Homework 1']);
  });

  it('a notification recorded again replaces its entry rather than doubling it', () => {
    const first = addToHistory(EMPTY_HISTORY, [notice(1), notice(2)], NOW);
    const again = addToHistory(first, [notice(1, { heldBack: true })], NOW + 60_000);
    expect(again.entries.map((e) => [e.body, e.heldBack])).toEqual([
      ['Homework 1', true],
      ['Homework 2', false],
    ]);
  });

  it('a damaged store reads as empty; an entry of an unknown shape is dropped, the rest kept', () => {
    expect(parseHistory('nonsense')).toEqual(EMPTY_HISTORY);
    const stored = addToHistory(EMPTY_HISTORY, [notice(1), notice(2)], NOW);
    const damaged = { ...stored, entries: [{ ...stored.entries[0], kind: 'gone' }, stored.entries[1]] };
    expect(parseHistory(damaged).entries.map((e) => e.body)).toEqual(['Homework 1']);
    expect(parseHistory(damaged).unseen).toBe(1);
  });

  it('two histories merge newest first, once each', () => {
    const a = addToHistory(EMPTY_HISTORY, [notice(1)], NOW);
    const b = addToHistory(addToHistory(EMPTY_HISTORY, [notice(1)], NOW + 1_000), [notice(2)], NOW + 2_000);
    expect(mergeHistories(a, b).entries.map((e) => [e.body, e.at])).toEqual([
      ['Homework 2', '2026-06-15T16:00:02+01:00'],
      ['Homework 1', '2026-06-15T16:00:01+01:00'],
    ]);
  });

  it('opening answers the unseen count once, then all are seen, and that is saved', () => {
    const store = createMemoryStore();
    const history = openHistory(store);
    history.record([notice(1), notice(2)], NOW);
    expect(history.open().unseen).toBe(2);
    expect(history.open()).toMatchObject({ unseen: 0, entries: [{ body: 'Homework 2' }, {}] });
    expect(openHistory(store).current.unseen).toBe(0);
  });
});

const before = knownData([known({ homework: [homework(1)], announcements: [announcement(5)] })]);
const after = knownData([
  known({ homework: [homework(1), homework(2)], announcements: [announcement(5), announcement(6)] }),
]);

function setUp(
  settings: Partial<Settings['notifications']> = {},
  stores: { store: Store; cache?: Store } = { store: createMemoryStore() },
) {
  const clock = new FakeClock(AFTER_SCHOOL);
  const notifier = createConsoleNotifier({ write: () => {} });
  const ports = unitPorts({ clock, notifier, ...stores });
  const scope = new DataScope(ports);
  const all: Settings = {
    ...DEFAULT_SETTINGS,
    notifications: { ...DEFAULT_SETTINGS.notifications, ...settings },
  };
  const dispatch = new NotificationDispatch(ports, scope, new AppEvents(silentLogger, undefined), () => all);
  const entries = () => scope.history.current.entries;
  return { scope, dispatch, shown: notifier.shown, entries, clock };
}

describe('what goes into the history', () => {
  it('every notification shown, as it said it, opening what the toast opens', () => {
    const { dispatch, shown, entries } = setUp();
    dispatch.notify(before, after, null);
    expect(shown).toHaveLength(2);
    expect(entries().map((e) => [e.id, e.title, e.target, e.heldBack])).toEqual(
      [...shown].reverse().map((n) => [n.id, n.title, n.target, false]),
    );
  });

  it('news held back by quiet hours, marked so; nothing shown', () => {
    const { dispatch, shown, entries } = setUp({
      quietHours: { enabled: true, start: '15:00', end: '17:00' },
    });
    dispatch.notify(before, after, null);
    expect(shown).toEqual([]);
    expect(entries().map((e) => [e.kind, e.heldBack])).toEqual([
      ['announcement', true],
      ['homework-new', true],
    ]);
  });

  it('not a kind switched off, nor anything with notifications off, nor the first sync of a sign-in', () => {
    const off = setUp({ kinds: { ...DEFAULT_SETTINGS.notifications.kinds, announcement: false } });
    off.dispatch.notify(before, after, null);
    expect(off.entries().map((e) => e.kind)).toEqual(['homework-new']);
    const allOff = setUp({ enabled: false });
    allOff.dispatch.notify(before, after, null);
    expect(allOff.entries()).toEqual([]);
    const first = setUp();
    first.dispatch.notify(null, after, null);
    expect(first.entries()).toEqual([]);
  });

  it('in full wording though the toast was generic (privacy mode), and without the name in the title', () => {
    const jane = pupil({ id: 11, firstName: 'Jane' });
    const was = knownData([known({ pupil: jane, activity: [] })], 'parent');
    const now = knownData([known({ pupil: jane, activity: [point(7, { reason: 'Kindness' })] })], 'parent');
    const { dispatch, shown, entries } = setUp({ privacy: true });
    dispatch.notify(was, now, null);
    expect(shown[0]).toMatchObject({ title: 'New behaviour update' });
    expect(entries()[0]).toMatchObject({
      title: 'Positive behaviour point',
      pupil: { id: 11, firstName: 'Jane' },
    });
    expect(entries()[0]?.body).toContain('Kindness');
  });
});

describe('where the history is kept', () => {
  const stores = () => ({
    store: createMemoryStore(),
    cache: createMemoryStore(),
  });

  it('on disk (the remembered-data store) for a remembered sign-in, across runs', () => {
    const s = stores();
    const first = setUp({}, s);
    first.scope.use(true);
    first.dispatch.notify(before, after, null);
    expect(s.cache.get(HISTORY_STORE_KEY)).toBeDefined();
    const next = setUp({}, s);
    next.scope.openRemembered(true);
    expect(next.entries()).toHaveLength(2);
  });

  it('in memory only for a sign-in that is not remembered', () => {
    const s = stores();
    const { scope, dispatch, entries } = setUp({}, s);
    scope.use(false);
    dispatch.notify(before, after, null);
    expect(entries()).toHaveLength(2);
    expect(s.cache.dump()).toEqual({});
    expect(s.store.dump()).toEqual({});
  });

  it('forgotten at sign-out', () => {
    const s = stores();
    const { scope, dispatch, entries } = setUp({}, s);
    scope.use(true);
    dispatch.notify(before, after, null);
    scope.forget();
    expect(entries()).toEqual([]);
    expect(s.cache.get(HISTORY_STORE_KEY)).toBeUndefined();
  });

  it('a sign-in again carries it over, off the disk when no longer remembered', () => {
    const s = stores();
    const { scope, dispatch, entries } = setUp({}, s);
    scope.use(true);
    dispatch.notify(before, after, null);
    scope.carryOver(false, NOW);
    expect(entries()).toHaveLength(2);
    expect(s.cache.get(HISTORY_STORE_KEY)).toBeUndefined();
  });
});
