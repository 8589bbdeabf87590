/**
 * Focus kept for keyboard users when a banner goes (components/Banners.svelte,
 * components/SavedFileBanner.svelte).
 */

/**
 * Remembers what has focus now, and (the returned cleanup, when a banner goes: use it as an `{@attach}`)
 * gives it back if focus was left on nothing, as when the banner's own button is removed.
 */
export function giveFocusBack(): () => void {
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return () => {
    // After the banner has left the page: focus then sits on <body>, unless the user moved it.
    queueMicrotask(() => {
      const now = document.activeElement;
      if (before?.isConnected && (now === null || now === document.body)) before.focus();
    });
  };
}
