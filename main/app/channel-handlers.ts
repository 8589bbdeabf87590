/**
 * One handler per invoke channel of the contract (common/contract/channels.ts), each validating its
 * argument again (defence in depth: the IPC layer validated it already) and handing it to the service that
 * owns it. Client errors become Errors whose message is fit to show.
 */
import type { AppState, ContractHandlers } from '../../common/contract';
import { isClassChartsError } from '../classcharts/errors';
import { parseRequest } from '../contract-schemas';
import type { AppCommands, AppPorts } from '../ports';
import type { SessionKeeper } from '../session/keeper';
import { loadReadAnnouncements, markAnnouncementRead, withLocalReads } from '../sync/read-announcements';
import { homeworkSummary } from '../sync/snapshot';
import type { CoreClient, SyncEngine } from '../sync/sync-engine';
import type { UpdateSchedule } from '../update/update-schedule';
import type { AttachmentService } from './attachments';
import type { CalendarFeed } from './calendar-feed';
import type { DataScope } from './data-scope';
import type { EnvironmentStatus } from './environment-status';
import type { SettingsService } from './settings-service';
import type { SignInFlow } from './sign-in';

const NOT_SIGNED_IN = 'Sign in first.';

/** The services the handlers hand their requests to. */
export interface ChannelHandlerDeps {
  ports: AppPorts;
  keeper: SessionKeeper<CoreClient>;
  engine: SyncEngine;
  scope: DataScope;
  settings: SettingsService;
  environment: EnvironmentStatus;
  attachments: AttachmentService;
  calendar: CalendarFeed;
  signIn: SignInFlow;
  updates: UpdateSchedule | null;
  state(): AppState;
  publish(): void;
  /** Makes a pupil on the account the one shown, and publishes. */
  selectPupil(pupilId: number): void;
}

/** Runs a handler body, turning client errors into Errors whose message is fit to show. */
async function shown<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (isClassChartsError(error)) throw new Error(error.userMessage, { cause: error });
    throw error;
  }
}

/** The commands main's own UI calls directly (`App.commands`); the handlers below call them too. */
export function createAppCommands(deps: ChannelHandlerDeps): AppCommands {
  const { keeper, engine, settings, environment, signIn } = deps;
  return {
    async refresh() {
      // Signed out with a sign-in kept for a locked keychain: "Try again" asks the keychain again.
      if (environment.keychain === 'locked' && keeper.status === 'signed-out')
        return signIn.retryLockedKeychain('user');
      if (keeper.status !== 'signed-in') throw new Error(NOT_SIGNED_IN);
      await engine.refresh('manual');
    },
    async selectPupil(pupilId) {
      engine.pupil(pupilId); // throws "That pupil is not on this account."
      deps.selectPupil(pupilId);
    },
    async updateSettings(patch) {
      const calendarBefore = JSON.stringify(settings.current.calendar);
      const next = await settings.update(patch, {
        intervalChanged: () => engine.reschedule(),
        autoUpdateChanged: () => deps.updates?.settingChanged(),
        changed: () => deps.publish(),
      });
      if (JSON.stringify(next.calendar) !== calendarBefore) await deps.calendar.settingsChanged();
      return next;
    },
  };
}

/**
 * The handler table main serves over IPC (main/platform/ipc.ts) and the preview over its WebSocket: each
 * validates its argument, then does the work (through `commands` where main's own UI does the same).
 */
