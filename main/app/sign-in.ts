/**
 * Signing in and out, and the remembered sign-in at start: the `auth:login` and `auth:logout` channels,
 * the restore of a sign-in kept in the vault (and of the data cached for it), and the locked keychain's
 * "Try again". Secrets: credentials cross only from `auth:login` into the keeper (memory, and the vault
 * when remembered); they never reach the state, the store, a log line or an event.
 */
import type { AuthStatus, LoginErrorCode, LoginRequest, LoginResult } from '../../common/contract';
import type { Credentials } from '../classcharts/client';
import {
  InvalidInputError,
  isClassChartsError,
  NetworkError,
  NoPupilsError,
  WrongCredentialsError,
} from '../classcharts/errors';
import { InvalidRequestError, parseRequest } from '../contract-schemas';
import type { AppPorts } from '../ports';
import { errorText } from '../../common/errors';
import { KeychainError, type SessionKeeper } from '../session/keeper';
import type { CoreClient, SyncEngine } from '../sync/sync-engine';
import type { AttachmentService } from './attachments';
import type { DataScope } from './data-scope';
import { DEMO_CREDENTIALS } from '../../common/demo-accounts';
import type { EnvironmentStatus } from './environment-status';
import type { Lifecycle } from './lifecycle';
import type { SettingsService } from './settings-service';

/** What signing in and out touches. */
export interface SignInDeps {
  ports: AppPorts;
  keeper: SessionKeeper<CoreClient>;
  engine: SyncEngine;
  scope: DataScope;
  environment: EnvironmentStatus;
  settings: SettingsService;
  attachments: AttachmentService;
  lifecycle: Lifecycle;
  /** Emits the state when it changed. */
  publish(): void;
}

/** Sign-in, sign-out and the remembered sign-in. */
export class SignInFlow {
  /** Until the remembered sign-in has been looked at (or the user signed in), the state says `starting`. */
  private starting = true;
  /** The start-up restore, or a locked keychain's retry, while it runs: what `whenIdle` waits for. */
  private startup: Promise<void> | null = null;
  private retrying: Promise<void> | null = null;

  constructor(private readonly deps: SignInDeps) {}

  /** The keeper's status, `starting` while a remembered sign-in has not yet been looked at. */
  authStatus(): AuthStatus {
    const status = this.deps.keeper.status;
    if (this.starting && status === 'signed-out') return 'starting';
    return status;
  }

  /** Resolves when the start-up restore (or a keychain retry) is over; never rejects. */
  async settled(): Promise<void> {
    await this.startup;
  }

  /** At start: the data cached for a remembered sign-in is shown at once, before the sign-in is restored. */
  async showRemembered(): Promise<void> {
    if (await this.deps.keeper.hasRemembered()) this.openRememberedData();
  }

  /**
   * At start, right after {@link showRemembered}: restores the remembered sign-in and refreshes, in the
   * background (a failure is logged and told to `failed`; {@link settled} waits for it).
   */
  beginRestore(failed: (error: unknown) => void): void {
    this.startup = this.restoreAndRefresh().catch((error: unknown) => {
      this.deps.ports.logger.error('start-up failed', { error: errorText(error) });
      failed(error);
    });
  }

  /** `auth:login`: validates, signs in, reads the lessons and homework. A refusal is answered, not thrown. */
  async login(request: unknown): Promise<LoginResult> {
    const { ports, keeper, engine, scope, environment, settings, lifecycle, publish } = this.deps;
    let parsed: LoginRequest;
    try {
      parsed = parseRequest('auth:login', request);
    } catch (error) {
      if (error instanceof InvalidRequestError) {
        const field = loginField(error.issues[0]?.path);
        return { ok: false, code: 'invalid-input', message: error.message, ...(field ? { field } : {}) };
      }
      throw error;
    }
    lifecycle.awake();
    let credentials: Credentials;
    let remember: boolean;
    if (parsed.kind === 'demo') {
      if (!ports.config.demo)
        return { ok: false, code: 'invalid-input', message: 'Demo accounts are offered only in demo mode.' };
      credentials = DEMO_CREDENTIALS[parsed.as];
      remember = false;
    } else {
      credentials =
        parsed.kind === 'student'
          ? { kind: 'student', code: parsed.code, dateOfBirth: parsed.dateOfBirth }
          : { kind: 'parent', email: parsed.email, password: parsed.password };
      remember = parsed.remember;
    }

    // Waiting for the user to sign in again to the same account, the last data stays on screen and the
    // ledger stays as it is until a sign-in succeeds: a mistyped code loses nothing, and what changed
    // while the app waited is still notified (the refresh below compares with that data). Another
    // account's sign-in starts afresh, as after a sign-out.
    const signingInAgain =
      keeper.status === 'needs-sign-in' && engine.known !== null && keeper.mayBeSameAccount(credentials);
    if (keeper.status !== 'signed-out' && !signingInAgain) {
      await keeper.signOut();
      this.forgetData();
    }
    this.starting = false;
    try {
      await keeper.signIn(credentials, { remember });
    } catch (error) {
      publish();
      return this.loginFailure(error);
    }
    if (environment.keychain === 'locked') {
      // The sign-in the keychain held was replaced (remembered) or deleted: what it cached goes with it.
      this.forgetData();
      await environment.readKeychain();
    }
    const persist = remember && environment.keychain !== 'unavailable';
    if (signingInAgain) {
      scope.carryOver(persist, ports.clock.now());
      engine.forgetAnswers();
      // Until the service has named the account, refreshes ask for it: another pupil replaces the old.
      engine.requireAccount();
    } else {
      scope.use(persist);
      engine.reset();
    }
    // The settings follow the kind of account signed in (known from the sign-in itself), written while the
    // lessons are on their way rather than after.
    settings.followAccount(engine.known?.account.kind ?? keeper.accountKind);
    // Lessons and homework are enough to leave the sign-in form; the background kinds follow (issue 30).
    await engine.refreshCore('sign-in', { account: true });
    const noPupils = engine.lastError;
    if (engine.known === null && noPupils instanceof NoPupilsError) {
      // A parent account without pupils: nothing to show, ever. Sign out and say so.
      await keeper.signOut();
      this.forgetData();
      publish();
      return { ok: false, code: 'no-pupils', message: noPupils.userMessage };
    }
    if (keeper.status !== 'signed-in') {
      // Signed out, or the details refused, while the first refresh ran: this sign-in did not last.
      publish();
      return this.signInCutShort(engine.lastError);
    }
    lifecycle.beginSignedIn();
    publish();
    return { ok: true };
  }

