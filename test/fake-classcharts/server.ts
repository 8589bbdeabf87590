/** The fake ClassCharts HTTP server (work in progress: the API of ./index.ts is final). */
import type { FakeClassCharts, FakeServerOptions } from './index';

/**
 * Starts the fake ClassCharts server on loopback. See ./index.ts for the options and the handle.
 * @throws Error until the implementation lands.
 */
export async function startFakeClassCharts(_options: FakeServerOptions = {}): Promise<FakeClassCharts> {
  throw new Error('fake ClassCharts server: not implemented yet');
}
