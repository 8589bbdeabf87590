/**
 * The popover's state (Svelte 5 runes): main's snapshot (AppState, pushed on `state:changed`) plus what
 * only the popover cares about — which view is open, which day Today shows, the homework detail, records
 * loaded for More, and a minute clock that runs only while the page is visible.
 *
 * Main owns the truth (docs/design.md "Data flow"): this store never edits the snapshot except to apply
 * the Settings that `settings:update` answered with. Talks to main only through the ClassChartsApi it is
 * given (lib/bridge.ts resolves it). Imports no DOM beyond `document.visibilityState` and timers.
 */
import { getContext, setContext } from 'svelte';
import type {
  AppState,
  AttachmentOutcome,
  AttachmentRequest,
  ClassChartsApi,
  DayView,
  HomeworkSummary,
  IsoDate,
  LessonState,
  LessonView,
  LoginRequest,
  LoginResult,
  NavigateTarget,
  RecordKind,
  RecordsResult,
  Settings,
  SettingsPatch,
} from '../../common/contract';
import { now } from './clock';
import { glanceOf, type Glance } from './glance';
import { addDays, instantMs, londonDate } from './format';
import type { LinkVerdict } from './links';

/** `attachment:open`'s answer when main saved the file to Downloads instead of opening it. */
export type SavedOutcome = Extract<AttachmentOutcome, { action: 'saved' }>;

/** The popover's top-level views (the tab bar). */
export type ViewName = 'today' | 'homework' | 'more' | 'settings';

/** Sections of More, each loaded on demand with `records:get`. */
export type MoreSection = 'behaviour' | 'detentions' | 'badges' | 'announcements' | 'attendance';

/**
 * The sections of More in the order the segmented control shows them; `attendance` only for a pupil whose
 * school shows it (`PopoverStore.moreSections`).
 */
export const MORE_SECTIONS: readonly MoreSection[] = [
  'behaviour',
  'detentions',
  'badges',
  'announcements',
  'attendance',
];

/** Something loaded on demand: `data` stays while a reload runs or after it fails. */
export type Loadable<T> =
  | { status: 'idle' }
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: string; data?: T };

/** What has a body loaded when opened ({@link PopoverStore.loadBody}). */
export type BodyKind = 'announcement' | 'homework';

/** The key of a body in {@link PopoverStore.bodies}: `announcement:<id>` or `homework:<id>`. */
export function bodyKey(kind: BodyKind, id: number): string {
  return `${kind}:${id}`;
}

/** Saving a setting, for the Settings view's live status line. */
export type SaveStatus =
  { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'error'; error: string };

/** What the popover shows as a whole, decided from the snapshot and the sign-in form. */
export type Screen = 'connecting' | 'unavailable' | 'loading' | 'sign-in' | 'main';

const MINUTE_MS = 60_000;

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

/** The record kind to ask main for, for a section of More. */
function recordKindOf(section: MoreSection): RecordKind {
  return section;
}

/** The More section a navigation target's record kind lives in (`activity` is shown under behaviour). */
function sectionOf(kind: RecordKind): MoreSection {
  return kind === 'activity' ? 'behaviour' : kind;
}

/**
 * Where each lesson stands at `nowMs`, recomputed live between snapshots (main's `state` is right only at
 * the moment the snapshot was built). `current`: started and not ended; `next`: the first lesson (not a
 * break) that starts after now. Lessons with malformed times keep main's state.
 */
export function liveLessonStates(lessons: readonly LessonView[], nowMs: number): Record<string, LessonState> {
  const states: Record<string, LessonState> = {};
  let nextFound = false;
  for (const lesson of lessons) {
    const start = instantMs(lesson.start);
    const end = instantMs(lesson.end);
    if (start === null || end === null) {
      states[lesson.id] = lesson.state;
      continue;
    }
    if (end <= nowMs) states[lesson.id] = 'past';
    else if (start <= nowMs) states[lesson.id] = 'current';
    else if (!nextFound && !lesson.isBreak) {
      states[lesson.id] = 'next';
      nextFound = true;
    } else states[lesson.id] = 'later';
  }
  return states;
}

