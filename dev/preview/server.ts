/**
 * The preview: the popover in a browser, wired to the real core. Serves the built renderer
 * (out/renderer-web, see renderer/vite.config.ts) on 127.0.0.1 and bridges the contract over a WebSocket
 * (./bridge-socket.ts) to createApp (main/app/) running here with a memory vault and store, a console
 * notifier, a shell that logs links and files instead of opening them (attached files are downloaded
 * to a temporary folder removed on close), against `baseUrl` — by default a fake
 * ClassCharts server (dev/fake-classcharts/) it starts itself. Every request and upgrade must name this
 * machine in `Host` (127.0.0.1, localhost or [::1] on the preview's port, main/loopback-host.ts): the page
 * holds the signed-in state, a real child's when the preview runs against the real service.
 *
 * Used by `npm run preview` (./cli.ts) and the Playwright end-to-end tests (test/e2e/).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KeychainStatus } from '../../common/contract';
import { createApp, type CoreApp, type CreateAppOptions } from '../../main/app';
import { createAttachmentFolder } from '../../main/adapters/attachment-folder';
import { createDownloadsFolder } from '../../main/adapters/downloads-folder';
import { createMemoryVault } from '../../main/adapters/memory-vault';
import { nodePorts } from '../../main/adapters/node-ports';
import { refusedForeignHost } from '../../main/loopback-host';
import type { AppNotification, Clock, Logger } from '../../main/ports';
import {
  startFakeClassCharts,
  type FakeClassCharts,
  type FakeServerOptions,
} from '../fake-classcharts/index';
import { createBridgeSocket, helloFrame } from './bridge-socket';
import { createStaticHandler } from './static-files';

/** The built renderer the preview serves by default. */
export const DEFAULT_RENDERER_DIR = path.resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../out/renderer-web',
);

/** Options of {@link startPreview}; all have defaults. */
export interface PreviewOptions {
  /** Port for the page and the bridge; default 0 (any free port). Always bound to 127.0.0.1. */
  port?: number;
  /** ClassCharts root (e.g. `https://www.classcharts.com`); default: start a fake server. */
  baseUrl?: string;
  /** Options for the fake server when the preview starts one. */
  fake?: FakeServerOptions;
  /** Offer the demo accounts on the sign-in form; default: whether the preview started the fake. */
  demo?: boolean;
  /**
   * Main's clock starts at this instant (epoch ms) and runs on from there, so a weekday timetable can be
   * shown on any day; the page follows it. Default: the real time.
   */
  now?: number;
  /**
   * Main's clock stays at `now` instead of running on (timers still fire): every view shows the same times
   * on every run, however slow the machine — the visual snapshots (test/e2e/). Default false.
   */
  frozen?: boolean;
  /** What the memory vault reports (to preview the sign-in form's keychain states); default `available`. */
  keychain?: KeychainStatus;
  /** Folder of the built renderer; default {@link DEFAULT_RENDERER_DIR}. */
  rendererDir?: string;
  /** Where log lines go; default: warnings and errors on stderr. */
  logger?: Logger;
  /** Extra createApp options (tests: faster renewal). */
  app?: CreateAppOptions;
}

/** A running preview. */
export interface Preview {
  /** The page, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  /** The fake ClassCharts server, when the preview started one. */
  fake: FakeClassCharts | null;
  /** The core behind the page. */
  app: CoreApp;
  /** Main's clock. */
  clock: Clock;
  /** Notifications the core "showed" (the console notifier), newest last. */
  notifications: readonly AppNotification[];
  /** Links the page asked to open (never launched), newest last. */
  opened: readonly string[];
  /** Attached files the page asked to open: paths of the downloaded copies (never launched), newest last. */
  openedFiles: readonly string[];
  /** Files saved to the preview's stand-in Downloads folder that the page asked to show, newest last. */
  revealed: readonly string[];
  /** The preview's stand-in for the user's Downloads folder (a temporary folder, removed on close). */
  downloadsFolder: string;
  /** Stops the core, closes connections, the HTTP server and the fake. Idempotent. */
  close(): Promise<void>;
}

