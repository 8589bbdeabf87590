/**
 * scripts/use-node.sh, which `.ci/run` and a developer's shell use to run on the project's Node line
 * (.nvmrc) where the machine's own Node is older. Run against a copy of the script beside its own .nvmrc,
 * with stand-in `node` and `npm` commands first on PATH: the machine's "Node" is whatever version a test
 * says, and the "registry" is a folder of tarballs, so no test reaches the network. What a developer would
 * notice: an older Node is replaced by the newest release of the line, fetched once and then taken from the
 * cache (also offline), a new enough Node is left alone, and a failure says what went wrong.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../support/temp-folders';

const root = process.cwd();
const platform = process.platform === 'darwin' ? 'darwin' : 'linux';
const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
const pkg = `node-${platform}-${arch}`;

let work: string;
let bin: string;
let registry: string;
let cache: string;

/** A shell script at `path` that prints `version` for `--version` and runs `node` for anything else. */
function standInNode(path: string, version: string): void {
  writeFileSync(
    path,
    `#!/bin/sh\nif [ "$1" = "--version" ]; then echo ${version}; exit 0; fi\nexec "${process.execPath}" "$@"\n`,
  );
  chmodSync(path, 0o755);
}

/** Puts `<pkg>-<version>.tgz` (package/bin/node printing v<version>, and its headers) in the registry. */
function publish(version: string): void {
  const staging = join(work, `staging-${version}`, 'package');
  mkdirSync(join(staging, 'bin'), { recursive: true });
  mkdirSync(join(staging, 'include', 'node'), { recursive: true });
  writeFileSync(join(staging, 'include', 'node', 'node_version.h'), `#define NODE_VERSION "v${version}"\n`);
  standInNode(join(staging, 'bin', 'node'), `v${version}`);
  const tar = spawnSync('tar', ['-czf', join(registry, `${pkg}-${version}.tgz`), 'package'], {
    cwd: join(staging, '..'),
  });
  expect(tar.status).toBe(0);
}

/**
 * The stand-in npm: `npm view <pkg>@<line> version --json` lists the registry's versions of that line
 * (fails when the registry folder is missing: offline); `npm pack <pkg>@<version>` copies its tarball into
 * the current folder; `npm --version` answers. Every call is logged.
 */
function standInNpm(): void {
  const path = join(bin, 'npm');
  writeFileSync(
    path,
    `#!/bin/sh
echo "$*" >> "${join(work, 'npm.log')}"
case "$1" in
  --version) echo 11.0.0 ;;
  view)
    [ -d "${registry}" ] || exit 1
    line=\${2##*@}
    printf '['; sep=''
    for f in "${registry}"/${pkg}-"$line".*.tgz; do
      [ -e "$f" ] || continue
      v=\${f##*/${pkg}-}; v=\${v%.tgz}; printf '%s"%s"' "$sep" "$v"; sep=','
    done
    printf ']\\n' ;;
  pack)
    v=\${2##*@}
    cp "${registry}/${pkg}-$v.tgz" . || exit 1 ;;
  *) exit 1 ;;
esac
`,
  );
  chmodSync(path, 0o755);
}

/** The environment the script runs in: the stand-ins first on PATH, the test's own home and cache. */
const scriptEnv = () => ({ PATH: `${bin}:/usr/bin:/bin`, HOME: work, CCT_NODE_CACHE: cache });

