// electron-vite: builds the three Electron bundles into out/ — the only code the packaged app contains
// (electron-builder.yml packs out/** and resources/** and nothing else of the repository).
//   main     main/index.ts    → out/main/index.js      ES module (package.json "type": "module") with every
//                                                      package it uses bundled in (zod, date-fns,
//                                                      electron-store…): only electron and Node's built-ins
//                                                      stay external, so app.asar needs no node_modules
//   preload  preload/index.ts → out/preload/index.cjs  ONE CommonJS file: a sandboxed preload can be
//                                                      neither an ES module nor load other files
//   renderer renderer/        → out/renderer/          the settings of renderer/vite.config.ts (Svelte,
//                                                      relative base, no inline assets for the CSP)
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';
import { mergeConfig, type Plugin, type UserConfig } from 'vite';
import rendererWeb from './renderer/vite.config';

const root = import.meta.dirname;

/**
 * The app's popover always has `window.classcharts` (preload), so the browser preview's WebSocket bridge
 * (renderer/lib/ws-transport.ts, loaded by renderer/lib/bridge.ts only without it) would never run: the
 * app's build gets a stand-in that says so, and the preview's code is not packaged.
 */
const withoutPreviewBridge: Plugin = {
  name: 'classcharts-without-preview-bridge',
  enforce: 'pre',
  resolveId: (source, importer) =>
    source === './ws-transport' && importer?.replace(/\\/g, '/').endsWith('/renderer/lib/bridge.ts')
      ? '\0preview-bridge-absent'
      : null,
  load: (id) =>
    id === '\0preview-bridge-absent'
      ? 'export function createWebSocketBridge() { throw new Error("The preview bridge is not part of the app."); }'
      : null,
};

export default defineConfig({
  main: {
    // One semver in the bundle: electron-updater pins ~7.7 (its own nested copy), conf (electron-store)
    // takes the top-level 7.x; the minor versions are compatible, so both get the top-level one.
    resolve: { dedupe: ['semver'] },
    build: {
      outDir: resolve(root, 'out/main'),
      sourcemap: true,
      // Bundle the packages too (electron-vite would leave those of package.json "dependencies" to
      // node_modules; the project has none, and this keeps it so if one is added).
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'main/index.ts') },
        // electron-updater is imported at the first update check (main/index.ts), into a chunk of its own.
        output: {
          chunkFileNames: (chunk) =>
            chunk.moduleIds.some((id) => id.replace(/\\/g, '/').includes('/node_modules/electron-updater/'))
              ? 'chunks/electron-updater-[hash].js'
              : 'chunks/[name]-[hash].js',
        },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // Everything the preload imports is bundled into the one file (it imports no packages anyway).
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: mergeConfig(rendererWeb as UserConfig, {
    root: resolve(root, 'renderer'),
    plugins: [withoutPreviewBridge],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      // electron-vite leaves builds unminified; the popover ships minified, as the preview and the bench
      // build it (renderer/vite.config.ts), so what is measured is what is packaged.
      minify: true,
      // The manifest serves only the preview's modulepreload list; the packaged app has no use for it.
      manifest: false,
      rolldownOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  }),
});