  /** `auth:logout`: signs out and forgets the account's data and files. */
  async logout(): Promise<void> {
    const { keeper, environment, attachments, lifecycle, publish } = this.deps;
    lifecycle.stopTick();
    await keeper.signOut();
    this.forgetData();
    if (environment.keychain === 'locked') await environment.readKeychain(); // deleted
    await attachments.signedOut(); // the account's files do not outlive its sign-in
    this.starting = false;
    publish();
  }

  /**
   * Asks the keychain again for a remembered sign-in it would not open (nothing to do unless the keychain
   * is `locked` and nobody is signed in): by the sign-in screen's "Try again" (`sync:refresh`, `by: user`)
   * and when the screen is unlocked (`by: unlock`). Where the shell can restart the app, it does (quietly
   * for an unlock): only a new process reads the keychain's keys again ({@link Shell.relaunch}); elsewhere
   * the vault is asked again in place, one attempt at a time. The next start always asks again too.
   */
  retryLockedKeychain(by: 'user' | 'unlock'): Promise<void> {
    const { ports, keeper, environment, lifecycle } = this.deps;
    if (environment.keychain !== 'locked' || keeper.status !== 'signed-out' || lifecycle.phase === 'stopped')
      return Promise.resolve();
    if (ports.shell.relaunch) {
      ports.logger.info('restarting to ask the keychain again', { by });
      ports.shell.relaunch({ quiet: by === 'unlock' });
      return Promise.resolve();
    }
    this.retrying ??= this.restoreAndRefresh()
      .catch((error: unknown) =>
        ports.logger.warn('retrying the remembered sign-in failed', { error: errorText(error) }),
      )
      .finally(() => {
        this.retrying = null;
      });
    this.startup = this.retrying; // `whenIdle` waits for it
    return this.retrying;
  }

  private async restoreAndRefresh(): Promise<void> {
    const { keeper, engine, environment, lifecycle, publish } = this.deps;
    const restored = await keeper.restore();
    this.starting = false;
    if (restored === 'locked') {
      // Kept, with the data cached for it: asked again at the next start, or by a restart
      // (retryLockedKeychain).
      environment.keychain = 'locked';
      publish();
      return;
    }
    if (restored === 'none') {
      this.forgetData();
      publish();
      return;
    }
    if (environment.keychain === 'locked') {
      await environment.readKeychain();
      this.openRememberedData();
    }
    publish();
    if (keeper.status !== 'signed-in') return;
    await engine.refresh('start', { account: true });
    lifecycle.beginSignedIn();
  }

  /** Remembered data from an earlier run: kept on disk (unless the keychain is unusable) and shown. */
  private openRememberedData(): void {
    const { scope, engine, environment } = this.deps;
    const cached = scope.openRemembered(environment.keychain !== 'unavailable');
    if (cached) engine.load(cached);
  }

  private forgetData(): void {
    this.deps.engine.reset();
    this.deps.scope.forget();
  }

  /** The answer to a sign-in that was no longer signed in once its first refresh was over. */
  private signInCutShort(error: unknown): LoginResult {
    if (error instanceof WrongCredentialsError) return this.loginFailure(error);
    return { ok: false, code: 'service', message: 'Signed out before signing in had finished.' };
  }

  private loginFailure(error: unknown): LoginResult {
    const code: LoginErrorCode =
      error instanceof WrongCredentialsError
        ? error.code
        : error instanceof InvalidInputError
          ? 'invalid-input'
          : error instanceof NetworkError
            ? 'offline'
            : error instanceof KeychainError
              ? 'keychain'
              : error instanceof NoPupilsError
                ? 'no-pupils'
                : 'service';
    const message =
      error instanceof KeychainError
        ? error.userMessage
        : isClassChartsError(error)
          ? error.userMessage
          : 'Signing in failed unexpectedly. Try again.';
    if (!(isClassChartsError(error) || error instanceof KeychainError))
      this.deps.ports.logger.error('sign-in failed unexpectedly', { error: errorText(error) });
    const field =
      error instanceof WrongCredentialsError || error instanceof InvalidInputError ? error.field : undefined;
    return { ok: false, code, message, ...(field ? { field } : {}) };
  }
}

/** The sign-in form field a validation issue points at. */
function loginField(path: string | undefined): 'code' | 'dateOfBirth' | 'email' | 'password' | undefined {
  return path === 'code' || path === 'dateOfBirth' || path === 'email' || path === 'password'
    ? path
    : undefined;
}
