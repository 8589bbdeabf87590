/**
 * A request to a loopback server with a chosen `Host` header (fetch cannot set one): how a page that
 * rebound its own name to 127.0.0.1 reaches it (DNS rebinding; main/loopback-host.ts).
 */
import { request as httpRequest } from 'node:http';

/** What {@link requestWithHost} got back: the status, the body as text and the response headers. */
export interface HostAnswer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Sends `method` (default GET) to `url` with `Host: host`; resolves with the answer, rejects on a network error. */
export function requestWithHost(
  url: string,
  host: string,
  method = 'GET',
  body?: string,
): Promise<HostAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers: { host } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}
