/**
 * Shared by the unit tests of main/app/'s services (test/main/app/*.test.ts): the ports a service is built
 * from, made of the memory adapters (main/adapters/) and a fake clock, with no network; and the one cast a
 * hand-written stub of a collaborator (the session keeper, the sync engine, …) needs.
 */
import { nodePorts } from '../../../main/adapters/node-ports';
import type { AppPorts } from '../../../main/ports';
import { FakeClock } from '../../support/clock';

/** Monday 15 June 2026, 07:30 in London (BST): on a minute boundary, a school day ahead. */
export const MONDAY_0730 = '2026-06-15T07:30:00+01:00';

/**
 * `AppPorts` for a service under test: the plain-Node set (main/adapters/node-ports.ts: memory vault and
 * store, a notifier that only records, an in-memory autostart switch, a recording shell, a silent
 * logger) with a {@link FakeClock} at {@link MONDAY_0730}, a `fetch` that always rejects, and the config
 * of a non-demo Linux build 1.0.0. `over` replaces any of them (an absent optional port stays absent).
 */
export function unitPorts(over: Partial<AppPorts> = {}): AppPorts {
  const ports = nodePorts({
    fetch: async () => Promise.reject(new Error('no network in unit tests')),
    // The notifier dates its lines by this clock, so an overriding clock is given to nodePorts too.
    clock: over.clock ?? new FakeClock(MONDAY_0730),
    config: { baseUrl: 'https://www.classcharts.com', demo: false, version: '1.0.0', platform: 'linux' },
  });
  return { ...ports, ...over };
}

/**
 * A hand-written stub typed as the collaborator it stands in for (`T`). The stub has only what the service
 * under test uses; a test that reaches for more fails with "… is not a function".
 */
export function stubAs<T>(stub: object): T {
  return stub as T;
}
