// NotificationDispatch (main/app/notification-dispatch.ts): which notifications go out through the notifier,
// once each, what the switches and quiet hours hold back, records the user is looking at, a failing notifier.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../common/contract';
import { createConsoleNotifier } from '../../../main/adapters/console-notifier';
import { DataScope } from '../../../main/app/data-scope';
import { AppEvents, type CoreEvent } from '../../../main/app/events';
import { NotificationDispatch } from '../../../main/app/notification-dispatch';
import { type Notifier, silentLogger } from '../../../main/ports';
import { FakeClock } from '../../support/clock';
import { announcement, homework, known, knownData } from '../../support/fixtures';
import { unitPorts } from './helpers';

/** Monday 15 June 2026, 16:00 London: after school, no quiet hours by default. */
const AFTER_SCHOOL = '2026-06-15T16:00:00+01:00';

const before = knownData([known({ homework: [homework(1)], announcements: [announcement(5)] })]);
const withNewHomework = knownData([
  known({ homework: [homework(1), homework(2)], announcements: [announcement(5)] }),
]);
const withNewHomeworkAndAnnouncement = knownData([
  known({ homework: [homework(1), homework(2)], announcements: [announcement(5), announcement(6)] }),
]);

function setUp(options: { notifier?: Notifier; settings?: Partial<Settings['notifications']> } = {}) {
  const clock = new FakeClock(AFTER_SCHOOL);
  const shown = createConsoleNotifier({ write: () => {} });
  const error = vi.fn();
  const ports = unitPorts({ clock, notifier: options.notifier ?? shown, logger: { ...silentLogger, error } });
  let settings: Settings = {
    ...DEFAULT_SETTINGS,
    notifications: { ...DEFAULT_SETTINGS.notifications, ...options.settings },
  };
  const events: CoreEvent[] = [];
  const scope = new DataScope(ports);
  const dispatch = new NotificationDispatch(
    ports,
    scope,
    new AppEvents(silentLogger, (e) => events.push(e)),
    () => settings,
  );
  const change = (over: Partial<Settings['notifications']>) => {
    settings = { ...settings, notifications: { ...settings.notifications, ...over } };
  };
  return { clock, shown: shown.shown, scope, dispatch, events, error, change };
}

describe('NotificationDispatch', () => {
  it('shows a new homework once, and a click on it opens that homework', () => {
    const { shown, dispatch, events } = setUp();
    dispatch.notify(before, withNewHomework, null);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      kind: 'homework-new',
      title: 'New homework',
      target: { view: 'homework', homeworkId: 2 },
    });
    expect(events).toEqual([{ type: 'notification', notification: shown[0] }]);
    dispatch.notify(before, withNewHomework, null); // the same news again (a refresh racing the tick)
    dispatch.notify(withNewHomework, withNewHomework, null); // the minute tick
    expect(shown).toHaveLength(1);
  });

  it('records what it told in the ledger of the scope', () => {
    const { dispatch, scope } = setUp();
    dispatch.notify(before, withNewHomework, null);
    expect(scope.ledger.entries().map(([id]) => id.split(':')[0])).toContain('homework-new');
  });

  it('tells nothing at the first data of a sign-in, but remembers it as seen', () => {
    const { shown, dispatch } = setUp();
    dispatch.notify(null, withNewHomework, null);
    expect(shown).toEqual([]);
    // Homework 2 was there at sign-in: a later comparison with older data does not tell it as new.
    dispatch.notify(before, withNewHomework, null);
    expect(shown).toEqual([]);
  });

  it('with notifications switched off, news is recorded silently and not told when they are back on', () => {
    const { shown, dispatch, change } = setUp({ settings: { enabled: false } });
    dispatch.notify(before, withNewHomework, null);
    expect(shown).toEqual([]);
    change({ enabled: true });
    dispatch.notify(before, withNewHomework, null);
    expect(shown).toEqual([]);
  });

  it('a kind switched off is not shown while other kinds are', () => {
    const { shown, dispatch } = setUp({
      settings: { kinds: { ...DEFAULT_SETTINGS.notifications.kinds, 'homework-new': false } },
    });
    dispatch.notify(before, withNewHomeworkAndAnnouncement, null);
    expect(shown.map((n) => n.kind)).toEqual(['announcement']);
  });

  it('in quiet hours news is kept quiet, and not told when they end', async () => {
    const { clock, shown, dispatch } = setUp({
      settings: { quietHours: { enabled: true, start: '15:00', end: '17:00' } },
    });
    dispatch.notify(before, withNewHomework, null);
    expect(shown).toEqual([]);
    await clock.advance(90 * 60_000);
    dispatch.notify(withNewHomework, withNewHomework, null);
    expect(shown).toEqual([]);
  });

  it('records news of the records the user is looking at without telling it, and leaves other news', () => {
    const { shown, dispatch } = setUp();
    dispatch.notify(before, withNewHomeworkAndAnnouncement, ['announcement']);
    expect(shown).toEqual([]);
    dispatch.notify(before, withNewHomeworkAndAnnouncement, null);
    expect(shown.map((n) => n.kind)).toEqual(['homework-new']);
  });

  it('a notifier that throws is logged and the next notification still goes', () => {
    const show = vi.fn().mockImplementationOnce(() => {
      throw new Error('notification server gone');
    });
    const { dispatch, events, error } = setUp({ notifier: { show } });
    dispatch.notify(before, withNewHomeworkAndAnnouncement, null);
    expect(show).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledWith('notifier failed', expect.anything());
    expect(events.filter((e) => e.type === 'notification')).toHaveLength(2);
  });
});
