// Vitest: two projects. `node` runs the core, client, fake server and Electron glue (with the shared
// electron mock); `renderer` runs Svelte component tests in jsdom. Browser e2e is Playwright (test:e2e).
import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  test: {
    // Vitest 5 clears every mock's calls before each test by default. The Electron glue tests boot main once
    // (beforeAll) and then assert what that boot did (the menu it built, the session it opened, the states it
    // sent), so calls stay until a test resets them itself (resetElectronMock, mockClear), as in Vitest 4.
    clearMocks: false,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/renderer/**', 'test/e2e/**', 'node_modules/**'],
          setupFiles: ['test/setup/remove-temp-folders.ts'],
          testTimeout: 20_000,
          hookTimeout: 20_000,
          server: { deps: { inline: ['electron-store'] } },
        },
      },
      {
        plugins: [svelte()],
        resolve: { conditions: ['browser'] },
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
