/**
 * The browser the popover tests and the renderer benchmark run in: Debian's Chromium (`apt-get install -y
 * chromium`, no Playwright download) with the flags of docs/toolchain.md ("Browser tests"), at the
 * popover's size, with the fonts pinned (./fonts.conf) so a screenshot looks the same on every Linux.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Chromium from Debian (`apt-get install -y chromium`); override with CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launch flags from docs/toolchain.md ("Browser tests"). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The popover's size in CSS pixels (docs/design.md: a ~380×560 popover). */
export const POPOVER = { width: 380, height: 560 };

/**
 * A fontconfig file naming only DejaVu (Debian's `fonts-dejavu-core`, which `.ci/run` installs) and mapping
 * the popover's font stack onto it: `system-ui` resolves through fontconfig on Linux, so without this a
 * machine with Noto or Ubuntu fonts would draw every view differently and fail the visual snapshots.
 */
export const FONTCONFIG_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts.conf');

/**
 * The environment Chromium is launched with: this process's, plus {@link FONTCONFIG_FILE} on Linux.
 * Values that are `undefined` are dropped (Playwright's `launchOptions.env` wants strings).
 */
export function chromiumEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  if (process.platform === 'linux') out.FONTCONFIG_FILE = FONTCONFIG_FILE;
  return out;
}
