/**
 * Command-line options of `npm run fake-server` (./cli.ts), parsed with node:util `parseArgs`.
 */
import { parseArgs } from 'node:util';
import type { FakeServerOptions } from './index';

/** The usage text printed on a bad argument. */
export const USAGE = `usage: npm run fake-server -- [--port N] [--host H] [--session-ttl S] [--latency-ms N] [--data FILE] [--seed N]
                             [--renewal-grace S] [--today YYYY-MM-DD] [--expired-status 200|401] [--tes-sso]`;

/** Parses a non-negative integer option; `undefined` when absent. @throws Error when malformed. */
function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`--${name} needs a whole number, got "${value}"`);
  return Number(value);
}

/**
 * Turns command-line arguments into server options.
 * @throws Error with a message for the user on an unknown option or a malformed value.
 */
export function parseCliOptions(argv: string[]): FakeServerOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'session-ttl': { type: 'string' },
      'renewal-grace': { type: 'string' },
      'latency-ms': { type: 'string' },
      data: { type: 'string' },
      seed: { type: 'string' },
      today: { type: 'string' },
      'expired-status': { type: 'string' },
      'tes-sso': { type: 'boolean' },
    },
  });
  const expired = values['expired-status'];
  if (expired !== undefined && expired !== '200' && expired !== '401') {
    throw new Error(`--expired-status must be 200 or 401, got "${expired}"`);
  }
  if (values.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.today)) {
    throw new Error(`--today needs YYYY-MM-DD, got "${values.today}"`);
  }
  const options: FakeServerOptions = {
    port: integer('port', values.port) ?? 0,
    host: values.host ?? '127.0.0.1',
    sessionTtlSeconds: integer('session-ttl', values['session-ttl']),
    renewalGraceSeconds: integer('renewal-grace', values['renewal-grace']),
    latencyMs: integer('latency-ms', values['latency-ms']),
    data: values.data,
    seed: integer('seed', values.seed),
    today: values.today,
    expiredStatus: expired === '401' ? 401 : 200,
    tesSso: values['tes-sso'] ?? false,
  };
  // Absent options take the server's defaults.
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as FakeServerOptions;
}
