// The channel handlers and app commands (main/app/channel-handlers.ts) on stubs: a bad argument is refused
// with a clear error before any work, a good one reaches its command, and client errors become fit to show.
import { describe, expect, it, vi } from 'vitest';
import type { AppState } from '../../../common/contract';
import type { AttachmentService } from '../../../main/app/attachments';
import type { CalendarFeed } from '../../../main/app/calendar-feed';
import { createAppCommands, createChannelHandlers } from '../../../main/app/channel-handlers';
import { DataScope } from '../../../main/app/data-scope';
import { EnvironmentStatus } from '../../../main/app/environment-status';
import { SettingsService } from '../../../main/app/settings-service';
import type { SignInFlow } from '../../../main/app/sign-in';
import { NetworkError } from '../../../main/classcharts/errors';
import { InvalidRequestError } from '../../../main/contract-schemas';
import type { SessionKeeper } from '../../../main/session/keeper';
import type { SessionStatus } from '../../../main/session/session-state';
import { loadReadAnnouncements } from '../../../main/sync/read-announcements';
import type { CoreClient, SyncEngine } from '../../../main/sync/sync-engine';
import type { UpdateSchedule } from '../../../main/update/update-schedule';
import { createNoopShell } from '../../../main/adapters/noop-shell';
import { known, knownData, pupil } from '../../support/fixtures';
import { stubAs, unitPorts } from './helpers';

const JANE = 11;
const TOM = 12;
const ACCOUNT = knownData([known({ pupil: pupil({ id: JANE }) }), known({ pupil: pupil({ id: TOM }) })]);

function setUp(status: SessionStatus = 'signed-in') {
  const shell = createNoopShell();
  const ports = unitPorts({ shell });
  const hidePopover = vi.spyOn(shell, 'hidePopover');
  const keeper = { status };
  const engine = {
    known: ACCOUNT,
    pupil: vi.fn((id: number | undefined) => {
      const found = ACCOUNT.pupils.find((p) => p.pupil.id === id);
      if (!found) throw new Error('That pupil is not on this account.');
      return found;
    }),
    refresh: vi.fn(async () => {}),
    reschedule: vi.fn(),
    day: vi.fn(async () => Promise.reject(new NetworkError('/apiv2student/timetable', 'ECONNRESET', false))),
  };
  const environment = new EnvironmentStatus(ports);
  const settings = new SettingsService(ports, environment);
  const scope = new DataScope(ports);
  const signIn = { retryLockedKeychain: vi.fn(async () => {}), logout: vi.fn(async () => {}) };
  const attachments = { listedItem: vi.fn(() => undefined), open: vi.fn(), reveal: vi.fn() };
  const updates = { settingChanged: vi.fn() };
  const deps = {
    ports,
    keeper: stubAs<SessionKeeper<CoreClient>>(keeper),
    engine: stubAs<SyncEngine>(engine),
    scope,
    settings,
    environment,
    attachments: stubAs<AttachmentService>(attachments),
    calendar: stubAs<CalendarFeed>({ settingsChanged: vi.fn(async () => {}) }),
    signIn: stubAs<SignInFlow>(signIn),
    updates: stubAs<UpdateSchedule>(updates),
    state: () => stubAs<AppState>({ auth: keeper.status }),
    publish: vi.fn(),
    selectPupil: vi.fn((id: number) => scope.select(id)),
  };
  const commands = createAppCommands(deps);
  const handlers = createChannelHandlers(deps, commands);
  return {
    ports,
    shell,
    hidePopover,
    keeper,
    engine,
    environment,
    settings,
    scope,
    signIn,
    attachments,
    updates,
    deps,
    handlers,
    commands,
  };
}

