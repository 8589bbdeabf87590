// createApp against the fake ClassCharts server (loopback HTTP) with a fake clock: sign-in, the state the
// popover shows, parents, every handler, the cache at start, restarts, sign-out, suspend/resume, and the
// minute tick. Session failure scenarios are in ./session-fake-server.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../../../main/adapters/memory-store';
import { createMemoryVault } from '../../../main/adapters/memory-vault';
import { parseInstant } from '../../../common/dates';
import { LEDGER_STORE_KEY } from '../../../main/notify/ledger';
import { CREDENTIALS_VAULT_KEY } from '../../../main/session/keeper';
import { CACHE_ACCOUNT_KEY } from '../../../main/sync/known-data';
import { SETTINGS_STORE_KEY } from '../../../main/settings';
import type { Harness } from '../../support/app-harness';
import { RequestGate, setFreshEssay, startHarness, studentLogin } from '../../support/app-harness';
import { FakeClock } from '../../support/clock';

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});
const start = async (...args: Parameters<typeof startHarness>) => (harness = await startHarness(...args));

/** Signs in the demo student and waits for the first refresh (and the background kinds). */
async function signedInStudent(h: Harness, remember = false): Promise<void> {
  await h.app.start();
  await h.app.whenIdle();
  expect(await h.app.handlers['auth:login'](studentLogin(remember))).toEqual({ ok: true });
  await h.app.whenIdle();
}

