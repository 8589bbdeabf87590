// `electron-vite dev` serves the popover from Vite's dev server, which injects styles as <style>
// elements and reloads over a WebSocket: renderer/vite.config.ts relaxes the CSP for that server only.
// Here the real dev server is started on the renderer's config and its page read back; the build's
// page keeps the strict policy (test/packaging/packaging.packaging.test.ts reads it from app.asar).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const config = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../renderer/vite.config.ts');
let server: ViteDevServer;

beforeAll(async () => {
  server = await createServer({
    configFile: config,
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
  });
  await server.listen();
});

afterAll(async () => {
  await server?.close();
});

describe('the Vite dev server page (electron-vite dev)', () => {
  it('allows inline styles and its own WebSocket, and nothing else more than the built page', async () => {
    const address = server.httpServer?.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws://localhost:* ws://127.0.0.1:*");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("default-src 'none'");
  });
});

// The app's renderer under `electron-vite dev`: Vite's dev server does not replace `define`d values in
// client code, so renderer/lib/bridge.ts's import of the preview bridge stays and must resolve (to the
// app's stand-in) or the popover would not load (second read of issue 27, 2026-11-28).
describe("the app's renderer on Vite's dev server (electron-vite dev)", () => {
  it('serves renderer/lib/bridge.ts: the preview bridge module resolves to the stand-in, not the socket', async () => {
    const { rendererBase } = await import('../../../renderer/vite.config');
    const app = await createServer({
      ...rendererBase,
      configFile: false,
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, ws: false },
    });
    try {
      const result = await app.transformRequest('/lib/bridge.ts');
      expect(result?.code).toContain('no-preview-bridge');
      expect(result?.code).not.toContain('ws-transport');
    } finally {
      await app.close();
    }
  });
});
