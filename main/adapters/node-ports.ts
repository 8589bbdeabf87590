/**
 * The ports createApp (main/app/) runs on in plain Node, outside Electron: the preview (dev/preview/), the
 * terminal client (`cli watch`), the Node test harness (test/support/app-harness.ts) and the benchmarks
 * (test/bench/). Nothing is written to disk unless a store is given: a memory vault and store, a console
 * notifier, a shell that records instead of launching, an in-memory login-item switch and clipboard. No
 * electron imports.
 */
import type { AppPorts, Clock, Logger, Store, Vault } from '../ports';
import { silentLogger, systemClock } from '../ports';
import { createConsoleNotifier } from './console-notifier';
import { createMemoryClipboard } from './memory-clipboard';
import { createMemoryStore } from './memory-store';
import { createMemoryVault } from './memory-vault';
import { createNoopAutostart } from './noop-autostart';
import { createNoopShell } from './noop-shell';

/** Options of {@link nodePorts}: `config` is required, every other port has a default. */
export interface NodePortsOptions {
  /** Service root, demo mode, version and platform, as `AppPorts['config']`. */
  config: AppPorts['config'];
  /** Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Default the system clock (main/ports.ts `systemClock`); notification lines take their time from it. */
  clock?: Clock;
  /** Default {@link silentLogger}; the shell logs the links and files it did not launch here. */
  logger?: Logger;
  /** Default a memory vault reporting `available` (./memory-vault.ts). */
  vault?: Vault;
  /** Default an empty memory store (./memory-store.ts). */
  store?: Store;
  /** Default an in-memory switch, initially off (./noop-autostart.ts). */
  autostart?: AppPorts['autostart'];
  /** Where each notification's line goes (./console-notifier.ts); default: dropped. */
  notificationLine?: (line: string) => void;
  /** Each notification as a JSON object (`cli watch --json`) or `title — body` text (default). */
  notificationFormat?: 'json' | 'text';
  /** Optional ports passed through when given (absent: what createApp does without them). */
  cache?: AppPorts['cache'];
  shortcut?: AppPorts['shortcut'];
  attachments?: AppPorts['attachments'];
  downloads?: AppPorts['downloads'];
  dialogs?: AppPorts['dialogs'];
}

/**
 * The plain-Node port set: AppPorts whose notifier keeps every notification it printed (`shown`, newest
 * last) and whose shell records the links (`opened`), files (`openedFiles`) and folders (`revealed`) it
 * was asked to open, launching nothing. An optional port is present only when given.
 */
export function nodePorts(options: NodePortsOptions): AppPorts & {
  notifier: ReturnType<typeof createConsoleNotifier>;
  shell: ReturnType<typeof createNoopShell>;
  clipboard: ReturnType<typeof createMemoryClipboard>;
} {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  return {
    fetch: options.fetch ?? globalThis.fetch,
    clock,
    vault: options.vault ?? createMemoryVault(),
    store: options.store ?? createMemoryStore(),
    notifier: createConsoleNotifier({
      write: options.notificationLine ?? (() => {}),
      format: options.notificationFormat ?? 'text',
      now: () => clock.now(),
    }),
    autostart: options.autostart ?? createNoopAutostart(),
    shell: createNoopShell(logger),
    logger,
    ...(options.cache ? { cache: options.cache } : {}),
    ...(options.shortcut ? { shortcut: options.shortcut } : {}),
    ...(options.attachments ? { attachments: options.attachments } : {}),
    ...(options.downloads ? { downloads: options.downloads } : {}),
    ...(options.dialogs ? { dialogs: options.dialogs } : {}),
    // In memory: what the app copied (the calendar feed's URL) is read back by tests, never the system's.
    clipboard: createMemoryClipboard(),
    config: options.config,
  };
}
