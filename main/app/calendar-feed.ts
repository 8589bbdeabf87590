/**
 * The calendar feed inside the app (issue 28 §2): after each refresh, when a file is chosen or the URL is
 * on, it builds the pupils' `.ics` (../calendar/ics.ts) over the feed's window (../calendar/window.ts),
 * rewrites the file(s) only when their bytes changed (../calendar/calendar-file.ts) and keeps the text the
 * loopback server (../calendar/feed-server.ts) answers with. Reads come from what the app already has, and
 * other days at most once a London day (./calendar-reader.ts). A failed read keeps the last good file and
 * text and says so in the status; a feed is never written with days missing.
 *
 * The server runs while the URL is on and someone is signed in; it stops at sign-out, when the feed's text
 * and the day cache are forgotten too. Its port is kept across restarts, and its secret per install in the
 * keychain (without one, for this run only: ../calendar/feed-secret.ts). The URL is copied to the clipboard
 * here, in main: it never crosses IPC.
 */
import type { CalendarFeedStatus, Settings } from '../../common/contract';
import { londonDate, toLondonInstant } from '../../common/dates';
import type { Pupil } from '../../common/domain';
import { errorText } from '../../common/errors';
import { writeCalendarFile } from '../calendar/calendar-file';
import { fetchFeedData } from '../calendar/feed-data';
import { FeedSecret, keepFeedPort, keptFeedPort } from '../calendar/feed-secret';
import { type FeedServer, startFeedServer } from '../calendar/feed-server';
import { pupilSlugs } from '../../common/pupil-slugs';
import { feedTargets, feedUrlPath, targetFilePath } from '../calendar/feed-targets';
import { buildCalendar } from '../calendar/ics';
import { feedStamp, feedWindow } from '../calendar/window';
import { isClassChartsError } from '../classcharts/errors';
import { KeychainLockedError, type AppPorts } from '../ports';
import type { SessionKeeper } from '../session/keeper';
import type { SessionStatus } from '../session/session-state';
import type { CoreClient, DataChange, SyncEngine } from '../sync/sync-engine';
import { FeedDayCache, knownFeedReader } from './calendar-reader';

/** What the feed is built from. */
export interface CalendarFeedDeps {
  ports: AppPorts;
  keeper: Pick<SessionKeeper<CoreClient>, 'run'>;
  engine: Pick<SyncEngine, 'known' | 'idle'>;
  /** The settings now (./settings-service.ts). */
  settings: { readonly current: Settings };
  /** The pupil shown (a parent's per-child URL when `calendar:copy-url` names none), or `null`. */
  scope: { readonly selectedPupilId: number | null };
  /** Something the status shows changed. */
  publish(): void;
}

/**
 * The status's notice where no keychain can keep the URL's secret (../calendar/feed-secret.ts): the address
 * lasts until the app stops.
 */
export const NO_KEYCHAIN_NOTICE =
  'This computer has no keychain to keep the calendar\u2019s address safely, so it changes each time the ' +
  'app starts: copy it again then. The calendar file is not affected.';

/** The default name the save dialog offers. */
export const DEFAULT_CALENDAR_FILE_NAME = 'classcharts.ics';

/** Keeps the calendar feed; see the file header. */
export class CalendarFeed {
  private readonly cache = new FeedDayCache();
  private readonly secret: FeedSecret;
  /** The secret once read, for the server's synchronous check. */
  private secretNow = '';
  /** The latest feed text per calendar (`null` key: the one calendar), or `null` before the first build. */
  private texts: Map<number | null, string> | null = null;
  private server: FeedServer | null = null;
  /** Server starts and stops, one at a time. */
  private serverWork: Promise<void> = Promise.resolve();
  private running: Promise<void> | null = null;
  private again = false;
  private waiting: Promise<void> | null = null;
  /** Someone is signed in (the server may run). */
  private someoneSignedIn = false;
  /** Bumped at sign-out: a build started before it changes nothing. */
  private generation = 0;
  private updatedAt: number | null = null;
  private writtenAt: number | null = null;
  private error: string | null = null;
  private notice: string | null = null;

  constructor(private readonly deps: CalendarFeedDeps) {
    this.secret = new FeedSecret(deps.ports.vault);
  }

  /** The status `AppState.calendar` shows: `null` while there is no file and the URL is off. */
  status(): CalendarFeedStatus | null {
    const { filePath, serve } = this.deps.settings.current.calendar;
    if (filePath === null && !serve) return null;
    const instant = (ms: number | null) => (ms === null ? null : toLondonInstant(ms));
    return {
      updatedAt: instant(this.updatedAt),
      written: instant(this.writtenAt),
      error: this.error,
      serving: this.server !== null,
      port: this.server?.port ?? null,
      notice: this.notice,
    };
  }

