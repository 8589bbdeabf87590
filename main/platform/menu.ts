/**
 * The tray's context menu (right click; on Linux the only reliable way in): Open, Refresh, the pupils as
 * radio items for a parent, Launch at login, Notifications, Sign out (or Sign in…), "Restart to update to X.Y.Z"
 * once an update is downloaded (docs/auto-update.md), Quit
 * (docs/design.md "Tray and popover behaviour"). A pure function of the snapshot; clicks call the
 * actions, which the composition root maps onto the app's handlers.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { AppState } from '../../common/contract';

/** What the menu items do. Each may return a promise; the caller handles failures. */
export interface TrayMenuActions {
  /** Open the popover. */
  open(): void;
  refresh(): void;
  selectPupil(pupilId: number): void;
  setLaunchAtLogin(enabled: boolean): void;
  setNotifications(enabled: boolean): void;
  /** "Sign out": asks first (the popover opens on Settings' "Sign out?"), since it forgets a saved sign-in. */
  signOut(): void;
  quit(): void;
  /**
   * Quit and install the downloaded update (`environment.update` is `ready`). Absent where the app does
   * not update itself: the menu then never offers it.
   */
  installUpdate?(): void;
}

/** The menu item that installs a downloaded update: "Restart to update to X.Y.Z". */
export function restartToUpdateLabel(version: string): string {
  return `Restart to update to ${version}`;
}

/**
 * Builds the menu template for the current state. `headline` (Linux: the next lesson, tray-text.ts
 * `TrayText.headline`) comes first as a disabled label, since GNOME's AppIndicator extension shows no
 * tooltip ("Tooltips: Not implemented", ubuntu/gnome-shell-extension-appindicator README) and the menu is
 * the one surface every StatusNotifierItem host shows; left out when empty or absent.
 */
export function trayMenuTemplate(
  state: AppState,
  actions: TrayMenuActions,
  headline?: string,
): MenuItemConstructorOptions[] {
  const signedIn = state.auth === 'signed-in';
  const needsSignIn = state.auth === 'signed-out' || state.auth === 'needs-sign-in';
  const items: MenuItemConstructorOptions[] = [
    ...(headline ? [{ label: headline, enabled: false }] : []),
    { label: needsSignIn ? 'Sign in…' : 'Open', click: () => actions.open() },
    {
      label: state.freshness.refreshing ? 'Refreshing…' : 'Refresh',
      enabled: signedIn && !state.freshness.refreshing,
      click: () => actions.refresh(),
    },
  ];

  if (state.account?.kind === 'parent' && state.pupils.length > 0) {
    items.push({ type: 'separator' }, { label: 'Pupils', enabled: false });
    for (const pupil of state.pupils) {
      items.push({
        label: pupil.name,
        type: 'radio',
        checked: pupil.id === state.selectedPupilId,
        click: () => {
          if (pupil.id !== state.selectedPupilId) actions.selectPupil(pupil.id);
        },
      });
    }
  }

  items.push(
    { type: 'separator' },
    {
      label: 'Launch at login',
      type: 'checkbox',
      checked: state.settings.launchAtLogin,
      click: () => actions.setLaunchAtLogin(!state.settings.launchAtLogin),
    },
    {
      label: 'Notifications',
      type: 'checkbox',
      checked: state.settings.notifications.enabled,
      click: () => actions.setNotifications(!state.settings.notifications.enabled),
    },
    { type: 'separator' },
  );
  if (signedIn || state.auth === 'needs-sign-in')
    items.push({ label: 'Sign out', click: () => actions.signOut() });
  const update = state.environment.update;
  if (update?.status === 'ready' && actions.installUpdate)
    items.push({ label: restartToUpdateLabel(update.version), click: () => actions.installUpdate?.() });
  items.push({ label: 'Quit ClassCharts Tray', click: () => actions.quit() });
  return items;
}
