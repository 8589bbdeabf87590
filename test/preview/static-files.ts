/**
 * Serves the built renderer (out/renderer-web) for the preview: only files inside that folder, the right
 * MIME types, no caching, and the page's Content-Security-Policy rewritten so `connect-src` allows the
 * preview's own WebSocket origin and nothing else (the Electron build keeps `connect-src 'none'`).
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

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
 * A request handler for GET/HEAD of files under `root`. `/` serves index.html with the preview CSP (also
 * sent as a header). Anything outside `root`, or missing, is a 404; other methods a 405.
 */
export function createStaticHandler(
  root: string,
  wsOrigin: () => string,
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
      const page = previewCsp(body.toString('utf8'), wsOrigin());
      headers['Content-Security-Policy'] = page.policy;
      body = Buffer.from(page.html, 'utf8');
    }
    response.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': String(body.length) });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}
