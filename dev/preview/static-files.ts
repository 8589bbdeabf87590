/**
 * Serves the built renderer (out/renderer-web) for the preview: only files inside that folder, the right
 * MIME types, no caching, and the page rewritten for the preview: its Content-Security-Policy's
 * `connect-src` allows the preview's own WebSocket origin and nothing else (the Electron build keeps
 * `connect-src 'none'`), and `<link rel="modulepreload">` tags name the WebSocket bridge's chunks, so
 * the browser fetches them with the entry script instead of after it has run (the Electron page, which
 * never loads them, is built from the same index.html without these tags). `/favicon.ico`, which browsers
 * ask for on their own, is answered 204 (the popover has no icon of its own).
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import { PREVIEW_HELLO_ID } from '../../renderer/lib/preview-path';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
};

const CSP_META = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/i;

/**
 * The renderer's CSP with `connect-src` set to `wsOrigin` (e.g. `ws://127.0.0.1:5173`). Throws when the
 * page has no CSP meta tag: the preview must never serve the popover without one.
 */
export function previewCsp(html: string, wsOrigin: string): { html: string; policy: string } {
  const match = CSP_META.exec(html);
  if (!match) throw new Error('renderer/index.html has no Content-Security-Policy meta tag');
  const policy = (match[2] ?? '').replace(/connect-src [^;]*/, `connect-src ${wsOrigin}`);
  return { html: html.replace(CSP_META, `$1${policy}$3`), policy };
}

/**
 * The module renderer/lib/bridge.ts imports on demand for the preview's WebSocket bridge (./ws-transport.ts,
 * supplied by renderer/vite.config.ts), as Vite's manifest names it (paths relative to renderer/). Its
 * chunk (and any it imports) is worth preloading; the other on-demand chunk (the sanitizer) is warmed by
 * the page itself when idle.
 */
export const PREVIEW_BRIDGE_MODULES: readonly string[] = ['../dev/preview/ws-transport.ts'];

/** Where Vite writes its manifest in the build folder (`build.manifest: true`, renderer/vite.config.ts). */
export const MANIFEST = path.join('.vite', 'manifest.json');

/** The part of a Vite manifest chunk entry read here (https://vite.dev/guide/backend-integration). */
const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);

/**
 * Walks the build's static import graph from the manifest keys `from` (or every entry when `'entries'`):
 * each chunk's file, its CSS when `css` is set, then the chunks it imports statically (never the dynamic,
 * on-demand ones). Entry chunks are left out when `skipEntries` is set. Files are relative to the build
 * folder (`assets/index-Bx1.js`). Throws when the manifest is malformed or lacks a key it must follow.
 */
export function staticImportFiles(
  manifestJson: string,
  from: readonly string[] | 'entries',
  options: { skipEntries?: boolean; css?: boolean } = {},
): string[] {
  const manifest = manifestSchema.parse(JSON.parse(manifestJson));
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the renderer build's manifest has no chunk for ${key}`);
    if (chunk.isEntry && options.skipEntries) return;
    files.add(chunk.file);
    if (options.css) for (const sheet of chunk.css ?? []) files.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const starts = from === 'entries' ? Object.keys(manifest).filter((key) => manifest[key]?.isEntry) : from;
  starts.forEach(visit);
  return [...files];
}

/**
 * The files (relative to the build folder, e.g. `assets/ws-transport-Bx1.js`) of the chunks `modules`
 * need — each module's chunk and the chunks it imports statically — minus the entry chunks and the chunks
 * they import statically, which the page loads anyway (code the bridge shares with the app, split out by
 * Rollup). Throws when the manifest is malformed or does not name one of `modules` (the build and
 * PREVIEW_BRIDGE_MODULES disagree).
 */
export function chunksToPreload(manifestJson: string, modules: readonly string[]): string[] {
  const loaded = new Set(staticImportFiles(manifestJson, 'entries'));
  return staticImportFiles(manifestJson, modules, { skipEntries: true }).filter((file) => !loaded.has(file));
}

/**
 * `html` with a `<link rel="modulepreload">` per file (paths relative to the page, as Vite writes its
 * own tags) before `</head>`. Throws when the page has no `</head>`.
 */
export function withModulePreloads(html: string, files: readonly string[]): string {
  const end = html.search(/<\/head>/i);
  if (end < 0) throw new Error('renderer/index.html has no </head>');
  const links = files.map((file) => `    <link rel="modulepreload" crossorigin href="./${file}">\n`).join('');
  return html.slice(0, end) + links + html.slice(end);
}

/**
 * `html` with a `<script type="application/json" id="preview-hello">` data block holding `frame` (JSON)
 * before `</head>`. `<` is written `\u003c`, so no text in the state can close the block. Throws when the
 * page has no `</head>`.
 */
export function withServedHello(html: string, frame: unknown): string {
  const end = html.search(/<\/head>/i);
  if (end < 0) throw new Error('renderer/index.html has no </head>');
  const json = JSON.stringify(frame).replace(/</g, '\\u003c');
  return `${html.slice(0, end)}    <script type="application/json" id="${PREVIEW_HELLO_ID}">${json}</script>\n${html.slice(end)}`;
}

/**
 * A request handler for GET/HEAD of files under `root` (the caller has checked `Host`). `/` serves
 * index.html with the preview CSP, `connect-src` the WebSocket origin `wsOrigin(host)` gives for the
 * request's `Host` (also
 * sent as a header), the bridge's modulepreload tags, read from the build's manifest on each request (a
 * rebuild is picked up; a build without a manifest is served without them), and, given `hello`, the
 * first `hello` frame as a data block (main's state as the page is served: the page shows it without
 * waiting for the socket). `/favicon.ico` is a 204. Anything outside `root`, or missing, is a 404; other
 * methods a 405.
 */
export function createStaticHandler(
  root: string,
  wsOrigin: (host: string) => string,
  hello?: () => unknown,
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const base = path.resolve(root);
  return async (request, response) => {
    const headers: Record<string, string> = {
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://preview').pathname);
    } catch {
      response.writeHead(400, headers).end();
      return;
    }
    if (pathname === '/favicon.ico') {
      // Asked for by the browser itself, not by the page: no content rather than a 404 in every log.
      response.writeHead(204, headers).end();
      return;
    }
    const file = path.resolve(base, `.${pathname === '/' ? '/index.html' : pathname}`);
    if (file !== base && !file.startsWith(base + path.sep)) {
      response.writeHead(404, headers).end();
      return;
    }
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const type = MIME[path.extname(file)] ?? 'application/octet-stream';
    if (type.startsWith('text/html')) {
      const page = previewCsp(body.toString('utf8'), wsOrigin(request.headers.host ?? ''));
      headers['Content-Security-Policy'] = page.policy;
      const manifest = await readFile(path.join(base, MANIFEST), 'utf8').catch(() => null);
      const html = manifest
        ? withModulePreloads(page.html, chunksToPreload(manifest, PREVIEW_BRIDGE_MODULES))
        : page.html;
      body = Buffer.from(hello ? withServedHello(html, hello()) : html, 'utf8');
    }
    response.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': String(body.length) });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}
