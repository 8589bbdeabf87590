/**
 * The mark every browser puts on a file it downloads, so the system treats it as from the internet:
 * Office opens it in Protected View and blocks its macros, SmartScreen and Gatekeeper check what it runs.
 * - Windows: the `Zone.Identifier` alternate data stream (the "mark of the web") with `ZoneId=3` (the
 *   Internet zone) and `HostUrl`, as Chromium writes it (components/services/quarantine/quarantine_win.cc);
 *   the URL without its query, which holds the signed link's token.
 * - macOS: the `com.apple.quarantine` extended attribute, `flags;hex seconds;agent;UUID` with the flags
 *   Safari writes (`0083`; eclecticlight.co, "xattr: com.apple.quarantine"), set with `/usr/bin/xattr -w`
 *   (Node has no extended-attribute API).
 * - Linux: nothing. No desktop there has such a mark or a check that reads one (docs/desktop.md).
 * No electron imports; the filesystem and the process runner are ports, so every platform's mark is
 * tested on any machine, and for real where the system allows
 * (test/main/adapters/download-mark.integration.test.ts).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';

/** What the marker needs of the system: write a file (an NTFS stream on Windows) and run a program. */
export interface MarkSystem {
  /** `NodeJS.Platform` of the machine (`win32`, `darwin`, `linux`, …). */
  platform: NodeJS.Platform;
  writeFile(path: string, text: string): Promise<void>;
  /** Runs `file` with `args`; rejects when it cannot be run or exits non-zero. */
  run(file: string, args: readonly string[]): Promise<void>;
  /** Epoch ms now. */
  now(): number;
}

/** Marks the file at `path` as downloaded from `sourceUrl`. Rejects when the mark could not be written. */
export type DownloadMarker = (path: string, sourceUrl: string) => Promise<void>;

/** This machine: node:fs, `child_process.execFile`, `process.platform`, `Date.now`. */
export const nodeMarkSystem: MarkSystem = {
  platform: process.platform,
  writeFile: (path, text) => writeFile(path, text, 'utf8'),
  run: (file, args) =>
    new Promise((resolve, reject) =>
      execFile(file, [...args], { timeout: 10_000 }, (error) => (error ? reject(error) : resolve())),
    ),
  now: Date.now,
};

/** The app's name as the quarantine attribute's agent. */
const AGENT = 'ClassCharts Tray';

/**
 * `url` without its query and fragment (a signed link's token stays off the disk); `about:internet` when
 * it is not a URL.
 */
export function markedSourceUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return 'about:internet';
  }
}

/** The `Zone.Identifier` stream's text for a file from `sourceUrl` (Internet zone, CRLF lines). */
export function zoneIdentifier(sourceUrl: string): string {
  return `[ZoneTransfer]\r\nZoneId=3\r\nHostUrl=${markedSourceUrl(sourceUrl)}\r\n`;
}

/** The `com.apple.quarantine` value for a file saved at `nowMs` (epoch ms). */
export function quarantineValue(nowMs: number, uuid: string = randomUUID()): string {
  return `0083;${Math.floor(nowMs / 1000).toString(16)};${AGENT};${uuid.toUpperCase()}`;
}

/**
 * The download mark of `system`'s platform (see the module comment); on Linux and other systems a marker
 * that does nothing.
 */
export function createDownloadMarker(system: MarkSystem = nodeMarkSystem): DownloadMarker {
  if (system.platform === 'win32')
    return (path, sourceUrl) => system.writeFile(`${path}:Zone.Identifier`, zoneIdentifier(sourceUrl));
  if (system.platform === 'darwin')
    return (path) =>
      system.run('/usr/bin/xattr', ['-w', 'com.apple.quarantine', quarantineValue(system.now()), path]);
  return async () => {};
}
