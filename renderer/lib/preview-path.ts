/**
 * Path of the preview's bridge WebSocket on the preview server's origin (`ws://127.0.0.1:PORT/bridge`).
 * Its own tiny module so bridge.ts can open the socket before the preview-only chunks (ws-protocol.ts,
 * ws-transport.ts) have loaded; the server (dev/preview/bridge-socket.ts) serves the same path.
 */
export const PREVIEW_BRIDGE_PATH = '/bridge';

/**
 * Id of the `<script type="application/json">` data block in which the preview server serves the page
 * its first `hello` frame (main's clock and state as the page is served), so the first frame needs no
 * socket round trip. A data block is never run, so the page's CSP (`script-src 'self'`) is untouched.
 */
export const PREVIEW_HELLO_ID = 'preview-hello';
