// The Shell port's openPath on Electron's shell.openPath (main/platform/open-path.ts), with the shared
// electron mock: Electron resolves with an error message instead of rejecting ('' = opened; electron.d.ts
// of Electron 45), and the port turns a message into a rejection so a failure is never taken for success.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tempFolder } from '../../support/temp-folders';

vi.mock('electron', () => import('../../mocks/electron'));

const { resetElectronMock, shell } = await import('../../mocks/electron');
const { createOpenPath } = await import('../../../main/platform/open-path');

beforeEach(() => resetElectronMock());

describe('createOpenPath', () => {
  it('resolves when Electron opened the file', async () => {
    const file = join(tempFolder('open-path-'), 'letter.pdf');
    writeFileSync(file, '%PDF-1.4\n');
    await expect(createOpenPath(shell)(file)).resolves.toBeUndefined();
    expect(shell.openPath).toHaveBeenCalledWith(file);
  });

  it('rejects with the system\u2019s message when Electron could not open it', async () => {
    const missing = join(tempFolder('open-path-'), 'gone.pdf');
    await expect(createOpenPath(shell)(missing)).rejects.toThrow(`Failed to open path: ${missing}`);
  });

  it('rejects with a generic message when the system gave only blanks', async () => {
    shell.openPath.mockResolvedValueOnce('  ');
    await expect(createOpenPath(shell)('/tmp/x.pdf')).rejects.toThrow('The system could not open the file.');
  });
});
