// The release workflow's own steps (.github/workflows/release.yml), kept here rather than as bash in YAML
// so they are tested (test/repository/release.integration.test.ts). docs/releasing.md says how a release is cut.
//
//   tsx scripts/release.ts check-tag <tag>        exits 1 unless the tag is `v` + package.json "version"
//   tsx scripts/release.ts signing <mac|win|linux> [dir]
//                                                 exports the signing secrets that are set to the later
//                                                   steps ($GITHUB_ENV), warns (::warning::) for those that
//                                                   are not, and records what will be signed in
//                                                   <dir>/signing-<platform>.json (dir: dist/)
//   tsx scripts/release.ts notes <dir> <tag>      writes <dir>/SHA256SUMS over the installers in <dir> and
//                                                   prints the release notes ("Signed: …" lines) to stdout
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The three release builds, named as electron-builder's CLI flags (`--mac`, `--win`, `--linux`). */
export type ReleasePlatform = 'mac' | 'win' | 'linux';
/** Every {@link ReleasePlatform}, in the order the release notes list them. */
export const RELEASE_PLATFORMS: readonly ReleasePlatform[] = ['mac', 'win', 'linux'];

/**
 * Why `tag` cannot release `version` (package.json), or `null` when it is `v<version>`. electron-builder
 * publishes to the release named `v<version>` (its `vPrefixedTagName` default), so any other tag would
 * upload the installers to a different release than the one the tag made.
 */
export function tagProblem(tag: string, version: string): string | null {
  return tag === `v${version}`
    ? null
    : `tag ${tag} does not match package.json version ${version}: tag v${version}, or change the version`;
}

/** What one platform's build signs, recorded by the build job and read by the release notes. */
export interface SigningStatus {
  platform: ReleasePlatform;
  /** Code-signed: Developer ID (macOS) or Authenticode (Windows). Always false on Linux. */
  signed: boolean;
  /** macOS only: sent to Apple's notary service after signing. */
  notarized: boolean;
}

/** What the signing step does: variables for the later steps, files to write first, warnings to show. */
export interface SigningPlan {
  /** Environment for electron-builder (docs/signing.md names): only variables whose secret is set. */
  env: Record<string, string>;
  /** Files the variables point at (the App Store Connect key), with their content. */
  files: { path: string; content: string }[];
  /** One line each, shown as `::warning::` in the run. */
  warnings: string[];
  status: SigningStatus;
}

/** The names of a set of secrets that are unset or empty in `secrets`. */
function missing(secrets: NodeJS.ProcessEnv, names: readonly string[]): string[] {
  return names.filter((name) => !secrets[name]?.trim());
}

/** The variables of `names` that are set, as they are. */
function pick(secrets: NodeJS.ProcessEnv, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((n) => secrets[n]?.trim()).map((n) => [n, secrets[n]!]));
}

const API_KEY_SET = ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'] as const;
const APPLE_ID_SET = ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'] as const;

/**
 * Decides which of the repository's signing secrets (`secrets`: the step's environment, with the names of
 * docs/signing.md) the build of `platform` gets. Only set, non-empty ones are exported: an empty
 * `CSC_LINK` makes electron-builder fail rather than skip signing. macOS: `CSC_LINK` (+ `CSC_KEY_PASSWORD`)
 * signs, else `CSC_IDENTITY_AUTO_DISCOVERY=false` builds unsigned on purpose; a signed build is notarised
 * with the complete App Store Connect key set (`APPLE_API_KEY` holding the .p8 file's text, written to
 * `<tempDir>/AuthKey_<id>.p8` since electron-builder wants a path) or else the complete Apple ID set; an
 * incomplete set is not exported (electron-builder would fail the build) and is warned about. Windows:
 * `WIN_CSC_LINK` (+ `WIN_CSC_KEY_PASSWORD`) only — never the macOS certificate. Linux: nothing is signed.
 */
