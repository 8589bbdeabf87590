/**
 * The client's cookie jar: the cookies the login set (`*_session_credentials`, `cc-session`, …), sent back
 * as a `Cookie` header on every request (docs/classcharts-api.md §2.1, §2.4,
 * §2.7: required since April 2026). Parsing uses set-cookie-parser, never a hand-written split.
 *
 * Two ways a fetch exposes `Set-Cookie`:
 * - Node/undici: one header per cookie, read with `headers.getSetCookie()`;
 * - a fetch that joins them (Electron's `net.fetch` does) into one string with `", "`
 *   (`headers.get('set-cookie')`), which `splitCookiesString` splits without breaking on the comma inside
 *   `Expires=Tue, 28-Nov-2023 …`. The app's own fetch (main/platform/net-fetch.ts) keeps them apart, but
 *   the client does not rely on it.
 */
import { parseSetCookie, splitCookiesString } from 'set-cookie-parser';

/** A cookie as stored: the raw (still percent-encoded) value, and when it expires (epoch ms) if it does. */
interface StoredCookie {
  value: string;
  expiresAt: number | null;
}

/**
 * Every `Set-Cookie` line of a response, whether the fetch keeps them apart (`getSetCookie()`) or joins
 * them into one string (`get('set-cookie')`, as Electron's `net.fetch` does; its `getSetCookie()` then
 * returns that one joined string, which is split as well).
 */
export function setCookieLines(headers: Headers): string[] {
  const separate = typeof headers.getSetCookie === 'function' ? headers.getSetCookie() : [];
  // A Headers object built from a joined string hands that string back as its one "line": split it too.
  if (separate.length > 0) return separate.flatMap((line) => splitCookiesString(line));
  const joined = headers.get('set-cookie');
  return joined ? splitCookiesString(joined) : [];
}

/** Cookies by name, kept from responses and sent back on requests. Names are case-sensitive. */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  /**
   * Stores the cookies of `Set-Cookie` lines; a cookie with `Max-Age<=0` or an `Expires` in the past
   * (relative to `now`, epoch ms) is removed instead.
   */
  store(lines: readonly string[], now: number): void {
    for (const cookie of parseSetCookie([...lines], { decodeValues: false, split: false })) {
      if (!cookie.name) continue;
      const expiresAt =
        cookie.maxAge !== undefined ? now + cookie.maxAge * 1000 : (cookie.expires?.getTime() ?? null);
      if (expiresAt !== null && expiresAt <= now) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, { value: cookie.value, expiresAt });
    }
  }

  /** The `Cookie` header value (`a=1; b=2`) of the cookies still valid at `now`, or `null` if none. */
  header(now: number): string | null {
    const pairs: string[] = [];
    for (const [name, cookie] of this.cookies) {
      if (cookie.expiresAt !== null && cookie.expiresAt <= now) continue;
      pairs.push(`${name}=${cookie.value}`);
    }
    return pairs.length > 0 ? pairs.join('; ') : null;
  }

  /**
   * The session token from a `*_session_credentials` cookie (student or parent name): its value is
   * percent-encoded JSON `{"remember_me":…,"session_id":"<token>"}` (docs/classcharts-api.md §2.1). `null` if
   * absent or unreadable.
   */
  sessionToken(): string | null {
    for (const [name, cookie] of this.cookies) {
      if (!name.endsWith('_session_credentials')) continue;
      const token = readCredentialsCookie(cookie.value);
      if (token !== null) return token;
    }
    return null;
  }

  /** The names of the stored cookies (for logs: names only, never values). */
  names(): string[] {
    return [...this.cookies.keys()];
  }

  /** Forgets every cookie. */
  clear(): void {
    this.cookies.clear();
  }
}

/** `session_id` from a credentials cookie value (percent-encoded JSON, or already decoded), else `null`. */
function readCredentialsCookie(raw: string): string | null {
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded: try the raw value.
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'session_id' in parsed) {
      const id = (parsed as { session_id: unknown }).session_id;
      if (typeof id === 'string' && id.trim() !== '') return id.trim();
    }
  } catch {
    // Not JSON: no token here.
  }
  return null;
}
