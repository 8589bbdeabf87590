/**
 * main/index.ts booted under the shared electron mock with a sign-in remembered in an earlier run under the
 * keyring's key (`v11`) and the keyring locked this run: Electron 45 rejects its decryption as "temporarily
 * unavailable" (electron/electron@96f3996d shell/browser/api/electron_api_safe_storage.cc), and Chromium
 * reads its keys once per process, so only a new process can open it. What a user would notice: the
 * sign-in is kept and the tray and popover say the app waits for the keyring; "Try again" restarts the app
 * (its popover shown), an unlocked screen restarts it quietly (into the tray).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTOSTART_ARG } from '../../../main/platform/environment';
import { bootMain, invoke, type BootedMain, currentState } from '../../support/booted-main';

vi.mock('electron', () => import('../../mocks/electron'));

const { FakeTray, app, electronMock, powerMonitor, safeStorage } = await import('../../mocks/electron');

// The keyring and its lock are Linux's (safeStorage uses the OS-protected key on macOS and Windows), and
// so are the mock's: its `v11` ciphertext is locked only where process.platform is linux.
describe.runIf(process.platform === 'linux')('a remembered sign-in while the keyring is locked', () => {
  let booted: BootedMain;
  /** The demo data folder main picks (`<userData> (demo)`, environment.ts) and its vault file. */
  let vaultFile = '';

  beforeAll(async () => {
    booted = await bootMain(() => import('../../../main/index'), {
      async before() {
        const folder = `${electronMock.userData} (demo)`;
        mkdirSync(folder, { recursive: true });
        vaultFile = join(folder, 'vault.json');
        const credentials = { kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012' };
        const cipher = await safeStorage.encryptStringAsync(JSON.stringify(credentials)); // keyring open: v11
        writeFileSync(
          vaultFile,
          JSON.stringify({ 'secret:classcharts.credentials': cipher.toString('base64') }),
        );
        electronMock.keyring = 'locked'; // this run the keyring stays locked
      },
    });
  });

  afterAll(() => booted.quit());

  it('is kept, and the popover and the tray say the app waits for the keyring', async () => {
    await vi.waitFor(async () => expect((await currentState()).environment.keychain).toBe('locked'), {
      timeout: 10_000,
    });
    expect((await currentState()).auth).toBe('signed-out');
    expect(FakeTray.instances[0]!.tooltip).toContain('Waiting for your keyring');
    const stored = JSON.parse(readFileSync(vaultFile, 'utf8')) as Record<string, string>;
    expect(Buffer.from(stored['secret:classcharts.credentials']!, 'base64').toString('latin1')).toMatch(
      /^v11/,
    );
    expect(booted.fake.requests).toEqual([]); // nothing was sent with credentials it could not read
  });

  it('"Try again" restarts the app showing its popover; an unlocked screen restarts it quietly', async () => {
    await invoke('sync:refresh');
    expect(app.relaunch).toHaveBeenCalledTimes(1);
    const shown = app.relaunch.mock.calls[0]![0] as { args: string[] };
    expect(shown.args).not.toContain(AUTOSTART_ARG);
    expect(app.quit).toHaveBeenCalled();

    powerMonitor.emit('unlock-screen');
    expect(app.relaunch).toHaveBeenCalledTimes(2);
    const quiet = app.relaunch.mock.calls[1]![0] as { args: string[] };
    expect(quiet.args.filter((arg) => arg === AUTOSTART_ARG)).toHaveLength(1);
  });
});
