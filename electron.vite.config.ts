// electron-vite: builds the three Electron bundles into out/ — the only code the packaged app contains
// (electron-builder.yml packs out/** and resources/** and nothing else of the repository).
//   main     main/index.ts    → out/main/index.js      ES module (package.json "type": "module") with every
//                                                      package it uses bundled in (zod, date-fns,
//                                                      electron-store…): only electron and Node's built-ins
//                                                      stay external, so app.asar needs no node_modules
//   preload  preload/index.ts → out/preload/index.cjs  ONE CommonJS file: a sandboxed preload can be
//                                                      neither an ES module nor load other files
//   renderer renderer/        → out/renderer/          the shared settings of renderer/vite.config.ts
//                                                      (Svelte, relative base, no inline assets for the
//                                                      CSP), without the preview's WebSocket bridge
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';
import { mergeConfig } from 'vite';
import { rendererBase } from './renderer/vite.config';

const root = import.meta.dirname;

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
  // rendererBase: without the preview's WebSocket bridge (renderer/vite.config.ts's previewBridge), so
  // renderer/lib/bridge.ts's import of it is dead code and the packaged popover has no socket code.
  renderer: mergeConfig(rendererBase, {
    root: resolve(root, 'renderer'),
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
