/**
 * The Shell port's `openPath` on Electron's `shell.openPath(path)`, which resolves with the system's error
 * message when the file could not be opened and with `""` when it was (Electron 45 `electron.d.ts`: "Resolves
 * with a string containing the error message corresponding to the failure if a failure occurred, otherwise
 * ''"). The port wants a rejection instead, so a failure is not mistaken for success.
 */
import type { Shell } from 'electron';

/**
 * `openPath` for the Shell port (main/ports.ts): resolves once the system opened the file with its default
 * application; rejects with an Error carrying the system's message (or a generic one) otherwise.
 */
export function createOpenPath(shell: Pick<Shell, 'openPath'>): (path: string) => Promise<void> {
  return async (path) => {
    const problem = await shell.openPath(path);
    if (problem !== '') throw new Error(problem.trim() || 'The system could not open the file.');
  };
}