export function createChannelHandlers(deps: ChannelHandlerDeps, commands: AppCommands): ContractHandlers {
  const { ports, keeper, engine, scope, attachments, signIn, calendar } = deps;
  const requireSignedIn = (): void => {
    if (keeper.status !== 'signed-in') throw new Error(NOT_SIGNED_IN);
  };
  return {
    'state:get': async (request) => {
      parseRequest('state:get', request);
      return deps.state();
    },
    'auth:login': (request) => signIn.login(request),
    'auth:logout': async (request) => {
      parseRequest('auth:logout', request);
      await signIn.logout();
    },
    'pupil:select': async (request) => commands.selectPupil(parseRequest('pupil:select', request)),
    'sync:refresh': async (request) => {
      parseRequest('sync:refresh', request);
      await commands.refresh();
    },
    'day:get': (request) =>
      shown(async () => {
        const { date, pupilId } = parseRequest('day:get', request);
        requireSignedIn();
        return engine.day(date, scope.pupilOf(pupilId));
      }),
    'records:get': (request) =>
      shown(async () => {
        const { kind, pupilId } = parseRequest('records:get', request);
        requireSignedIn();
        const result = await engine.records(kind, scope.pupilOf(pupilId));
        // Announcements opened on this computer show as read (the service cannot be told).
        return result.kind === 'announcements'
          ? {
              ...result,
              items: withLocalReads(result.items, loadReadAnnouncements(scope.store), result.pupilId),
            }
          : result;
      }),
    'announcement:get': (request) =>
      shown(async () => {
        const { announcementId, pupilId } = parseRequest('announcement:get', request);
        requireSignedIn();
        const found = attachments.listedItem('announcement', announcementId, pupilId)?.item;
        if (!found) throw new Error('That announcement is no longer listed. Refresh and try again.');
        return { id: found.id, descriptionHtml: found.descriptionHtml };
      }),
    'homework:tick': (request) =>
      shown(async () => {
        const { homeworkId, pupilId, ticked } = parseRequest('homework:tick', request);
        requireSignedIn();
        return homeworkSummary(await engine.setHomeworkTicked(homeworkId, scope.pupilOf(pupilId), ticked));
      }),
    'homework:get': (request) =>
      shown(async () => {
        const { homeworkId, pupilId } = parseRequest('homework:get', request);
        requireSignedIn();
        const found = attachments.listedItem('homework', homeworkId, pupilId)?.item;
        if (!found) throw new Error('That homework is not in the list any more.');
        return { id: found.id, descriptionHtml: found.descriptionHtml };
      }),
    'settings:update': async (request) => commands.updateSettings(parseRequest('settings:update', request)),
    'shell:open-external': async (request) => {
      const url = parseRequest('shell:open-external', request);
      await ports.shell.openExternal(url);
    },
    'announcement:read': async (request) => {
      const { announcementId, pupilId } = parseRequest('announcement:read', request);
      requireSignedIn();
      const id = pupilId ?? scope.selectedPupilId ?? engine.known?.pupils[0]?.pupil.id;
      if (id === undefined || !engine.known?.pupils.some((p) => p.pupil.id === id))
        throw new Error('That pupil is not on this account.');
      markAnnouncementRead(scope.store, id, announcementId);
    },
    'attachment:open': async (request) => {
      const parsed = parseRequest('attachment:open', request);
      requireSignedIn();
      return attachments.open(parsed);
    },
    'attachment:reveal': async (request) => {
      const parsed = parseRequest('attachment:reveal', request);
      requireSignedIn();
      attachments.reveal(parsed);
    },
    'popover:hide': async (request) => {
      parseRequest('popover:hide', request);
      ports.shell.hidePopover();
    },
    'calendar:choose-file': async (request) => {
      parseRequest('calendar:choose-file', request);
      const filePath = await calendar.choosePath();
      if (filePath === null) return deps.settings.current;
      await commands.updateSettings({ calendar: { filePath } });
      await calendar.idle(); // written at once
      return deps.settings.current; // with any change made while it was written
    },
    'calendar:copy-url': async (request) => {
      const { pupilId } = parseRequest('calendar:copy-url', request);
      await calendar.copyUrl(pupilId);
    },
    'calendar:renew-secret': async (request) => {
      parseRequest('calendar:renew-secret', request);
      await calendar.renewSecret();
    },
    // Asking is opening the list: every entry is seen, and the footer's count goes (issue 28 §4).
    'notifications:history': async (request) => {
      parseRequest('notifications:history', request);
      const history = scope.history.open();
      deps.publish();
      return history;
    },
  };
}
