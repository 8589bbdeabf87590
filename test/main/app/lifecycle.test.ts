// Lifecycle (main/app/lifecycle.ts) with a fake clock and stub keeper/engine: phases, sleep and wake, the
// minute tick and the missed wake-up it notices, the user coming back, stop.
import { describe, expect, it, vi } from 'vitest';
import { Lifecycle, MISSED_WAKE_MS } from '../../../main/app/lifecycle';
import type { NotificationDispatch } from '../../../main/app/notification-dispatch';
import type { KnownData } from '../../../main/known';
import type { SessionKeeper } from '../../../main/session/keeper';
import type { SessionStatus } from '../../../main/session/session-state';
import { POPOVER_STALE_AFTER_MS } from '../../../main/sync/schedule';
import type { CoreClient, SyncEngine } from '../../../main/sync/sync-engine';
import type { UpdateSchedule } from '../../../main/update/update-schedule';
import { FakeClock, settle } from '../../support/clock';
import { known, knownData } from '../../support/fixtures';
import { MONDAY_0730, stubAs, unitPorts } from './helpers';

const MINUTE = 60_000;

/** The keeper as the lifecycle sees it: a status, and the calls it makes. */
class KeeperStub {
  status: SessionStatus = 'signed-in';
  readonly resume = vi.fn(async () => {});
  readonly suspend = vi.fn();
  readonly stop = vi.fn();
  readonly wake = vi.fn(async () => {});
}

/** The engine as the lifecycle sees it. */
class EngineStub {
  known: KnownData | null = null;
  updatedAt: number | null = null;
  freshness = { stale: false, offline: false, refreshing: false, error: null };
  readonly refresh = vi.fn(async () => {});
  readonly start = vi.fn();
  readonly pause = vi.fn();
  readonly stop = vi.fn();
}

function setUp(status: SessionStatus = 'signed-in') {
  const clock = new FakeClock(MONDAY_0730); // on a minute boundary: the next tick is a minute away
  const keeper = new KeeperStub();
  keeper.status = status;
  const engine = new EngineStub();
  const updates = { stop: vi.fn(), resume: vi.fn() };
  const notifications = { notify: vi.fn() };
  const publish = vi.fn();
  const lifecycle = new Lifecycle({
    ports: unitPorts({ clock }),
    keeper: stubAs<SessionKeeper<CoreClient>>(keeper),
    engine: stubAs<SyncEngine>(engine),
    updates: stubAs<UpdateSchedule>(updates),
    notifications: stubAs<NotificationDispatch>(notifications),
    publish,
  });
  return { clock, keeper, engine, updates, notifications, publish, lifecycle };
}

/** Started and signed in, refresh timers and the minute tick running. */
function running() {
  const setup = setUp();
  setup.lifecycle.begin();
  setup.lifecycle.beginSignedIn();
  setup.engine.start.mockClear();
  return setup;
}

