/**
 * The state one `ClassChartsClient` (./client.ts) shares between its parts (./sign-in.ts, ./reads.ts,
 * ./homework-ticking.ts), and the one step every API request of theirs goes through.
 *
 * The session token reaches each request as octokit's auth does, as a hook around the request rather than
 * an argument of it: the transport adds `Authorization: Basic <token>` and the cookies to every API call
 * from the token it holds (./transport.ts), and {@link ClientSession.call} wraps `transport.api` — before,
 * it refuses a token that a running logout is ending; after, a token the service called expired is forgotten
 * (and kept for `revive`). The parts never pass the token along.
 */
import type { z } from 'zod';
import type { Clock, Logger } from '../ports';
import type { AccountKind } from '../../common/domain';
import { SessionExpiredError } from './errors';
import { Transport, type TransportRequest } from './transport';

/** What the client is built from. `timeoutMs` bounds each request (default 15 000 ms). */
export interface ClientOptions {
  /** Node's global fetch, the fetch on Electron's `net.request` (main/platform/net-fetch.ts), or a double. */
  fetch: typeof fetch;
  /** Service root, e.g. `https://www.classcharts.com` or the fake server's URL. */
  baseUrl: string;
  clock: Clock;
  logger: Logger;
  /** Per-request timeout in milliseconds, body included (default 15 000). */
  timeoutMs?: number;
}

/**
 * One client's session: the transport (which holds the token and the cookies), the account kind, and the
 * tokens that may not or may again be used. Internal to main/classcharts/: only the client and its parts
 * import it. Fields are written by ./sign-in.ts (sign-in, renewal, logout) and by {@link call}.
 */
export class ClientSession {
  readonly transport: Transport;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The signed-in account's kind; `null` before sign-in and after sign-out. */
  kind: AccountKind | null = null;
  /** The token a running `logout` is ending: no other request may use it. */
  endingSession: string | null = null;
  /** The last token the service called expired, for `revive`; `null` once revived, refused or ended. */
  timedOut: string | null = null;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
    this.clock = options.clock;
    this.logger = options.logger;
  }

  /** The API base of the signed-in kind (`/apiv2student` before sign-in, which then fails as expired). */
  get base(): string {
    return this.kind === 'parent' ? '/apiv2parent' : '/apiv2student';
  }

  /** True while a token is held that no logout is ending. */
  hasSession(): boolean {
    return this.transport.token !== null && this.transport.token !== this.endingSession;
  }

  /**
   * An API call with the session (the auth hook around `transport.api`): the body checked against the
   * envelope and validated with `schema`. If the service reports the token it was sent with expired, that
   * token is forgotten (and kept as {@link timedOut}) unless another has replaced it meanwhile.
   * @throws SessionExpiredError the token is being ended by a logout (nothing is sent), or was refused.
   * @throws the transport's errors (NetworkError, BadResponseError, ServiceRefusedError).
   */
  async call<S extends z.ZodType>(schema: S, request: TransportRequest): Promise<z.output<S>> {
    const sentWith = this.transport.token;
    if (sentWith !== null && sentWith === this.endingSession) throw new SessionExpiredError('signing out');
    try {
      return await this.transport.api(schema, request);
    } catch (error) {
      if (error instanceof SessionExpiredError && sentWith !== null && this.transport.token === sentWith) {
        this.transport.token = null;
        this.timedOut = sentWith;
      }
      throw error;
    }
  }
}
