// The preview server without a browser: the page's CSP and static-file rules, and the WebSocket bridge —
// same-origin only, every argument validated by main/contract-schemas.ts, answers and events over the same
// protocol the page's transport speaks. Runs against the fake server on 127.0.0.1, port 0.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect as connectSocket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppState } from '../../../common/contract';
import { createBridge } from '../../../common/contract/bridge';
import { parseServerMessage } from '../../../dev/preview/ws-protocol';
import { createWebSocketTransport, type SocketLike } from '../../../dev/preview/ws-transport';
import { silentLogger } from '../../../main/ports';
import { requestWithHost } from '../../support/host-request';
import { startPreview, type Preview } from '../../../dev/preview/server';
import {
  chunksToPreload,
  PREVIEW_BRIDGE_MODULES,
  previewCsp,
  staticImportFiles,
  withServedHello,
} from '../../../dev/preview/static-files';

const PAGE = `<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; connect-src 'none'; base-uri 'none'" />
<script type="module" crossorigin src="./assets/index-e.js"></script>
</head><body><div id="app"></div></body></html>`;

/** A Vite manifest shaped like the renderer build's, with the bridge's chunk importing a shared one. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-e.js',
    src: 'index.html',
    isEntry: true,
    dynamicImports: ['lib/sanitize.ts', '../dev/preview/ws-transport.ts'],
    css: ['assets/index-c.css'],
  },
  '../dev/preview/ws-transport.ts': {
    file: 'assets/ws-transport-t.js',
    isDynamicEntry: true,
    imports: ['index.html', '_schemas-z.js'],
  },
  '_schemas-z.js': { file: 'assets/schemas-z.js', imports: ['index.html'] },
  'lib/sanitize.ts': { file: 'assets/sanitize-s.js', isDynamicEntry: true, imports: ['index.html'] },
};

let dir: string;
let preview: Preview;
let origin: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'preview-test-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), PAGE);
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'export {};');
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  preview = await startPreview({
    rendererDir: dir,
    logger: silentLogger,
    now: Date.parse('2026-11-23T10:15:00Z'),
  });
  origin = preview.url.replace(/\/$/, '');
});

afterAll(async () => {
  await preview?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Opens the bridge as a page of `from` would, and builds the contract API on it. */
function connect(from = origin) {
  const socket = new WebSocket(`${origin.replace('http', 'ws')}/bridge`, { origin: from });
  const api = createBridge(createWebSocketTransport(socket as unknown as SocketLike));
  return { socket, api };
}

describe('preview page server', () => {
  it('serves the page with connect-src narrowed to its own WebSocket origin', async () => {
    const response = await fetch(preview.url);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`connect-src ${origin.replace('http', 'ws')}`);
    expect(csp).toContain("script-src 'self'");
    expect(await response.text()).toContain(`connect-src ${origin.replace('http', 'ws')};`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${origin}/assets/app.js`)).headers.get('content-type')).toMatch(/javascript/);
  });

  it('serves nothing outside the renderer folder', async () => {
    expect((await fetch(`${origin}/..%2f..%2fpackage.json`)).status).toBe(404);
    expect((await fetch(`${origin}/missing.js`)).status).toBe(404);
    expect((await fetch(preview.url, { method: 'POST' })).status).toBe(405);
  });

  it("answers the browser's own favicon request with no content rather than a 404", async () => {
    const response = await fetch(`${origin}/favicon.ico`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it("names the bridge's chunks in modulepreload tags, so they load with the entry script", async () => {
    const html = await (await fetch(preview.url)).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(preloaded.sort()).toEqual(['./assets/schemas-z.js', './assets/ws-transport-t.js']);
    // Not the sanitizer (the page warms it when idle), not the entry (already a script tag).
    expect(html).not.toContain('sanitize-s.js"');
    expect(html.match(/index-e\.js/g)).toHaveLength(1);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it("serves main's state in the page as a data block (never run, nothing in it can close it)", async () => {
    const html = await (await fetch(preview.url)).text();
    const block = /<script type="application\/json" id="preview-hello">([^<]*)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    const frame = parseServerMessage(block![1]!);
    expect(frame?.type).toBe('hello');
    const served = frame?.type === 'hello' ? frame.now : 0;
    expect(served - Date.parse('2026-11-23T10:15:00Z')).toBeGreaterThanOrEqual(0); // main's clock, running
    expect(served - Date.parse('2026-11-23T10:15:00Z')).toBeLessThan(60_000);
    expect(frame?.type === 'hello' && frame.state).toEqual(preview.app.state());
    const hostile = withServedHello('<head></head>', { title: '</script><script>alert(1)</script>' });
    expect(hostile.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(/>([^<]*)<\/script>/.exec(hostile)![1]!)).toEqual({
      title: '</script><script>alert(1)</script>',
    });
  });

  it('fails loudly when the build and the bridge disagree on its modules', () => {
    const manifest = JSON.stringify(MANIFEST);
    expect(chunksToPreload(manifest, PREVIEW_BRIDGE_MODULES)).toHaveLength(2);
    expect(() => chunksToPreload(manifest, ['lib/ws-bridge.ts'])).toThrow(/no chunk for lib\/ws-bridge\.ts/);
    expect(() => chunksToPreload('{"index.html": {}}', PREVIEW_BRIDGE_MODULES)).toThrow();
  });

  it('counts as first load the entry, its CSS and static imports, never the on-demand chunks', () => {
    expect(staticImportFiles(JSON.stringify(MANIFEST), 'entries', { css: true }).sort()).toEqual([
      'assets/index-c.css',
      'assets/index-e.js',
    ]);
  });

  it('refuses to serve a page without a CSP', () => {
    expect(() => previewCsp('<html></html>', 'ws://127.0.0.1:1')).toThrow(/Content-Security-Policy/);
  });
});

/** A GET of `pathname` on the preview naming `host`: status, body and the page's CSP header. */
async function getWithHost(
  host: string,
  pathname = '/',
): Promise<{ status: number; body: string; csp: string }> {
  const { status, body, headers } = await requestWithHost(`${origin}${pathname}`, host);
  return { status, body, csp: String(headers['content-security-policy'] ?? '') };
}

describe('preview host check (DNS rebinding)', () => {
  // A page on attacker.example that rebinds its name to 127.0.0.1 sends its own name in Host: issue 26 §1,
  // Vite's server.allowedHosts defence (GHSA-vg6x-rcgg-rjx6).
  it("refuses a foreign Host: the page, main's state and the files stay unread", async () => {
    const port = new URL(origin).port;
    for (const host of [`rebind.attacker.example:${port}`, `127.0.0.1.nip.io:${port}`, '127.0.0.1:1']) {
      for (const pathname of ['/', '/assets/app.js']) {
        const { status, body } = await getWithHost(host, pathname);
        expect({ host, pathname, status }).toEqual({ host, pathname, status: 403 });
        expect(body).not.toContain('<html');
        expect(body).not.toContain('export');
      }
    }
  });

  it("serves this machine's own names, each page's CSP naming its own WebSocket origin", async () => {
    const port = new URL(origin).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      const { status, csp } = await getWithHost(host);
      expect({ host, status }).toEqual({ host, status: 200 });
      expect(csp).toContain(`connect-src ws://${host};`);
    }
  });

  it('refuses a bridge upgrade naming a foreign Host, even with a matching Origin', async () => {
    const port = new URL(origin).port;
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/bridge`, {
      origin: `http://rebind.attacker.example:${port}`,
      headers: { host: `rebind.attacker.example:${port}` },
    });
    const status = await new Promise<number>((resolve) =>
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)),
    );
    expect(status).toBe(403);
  });

  it("accepts a page served as localhost: the bridge takes this machine's names as origins", async () => {
    const port = new URL(origin).port;
    const { api, socket } = connect(`http://localhost:${port}`);
    expect((await api.getState()).environment).toMatchObject({ platform: 'browser' });
    socket.close();
  });
});

