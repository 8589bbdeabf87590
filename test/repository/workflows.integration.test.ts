/**
 * The GitHub workflows (.github/workflows), checked here since GitHub's runners are not reachable: each
 * file is valid for GitHub's workflow schema (@action-validator/cli, run by `npm run lint`), and a broken
 * one is rejected; ci.yml's Linux jobs run every npm command `.ci/run` runs (no drift between the two CIs)
 * and every `npm run X` of either workflow exists; and the switch CI sets for the real-Electron specs
 * (CCT_REQUIRE_ELECTRON=1) turns "cannot run here" into failures — shown here, where no binary exists.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { tempFolder } from '../support/temp-folders';
import { electronPackageDir, findElectronBinary } from '../../scripts/launch';
import { nodeBin } from '../../scripts/node-bin';
import { validateWorkflow, workflowFiles } from '../../scripts/validate-workflows';

const root = process.cwd();
const work = tempFolder('cct-workflows-');

const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Step {
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
interface Workflow {
  jobs: Record<
    string,
    {
      'runs-on'?: string;
      container?: string | { image: string; options?: string };
      defaults?: { run?: { shell?: string } };
      env?: Record<string, string>;
      steps: Step[];
      strategy?: { matrix?: { include?: Record<string, unknown>[] } };
    }
  >;
}

/**
 * The npm commands in shell text, normalised to `npm ci`, `npm test` or `npm run <script>` (flags such as
 * `--silent` or `--no-audit` dropped); comment lines and double-quoted text (`.ci/run`'s `step "npm test"`
 * headings) are ignored.
 */
function npmCommands(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trim().startsWith('#')) continue;
    const code = line.replace(/"[^"]*"/g, '""');
    for (const m of code.matchAll(
      /\bnpm((?:\s+--[\w-]+)*)\s+(ci|test|run)\b((?:\s+--[\w-]+)*)(?:\s+([\w:-]+))?/g,
    )) {
      found.push(m[2] === 'run' ? `npm run ${m[4]}` : `npm ${m[2]}`);
    }
  }
  return found;
}

/** A leg of the matrix: the runner's OS (`runner.os`) and the matrix values. */
interface Leg {
  os: 'Linux' | 'macOS' | 'Windows';
  matrix: Record<string, unknown>;
}

/**
 * Whether a step's `if:` lets it run on `leg`. Understands only the forms ci.yml uses — `always()`,
 * `matrix.<key>`, `runner.os == '…'` / `!= '…'`, joined by `&&` — and throws on anything else, so a new
 * form has to be taught here rather than silently counted as true.
 */
function runsOn(condition: string | undefined, leg: Leg): boolean {
  if (condition === undefined) return true;
  return condition.split('&&').every((raw) => {
    const term = raw.trim();
    if (term === 'always()') return true;
    const matrix = /^matrix\.(\w+)$/.exec(term);
    if (matrix) return Boolean(leg.matrix[matrix[1]!]);
    const os = /^runner\.os (==|!=) '(\w+)'$/.exec(term);
    if (os) return (os[1] === '==') === (leg.os === os[2]);
    throw new Error(`runsOn: cannot evaluate "${term}"`);
  });
}

const ci = parse(read('.github/workflows/ci.yml')) as Workflow;
const release = parse(read('.github/workflows/release.yml')) as Workflow;
const checkJob = ci.jobs.check!;
const linuxLeg = checkJob.strategy?.matrix?.include?.find(
  (leg) => leg.os === 'ubuntu-latest' && leg.electron === true,
);
const linuxSteps = checkJob.steps.filter((step) => runsOn(step.if, { os: 'Linux', matrix: linuxLeg ?? {} }));
/** The browser and real-Electron job: Debian 12 with Debian's Chromium, the system `.ci/run` runs on. */
const e2eJob = ci.jobs.e2e!;
const linuxCommands = [...linuxSteps, ...e2eJob.steps].flatMap((step) => npmCommands(step.run ?? ''));