describe('channel handlers: arguments', () => {
  it('refuses a pupil id that is not one before the command runs', async () => {
    const { engine, deps, handlers } = setUp();
    for (const bad of ['11', -1, 1.5, { pupilId: JANE }, null]) {
      await expect(handlers['pupil:select'](bad as never)).rejects.toBeInstanceOf(InvalidRequestError);
    }
    expect(engine.pupil).not.toHaveBeenCalled();
    expect(deps.selectPupil).not.toHaveBeenCalled();
  });

  it('a good pupil id reaches the command, which shows that pupil', async () => {
    const { scope, deps, handlers } = setUp();
    await handlers['pupil:select'](TOM);
    expect(deps.selectPupil).toHaveBeenCalledWith(TOM);
    expect(scope.selectedPupilId).toBe(TOM);
  });

  it('a pupil not on the account is refused by the command, and nothing changes', async () => {
    const { scope, deps, commands } = setUp();
    await expect(commands.selectPupil(99)).rejects.toThrow('That pupil is not on this account.');
    expect(deps.selectPupil).not.toHaveBeenCalled();
    expect(scope.selectedPupilId).toBeNull();
  });

  it('refuses a settings change that does not fit, saving nothing, with the reason', async () => {
    const { ports, settings, handlers } = setUp();
    await expect(handlers['settings:update']({ refreshIntervalMinutes: 1 })).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
    await expect(handlers['settings:update']({ colour: 'red' } as never)).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
    expect(settings.current.refreshIntervalMinutes).toBe(15);
    expect(ports.store.get('settings')).toBeUndefined();
  });

  it('a good settings change is saved, re-plans the refresh and tells the update schedule', async () => {
    const { ports, engine, updates, deps, handlers } = setUp();
    const result = await handlers['settings:update']({ refreshIntervalMinutes: 30, autoUpdate: false });
    expect(result.refreshIntervalMinutes).toBe(30);
    expect(ports.store.get('settings')).toMatchObject({ refreshIntervalMinutes: 30, autoUpdate: false });
    expect(engine.reschedule).toHaveBeenCalledTimes(1);
    expect(updates.settingChanged).toHaveBeenCalledTimes(1);
    expect(deps.publish).toHaveBeenCalled();
  });

  it('opens only web links in the browser', async () => {
    const { shell, handlers } = setUp();
    await expect(handlers['shell:open-external']('javascript:alert(1)')).rejects.toThrow(
      'Only web links (http or https) can be opened.',
    );
    await handlers['shell:open-external']('https://www.classcharts.com/');
    expect(shell.opened).toEqual(['https://www.classcharts.com/']);
  });

  it('refuses an argument to a channel that takes none', async () => {
    const { hidePopover, handlers } = setUp();
    await expect(handlers['popover:hide']('now' as never)).rejects.toBeInstanceOf(InvalidRequestError);
    expect(hidePopover).not.toHaveBeenCalled();
    await handlers['popover:hide']();
    expect(hidePopover).toHaveBeenCalledTimes(1);
  });
});

describe('channel handlers: signed in or not', () => {
  it('refresh refreshes when signed in, and says to sign in first otherwise', async () => {
    const signedIn = setUp();
    await signedIn.handlers['sync:refresh']();
    expect(signedIn.engine.refresh).toHaveBeenCalledWith('manual');
    const signedOut = setUp('signed-out');
    await expect(signedOut.handlers['sync:refresh']()).rejects.toThrow('Sign in first.');
    expect(signedOut.engine.refresh).not.toHaveBeenCalled();
  });

  it('"Try again" with a locked keychain and nobody signed in asks the keychain again', async () => {
    const { environment, signIn, engine, commands } = setUp('signed-out');
    environment.keychain = 'locked';
    await commands.refresh();
    expect(signIn.retryLockedKeychain).toHaveBeenCalledWith('user');
    expect(engine.refresh).not.toHaveBeenCalled();
  });

  it("turns a client error into the user's message, and refuses data requests when signed out", async () => {
    const { handlers } = setUp();
    await expect(handlers['day:get']({ date: '2026-06-16' })).rejects.toThrow(
      new NetworkError('/x', 'y', false).userMessage,
    );
    await expect(setUp('signed-out').handlers['day:get']({ date: '2026-06-16' })).rejects.toThrow(
      'Sign in first.',
    );
  });

  it('marks an announcement read on this computer for a pupil on the account only', async () => {
    const { scope, handlers } = setUp();
    await handlers['announcement:read']({ announcementId: 7, pupilId: TOM });
    expect(loadReadAnnouncements(scope.store)).toEqual({ [TOM]: [7] });
    await expect(handlers['announcement:read']({ announcementId: 8, pupilId: 99 })).rejects.toThrow(
      'That pupil is not on this account.',
    );
  });

  it('says a homework no longer listed is gone', async () => {
    const { attachments, handlers } = setUp();
    await expect(handlers['homework:get']({ homeworkId: 5 })).rejects.toThrow(
      'That homework is not in the list any more.',
    );
    expect(attachments.listedItem).toHaveBeenCalledWith('homework', 5, undefined);
  });
});