describe('preview bridge', () => {
  it('refuses pages from another origin', async () => {
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/bridge`, { origin: 'http://evil.example' });
    const status = await new Promise<number>((resolve) =>
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(403);
  });

  it('carries the contract to the core: sign in, events, and refusals with their message', async () => {
    const { socket, api } = connect();
    const states: AppState[] = [];
    api.onStateChanged((state) => states.push(state));
    expect((await api.getState()).environment).toMatchObject({ demo: true, platform: 'browser' });

    await expect(api.login({ kind: 'demo', as: 'student' })).resolves.toEqual({ ok: true });
    await preview.app.whenIdle();
    const state = await api.getState();
    expect(state.auth).toBe('signed-in');
    expect(state.today?.date).toBe('2026-11-23');
    expect(states.some((s) => s.auth === 'signed-in')).toBe(true);

    await expect(api.openExternal('javascript:alert(1)')).rejects.toThrow(/web links/);
    await expect(api.getDay({ date: '2026-02-30' })).rejects.toThrow(/YYYY-MM-DD/);
    await api.openExternal('https://example.org/homework');
    expect(preview.opened).toEqual(['https://example.org/homework']);
    socket.close();
  });

  it("greets a page with main's clock and state, in a frame the page's schema accepts", async () => {
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/bridge`, { origin });
    const first = await new Promise<string>((resolve) =>
      socket.once('message', (data) => resolve(String(data))),
    );
    const hello = parseServerMessage(first);
    expect(hello?.type).toBe('hello');
    if (hello?.type !== 'hello') return;
    expect(Math.abs(hello.now - preview.clock.now())).toBeLessThan(5_000);
    expect(hello.state.environment).toEqual(preview.app.state().environment);
    expect(hello.state.auth).toBe(preview.app.state().auth);
    socket.close();
  });

  it('ignores malformed frames and still answers good ones', async () => {
    const { socket, api } = connect();
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send('not json');
    socket.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'evil:channel' }));
    socket.send(JSON.stringify({ type: 'invoke', id: 'x', channel: 'state:get' }));
    await expect(api.getState()).resolves.toMatchObject({ environment: { platform: 'browser' } });
    socket.close();
  });
});

describe('preview close', () => {
  it('does not wait for a socket a browser opened ahead of need and never sent a request on', async () => {
    // Chromium preconnects; Node's server.close() waits for such a socket until its 60 s headers timeout,
    // which made an e2e test's teardown outlast the test (seen under Playwright Test with video on).
    const own = await startPreview({ rendererDir: dir, logger: silentLogger });
    const { port } = new URL(own.url);
    const socket = connectSocket(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const outcome = await Promise.race([
      own.close().then(() => 'closed'),
      delay(10_000).then(() => 'still waiting for the idle socket'),
    ]);
    socket.destroy();
    expect(outcome).toBe('closed');
  });
});
