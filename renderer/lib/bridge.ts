/**
 * The only module that reads `window.classcharts` (exposed by preload/index.ts in Electron). Without it —
 * the browser preview — it builds the same API with createBridge over a WebSocket to the preview server
 * (preview-socket.ts opens it); that code is a separate chunk the Electron build never loads (the
 * preview server names it in a `<link rel="modulepreload">` tag, so it arrives with the entry script).
 */
import type { ClassChartsApi } from '../../common/contract';
import { isPreviewPage, takePreviewSocket } from './preview-socket';

declare global {
  interface Window {
    /** The contract API, from preload/index.ts (Electron) — absent in the browser preview. */
    classcharts?: ClassChartsApi;
  }
}

/**
 * Resolves the contract API: `window.classcharts` when present, else a bridge over the preview's
 * WebSocket (`ws://<this origin>/bridge`). Rejects when neither is possible (e.g. a page opened from
 * `file:` without the preload), or when the preview's chunk fails to load.
 */
export async function resolveBridge(): Promise<ClassChartsApi> {
  if (window.classcharts) return window.classcharts;
  if (!isPreviewPage()) {
    throw new Error('No ClassCharts bridge: open the popover in the app or through `npm run preview`.');
  }
  const { socket, release } = takePreviewSocket();
  try {
    const { createWebSocketBridge } = await import('./ws-transport');
    return createWebSocketBridge(socket, { received: release() });
  } catch (error) {
    release();
    socket.close();
    throw error;
  }
}
