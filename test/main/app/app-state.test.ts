// AppStatePublisher (main/app/app-state.ts): the state built from the engine, the pupil shown, the settings
// and the environment; emitted only when it changed; what "sign in again" makes of the freshness.
import { describe, expect, it, vi } from 'vitest';
import type { AppState, AuthStatus } from '../../../common/contract';
import { AppStatePublisher } from '../../../main/app/app-state';
import { DataScope } from '../../../main/app/data-scope';
import { EnvironmentStatus } from '../../../main/app/environment-status';
import { AppEvents } from '../../../main/app/events';
import { SettingsService } from '../../../main/app/settings-service';
import type { KnownData } from '../../../main/known';
import { silentLogger } from '../../../main/ports';
import type { Freshness, SyncEngine } from '../../../main/sync/sync-engine';
import { known, knownData, pupil } from '../../support/fixtures';
import { stubAs, unitPorts } from './helpers';

const ACCOUNT = knownData([known({ pupil: pupil({ id: 11 }) }), known({ pupil: pupil({ id: 12 }) })]);

function setUp() {
  const ports = unitPorts();
  const engine: { known: KnownData | null; freshness: Freshness } = {
    known: ACCOUNT,
    freshness: { stale: false, offline: false, refreshing: true, error: null },
  };
  const events = new AppEvents(silentLogger, undefined);
  const emitted: AppState[] = [];
  events.on('state:changed', (state) => emitted.push(state));
  const scope = new DataScope(ports);
  const environment = new EnvironmentStatus(ports);
  const settings = new SettingsService(ports, environment);
  const auth = { status: 'signed-in' as AuthStatus };
  const view = new AppStatePublisher({
    ports,
    engine: stubAs<SyncEngine>(engine),
    scope,
    settings,
    environment,
    updates: null,
    events,
    authStatus: () => auth.status,
  });
  return { engine, scope, environment, settings, auth, view, emitted };
}

describe('AppStatePublisher', () => {
  it('builds the state from the data, the pupil shown and the environment', () => {
    const { scope, environment, view } = setUp();
    scope.select(12);
    environment.keychain = 'basic-text';
    const state = view.state();
    expect(state.auth).toBe('signed-in');
    expect(state.pupils.map((p) => p.id)).toEqual([11, 12]);
    expect(state.selectedPupilId).toBe(12);
    expect(state.environment.keychain).toBe('basic-text');
    expect(state.freshness.refreshing).toBe(true);
  });

  it('emits a state only when it differs from the last one emitted', async () => {
    const { scope, settings, view, emitted } = setUp();
    view.publish();
    view.publish();
    expect(emitted).toHaveLength(1);
    scope.select(12);
    view.publish();
    expect(emitted.map((s) => s.selectedPupilId)).toEqual([11, 12]);
    const effects = { intervalChanged: vi.fn(), autoUpdateChanged: vi.fn(), changed: () => view.publish() };
    await settings.update({ refreshIntervalMinutes: 60 }, effects);
    expect(emitted).toHaveLength(3);
    expect(emitted[2]?.settings.refreshIntervalMinutes).toBe(60);
  });

  it('waiting for the user to sign in again, the data shown is stale and says to sign in', () => {
    const { auth, view } = setUp();
    auth.status = 'needs-sign-in';
    expect(view.state().freshness).toMatchObject({
      stale: true,
      refreshing: false,
      error: 'ClassCharts no longer accepts the saved sign-in details. Sign in again.',
    });
  });

  it('with nothing shown, "sign in again" does not call missing data stale', () => {
    const { engine, auth, view } = setUp();
    engine.known = null;
    auth.status = 'needs-sign-in';
    expect(view.state().freshness.stale).toBe(false);
    expect(view.state().pupils).toEqual([]);
  });
});