describe('Lifecycle', () => {
  it('goes stopped → awake → asleep → awake → stopped, and starts only once', () => {
    const { lifecycle } = setUp();
    expect(lifecycle.phase).toBe('stopped');
    expect(lifecycle.begin()).toBe(true);
    expect(lifecycle.phase).toBe('awake');
    expect(lifecycle.begin()).toBe(false);
    lifecycle.suspend();
    expect(lifecycle.phase).toBe('asleep');
    lifecycle.resume();
    expect(lifecycle.phase).toBe('awake');
    lifecycle.stop();
    expect(lifecycle.phase).toBe('stopped');
  });

  it('sleeping stops the tick, the renewals and the refreshes; waking renews, refreshes and restarts them', async () => {
    const { clock, keeper, engine, lifecycle } = running();
    expect(clock.pending).toBe(1); // the minute tick
    lifecycle.suspend();
    expect(keeper.suspend).toHaveBeenCalledTimes(1);
    expect(engine.pause).toHaveBeenCalledTimes(1);
    expect(clock.pending).toBe(0);

    lifecycle.resume();
    await settle();
    expect(keeper.resume).toHaveBeenCalledTimes(1);
    expect(engine.refresh).toHaveBeenCalledWith('resume');
    expect(engine.start).toHaveBeenCalledTimes(1);
    expect(clock.delays()).toEqual([MINUTE]);
  });

  it('renews once for one wake-up told twice, and again for a later one', async () => {
    const { clock, keeper, lifecycle } = running();
    lifecycle.suspend();
    lifecycle.resume();
    lifecycle.resume(); // the system's own event after the late tick
    await settle();
    expect(keeper.resume).toHaveBeenCalledTimes(1);
    await clock.advance(MISSED_WAKE_MS);
    lifecycle.resume();
    await settle();
    expect(keeper.resume).toHaveBeenCalledTimes(2);
  });

  it('a minute tick on time runs the time-based notifications and publishes, without a wake-up', async () => {
    const { clock, keeper, engine, notifications, publish, lifecycle } = running();
    const data = knownData([known()]);
    engine.known = data;
    await clock.advance(MINUTE);
    expect(notifications.notify).toHaveBeenCalledWith(data, data, null);
    expect(publish).toHaveBeenCalledTimes(1);
    expect(keeper.resume).not.toHaveBeenCalled();
    expect(clock.delays()).toEqual([MINUTE]); // the next tick
    expect(lifecycle.phase).toBe('awake');
  });

  it('notices a missed wake-up from a tick that comes more than MISSED_WAKE_MS late', async () => {
    const { clock, keeper, engine, notifications, lifecycle } = running();
    engine.known = knownData([known()]);
    // Slept with no wake-up reported: the tick, due in a minute, comes more than MISSED_WAKE_MS late.
    clock.jump(MINUTE + MISSED_WAKE_MS + 1_000);
    await clock.advance(0);
    expect(keeper.resume).toHaveBeenCalledTimes(1);
    expect(engine.refresh).toHaveBeenCalledWith('resume');
    expect(notifications.notify).not.toHaveBeenCalled();
    expect(lifecycle.phase).toBe('awake');
  });

  it('a tick only a little late is an ordinary tick', async () => {
    const { clock, keeper, publish } = running();
    clock.jump(MINUTE + MISSED_WAKE_MS - 1_000);
    await clock.advance(0);
    expect(keeper.resume).not.toHaveBeenCalled();
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it('waiting for the user to sign in again, the tick keeps the clock of the data shown but notifies nothing', async () => {
    const { clock, keeper, engine, notifications, publish, lifecycle } = setUp('needs-sign-in');
    lifecycle.begin();
    lifecycle.scheduleTick();
    expect(clock.pending).toBe(0); // nothing shown: no tick
    engine.known = knownData([known()]);
    lifecycle.scheduleTick();
    await clock.advance(MINUTE);
    expect(publish).toHaveBeenCalledTimes(1);
    expect(notifications.notify).not.toHaveBeenCalled();
    // A wake-up ends the keeper's sleep but refreshes nothing.
    lifecycle.resume();
    await settle();
    expect(keeper.resume).toHaveBeenCalledTimes(1);
    expect(engine.refresh).not.toHaveBeenCalled();
    expect(engine.start).not.toHaveBeenCalled();
  });

  it('stop stops the tick, the keeper, the engine and the updates; a wake-up after it does nothing', async () => {
    const { clock, keeper, engine, updates, lifecycle } = running();
    lifecycle.stop();
    expect(keeper.stop).toHaveBeenCalledTimes(1);
    expect(engine.stop).toHaveBeenCalledTimes(1);
    expect(updates.stop).toHaveBeenCalledTimes(1);
    expect(clock.pending).toBe(0);
    lifecycle.resume();
    lifecycle.userReturned();
    await clock.advance(10 * MINUTE);
    expect(keeper.resume).not.toHaveBeenCalled();
    expect(engine.refresh).not.toHaveBeenCalled();
    expect(lifecycle.phase).toBe('stopped');
  });

  it('the user coming back refreshes data older than the popover limit, else only wakes the session', () => {
    const { clock, keeper, engine, lifecycle } = running();
    engine.updatedAt = clock.now() - POPOVER_STALE_AFTER_MS;
    lifecycle.userReturned();
    expect(engine.refresh).toHaveBeenCalledWith('popover');
    expect(lifecycle.lastSeenAt).toBe(clock.now());

    engine.refresh.mockClear();
    engine.updatedAt = clock.now() - 1_000;
    lifecycle.userReturned();
    expect(engine.refresh).not.toHaveBeenCalled();
    expect(keeper.wake).toHaveBeenCalledTimes(1);
  });

  it('the user coming back to a computer that slept without a reported wake-up is a wake-up', async () => {
    const { keeper, engine, lifecycle } = running();
    lifecycle.suspend();
    lifecycle.userReturned();
    await settle();
    expect(lifecycle.phase).toBe('awake');
    expect(keeper.resume).toHaveBeenCalledTimes(1);
    expect(engine.refresh).toHaveBeenCalledWith('resume');
  });

  it('does not start the refresh timers after a sign-out that came during the first refresh', () => {
    const { keeper, engine, clock, lifecycle } = setUp();
    lifecycle.begin();
    keeper.status = 'signed-out';
    lifecycle.beginSignedIn();
    expect(engine.start).not.toHaveBeenCalled();
    expect(clock.pending).toBe(0);
  });
});
