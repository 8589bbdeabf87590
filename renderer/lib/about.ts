/**
 * What Settings' About line says about the app itself, read from package.json at build time (only these
 * two fields are bundled): its licence and where its source code is.
 */
import { license, repository } from '../../package.json';

/** The app's licence, as package.json's `license` names it (an SPDX identifier, e.g. `MIT`). */
export const LICENCE: string = license;

/**
 * The web address of a package.json `repository`: npm's shorthand `github:owner/name` (or a bare
 * `owner/name`, which npm reads as GitHub too) becomes `https://github.com/owner/name`; a full http(s)
 * address is kept, without a `git+` prefix or a `.git` ending.
 */
export function sourceAddress(repository: string): string {
  const shorthand = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(repository);
  if (shorthand) return `https://github.com/${shorthand[1]}`;
  return repository.replace(/^git\+/, '').replace(/\.git$/, '');
}

/** Where the app's source code is, opened in the browser from Settings. */
export const SOURCE_URL: string = sourceAddress(repository);