describe('the workflow files are valid GitHub workflows (action-validator, in npm run lint)', () => {
  it('ci.yml and release.yml are the workflows, and each is valid', () => {
    const files = workflowFiles(join(root, '.github', 'workflows'));
    expect(files.map((f) => f.slice(f.lastIndexOf('.github')).replace(/\\/g, '/'))).toEqual([
      '.github/workflows/ci.yml',
      '.github/workflows/release.yml',
    ]);
    for (const file of files) expect(validateWorkflow(file), file).toMatchObject({ ok: true });
  });

  it('rejects a broken workflow: ci.yml with a misspelt key', () => {
    const broken = join(work, 'ci.yml');
    writeFileSync(broken, read('.github/workflows/ci.yml').replace('runs-on:', 'runs_on:'));
    const verdict = validateWorkflow(broken);
    expect(verdict.ok).toBe(false);
    expect(verdict.output).toMatch(/runs_on|runs-on/);
  });

  it('npm run lint runs the validator', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.lint).toContain('tsx scripts/validate-workflows.ts');
  });
});

describe('no drift between .ci/run, the workflows and package.json', () => {
  it('reads the npm commands of shell text, flags dropped, comments ignored', () => {
    expect(
      npmCommands(
        '# npm run bench\nstep "npm test"\nnpm ci --no-audit || exit\nnpm run --silent typecheck\nxvfb-run -a npm run test:e2e',
      ),
    ).toEqual(['npm ci', 'npm run typecheck', 'npm run test:e2e']);
  });

  it("ci.yml's Linux jobs (checks on the project's Node; the Debian e2e job) run every npm command .ci/run runs", () => {
    const local = npmCommands(read('.ci/run'));
    expect(local).toEqual(['npm ci', 'npm run typecheck', 'npm run lint', 'npm test', 'npm run test:e2e']);
    expect(linuxLeg).toBeDefined();
    expect(local.filter((command) => !linuxCommands.includes(command))).toEqual([]);
  });

  it('every npm script the workflows run exists in package.json', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    const used = [ci, release].flatMap((workflow) =>
      Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => npmCommands(step.run ?? ''))),
    );
    expect(used.length).toBeGreaterThan(5);
    const missing = used
      .filter((command) => command.startsWith('npm run '))
      .map((command) => command.slice('npm run '.length))
      .filter((name) => !(name in scripts));
    expect(missing).toEqual([]);
  });

  it("the e2e job runs in Debian 12 with Debian's Chromium, as .ci/run, under xvfb-run with CCT_REQUIRE_ELECTRON=1, after fetching Electron", () => {
    const steps = e2eJob.steps;
    expect(e2eJob.container).toMatchObject({ image: 'debian:12' });
    // The packages .ci/run installs (Chromium, DejaVu for the snapshots, ffmpeg) are installed here too.
    const install = steps.find((step) => /apt-get install/.test(step.run ?? ''))?.run ?? '';
    for (const name of ['chromium', 'fonts-dejavu-core', 'ffmpeg', 'xvfb'])
      expect(install.split(/\s+/), name).toContain(name);
    for (const name of ['chromium', 'fonts-dejavu-core', 'ffmpeg']) expect(read('.ci/run')).toContain(name);
    expect(steps.some((step) => /CHROMIUM_PATH|playwright install/.test(step.run ?? ''))).toBe(false);
    const e2e = steps.findIndex((step) => npmCommands(step.run ?? '').includes('npm run test:e2e'));
    expect(steps[e2e]?.run).toMatch(/^xvfb-run -a npm run test:e2e/);
    expect(steps[e2e]?.env?.CCT_REQUIRE_ELECTRON).toBe('1');
    const download = steps.findIndex((step) => step.run === 'node node_modules/electron/install.js');
    expect(download).toBeGreaterThanOrEqual(0);
    expect(download).toBeLessThan(e2e);
  });

  it("the e2e container can run Electron: /dev/shm above Docker's 64 MB, Electron's libraries installed, git before checkout", () => {
    const container = e2eJob.container as { options?: string };
    const shm = /--shm-size[= ](\d+)([gm])\b/.exec(container.options ?? '');
    expect(shm, container.options).not.toBeNull();
    expect(Number(shm![1]) * (shm![2] === 'g' ? 1024 : 1)).toBeGreaterThanOrEqual(1024);
    const installAt = e2eJob.steps.findIndex((step) => /apt-get install/.test(step.run ?? ''));
    const packages = (e2eJob.steps[installAt]?.run ?? '').split(/\s+/);
    // app-builder-lib 26 out/targets/FpmTarget.js: the Debian depends electron-builder gives an Electron app.
    for (const name of ['libgtk-3-0', 'libnotify4', 'libnss3', 'libxss1', 'libxtst6', 'libsecret-1-0'])
      expect(packages, name).toContain(name);
    expect(packages).toContain('git');
    expect(installAt).toBeLessThan(
      e2eJob.steps.findIndex((step) => step.uses?.startsWith('actions/checkout')),
    );
    expect(e2eJob.env?.DEBIAN_FRONTEND).toBe('noninteractive');
  });

  it("every action of GitHub's runs on Node 24 (Node 20 is gone from the runners since 16 September 2026)", () => {
    // The first major of each whose action.yml says `using: node24` (their repositories' tags; the
    // READMEs' "What's new"): older ones are forced onto Node 24 with a deprecation warning, untested there.
    const node24: Record<string, number> = {
      'actions/checkout': 5,
      'actions/setup-node': 5,
      'actions/cache': 5,
      'actions/upload-artifact': 6,
      'actions/download-artifact': 7,
    };
    const uses = [ci, release].flatMap((workflow) =>
      Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => step.uses ?? [])),
    );
    expect(uses.length).toBeGreaterThan(10);
    const old = uses.filter((ref) => {
      const [action, version] = ref.split('@') as [string, string];
      return (
        action.startsWith('actions/') &&
        !(Number(/^v(\d+)/.exec(version)?.[1]) >= (node24[action] ?? Infinity))
      );
    });
    expect(old).toEqual([]);
  });

  it(".ci/run puts the project's Node first on PATH (scripts/use-node.sh) before it installs anything", () => {
    const local = read('.ci/run');
    const source = local.search(/^source scripts\/use-node\.sh\b/m);
    expect(source).toBeGreaterThan(0);
    expect(source).toBeLessThan(local.search(/^npm ci\b/m));
  });

  it('the check job runs its steps in bash on every OS (npm run X -- args reach the script on Windows too)', () => {
    expect(checkJob.defaults?.run?.shell).toBe('bash');
  });

  it('every leg with Electron packs the app and runs --self-test on it', () => {
    for (const os of ['Linux', 'macOS', 'Windows'] as const) {
      const steps = checkJob.steps.filter((step) => runsOn(step.if, { os, matrix: { electron: true } }));
      const pack = steps.findIndex((step) => step.run === 'npx electron-builder --dir --publish never');
      expect(pack, os).toBeGreaterThan(steps.findIndex((step) => step.run === 'npm run build'));
      expect(
        steps.some((step) => /npm run self-test -- --packed/.test(step.run ?? '')),
        os,
      ).toBe(true);
    }
  });
});

