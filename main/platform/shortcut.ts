/**
 * The global shortcut that toggles the popover (Settings → `shortcut`, an Electron accelerator such as
 * `CommandOrControl+Shift+C`, or `null` for none). Re-registered whenever the setting changes; a shortcut
 * another app holds, or one Electron cannot parse, is logged and left unregistered (the tray still works).
 *
 * In a Wayland session `register()` returning true does not mean the shortcut works: natively Electron
 * binds it through the desktop's GlobalShortcuts portal, which may ask the user or refuse silently
 * (Electron 45 docs/api/global-shortcut.md "Usage on Linux"); under XWayland the X11 key grab fires only
 * while an X11 window has the focus (display-server.ts `inWaylandSession`). The controller then says so
 * (`needsApproval`).
 */
import type { GlobalShortcut } from 'electron';
import type { Logger } from '../ports';

/** What {@link createShortcut} returns. */
export interface ShortcutController {
  /** A registered shortcut may still not reach the app: the desktop decides (a Wayland session). */
  readonly needsApproval: boolean;
  /** Makes `accelerator` (or none) the active shortcut; returns whether it is now registered. */
  apply(accelerator: string | null): boolean;
  /** The accelerator currently registered, or `null`. */
  current(): string | null;
  dispose(): void;
}

/**
 * Creates the controller; nothing is registered until `apply`. `needsApproval`: the desktop decides
 * whether a shortcut reaches the app (a Wayland session: display-server.ts `inWaylandSession`); default false.
 */
export function createShortcut(
  globalShortcut: Pick<GlobalShortcut, 'register' | 'unregister'>,
  onTrigger: () => void,
  logger?: Logger,
  needsApproval = false,
): ShortcutController {
  let registered: string | null = null;
  let wanted: string | null = null;
  const release = () => {
    if (registered) globalShortcut.unregister(registered);
    registered = null;
  };
  return {
    needsApproval,
    apply(accelerator) {
      const next = accelerator && accelerator.trim() ? accelerator.trim() : null;
      if (next === wanted) return registered !== null;
      wanted = next;
      release();
      if (!next) return false;
      try {
        if (globalShortcut.register(next, onTrigger)) {
          registered = next;
          return true;
        }
        logger?.warn('shortcut: already taken by another application', { accelerator: next });
      } catch (error) {
        logger?.warn('shortcut: not a valid accelerator', { accelerator: next, error: String(error) });
      }
      return false;
    },
    current: () => registered,
    dispose: release,
  };
}
