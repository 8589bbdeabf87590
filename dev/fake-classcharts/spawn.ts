/**
 * The fake server's command line (`npm run fake-server`, ./cli.ts) in a child process of its own, for the
 * tests and benchmarks that need it apart from their own process (a real child to signal, or a process
 * whose memory and event loop are not the fake's).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { childEnv, DETACHED, endProcessTree, TSX } from '../../scripts/child-processes';

const CLI = join(dirname(fileURLToPath(import.meta.url)), 'cli.ts');

/** A fake server running in a child process. */
export interface SpawnedFake {
  /** Its root, e.g. `http://127.0.0.1:41234`. */
  url: string;
  child: ChildProcess;
  /** Ends the child and anything it started. */
  close(): void;
}

/**
 * Starts `npm run fake-server -- <args>` (through tsx, in its own process group) and resolves with its URL
 * once it prints that it listens. Rejects when it exits first. Its stderr goes to this process's.
 */
export function spawnFakeServer(args: readonly string[]): Promise<SpawnedFake> {
  const child = spawn(process.execPath, [TSX, CLI, ...args], {
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: DETACHED,
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
      if (url) resolve({ url, child, close: () => endProcessTree(child) });
    });
    child.once('exit', (code) => reject(new Error(`the fake server exited (${code}) before listening`)));
  });
}