describe('sign-in and the state the popover shows', () => {
  it('a student cold start is two round trips: sign-in, then ping + lessons + homework together', async () => {
    const h = await start();
    await h.app.start();
    await h.app.whenIdle();
    expect(h.app.state().auth).toBe('signed-out');
    const result = await h.app.handlers['auth:login'](studentLogin());
    expect(result).toEqual({ ok: true });
    const [login, ...rest] = h.paths();
    expect(login).toBe('/student/login');
    expect(rest.slice(0, 3).sort()).toEqual([
      '/apiv2student/homeworks',
      '/apiv2student/ping',
      '/apiv2student/timetable',
    ]);

    const state = h.app.state();
    expect(state.auth).toBe('signed-in');
    expect(state.account).toEqual({ kind: 'student', name: expect.any(String) });
    expect(state.pupils).toHaveLength(1);
    expect(state.today?.date).toBe('2026-06-15');
    expect(state.today?.lessons.length).toBeGreaterThan(0);
    expect(state.today?.lessons.filter((l) => l.state === 'next').length).toBeGreaterThan(0);
    expect(state.homework.length).toBeGreaterThan(0);
    expect(state.freshness).toMatchObject({ stale: false, offline: false, error: null });
    expect(parseInstant(state.freshness.updatedAt)).toBe(h.clock.now());
    expect(h.states.at(-1)).toEqual(state); // every change was emitted
  });

  it('sign-in leaves the form once lessons and homework are in; the background kinds follow', async () => {
    // Issue 30: `auth:login` used to wait for activity, badges, detentions and announcements too, so the
    // sign-in form stayed up 1.4× to 3× longer than the lessons took (a busy year's announcements).
    const gate = new RequestGate(new Set(['activityPage', 'badges', 'detentions', 'announcements']));
    const h = await start({ gate });
    await h.app.start();
    await h.app.whenIdle();
    gate.close();
    expect(await h.app.handlers['auth:login'](studentLogin())).toEqual({ ok: true });
    const shown = h.app.state();
    expect(shown.auth).toBe('signed-in');
    expect(shown.today?.lessons.length).toBeGreaterThan(0);
    expect(shown.homework.length).toBeGreaterThan(0);
    expect(h.paths().filter((p) => p.includes('/announcements'))).toEqual([]);

    await gate.reached(); // a background kind is on its way, held
    gate.open();
    await h.app.whenIdle();
    expect(h.paths().filter((p) => p.includes('/announcements'))).toHaveLength(1);
    expect(h.ports.notifier.shown).toEqual([]); // the background kinds' first fetch is a baseline too
  });

  it('the first sync after sign-in notifies nothing, even with homework due tomorrow and news', async () => {
    const h = await start();
    h.clock.jump(11 * 3_600_000); // 18:30: the "due tomorrow" hour has passed
    await signedInStudent(h);
    expect(h.events.some((e) => e.type === 'extras' && e.ok)).toBe(true);
    expect(h.ports.notifier.shown).toEqual([]);
  });

  it('a parent account with no pupils is told so and stays signed out, after asking /pupils once more', async () => {
    const h = await start();
    h.fake.dataset.parents[0]!.pupilIds = [];
    await h.app.start();
    await h.app.whenIdle();
    const result = await h.app.handlers['auth:login']({ kind: 'demo', as: 'parent' });
    expect(result).toMatchObject({ ok: false, code: 'no-pupils' });
    expect(h.paths().filter((p) => p === '/apiv2parent/pupils')).toHaveLength(2);
    expect(h.app.state()).toMatchObject({ auth: 'signed-out', account: null, pupils: [] });
  });

  it('a parent sees every pupil, and switching pupil needs no request', async () => {
    const h = await start();
    await h.app.start();
    await h.app.whenIdle();
    expect(await h.app.handlers['auth:login']({ kind: 'demo', as: 'parent' })).toEqual({ ok: true });
    await h.app.whenIdle();
    const state = h.app.state();
    expect(state.account?.kind).toBe('parent');
    expect(state.pupils).toHaveLength(2);
    const other = state.pupils[1]!;
    const before = h.fake.requests.length;
    await h.app.handlers['pupil:select'](other.id);
    expect(h.fake.requests.length).toBe(before);
    const switched = h.app.state();
    expect(switched.selectedPupilId).toBe(other.id);
    expect(switched.today?.lessons.length).toBeGreaterThan(0);
    await expect(h.app.handlers['pupil:select'](1234567)).rejects.toThrow(
      'That pupil is not on this account.',
    );
  });

  it("a notification click about a parent's other child switches to that child before showing the item", async () => {
    const h = await start();
    await h.app.start();
    await h.app.whenIdle();
    await h.app.handlers['auth:login']({ kind: 'demo', as: 'parent' });
    await h.app.whenIdle();
    const [first, other] = h.app.state().pupils;
    const targets: unknown[] = [];
    h.app.on('ui:navigate', (target) => targets.push(target));
    h.app.navigate({ view: 'homework', homeworkId: 7 }, other!.id);
    expect(h.app.state().selectedPupilId).toBe(other!.id);
    expect(targets).toEqual([{ view: 'homework', homeworkId: 7 }]);
    h.app.navigate({ view: 'today' }, 1234567); // no longer on the account: stays where it is
    expect(h.app.state().selectedPupilId).toBe(other!.id);
    h.app.navigate({ view: 'today' }, first!.id);
    expect(h.app.state().selectedPupilId).toBe(first!.id);
  });

  it('demo accounts only in demo mode', async () => {
    const h = await start({ demo: false });
    await h.app.start();
    expect(await h.app.handlers['auth:login']({ kind: 'demo', as: 'student' })).toMatchObject({
      ok: false,
      code: 'invalid-input',
    });
    expect(h.fake.requests).toHaveLength(0);
  });

  it('wrong details say which field; malformed ones never reach the service', async () => {
    const h = await start();
    await h.app.start();
    await h.app.whenIdle();
    expect(await h.app.handlers['auth:login']({ ...studentLogin(), code: 'NOPE1234' })).toMatchObject({
      ok: false,
      code: 'wrong-code',
      field: 'code',
    });
    expect(
      await h.app.handlers['auth:login']({ ...studentLogin(), dateOfBirth: '01/01/2010' }),
    ).toMatchObject({
      ok: false,
      code: 'wrong-date-of-birth',
      field: 'dateOfBirth',
    });
    const sent = h.fake.requests.length;
    expect(
      await h.app.handlers['auth:login']({ ...studentLogin(), dateOfBirth: '14 May 2012' }),
    ).toMatchObject({
      ok: false,
      code: 'invalid-input',
      field: 'dateOfBirth',
    });
    expect(h.fake.requests.length).toBe(sent);
    expect(h.app.state().auth).toBe('signed-out');
  });

  // Issue 25 §1: the date of birth may be empty (a code-only pupil;
  // daydreme/classcharts-server-mock@1c742cfc67 pkg/student/user/auth.go) or YYYY-MM-DD, as the JSON login
  // takes it (classchartspro, CPPietro, thjaed).
  it('a code-only pupil signs in with no date of birth; YYYY-MM-DD is a date of birth too', async () => {
    const h = await start();
    await h.app.start();
    await h.app.whenIdle();
    expect(await h.app.handlers['auth:login']({ ...studentLogin(), dateOfBirth: '' })).toMatchObject({
      ok: false,
      code: 'wrong-date-of-birth',
      field: 'dateOfBirth',
      message: /also needs/,
    });
    expect(
      await h.app.handlers['auth:login']({ ...studentLogin(), code: 'NODOB2026', dateOfBirth: '  ' }),
    ).toEqual({ ok: true });
    await h.app.whenIdle();
    expect(h.app.state().pupils.map((p) => p.name)).toEqual(['Isla Morgan']);
    expect(await h.app.handlers['auth:login']({ ...studentLogin(), dateOfBirth: '2012-05-14' })).toEqual({
      ok: true,
    });
  });
});

