// SignInFlow (main/app/sign-in.ts) with a stub session keeper and engine: signing in (success, wrong code,
// malformed form, keychain refusal, no pupils), signing out, and the remembered sign-in on a locked keychain.
import { describe, expect, it, vi } from 'vitest';
import type { AccountKind } from '../../../common/domain';
import type { AttachmentService } from '../../../main/app/attachments';
import { DataScope, SELECTED_PUPIL_STORE_KEY } from '../../../main/app/data-scope';
import { EnvironmentStatus } from '../../../main/app/environment-status';
import type { Lifecycle } from '../../../main/app/lifecycle';
import { SettingsService } from '../../../main/app/settings-service';
import { SignInFlow } from '../../../main/app/sign-in';
import type { Credentials } from '../../../main/classcharts/client';
import { NoPupilsError, WrongCredentialsError } from '../../../main/classcharts/errors';
import type { KnownData } from '../../../main/known';
import { createNoopShell } from '../../../main/adapters/noop-shell';
import type { Shell } from '../../../main/ports';
import { KeychainError, type RestoreOutcome, type SessionKeeper } from '../../../main/session/keeper';
import type { SessionStatus } from '../../../main/session/session-state';
import { saveKnownData } from '../../../main/sync/known-data';
import type { CoreClient, SyncEngine } from '../../../main/sync/sync-engine';
import { settle } from '../../support/clock';
import { known, knownData, pupil } from '../../support/fixtures';
import { stubAs, unitPorts } from './helpers';

