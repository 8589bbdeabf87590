// Vitest: two projects. `node` runs the core, client, fake server and Electron glue (with the shared
// electron mock); `renderer` runs Svelte component tests in jsdom. Browser e2e is Playwright (test:e2e).
import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  test: {
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