describe('handlers', () => {
  it('records are fetched on demand and reused for two minutes', async () => {
    // A long session lifetime: the clock jumps without renewals here.
    const h = await start({ server: { sessionTtlSeconds: 3_600 } });
    await signedInStudent(h);
    h.clock.jump(3 * 60_000); // the background copy is now older than two minutes
    const count = () => h.paths().filter((p) => p.startsWith('/apiv2student/eventbadges')).length;
    const before = count();
    const first = await h.app.handlers['records:get']({ kind: 'badges' });
    expect(first.kind).toBe('badges');
    await h.app.handlers['records:get']({ kind: 'badges' });
    expect(count()).toBe(before + 1);
    h.clock.jump(2 * 60_000);
    await h.app.handlers['records:get']({ kind: 'badges' });
    expect(count()).toBe(before + 2);
    const behaviour = await h.app.handlers['records:get']({ kind: 'behaviour' });
    expect(behaviour.kind === 'behaviour' && behaviour.summary.weeks.length).toBeGreaterThan(0);
  });

  it('news in records the user opens is not notified later; a lesson reminder still comes', async () => {
    const h = await start({ server: { sessionTtlSeconds: 3_600 } });
    await signedInStudent(h);
    const data = h.fake.dataset.pupils.find((p) => p.pupil.id === h.fake.accounts.student.pupilId)!;
    const award = (id: number) =>
      data.badges.push({
        ...data.badges[0]!,
        id,
        name: `Badge ${id}`,
        created_date: '2026-06-15T08:00:00+01:00',
      });
    award(777_001);
    const next = h.app.state().today?.lessons.find((l) => l.state === 'next');
    h.clock.jump(parseInstant(next?.start ?? null)! - 4.5 * 60_000 - h.clock.now());
    const opened = await h.app.handlers['records:get']({ kind: 'badges' });
    expect(opened.kind === 'badges' && opened.items.map((b) => b.id)).toContain(777_001);
    await h.clock.advance(60_000); // minute tick
    expect(h.ports.notifier.shown.map((n) => n.kind)).toEqual(['lesson-soon']);

    // An hour on, the background fetch finds the opened badge (already known) and one more (new).
    award(777_002);
    h.clock.jump(60 * 60_000);
    await h.app.handlers['sync:refresh']();
    expect(h.ports.notifier.shown.filter((n) => n.kind === 'badge').map((n) => n.body)).toEqual([
      'Badge 777002',
    ]);
  });

  // Issue 30: at 10× a busy year the homework descriptions made each state over 50 KB.
  it('the state carries no homework descriptions; homework:get gives one from memory', async () => {
    const h = await start();
    await signedInStudent(h);
    const listed = h.app.state().homework.flatMap((g) => g.items);
    const raw = h.fake.dataset.pupils.flatMap((p) => p.homeworks);
    const described = listed.find((item) => item.hasDescription)!;
    expect(listed.every((item) => !('descriptionHtml' in item))).toBe(true);
    const from = h.fake.requests.length;
    expect(await h.app.handlers['homework:get']({ homeworkId: described.id })).toEqual({
      id: described.id,
      descriptionHtml: raw.find((r) => r.id === described.id)!.description,
    });
    expect(h.paths(from)).toEqual([]);
    await expect(h.app.handlers['homework:get']({ homeworkId: 123_456_789 })).rejects.toThrow(
      'That homework is not in the list any more.',
    );
    await expect(h.app.handlers['homework:get']({ homeworkId: 0 })).rejects.toThrow();
  });

  it('day:get answers today and the next school day from memory and fetches other days', async () => {
    const h = await start();
    await signedInStudent(h);
    const before = h.fake.requests.length;
    const today = await h.app.handlers['day:get']({ date: '2026-06-15' });
    expect(today).toEqual(h.app.state().today);
    const tomorrow = await h.app.handlers['day:get']({ date: '2026-06-16' });
    expect(tomorrow).toEqual(h.app.state().nextSchoolDay?.day);
    expect(h.fake.requests.length).toBe(before);
    const later = await h.app.handlers['day:get']({ date: '2026-06-17' });
    expect(later.date).toBe('2026-06-17');
    expect(later.lessons.every((l) => l.state === 'later')).toBe(true);
    expect(h.fake.requests.at(-1)?.query.date).toBe('2026-06-17');
  });

  it('settings:update merges, persists, and applies launch at login', async () => {
    const h = await start();
    await h.app.start();
    const settings = await h.app.handlers['settings:update']({
      launchAtLogin: true,
      notifications: { privacy: true },
    });
    expect(settings.launchAtLogin).toBe(true);
    expect(settings.notifications.privacy).toBe(true);
    expect(await h.ports.autostart.isEnabled()).toBe(true);
    expect(h.ports.store.get(SETTINGS_STORE_KEY)).toEqual(settings);
    expect(h.app.state().settings).toEqual(settings);
    await expect(h.app.handlers['settings:update']({ refreshIntervalMinutes: 1 })).rejects.toThrow();
  });

  it('start-up keeps "launch at login" on while macOS waits for the user to approve it, and says so', async () => {
    const store = createMemoryStore();
    store.set(SETTINGS_STORE_KEY, { launchAtLogin: true });
    const autostart = {
      isEnabled: vi.fn(async () => true),
      setEnabled: vi.fn(async () => undefined),
      status: vi.fn(async () => 'needs-approval' as const),
    };
    const h = await start({ store, autostart });
    await h.app.start();
    expect(h.app.state().settings.launchAtLogin).toBe(true);
    expect(h.app.state().environment.launchAtLogin).toBe('needs-approval');
  });

  it('a "launch at login" the system did not take is not saved, and the status read back is shown', async () => {
    const autostart = {
      isEnabled: vi.fn(async () => false),
      setEnabled: vi.fn(async () => {
        throw new Error('The system did not add ClassCharts Tray to the login items (status: not-found).');
      }),
      status: vi.fn(async () => 'off' as const),
    };
    const h = await start({ autostart });
    await h.app.start();
    await expect(h.app.handlers['settings:update']({ launchAtLogin: true })).rejects.toThrow(
      'Could not change "launch at login" on this system.',
    );
    expect(h.app.state().settings.launchAtLogin).toBe(false);
    expect(h.app.state().environment.launchAtLogin).toBe('off');
  });

  it('opens only web links; validates every argument', async () => {
    const h = await start();
    await h.app.start();
    await h.app.handlers['shell:open-external']('https://www.classcharts.com/');
    expect(h.ports.shell.opened).toEqual(['https://www.classcharts.com/']);
    await expect(h.app.handlers['shell:open-external']('file:///etc/passwd')).rejects.toThrow(/web links/);
    await expect(h.app.handlers['records:get']({ kind: 'rewards' } as never)).rejects.toThrow();
    await expect(h.app.handlers['day:get']({ date: 'tomorrow' })).rejects.toThrow(/YYYY-MM-DD/);
    await expect(h.app.handlers['sync:refresh']()).rejects.toThrow('Sign in first.');
    expect(h.ports.shell.opened).toHaveLength(1);
  });
});