/** The popover store. Create one per page with the resolved bridge; `start()` loads and subscribes. */
export class PopoverStore {
  /**
   * Main's snapshot, or `null` before the first `state:get` answer. Raw, not a deep proxy: main sends a
   * whole new snapshot at each change, and reading hundreds of homeworks through proxies made every
   * derived list slow at a busy year's scale (issue 30). Replaced, never changed in place.
   */
  state = $state.raw<AppState | null>(null);
  /** Set when the first `state:get` failed (the bridge is unreachable). */
  unavailable = $state<string | null>(null);
  view = $state<ViewName>('today');
  /** The homework whose detail is open (Homework view), or `null` for the list. */
  homeworkId = $state<number | null>(null);
  /**
   * Where the homework list was when a detail opened (the homework's id and the view's scroll offset in
   * CSS px, `null` when opened from elsewhere, e.g. a notification): the list puts focus and scroll back
   * there when the detail closes. Not reactive: read once by the list when it is shown again.
   */
  homeworkReturn: { id: number; scrollTop: number | null } | null = null;
  /** The day Today shows, or `null` for today (the snapshot's own day). */
  date = $state<IsoDate | null>(null);
  /** Another day's timetable (`day:get`), when `date` is set. */
  day = $state.raw<Loadable<DayView>>({ status: 'idle' });
  moreSection = $state<MoreSection>('behaviour');
  /** An item of More to open (announcement) or point at, from a notification click. */
  moreItemId = $state<number | null>(null);
  /** Records per section for the selected pupil. Raw (thousands of behaviour points): replaced, never changed. */
  records = $state.raw<Partial<Record<MoreSection, Loadable<RecordsResult>>>>({});
  /** The minute clock (epoch ms), advanced at minute boundaries while the page is visible. */
  nowMs = $state(now());
  /** The user chose "Sign in again" from the banner while old data is still shown. */
  signInRequested = $state(false);
  /** The sign-in form is waiting for `auth:login`. */
  signingIn = $state(false);
  settingsSave = $state<SaveStatus>({ status: 'idle' });
  /** The last failed action outside forms (refresh, pupil switch), shown as a dismissible banner. */
  actionError = $state<string | null>(null);
  /**
   * The last attached file main saved to Downloads instead of opening it (`attachment:open` said `saved`):
   * the warning banner says why and offers to show it in its folder (`attachment:reveal`).
   */
  savedFile = $state.raw<{ request: AttachmentRequest; outcome: SavedOutcome } | null>(null);
  /**
   * A link waiting for the user's word (Banners): its text showed the address `shown` (host, `www.`
   * dropped) but it goes to `host`; `url` opens on "Open". `null` when none.
   */
  linkToConfirm = $state<{ url: string; host: string; shown: string } | null>(null);
  /**
   * Settings shows the question "Sign out?" in place of its Sign out button (asked there, or from the tray
   * menu through `ui:navigate`); Cancel, Escape or leaving Settings drop it.
   */
  signOutAsked = $state(false);
  /**
   * Announcements opened in this popover (id → true), shown read at once while main records it
   * (`announcement:read`); main's records say so from then on, across restarts too.
   */
  readHere = $state<Record<number, true>>({});
  /**
   * The bodies opened, by {@link bodyKey}, for the selected pupil: an announcement's (`announcement:get`)
   * and a homework's description (`homework:get`). The lists and the state carry summaries only, so a busy
   * year's hundreds of bodies are neither sent nor rendered until one is opened (issue 30). Forgotten with
   * the records. Raw: replaced, never changed in place.
   */
  bodies = $state.raw<Record<string, Loadable<string>>>({});
  /** Attached files being downloaded and opened (`attachment:open`), by {@link attachmentKey}. */
  openingFiles = $state<string[]>([]);
  /**
   * Ticks in flight, homework id → the state asked for: shown at once (optimistic) until main answers, then
   * main's snapshot shows the confirmed state; dropped (rolled back) when it fails.
   */
  ticking = $state<Record<number, boolean>>({});
  /**
   * Homework ticked off from this list that main's list no longer carries (overdue work, once ticked, is
   * done and leaves main's groups): kept on screen, ticked, until another view opens, so a mis-tick can be
   * undone where it happened.
   */
  tickedHere = $state<Record<number, HomeworkSummary>>({});

