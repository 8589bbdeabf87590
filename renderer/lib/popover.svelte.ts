/**
 * The popover's state (Svelte 5 runes): main's snapshot (AppState, pushed on `state:changed`) plus what
 * only the popover cares about. This store holds the snapshot, the minute clock (lib/minute-clock.svelte.ts),
 * the view open and the homework detail, and composes one part per concern: the day Today shows
 * (`days`, lib/day-store.svelte.ts), More's records (`more`, lib/more-store.svelte.ts), the bodies opened
 * (`bodies`, lib/body-store.svelte.ts), homework ticks (`ticks`, lib/tick-store.svelte.ts), signing in
 * and out, the pupil and Settings (`account`, lib/account-store.svelte.ts), and links and attached files
 * (`outside`, lib/outside-store.svelte.ts). What crosses concerns — a new snapshot, navigation, Escape,
 * refreshing — is decided here.
 *
 * Main owns the truth (docs/design.md "Data flow"): this store never edits the snapshot except to apply
 * the Settings that `settings:update` answered with. Talks to main only through the ClassChartsApi it is
 * given (lib/bridge.ts resolves it). Imports no DOM beyond `document.visibilityState` and timers.
 */
import { getContext, setContext } from 'svelte';
import type {
  AppState,
  ClassChartsApi,
  IsoDate,
  NavigateTarget,
  NotificationHistory,
} from '../../common/contract';
import { AccountStore } from './account-store.svelte';
import { BodyStore } from './body-store.svelte';
import { now } from './clock';
import { DayStore } from './day-store.svelte';
import { londonDate } from '../../common/dates';
import { MinuteClock } from './minute-clock.svelte';
import { MoreStore } from './more-store.svelte';
import { OutsideStore } from './outside-store.svelte';
import { errorMessage, type StoreCore } from './store-part';
import { TickStore } from './tick-store.svelte';

/** The popover's top-level views (the tab bar's, and the notification history the footer's bell opens). */
export type ViewName = 'today' | 'homework' | 'more' | 'settings' | 'notifications';

/** What the popover shows as a whole, decided from the snapshot and the sign-in form. */
export type Screen = 'connecting' | 'unavailable' | 'loading' | 'sign-in' | 'main';

/** The popover store. Create one per page with the resolved bridge; `start()` loads and subscribes. */
export class PopoverStore implements StoreCore {
  /**
   * Main's snapshot, or `null` before the first `state:get` answer. Raw, not a deep proxy: main sends a
   * whole new snapshot at each change, and reading hundreds of homeworks through proxies made every
   * derived list slow at a busy year's scale (issue 30). Replaced, never changed in place.
   */
  state = $state.raw<AppState | null>(null);
  /** Set when the first `state:get` failed (the bridge is unreachable). */
  unavailable = $state<string | null>(null);
  /** The view open (the tab bar's). */
  view = $state<ViewName>('today');
  /** The homework whose detail is open (Homework view), or `null` for the list. */
  homeworkId = $state<number | null>(null);
  /**
   * Where the homework list was when a detail opened (the homework's id and the view's scroll offset in
   * CSS px, `null` when opened from elsewhere, e.g. a notification): the list puts focus and scroll back
   * there when the detail closes. Not reactive: read once by the list when it is shown again.
   */
  homeworkReturn: { id: number; scrollTop: number | null } | null = null;
  /** The last failed action outside forms (refresh, pupil switch), shown as a dismissible banner. */
  actionError = $state<string | null>(null);

  /** The day Today shows. */
  readonly days: DayStore;
  /** More's sections and records. */
  readonly more: MoreStore;
  /** The announcement and homework bodies opened. */
  readonly bodies: BodyStore;
  /** Homework ticks in flight and ticked here. */
  readonly ticks: TickStore;
  /** Signing in and out, the pupil switch and Settings. */
  readonly account: AccountStore;
  /** Links and attached files opened outside the popover. */
  readonly outside: OutsideStore;

  readonly #api: ClassChartsApi;
  readonly #clock = new MinuteClock();
  readonly #cleanup: (() => void)[] = [];
  #lastPupilId: number | null = null;
  /** The view the notification history was opened from, which Back and Escape return to. */
  #beforeNotifications: ViewName = 'today';

