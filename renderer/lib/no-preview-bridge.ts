/**
 * The app's stand-in for the preview's WebSocket bridge (dev/preview/ws-transport.ts), which
 * renderer/lib/bridge.ts imports as `classcharts-preview-bridge`. The app's build never contains it: the
 * import sits in a branch the build's `define` makes dead. Under `electron-vite dev`, Vite's dev server
 * keeps that branch (it does not replace defines in client code), so the import must still resolve; it
 * resolves here, and the branch never runs because the app always has `window.classcharts`.
 */

/** Never called in the app: throws, as the app has no preview bridge. */
export function createWebSocketBridge(): never {
  throw new Error('The preview bridge is not part of the app.');
}