  /** Today's date in Europe/London (the snapshot's day once loaded). */
  readonly today: IsoDate = $derived(this.state?.today?.date ?? londonDate(this.nowMs));
  readonly isParent: boolean = $derived(this.state?.account?.kind === 'parent');
  readonly selectedPupil = $derived(
    this.state?.pupils.find((p) => p.id === this.state?.selectedPupilId) ?? this.state?.pupils[0] ?? null,
  );
  /**
   * The first screen's day (lib/glance.ts): today until it has nothing more to come, then the next school
   * day; re-judged at each minute of the clock and with each snapshot.
   */
  readonly glance: Glance = $derived(
    this.state ? glanceOf(this.state, this.selectedPupil, this.nowMs) : { kind: 'today' },
  );
  /** The date of the first screen: today, or the next school day once today is over. */
  readonly glanceDate: IsoDate = $derived(this.glance.kind === 'next' ? this.glance.day.date : this.today);
  /** The day Today shows: another day chosen with ‹ ›, else the first screen's. */
  readonly shownDate: IsoDate = $derived(this.date ?? this.glanceDate);
  /** The sections of More for the selected pupil: attendance only when the school shows it. */
  readonly moreSections: readonly MoreSection[] = $derived(
    MORE_SECTIONS.filter((s) => s !== 'attendance' || this.selectedPupil?.attendance?.shown === true),
  );
  /** Data to show exists (a signed-in or cached snapshot). */
  readonly hasData: boolean = $derived(
    Boolean(this.state && (this.state.pupils.length > 0 || this.state.today !== null)),
  );
  readonly screen: Screen = $derived.by(() => {
    const s = this.state;
    if (!s) return this.unavailable ? 'unavailable' : 'connecting';
    if (this.signingIn) return 'sign-in';
    if (s.auth === 'signed-out') return 'sign-in';
    if (s.auth === 'needs-sign-in' && (!this.hasData || this.signInRequested)) return 'sign-in';
    if (!this.hasData) return s.auth === 'signed-in' ? 'main' : 'loading';
    return 'main';
  });

  readonly #api: ClassChartsApi;
  readonly #cleanup: (() => void)[] = [];
  #tick: ReturnType<typeof setTimeout> | null = null;
  /**
   * The last failed tick's banner and the data's time then: a later successful refresh (the connection is
   * back) takes that banner away, so no stale error stays once the homework can be ticked again.
   */
  #tickFailure: { message: string; updatedAt: string | null } | null = null;
  #dayRequest = 0;
  #lastPupilId: number | null = null;

  constructor(api: ClassChartsApi) {
    this.#api = api;
  }

  /** Subscribes to main's events, loads the snapshot and starts the minute clock (only while visible). */
  async start(): Promise<void> {
    this.#cleanup.push(this.#api.onStateChanged((state) => this.#applyState(state)));
    this.#cleanup.push(this.#api.onNavigate((target) => this.navigate(target)));
    const onVisibility = () => this.#syncClock();
    document.addEventListener('visibilitychange', onVisibility);
    this.#cleanup.push(() => document.removeEventListener('visibilitychange', onVisibility));
    this.#syncClock();
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
    this.#stopClock();
  }

