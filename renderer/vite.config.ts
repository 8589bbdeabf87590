/**
 * Vite config for the renderer alone: root renderer/, Svelte plugin, relative base (the page is loaded
 * from file: in Electron and from the preview server's root), output in out/renderer-web. The default
 * export is the browser preview's build (dev/preview/, the Playwright popover tests): the shared
 * settings (rendererBase, which the Electron build reuses) plus the preview's WebSocket bridge
 * (previewBridge). Must not import app code.
 */
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, mergeConfig, type Plugin, type UserConfig } from 'vite';

/** This folder as a file-system path (POSIX or Windows), without node:url so it type-checks anywhere. */
const here = decodeURIComponent(new URL('.', import.meta.url).pathname).replace(/^\/([A-Za-z]:\/)/, '$1');

/**
 * The Vite dev server only (`electron-vite dev`, `vite`): Vite injects each stylesheet as a `<style>`
 * element and reloads over its own WebSocket, both of which the page's strict CSP forbids, so the page
 * it serves allows inline styles and connections to this dev server. Builds keep the strict policy
 * (the packaging test reads it back from app.asar).
 */
export const devServerCsp: Plugin = {
  name: 'classcharts-dev-server-csp',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html
      .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
      .replace("connect-src 'none'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*"),
};

/**
 * The module specifier renderer/lib/bridge.ts imports the preview's WebSocket bridge by
 * (renderer/lib/preview-bridge.d.ts); only {@link previewBridge} resolves it.
 */
export const PREVIEW_BRIDGE_MODULE = 'classcharts-preview-bridge';

/**
 * What the preview's build adds to {@link rendererBase}: the flag that keeps renderer/lib/bridge.ts's
 * preview branch, and the bridge itself (dev/preview/ws-transport.ts). The renderer's Vitest project
 * uses it too.
 */
export const previewBridge: UserConfig = {
  define: { 'import.meta.env.CLASSCHARTS_PREVIEW_BRIDGE': 'true' },
  resolve: { alias: { [PREVIEW_BRIDGE_MODULE]: `${here}../dev/preview/ws-transport.ts` } },
};

/**
 * The settings the app's build (electron.vite.config.ts) and the preview's share. The preview flag is
 * false: renderer/lib/bridge.ts's dynamic import of the WebSocket bridge is dead code Rollup drops. On
 * the dev server (`electron-vite dev`), which keeps that code, the module resolves to the app's stand-in
 * (lib/no-preview-bridge.ts); {@link previewBridge}'s alias comes first where both are merged.
 */
export const rendererBase: UserConfig = {
  root: here,
  base: './',
  plugins: [svelte(), devServerCsp],
  define: { 'import.meta.env.CLASSCHARTS_PREVIEW_BRIDGE': 'false' },
  resolve: { alias: { [PREVIEW_BRIDGE_MODULE]: `${here}lib/no-preview-bridge.ts` } },
  build: {
    outDir: `${here}../out/renderer-web`,
    emptyOutDir: true,
    target: 'chrome120',
    // No inline scripts or data: modules: the CSP allows scripts from 'self' only.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // .vite/manifest.json: which chunk holds which module. The preview server reads it to name the
    // WebSocket bridge's chunks in <link rel="modulepreload"> tags (dev/preview/static-files.ts); the
    // Electron popover never reads it.
    manifest: true,
    reportCompressedSize: true,
  },
};

export default defineConfig(mergeConfig(rendererBase, previewBridge));
