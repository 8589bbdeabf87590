// Cookie handling: the login's cookies are kept and sent back, whether the fetch keeps Set-Cookie headers
// apart (Node: getSetCookie()) or joins them into one string (Electron net.fetch). docs/classcharts-api.md
// §2.1, §2.4.
import { describe, expect, it } from 'vitest';
import { CookieJar, setCookieLines } from '../../../main/classcharts/cookies';

const credentials = (id: string, name = 'student_session_credentials') =>
  `${name}=${encodeURIComponent(JSON.stringify({ remember_me: true, session_id: id }))}; expires=Tue, 28-Nov-2023 10:28:45 GMT; Max-Age=7776000; path=/`;
const NOW = Date.parse('2026-06-15T08:00:00Z');

describe('setCookieLines', () => {
  it('reads several Set-Cookie headers separately', () => {
    const headers = new Headers();
    headers.append('Set-Cookie', credentials('abc123'));
    headers.append('Set-Cookie', 'cc-session=opaque42; path=/; HttpOnly');
    expect(setCookieLines(headers)).toHaveLength(2);
  });

  it('splits one joined string (net.fetch) without breaking on the comma inside Expires', () => {
    const joined = [credentials('abc123'), 'cc-session=opaque42; path=/; HttpOnly'].join(', ');
    const headers = {
      getSetCookie: () => [],
      get: (name: string) => (name === 'set-cookie' ? joined : null),
    };
    const lines = setCookieLines(headers as unknown as Headers);
    expect(lines).toEqual([credentials('abc123'), 'cc-session=opaque42; path=/; HttpOnly']);
  });

  it('splits a joined string that getSetCookie() hands back as one entry', () => {
    const headers = new Headers();
    headers.set('set-cookie', [credentials('abc123'), 'cc-session=opaque42; path=/'].join(', '));
    expect(headers.getSetCookie()).toHaveLength(1);
    expect(setCookieLines(headers)).toEqual([credentials('abc123'), 'cc-session=opaque42; path=/']);
  });

  it('reads a joined string when the headers object has no getSetCookie at all', () => {
    const headers = { get: () => 'a=1; path=/, b=2' };
    expect(setCookieLines(headers as unknown as Headers)).toEqual(['a=1; path=/', 'b=2']);
  });
});

describe('CookieJar', () => {
  it('finds the token in the student or the parent credentials cookie, whatever the cookie order', () => {
    for (const name of ['student_session_credentials', 'parent_session_credentials']) {
      const jar = new CookieJar();
      jar.store(['cc-session=first', credentials('tok-9', name), 'other=x'], NOW);
      expect(jar.sessionToken()).toBe('tok-9');
    }
  });

  it('sends every cookie back with its value still percent-encoded, and no attributes', () => {
    const jar = new CookieJar();
    jar.store([credentials('abc123'), 'cc-session=opaque42; path=/; HttpOnly'], NOW);
    const header = jar.header(NOW);
    expect(header).toBe(
      `student_session_credentials=${encodeURIComponent('{"remember_me":true,"session_id":"abc123"}')}; cc-session=opaque42`,
    );
    expect(header).not.toMatch(/path=|HttpOnly|expires/i);
  });

  it('replaces a cookie set again, drops one set with Max-Age=0, and stops sending expired ones', () => {
    const jar = new CookieJar();
    jar.store(['cc-session=one', 'short=lived; Max-Age=60', 'gone=soon'], NOW);
    jar.store(['cc-session=two', 'gone=; Max-Age=0'], NOW);
    expect(jar.header(NOW)).toBe('cc-session=two; short=lived');
    expect(jar.header(NOW + 61_000)).toBe('cc-session=two');
  });

  it('has no token without a credentials cookie or with an unreadable one', () => {
    const jar = new CookieJar();
    jar.store(['cc-session=x', 'student_session_credentials=not-json'], NOW);
    expect(jar.sessionToken()).toBeNull();
    jar.clear();
    expect(jar.header(NOW)).toBeNull();
  });
});
