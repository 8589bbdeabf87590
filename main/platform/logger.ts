/**
 * The `Logger` port for the Electron main process: one line per entry on stdout/stderr
 * (`2026-06-15T08:40:00.000Z warn  message {"field":1}`), debug lines only when asked for
 * (`CLASSCHARTS_DEBUG=1`). Callers never pass secrets (ports.ts `Logger`).
 */
import type { Logger } from '../ports';

type Level = 'debug' | 'info' | 'warn' | 'error';

/** Creates the logger. `now` is injectable for tests. */
export function createConsoleLogger(options: { debug: boolean; now?: () => Date }): Logger {
  const now = options.now ?? (() => new Date());
  const line = (level: Level, message: string, fields?: Record<string, unknown>) => {
    let extra = '';
    if (fields && Object.keys(fields).length > 0) {
      try {
        extra = ` ${JSON.stringify(fields)}`;
      } catch {
        extra = ' {unserialisable fields}';
      }
    }
    const text = `${now().toISOString()} ${level.padEnd(5)} ${message}${extra}`;
    if (level === 'error' || level === 'warn') console.error(text);
    else console.log(text);
  };
  return {
    debug: (message, fields) => {
      if (options.debug) line('debug', message, fields);
    },
    info: (message, fields) => line('info', message, fields),
    warn: (message, fields) => line('warn', message, fields),
    error: (message, fields) => line('error', message, fields),
  };
}
