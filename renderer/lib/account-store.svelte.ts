/**
 * Signing in and out, the pupil shown and the Settings (Svelte 5 runes), part of the popover store
 * (lib/popover.svelte.ts): the sign-in form's wait for `auth:login`, the "Sign in again" request, the
 * "Sign out?" question, the pupil switch (parents) and saving a setting. Talks to main only through the
 * ClassChartsApi.
 */
import type {
  ClassChartsApi,
  LoginRequest,
  LoginResult,
  Settings,
  SettingsPatch,
} from '../../common/contract';
import { errorMessage, StorePart, type StoreCore } from './store-part';

/** Saving a setting, for the Settings view's live status line. */
export type SaveStatus =
  { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'error'; error: string };

/** The account's state: the popover store's `account`. */
export class AccountStore extends StorePart {
  /** The user chose "Sign in again" from the banner while old data is still shown. */
  signInRequested = $state(false);
  /** The sign-in form is waiting for `auth:login`. */
  signingIn = $state(false);
  /** Saving a setting (`settings:update`), for the Settings view's status line. */
  settingsSave = $state<SaveStatus>({ status: 'idle' });
  /**
   * Settings shows the question "Sign out?" in place of its Sign out button (asked there, or from the tray
   * menu through `ui:navigate`); Cancel, Escape or leaving Settings drop it.
   */
  signOutAsked = $state(false);

  readonly #home: () => void;

  /**
   * `core`: the popover store, for the snapshot and the action banner; `home`: opens the Today view on
   * the first screen's day, once signed in or out.
   */
  constructor(api: ClassChartsApi, core: StoreCore, home: () => void) {
    super(api, core);
    this.#home = home;
  }

  /** Signs in; resolves with main's LoginResult (a thrown error becomes a `service` result). */
  async login(request: LoginRequest): Promise<LoginResult> {
    this.signingIn = true;
    try {
      const result = await this.api.login(request);
      if (result.ok) {
        this.signInRequested = false;
        this.#home();
      }
      return result;
    } catch (error) {
      return { ok: false, code: 'service', message: errorMessage(error) };
    } finally {
      this.signingIn = false;
    }
  }

  /** Shows the sign-in form over old data (the "sign in again" banner's button). */
  requestSignIn(): void {
    this.signInRequested = true;
  }

  /** Asks "Sign out?" in Settings (the answer is {@link logout}, or Cancel). */
  askSignOut(): void {
    this.signOutAsked = true;
  }

  /** Signs out (main forgets the session and any remembered credentials). */
  async logout(): Promise<void> {
    this.signOutAsked = false;
    try {
      await this.api.logout();
      this.#home();
    } catch (error) {
      this.core.actionError = errorMessage(error);
    }
  }

  /** Selects a pupil (parents). */
  async selectPupil(id: number): Promise<void> {
    if (id === this.core.state?.selectedPupilId) return;
    try {
      await this.api.selectPupil(id);
    } catch (error) {
      this.core.actionError = errorMessage(error);
    }
  }

  /** Selects the n-th pupil (1-based, the number keys); ignored when there is no such pupil. */
  selectPupilByNumber(n: number): void {
    const state = this.core.state;
    const pupil = state?.pupils[n - 1];
    if (pupil && state && state.pupils.length > 1) void this.selectPupil(pupil.id);
  }

  /** Saves a settings change; applies main's answer at once (the event follows). */
  async updateSettings(patch: SettingsPatch): Promise<Settings | null> {
    this.settingsSave = { status: 'saving' };
    try {
      const settings = await this.api.updateSettings(patch);
      const state = this.core.state;
      if (state) this.core.state = { ...state, settings };
      this.settingsSave = { status: 'saved' };
      return settings;
    } catch (error) {
      this.settingsSave = { status: 'error', error: errorMessage(error) };
      return null;
    }
  }

  /**
   * Settings' calendar file (`calendar:choose-file`): main shows its save dialog, keeps the path and writes
   * the file; the settings it answers with (unchanged when cancelled) are applied unless a newer snapshot
   * came meanwhile (main answers once the file is written: another setting may have changed by then). No
   * path is ever sent from here. @throws Error fit to show by the button (no dialog outside the desktop app).
   */
  async chooseCalendarFile(): Promise<Settings> {
    const before = this.core.state?.settings;
    const settings = await this.api.chooseCalendarFile();
    const state = this.core.state;
    if (state && state.settings === before) this.core.state = { ...state, settings };
    return settings;
  }

  /**
   * Puts the calendar's address on the clipboard (`calendar:copy-url`, done by main: the address never
   * reaches the page); `pupilId`: that child's own calendar. @throws Error fit to show by the button.
   */
  copyCalendarUrl(pupilId?: number): Promise<void> {
    return this.api.copyCalendarUrl(pupilId === undefined ? {} : { pupilId });
  }

  /** A new calendar address (`calendar:renew-secret`): the old one stops working. @throws Error fit to show. */
  renewCalendarSecret(): Promise<void> {
    return this.api.renewCalendarSecret();
  }
}
