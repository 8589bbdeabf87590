// Vitest: four projects, told apart by the test file's name (docs/development.md, "The tests"):
// - `unit`: test/**/*.test.ts under Node: the core, client and Electron glue (with the shared electron
//   mock). No servers, child processes or builds: test/setup/unit-only.ts makes them throw. `npm run test:unit`.
// - `integration`: *.integration.test.ts: the fake ClassCharts server over HTTP, child processes, the CLI
//   end to end. `npm run test:integration`.
// - `packaging`: *.packaging.test.ts: builds the app or reads a build (out/, the asar, electron-builder).
// - `renderer`: test/renderer/**/*.test.ts: Svelte component tests in jsdom.
// `npm test` runs all four. Browser e2e is Playwright (test:e2e).
import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { previewBridge } from './renderer/vite.config';

const INTEGRATION = 'test/**/*.integration.test.ts';
const PACKAGING = 'test/**/*.packaging.test.ts';
/** Not Node projects' files: the renderer's (jsdom) and Playwright's. */
const NOT_NODE = ['test/renderer/**', 'test/e2e/**', 'node_modules/**'];

/** A project of tests under Node: `include` minus `exclude`, with the shared setup and timeouts. */
function nodeProject(name: string, include: string, exclude: string[], setupFiles: string[] = []) {
  return {
    test: {
      name,
      environment: 'node',
      include: [include],
      exclude: [...NOT_NODE, ...exclude],
      setupFiles: ['test/setup/remove-temp-folders.ts', ...setupFiles],
      testTimeout: 20_000,
      hookTimeout: 20_000,
      server: { deps: { inline: ['electron-store'] } },
      // date-fns's index imports each of its ~250 functions from a file of its own; a test file loads it
      // afresh, which took 1-10 s per file. Pre-bundled once into one file (node_modules/.vite), it takes ms.
      deps: { optimizer: { ssr: { enabled: true, include: ['date-fns'] } } },
    },
  };
}

export default defineConfig({
  test: {
    // Vitest 5 clears every mock's calls before each test by default. The Electron glue tests boot main once
    // (beforeAll) and then assert what that boot did (the menu it built, the session it opened, the states it
    // sent), so calls stay until a test resets them itself (resetElectronMock, mockClear), as in Vitest 4.
    clearMocks: false,
    projects: [
      nodeProject('unit', 'test/**/*.test.ts', [INTEGRATION, PACKAGING], ['test/setup/unit-only.ts']),
      nodeProject('integration', INTEGRATION, []),
      nodeProject('packaging', PACKAGING, []),
      {
        plugins: [svelte()],
        // The preview's WebSocket bridge, as the preview build supplies it (renderer/lib/bridge.ts).
        define: previewBridge.define,
        resolve: { conditions: ['browser'], alias: previewBridge.resolve?.alias },
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
