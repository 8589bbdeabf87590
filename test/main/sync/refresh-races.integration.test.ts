// Sign-out, or the stored credentials being refused, while a refresh is in flight: at start-up, at sign-in
// and on resume. Afterwards nothing may run again by itself — no refresh, no renewal, no midnight timer
// (the minute tick may stay while there is data on screen) — and a sign-in cut short by a sign-out says so.
// The fake server and the app share one fake clock; a gate holds the data requests of the refresh.
import { afterEach, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../common/contract';
import { createMemoryVault } from '../../../main/adapters/memory-vault';
import { silentLogger } from '../../../main/ports';
import { CREDENTIALS_VAULT_KEY, SessionKeeper } from '../../../main/session/keeper';
import { type CoreClient, type SyncEvent, SyncEngine } from '../../../main/sync/sync-engine';
import { MIN_REFRESH_DELAY_MS } from '../../../main/sync/schedule';
import {
  type Harness,
  MONDAY_MORNING,
  RequestGate,
  startHarness,
  studentLogin,
} from '../../support/app-harness';
import { FakeClock, settle } from '../../support/clock';

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

const REMEMBERED = JSON.stringify({ kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012' });

/** A harness whose data requests pass a gate, with the demo student remembered in the vault if asked. */
async function gated(remembered: boolean): Promise<{ h: Harness; gate: RequestGate }> {
  const gate = new RequestGate();
  const vault = createMemoryVault({ initial: remembered ? { [CREDENTIALS_VAULT_KEY]: REMEMBERED } : {} });
  const h = (harness = await startHarness({ gate, vault }));
  return { h, gate };
}

/** The school changes the pupil's code and every session ends: the next sign-in with the old code is refused. */
function codeChangedAtSchool(h: Harness): void {
  h.fake.dataset.students[0]!.code = 'NEWCODE9';
  h.fake.expireSessions();
}

/** At most one timer is left, and only the minute tick (due at the next whole minute, within 60 s). */
function expectOnlyMinuteTick(h: Harness): void {
  const now = h.clock.now();
  const delays = h.clock.delays();
  const minuteTick = (delay: number) => delay > 0 && delay <= 60_000 && (now + delay) % 60_000 === 0;
  expect(
    delays.filter((delay) => !minuteTick(delay)),
    'timers other than the minute tick',
  ).toEqual([]);
  expect(delays.length).toBeLessThanOrEqual(1);
}

/** Over a simulated hour nothing is sent and no refresh is attempted. */
async function expectQuietHour(h: Harness): Promise<void> {
  const sent = h.fake.requests.length;
  const events = h.events.length;
  await h.clock.advance(3_600_000);
  expect(h.fake.requests.slice(sent)).toEqual([]);
  expect(h.events.slice(events).filter((e) => e.type === 'refresh' || e.type === 'renewal')).toEqual([]);
}

/** Starts signed out, then signs in with the first refresh held at the gate; resolves with the sign-in's answer to come. */
async function signInHeld(h: Harness, gate: RequestGate): Promise<{ login: Promise<LoginResult> }> {
  await h.app.start();
  await h.app.whenIdle();
  gate.close();
  const login = h.app.handlers['auth:login'](studentLogin());
  await gate.reached(); // signed in; the first refresh is waiting for its answers
  return { login }; // wrapped: an async function returning the promise itself would wait for it
}

/** After a refusal: waiting for the user, no timer but the minute tick, and a quiet hour. */
async function expectWaitingForUser(h: Harness): Promise<void> {
  await h.app.whenIdle();
  await settle();
  expect(h.app.state().auth).toBe('needs-sign-in');
  expectOnlyMinuteTick(h);
  await expectQuietHour(h);
}

describe('sign-out while a refresh is in flight', () => {
  it('during the start-up refresh of a remembered sign-in: signed out, no timer, nothing more sent', async () => {
    const { h, gate } = await gated(true);
    gate.close();
    await h.app.start();
    await gate.reached(); // the start-up refresh is waiting for its answers
    await h.app.handlers['auth:logout']();
    gate.open();
    await h.app.whenIdle();
    await settle();

    expect(h.app.state().auth).toBe('signed-out');
    expect(h.clock.delays(), 'timers left').toEqual([]);
    await expectQuietHour(h);
  });

  it('during the refresh of a sign-in: the sign-in reports it did not finish; no timer, nothing more sent', async () => {
    const { h, gate } = await gated(false);
    const { login } = await signInHeld(h, gate);
    await h.app.handlers['auth:logout']();
    gate.open();

    expect(await login).toMatchObject({ ok: false });
    await h.app.whenIdle();
    expect(h.app.state().auth).toBe('signed-out');
    expect(h.clock.delays(), 'timers left').toEqual([]);
    await expectQuietHour(h);
  });
});

describe('stored credentials refused while a refresh is in flight', () => {
  it('during the resume refresh after a sleep: needs sign-in, no refresh or renewal timer, nothing more sent', async () => {
    const { h, gate } = await gated(false);
    await h.app.start();
    await h.app.whenIdle();
    expect(await h.app.handlers['auth:login'](studentLogin())).toEqual({ ok: true });
    await h.app.whenIdle();

    h.app.suspend();
    h.clock.jump(2 * 3_600_000);
    gate.close();
    const refused = h.until((e) => e.type === 'status' && e.status === 'needs-sign-in');
    h.app.resume();
    await gate.reached(); // renewed (signed in again after the long sleep); the resume refresh is waiting
    codeChangedAtSchool(h);
    gate.open();
    await refused;
    await expectWaitingForUser(h);
  });

  it('during the start-up refresh of a remembered sign-in: needs sign-in, no refresh timer, nothing more sent', async () => {
    const { h, gate } = await gated(true);
    gate.close();
    const refused = h.until((e) => e.type === 'status' && e.status === 'needs-sign-in');
    await h.app.start();
    await gate.reached(); // the restore signed in; the start-up refresh is waiting
    codeChangedAtSchool(h);
    gate.open();
    await refused;
    await expectWaitingForUser(h);
  });
});

describe('stored credentials refused during the refresh of a sign-in', () => {
  it('the sign-in answers with the refusal, not ok, and nothing runs on', async () => {
    const { h, gate } = await gated(false);
    const { login } = await signInHeld(h, gate);
    codeChangedAtSchool(h);
    gate.open();

    expect(await login).toMatchObject({ ok: false, code: 'wrong-code', field: 'code' });
    await expectWaitingForUser(h);
  });
});

describe('the sync engine without a session', () => {
  it('a refresh that finds no session stops the refresh and midnight timers instead of retrying', async () => {
    const clock = new FakeClock(MONDAY_MORNING);
    const keeper = new SessionKeeper<CoreClient>({
      createClient: () => {
        throw new Error('nobody signs in here');
      },
      clock,
      vault: createMemoryVault(),
      logger: silentLogger,
    });
    const events: SyncEvent[] = [];
    const engine = new SyncEngine({
      keeper,
      clock,
      logger: silentLogger,
      refreshIntervalMs: () => 900_000,
      onChange: () => {},
      onData: () => {},
      onEvent: (event) => events.push(event),
    });
    engine.start(); // as if a sign-in had just finished, but the keeper is signed out
    expect(clock.delays()[0]).toBe(MIN_REFRESH_DELAY_MS);
    await clock.advance(MIN_REFRESH_DELAY_MS);
    expect(events).toEqual([
      expect.objectContaining({ type: 'refresh', ok: false, reason: 'interval', retryInMs: null }),
    ]);
    expect(clock.delays(), 'timers left').toEqual([]);
    await clock.advance(3_600_000);
    expect(events).toHaveLength(1);
  });
});

describe('midnight while a refresh is in flight', () => {
  it("the refresh still fetching yesterday is followed by one for the new day: today's lessons at 00:00", async () => {
    const gate = new RequestGate();
    const h = (harness = await startHarness({
      gate,
      clock: new FakeClock('2026-06-15T23:44:00+01:00'),
      server: { sessionTtlSeconds: 100_000 },
    }));
    await h.app.start();
    await h.app.whenIdle();
    await h.app.handlers['auth:login'](studentLogin());
    await h.app.whenIdle();
    expect(h.app.state().today?.date).toBe('2026-06-15');
    await h.clock.advance(Date.parse('2026-06-15T23:58:59+01:00') - h.clock.now());
    gate.close();
    // The popover opened at 23:59 (no interval refresh is due overnight): its refresh is held at the gate.
    h.app.userReturned();
    await h.clock.advance(2_000);
    const idle = h.app.whenIdle(); // asked before midnight: it must wait for the refresh queued after it
    await h.clock.advance(Date.parse('2026-06-16T00:00:06+01:00') - h.clock.now()); // midnight fires meanwhile
    gate.open();
    await idle;
    const reasons = h.events.flatMap((e) => (e.type === 'refresh' && e.ok ? [e.reason] : []));
    expect(reasons.slice(-2)).toEqual(['popover', 'midnight']);
    expect(h.app.state().today?.date).toBe('2026-06-16');
    expect(h.app.state().today?.lessons.length).toBeGreaterThan(0);
  });
});
