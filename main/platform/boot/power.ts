/**
 * Boot step 4: sleep, wake and the network coming back. The core renews the session and refreshes on a
 * wake-up; an unlocked screen refreshes only data older than 5 minutes (or ends a sleep whose wake-up went
 * unreported), and restarts the app quietly when a remembered sign-in waits for a locked keychain.
 */
import { net, powerMonitor } from 'electron';
import type { App } from '../../ports';
import { systemClock } from '../../ports';
import { startMinuteTicker } from '../tray';

/** Forwards the system's power and network events to the core; returns what stops the network watch. */
export function followPower(core: Pick<App, 'suspend' | 'resume' | 'screenUnlocked'>): () => void {
  powerMonitor.on('suspend', () => core.suspend());
  powerMonitor.on('resume', () => core.resume());
  powerMonitor.on('unlock-screen', () => core.screenUnlocked());
  let online = net.isOnline();
  return startMinuteTicker(systemClock, () => {
    const now = net.isOnline();
    if (now && !online) core.resume();
    online = now;
  });
}