  /**
   * The known data changed: after a refresh, the next school day or a homework ticked off (not the
   * background kinds, which the feed does not show), the feed is updated once the refresh is over.
   */
  dataChanged(change: DataChange = { reason: 'refresh' }): void {
    if (change.reason !== 'refresh' && change.reason !== 'next-day' && change.reason !== 'homework-tick')
      return;
    const waiting = this.deps.engine.idle().then(() => this.update());
    this.waiting = waiting;
    void waiting.finally(() => {
      if (this.waiting === waiting) this.waiting = null;
    });
  }

  /** Follows the session keeper: signed in (the server may start) or signed out (it stops). */
  async followSession(status: SessionStatus): Promise<void> {
    if (status === 'signed-in') await this.signedIn();
    else if (status === 'signed-out') await this.signedOut();
  }

  /** Someone signed in: the server starts if the URL is on. */
  async signedIn(): Promise<void> {
    this.someoneSignedIn = true;
    await this.followSettings();
  }

  /**
   * Signed out: the server stops at once (its port closes before this returns), and the feed's text, the
   * day cache and the status are forgotten. The file stays: it is the user's.
   */
  async signedOut(): Promise<void> {
    this.someoneSignedIn = false;
    this.generation += 1;
    this.texts = null;
    this.cache.clear();
    this.updatedAt = null;
    this.error = null;
    await this.stopServer();
    this.deps.publish();
  }

  /** The calendar settings changed: the server follows `serve`, and the feed is rebuilt. */
  async settingsChanged(): Promise<void> {
    await this.followSettings();
    this.dataChanged();
  }

  /** The app stops: the server closes. */
  async stop(): Promise<void> {
    this.someoneSignedIn = false;
    await this.stopServer();
  }

  /** Resolves once the server work, a waiting update and a running one are over (tests, `whenIdle`). */
  async idle(): Promise<void> {
    await this.serverWork;
    await this.waiting;
    await this.running;
  }

