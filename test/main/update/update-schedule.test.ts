/**
 * When the app checks for its own updates (main/update/update-schedule.ts) and what the core shows, on the
 * fake clock: shortly after start and every 6 hours, again after a wake-up that missed one, never during a
 * sign-in, never with the setting off or the updater off (demo, development run), nothing more once an
 * update is ready. The updater here is a fake port; test/main/platform/updater-feed.integration.test.ts
 * drives the real one.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../main/app';
import { nodePorts } from '../../../main/adapters/node-ports';
import { createElectronUpdater, updaterOffReason } from '../../../main/platform/updater';
import { silentLogger, type Updater } from '../../../main/ports';
import {
  BUSY_RETRY_MS,
  CHECK_INTERVAL_MS,
  createUpdateSchedule,
  FIRST_CHECK_DELAY_MS,
  TURNED_OFF_REASON,
} from '../../../main/update/update-schedule';
import type { UpdateState } from '../../../common/contract';
import { FakeClock } from '../../support/clock';

const START = '2026-11-25T08:00:00Z';

/** An Updater port whose checks answer `answer` (up to date by default) and are counted. */
function fakeUpdater(initial: UpdateState = { status: 'idle' }) {
  let state = initial;
  const listeners = new Set<(state: UpdateState) => void>();
  const set = (next: UpdateState) => {
    state = next;
    for (const listener of listeners) listener(next);
  };
  let answer: UpdateState = { status: 'up-to-date', checkedAt: 0 };
  const updater = {
    state: () => state,
    check: vi.fn(async () => {
      set({ status: 'checking' });
      set(answer);
    }),
    quitAndInstall: vi.fn(),
    onState(listener: (state: UpdateState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } satisfies Updater;
  return { updater, set, answerWith: (next: UpdateState) => (answer = next) };
}

function schedule(options: { enabled?: () => boolean; busy?: () => boolean; initial?: UpdateState } = {}) {
  const clock = new FakeClock(START);
  const fake = fakeUpdater(options.initial);
  const plan = createUpdateSchedule({
    clock,
    updater: fake.updater,
    enabled: options.enabled ?? (() => true),
    busy: options.busy ?? (() => false),
    logger: silentLogger,
  });
  return { clock, ...fake, plan };
}

describe('update schedule', () => {
  it('checks 30 s after start, then every 6 hours — not before', async () => {
    const { clock, updater, plan } = schedule();
    plan.start();
    await clock.advance(FIRST_CHECK_DELAY_MS - 1);
    expect(updater.check).not.toHaveBeenCalled();
    await clock.advance(1);
    expect(updater.check).toHaveBeenCalledTimes(1);
    await clock.advance(CHECK_INTERVAL_MS - 1);
    expect(updater.check).toHaveBeenCalledTimes(1);
    await clock.advance(1);
    expect(updater.check).toHaveBeenCalledTimes(2);
    await clock.advance(CHECK_INTERVAL_MS);
    expect(updater.check).toHaveBeenCalledTimes(3);
    plan.stop();
    await clock.advance(CHECK_INTERVAL_MS * 2);
    expect(updater.check).toHaveBeenCalledTimes(3);
  });

  it('a check due during a sign-in waits for it to end (asked again each minute)', async () => {
    let signingIn = true;
    const { clock, updater, plan } = schedule({ busy: () => signingIn });
    plan.start();
    await clock.advance(FIRST_CHECK_DELAY_MS + 3 * BUSY_RETRY_MS);
    expect(updater.check).not.toHaveBeenCalled();
    signingIn = false;
    await clock.advance(BUSY_RETRY_MS);
    expect(updater.check).toHaveBeenCalledTimes(1);
  });

  it('with the setting off: no check at all, and Settings shows it off; turned on, it checks soon', async () => {
    let on = false;
    const { clock, updater, plan } = schedule({ enabled: () => on });
    plan.start();
    await clock.advance(2 * CHECK_INTERVAL_MS);
    expect(updater.check).not.toHaveBeenCalled();
    expect(plan.shown()).toEqual({ status: 'off', reason: TURNED_OFF_REASON });
    on = true;
    plan.settingChanged();
    expect(plan.shown()).toEqual({ status: 'idle' });
    await clock.advance(FIRST_CHECK_DELAY_MS);
    expect(updater.check).toHaveBeenCalledTimes(1);
    on = false;
    plan.settingChanged();
    await clock.advance(2 * CHECK_INTERVAL_MS);
    expect(updater.check).toHaveBeenCalledTimes(1);
  });

  it('an updater that is off (demo, development run, a Linux .deb) is never asked, and its reason is what Settings shows', async () => {
    const packaged = { demo: false, isPackaged: true, platform: 'linux', appImage: '/home/p/CCT.AppImage' };
    const reason = updaterOffReason({ ...packaged, demo: true });
    expect(reason).toBe('Updates are off in the demo.');
    expect(updaterOffReason({ ...packaged, isPackaged: false })).toBe(
      'Updates are off in a development run.',
    );
    expect(updaterOffReason({ ...packaged, appImage: undefined })).toMatch(/can't update itself/);
    expect(updaterOffReason({ ...packaged, platform: 'win32', appImage: undefined })).toBeNull();
    expect(updaterOffReason(packaged)).toBeNull();
    const load = vi.fn();
    const off = createElectronUpdater({
      offReason: reason,
      load,
      platform: 'linux',
      logger: silentLogger,
      now: Date.now,
    });
    expect(load).not.toHaveBeenCalled(); // electron-updater is not even loaded
    await off.check();
    expect(off.state()).toEqual({ status: 'off', reason: 'Updates are off in the demo.' });

    const { clock, updater, plan } = schedule({ initial: { status: 'off', reason: reason ?? '' } });
    plan.start();
    plan.resume();
    await clock.advance(2 * CHECK_INTERVAL_MS);
    expect(updater.check).not.toHaveBeenCalled();
    expect(plan.shown()).toEqual({ status: 'off', reason: 'Updates are off in the demo.' });
  });

  it('after a sleep that missed a check, the wake-up checks soon — once', async () => {
    const { clock, updater, plan } = schedule();
    plan.start();
    await clock.advance(FIRST_CHECK_DELAY_MS);
    expect(updater.check).toHaveBeenCalledTimes(1);
    clock.jump(CHECK_INTERVAL_MS + 3_600_000); // asleep: timers did not run
    plan.resume();
    await clock.advance(FIRST_CHECK_DELAY_MS);
    expect(updater.check).toHaveBeenCalledTimes(2);
    await clock.advance(CHECK_INTERVAL_MS - FIRST_CHECK_DELAY_MS - 1);
    expect(updater.check).toHaveBeenCalledTimes(2);
  });

  it('a wake-up before a check is due keeps the 6-hour rhythm', async () => {
    const { clock, updater, plan } = schedule();
    plan.start();
    await clock.advance(FIRST_CHECK_DELAY_MS);
    clock.jump(3_600_000);
    plan.resume();
    await clock.advance(CHECK_INTERVAL_MS - 3_600_000 - 1);
    expect(updater.check).toHaveBeenCalledTimes(1);
    await clock.advance(1);
    expect(updater.check).toHaveBeenCalledTimes(2);
  });

  it('once an update is ready nothing more is checked, and it stays shown even with the setting off', async () => {
    let on = true;
    const { clock, updater, plan, answerWith } = schedule({ enabled: () => on });
    answerWith({ status: 'ready', version: '0.2.0' });
    plan.start();
    await clock.advance(FIRST_CHECK_DELAY_MS + 3 * CHECK_INTERVAL_MS);
    expect(updater.check).toHaveBeenCalledTimes(1);
    on = false;
    expect(plan.shown()).toEqual({ status: 'ready', version: '0.2.0' });
  });
});

describe('the core with an updater', () => {
  function app(updater: Updater) {
    const clock = new FakeClock(START);
    const ports = nodePorts({
      fetch: () => Promise.reject(new TypeError('fetch failed')),
      clock,
      config: { baseUrl: 'http://127.0.0.1:9', demo: false, version: '0.1.0', platform: 'linux' },
    });
    const core = createApp({ ...ports, updater });
    return { clock, core };
  }

  it('checks after start, shows each state in the snapshot, and the setting turns it off', async () => {
    const fake = fakeUpdater();
    const { clock, core } = app(fake.updater);
    const shown: (UpdateState | undefined)[] = [];
    core.on('state:changed', (state) => shown.push(state.environment.update));
    await core.start();
    expect(core.state().environment.update).toEqual({ status: 'idle' });
    expect(core.state().settings.autoUpdate).toBe(true);
    await clock.advance(FIRST_CHECK_DELAY_MS);
    expect(fake.updater.check).toHaveBeenCalledTimes(1);
    expect(shown).toContainEqual({ status: 'checking' });
    expect(core.state().environment.update).toEqual({ status: 'up-to-date', checkedAt: 0 });

    await core.handlers['settings:update']({ autoUpdate: false });
    expect(core.state().environment.update).toEqual({ status: 'off', reason: TURNED_OFF_REASON });
    await clock.advance(2 * CHECK_INTERVAL_MS);
    expect(fake.updater.check).toHaveBeenCalledTimes(1);
    await core.stop();
  });

  it('a bad settings argument is refused', async () => {
    const { core } = app(fakeUpdater().updater);
    await expect(core.handlers['settings:update']({ autoUpdate: 'yes' } as never)).rejects.toThrow();
    expect(core.state().settings.autoUpdate).toBe(true);
  });

  it('without an updater (CLI, preview) the snapshot has no update state', () => {
    const { core } = app(undefined as never);
    expect(core.state().environment.update).toBeUndefined();
  });
});