const STUDENT = { kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012', remember: false } as const;
const ACCOUNT = knownData([known({ pupil: pupil({ id: 11 }) })]);

/** The session keeper as the sign-in flow uses it; `refusal` is what the next sign-in throws. */
class KeeperStub {
  status: SessionStatus = 'signed-out';
  accountKind: AccountKind | null = null;
  refusal: unknown = null;
  restoreOutcome: RestoreOutcome = 'none';
  remembered = false;
  readonly signIn = vi.fn(async (credentials: Credentials, _options: { remember: boolean }) => {
    if (this.refusal) throw this.refusal;
    this.status = 'signed-in';
    this.accountKind = credentials.kind;
  });
  readonly signOut = vi.fn(async () => {
    this.status = 'signed-out';
    this.accountKind = null;
  });
  readonly restore = vi.fn(async () => {
    if (this.restoreOutcome === 'restored') this.status = 'signed-in';
    return this.restoreOutcome;
  });
  readonly hasRemembered = async () => this.remembered;
  readonly mayBeSameAccount = () => true;
}

/** The sync engine as the sign-in flow uses it: the first refresh finds `found` (or fails with `error`). */
class EngineStub {
  known: KnownData | null = null;
  lastError: unknown = null;
  found: KnownData | null = ACCOUNT;
  readonly refreshCore = vi.fn(async () => {
    this.known = this.found;
    this.lastError = this.found ? null : new NoPupilsError();
  });
  readonly refresh = vi.fn(async () => {
    this.known = this.found;
  });
  readonly load = vi.fn((cached: KnownData) => {
    this.known = cached;
  });
  readonly reset = vi.fn(() => {
    this.known = null;
  });
  readonly forgetAnswers = vi.fn();
  readonly requireAccount = vi.fn();
}

function setUp(options: { relaunch?: Shell['relaunch']; demo?: boolean } = {}) {
  const shell = { ...createNoopShell(), ...(options.relaunch ? { relaunch: options.relaunch } : {}) };
  const ports = unitPorts({ shell });
  ports.config.demo = options.demo ?? false;
  const store = ports.store;
  const keeper = new KeeperStub();
  const engine = new EngineStub();
  const scope = new DataScope(ports);
  const environment = new EnvironmentStatus(ports);
  const settings = new SettingsService(ports, environment);
  const lifecycle = { phase: 'awake', awake: vi.fn(), beginSignedIn: vi.fn(), stopTick: vi.fn() };
  const attachments = { signedOut: vi.fn(async () => {}) };
  const publish = vi.fn();
  const flow = new SignInFlow({
    ports,
    keeper: stubAs<SessionKeeper<CoreClient>>(keeper),
    engine: stubAs<SyncEngine>(engine),
    scope,
    environment,
    settings,
    attachments: stubAs<AttachmentService>(attachments),
    lifecycle: stubAs<Lifecycle>(lifecycle),
    publish,
  });
  return { store, keeper, engine, scope, environment, settings, lifecycle, attachments, publish, flow };
}

describe('SignInFlow.login', () => {
  it('signs in, reads the lessons and homework, then starts the timers', async () => {
    const { keeper, engine, scope, lifecycle, flow } = setUp();
    expect(flow.authStatus()).toBe('starting');
    await expect(flow.login(STUDENT)).resolves.toEqual({ ok: true });
    expect(keeper.signIn).toHaveBeenCalledWith(
      { kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012' },
      { remember: false },
    );
    expect(engine.refreshCore).toHaveBeenCalledWith('sign-in', { account: true });
    expect(lifecycle.awake).toHaveBeenCalled();
    expect(lifecycle.beginSignedIn).toHaveBeenCalledTimes(1);
    expect(scope.persistent).toBe(false);
    expect(flow.authStatus()).toBe('signed-in');
  });

  it('keeps the data across runs only for "remember me" on a usable keychain', async () => {
    const kept = setUp();
    await kept.flow.login({ ...STUDENT, remember: true });
    expect(kept.scope.persistent).toBe(true);
    const noKeychain = setUp();
    noKeychain.environment.keychain = 'unavailable';
    await noKeychain.flow.login({ ...STUDENT, remember: true });
    expect(noKeychain.scope.persistent).toBe(false);
  });

  it('answers a wrong access code with the clear error for the code field, and goes no further', async () => {
    const { keeper, engine, lifecycle, publish, flow } = setUp();
    keeper.refusal = new WrongCredentialsError('student', 'code');
    await expect(flow.login({ ...STUDENT, code: 'NOPE1234' })).resolves.toEqual({
      ok: false,
      code: 'wrong-code',
      field: 'code',
      message: 'ClassCharts does not recognise that access code. Check it, or ask your school for your code.',
    });
    expect(engine.refreshCore).not.toHaveBeenCalled();
    expect(lifecycle.beginSignedIn).not.toHaveBeenCalled();
    expect(publish).toHaveBeenCalled();
    expect(flow.authStatus()).toBe('signed-out');
  });

  it('answers a malformed form without asking the service, naming the field', async () => {
    const { keeper, flow } = setUp();
    const result = await flow.login({ ...STUDENT, dateOfBirth: '14 May 2012' });
    expect(result).toMatchObject({ ok: false, code: 'invalid-input', field: 'dateOfBirth' });
    expect(keeper.signIn).not.toHaveBeenCalled();
  });

  it('says when the keychain would not keep a remembered sign-in', async () => {
    const { keeper, flow } = setUp();
    keeper.refusal = new KeychainError(new Error('locked'));
    const result = await flow.login({ ...STUDENT, remember: true });
    expect(result).toEqual({
      ok: false,
      code: 'keychain',
      message: new KeychainError(null).userMessage,
    });
  });

  it('offers demo accounts only in demo mode', async () => {
    const { keeper, flow } = setUp();
    await expect(flow.login({ kind: 'demo', as: 'student' })).resolves.toMatchObject({
      ok: false,
      code: 'invalid-input',
    });
    expect(keeper.signIn).not.toHaveBeenCalled();
    const demo = setUp({ demo: true });
    await expect(demo.flow.login({ kind: 'demo', as: 'student' })).resolves.toEqual({ ok: true });
  });

  it('signs a parent account without pupils out again, and says so', async () => {
    const { keeper, engine, flow } = setUp();
    engine.found = null;
    const result = await flow.login({
      kind: 'parent',
      email: 'sam@example.com',
      password: 'pw',
      remember: false,
    });
    expect(result).toEqual({ ok: false, code: 'no-pupils', message: new NoPupilsError().userMessage });
    expect(keeper.signOut).toHaveBeenCalled();
    expect(keeper.status).toBe('signed-out');
  });

  it("follows the parent's defaults: lesson reminders off", async () => {
    const { settings, flow } = setUp();
    await flow.login({ kind: 'parent', email: 'sam@example.com', password: 'pw', remember: false });
    expect(settings.current.notifications.kinds['lesson-soon']).toBe(false);
  });
});

describe('SignInFlow: sign-out and the remembered sign-in', () => {
  it("signing out forgets the account's data, its pupil and its files", async () => {
    const { store, keeper, engine, scope, attachments, flow } = setUp();
    await flow.login({ ...STUDENT, remember: true });
    scope.select(11);
    expect(store.get(SELECTED_PUPIL_STORE_KEY)).toBe(11);
    await flow.logout();
    expect(keeper.signOut).toHaveBeenCalled();
    expect(engine.known).toBeNull();
    expect(scope.selectedPupilId).toBeNull();
    expect(store.get(SELECTED_PUPIL_STORE_KEY)).toBeUndefined();
    expect(attachments.signedOut).toHaveBeenCalledTimes(1);
    expect(flow.authStatus()).toBe('signed-out');
  });

  it('with a locked keychain, shows the cached data, keeps the sign-in, and stops saying "starting"', async () => {
    const { store, keeper, engine, environment, publish, flow } = setUp();
    saveKnownData(store, ACCOUNT);
    keeper.remembered = true;
    keeper.restoreOutcome = 'locked';
    await flow.showRemembered();
    expect(engine.load).toHaveBeenCalledTimes(1);
    expect(engine.known?.pupils.map((p) => p.pupil.id)).toEqual([11]);
    const failed = vi.fn();
    flow.beginRestore(failed);
    await flow.settled();
    expect(environment.keychain).toBe('locked');
    expect(flow.authStatus()).toBe('signed-out');
    expect(engine.known).not.toBeNull(); // kept for when the keychain opens
    expect(engine.refresh).not.toHaveBeenCalled();
    expect(publish).toHaveBeenCalled();
    expect(failed).not.toHaveBeenCalled();
  });

  it('asks a locked keychain again by restarting, quietly after an unlock', async () => {
    const relaunch = vi.fn();
    const { keeper, environment, flow } = setUp({ relaunch });
    await flow.retryLockedKeychain('user'); // not locked: nothing to ask
    expect(relaunch).not.toHaveBeenCalled();
    environment.keychain = 'locked';
    await flow.retryLockedKeychain('unlock');
    expect(relaunch).toHaveBeenLastCalledWith({ quiet: true });
    await flow.retryLockedKeychain('user');
    expect(relaunch).toHaveBeenLastCalledWith({ quiet: false });
    expect(keeper.restore).not.toHaveBeenCalled();
  });

  it('without a restart, asks the vault again in place and refreshes once it opens', async () => {
    const { keeper, engine, environment, lifecycle, flow } = setUp();
    environment.keychain = 'locked';
    keeper.restoreOutcome = 'restored';
    await flow.retryLockedKeychain('user');
    await settle();
    expect(keeper.restore).toHaveBeenCalledTimes(1);
    expect(environment.keychain).toBe('available');
    expect(engine.refresh).toHaveBeenCalledWith('start', { account: true });
    expect(lifecycle.beginSignedIn).toHaveBeenCalledTimes(1);
    expect(flow.authStatus()).toBe('signed-in');
  });
});
