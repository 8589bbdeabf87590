// electron-vite: builds the three Electron bundles into out/ — the only code the packaged app contains
// (electron-builder.yml packs out/** and resources/** and nothing else of the repository).
//   main     main/index.ts    → out/main/index.js      ES module (package.json "type": "module"); runtime
//                                                      dependencies stay in node_modules (externalized)
//   preload  preload/index.ts → out/preload/index.cjs  ONE CommonJS file: a sandboxed preload can be
//                                                      neither an ES module nor load other files
//   renderer renderer/        → out/renderer/          the settings of renderer/vite.config.ts (Svelte,
//                                                      relative base, no inline assets for the CSP)
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';
import { mergeConfig, type UserConfig } from 'vite';
import rendererWeb from './renderer/vite.config';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      sourcemap: true,
      rolldownOptions: { input: { index: resolve(root, 'main/index.ts') } },
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
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      // The manifest serves only the preview's modulepreload list; the packaged app has no use for it.
      manifest: false,
      rolldownOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  }),
});