/** Runs the copied script as `use-node.sh <command…>`, the machine's Node being `machineNode`. */
function run(command: string[], machineNode: string) {
  standInNode(join(bin, 'node'), machineNode);
  const result = spawnSync('bash', [join(work, 'scripts', 'use-node.sh'), ...command], {
    env: scriptEnv(),
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const npmCalls = () =>
  existsSync(join(work, 'npm.log')) ? readFileSync(join(work, 'npm.log'), 'utf8').trim().split('\n') : [];

describe.skipIf(process.platform === 'win32')('scripts/use-node.sh (the project Node, .nvmrc)', () => {
  beforeEach(() => {
    work = tempFolder('cct-use-node-');
    bin = join(work, 'bin');
    registry = join(work, 'registry');
    cache = join(work, 'cache');
    mkdirSync(join(work, 'scripts'), { recursive: true });
    mkdirSync(bin);
    mkdirSync(registry);
    copyFileSync(join(root, 'scripts', 'use-node.sh'), join(work, 'scripts', 'use-node.sh'));
    writeFileSync(join(work, '.nvmrc'), '24\n');
    standInNpm();
  });

  it("the repository's .nvmrc names one major line, and the script reads it", () => {
    expect(readFileSync(join(root, '.nvmrc'), 'utf8')).toMatch(/^\d+\n$/);
  });

  it('a machine on an older Node gets the newest release of the line, with its headers for node-gyp', () => {
    for (const version of ['24.9.0', '24.10.0', '24.2.1']) publish(version);
    const result = run(['sh', '-c', 'node --version; echo "nodedir=$npm_config_nodedir"'], 'v20.20.2');
    expect(result.stderr).toContain(`fetching ${pkg}@24.10.0 from the npm registry`);
    expect(result.stderr).toMatch(/Node v24\.10\.0 .*as the machine's Node v20\.20\.2 is older than 24/);
    const dir = join(cache, `v24.10.0-${platform}-${arch}`);
    expect(result.stdout).toBe(`v24.10.0\nnodedir=${dir}\n`);
    expect(existsSync(join(dir, 'include', 'node', 'node_version.h'))).toBe(true);
    expect(result.status).toBe(0);
  });

  it('the second time, the cached copy runs without fetching it again', () => {
    publish('24.10.0');
    expect(run(['node', '--version'], 'v20.20.2').stdout).toBe('v24.10.0\n');
    const packsBefore = npmCalls().filter((call) => call.startsWith('pack')).length;
    const again = run(['node', '--version'], 'v20.20.2');
    expect(again.stdout).toBe('v24.10.0\n');
    expect(again.stderr).not.toContain('fetching');
    expect(npmCalls().filter((call) => call.startsWith('pack'))).toHaveLength(packsBefore);
  });

  it('offline, the newest cached release of the line is used', () => {
    publish('24.9.0');
    run(['true'], 'v20.20.2');
    publish('24.10.0');
    run(['true'], 'v20.20.2');
    spawnSync('rm', ['-rf', registry]);
    const offline = run(['node', '--version'], 'v20.20.2');
    expect(offline.stdout).toBe('v24.10.0\n');
    expect(offline.status).toBe(0);
  });

  it('offline with nothing cached, it fails and says why', () => {
    spawnSync('rm', ['-rf', registry]);
    const result = run(['node', '--version'], 'v22.22.2');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`cannot reach the npm registry for ${pkg}@24 and none is cached`);
  });

  it('a machine already on the line, or a newer one, keeps its own Node and fetches nothing', () => {
    publish('24.10.0');
    for (const machine of ['v24.1.0', 'v26.3.0']) {
      const result = run(['node', '--version'], machine);
      expect(result.stdout).toBe(`${machine}\n`);
      expect(result.stderr).toContain("the machine's own, Node 24 or newer");
    }
    expect(npmCalls()).toEqual([]);
    expect(existsSync(cache)).toBe(false);
  });

  it('sourced, it changes the shell it runs in (as .ci/run uses it)', () => {
    publish('24.10.0');
    standInNode(join(bin, 'node'), 'v20.20.2');
    const result = spawnSync(
      'bash',
      ['-c', `source "${join(work, 'scripts', 'use-node.sh')}" >/dev/null && node --version`],
      { env: scriptEnv(), encoding: 'utf8' },
    );
    expect(result.stdout).toBe('v24.10.0\n');
  });

  it('a .nvmrc that names no major line is refused', () => {
    writeFileSync(join(work, '.nvmrc'), 'lts/*\n');
    const result = run(['node', '--version'], 'v20.20.2');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('.nvmrc should name a Node major line such as 24');
  });
});
