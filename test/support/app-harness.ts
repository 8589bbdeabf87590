/**
 * A harness for createApp against the fake ClassCharts server over loopback HTTP, sharing one fake
 * clock: the app's timers and the server's token expiry move only when the test advances time. Events
 * and states are recorded, and `until` awaits the next matching event (no sleeps).
 */
import { createApp, type CoreApp, type CoreEvent, type CreateAppOptions } from '../../main/app';
import { nodePorts } from '../../main/adapters/node-ports';
import { ClassChartsClient } from '../../main/classcharts/client';
import {
  type AppPorts,
  type AttachmentFolder,
  type Downloads,
  type GlobalShortcutPort,
  type Store,
  type Vault,
} from '../../main/ports';
import type { CoreClient } from '../../main/sync/sync-engine';
import type { AppState } from '../../common/contract';
import {
  startFakeClassCharts,
  type FakeClassCharts,
  type FakeServerOptions,
} from '../../dev/fake-classcharts/index';
import { FakeClock } from './clock';
import { deferred, Waiters } from './helpers';

/** Monday 15 June 2026, 07:30 in London (BST): a school day with lessons ahead. */
export const MONDAY_MORNING = '2026-06-15T07:30:00+01:00';

/** The data requests of the client (everything the sync engine asks for; not sign-in or renewal). */
const DATA_METHODS: ReadonlySet<PropertyKey> = new Set<keyof CoreClient>([
  'account',
  'timetable',
  'homeworks',
  'activityPage',
  'allActivity',
  'behaviour',
  'badges',
  'announcements',
  'detentions',
]);

/**
 * Holds the app's data requests while closed, so a test can act while a refresh is in flight (sign out,
 * change the code at school) and then let it finish. Sign-in and renewal are never held.
 */
export class RequestGate {
  private release = deferred();
  private arrival = deferred();
  private closed = false;

  /** `only`: the client methods held (default: every data request). */
  constructor(private readonly only: ReadonlySet<PropertyKey> = DATA_METHODS) {}

  /** From now on, data requests wait here until `open()`. */
  close(): void {
    this.closed = true;
    this.release = deferred();
    this.arrival = deferred();
  }

  /** Lets every held data request go on (and later ones through). */
  open(): void {
    this.closed = false;
    this.release.resolve();
  }

  /** Resolves once a data request is held at the closed gate. */
  reached(): Promise<void> {
    return this.arrival.promise;
  }

  /** The real client on the app's ports, its data requests passing through this gate. */
  client(ports: AppPorts): CoreClient {
    const real = new ClassChartsClient({
      fetch: ports.fetch,
      baseUrl: ports.config.baseUrl,
      clock: ports.clock,
      logger: ports.logger,
    });
    return new Proxy(real, {
      get: (target, property) => {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        const method = (value as (...args: unknown[]) => unknown).bind(target);
        if (!this.only.has(property)) return method;
        return async (...args: unknown[]) => {
          if (this.closed) {
            const release = this.release.promise;
            this.arrival.resolve();
            await release;
          }
          return method(...args);
        };
      },
    });
  }
}

/** What a harness test works with. */
export interface Harness {
  clock: FakeClock;
  fake: FakeClassCharts;
  app: CoreApp;
  ports: ReturnType<typeof nodePorts>;
  events: CoreEvent[];
  states: AppState[];
  /** Resolves with the next event matching `predicate` (rejects after 10 s of real time: a failed test). */
  until<E extends CoreEvent>(predicate: (event: CoreEvent) => event is E): Promise<E>;
  until(predicate: (event: CoreEvent) => boolean): Promise<CoreEvent>;
  /** Paths of the requests the fake saw, from index `from`. */
  paths(from?: number): string[];
  /** Stops the app (the server stays up unless `closeServer`). */
  close(): Promise<void>;
}

/** Options for {@link startHarness}. */
export interface HarnessOptions {
  clock?: FakeClock;
  /** Reuse a running fake server (restart tests). */
  fake?: FakeClassCharts;
  server?: FakeServerOptions;
  vault?: Vault;
  store?: Store;
  /** The remembered-data store (`ports.cache`); absent, the store holds that data too. */
  cache?: AppPorts['cache'];
  demo?: boolean;
  app?: CreateAppOptions;
  /** Data requests go through this gate (the real client otherwise). */
  gate?: RequestGate;
  /** The global shortcut port (none by default, as in the CLI and the preview). */
  shortcut?: GlobalShortcutPort;
  /** Where attachments are downloaded (none by default: `attachment:open` is then unavailable). */
  attachments?: AttachmentFolder;
  /** Where files the app will not open are saved (none by default: such a file is then refused). */
  downloads?: Downloads;
  /** The login-item port (an in-memory switch by default). */
  autostart?: AppPorts['autostart'];
}

/** Starts a fake server (unless given) and an app on it; call `close()` after. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const clock = options.clock ?? new FakeClock(MONDAY_MORNING);
  const fake = options.fake ?? (await startFakeClassCharts({ clock: () => clock.now(), ...options.server }));
  const events: CoreEvent[] = [];
  const waiters = new Waiters<CoreEvent>();
  const ports = nodePorts({
    clock,
    vault: options.vault,
    store: options.store,
    autostart: options.autostart,
    cache: options.cache,
    shortcut: options.shortcut,
    attachments: options.attachments,
    downloads: options.downloads,
    config: { baseUrl: fake.url, demo: options.demo ?? true, version: 'test', platform: 'linux' },
  });
  const gate = options.gate;
  const app = createApp(ports, {
    ...(gate ? { createClient: (p: AppPorts) => gate.client(p) } : {}),
    ...options.app,
    onEvent: (event) => {
      events.push(event);
      waiters.push(event);
    },
  });
  const states: AppState[] = [];
  app.on('state:changed', (state) => states.push(state));
  const until = (predicate: (event: CoreEvent) => boolean): Promise<CoreEvent> => waiters.next(predicate);
  return {
    clock,
    fake,
    app,
    ports,
    events,
    states,
    until: until as Harness['until'],
    paths: (from = 0) => fake.requests.slice(from).map((r) => r.path),
    async close() {
      await app.stop();
      if (!options.fake) await fake.close();
    },
  };
}

/** The demo student's sign-in request (not remembered unless asked). */
export const studentLogin = (remember = false) =>
  ({ kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012', remember }) as const;

/**
 * The teacher sets the demo student new homework "Fresh essay" (id 9,999,001, set Monday 15 June, due
 * Friday 19th); the next refresh notifies it once. Returns the pupil's id and the notification's ledger id.
 */
export function setFreshEssay(h: Harness): { pupilId: number; notificationId: string } {
  const pupil = h.fake.dataset.pupils.find((p) => p.pupil.id === h.fake.accounts.student.pupilId)!;
  pupil.homeworks.push({
    ...pupil.homeworks[0]!,
    id: 9_999_001,
    title: 'Fresh essay',
    issue_date: '2026-06-15',
    due_date: '2026-06-19',
  });
  return { pupilId: pupil.pupil.id, notificationId: `homework-new:${pupil.pupil.id}:9999001` };
}
