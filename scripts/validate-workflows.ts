// Part of `npm run lint`: validates every GitHub Actions workflow in .github/workflows against the
// workflow schema with @action-validator/cli 0.6 (offline: the schema is compiled into its WebAssembly).
// Its CLI takes one file at a time, so this runs it once per file, prints each file's verdict and exits 1
// when any file is rejected (its errors as the validator printed them).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBin } from './node-bin';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The workflow files of `dir` (`*.yml`, `*.yaml`), sorted; none when the folder does not exist. */
export function workflowFiles(dir: string = join(root, '.github', 'workflows')): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => join(dir, name));
}

/** What the validator said about one file: `ok`, else its output (a JSON list of schema errors). */
export interface WorkflowVerdict {
  file: string;
  ok: boolean;
  output: string;
}

/**
 * Runs @action-validator/cli on `file` through this Node (./node-bin.ts: the .bin shim is a shell script
 * Windows cannot spawn). `ok` is its exit code 0: no schema error.
 */
export function validateWorkflow(file: string): WorkflowVerdict {
  const run = spawnSync(process.execPath, [nodeBin('@action-validator/cli', 'action-validator'), file], {
    encoding: 'utf8',
  });
  return {
    file,
    ok: run.status === 0,
    output: `${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? run.error.message : ''}`.trim(),
  };
}

function main(args: string[]): number {
  const files = args.length > 0 ? args : workflowFiles();
  if (files.length === 0) {
    console.error('validate-workflows: no workflow files in .github/workflows');
    return 1;
  }
  let failed = 0;
  for (const file of files) {
    const verdict = validateWorkflow(file);
    if (verdict.ok) continue;
    failed++;
    console.error(`✗ ${file}\n${verdict.output}`);
  }
  if (failed === 0) console.log(`workflows: ${files.length} valid (action-validator)`);
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit(main(process.argv.slice(2)));
}
