/**
 * The `fetch` port on Electron's `net.fetch` (Chromium's network stack: system proxy, PAC, corporate
 * certificates — architecture.md "Ports"). Always `credentials: 'omit'`: Chromium's own cookie jar is
 * never used, because the core keeps the session cookies itself (main/classcharts/cookies.ts, which also
 * splits the single joined `Set-Cookie` value net.fetch returns); a second, hidden jar would outlive
 * "Sign out". Per Electron's docs, `response.url` and `response.type` from net.fetch are not reliable.
 */

/** Electron's `net.fetch` signature, narrowed to what is used. */
export type NetFetch = (input: string | Request, init?: RequestInit) => Promise<Response>;

/** Wraps `net.fetch` as a standard `fetch` (URL objects accepted). Rejects like fetch. */
export function createElectronFetch(netFetch: NetFetch): typeof fetch {
  return (input, init) =>
    netFetch(input instanceof URL ? input.href : input, { ...init, credentials: 'omit' });
}
