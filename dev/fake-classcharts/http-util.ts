/**
 * HTTP helpers of the fake ClassCharts server: lenient request-body and Cookie parsing, and PHP-style
 * responses. The leniency is the point (docs/classcharts-api.md §1.1, §2.4): real clients send form bodies as
 * urlencoded, multipart, untyped text or `{}`, and Cookie headers built from raw `Set-Cookie` strings.
 */
import type { IncomingMessage } from 'node:http';

/** A response the router produced, before faults and latency apply. */
export interface Reply {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

/** Largest request body read, in bytes; a bigger one gets HTTP 413. */
export const MAX_BODY_BYTES = 1_048_576;

/**
 * Reads the whole request body.
 * @throws RangeError when it exceeds {@link MAX_BODY_BYTES}; the stream's error if the client aborts.
 */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new RangeError('request body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/**
 * The fields of a form-like request body, whatever its encoding: `multipart/form-data` and
 * `application/x-www-form-urlencoded` (parsed by the platform's `Request#formData`), a JSON object (its
 * scalar members), or an untyped / `text/plain` body read as urlencoded (`pupil_id=1` sent with no
 * Content-Type). A body that cannot be parsed yields no fields rather than an error. File parts are ignored.
 */
export async function parseFormBody(
  body: Buffer,
  contentType: string | undefined,
): Promise<Record<string, string>> {
  const type = (contentType ?? '').toLowerCase();
  const fields: Record<string, string> = {};
  if (body.length === 0) return fields;
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    try {
      const form = await new Request('http://fake.invalid/', {
        method: 'POST',
        headers: { 'content-type': contentType ?? '' },
        body: new Uint8Array(body),
      }).formData();
      form.forEach((value, name) => {
        if (typeof value === 'string') fields[name] = value;
      });
    } catch {
      // Malformed multipart: no fields, as PHP would see none.
    }
    return fields;
  }
  const text = body.toString('utf8');
  if (text.trimStart().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [name, value] of Object.entries(parsed)) {
          if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
            fields[name] = String(value);
          }
        }
      }
    } catch {
      // Not JSON after all: no fields.
    }
    return fields;
  }
  new URLSearchParams(text).forEach((value, name) => {
    fields[name] = value;
  });
  return fields;
}

/** Attribute names of `Set-Cookie` that a sloppy client may echo back in its Cookie header. */
const COOKIE_ATTRIBUTES = new Set(['expires', 'max-age', 'path', 'domain', 'samesite', 'secure', 'httponly']);

/**
 * Parses a Cookie header leniently: pairs may be separated by `;` or `,`, and attribute-like pairs
 * (`expires=…`, `path=/`) and bare words are ignored, so a client that echoes raw `Set-Cookie` strings
 * still gets its cookies found. Values are percent-decoded when that is valid. The first occurrence wins.
 */
export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const piece of (header ?? '').split(/[;,]/)) {
    const eq = piece.indexOf('=');
    if (eq <= 0) continue;
    const name = piece.slice(0, eq).trim();
    if (!name || COOKIE_ATTRIBUTES.has(name.toLowerCase()) || cookies.has(name)) continue;
    const raw = piece.slice(eq + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // keep the raw value
    }
    cookies.set(name, value);
  }
  return cookies;
}

/**
 * JSON as PHP's `json_encode` writes it: forward slashes escaped (`https:\/\/…`). JSON-equivalent, but
 * byte-faithful (docs/classcharts-api.md §1.2). `/` only ever occurs inside JSON strings, so the replacement
 * is safe.
 */
export function phpJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('/', '\\/');
}

/** A JSON reply (`application/json`) with the given HTTP status. */
export function jsonReply(
  value: unknown,
  status = 200,
  headers: Record<string, string | string[]> = {},
): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-cache, private', ...headers },
    body: phpJson(value),
  };
}

/** An HTML reply (`text/html; charset=UTF-8`). */
export function htmlReply(
  body: string,
  status = 200,
  headers: Record<string, string | string[]> = {},
): Reply {
  return { status, headers: { 'content-type': 'text/html; charset=UTF-8', ...headers }, body };
}

/** A redirect with an empty body. */
export function redirectReply(location: string, headers: Record<string, string | string[]> = {}): Reply {
  return {
    status: 302,
    headers: { location, 'content-type': 'text/html; charset=UTF-8', ...headers },
    body: '',
  };
}

/** Escapes text for an HTML page. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain HTML page in the style of the service's web pages. */
export function htmlPage(title: string, bodyHtml: string): string {
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${escapeHtml(title)} | ClassCharts</title>\n</head>\n<body>\n${bodyHtml}\n</body>\n</html>\n`;
}
