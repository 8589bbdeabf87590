/**
 * `npm run preview [-- options]`: builds the renderer, starts the fake ClassCharts server (unless
 * CLASSCHARTS_BASE_URL is set), the core and the page server, and prints the URL to open.
 *
 * Options: `--port N` (default 5174; 0 = any), `--now YYYY-MM-DDTHH:MM` (main's clock starts there, London
 * time; e.g. a weekday morning to see lessons), `--data FILE` (the fake's dataset, its `--data` format),
 * `--keychain available|basic-text|locked|unavailable`,
 * `--no-build` (serve the last build), `--verbose` (log info lines, notifications and opened links),
 * `--help` (print the options and exit).
 */
import { parseArgs } from 'node:util';
import type { KeychainStatus } from '../../common/contract';
import { errorText } from '../../common/errors';
import { buildRenderer, measureBundle } from './build';
import { quietLogger, startPreview } from './server';

const KEYCHAIN: readonly KeychainStatus[] = ['available', 'basic-text', 'locked', 'unavailable'];

/** What `--help` prints. */
const USAGE = `Usage: npm run preview [-- options]   (or: npx tsx dev/preview/cli.ts [options])

Builds the renderer, starts the fake ClassCharts server, the core and a page server on 127.0.0.1,
and prints the URL to open in a browser.

Options:
  --port N              port of the page (default 5174; 0 = any free port)
  --now YYYY-MM-DDTHH:MM
                        main's clock starts there (London time, or give an offset) and runs on
  --data FILE           the fake's dataset (its --data JSON format) instead of the generated one
  --keychain available|basic-text|locked|unavailable
                        what the memory vault reports (default available)
  --no-build            serve the last build instead of building
  --verbose             log info lines, notifications and opened links
  --help                print this and exit

Environment:
  CLASSCHARTS_BASE_URL  use this ClassCharts server instead of starting the fake
`;

/** `--now` as epoch ms: a date-time with an offset, or a naive one read as Europe/London. */
function parseNow(value: string): number {
  const withOffset = /(Z|[+-]\d{2}:\d{2})$/.test(value);
  const ms = Date.parse(withOffset ? value : `${value}Z`);
  if (Number.isNaN(ms)) throw new Error(`--now: not a date-time: ${value}`);
  if (withOffset) return ms;
  // Naive London time: correct by London's offset at that moment (0 in winter, 1 h in summer).
  const london = new Date(ms).toLocaleString('sv-SE', { timeZone: 'Europe/London' }).replace(' ', 'T');
  return ms - (Date.parse(`${london}Z`) - ms);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '5174' },
      now: { type: 'string' },
      data: { type: 'string' },
      keychain: { type: 'string', default: 'available' },
      'no-build': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const keychain = values.keychain as KeychainStatus;
  if (!KEYCHAIN.includes(keychain)) throw new Error(`--keychain: one of ${KEYCHAIN.join(', ')}`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port: not a port: ${values.port}`);

  if (!values['no-build']) {
    await buildRenderer({ quiet: true });
    const size = measureBundle();
    console.log(
      `renderer built: ${(size.firstLoad.gzip / 1024).toFixed(1)} KB gzip JS + CSS on first load, ${(size.gzip / 1024).toFixed(1)} KB in all`,
    );
  }
  const baseUrl = process.env.CLASSCHARTS_BASE_URL?.trim() || undefined;
  const preview = await startPreview({
    port,
    ...(baseUrl ? { baseUrl } : {}),
    ...(values.now ? { now: parseNow(values.now) } : {}),
    ...(values.data ? { fake: { data: values.data } } : {}),
    keychain,
    logger: values.verbose
      ? { ...quietLogger, info: (m, f) => console.log(`[preview] ${m}`, f ?? ''), debug() {} }
      : quietLogger,
  });
  console.log(`ClassCharts Tray preview: ${preview.url}`);
  if (preview.fake) {
    const { student, parent } = preview.fake.accounts;
    console.log(`  fake ClassCharts at ${preview.fake.url}`);
    console.log(
      `  demo student: ${student.code} / ${student.dateOfBirth}; parent: ${parent.email} / ${parent.password}`,
    );
  } else {
    console.log(`  ClassCharts at ${baseUrl}`);
  }
  console.log('  Ctrl+C to stop.');

  const stop = () => {
    void preview.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`preview: ${errorText(error)}`);
  if (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    console.error('Run with --help to see the options.');
  process.exit(1);
});
