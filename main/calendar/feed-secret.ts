/**
 * The secret in the calendar feed's URL (issue 28 §2: "random per install and can be renewed") and the
 * port it is served on (kept across restarts in the store: a port is no secret), through the app's ports.
 */
import { randomBytes } from 'node:crypto';
import type { Store, Vault } from '../ports';

/** The vault key of the URL's secret. */
export const FEED_SECRET_KEY = 'calendar.secret';
/** The store key of the port the feed was last served on. */
export const FEED_PORT_KEY = 'calendar.port';

/** A new secret: 32 random bytes as base64url (43 characters, safe in a URL path as they are). */
export function newFeedSecret(): string {
  return randomBytes(32).toString('base64url');
}

const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The URL's secret, kept for this install in the vault when it reports `available` (an OS keychain protects
 * it: main/platform/vault.ts). It stays across sign-outs (the URL is the install's, as calendar apps
 * subscribe to it once), until renewed. Without a keychain (`basic-text`, `unavailable`) it is never
 * written anywhere (secrets never touch disk unencrypted): it lives for this run only, {@link kept} is
 * false, and the address changes at each start.
 *
 * A secret kept in the vault that the keychain will not open yet (locked at login) makes {@link get}
 * reject with the vault's KeychainLockedError: the URL waits for it rather than changing.
 */
export class FeedSecret {
  private value: string | null = null;
  /** The secret now is in the keychain (it survives a restart). */
  kept = false;

  constructor(private readonly vault: Vault) {}

  /** The secret, read once from the vault, or made (and kept where there is a keychain) on first use. */
  async get(): Promise<string> {
    if (this.value !== null) return this.value;
    const inVault = (await this.vault.status()) === 'available';
    const fromVault = inVault ? await this.vault.get(FEED_SECRET_KEY) : null;
    if (fromVault === null || !SECRET_SHAPE.test(fromVault)) return this.renew();
    this.value = fromVault;
    this.kept = true;
    return fromVault;
  }

  /** Makes a new secret and keeps it if it can; the old one stops matching at once. Resolves with it. */
  async renew(): Promise<string> {
    const secret = newFeedSecret();
    this.value = secret;
    this.kept =
      (await this.vault.status()) === 'available' &&
      (await this.vault.set(FEED_SECRET_KEY, secret).then(
        () => true,
        () => false,
      ));
    // Not kept: an older secret left in the vault must not come back at the next start.
    if (!this.kept) await this.vault.delete(FEED_SECRET_KEY).catch(() => undefined);
    return secret;
  }
}

/** The port kept from the last run, or `null` (none yet, or not a valid port). */
export function keptFeedPort(store: Store): number | null {
  const port = store.get<unknown>(FEED_PORT_KEY);
  return typeof port === 'number' && Number.isInteger(port) && port >= 1024 && port <= 65535 ? port : null;
}

/** Keeps `port` for the next run. */
export function keepFeedPort(store: Store, port: number): void {
  store.set(FEED_PORT_KEY, port);
}
