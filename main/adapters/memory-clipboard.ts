/**
 * An in-memory clipboard (main/ports.ts `ClipboardPort`) for the plain-Node port set: the CLI, the preview
 * and tests, which read back what the app copied (`text`). No electron, no node imports.
 */
import type { ClipboardPort } from '../ports';

/** A clipboard that keeps the last text written (`null` before any), and every write in order. */
export interface MemoryClipboard extends ClipboardPort {
  /** The clipboard's text now, or `null` when nothing was copied. */
  readonly text: string | null;
  /** Every text written, oldest first. */
  readonly writes: readonly string[];
}

/** A new, empty {@link MemoryClipboard}. */
export function createMemoryClipboard(): MemoryClipboard {
  const writes: string[] = [];
  return {
    async writeText(text) {
      writes.push(text);
    },
    get text() {
      return writes.at(-1) ?? null;
    },
    writes,
  };
}
