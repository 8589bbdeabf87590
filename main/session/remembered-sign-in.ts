/**
 * The remembered sign-in: credentials kept in the vault when the user chose "remember me", read back at
 * start-up (`restore`), and forgotten at sign-out or when the service refuses them. Stored as JSON of
 * {@link Credentials} under {@link CREDENTIALS_VAULT_KEY}; read back through a zod schema, and forgotten
 * when unreadable. The credentials never reach a log line. Used by ./keeper.ts and ./recovery.ts.
 */
import { z } from 'zod';
import type { Credentials } from '../classcharts/client';
import { KeychainLockedError, type Logger, type Vault } from '../ports';
import { errorText } from '../../common/errors';

/** The vault key holding the remembered credentials (JSON of {@link Credentials}). */
export const CREDENTIALS_VAULT_KEY = 'classcharts.credentials';

/**
 * What `restore()` found in the vault: `restored` (credentials read; a sign-in with them was started),
 * `none` (nothing remembered), `locked` (remembered, but the keychain will not open them yet; they are kept).
 */
export type RestoreOutcome = 'restored' | 'none' | 'locked';

/** Thrown by `signIn` when the credentials could not be kept in the vault as asked. */
export class KeychainError extends Error {
  readonly userMessage =
    'Your sign-in details could not be saved in the system keychain. Sign in without "remember me", or unlock your keychain and try again.';
  constructor(cause: unknown) {
    super('could not store credentials in the vault', { cause });
    this.name = 'KeychainError';
  }
}

const credentialsSchema: z.ZodType<Credentials> = z.discriminatedUnion('kind', [
  // `dateOfBirth` may be empty: a pupil whose school gave a code only (docs/classcharts-api.md §2.3).
  z.object({ kind: z.literal('student'), code: z.string().min(1), dateOfBirth: z.string() }),
  z.object({ kind: z.literal('parent'), email: z.string().min(1), password: z.string().min(1) }),
]);

/**
 * After a sign-in the user asked for: stores `credentials` in the vault when `remember` is true and the
 * vault is not `unavailable`, else deletes any stored ones. Resolves whether they are now remembered.
 * Throws {@link KeychainError} (the vault's error as its cause) when the vault failed.
 */
export async function rememberSignIn(
  vault: Vault,
  credentials: Credentials,
  remember: boolean,
): Promise<boolean> {
  try {
    if (remember && (await vault.status()) !== 'unavailable') {
      await vault.set(CREDENTIALS_VAULT_KEY, JSON.stringify(credentials));
      return true;
    }
    await vault.delete(CREDENTIALS_VAULT_KEY);
    return false;
  } catch (error) {
    throw new KeychainError(error);
  }
}

/**
 * The remembered credentials: `null` when none (or unreadable, or the vault failed: logged; unreadable ones
 * are deleted), `locked` when the keychain keeps them locked for now. Throws only when deleting unreadable
 * ones fails.
 */
export async function readRemembered(vault: Vault, logger: Logger): Promise<Credentials | null | 'locked'> {
  let text: string | null;
  try {
    text = await vault.get(CREDENTIALS_VAULT_KEY);
  } catch (error) {
    if (error instanceof KeychainLockedError) {
      logger.info('remembered credentials wait for the keychain to be unlocked');
      return 'locked';
    }
    logger.warn('could not read remembered credentials', { error: errorText(error) });
    return null;
  }
  if (text === null) return null;
  try {
    return credentialsSchema.parse(JSON.parse(text));
  } catch {
    logger.warn('remembered credentials were unreadable; forgetting them');
    await forgetRemembered(vault);
    return null;
  }
}

/** Deletes the remembered credentials from the vault; throws what the vault throws. */
export async function forgetRemembered(vault: Vault): Promise<void> {
  await vault.delete(CREDENTIALS_VAULT_KEY);
}

/**
 * What credentials tell of the account they sign in to: a parent's email (lower case, as the service
 * compares it, docs/classcharts-api.md §2.2); for a student only the kind — a school may change a pupil's
 * access code, so the pupil is known only once the service names it (`/ping`). Never logged or sent anywhere.
 */
export function accountKey(credentials: Credentials): string {
  return credentials.kind === 'student' ? 'student' : `parent:${credentials.email.trim().toLowerCase()}`;
}
