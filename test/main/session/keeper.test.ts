// Session keeper with a fake clock and a scriptable in-memory service: renewal cadence, single flight,
// recovery from expiry, refused credentials, backoff, resume, sign-out, restore from the vault.
import { describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../../main/adapters/memory-vault';
import { NetworkError, WrongCredentialsError } from '../../../main/classcharts/errors';
import { silentLogger, type Vault } from '../../../main/ports';
import {
  CREDENTIALS_VAULT_KEY,
  KeychainError,
  NotSignedInError,
  SessionKeeper,
  type SessionEvent,
} from '../../../main/session/keeper';
import { DEFAULT_RENEWAL_POLICY, SESSION_TOKEN_LIFETIME_MS } from '../../../main/session/renewal-policy';
import { FakeClock, settle } from '../../support/clock';
import { deferred, FakeService, FakeSessionClient } from '../../support/helpers';

/**
 * A client that can ping with a timed-out token (issue 25 §3): `renews()` says whether the service renews it
 * (skeffling/timetable-plus sees the live service do so); each call counts as a renewal request.
 */
class RevivingClient extends FakeSessionClient {
  revivals = 0;
  constructor(
    private readonly fakeService: FakeService,
    private readonly renews: () => boolean,
  ) {
    super(fakeService);
  }

  async revive(): Promise<boolean | null> {
    this.revivals += 1;
    this.fakeService.renewals += 1;
    if (!this.renews()) {
      this.token = null;
      return false;
    }
    this.token = this.fakeService.issue();
    return true;
  }
}

/** The default renewal period: 170 s, 10 s inside the token's 180 s life (main/session/renewal-policy.ts). */
const RENEW = DEFAULT_RENEWAL_POLICY.renewEveryMs;

const STUDENT = { kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012' } as const;

function setup(
  options: { vault?: Vault; renewEveryMs?: number; keepAlive?: () => boolean; reviving?: () => boolean } = {},
) {
  const clock = new FakeClock('2026-06-15T08:00:00+01:00');
  const service = new FakeService();
  const vault = options.vault ?? createMemoryVault();
  const events: SessionEvent[] = [];
  const { reviving } = options;
  const keeper = new SessionKeeper<FakeSessionClient>({
    createClient: () => (reviving ? new RevivingClient(service, reviving) : service.client()),
    clock,
    vault,
    logger: silentLogger,
    policy: options.renewEveryMs ? { renewEveryMs: options.renewEveryMs } : {},
    keepAlive: options.keepAlive,
  });
  keeper.on((e) => events.push(e));
  return { clock, service, vault, keeper, events };
}

// Issue 25 §4: a remembered session is let go when no one needs it before a sign-in would be cheaper, and
// signed in again (or pinged back) when it is; without "remember me" nothing changes.
describe('session keeper: a session that lapses', () => {
  it('a remembered session lapses when keepAlive says no: no renewal; the next request signs in first', async () => {
    const { clock, service, keeper, events } = setup({ keepAlive: () => false });
    await keeper.signIn(STUDENT, { remember: true });
    await clock.advance(30 * 60_000);
    expect(service.renewals).toBe(0);
    expect(clock.pending).toBe(0);
    expect(keeper.status).toBe('signed-in');
    await expect(keeper.run((c) => c.read())).resolves.toMatch(/^data with/);
    expect(service.logins).toBe(2);
    expect(service.reads).toBe(1);
    expect(events).toContainEqual({ type: 're-login', ok: true, reason: 'lapsed' });
    // Signed in again, it renews on its cadence until keepAlive is asked again (and lapses again).
    expect(clock.delays()).toEqual([RENEW]);
  });

  it('keepAlive saying yes renews as before', async () => {
    let asked = 0;
    const { clock, service, keeper } = setup({ keepAlive: () => (asked++, true) });
    await keeper.signIn(STUDENT, { remember: true });
    await clock.advance(3 * RENEW);
    expect(service.renewals).toBe(3);
    expect(asked).toBe(3);
  });

  it('without "remember me" it never lapses: keepAlive is not even asked', async () => {
    let asked = 0;
    const { clock, service, keeper } = setup({ keepAlive: () => (asked++, false) });
    await keeper.signIn(STUDENT, { remember: false });
    await clock.advance(3 * RENEW);
    expect(service.renewals).toBe(3);
    expect(asked).toBe(0);
  });

  it('a lapsed session stays lapsed through a sleep: resume sends nothing', async () => {
    const { clock, service, keeper } = setup({ keepAlive: () => false });
    await keeper.signIn(STUDENT, { remember: true });
    await clock.advance(RENEW);
    keeper.suspend();
    await keeper.resume();
    expect(service.renewals + service.logins).toBe(1);
  });

  it('wake() brings a lapsed session back at once (the popover opened), and does nothing otherwise', async () => {
    const { clock, service, keeper } = setup({ keepAlive: () => false });
    await keeper.signIn(STUDENT, { remember: true });
    await keeper.wake();
    expect(service.logins).toBe(1);
    await clock.advance(RENEW);
    await keeper.wake();
    expect(service.logins).toBe(2);
    await keeper.run((c) => c.read());
    expect(service.logins).toBe(2);
  });

  it('pings the timed-out token first; if that renews it, no sign-in', async () => {
    const { clock, service, keeper } = setup({ keepAlive: () => false, reviving: () => true });
    await keeper.signIn(STUDENT, { remember: true });
    for (let i = 1; i <= 3; i++) {
      await clock.advance(SESSION_TOKEN_LIFETIME_MS + 60_000);
      await keeper.run((c) => c.read());
    }
    expect(service.logins).toBe(1);
    expect(service.renewals).toBe(3);
  });

  it('once the service refused a timed-out token, later lapses sign in straight away', async () => {
    const { clock, service, keeper } = setup({ keepAlive: () => false, reviving: () => false });
    await keeper.signIn(STUDENT, { remember: true });
    for (let i = 1; i <= 3; i++) {
      await clock.advance(SESSION_TOKEN_LIFETIME_MS + 60_000);
      await keeper.run((c) => c.read());
    }
    expect(service.renewals, 'one ping, the first time only').toBe(1);
    expect(service.logins).toBe(4);
  });
});

describe('session keeper: renewal cadence', () => {
  it("renews every 170 s, inside the token's 180 s, while signed in, rotating the token each time", async () => {
    expect(RENEW).toBe(170_000);
    expect(SESSION_TOKEN_LIFETIME_MS - RENEW).toBe(10_000);
    const { clock, service, keeper } = setup();
    await keeper.signIn(STUDENT, { remember: false });
    await clock.advance(RENEW - 1_000);
    expect(service.renewals).toBe(0);
    await clock.advance(1_000);
    expect(service.renewals).toBe(1);
    await clock.advance(RENEW * 4);
    expect(service.renewals).toBe(5);
    // The token in use is the latest one: a read succeeds without signing in again.
    await expect(keeper.run((c) => c.read())).resolves.toMatch(/^data with t/);
    expect(service.logins).toBe(1);
  });

  it("counts the next renewal from when the ping was sent, so a slow answer does not shorten the token's life", async () => {
    const { clock, service, keeper } = setup();
    await keeper.signIn(STUDENT, { remember: false });
    const slow = deferred();
    service.renewGate = slow.promise;
    await clock.advance(RENEW); // the first renewal is sent, and takes 5 s to answer
    expect(service.renewals).toBe(1);
    await clock.advance(5_000);
    service.renewGate = null;
    slow.resolve();
    await settle();
    await clock.advance(RENEW - 6_000); // 339 s after sign-in: not yet
    expect(service.renewals).toBe(1);
    await clock.advance(1_000); // 170 s after the first ping was sent
    expect(service.renewals).toBe(2);
  });

  it('uses a configured renewal period', async () => {
    const { clock, service, keeper } = setup({ renewEveryMs: 2_000 });
    await keeper.signIn(STUDENT, { remember: false });
    await clock.advance(10_000);
    expect(service.renewals).toBe(5);
  });
});

describe('session keeper: single flight', () => {
  it('requests arriving during a renewal wait for it and then use the new token', async () => {
    const { clock, service, keeper } = setup();
    await keeper.signIn(STUDENT, { remember: false });
    const gate = deferred();
    service.renewGate = gate.promise;
    await clock.advance(RENEW); // renewal starts and hangs at the gate
    expect(service.renewals).toBe(1);
    const before = service.reads;
    const reads = Array.from({ length: 5 }, () => keeper.run((c) => c.read()));
    await settle();
    expect(service.reads).toBe(before); // none went out during the renewal
    void keeper.renewNow(); // a second renewal request joins the running one
    gate.resolve();
    service.renewGate = null;
    const results = await Promise.all(reads);
    expect(service.renewals).toBe(1);
    expect(new Set(results)).toEqual(new Set(['data with t2']));
  });

  it('many requests that find the session expired share one sign-in, then all succeed', async () => {
    const { service, keeper, events } = setup();
    await keeper.signIn(STUDENT, { remember: false });
    service.expireAll();
    const results = await Promise.all(Array.from({ length: 8 }, () => keeper.run((c) => c.read())));
    expect(results).toHaveLength(8);
    expect(service.logins).toBe(2); // the user's sign-in + exactly one recovery
    expect(events).toContainEqual({ type: 're-login', ok: true, reason: 'expired' });
  });
});

describe('session keeper: expiry and refused credentials', () => {
  it('an expired renewal signs in again with the held credentials and keeps renewing', async () => {
    const { clock, service, keeper } = setup();
    await keeper.signIn(STUDENT, { remember: false });
    service.expireAll();
    await clock.advance(RENEW);
    expect(service.logins).toBe(2);
    expect(keeper.status).toBe('signed-in');
    await clock.advance(RENEW);
    expect(service.renewals).toBe(2);
  });

  it('a refused sign-in stops everything: needs-sign-in, vault emptied, no more attempts', async () => {
    const { clock, service, keeper, vault } = setup();
    await keeper.signIn(STUDENT, { remember: true });
    expect(await vault.get(CREDENTIALS_VAULT_KEY)).not.toBeNull();
    service.acceptedCode = 'CHANGED'; // the school reset the pupil's code
    service.expireAll();
    await expect(keeper.run((c) => c.read())).rejects.toBeInstanceOf(WrongCredentialsError);
    expect(keeper.status).toBe('needs-sign-in');
    expect(await vault.get(CREDENTIALS_VAULT_KEY)).toBeNull();
    const attempts = service.logins + service.renewals;
    await clock.advance(3_600_000);
    await expect(keeper.run((c) => c.read())).rejects.toBeInstanceOf(NotSignedInError);
    expect(service.logins + service.renewals).toBe(attempts);
    expect(clock.pending).toBe(0);
  });
});

describe('session keeper: network failure', () => {
  it('backs off exponentially with a cap while offline, then returns to the normal cadence', async () => {
    const { clock, service, keeper, events } = setup();
    await keeper.signIn(STUDENT, { remember: false });
    service.online = false;
    await clock.advance(RENEW);
    const retries: number[] = [];
    for (let i = 0; i < 9; i++) {
      const failure = events.filter((e) => e.type === 'renewal' && !e.ok).at(-1);
      if (failure?.type === 'renewal' && !failure.ok) retries.push(failure.retryInMs);
      const [next] = clock.delays();
      await clock.advance(next ?? 0);
    }
    expect(retries.slice(0, 8)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
    expect(keeper.status).toBe('signed-in');
    service.online = true;
    await clock.advance(300_000);
    // Back online: the next attempt renews, and the cadence is 170 s again.
    expect(events.at(-1)).toEqual({ type: 'renewal', ok: true });
    expect(clock.delays()).toEqual([RENEW]);
  });

  it('a request that fails for lack of network is not retried by signing in again', async () => {
    const { service, keeper } = setup();
    await keeper.signIn(STUDENT, { remember: false });
    service.online = false;
    await expect(keeper.run((c) => c.read())).rejects.toBeInstanceOf(NetworkError);
    expect(service.logins).toBe(1);
  });
});

describe('session keeper: suspend and resume', () => {
  it('on resume renews at once, then resumes the cadence', async () => {
    const { clock, service, keeper } = setup();
    await keeper.signIn(STUDENT, { remember: false });
    keeper.suspend();
    expect(clock.pending).toBe(0);
    clock.jump(2 * 3_600_000); // slept two hours
    await keeper.resume();
    expect(service.renewals).toBe(1);
    expect(clock.delays()).toEqual([RENEW]);
  });

  it('a sign-in after a sleep whose wake-up was never reported still renews every 170 s', async () => {
    const { clock, service, keeper } = setup();
    keeper.suspend(); // asleep while signed out; no resume() follows
    await keeper.signIn(STUDENT, { remember: false });
    await clock.advance(10 * 60_000);
    expect(service.renewals).toBe(3);
  });

  it('on resume after the session died, signs in again at once', async () => {
    const { clock, service, keeper, events } = setup();
    await keeper.signIn(STUDENT, { remember: false });
    keeper.suspend();
    clock.jump(3_600_000);
    service.expireAll();
    await keeper.resume();
    expect(service.logins).toBe(2);
    expect(events).toContainEqual({ type: 're-login', ok: true, reason: 'expired' });
    await expect(keeper.run((c) => c.read())).resolves.toBeTruthy();
  });
});

describe('session keeper: sign-out', () => {
  it('stops every timer and forgets token and credentials (memory and vault)', async () => {
    const { clock, service, keeper, vault } = setup();
    await keeper.signIn(STUDENT, { remember: true });
    expect(clock.pending).toBe(1);
    await keeper.signOut();
    expect(clock.pending).toBe(0);
    expect(await vault.get(CREDENTIALS_VAULT_KEY)).toBeNull();
    expect(keeper.status).toBe('signed-out');
    await expect(keeper.run((c) => c.read())).rejects.toBeInstanceOf(NotSignedInError);
    await clock.advance(3_600_000);
    expect(service.renewals).toBe(0);
    expect(service.logins).toBe(1);
  });

  it('a renewal in flight at sign-out changes nothing afterwards', async () => {
    const { clock, service, keeper } = setup();
    await keeper.signIn(STUDENT, { remember: false });
    const gate = deferred();
    service.renewGate = gate.promise;
    await clock.advance(RENEW);
    await keeper.signOut();
    service.expireAll();
    gate.resolve();
    await settle();
    expect(keeper.status).toBe('signed-out');
    expect(clock.pending).toBe(0);
    expect(service.logins).toBe(1);
  });
});

describe('session keeper: vault', () => {
  it('remembers credentials only when asked', async () => {
    const { keeper, vault } = setup();
    await keeper.signIn(STUDENT, { remember: false });
    expect(await vault.get(CREDENTIALS_VAULT_KEY)).toBeNull();
    await keeper.signIn(STUDENT, { remember: true });
    expect(JSON.parse((await vault.get(CREDENTIALS_VAULT_KEY)) ?? '{}')).toEqual(STUDENT);
  });

  it('does not store credentials when no keychain is available, and still signs in', async () => {
    const vault = createMemoryVault({ status: 'unavailable' });
    const { keeper } = setup({ vault });
    await keeper.signIn(STUDENT, { remember: true });
    expect(keeper.status).toBe('signed-in');
    expect(await vault.get(CREDENTIALS_VAULT_KEY)).toBeNull();
  });

  it('signs out again and says so when the keychain refuses to store', async () => {
    const broken: Vault = {
      ...createMemoryVault(),
      set: async () => {
        throw new Error('keyring locked');
      },
    };
    const { keeper } = setup({ vault: broken });
    await expect(keeper.signIn(STUDENT, { remember: true })).rejects.toBeInstanceOf(KeychainError);
    expect(keeper.status).toBe('signed-out');
  });

  it('restores a remembered sign-in; offline at start it stays signed in and retries with backoff', async () => {
    const vault = createMemoryVault({ initial: { [CREDENTIALS_VAULT_KEY]: JSON.stringify(STUDENT) } });
    const { clock, service, keeper } = setup({ vault });
    service.online = false;
    expect(await keeper.restore()).toBe('restored');
    expect(keeper.status).toBe('signed-in');
    expect(clock.delays()).toEqual([5_000]);
    service.online = true;
    await clock.advance(5_000);
    expect(service.logins).toBe(2);
    await expect(keeper.run((c) => c.read())).resolves.toBeTruthy();
    expect(service.logins).toBe(2);
  });

  // A remembered code-only pupil (issue 25 §1) has an empty date of birth: it must restore at the next start,
  // not be thrown away as unreadable (daydreme/classcharts-server-mock@1c742cfc67 pkg/student/user/auth.go).
  it('restores a remembered code-only pupil, whose date of birth is empty', async () => {
    const codeOnly = { kind: 'student', code: 'NODOB2026', dateOfBirth: '' } as const;
    const vault = createMemoryVault({ initial: { [CREDENTIALS_VAULT_KEY]: JSON.stringify(codeOnly) } });
    const { keeper, service } = setup({ vault });
    service.acceptedCode = 'NODOB2026';
    expect(await keeper.restore()).toBe('restored');
    expect(service.logins).toBe(1);
    expect(keeper.status).toBe('signed-in');
    expect(await vault.get(CREDENTIALS_VAULT_KEY)).toBe(JSON.stringify(codeOnly));
  });

  it('unreadable remembered credentials are forgotten, not used', async () => {
    const vault = createMemoryVault({ initial: { [CREDENTIALS_VAULT_KEY]: '{"kind":"student"' } });
    const { keeper, service } = setup({ vault });
    expect(await keeper.restore()).toBe('none');
    expect(service.logins).toBe(0);
    expect(await vault.get(CREDENTIALS_VAULT_KEY)).toBeNull();
  });
});