describe('the global shortcut', () => {
  /** A system where `taken` accelerators belong to another application. */
  function system(taken: string[]) {
    const registered: (string | null)[] = [];
    return {
      registered,
      apply(accelerator: string | null) {
        if (accelerator !== null && taken.includes(accelerator)) return false;
        registered.push(accelerator);
        return accelerator !== null;
      },
    };
  }

  it('registers the saved shortcut at start and says when another application holds it', async () => {
    const store = createMemoryStore();
    store.set(SETTINGS_STORE_KEY, { shortcut: 'Alt+Space' });
    const h = await start({ store, shortcut: system(['Alt+Space']) });
    await h.app.start();
    expect(h.app.state().environment.shortcut).toBe('taken');
  });

  it('a shortcut the system refuses is not saved, the old one stays active, and the reason is given', async () => {
    const shortcut = system(['Alt+Space']);
    const h = await start({ shortcut });
    await h.app.start();
    expect(h.app.state().environment.shortcut).toBe('off');
    await h.app.handlers['settings:update']({ shortcut: 'CommandOrControl+Shift+C' });
    expect(h.app.state().environment.shortcut).toBe('active');
    await expect(h.app.handlers['settings:update']({ shortcut: 'Alt+Space' })).rejects.toThrow(
      /refused that shortcut: another application may be using it/,
    );
    expect(h.app.state().settings.shortcut).toBe('CommandOrControl+Shift+C');
    expect(h.app.state().environment.shortcut).toBe('active');
    expect(shortcut.registered.at(-1)).toBe('CommandOrControl+Shift+C');
    await h.app.handlers['settings:update']({ shortcut: null });
    expect(h.app.state().environment.shortcut).toBe('off');
  });

  it('where there are no global shortcuts (CLI, preview) the state says so', async () => {
    const h = await start();
    await h.app.start();
    expect(h.app.state().environment.shortcut).toBe('unavailable');
  });
});

describe('records the user has seen', () => {
  it('a behaviour point seen in More › Behaviour is not notified later', async () => {
    const h = await start();
    await signedInStudent(h);
    const data = h.fake.dataset.pupils.find((p) => p.pupil.id === h.fake.accounts.student.pupilId)!;
    data.activity.unshift({
      ...data.activity[0]!,
      id: 999_000_001,
      polarity: 'positive',
      reason: 'Seen in popover',
      score: 1,
      timestamp: '2026-06-15 07:45:00',
    });
    h.clock.jump(3 * 60_000);
    const seen = await h.app.handlers['records:get']({ kind: 'behaviour' });
    expect(seen.kind === 'behaviour' && seen.recent.some((p) => p.id === 999_000_001)).toBe(true);
    h.clock.jump(60 * 60_000); // the hourly background fetch of behaviour points comes round
    await h.app.handlers['sync:refresh']();
    await h.app.whenIdle();
    expect(h.events.some((e) => e.type === 'extras' && e.ok && e.kinds.includes('activity'))).toBe(true);
    expect(h.ports.notifier.shown.filter((n) => n.kind.startsWith('behaviour'))).toEqual([]);
  });
});

// Issue 25 §4: the session may lapse between uses, but nothing comes later in waking hours (07:00–22:00): a
// homework set in the evening is notified at the same refresh as before, and no one is asked to sign in.
describe('a remembered session that lapses between uses', () => {
  it('notifies evening homework at the next interval refresh, signed in all the while', async () => {
    const h = await start({ clock: new FakeClock('2026-06-15T18:50:00+01:00') });
    await signedInStudent(h, true);
    const signedInAt = h.clock.now();
    const statesMark = h.states.length;
    const { notificationId } = setFreshEssay(h); // set by the teacher at 18:50
    const logins = () => h.paths().filter((p) => p === '/student/login').length;
    const pings = () => h.paths().filter((p) => p === '/apiv2student/ping').length;
    const [loginsBefore, pingsBefore] = [logins(), pings()];
    await h.clock.advance(15 * 60_000 - 1_000);
    expect(h.ports.notifier.shown, 'not before the refresh').toEqual([]);
    expect(pings(), 'the session was let go: no ping while nothing was needed').toBe(pingsBefore);
    await h.clock.advance(1_000);
    await h.app.whenIdle();
    expect(h.ports.notifier.shown.map((n) => n.id)).toEqual([notificationId]);
    expect(h.clock.now() - signedInAt).toBe(15 * 60_000);
    expect(logins()).toBe(loginsBefore + 1);
    expect(h.states.slice(statesMark).map((state) => state.auth)).not.toContain('needs-sign-in');
    expect(h.states.slice(statesMark).every((state) => state.auth === 'signed-in')).toBe(true);
    expect(h.app.state().freshness).toMatchObject({ stale: false, error: null });
  });
});

