/** The `versions` check (main/self-test/checks/versions.ts). */
import { describe, expect, it } from 'vitest';
import { checkVersions } from '../../../../main/self-test/checks/versions';

describe('versions', () => {
  it('names the Electron, Chromium and Node versions and the app, and says when not in Electron', () => {
    const facts = { appVersion: '0.1.0', platform: 'linux', arch: 'x64' };
    expect(
      checkVersions({
        ...facts,
        versions: { electron: '45.4.1', chrome: '153.0.1', node: '24.18.1' },
      }),
    ).toEqual({
      status: 'ok',
      name: 'versions',
      detail: 'Electron 45.4.1, Chromium 153.0.1, Node 24.18.1; app 0.1.0 on linux x64',
    });
    expect(checkVersions({ ...facts, versions: { node: '24.21.0' } }).status).toBe('warn');
  });
});
