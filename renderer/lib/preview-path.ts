/**
 * Path of the preview's bridge WebSocket on the preview server's origin (`ws://127.0.0.1:PORT/bridge`).
 * Its own tiny module so bridge.ts can open the socket before the preview-only chunks (ws-protocol.ts,
 * ws-transport.ts) have loaded; the server (test/preview/bridge-socket.ts) serves the same path.
 */
export const PREVIEW_BRIDGE_PATH = '/bridge';