describe("today's lessons once the school day is over", () => {
  it('are read hourly by the interval refresh, and every time the user presses Refresh', async () => {
    const h = await start({
      clock: new FakeClock('2026-06-15T16:30:00+01:00'),
      server: { sessionTtlSeconds: 86_400 },
    });
    await signedInStudent(h);
    const todays = () =>
      h.fake.requests.filter(
        (r) => r.path.startsWith('/apiv2student/timetable') && r.query.date === '2026-06-15',
      ).length;
    const homeworks = () => h.paths().filter((p) => p.startsWith('/apiv2student/homeworks')).length;
    const [lessonsBefore, homeworkBefore] = [todays(), homeworks()];
    await h.clock.advance(15 * 60_000); // the interval refresh at 16:45: homework only
    await h.app.whenIdle();
    expect(homeworks()).toBe(homeworkBefore + 1);
    expect(todays()).toBe(lessonsBefore);
    await h.app.handlers['sync:refresh'](); // Refresh pressed: the lessons too
    expect(todays()).toBe(lessonsBefore + 1);
  });
});

describe('cache, restart and sign-out', () => {
  it('a remembered sign-in survives a restart: cached state shown stale first, then fresh, and nothing notified twice', async () => {
    const store = createMemoryStore();
    const vault = createMemoryVault();
    const first = await start({ store, vault });
    await signedInStudent(first, true);
    // The teacher sets new homework; the next refresh notifies it once.
    const { notificationId } = setFreshEssay(first);
    await first.app.handlers['sync:refresh']();
    expect(first.ports.notifier.shown.map((n) => n.id)).toEqual([notificationId]);
    const fake = first.fake;
    await first.app.stop();

    // Restart with the same store and vault, the service still holding the sign-in at bay for a moment.
    const second = (harness = await startHarness({ store, vault, fake, clock: first.clock }));
    fake.faults.inject({ path: '/student/login', kind: 'hang' });
    await second.app.start();
    const cached = second.app.state();
    expect(cached.auth).toBe('starting');
    expect(cached.freshness.stale).toBe(true);
    expect(cached.today?.lessons.length).toBeGreaterThan(0);
    fake.faults.clear();
    await second.app.whenIdle();
    expect(second.app.state()).toMatchObject({ auth: 'signed-in', freshness: { stale: false } });
    expect(second.ports.notifier.shown).toEqual([]);
    await fake.close();
  });

  /**
   * Signs the demo student in with "remember", stops, and locks the keyring; `restart()` starts the app
   * again on the same store, vault and server and waits for its start-up.
   */
  async function rememberedThenLocked() {
    const store = createMemoryStore();
    const keyring = { locked: false };
    const vault = createMemoryVault({ isLocked: () => keyring.locked });
    const first = await start({ store, vault });
    await signedInStudent(first, true);
    const fake = first.fake;
    await first.app.stop();
    keyring.locked = true;
    const restart = async () => {
      const next = (harness = await startHarness({ store, vault, fake, clock: first.clock }));
      await next.app.start();
      await next.app.whenIdle();
      return next;
    };
    return { store, vault, keyring, fake, restart };
  }

  // A keyring still locked at login (electron/electron@96f3996d
  // shell/browser/api/electron_api_safe_storage.cc: decryptStringAsync rejects "…temporarily unavailable.
  // Please try again."): the remembered sign-in and its cached data wait for it instead of being deleted, and
  // the app signs in by itself once it opens.
  it('a remembered sign-in waits for a keyring locked at login, and signs in when the screen is unlocked', async () => {
    const { store, vault, keyring, fake, restart } = await rememberedThenLocked();
    const second = await restart();
    expect(second.app.state()).toMatchObject({ auth: 'signed-out', environment: { keychain: 'locked' } });
    expect(await vault.status()).toBe('available'); // nothing was deleted meanwhile:
    expect(store.get(CACHE_ACCOUNT_KEY)).toBeDefined();
    second.app.screenUnlocked(); // the screen is unlocked, the keyring still locked: nothing changes
    await second.app.whenIdle();
    expect(second.app.state().auth).toBe('signed-out');

    keyring.locked = false; // the user unlocked the keyring, then the screen
    second.app.userReturned(); // opening the popover does not ask the keychain (only a new process would)
    await second.app.whenIdle();
    expect(second.app.state().auth).toBe('signed-out');
    second.app.screenUnlocked();
    await second.app.whenIdle();
    expect(second.app.state()).toMatchObject({ auth: 'signed-in', environment: { keychain: 'available' } });
    expect(second.app.state().today?.lessons.length).toBeGreaterThan(0);
    expect(await vault.get(CREDENTIALS_VAULT_KEY)).not.toBeNull();
    await fake.close();
  });

  // Chromium reads its keys once per process (electron/electron@96f3996d
  // shell/browser/api/electron_api_safe_storage.cc): in the desktop app only a new process sees a keyring
  // unlocked after start-up, so "Try again" restarts it, and a screen unlock restarts it quietly.
  it('where the shell can restart the app, "Try again" and a screen unlock restart it instead of asking in place', async () => {
    const { fake, restart } = await rememberedThenLocked();
    const second = await restart();
    const relaunch = vi.fn();
    second.ports.shell.relaunch = relaunch;
    second.app.resume(); // a wake-up alone unlocks no keychain
    await second.app.whenIdle();
    expect(relaunch).not.toHaveBeenCalled();
    await second.app.handlers['sync:refresh']();
    expect(relaunch).toHaveBeenLastCalledWith({ quiet: false });
    second.app.screenUnlocked();
    expect(relaunch).toHaveBeenLastCalledWith({ quiet: true });
    expect(relaunch).toHaveBeenCalledTimes(2);
    expect(second.app.state().environment.keychain).toBe('locked');
    await fake.close();
  });

  it('"Try again" on the sign-in screen asks a locked keychain again; signing in without "remember" forgets what it held', async () => {
    const { store, vault, keyring, fake, restart } = await rememberedThenLocked();
    const second = await restart();
    await second.app.handlers['sync:refresh'](); // "Try again", still locked: no error, still waiting
    expect(second.app.state()).toMatchObject({ auth: 'signed-out', environment: { keychain: 'locked' } });
    keyring.locked = false;
    await second.app.handlers['sync:refresh']();
    expect(second.app.state().auth).toBe('signed-in');
    await second.app.handlers['auth:logout']();
    await second.app.whenIdle();

    // Locked again; this time the user signs in by hand without "remember".
    await second.app.handlers['auth:login'](studentLogin(true));
    await second.app.whenIdle();
    await second.app.stop();
    keyring.locked = true;
    const third = await restart();
    expect(third.app.state().environment.keychain).toBe('locked');
    expect(await third.app.handlers['auth:login'](studentLogin(false))).toEqual({ ok: true });
    await third.app.whenIdle();
    expect(third.app.state().environment.keychain).toBe('available');
    expect(await vault.get(CREDENTIALS_VAULT_KEY)).toBeNull();
    expect(store.get(CACHE_ACCOUNT_KEY)).toBeUndefined();
    await fake.close();
  });

  it('without "remember", nothing personal is stored and a restart is signed out', async () => {
    const store = createMemoryStore();
    const vault = createMemoryVault();
    const h = await start({ store, vault });
    await signedInStudent(h, false);
    expect(await vault.get(CREDENTIALS_VAULT_KEY)).toBeNull();
    expect(store.get(CACHE_ACCOUNT_KEY)).toBeUndefined();
    expect(store.get(LEDGER_STORE_KEY)).toBeUndefined();
  });

  it('sign-out stops every timer and forgets token, credentials and data', async () => {
    const store = createMemoryStore();
    const vault = createMemoryVault();
    const h = await start({ store, vault });
    await signedInStudent(h, true);
    expect(store.get(CACHE_ACCOUNT_KEY)).toBeDefined();
    await h.app.handlers['auth:logout']();
    await h.app.whenIdle(); // the service's logout is answered
    expect(h.clock.pending).toBe(0);
    expect(await vault.get(CREDENTIALS_VAULT_KEY)).toBeNull();
    expect(store.get(CACHE_ACCOUNT_KEY)).toBeUndefined();
    expect(store.get(LEDGER_STORE_KEY)).toBeUndefined();
    expect(h.app.state()).toMatchObject({
      auth: 'signed-out',
      account: null,
      pupils: [],
      today: null,
      homework: [],
    });
    const sent = h.fake.requests.length;
    await h.clock.advance(3_600_000);
    expect(h.fake.requests.length).toBe(sent);
  });

  // The service's own sign-out (NCPlayz's client and both mock servers POST /logout): the session token ends
  // on the service at once, not 180 s later, so nothing left on the machine can still use it.
  it('sign-out ends the session on the service too, for a student and a parent', async () => {
    for (const as of ['student', 'parent'] as const) {
      const h = await start();
      await h.app.start();
      await h.app.whenIdle();
      expect(await h.app.handlers['auth:login']({ kind: 'demo', as })).toEqual({ ok: true });
      await h.app.whenIdle();
      await h.app.handlers['auth:logout']();
      expect(h.app.state().auth).toBe('signed-out');
      await vi.waitFor(() =>
        expect(h.fake.requests.at(-1)).toMatchObject({
          method: 'POST',
          path: `/apiv2${as}/logout`,
          status: 200,
        }),
      );
      const base = as === 'student' ? '/apiv2student' : '/apiv2parent';
      const after = await fetch(`${h.fake.url}${base}/ping`, {
        method: 'POST',
        headers: { authorization: h.fake.requests.at(-1)!.headers.authorization! },
      });
      expect(await after.json()).toMatchObject({ success: 0, expired: 1 });
      await h.close();
      harness = null;
    }
  });

  it('secrets never reach the state, the store or an event', async () => {
    const store = createMemoryStore();
    const h = await start({ store });
    await signedInStudent(h, true);
    const everything = JSON.stringify([
      h.states,
      h.events,
      (store as ReturnType<typeof createMemoryStore>).dump(),
    ]);
    expect(everything).not.toContain('DEMO2026');
    expect(everything).not.toContain('14/05/2012');
  });
});

