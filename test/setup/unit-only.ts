// Vitest setup file of the `unit` project (vitest.config.ts): a unit test may not start a server or a child
// process. Listening on a socket (net.Server.prototype.listen: every http, ws and vite server too) and every
// node:child_process starter throw at once, so a test that needs them fails loudly and says where it
// belongs; its file is named *.integration.test.ts (or *.packaging.test.ts when it builds the app) and
// runs in that project, not in `npm run test:unit`. A test that catches the error fails all the same. The
// originals come back after the file.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { afterAll, afterEach } from 'vitest';

const REFUSED =
  'unit tests may not start servers/child processes: name the file *.integration.test.ts ' +
  '(*.packaging.test.ts when it builds the app), see docs/development.md';

const STARTERS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

const starters = childProcess as unknown as Record<string, unknown>;
const originals = Object.fromEntries(STARTERS.map((name) => [name, starters[name]]));
const originalListen = net.Server.prototype.listen;

/** What was refused since the last test ended: a test that caught the error still fails (afterEach). */
const refused: string[] = [];

function refuse(what: string): never {
  refused.push(what);
  throw new Error(`${REFUSED} (it called ${what})`);
}

for (const name of STARTERS) {
  starters[name] = () => refuse(`child_process.${name}`);
}
net.Server.prototype.listen = function listen(): never {
  return refuse('listen on a server');
};
// `import { spawn } from 'node:child_process'` reads the ES module's own bindings: copy the patch there.
syncBuiltinESMExports();

afterEach(({ task }) => {
  const calls = refused.splice(0);
  if (calls.length > 0 && task.result?.state !== 'fail')
    throw new Error(`${REFUSED} (it called ${calls.join(', ')} and caught the error)`);
});

afterAll(() => {
  Object.assign(starters, originals);
  net.Server.prototype.listen = originalListen;
  syncBuiltinESMExports();
});