/** Warnings and errors to stderr; everything else dropped. */
export const quietLogger: Logger = {
  debug() {},
  info() {},
  warn: (message, fields) => console.warn(`[preview] ${message}`, fields ?? ''),
  error: (message, fields) => console.error(`[preview] ${message}`, fields ?? ''),
};

/**
 * A clock that starts at `start` (epoch ms) and runs at real speed, or stays there when `frozen`; the real
 * clock without `start`. Its timers are the real ones either way.
 */
export function shiftedClock(start?: number, frozen = false): Clock {
  const offset = start === undefined ? 0 : start - Date.now();
  return {
    now: () => (frozen && start !== undefined ? start : Date.now() + offset),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

/** Starts the fake (unless `baseUrl`), the core and the page server. Rejects if a port cannot be bound. */
export async function startPreview(options: PreviewOptions = {}): Promise<Preview> {
  const logger = options.logger ?? quietLogger;
  const clock = shiftedClock(options.now, options.frozen);
  const fake = options.baseUrl ? null : await startFakeClassCharts({ clock: clock.now, ...options.fake });
  const baseUrl = options.baseUrl ?? fake!.url;
  // `preview`: the app's start-up sweep (sweepAttachmentFolders) never takes a running preview's folder.
  const attachments = createAttachmentFolder({
    logger,
    owner: 'preview',
    prefix: 'classcharts-tray-preview-',
  });
  // Never the user's own Downloads: a temporary folder, removed on close.
  const downloadsFolder = mkdtempSync(path.join(tmpdir(), 'classcharts-tray-preview-downloads-'));
  const downloads = createDownloadsFolder({ folder: () => downloadsFolder });

  const ports = nodePorts({
    clock,
    logger,
    vault: createMemoryVault({ status: options.keychain ?? 'available' }),
    notificationLine: (line) => logger.info(`notification: ${line}`),
    attachments,
    downloads,
    // The desktop app opens a save dialog here; the preview answers at once with a file of that name in
    // its own temporary Downloads folder (a path chosen before keeps its name).
    dialogs: {
      saveCalendarFile: async (defaultName) => path.join(downloadsFolder, path.basename(defaultName)),
    },
    config: { baseUrl, demo: options.demo ?? fake !== null, version: 'preview', platform: 'browser' },
  });
  const { notifier, shell } = ports;
  const app = createApp(ports, options.app);

  let port = 0;
  const bridge = createBridgeSocket({ app, now: clock.now, logger }, () => port);
  const serveFile = createStaticHandler(
    options.rendererDir ?? DEFAULT_RENDERER_DIR,
    (host) => `ws://${host}`,
    () => helloFrame({ app, now: clock.now }),
  );
  const server: Server = createServer((request, response) => {
    // The page embeds the signed-in state: a rebound name (Host: attacker.example) must not read it.
    if (refusedForeignHost(request, response, port)) {
      logger.warn('preview: refused a request for a foreign host', { host: request.headers.host ?? null });
      return;
    }
    serveFile(request, response).catch((error: unknown) => {
      logger.error('preview: serving a file failed', { error: String(error) });
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  server.on('upgrade', (request, socket, head) => bridge.handleUpgrade(request, socket, head));

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await fake?.close();
    throw error;
  }
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  await app.start();

  let closing: Promise<void> | null = null;
  return {
    url: `${origin}/`,
    fake,
    app,
    clock,
    notifications: notifier.shown,
    opened: shell.opened,
    openedFiles: shell.openedFiles,
    revealed: shell.revealed,
    downloadsFolder,
    close() {
      closing ??= (async () => {
        await app.stop();
        await bridge.close();
        // A browser still showing the page may hold a socket it opened ahead of need (Chromium's
        // preconnect) and never sent a request on: close() alone waits for it until Node's 60 s headers
        // timeout, so every connection is ended here.
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
        await fake?.close();
        await attachments.clear();
        rmSync(downloadsFolder, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