describe('the Node CI runs on: the project\'s line (.nvmrc) everywhere, and the floor of "engines"', () => {
  const line = read('.nvmrc').trim();
  const { engines } = JSON.parse(read('package.json')) as { engines: { node: string } };
  /** The ranges of `engines.node` (`^22.22.2 || ^24.15.0 || >=26`) as [operator, major, minor, patch]. */
  const ranges = engines.node.split('||').map((range) => {
    const m = /^\s*(\^|>=)(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range);
    if (!m) throw new Error(`engines.node: cannot read "${range}"`);
    return [m[1]!, Number(m[2]), Number(m[3] ?? 0), Number(m[4] ?? 0)] as const;
  });
  const floor = ranges[0]!.slice(1).join('.');
  const setupNodeSteps = [ci, release].flatMap((workflow) =>
    Object.values(workflow.jobs).flatMap((job) =>
      job.steps.filter((step) => step.uses?.startsWith('actions/setup-node')),
    ),
  ) as (Step & { with?: Record<string, string> })[];

  it('"engines" accepts the line .nvmrc names, from its lowest range up', () => {
    expect(line).toMatch(/^\d+$/);
    expect(ranges.some(([op, major]) => (op === '^' ? major === Number(line) : major <= Number(line)))).toBe(
      true,
    );
    expect(ranges.map(([, major]) => major)).toEqual(
      [...ranges.map(([, major]) => major)].sort((a, b) => a - b),
    );
  });

  it('the check job runs the line on Linux, macOS and Windows, and the floor on Linux', () => {
    const legs = checkJob.strategy?.matrix?.include ?? [];
    for (const os of ['ubuntu-latest', 'macos-latest', 'windows-latest'])
      expect(
        legs.some((leg) => leg.os === os && leg.node === line && leg.electron === true),
        os,
      ).toBe(true);
    expect(legs.some((leg) => leg.os === 'ubuntu-latest' && leg.node === floor)).toBe(true);
    expect(legs.every((leg) => leg.node === line || leg.node === floor)).toBe(true);
  });

  it('every other job sets up the line from .nvmrc itself', () => {
    expect(setupNodeSteps.length).toBeGreaterThanOrEqual(5);
    for (const step of setupNodeSteps) {
      const fromFile = step.with?.['node-version-file'] === '.nvmrc';
      const fromMatrix = step.with?.['node-version'] === '${{ matrix.node }}';
      expect(fromFile || fromMatrix, JSON.stringify(step.with)).toBe(true);
    }
  });
});

