/**
 * The only module that reads `window.classcharts` (exposed by preload/index.ts in Electron). Without it —
 * the browser preview — it builds the same API with createBridge over a WebSocket to the preview server
 * (same origin, path PREVIEW_BRIDGE_PATH); that code is a separate chunk the Electron build never loads.
 */
import type { ClassChartsApi } from '../../preload/contract';

declare global {
  interface Window {
    /** The contract API, from preload/index.ts (Electron) — absent in the browser preview. */
    classcharts?: ClassChartsApi;
  }
}

/**
 * Resolves the contract API: `window.classcharts` when present, else a WebSocket bridge to
 * `ws://<this origin>/bridge`. Rejects when neither is possible (e.g. a page opened from `file:`).
 */
export async function resolveBridge(): Promise<ClassChartsApi> {
  if (window.classcharts) return window.classcharts;
  if (location.protocol !== 'http:') {
    throw new Error('No ClassCharts bridge: open the popover in the app or through `npm run preview`.');
  }
  const [{ createBridge }, { createWebSocketTransport }, { PREVIEW_BRIDGE_PATH }] = await Promise.all([
    import('../../preload/bridge'),
    import('./ws-transport'),
    import('./ws-protocol'),
  ]);
  const socket = new WebSocket(`ws://${location.host}${PREVIEW_BRIDGE_PATH}`);
  return createBridge(createWebSocketTransport(socket));
}