  /** The minute clock (epoch ms), advanced at minute boundaries while the page is visible. */
  get nowMs(): number {
    return this.#clock.nowMs;
  }

  set nowMs(ms: number) {
    this.#clock.nowMs = ms;
  }

  /** Today's date in Europe/London (the snapshot's day once loaded). */
  readonly today: IsoDate = $derived(this.state?.today?.date ?? londonDate(this.nowMs));
  /** The account is a parent's (a pupil switcher, no ticks). */
  readonly isParent: boolean = $derived(this.state?.account?.kind === 'parent');
  /** The pupil whose data shows: the snapshot's selected one, else its first; `null` before any. */
  readonly selectedPupil = $derived(
    this.state?.pupils.find((p) => p.id === this.state?.selectedPupilId) ?? this.state?.pupils[0] ?? null,
  );
  /** Data to show exists (a signed-in or cached snapshot). */
  readonly hasData: boolean = $derived(
    Boolean(this.state && (this.state.pupils.length > 0 || this.state.today !== null)),
  );
  /** What the popover shows as a whole. */
  readonly screen: Screen = $derived.by(() => {
    const s = this.state;
    if (!s) return this.unavailable ? 'unavailable' : 'connecting';
    if (this.account.signingIn) return 'sign-in';
    if (s.auth === 'signed-out') return 'sign-in';
    if (s.auth === 'needs-sign-in' && (!this.hasData || this.account.signInRequested)) return 'sign-in';
    if (!this.hasData) return s.auth === 'signed-in' ? 'main' : 'loading';
    return 'main';
  });

  /** `api`: the bridge to main (lib/bridge.ts); nothing is asked of it before `start()`. */
  constructor(api: ClassChartsApi) {
    this.#api = api;
    this.days = new DayStore(api, this);
    this.more = new MoreStore(api, this);
    this.bodies = new BodyStore(api, this);
    this.ticks = new TickStore(api, this);
    this.account = new AccountStore(api, this, () => {
      this.view = 'today';
      this.days.reset();
    });
    this.outside = new OutsideStore(api, this);
  }

  /** Subscribes to main's events, loads the snapshot and starts the minute clock (only while visible). */
  async start(): Promise<void> {
    this.#cleanup.push(this.#api.onStateChanged((state) => this.#applyState(state)));
    this.#cleanup.push(this.#api.onNavigate((target) => this.navigate(target)));
    this.#cleanup.push(this.#clock.start());
    try {
      const state = await this.#api.getState();
      // An event may have arrived first; keep whichever is newer by taking the event's if present.
      if (!this.state) this.#applyState(state);
    } catch (error) {
      this.unavailable = errorMessage(error);
    }
  }

  /** Unsubscribes and stops the clock. */
  dispose(): void {
    for (const undo of this.#cleanup.splice(0)) undo();
  }

  #applyState(state: AppState): void {
    const previousPupil = this.#lastPupilId;
    this.state = state;
    // Main's clock may differ from this page's (the preview's --now): re-read it with each snapshot.
    this.nowMs = now();
    this.unavailable = null;
    if (state.auth === 'signed-in') this.account.signInRequested = false;
    this.ticks.onSnapshot(state);
    this.#lastPupilId = state.selectedPupilId;
    if (previousPupil !== null && previousPupil !== state.selectedPupilId) {
      this.more.resetForPupil();
      this.bodies.loaded = {};
      this.homeworkId = null;
      this.homeworkReturn = null;
      this.days.reload();
      if (this.view === 'more') void this.more.loadRecords(this.more.section);
    }
    if (state.auth === 'signed-out' || (state.auth === 'needs-sign-in' && !this.hasData)) {
      this.account.signOutAsked = false;
      this.view = 'today';
      this.days.reset();
      this.homeworkId = null;
      this.homeworkReturn = null;
      this.more.records = {};
      this.bodies.loaded = {};
      this.outside.savedFile = null; // main forgets what it saved at sign-out: nothing left to show
    }
  }

  // ------------------------------------------------------------------ navigation

