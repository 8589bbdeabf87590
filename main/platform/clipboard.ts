/**
 * The clipboard port (main/ports.ts `ClipboardPort`) on Electron's `clipboard`: the calendar feed's URL is
 * copied here, in main, so its secret never crosses IPC (issue 28 §2). Electron 45's `clipboard.writeText`
 * resolves once the text is written (electron.d.ts: "A promise that resolves once the text has been written
 * to the clipboard. Modeled after the W3C `navigator.clipboard.writeText` API.").
 */
import type { Clipboard } from 'electron';
import type { ClipboardPort } from '../ports';

/** The clipboard port on Electron's `clipboard` (the system clipboard, not Linux's selection). */
export function createElectronClipboard(clipboard: Pick<Clipboard, 'writeText'>): ClipboardPort {
  return { writeText: (text) => clipboard.writeText(text) };
}
