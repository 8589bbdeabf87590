/**
 * The popover's keyboard shortcuts as a pure mapping from a key press to a command (App.svelte runs it):
 * Escape (back from a detail, else hide the popover), ← / → (previous / next day in Today), Home or `t`
 * (back to today), 1–9 (select a parent's n-th pupil). Keys typed into a field never move days or pupils.
 */

/** What a key press asks for. */
export type KeyCommand =
  { kind: 'escape' } | { kind: 'day'; delta: -1 | 1 } | { kind: 'today' } | { kind: 'pupil'; number: number };

/** The parts of a KeyboardEvent the mapping needs. */
export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** Where focus is: typing into a field disables the single-key shortcuts. */
  target: EventTarget | null;
}

/** Where the user is, as far as shortcuts care. */
export interface KeyContext {
  /** Today view is showing (day keys apply). */
  today: boolean;
  /** A parent with more than one pupil (number keys apply). */
  pupilCount: number;
}

/** True when the element takes typed text or arrow keys itself (inputs, selects, editable text). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return Boolean(element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]'));
}

/** Maps a key press to a command, or `null` when the popover should leave the key alone. */
export function keyCommand(press: KeyPress, context: KeyContext): KeyCommand | null {
  if (press.key === 'Escape') return { kind: 'escape' };
  if (press.altKey || press.ctrlKey || press.metaKey || isTypingTarget(press.target)) return null;
  if (context.today) {
    if (press.key === 'ArrowLeft') return { kind: 'day', delta: -1 };
    if (press.key === 'ArrowRight') return { kind: 'day', delta: 1 };
    if (press.key === 'Home' || press.key === 't') return { kind: 'today' };
  }
  if (/^[1-9]$/.test(press.key)) {
    const number = Number(press.key);
    if (context.pupilCount > 1 && number <= context.pupilCount) return { kind: 'pupil', number };
  }
  return null;
}
