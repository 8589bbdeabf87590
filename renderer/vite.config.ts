/**
 * Vite config for the renderer alone: root renderer/, Svelte plugin, relative base (the page is loaded
 * from file: in Electron and from the preview server's root), output in out/renderer-web. Used by the
 * browser preview (test/preview/) and self-contained so the Electron build can reuse the same settings.
 * Must not import app code.
 */
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  root: here,
  base: './',
  plugins: [svelte(), devServerCsp],
  build: {
    outDir: `${here}../out/renderer-web`,
    emptyOutDir: true,
    target: 'chrome120',
    // No inline scripts or data: modules: the CSP allows scripts from 'self' only.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // .vite/manifest.json: which chunk holds which module. The preview server reads it to name the
    // WebSocket bridge's chunks in <link rel="modulepreload"> tags (test/preview/static-files.ts); the
    // Electron popover never reads it.
    manifest: true,
    reportCompressedSize: true,
  },
});