  /**
   * Builds the feed now (one build at a time; a call during one runs one more after it) and writes the
   * file(s) that changed. Never rejects: a failure is in the status.
   */
  update(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = (async () => {
      do {
        this.again = false;
        await this.build().catch((error: unknown) => this.failed(error));
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  /**
   * `calendar:choose-file`: the save dialog's path (`.ics`), or `null` when cancelled.
   * @throws Error fit to show where there is no dialog (outside the desktop app).
   */
  async choosePath(): Promise<string | null> {
    const dialogs = this.deps.ports.dialogs;
    if (!dialogs) throw new Error('Choosing a file needs the desktop app.');
    const current = this.deps.settings.current.calendar.filePath;
    const path = await dialogs.saveCalendarFile(current ?? DEFAULT_CALENDAR_FILE_NAME);
    if (path === null) return null;
    return /\.ics$/i.test(path) ? path : `${path}.ics`;
  }

  /**
   * `calendar:copy-url`: puts the URL of the feed (a parent's per-child calendar: `pupilId`'s, else the
   * pupil shown) on the clipboard. Nothing is returned: the secret stays in main.
   * @throws Error fit to show: no clipboard here, the URL is off, or not served (signed out).
   */
  async copyUrl(pupilId: number | undefined): Promise<void> {
    const clipboard = this.deps.ports.clipboard;
    if (!clipboard) throw new Error('Copying needs the desktop app.');
    if (!this.deps.settings.current.calendar.serve) throw new Error('Turn on the calendar address first.');
    await this.serverWork;
    const server = this.server;
    if (!server) throw new Error(this.error ?? 'The calendar address works while you are signed in.');
    let target: number | null = null;
    if (this.perChild()) {
      const pupils = this.pupils();
      const wanted = pupilId ?? this.deps.scope.selectedPupilId ?? pupils[0]?.id;
      if (!pupils.some((pupil) => pupil.id === wanted)) throw new Error('That pupil is not on this account.');
      target = wanted ?? null;
    }
    await clipboard.writeText(`http://127.0.0.1:${server.port}${feedUrlPath(this.secretNow, target)}`);
  }

  /** `calendar:renew-secret`: a new secret; the old URL answers 404 from now on. */
  async renewSecret(): Promise<void> {
    await this.serverWork;
    this.secretNow = await this.secret.renew();
    if (!this.secret.kept) this.notice = NO_KEYCHAIN_NOTICE;
    else if (this.notice === NO_KEYCHAIN_NOTICE) this.notice = null;
    this.deps.ports.logger.info('calendar: the address was renewed', { kept: this.secret.kept });
    this.deps.publish();
  }

  /** One build: read, build the text(s), write the file(s) that changed. Throws what a read throws. */
  private async build(): Promise<void> {
    const { ports, keeper, engine } = this.deps;
    const { filePath } = this.deps.settings.current.calendar;
    const known = engine.known;
    if (!this.someoneSignedIn || known === null || known.pupils.length === 0) return;
    if (filePath === null && !this.deps.settings.current.calendar.serve) return;
    const generation = this.generation;
    const now = ports.clock.now();
    const window = feedWindow(now);
    const pupils = this.pupils();
    this.cache.keepOnly(new Set(pupils.map((p) => p.id)), window.from, window.to);
    const reader = knownFeedReader({
      known,
      today: londonDate(now),
      cache: this.cache,
      timetable: (date, pupilId) => keeper.run((client) => client.timetable(date, pupilId)),
      homeworks: (options, pupilId) => keeper.run((client) => client.homeworks(options, pupilId)),
    });
    const data = await fetchFeedData(reader, pupils, window);
    if (generation !== this.generation) return; // signed out meanwhile
    const targets = feedTargets(pupils, this.perChild());
    const texts = new Map<number | null, string>();
    for (const target of targets) {
      const ids = new Set(target.pupils.map((p) => p.id));
      const part = data.filter((entry) => ids.has(entry.pupil.id));
      texts.set(
        target.pupilId,
        buildCalendar({ pupils: part, combined: part.length > 1, stamp: feedStamp(window) }),
      );
    }
    this.texts = texts;
    this.updatedAt = now;
    this.error = null;
    if (filePath !== null) {
      const slugs = pupilSlugs(pupils);
      let wrote = false;
      try {
        for (const target of targets)
          wrote =
            writeCalendarFile(targetFilePath(filePath, target, slugs), texts.get(target.pupilId)!) || wrote;
      } catch (error) {
        this.error = `Couldn't write the calendar file: ${errorText(error)}.`;
        ports.logger.warn('calendar: could not write the file', { error: errorText(error) });
      }
      if (wrote) this.writtenAt = now;
    }
    this.deps.publish();
  }

  private failed(error: unknown): void {
    const reason = isClassChartsError(error)
      ? error.userMessage
      : error instanceof Error
        ? error.message
        : String(error);
    this.error = `Couldn't update the calendar: ${reason} The last complete calendar is kept.`;
    this.deps.ports.logger.warn('calendar: update failed', { error: errorText(error) });
    this.deps.publish();
  }

  /** The pupils on the account, in its order. */
  private pupils(): Pupil[] {
    return this.deps.engine.known?.pupils.map((known) => known.pupil) ?? [];
  }

  /** One calendar per child: a parent who chose so. */
  private perChild(): boolean {
    return !this.deps.settings.current.calendar.family && this.deps.engine.known?.account.kind === 'parent';
  }

  /** What the server answers for a calendar: its text, `null` while not built, `undefined` if not kept. */
  private feedFor(pupilId: number | null): string | null | undefined {
    const kept = this.perChild() ? this.pupils().some((p) => p.id === pupilId) : pupilId === null;
    if (!kept) return undefined;
    return this.texts?.get(pupilId) ?? null;
  }

  /** Starts or stops the server as `serve` and the sign-in say. */
  private followSettings(): Promise<void> {
    this.serverWork = this.serverWork.then(async () => {
      const wanted = this.someoneSignedIn && this.deps.settings.current.calendar.serve;
      if (wanted && this.server === null) await this.startServer();
      else if (!wanted && this.server !== null) await this.closeServer();
    });
    return this.serverWork;
  }

  private async startServer(): Promise<void> {
    const { ports } = this.deps;
    try {
      this.secretNow = await this.secret.get();
      const preferred = keptFeedPort(ports.store);
      const { server, moved } = await startFeedServer(
        { secret: () => this.secretNow, feed: (pupilId) => this.feedFor(pupilId) },
        preferred,
      );
      if (!this.someoneSignedIn || !this.deps.settings.current.calendar.serve) {
        await server.close(); // signed out (or turned off) while starting
        return;
      }
      this.server = server;
      keepFeedPort(ports.store, server.port);
      if (this.texts === null) this.dataChanged();
      this.notice = moved
        ? `Port ${preferred} was in use, so the calendar's address now uses port ${server.port}. ` +
          'Copy the address again and subscribe to it in your calendar app.'
        : this.secret.kept
          ? null
          : NO_KEYCHAIN_NOTICE;
      ports.logger.info('calendar: serving', { port: server.port, moved });
    } catch (error) {
      this.error =
        error instanceof KeychainLockedError
          ? 'The calendar address waits for your keychain to be unlocked.'
          : `Couldn't start the calendar address: ${errorText(error)}.`;
      ports.logger.warn('calendar: could not serve', { error: errorText(error) });
    }
    this.deps.publish();
  }

  /** Stops the server now: its port closes before the returned promise settles. */
  private stopServer(): Promise<void> {
    const closing = this.closeServer();
    this.serverWork = this.serverWork.then(() => closing);
    return closing;
  }

  private async closeServer(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await server.close();
    this.deps.publish();
  }
}