  #applyState(state: AppState): void {
    const previousPupil = this.#lastPupilId;
    this.state = state;
    // Main's clock may differ from this page's (the preview's --now): re-read it with each snapshot.
    this.nowMs = now();
    this.unavailable = null;
    if (state.auth === 'signed-in') this.signInRequested = false;
    const failure = this.#tickFailure;
    if (
      failure &&
      state.freshness.updatedAt !== failure.updatedAt &&
      !state.freshness.offline &&
      !state.freshness.stale
    ) {
      if (this.actionError === failure.message) this.actionError = null;
      this.#tickFailure = null;
    }
    this.#lastPupilId = state.selectedPupilId;
    if (previousPupil !== null && previousPupil !== state.selectedPupilId) {
      this.records = {};
      this.readHere = {};
      this.bodies = {};
      this.homeworkId = null;
      this.homeworkReturn = null;
      this.moreItemId = null;
      // The new pupil's school may not show attendance: More goes back to its first section.
      if (!this.moreSections.includes(this.moreSection)) this.moreSection = 'behaviour';
      if (this.date !== null) void this.#loadDay(this.date);
      if (this.view === 'more') void this.loadRecords(this.moreSection);
    }
    if (state.auth === 'signed-out' || (state.auth === 'needs-sign-in' && !this.hasData)) {
      this.signOutAsked = false;
      this.view = 'today';
      this.date = null;
      this.homeworkId = null;
      this.homeworkReturn = null;
      this.records = {};
      this.bodies = {};
      this.savedFile = null; // main forgets what it saved at sign-out: nothing left to show
    }
  }

  // ------------------------------------------------------------------ minute clock (visible only)

  #syncClock(): void {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
      this.#stopClock();
      return;
    }
    this.nowMs = now();
    this.#scheduleTick();
  }

  #scheduleTick(): void {
    this.#stopClock();
    const wait = MINUTE_MS - (now() % MINUTE_MS) + 50;
    this.#tick = setTimeout(() => {
      this.#tick = null;
      this.#syncClock();
    }, wait);
  }

  #stopClock(): void {
    if (this.#tick !== null) clearTimeout(this.#tick);
    this.#tick = null;
  }

  // ------------------------------------------------------------------ navigation

  /** Opens a view; leaving Homework closes its detail, opening More loads its section. */
  setView(view: ViewName): void {
    // A question about a link, or about signing out, belongs to the view it was asked in.
    this.linkToConfirm = null;
    if (view !== 'settings') this.signOutAsked = false;
    this.view = view;
    if (view !== 'homework') {
      this.homeworkId = null;
      this.homeworkReturn = null;
      this.tickedHere = {};
    }
    if (view === 'more') void this.loadRecords(this.moreSection);
  }

  /** Follows a navigation request from main (a notification or tray click). */
  navigate(target: NavigateTarget): void {
    this.signInRequested = false;
    switch (target.view) {
      case 'today':
        this.setView('today');
        this.showToday();
        break;
      case 'homework':
        this.setView('homework');
        this.homeworkId = target.homeworkId ?? null;
        this.homeworkReturn = this.homeworkId === null ? null : { id: this.homeworkId, scrollTop: null };
        break;
      case 'more':
        this.moreSection = this.moreSections.includes(sectionOf(target.kind))
          ? sectionOf(target.kind)
          : 'behaviour';
        this.moreItemId = target.itemId ?? null;
        this.setView('more');
        break;
      case 'settings':
        this.setView('settings');
        // Only where Settings shows: a question left over from the sign-in screen would greet the next sign-in.
        if (target.confirmSignOut && this.screen === 'main') this.signOutAsked = true;
        break;
    }
  }

  /**
   * Opens a homework's detail; `scrollTop` is the list's scroll offset (CSS px) to come back to, when it
   * was opened from the list.
   */
  openHomework(id: number, scrollTop: number | null = null): void {
    this.linkToConfirm = null;
    this.view = 'homework';
    this.homeworkId = id;
    this.homeworkReturn = { id, scrollTop };
  }

  /** Closes the homework detail (Back, Escape): the list takes `homeworkReturn` to restore its place. */
  closeHomework(): void {
    this.linkToConfirm = null;
    this.homeworkId = null;
  }

  /**
   * Escape: closes a detail if one is open (returns `true`), else asks main to hide the popover
   * (returns `false`).
   */
  escape(): boolean {
    if (this.signOutAsked) {
      this.signOutAsked = false;
      return true;
    }
    if (this.linkToConfirm) {
      this.linkToConfirm = null;
      return true;
    }
    if (this.actionError) {
      this.actionError = null;
      return true;
    }
    if (this.savedFile) {
      this.savedFile = null;
      return true;
    }
    if (this.view === 'homework' && this.homeworkId !== null) {
      this.closeHomework();
      return true;
    }
    if (this.view === 'more' && this.moreItemId !== null) {
      this.moreItemId = null;
      return true;
    }
    if (this.signInRequested && this.screen === 'sign-in') {
      this.signInRequested = false;
      return true;
    }
    void this.#api.hidePopover().catch(() => undefined);
    return false;
  }

  // ------------------------------------------------------------------ days

  /** Moves the Today view by whole days (−1 previous, +1 next). */
  moveDay(delta: number): void {
    const target = addDays(this.shownDate, delta);
    if (target === this.glanceDate) this.showToday();
    else {
      this.date = target;
      void this.#loadDay(target);
    }
  }

  /** Back to the first screen's day (today's timetable, or the next school day once today is over). */
  showToday(): void {
    this.#dayRequest++;
    this.date = null;
    this.day = { status: 'idle' };
  }

  /** Reloads the other day shown after a failure. */
  retryDay(): void {
    if (this.date !== null) void this.#loadDay(this.date);
  }

  async #loadDay(date: IsoDate): Promise<void> {
    const request = ++this.#dayRequest;
    const previous = this.day.status === 'ready' && this.day.data.date === date ? this.day.data : undefined;
    this.day = previous ? { status: 'loading', data: previous } : { status: 'loading' };
    try {
      const pupilId = this.state?.selectedPupilId ?? undefined;
      const day = await this.#api.getDay(pupilId === undefined ? { date } : { date, pupilId });
      if (request === this.#dayRequest) this.day = { status: 'ready', data: day };
    } catch (error) {
      if (request === this.#dayRequest) this.day = { status: 'error', error: errorMessage(error) };
    }
  }

  // ------------------------------------------------------------------ More

  /** Switches More to a section and loads it. */
  showSection(section: MoreSection): void {
    if (this.moreSection !== section) this.moreItemId = null;
    this.moreSection = section;
    void this.loadRecords(section);
  }

  /** Loads (or reloads) one section's records for the selected pupil; keeps old data while loading. */
  async loadRecords(section: MoreSection): Promise<void> {
    const pupilId = this.state?.selectedPupilId ?? undefined;
    const old = this.records[section];
    const data = old && 'data' in old ? old.data : undefined;
    this.#setRecords(section, data ? { status: 'loading', data } : { status: 'loading' });
    try {
      const kind = recordKindOf(section);
      const result = await this.#api.getRecords(pupilId === undefined ? { kind } : { kind, pupilId });
      if ((this.state?.selectedPupilId ?? undefined) !== pupilId) return; // pupil changed meanwhile
      this.#setRecords(section, { status: 'ready', data: result });
    } catch (error) {
      this.#setRecords(
        section,
        data
          ? { status: 'error', error: errorMessage(error), data }
          : { status: 'error', error: errorMessage(error) },
      );
    }
  }

  #setRecords(section: MoreSection, records: Loadable<RecordsResult>): void {
    this.records = { ...this.records, [section]: records };
  }

  #setBody(key: string, body: Loadable<string>): void {
    this.bodies = { ...this.bodies, [key]: body };
  }

  // ------------------------------------------------------------------ actions

  /** Signs in; resolves with main's LoginResult (a thrown error becomes a `service` result). */
  async login(request: LoginRequest): Promise<LoginResult> {
    this.signingIn = true;
    try {
      const result = await this.#api.login(request);
      if (result.ok) {
        this.signInRequested = false;
        this.view = 'today';
        this.date = null;
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

  /** Selects a pupil (parents). */
  async selectPupil(id: number): Promise<void> {
    if (id === this.state?.selectedPupilId) return;
    try {
      await this.#api.selectPupil(id);
    } catch (error) {
      this.actionError = errorMessage(error);
    }
  }

  /** Selects the n-th pupil (1-based, the number keys); ignored when there is no such pupil. */
  selectPupilByNumber(n: number): void {
    const pupil = this.state?.pupils[n - 1];
    if (pupil && this.state && this.state.pupils.length > 1) void this.selectPupil(pupil.id);
  }

  /** Asks main to refresh now; the new snapshot arrives as `state:changed`. */
  async refresh(): Promise<void> {
    try {
      await this.#api.refresh();
      if (this.view === 'more') void this.loadRecords(this.moreSection);
      if (this.date !== null) void this.#loadDay(this.date);
    } catch (error) {
      this.actionError = errorMessage(error);
    }
  }

  /** Saves a settings change; applies main's answer at once (the event follows). */
  async updateSettings(patch: SettingsPatch): Promise<Settings | null> {
    this.settingsSave = { status: 'saving' };
    try {
      const settings = await this.#api.updateSettings(patch);
      if (this.state) this.state = { ...this.state, settings };
      this.settingsSave = { status: 'saved' };
      return settings;
    } catch (error) {
      this.settingsSave = { status: 'error', error: errorMessage(error) };
      return null;
    }
  }

  /**
   * Whether a homework can be ticked off or unticked here: a student's own, while its status is the pupil's
   * to change (`todo` or `ticked`; completed, late and any teacher status are not).
   */
  canTick(homework: HomeworkSummary): boolean {
    return !this.isParent && (homework.status === 'todo' || homework.status === 'ticked');
  }

  /** Whether the homework shows as ticked off: the state asked for while a tick is in flight, else main's. */
  isTicked(homework: HomeworkSummary): boolean {
    return this.ticking[homework.id] ?? homework.status === 'ticked';
  }

  /** The status to show: `ticked` or `todo` as asked while a tick is in flight, else main's. */
  shownStatus(homework: HomeworkSummary): HomeworkSummary['status'] {
    const asked = this.ticking[homework.id];
    return asked === undefined ? homework.status : asked ? 'ticked' : 'todo';
  }

  /**
   * Ticks a homework off or unticks it (`homework:tick`): the row shows the new state at once, main's
   * snapshot then shows the confirmed one; on failure it goes back and the action banner says why. One at a
   * time per homework (the control is disabled meanwhile; a second call is ignored).
   */
  async setTicked(homework: HomeworkSummary, ticked: boolean): Promise<void> {
    if (homework.id in this.ticking) return;
    this.#tickFailure = null;
    this.ticking[homework.id] = ticked;
    this.actionError = null;
    // Kept from now on: main's snapshot without it may come before main's answer.
    if (ticked) this.tickedHere[homework.id] = { ...homework, status: 'ticked' };
    const pupilId = this.state?.selectedPupilId ?? undefined;
    try {
      const confirmed = await this.#api.tickHomework({
        homeworkId: homework.id,
        ticked,
        ...(pupilId === undefined ? {} : { pupilId }),
      });
      if (confirmed.status === 'ticked') this.tickedHere[confirmed.id] = confirmed;
      else delete this.tickedHere[confirmed.id];
    } catch (error) {
      if (ticked) delete this.tickedHere[homework.id];
      this.actionError = `${ticked ? 'Could not tick off' : 'Could not untick'} "${homework.title}". ${errorMessage(error)}`;
      this.#tickFailure = { message: this.actionError, updatedAt: this.state?.freshness.updatedAt ?? null };
    } finally {
      delete this.ticking[homework.id];
    }
  }

  /** Whether an announcement shows as unread: the service says new, and it was not opened here. */
  isUnread(announcement: { id: number; unread: boolean }): boolean {
    return announcement.unread && !(announcement.id in this.readHere);
  }

  /**
   * An unread announcement was opened: its dot goes at once, and main remembers it (`announcement:read`)
   * for the selected pupil. A failure is only logged: the dot comes back at the next load, nothing is lost.
   */
  async markAnnouncementRead(announcement: { id: number; unread: boolean }): Promise<void> {
    if (!this.isUnread(announcement)) return;
    this.readHere[announcement.id] = true;
    const pupilId = this.state?.selectedPupilId ?? undefined;
    try {
      await this.#api.markAnnouncementRead({
        announcementId: announcement.id,
        ...(pupilId === undefined ? {} : { pupilId }),
      });
    } catch (error) {
      console.warn('could not remember the announcement as read', errorMessage(error));
    }
  }

  /**
   * Loads an opened announcement's body (`announcement:get`) or a homework's description (`homework:get`)
   * for the selected pupil into {@link bodies}, once: one loaded or loading is not asked for again; a
   * failed one is asked again the next time.
   */
  async loadBody(kind: BodyKind, id: number): Promise<void> {
    const key = bodyKey(kind, id);
    const known = this.bodies[key];
    if (known?.status === 'ready' || known?.status === 'loading') return;
    this.#setBody(key, { status: 'loading' });
    const pupilId = this.state?.selectedPupilId ?? undefined;
    const forPupil = pupilId === undefined ? {} : { pupilId };
    try {
      const body =
        kind === 'announcement'
          ? await this.#api.getAnnouncement({ announcementId: id, ...forPupil })
          : await this.#api.getHomework({ homeworkId: id, ...forPupil });
      if ((this.state?.selectedPupilId ?? undefined) !== pupilId) return; // pupil changed meanwhile
      this.#setBody(key, { status: 'ready', data: body.descriptionHtml });
    } catch (error) {
      this.#setBody(key, { status: 'error', error: errorMessage(error) });
    }
  }

  /** Asks "Sign out?" in Settings (the answer is {@link logout}, or Cancel). */
  askSignOut(): void {
    this.signOutAsked = true;
  }

  /** Signs out (main forgets the session and any remembered credentials). */
  async logout(): Promise<void> {
    this.signOutAsked = false;
    try {
      await this.#api.logout();
      this.view = 'today';
      this.date = null;
    } catch (error) {
      this.actionError = errorMessage(error);
    }
  }

  /** Is this attached file being downloaded and opened? */
  isOpening(request: AttachmentRequest): boolean {
    return this.openingFiles.includes(attachmentKey(request));
  }

  /**
   * Opens an attached file: main finds it by `request` (never a URL from here), downloads it and opens it
   * with the system's default application, or saves it to Downloads without opening it (then
   * {@link savedFile} says so). A second click while it runs does nothing; a failure ("Couldn't open
   * <name>: …") shows in the action banner.
   */
  async openAttachment(request: AttachmentRequest): Promise<void> {
    const key = attachmentKey(request);
    if (this.openingFiles.includes(key)) return;
    this.openingFiles = [...this.openingFiles, key];
    this.actionError = null;
    this.savedFile = null;
    try {
      const outcome = await this.#api.openAttachment(request);
      if (outcome.action === 'saved') this.savedFile = { request, outcome };
    } catch (error) {
      this.actionError = errorMessage(error);
    } finally {
      this.openingFiles = this.openingFiles.filter((k) => k !== key);
    }
  }

  /** Shows the file saved to Downloads in the system's file manager; a failure shows in the action banner. */
  async revealSavedFile(): Promise<void> {
    const saved = this.savedFile;
    if (!saved) return;
    try {
      await this.#api.revealAttachment(saved.request);
      this.savedFile = null;
    } catch (error) {
      this.actionError = errorMessage(error);
    }
  }

  /**
   * Opens a link in the system browser (the popover itself never navigates), as lib/links.ts `judgeLink`
   * decides: at once; after the user confirms (`linkToConfirm`), when `text` (what the link shows) names
   * another address than the one it opens; or never, saying why in the action banner.
   */
  openExternal(url: string, text = ''): void {
    // lib/links.ts is loaded on the first click (warmed with the sanitizer), not with the first screen.
    import('./links').then(
      ({ judgeLink }) => this.#follow(judgeLink(url, text)),
      () =>
        (this.actionError = 'This link could not be opened: the popover failed to load a part of itself.'),
    );
  }

  #follow(verdict: LinkVerdict): void {
    this.linkToConfirm = null;
    if (verdict.kind === 'refuse') {
      this.actionError = verdict.host ? `${verdict.message} It goes to ${verdict.host}.` : verdict.message;
    } else if (verdict.kind === 'confirm') {
      this.linkToConfirm = { url: verdict.url, host: verdict.host, shown: verdict.shown };
    } else {
      this.#open(verdict.url);
    }
  }

  /** Opens the link the user confirmed (`linkToConfirm`). */
  confirmLink(): void {
    const link = this.linkToConfirm;
    this.linkToConfirm = null;
    if (link) this.#open(link.url);
  }

  #open(url: string): void {
    this.actionError = null;
    this.#api.openExternal(url).catch((error: unknown) => {
      this.actionError = errorMessage(error);
    });
  }
}

/** One attached file's key in `openingFiles`: kind, pupil, item and place. */
function attachmentKey(request: AttachmentRequest): string {
  return `${request.kind}:${request.pupilId ?? ''}:${request.itemId}:${request.index}`;
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
