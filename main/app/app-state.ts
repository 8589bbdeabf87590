/**
 * The `AppState` the popover and the tray show (`state:get`, `state:changed`): rebuilt from the engine's
 * data, the selected pupil, the settings and the environment (./sync/snapshot.ts `buildAppState`), and
 * emitted only when it differs from the last one emitted.
 */
import type { AppState, AuthStatus, CalendarFeedStatus } from '../../common/contract';
import type { AppPorts } from '../ports';
import { buildAppState } from '../sync/snapshot';
import type { SyncEngine } from '../sync/sync-engine';
import type { UpdateSchedule } from '../update/update-schedule';
import type { DataScope } from './data-scope';
import type { EnvironmentStatus } from './environment-status';
import type { AppEvents } from './events';
import type { SettingsService } from './settings-service';

/** What the state is built from. */
export interface AppStateDeps {
  ports: AppPorts;
  engine: SyncEngine;
  scope: DataScope;
  settings: SettingsService;
  environment: EnvironmentStatus;
  updates: UpdateSchedule | null;
  events: AppEvents;
  /** The sign-in status (`starting` until a remembered sign-in has been looked at). */
  authStatus(): AuthStatus;
  /** The calendar feed (./calendar-feed.ts), for its status; absent, `AppState.calendar` is left out. */
  calendar?: { status(): CalendarFeedStatus | null };
}

/** Builds the state and emits `state:changed` when it changed. */
export class AppStatePublisher {
  /** The last state emitted, as JSON: an unchanged state is not sent again. */
  private lastEmitted = '';

  constructor(private readonly deps: AppStateDeps) {}

  /** The state now. */
  state(): AppState {
    const { engine, scope, settings, environment, updates, ports } = this.deps;
    const auth = this.deps.authStatus();
    const freshness = engine.freshness;
    const state = buildAppState({
      auth,
      known: engine.known,
      selectedPupilId: scope.selectedPupilId,
      now: ports.clock.now(),
      settings: settings.current,
      // Waiting for the user to sign in again: whatever is shown can no longer be refreshed.
      freshness:
        auth === 'needs-sign-in'
          ? {
              ...freshness,
              stale: engine.known !== null,
              refreshing: false,
              error: 'ClassCharts no longer accepts the saved sign-in details. Sign in again.',
            }
          : freshness,
      environment: environment.view(updates),
    });
    state.notificationsUnseen = scope.history.current.unseen;
    return this.deps.calendar ? { ...state, calendar: this.deps.calendar.status() } : state;
  }

  /** Emits `state:changed` when the state differs from the last one emitted. */
  publish(): void {
    const next = this.state();
    const text = JSON.stringify(next);
    if (text === this.lastEmitted) return;
    this.lastEmitted = text;
    this.deps.events.emit('state:changed', next);
  }
}