describe('timers: interval, minute tick, popover, suspend and resume', () => {
  it('refreshes on the interval and renews every 170 s', async () => {
    const h = await start();
    await signedInStudent(h);
    const pings = () => h.paths().filter((p) => p === '/apiv2student/ping').length;
    const before = pings();
    const renewal = h.until((e) => e.type === 'renewal');
    await h.clock.advance(170_000);
    expect(await renewal).toEqual({ type: 'renewal', ok: true });
    expect(pings()).toBe(before + 1);
    const refresh = h.until((e) => e.type === 'refresh' && e.reason === 'interval');
    await h.clock.advance(15 * 60_000 - 170_000);
    expect(await refresh).toMatchObject({ ok: true });
  });

  it('emits a new state at a minute boundary when the minutes to the next lesson change', async () => {
    const h = await start();
    await signedInStudent(h);
    const minutes = h.app.state().today?.minutesToNext;
    expect(minutes).not.toBeNull();
    const emitted = h.states.length;
    await h.clock.advance(60_000);
    expect(h.states.length).toBe(emitted + 1);
    expect(h.states.at(-1)?.today?.minutesToNext).toBe((minutes ?? 0) - 1);
  });

  it('reminds before a lesson starts, once', async () => {
    const h = await start();
    await signedInStudent(h);
    const next = h.app.state().today?.lessons.find((l) => l.state === 'next');
    const startsAt = parseInstant(next?.start ?? null)!;
    await h.clock.advance(startsAt - 5 * 60_000 - h.clock.now());
    const soon = h.ports.notifier.shown.filter((n) => n.kind === 'lesson-soon');
    expect(soon).toHaveLength(1);
    expect(soon[0]?.title).toBe(`${next?.subject} in 5 minutes`);
    await h.clock.advance(2 * 60_000);
    expect(h.ports.notifier.shown.filter((n) => n.kind === 'lesson-soon')).toHaveLength(1);
  });

  it('a minute tick far too late (a sleep nobody reported) does what a wake-up does: renew, then refresh', async () => {
    const h = await start();
    await signedInStudent(h);
    h.clock.jump(2 * 3_600_000); // asleep for two hours; no suspend or resume event
    const refreshed = h.until((e) => e.type === 'refresh' && e.reason === 'resume');
    await h.clock.advance(1_000); // the overdue timers fire at once on waking
    expect(await refreshed).toMatchObject({ ok: true });
    expect(h.app.state().freshness).toMatchObject({ stale: false, error: null });
    // The system reports the same wake-up a moment later: it is not renewed twice.
    await h.app.whenIdle();
    const pings = h.paths().filter((p) => p.endsWith('/ping')).length;
    h.app.resume();
    await h.app.handlers['sync:refresh'](); // requests wait for a renewal in flight, so one would be sent by now
    expect(h.paths().filter((p) => p.endsWith('/ping')).length).toBe(pings);
  });

  it('signing in during a sleep whose wake-up was never reported still starts the refreshes and reminders', async () => {
    const h = await start();
    await h.app.start();
    await h.app.whenIdle();
    h.app.suspend();
    expect(await h.app.handlers['auth:login'](studentLogin())).toEqual({ ok: true });
    await h.app.whenIdle();
    const interval = h.until((e) => e.type === 'refresh' && e.reason === 'interval');
    const emitted = h.states.length;
    await h.clock.advance(15 * 60_000);
    expect(await interval).toMatchObject({ ok: true });
    expect(h.states.length).toBeGreaterThan(emitted); // the minute tick runs
  });

  it('an unlocked screen refreshes only data older than 5 minutes', async () => {
    const h = await start();
    await signedInStudent(h);
    const reads = (from: number) => h.paths(from).filter((p) => !p.endsWith('/ping'));
    let sent = h.fake.requests.length;
    await h.clock.advance(60_000);
    h.app.userReturned();
    await h.app.whenIdle();
    expect(reads(sent)).toEqual([]);
    await h.clock.advance(5 * 60_000);
    sent = h.fake.requests.length;
    h.app.userReturned();
    await h.app.whenIdle();
    expect(reads(sent).sort()).toEqual([
      '/apiv2student/homeworks/4102571',
      '/apiv2student/timetable/4102571',
    ]);
  });

  it('at Europe/London midnight the day turns: a refresh shows the new day', async () => {
    const h = await start({ clock: new FakeClock('2026-06-15T23:55:00+01:00') });
    await signedInStudent(h);
    expect(h.app.state().today?.date).toBe('2026-06-15');
    const midnight = h.until((e) => e.type === 'refresh' && e.reason === 'midnight');
    await h.clock.advance(5 * 60_000 + 5_000);
    expect(await midnight).toMatchObject({ ok: true });
    expect(h.app.state().today?.date).toBe('2026-06-16');
  });

  it("the new day's cover lesson is told at 07:00, not at the midnight refresh", async () => {
    const h = await start({ clock: new FakeClock('2026-06-15T23:55:00+01:00') });
    const data = h.fake.dataset.pupils.find((p) => p.pupil.id === h.fake.accounts.student.pupilId)!;
    const cover = Object.values(data.timetable.changes).flat()[0]!;
    expect(cover.is_alternative_lesson).toBe(true);
    data.timetable.changes['2026-06-16'] = [cover];
    await signedInStudent(h);
    const changes = () => h.ports.notifier.shown.filter((n) => n.kind === 'lesson-change');

    const midnight = h.until((e) => e.type === 'refresh' && e.reason === 'midnight');
    await h.clock.advance(5 * 60_000 + 5_000);
    await midnight;
    expect(h.app.state().today?.lessons.some((l) => l.isAlternative)).toBe(true);
    expect(changes()).toEqual([]);

    await h.clock.advance(Date.parse('2026-06-16T06:59:00+01:00') - h.clock.now());
    expect(changes()).toEqual([]);
    await h.clock.advance(2 * 60_000);
    expect(changes().map((n) => n.title)).toEqual(['Cover lesson']);
  });

  it('the popover refreshes only data older than five minutes', async () => {
    const h = await start();
    await signedInStudent(h);
    const sent = h.fake.requests.length;
    h.app.userReturned();
    await h.app.whenIdle();
    expect(h.fake.requests.length).toBe(sent);
    h.clock.jump(5 * 60_000);
    const refresh = h.until((e) => e.type === 'refresh' && e.reason === 'popover');
    h.app.userReturned();
    expect(await refresh).toMatchObject({ ok: true });
  });

  it('a sleep while signed out does not stop session renewal after a later sign-in', async () => {
    const h = await start();
    await h.app.start();
    await h.app.whenIdle();
    h.app.suspend();
    h.app.resume();
    expect(await h.app.handlers['auth:login'](studentLogin())).toEqual({ ok: true });
    await h.app.whenIdle();
    const from = h.events.length;
    await h.clock.advance(10 * 60_000);
    const renewals = h.events.slice(from).filter((e) => e.type === 'renewal');
    expect(renewals).toEqual([
      { type: 'renewal', ok: true },
      { type: 'renewal', ok: true },
      { type: 'renewal', ok: true },
    ]); // at 3, 6 and 9 minutes
  });

  it('suspend stops the timers; resume after a long sleep signs in again, then refreshes', async () => {
    const h = await start();
    await signedInStudent(h);
    h.app.suspend();
    expect(h.clock.pending).toBe(0);
    h.clock.jump(2 * 3_600_000); // the session's 200 s lifetime is long gone
    const relogin = h.until((e) => e.type === 're-login');
    const refresh = h.until((e) => e.type === 'refresh' && e.reason === 'resume');
    h.app.resume();
    expect(await relogin).toMatchObject({ ok: true, reason: 'expired' });
    expect(await refresh).toMatchObject({ ok: true });
    expect(parseInstant(h.app.state().freshness.updatedAt)).toBe(h.clock.now());
  });
});

