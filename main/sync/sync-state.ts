/**
 * What the parts of the sync engine (./refresher.ts, ./records.ts, ./homework-ticking.ts) share: the
 * known data, the epoch that voids work started before a reset, the engine's options, and the one way they
 * run a request with the session. Built and owned by ./sync-engine.ts.
 */
import type { Clock, Logger } from '../ports';
import type { SessionKeeper } from '../session/keeper';
import { type KnownData, type KnownPupil, updatePupil } from '../known';
import type { CoreClient, DataChange, SyncEngineOptions } from './sync-types';

/** The known data and the epoch, shared by the engine's parts; see the file header. */
export class SyncState {
  /** What is known, or `null` before the first load and after a reset. */
  data: KnownData | null = null;
  /** Bumped by reset/stop: work started under an older epoch changes nothing. */
  epoch = 0;
  readonly options: SyncEngineOptions;

  constructor(options: SyncEngineOptions) {
    this.options = options;
  }

  /** The session keeper the requests go through. */
  get keeper(): SessionKeeper<CoreClient> {
    return this.options.keeper;
  }

  /** The injected clock (epoch ms; timers). */
  get clock(): Clock {
    return this.options.clock;
  }

  /** The engine's logger. */
  get logger(): Logger {
    return this.options.logger;
  }

  /**
   * Runs one request with the session, through the keeper (../session/keeper.ts `run`: waits for a renewal,
   * signs in again once and retries when the session ended): the one way the engine's parts call the client.
   * @throws the request's error, NotSignedInError when signed out, or the sign-in's error.
   */
  run<T>(request: (client: CoreClient) => Promise<T>): Promise<T> {
    return this.options.keeper.run(request);
  }

  /** The known pupil with this id, or the first; throws an Error fit to show when not on the account. */
  pupil(pupilId: number | undefined): KnownPupil {
    const data = this.data;
    if (data === null || data.pupils.length === 0) throw new Error('Nothing is loaded yet. Sign in first.');
    const known = pupilId === undefined ? data.pupils[0] : data.pupils.find((p) => p.pupil.id === pupilId);
    if (known === undefined) throw new Error('That pupil is not on this account.');
    return known;
  }

  /** Makes `next` the known data and tells `onData` of `change`; nothing when it is what is known already. */
  replace(next: KnownData, change: DataChange): void {
    const previous = this.data;
    if (next === previous) return;
    this.data = next;
    this.options.onData(previous, next, change);
  }

  /** Updates one known pupil (nothing before the first load) and tells `onData` of `change`. */
  updatePupil(pupilId: number, update: (known: KnownPupil) => KnownPupil, change: DataChange): void {
    if (this.data === null) return;
    this.replace(updatePupil(this.data, pupilId, update), change);
  }
}
