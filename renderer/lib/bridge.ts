/**
 * The only module that reads `window.classcharts` (exposed by preload/index.ts in Electron). Without it —
 * the browser preview — it builds the same API with createBridge over a WebSocket to the preview server
 * (preview-socket.ts opens it). That bridge is chosen at build time: only the preview's build supplies it
 * (renderer/vite.config.ts sets `import.meta.env.CLASSCHARTS_PREVIEW_BRIDGE` and resolves
 * `classcharts-preview-bridge` to dev/preview/ws-transport.ts, a separate chunk the preview server names
 * in a `<link rel="modulepreload">` tag); in the app's build the flag is false, so the import is dead
 * code and Rollup leaves it out (preview-bridge.d.ts).
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
 * Resolves the contract API: `window.classcharts` when present, else (in the preview's build only) a
 * bridge over the preview's WebSocket (`ws://<this origin>/bridge`). Rejects when neither is possible
 * (e.g. a page opened from `file:` without the preload, or the app's build without it), or when the
 * preview's chunk fails to load.
 */
export async function resolveBridge(): Promise<ClassChartsApi> {
  if (window.classcharts) return window.classcharts;
  if (import.meta.env.CLASSCHARTS_PREVIEW_BRIDGE && isPreviewPage()) {
    const { socket, release } = takePreviewSocket();
    try {
      const { createWebSocketBridge } = await import('classcharts-preview-bridge');
      return createWebSocketBridge(socket, { received: release() });
    } catch (error) {
      release();
      socket.close();
      throw error;
    }
  }
  throw new Error('No ClassCharts bridge: open the popover in the app or through `npm run preview`.');
}
