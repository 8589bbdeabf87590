// The browser preview's WebSocket bridge as renderer/lib/bridge.ts sees it. The renderer does not contain
// it: only the preview's build (renderer/vite.config.ts) sets the flag and resolves the module, to
// dev/preview/ws-transport.ts; the app's build (electron.vite.config.ts) leaves the flag false, so the
// import sits in a dead branch and the bundle has no socket code.

interface ImportMetaEnv {
  /** `true` in the preview's build and its tests, `false` in the app's build (the bridge is not there). */
  readonly CLASSCHARTS_PREVIEW_BRIDGE?: boolean;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The preview's bridge module (dev/preview/ws-transport.ts), resolved by the preview's build only. */
declare module 'classcharts-preview-bridge' {
  /**
   * The contract API over the preview's socket. `received`: the `data` of the messages the socket got
   * before the bridge was attached, oldest first.
   */
  export function createWebSocketBridge(
    socket: WebSocket,
    options?: { received?: readonly unknown[] },
    // An ambient module may not import a relative module; an import() type may name one.
    // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  ): import('../../common/contract').ClassChartsApi;
}
