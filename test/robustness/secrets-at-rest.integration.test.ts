// Secrets at rest (issue 7): sign in through the app with "remember me", the file-backed store
// (main/adapters/json-file-store.ts) and the production vault (main/platform/vault.ts) on a test
// safeStorage that really encrypts (AES-256-GCM, node:crypto), both writing into a temp folder. Let it run
// an hour (renewals rotate the session token, refreshes and background kinds rewrite the cache), restart it
// from the files, then read every file it left: no access code, date of birth (either form), password or
// session token may appear — in plain text, JSON-escaped, base64, URL-encoded or hex, nor inside any
// base64 or URL-encoded run in the files. The email address is not a secret and is not searched for.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFolderStore,
  type FolderStore,
  REMEMBERED_DATA_FOLDER,
} from '../../main/adapters/folder-store';
import { createJsonFileStore } from '../../main/adapters/json-file-store';
import { type SafeStorageAsync, createSafeStorageVault } from '../../main/platform/vault';
import type { Store, Vault } from '../../main/ports';
import type { LoginRequest } from '../../common/contract';
import type { RecordedRequest } from '../../dev/fake-classcharts/index';
import { type Harness, startHarness } from '../support/app-harness';

/** A safeStorage whose ciphertext is AES-256-GCM under a random test key: `iv (12) | tag (16) | data`. */
function aesGcmSafeStorage(): SafeStorageAsync {
  const key = randomBytes(32);
  return {
    isAsyncEncryptionAvailable: async () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    async encryptStringAsync(plainText) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]);
    },
    async decryptStringAsync(encrypted) {
      const decipher = createDecipheriv('aes-256-gcm', key, encrypted.subarray(0, 12));
      decipher.setAuthTag(encrypted.subarray(12, 28));
      const result = Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString(
        'utf8',
      );
      return { result, shouldReEncrypt: false };
    },
  };
}

/** Every file under `dir`, recursively (temp files and moved-aside copies included). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The texts a secret could hide in, for one file: the file as UTF-8 and Latin-1, with JSON escapes
 * undone, URL-decoded, and every base64 run in it decoded.
 */
function readings(bytes: Buffer): string[] {
  const utf8 = bytes.toString('utf8');
  const texts = [utf8, bytes.toString('latin1'), utf8.replace(/\\\//g, '/')];
  try {
    texts.push(decodeURIComponent(utf8));
  } catch {
    texts.push(
      utf8.replace(/%[0-9a-f]{2}/gi, (escape) => String.fromCharCode(Number.parseInt(escape.slice(1), 16))),
    );
  }
  for (const run of utf8.match(/[A-Za-z0-9+/_-]{12,}={0,2}/g) ?? [])
    texts.push(
      Buffer.from(run, run.includes('-') || run.includes('_') ? 'base64url' : 'base64').toString('latin1'),
    );
  return texts;
}

/** The ways a secret could be written: as is, JSON-escaped, base64 (both alphabets), URL-encoded, hex. */
function spellings(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  return [
    secret,
    secret.replace(/\//g, '\\/'),
    bytes.toString('base64').replace(/=+$/, ''),
    bytes.toString('base64url'),
    encodeURIComponent(secret),
    bytes.toString('hex'),
  ];
}

/** Where any secret shows in the files: `file: label (spelling)`, or none. Case-insensitive. */
function leaks(files: string[], secrets: Record<string, string>): string[] {
  const found: string[] = [];
  for (const file of files) {
    const texts = readings(readFileSync(file)).map((text) => text.toLowerCase());
    for (const [label, secret] of Object.entries(secrets))
      for (const spelling of spellings(secret))
        if (texts.some((text) => text.includes(spelling.toLowerCase())))
          found.push(`${file}: ${label} (${spelling})`);
  }
  return found;
}

/** Session tokens and session cookies the app sent, from the fake's request log: what the service issued. */
function sessionSecrets(requests: readonly RecordedRequest[]): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const request of requests) {
    const token = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (token) secrets[`session token ${token.slice(0, 4)}…`] = token;
    for (const pair of (request.headers.cookie ?? '').split(/;\s*/)) {
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (name === 'cc-session' && value) secrets[`cc-session cookie ${value.slice(0, 4)}…`] = value;
    }
  }
  return secrets;
}

const ACCOUNTS: {
  kind: 'student' | 'parent';
  login: LoginRequest;
  secrets: Record<string, string>;
  /** Something the cache must hold, to show the scan reads what the app wrote. */
  cached: string;
}[] = [
  {
    kind: 'student',
    login: { kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012', remember: true },
    secrets: {
      'access code': 'DEMO2026',
      'date of birth': '14/05/2012',
      'date of birth (ISO)': '2012-05-14',
    },
    cached: 'Amelia',
  },
  {
    kind: 'parent',
    login: { kind: 'parent', email: 'parent@example.com', password: 'demo-parent', remember: true },
    secrets: { password: 'demo-parent' },
    cached: 'Oliver',
  },
];

let dir: string | null = null;
const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0).reverse()) await h.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/**
 * The app's persistent ports in `folder`: the settings file, the remembered data's folder (a file per
 * piece, as in the app), and the vault's ciphertext in a file of its own.
 */