const electronCannotRun =
  findElectronBinary({ env: process.env, platform: process.platform, electronDir: electronPackageDir() }) ===
    null ||
  (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY);

describe('CCT_REQUIRE_ELECTRON=1: the real-Electron specs fail where they cannot run', () => {
  /** Runs Playwright on smoke.spec.ts (no global setup: the specs build what they need) and reads its JSON report. */
  function runSmoke(name: string, env: NodeJS.ProcessEnv) {
    const dir = join(work, name);
    const config = join(work, `${name}.config.mjs`);
    const report = join(dir, 'report.json');
    writeFileSync(
      config,
      `export default ${JSON.stringify({
        testDir: join(root, 'test', 'e2e', 'electron'),
        outputDir: join(dir, 'output'),
        reporter: [['json', { outputFile: report }]],
        workers: 1,
        projects: [{ name: 'electron' }],
      })};\n`,
    );
    const run = spawnSync(
      process.execPath,
      [nodeBin('@playwright/test', 'playwright'), 'test', '--config', config, 'smoke.spec.ts'],
      {
        cwd: root,
        env: { ...env, PLAYWRIGHT_TRANSFORM_CACHE_DIR: join(dir, 'cache') },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      stats: { expected: number; unexpected: number; skipped: number };
    };
    return { status: run.status, stats: json.stats, text: readFileSync(report, 'utf8') };
  }

  it.runIf(electronCannotRun)(
    'fails the specs with the reason (and without the switch they are skipped)',
    () => {
      const env = { ...process.env };
      delete env.CCT_REQUIRE_ELECTRON;
      const required = runSmoke('required', { ...env, CCT_REQUIRE_ELECTRON: '1' });
      expect(required.status).toBe(1);
      expect(required.stats.unexpected).toBeGreaterThan(0);
      expect(required.text).toContain('CCT_REQUIRE_ELECTRON=1 but the real app cannot run: no ');
      const optional = runSmoke('optional', env);
      expect(optional.status).toBe(0);
      expect(optional.stats).toMatchObject({ expected: 0, unexpected: 0 });
      expect(optional.stats.skipped).toBeGreaterThan(0);
    },
    240_000,
  );
});
