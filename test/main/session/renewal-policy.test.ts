// Whether a session is worth its next ping (issue 25 §4): keep it while the user looked lately, or while the
// pings to the next refresh cost no more than signing in again (most 2026 clients sign in when they need
// data: skid88, lilphil, C-HBZ, GingerGigiCat 71b86ba; docs/classcharts-api.md §2.5).
import { describe, expect, it } from 'vitest';
import { RECENTLY_SEEN_MS, worthKeepingAlive } from '../../../main/session/renewal-policy';

const NOW = Date.parse('2026-06-15T10:00:00+01:00');
const base = { now: NOW, renewEveryMs: 170_000, nextUseAt: null, lastSeenAt: null, reSignInCost: 1 };

describe('worthKeepingAlive', () => {
  it('keeps a session the user looked at within ten minutes', () => {
    expect(worthKeepingAlive({ ...base, lastSeenAt: NOW - RECENTLY_SEEN_MS + 1 })).toBe(true);
    expect(worthKeepingAlive({ ...base, lastSeenAt: NOW - RECENTLY_SEEN_MS })).toBe(false);
    expect(worthKeepingAlive({ ...base, lastSeenAt: NOW + 60_000 }), 'a clock that went back').toBe(false);
  });

  it('a pupil (one request to sign in): only when the next refresh is within one renewal', () => {
    expect(worthKeepingAlive({ ...base, nextUseAt: NOW + 170_000 })).toBe(true);
    expect(worthKeepingAlive({ ...base, nextUseAt: NOW + 170_001 })).toBe(false);
    expect(worthKeepingAlive({ ...base, nextUseAt: NOW + 15 * 60_000 })).toBe(false);
  });

  it('a parent (sign-in and its ping): within two renewals', () => {
    const parent = { ...base, reSignInCost: 2 };
    expect(worthKeepingAlive({ ...parent, nextUseAt: NOW + 340_000 })).toBe(true);
    expect(worthKeepingAlive({ ...parent, nextUseAt: NOW + 340_001 })).toBe(false);
  });

  it('nothing scheduled, or a damaged time: let it lapse', () => {
    expect(worthKeepingAlive(base)).toBe(false);
    expect(worthKeepingAlive({ ...base, nextUseAt: Number.NaN })).toBe(false);
  });
});
