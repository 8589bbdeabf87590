/**
 * The release workflow's steps (scripts/release.ts, run by .github/workflows/release.yml): the tag must
 * name package.json's version; signing secrets reach electron-builder only when set (an empty CSC_LINK
 * breaks it), with a warning for each one missing; SHA256SUMS covers the installers in the format
 * `sha256sum -c` reads; and the release notes say which artefacts are signed.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { TSX } from '../../scripts/child-processes';
import { tempFolder } from '../support/temp-folders';
import {
  githubEnvText,
  releaseNotes,
  sha256sums,
  signingPlan,
  tagProblem,
  type SigningStatus,
} from '../../scripts/release';
import { run } from '../packaging/pack';

const root = process.cwd();
const work = tempFolder('cct-release-');

const MAC_SECRETS = { CSC_LINK: 'cC1sLW1hYw==', CSC_KEY_PASSWORD: 'mac-pw' };
const API_KEY = {
  APPLE_API_KEY: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
  APPLE_API_KEY_ID: 'KEY1234567',
  APPLE_API_ISSUER: '69a6de70-0000-47e3-e053-5b8c7c11a4d1',
};
const APPLE_ID = {
  APPLE_ID: 'release@example.com',
  APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh-ijkl-mnop',
  APPLE_TEAM_ID: 'TEAM123456',
};
// GitHub gives an unset secret to `${{ secrets.X }}` as the empty string.
const UNSET = Object.fromEntries(
  [...Object.keys(MAC_SECRETS), ...Object.keys(API_KEY), ...Object.keys(APPLE_ID), 'WIN_CSC_LINK'].map(
    (name) => [name, ''],
  ),
);

describe('the tag', () => {
  it('must be v + package.json version, or electron-builder would upload to another release', () => {
    expect(tagProblem('v0.1.0', '0.1.0')).toBeNull();
    expect(tagProblem('v0.1.1', '0.1.0')).toMatch(/does not match package.json version 0\.1\.0/);
    expect(tagProblem('0.1.0', '0.1.0')).not.toBeNull();
  });
});

describe('signing from repository secrets', () => {
  it('macOS without secrets: nothing exported but the switch that keeps it unsigned, and a warning', () => {
    const plan = signingPlan('mac', UNSET, work);
    expect(plan.env).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    expect(plan.status).toEqual({ platform: 'mac', signed: false, notarized: false });
    expect(plan.warnings).toEqual([expect.stringMatching(/NOT signed.*no notifications/)]);
  });

  it('macOS with the certificate and the API key: signed and notarised, the key written to a file', () => {
    const plan = signingPlan('mac', { ...UNSET, ...MAC_SECRETS, ...API_KEY }, work);
    const keyPath = join(work, 'AuthKey_KEY1234567.p8');
    expect(plan.env).toEqual({ ...MAC_SECRETS, ...API_KEY, APPLE_API_KEY: keyPath });
    expect(plan.files).toEqual([{ path: keyPath, content: API_KEY.APPLE_API_KEY }]);
    expect(plan.status).toEqual({ platform: 'mac', signed: true, notarized: true });
    expect(plan.warnings).toEqual([]);
  });

  it('macOS with the certificate and an Apple ID: notarised with the Apple ID', () => {
    const plan = signingPlan('mac', { ...UNSET, ...MAC_SECRETS, ...APPLE_ID }, work);
    expect(plan.env).toEqual({ ...MAC_SECRETS, ...APPLE_ID });
    expect(plan.status.notarized).toBe(true);
  });

  it('macOS with an incomplete notarisation set: signed, the set not exported (it would fail the build), a warning', () => {
    const plan = signingPlan(
      'mac',
      { ...UNSET, ...MAC_SECRETS, APPLE_API_KEY_ID: 'KEY1234567', APPLE_API_ISSUER: 'x' },
      work,
    );
    expect(plan.env).toEqual(MAC_SECRETS);
    expect(plan.status).toEqual({ platform: 'mac', signed: true, notarized: false });
    expect(plan.warnings).toEqual([expect.stringContaining('missing APPLE_API_KEY')]);
  });

  it('Windows: only its own certificate, never the macOS one; unsigned with a warning', () => {
    const signed = signingPlan(
      'win',
      { ...UNSET, ...MAC_SECRETS, WIN_CSC_LINK: 'd2lu', WIN_CSC_KEY_PASSWORD: '' },
      work,
    );
    expect(signed.env).toEqual({ WIN_CSC_LINK: 'd2lu' });
    expect(signed.status.signed).toBe(true);
    const unsigned = signingPlan('win', { ...UNSET, ...MAC_SECRETS }, work);
    expect(unsigned.env).toEqual({});
    expect(unsigned.warnings).toEqual([expect.stringMatching(/NOT signed.*SmartScreen/)]);
  });

  it('Linux: nothing to sign, nothing exported, no warning', () => {
    const plan = signingPlan('linux', { ...UNSET, ...MAC_SECRETS }, work);
    expect(plan).toMatchObject({ env: {}, files: [], warnings: [] });
  });

  it('writes the variables for $GITHUB_ENV so that a multi-line value stays whole', () => {
    const text = githubEnvText({ APPLE_API_KEY_ID: 'K1', KEY: 'a\nb' }, 'EOF_x');
    expect(text).toBe('APPLE_API_KEY_ID<<EOF_x\nK1\nEOF_x\nKEY<<EOF_x\na\nb\nEOF_x\n');
  });

  it('the signing step exports what it decided, records signing-<platform>.json and warns as a workflow command', async () => {
    const githubEnv = join(work, 'github-env');
    writeFileSync(githubEnv, '');
    const output = await run(process.execPath, [TSX, 'scripts/release.ts', 'signing', 'win', work], 60_000, {
      ...process.env,
      ...UNSET,
      GITHUB_ENV: githubEnv,
      RUNNER_TEMP: work,
    });
    expect(output).toMatch(/^::warning::Windows: no WIN_CSC_LINK secret/m);
    expect(readFileSync(githubEnv, 'utf8')).toBe('');
    expect(JSON.parse(readFileSync(join(work, 'signing-win.json'), 'utf8'))).toEqual({
      platform: 'win',
      signed: false,
      notarized: false,
    });
  });
});

describe('checksums and release notes', () => {
  it('SHA256SUMS lists each installer (not update metadata) in the format sha256sum -c reads', () => {
    const dir = join(work, 'artefacts');
    mkdirSync(dir);
    const files = {
      'classcharts-tray-0.1.0-mac-arm64.dmg': 'dmg',
      'classcharts-tray-0.1.0-mac-arm64.zip': 'zip',
      'classcharts-tray-0.1.0-win-x64.exe': 'exe',
      'classcharts-tray-0.1.0-linux-x86_64.AppImage': 'appimage',
      'classcharts-tray-0.1.0-linux-amd64.deb': 'deb',
      'latest-mac.yml': 'yml',
      'classcharts-tray-0.1.0-win-x64.exe.blockmap': 'map',
      'signing-mac.json': '{}',
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(sha256sums(dir).split('\n').filter(Boolean)).toEqual([
      `${sha('deb')}  classcharts-tray-0.1.0-linux-amd64.deb`,
      `${sha('appimage')}  classcharts-tray-0.1.0-linux-x86_64.AppImage`,
      `${sha('dmg')}  classcharts-tray-0.1.0-mac-arm64.dmg`,
      `${sha('zip')}  classcharts-tray-0.1.0-mac-arm64.zip`,
      `${sha('exe')}  classcharts-tray-0.1.0-win-x64.exe`,
    ]);
  });

  it('the notes say which artefacts are signed, and list the downloads', () => {
    const statuses: SigningStatus[] = [
      { platform: 'mac', signed: false, notarized: false },
      { platform: 'win', signed: true, notarized: false },
      { platform: 'linux', signed: false, notarized: false },
    ];
    const sums = `${'a'.repeat(64)}  classcharts-tray-0.1.0-win-x64.exe\n`;
    const notes = releaseNotes({ version: '0.1.0', statuses, sums });
    const signed = notes.slice(notes.indexOf('Signed:'), notes.indexOf('Downloads:')).trim().split('\n');
    expect(signed).toEqual([
      'Signed:',
      expect.stringMatching(
        /^- macOS \(dmg and zip, Intel and Apple silicon\): NOT signed: macOS shows no notifications/,
      ),
      '- Windows (NSIS installer): signed (Authenticode)',
      '- Linux (AppImage and deb): not signed (Linux packages are not signed)',
    ]);
    expect(notes).toContain('- `classcharts-tray-0.1.0-win-x64.exe`');
    const macSigned = releaseNotes({
      version: '0.1.0',
      statuses: [{ platform: 'mac', signed: true, notarized: true }],
      sums: '',
    });
    expect(macSigned).toContain(
      'macOS (dmg and zip, Intel and Apple silicon): signed with a Developer ID and notarised',
    );
    expect(macSigned).toContain('Windows (NSIS installer): unknown (the build recorded no signing status)');
  });
});

describe('release.yml', () => {
  interface Job {
    needs?: string | string[];
    steps: { run?: string; env?: Record<string, string> }[];
  }
  const workflow = parse(readFileSync(join(root, '.github/workflows/release.yml'), 'utf8')) as {
    on: { push: { tags: string[] } };
    jobs: Record<string, Job>;
  };

  it('runs on v* tags: draft, then the three builds publishing to it, then the checksums', () => {
    expect(workflow.on.push.tags).toEqual(['v*']);
    expect(workflow.jobs.build?.needs).toBe('draft');
    expect(workflow.jobs.checksums?.needs).toBe('build');
    const runs = workflow.jobs.build!.steps.map((step) => step.run ?? '');
    const signing = runs.findIndex((r) => r.startsWith('npx tsx scripts/release.ts signing'));
    const builder = runs.findIndex((r) =>
      /electron-builder --\$\{\{ matrix.platform }} --publish always/.test(r),
    );
    expect(signing).toBeGreaterThanOrEqual(0);
    expect(builder).toBeGreaterThan(signing);
  });

  it('hands the signing step every secret docs/signing.md names, and electron-builder none directly', () => {
    const steps = workflow.jobs.build!.steps;
    const signing = steps.find((step) => step.run?.startsWith('npx tsx scripts/release.ts signing'));
    const doc = readFileSync(join(root, 'docs/signing.md'), 'utf8');
    for (const name of Object.keys(signing?.env ?? {})) expect(doc, name).toContain(`\`${name}\``);
    expect(Object.keys(signing?.env ?? {}).sort()).toEqual(
      [
        ...Object.keys(MAC_SECRETS),
        ...Object.keys(API_KEY),
        ...Object.keys(APPLE_ID),
        'WIN_CSC_LINK',
        'WIN_CSC_KEY_PASSWORD',
      ].sort(),
    );
    const builder = steps.find((step) => step.run?.includes('electron-builder'));
    expect(Object.keys(builder?.env ?? {})).toEqual(['GH_TOKEN']);
  });
});