export function signingPlan(
  platform: ReleasePlatform,
  secrets: NodeJS.ProcessEnv,
  tempDir: string,
): SigningPlan {
  const plan: SigningPlan = {
    env: {},
    files: [],
    warnings: [],
    status: { platform, signed: false, notarized: false },
  };
  if (platform === 'linux') return plan;
  if (platform === 'win') {
    if (missing(secrets, ['WIN_CSC_LINK']).length === 0) {
      plan.env = pick(secrets, ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD']);
      plan.status.signed = true;
    } else
      plan.warnings.push(
        'Windows: no WIN_CSC_LINK secret, so the installer is NOT signed (SmartScreen will warn about an unknown publisher). docs/signing.md',
      );
    return plan;
  }
  if (missing(secrets, ['CSC_LINK']).length > 0) {
    plan.env.CSC_IDENTITY_AUTO_DISCOVERY = 'false';
    plan.warnings.push(
      'macOS: no CSC_LINK secret, so the dmg and zip are NOT signed or notarised: macOS shows no notifications from an unsigned app and Gatekeeper blocks its first open. docs/signing.md',
    );
    return plan;
  }
  plan.env = pick(secrets, ['CSC_LINK', 'CSC_KEY_PASSWORD']);
  plan.status.signed = true;
  const apiKeyMissing = missing(secrets, API_KEY_SET);
  const appleIdMissing = missing(secrets, APPLE_ID_SET);
  if (apiKeyMissing.length === 0) {
    const path = join(tempDir, `AuthKey_${secrets.APPLE_API_KEY_ID!.trim()}.p8`);
    plan.files.push({ path, content: secrets.APPLE_API_KEY! });
    Object.assign(plan.env, pick(secrets, API_KEY_SET), { APPLE_API_KEY: path });
    plan.status.notarized = true;
  } else if (appleIdMissing.length === 0) {
    Object.assign(plan.env, pick(secrets, APPLE_ID_SET));
    plan.status.notarized = true;
  } else {
    const partial = [apiKeyMissing, appleIdMissing].filter((m) => m.length < 3);
    plan.warnings.push(
      partial.length > 0
        ? `macOS: the notarisation secrets are incomplete (missing ${partial.map((m) => m.join(', ')).join(' / ')}), so the app is signed but NOT notarised: Gatekeeper blocks its first open. docs/signing.md`
        : 'macOS: no notarisation secrets (APPLE_API_KEY… or APPLE_ID…), so the app is signed but NOT notarised: Gatekeeper blocks its first open. docs/signing.md',
    );
  }
  return plan;
}

/**
 * `env` in the `$GITHUB_ENV` file format, each value in the multi-line form (`NAME<<DELIMITER`, value,
 * `DELIMITER`) with a random delimiter, so a value with line breaks (a pasted key) stays whole. Source:
 * docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands ("Multiline strings").
 */
export function githubEnvText(
  env: Record<string, string>,
  delimiter = `EOF_${randomBytes(8).toString('hex')}`,
) {
  return Object.entries(env)
    .map(([name, value]) => `${name}<<${delimiter}\n${value}\n${delimiter}\n`)
    .join('');
}

/** The files a release offers for download: the installers and the macOS zip (not update metadata or blockmaps). */
export const INSTALLER_PATTERN = /\.(dmg|zip|exe|AppImage|deb)$/;

/**
 * `SHA256SUMS` for the installers in `dir` ({@link INSTALLER_PATTERN}), one `<hex>  <name>` line each,
 * sorted by name: the format `sha256sum -c SHA256SUMS` checks.
 */
export function sha256sums(dir: string): string {
  return readdirSync(dir)
    .filter((name) => INSTALLER_PATTERN.test(name))
    .sort()
    .map(
      (name) =>
        `${createHash('sha256')
          .update(readFileSync(join(dir, name)))
          .digest('hex')}  ${name}\n`,
    )
    .join('');
}

/** The release notes' line for a platform's signing, or for a build that recorded none. */
export function signedLine(platform: ReleasePlatform, status: SigningStatus | undefined): string {
  const what = {
    mac: 'macOS (dmg and zip, Intel and Apple silicon)',
    win: 'Windows (NSIS installer)',
    linux: 'Linux (AppImage and deb)',
  }[platform];
  if (!status) return `- ${what}: unknown (the build recorded no signing status)`;
  if (platform === 'linux') return `- ${what}: not signed (Linux packages are not signed)`;
  if (platform === 'win')
    return status.signed
      ? `- ${what}: signed (Authenticode)`
      : `- ${what}: NOT signed: SmartScreen warns about an unknown publisher before it runs`;
  if (!status.signed)
    return `- ${what}: NOT signed: macOS shows no notifications from it, and Gatekeeper blocks its first open (allow it in System Settings › Privacy & Security)`;
  return status.notarized
    ? `- ${what}: signed with a Developer ID and notarised`
    : `- ${what}: signed with a Developer ID but NOT notarised: Gatekeeper blocks its first open`;
}

/** The draft release's notes: which artefacts are signed, and how to check the downloads. */
export function releaseNotes(options: {
  version: string;
  statuses: readonly SigningStatus[];
  sums: string;
}): string {
  const byPlatform = new Map(options.statuses.map((status) => [status.platform, status]));
  const files = options.sums
    .split('\n')
    .filter(Boolean)
    .map((line) => `- \`${line.slice(66)}\``);
  return [
    `## ClassCharts Tray ${options.version}`,
    '',
    'Signed:',
    ...RELEASE_PLATFORMS.map((platform) => signedLine(platform, byPlatform.get(platform))),
    '',
    'Downloads:',
    ...files,
    '',
    'Check a download with `sha256sum -c SHA256SUMS --ignore-missing` (macOS: `shasum -a 256 -c SHA256SUMS --ignore-missing`).',
    '',
  ].join('\n');
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

function main(args: string[]): number {
  const [command, ...rest] = args;
  if (command === 'check-tag') {
    const problem = tagProblem(rest[0] ?? '', packageVersion());
    if (problem) console.error(`::error::${problem}`);
    return problem ? 1 : 0;
  }
  if (command === 'signing' && RELEASE_PLATFORMS.includes(rest[0] as ReleasePlatform)) {
    const platform = rest[0] as ReleasePlatform;
    const plan = signingPlan(platform, process.env, process.env.RUNNER_TEMP ?? root);
    for (const file of plan.files) writeFileSync(file.path, file.content, { mode: 0o600 });
    if (process.env.GITHUB_ENV) appendFileSync(process.env.GITHUB_ENV, githubEnvText(plan.env));
    for (const warning of plan.warnings) console.log(`::warning::${warning}`);
    // Beside the installers by default (dist/ is electron-builder's output folder), uploaded with them.
    const dir = rest[1] ?? join(root, 'dist');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `signing-${platform}.json`), `${JSON.stringify(plan.status)}\n`);
    console.log(
      `signing: ${JSON.stringify(plan.status)}; exported ${Object.keys(plan.env).join(', ') || 'nothing'}`,
    );
    return 0;
  }
  if (command === 'notes' && rest.length === 2) {
    const [dir, tag] = rest as [string, string];
    const sums = sha256sums(dir);
    writeFileSync(join(dir, 'SHA256SUMS'), sums);
    const statuses = readdirSync(dir)
      .filter((name) => /^signing-\w+\.json$/.test(name))
      .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as SigningStatus);
    process.stdout.write(releaseNotes({ version: tag.replace(/^v/, ''), statuses, sums }));
    return 0;
  }
  console.error(
    'usage: tsx scripts/release.ts check-tag <tag> | signing <mac|win|linux> [dir] | notes <dir> <tag>',
  );
  return 2;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit(main(process.argv.slice(2)));
}