describe('settings follow the kind of account signed in', () => {
  // Issue 24 §2: a parent is not in the lesson, so lesson reminders are off by default for a parent account.
  it('turns lesson reminders off for a parent, keeps a choice the user made, and back on for a student', async () => {
    const h = await start();
    await h.app.start();
    await h.app.whenIdle();
    const lessonSoon = () => h.app.state().settings.notifications.kinds['lesson-soon'];
    expect(lessonSoon(), 'the first-run default').toBe(true);
    expect(await h.app.handlers['auth:login']({ kind: 'demo', as: 'parent' })).toEqual({ ok: true });
    expect(lessonSoon(), 'off for a parent').toBe(false);
    await h.app.handlers['auth:logout']();
    expect(await h.app.handlers['auth:login']({ kind: 'demo', as: 'student' })).toEqual({ ok: true });
    expect(lessonSoon(), 'on again for a student').toBe(true);
    // The student turns them off by hand: a parent's sign-in keeps that, and so does the student's next.
    await h.app.handlers['settings:update']({ notifications: { kinds: { 'lesson-soon': false } } });
    await h.app.handlers['auth:logout']();
    expect(await h.app.handlers['auth:login']({ kind: 'demo', as: 'parent' })).toEqual({ ok: true });
    await h.app.handlers['settings:update']({ notifications: { kinds: { 'lesson-soon': true } } });
    await h.app.handlers['auth:logout']();
    expect(await h.app.handlers['auth:login']({ kind: 'demo', as: 'student' })).toEqual({ ok: true });
    expect(lessonSoon(), 'the parent chose them: kept').toBe(true);
  });
});