  /** Opens a view; leaving Homework closes its detail, opening More loads its section. */
  setView(view: ViewName): void {
    // A question about a link, or about signing out, belongs to the view it was asked in.
    this.outside.linkToConfirm = null;
    if (view !== 'settings') this.account.signOutAsked = false;
    this.view = view;
    if (view !== 'homework') {
      this.homeworkId = null;
      this.homeworkReturn = null;
      this.ticks.tickedHere = {};
    }
    if (view === 'more') void this.more.loadRecords(this.more.section);
  }

  /** Follows a navigation request from main (a notification or tray click). */
  navigate(target: NavigateTarget): void {
    this.account.signInRequested = false;
    switch (target.view) {
      case 'today':
        this.setView('today');
        this.days.reset();
        break;
      case 'homework':
        this.setView('homework');
        this.homeworkId = target.homeworkId ?? null;
        this.homeworkReturn = this.homeworkId === null ? null : { id: this.homeworkId, scrollTop: null };
        break;
      case 'more':
        this.more.pointAt(target.kind, target.itemId ?? null);
        this.setView('more');
        break;
      case 'settings':
        this.setView('settings');
        // Only where Settings shows: a question left over from the sign-in screen would greet the next
        // sign-in.
        if (target.confirmSignOut && this.screen === 'main') this.account.signOutAsked = true;
        break;
    }
  }

  /** Opens the notification history (the footer's bell), or closes it (back where it was opened from). */
  toggleNotifications(): void {
    if (this.view === 'notifications') return this.setView(this.#beforeNotifications);
    this.#beforeNotifications = this.view;
    this.setView('notifications');
  }

  /** The notification history (`notifications:history`); asking marks every entry seen. */
  notificationHistory(): Promise<NotificationHistory> {
    return this.#api.getNotificationHistory();
  }

  /**
   * Opens a homework's detail; `scrollTop` is the list's scroll offset (CSS px) to come back to, when it
   * was opened from the list.
   */
  openHomework(id: number, scrollTop: number | null = null): void {
    this.outside.linkToConfirm = null;
    this.view = 'homework';
    this.homeworkId = id;
    this.homeworkReturn = { id, scrollTop };
  }

  /** Closes the homework detail (Back, Escape): the list takes `homeworkReturn` to restore its place. */
  closeHomework(): void {
    this.outside.linkToConfirm = null;
    this.homeworkId = null;
  }

  /**
   * Escape: closes a detail if one is open (returns `true`), else asks main to hide the popover
   * (returns `false`).
   */
  escape(): boolean {
    if (this.account.signOutAsked) {
      this.account.signOutAsked = false;
      return true;
    }
    if (this.outside.linkToConfirm) {
      this.outside.linkToConfirm = null;
      return true;
    }
    if (this.actionError) {
      this.actionError = null;
      return true;
    }
    if (this.outside.savedFile) {
      this.outside.savedFile = null;
      return true;
    }
    if (this.view === 'homework' && this.homeworkId !== null) {
      this.closeHomework();
      return true;
    }
    if (this.view === 'more' && this.more.itemId !== null) {
      this.more.itemId = null;
      return true;
    }
    if (this.view === 'notifications') {
      this.toggleNotifications();
      return true;
    }
    if (this.account.signInRequested && this.screen === 'sign-in') {
      this.account.signInRequested = false;
      return true;
    }
    void this.#api.hidePopover().catch(() => undefined);
    return false;
  }

  /** Asks main to refresh now; the new snapshot arrives as `state:changed`. */
  async refresh(): Promise<void> {
    try {
      await this.#api.refresh();
      if (this.view === 'more') void this.more.loadRecords(this.more.section);
      this.days.reload();
    } catch (error) {
      this.actionError = errorMessage(error);
    }
  }
}

const STORE_KEY = Symbol('popover-store');

/** Makes the store available to every component below (call in App.svelte). */
export function provideStore(store: PopoverStore): void {
  setContext(STORE_KEY, store);
}

/** The store provided by App.svelte. Throws when used outside it. */
export function useStore(): PopoverStore {
  const store = getContext<PopoverStore | undefined>(STORE_KEY);
  if (!store) throw new Error('useStore() needs provideStore() in a parent component');
  return store;
}

/** The context map for rendering a component with a store outside App (component tests). */
export function storeContext(store: PopoverStore): Map<symbol, PopoverStore> {
  // A context map for mount/render options, read once: not reactive state.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  return new Map([[STORE_KEY, store]]);
}