function filePorts(
  folder: string,
  safeStorage: SafeStorageAsync,
): { store: Store; cache: FolderStore; vault: Vault } {
  return {
    store: createJsonFileStore(join(folder, 'config.json')),
    cache: createFolderStore(join(folder, REMEMBERED_DATA_FOLDER)),
    vault: createSafeStorageVault({
      safeStorage,
      store: createJsonFileStore(join(folder, 'vault.json')),
      platform: 'linux',
    }),
  };
}

describe('secrets at rest', () => {
  it('the scan finds a token in every spelling it claims to, and nothing where there is none', () => {
    const folder = (dir = mkdtempSync(join(tmpdir(), 'cc-secrets-')));
    const token = 'abc123def456ghi789jkl012mno345pq';
    const planted = [
      ...spellings(token).map((spelling) => JSON.stringify({ note: `x${spelling}y` })),
      JSON.stringify({ wrapped: Buffer.from(JSON.stringify({ session_id: token })).toString('base64') }),
      JSON.stringify({ cookie: encodeURIComponent(JSON.stringify({ session_id: token })) }),
    ];
    planted.forEach((body, i) => writeFileSync(join(folder, `planted-${i}.json`), body));
    writeFileSync(join(folder, 'clean.json'), JSON.stringify({ note: 'abc123 def456', other: 'YWJjMTIz' }));
    const found = new Set(
      leaks(filesUnder(folder), { token }).map((line) => line.slice(0, line.indexOf(': '))),
    );
    expect(found.size).toBe(planted.length);
    expect([...found].some((file) => file.endsWith('clean.json'))).toBe(false);
  });

  it.each(ACCOUNTS.map((account) => [account.kind, account] as const))(
    '%s, remembered: after an hour and a restart, no secret in any file',
    async (_kind, account) => {
      const folder = (dir = mkdtempSync(join(tmpdir(), 'cc-secrets-')));
      const safeStorage = aesGcmSafeStorage();
      const ports = filePorts(folder, safeStorage);
      const h = await startHarness(ports);
      harnesses.push(h);
      await h.app.start();
      await h.app.whenIdle();
      expect(await h.app.handlers['auth:login'](account.login)).toEqual({ ok: true });
      await h.app.whenIdle();

      // An hour of use, the popover opened every 3 min (which keeps a remembered session alive): a renewal
      // (new token) every 170 s, refreshes every 15 min and on opening, background kinds.
      for (let minute = 3; minute <= 60; minute += 3) {
        h.app.userReturned();
        const renewed = h.until((e) => e.type === 'renewal' || e.type === 're-login');
        await h.clock.advance(180_000);
        expect(await renewed).toMatchObject({ ok: true });
        await h.app.whenIdle();
      }
      await h.app.stop();
      await ports.cache.flush();

      // A restart from the files: remembered credentials from the vault, the cache from the store.
      const againPorts = filePorts(folder, safeStorage);
      const again = await startHarness({ ...againPorts, fake: h.fake, clock: h.clock });
      harnesses.push(again);
      await again.app.start();
      await again.app.whenIdle();
      expect(again.app.state()).toMatchObject({ auth: 'signed-in', freshness: { stale: false } });
      await againPorts.cache.flush();

      const files = filesUnder(folder);
      const text = files.map((file) => readFileSync(file, 'utf8')).join('\n');
      expect(text).toContain(account.cached); // the cache was written…
      expect(text).toContain('secret:classcharts.credentials'); // …and the vault's ciphertext

      const tokens = sessionSecrets(h.fake.requests);
      expect(Object.keys(tokens).length).toBeGreaterThan(20); // every renewal issued a new one
      expect(leaks(files, { ...account.secrets, ...tokens })).toEqual([]);
    },
  );
});
