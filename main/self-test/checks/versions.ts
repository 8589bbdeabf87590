/** The `versions` check of `--self-test`: which Electron, Chromium and Node, and which app build. */
import type { CheckResult } from '../report';

/** What {@link checkVersions} reads: `process.versions`, the app's version, `process.platform` and `arch`. */
export interface VersionFacts {
  versions: Partial<Record<'electron' | 'chrome' | 'node', string>>;
  appVersion: string;
  platform: string;
  arch: string;
}

/** Electron, Chromium and Node versions and the app's version/platform/arch; `warn` when not in Electron. */
export function checkVersions(facts: VersionFacts): CheckResult {
  const { electron, chrome, node } = facts.versions;
  const app = `app ${facts.appVersion} on ${facts.platform} ${facts.arch}`;
  if (!electron)
    return {
      status: 'warn',
      name: 'versions',
      detail: `not running in Electron (Node ${node ?? '?'}); ${app}`,
    };
  return {
    status: 'ok',
    name: 'versions',
    detail: `Electron ${electron}, Chromium ${chrome ?? '?'}, Node ${node ?? '?'}; ${app}`,
  };
}
