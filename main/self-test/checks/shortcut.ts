/** The `global shortcut` check of `--self-test`: can the app register a global shortcut at all? */
import { errorText } from '../../../common/errors';
import type { CheckResult } from '../report';

/** The members of Electron's `globalShortcut` the check uses (electron.d.ts 45.4.1 `GlobalShortcut`). */
export interface SelfTestGlobalShortcut {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

/** The accelerator the self-test registers and releases at once: unlikely to be anyone's. */
export const SELF_TEST_ACCELERATOR = 'CommandOrControl+Alt+Shift+F12';

/**
 * Registers {@link SELF_TEST_ACCELERATOR} and releases it. Refused (`false`) is `warn` (the app's own
 * shortcut is optional; another app may hold this one); a throw is `fail`. On native Wayland `register()`
 * goes through the GlobalShortcuts portal, which may ask the user or refuse silently while returning
 * true (Electron docs/api/global-shortcut.md, "Usage on Linux"), so it is `warn` there.
 */
export function checkShortcut(facts: {
  globalShortcut: SelfTestGlobalShortcut;
  /** A Linux Wayland session, native or XWayland (main/platform/display-server.ts `inWaylandSession`). */
  waylandSession: boolean;
}): CheckResult {
  const name = 'global shortcut';
  let registered: boolean;
  try {
    registered = facts.globalShortcut.register(SELF_TEST_ACCELERATOR, () => undefined);
  } catch (error) {
    return { status: 'fail', name, detail: `register(${SELF_TEST_ACCELERATOR}) threw: ${errorText(error)}` };
  }
  if (!registered)
    return {
      status: 'warn',
      name,
      detail: `${SELF_TEST_ACCELERATOR} was refused: another app holds it, or this desktop allows no global shortcuts`,
    };
  facts.globalShortcut.unregister(SELF_TEST_ACCELERATOR);
  if (facts.waylandSession)
    return {
      status: 'warn',
      name,
      detail: `${SELF_TEST_ACCELERATOR} registered, but in a Wayland session the desktop decides whether it reaches the app (the GlobalShortcuts portal natively; under XWayland only while an X11 window has the focus)`,
    };
  return { status: 'ok', name, detail: `${SELF_TEST_ACCELERATOR} registered and released` };
}
