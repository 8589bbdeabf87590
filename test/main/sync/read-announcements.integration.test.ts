// Announcements opened on this computer (issue 24 §3): ClassCharts cannot be told an announcement was read
// (its API is read-only, docs/classcharts-api.md), so the app remembers it and shows it read from then on —
// after a restart of a remembered sign-in too — and forgets it with the rest at sign-out.
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import {
  READ_ANNOUNCEMENTS_MAX,
  markAnnouncementRead,
  loadReadAnnouncements,
} from '../../../main/sync/read-announcements';
import { createMemoryStore } from '../../../main/adapters/memory-store';
import type { Harness } from '../../support/app-harness';
import { startHarness, studentLogin } from '../../support/app-harness';

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

/** The demo student signed in (not remembered), the first refresh and background kinds done. */
async function signedIn(): Promise<Harness> {
  const h = (harness = await startHarness());
  await h.app.start();
  await h.app.whenIdle();
  await h.app.handlers['auth:login'](studentLogin());
  await h.app.whenIdle();
  return h;
}

/** The unread announcements the popover would show now. */
async function unreadIds(h: Harness): Promise<number[]> {
  const records = await h.app.handlers['records:get']({ kind: 'announcements' });
  if (records.kind !== 'announcements') throw new Error('not announcements');
  return records.items.filter((a) => a.unread).map((a) => a.id);
}

describe('announcements read here', () => {
  it('show read once opened, after a restart too, and are forgotten at sign-out', async () => {
    const h = (harness = await startHarness());
    await h.app.start();
    await h.app.whenIdle();
    expect(await h.app.handlers['auth:login'](studentLogin(true))).toEqual({ ok: true });
    await h.app.whenIdle();
    const unread = await unreadIds(h);
    expect(unread.length, 'the fake has unread announcements').toBeGreaterThan(1);
    await h.app.handlers['announcement:read']({ announcementId: unread[0]! });
    expect(await unreadIds(h)).toEqual(unread.slice(1));

    // A restart with the same store and keychain: still read.
    const { store, vault } = h.ports;
    const fake = h.fake;
    onTestFinished(() => fake.close());
    await h.app.stop();
    harness = await startHarness({ clock: h.clock, fake, store, vault });
    await harness.app.start();
    await harness.app.whenIdle();
    expect(await unreadIds(harness)).toEqual(unread.slice(1));

    // Sign-out forgets it with the child's other data.
    await harness.app.handlers['auth:logout']();
    expect(loadReadAnnouncements(store)).toEqual({});
  });

  it('refuses a malformed request or a pupil not on the account', async () => {
    const h = await signedIn();
    await expect(h.app.handlers['announcement:read']({ announcementId: -1 })).rejects.toThrow();
    await expect(
      h.app.handlers['announcement:read']({ announcementId: 5, extra: true } as never),
    ).rejects.toThrow();
    await expect(h.app.handlers['announcement:read']({ announcementId: 5, pupilId: 999 })).rejects.toThrow(
      'That pupil is not on this account.',
    );
  });

  // Issue 30: a busy year's announcements (about 5 KB of HTML each) made every list 1 MB at 200; the list
  // now carries summaries and a body is asked for when one is opened.
  it('the list carries no bodies; announcement:get gives the body of a listed one', async () => {
    const h = await signedIn();
    const records = await h.app.handlers['records:get']({ kind: 'announcements' });
    if (records.kind !== 'announcements') throw new Error('not announcements');
    const raw = h.fake.dataset.pupils[0]!.announcements;
    const withBody = raw.find((a) => (a.description ?? '').trim() !== '')!;
    const listed = records.items.find((a) => a.id === withBody.id)!;
    expect(listed).not.toHaveProperty('descriptionHtml');
    expect(listed.hasBody).toBe(true);
    expect(JSON.stringify(records)).not.toContain(withBody.description!.slice(0, 40));
    const from = h.fake.requests.length;
    const body = await h.app.handlers['announcement:get']({ announcementId: withBody.id });
    expect(body).toEqual({ id: withBody.id, descriptionHtml: withBody.description });
    expect(h.paths(from)).toEqual([]); // from what main already holds
    await expect(h.app.handlers['announcement:get']({ announcementId: 123_456_789 })).rejects.toThrow(
      'That announcement is no longer listed. Refresh and try again.',
    );
    await expect(h.app.handlers['announcement:get']({ announcementId: -1 })).rejects.toThrow();
    await expect(
      h.app.handlers['announcement:get']({ announcementId: withBody.id, pupilId: 999 }),
    ).rejects.toThrow('That pupil is not on this account.');
  });

  it('keeps the newest ids per pupil, each once', () => {
    const store = createMemoryStore();
    for (let id = 1; id <= READ_ANNOUNCEMENTS_MAX + 2; id++) markAnnouncementRead(store, 7, id);
    markAnnouncementRead(store, 7, READ_ANNOUNCEMENTS_MAX + 2);
    const ids = loadReadAnnouncements(store)['7']!;
    expect(ids).toHaveLength(READ_ANNOUNCEMENTS_MAX);
    expect(ids[0]).toBe(3);
    expect(ids.at(-1)).toBe(READ_ANNOUNCEMENTS_MAX + 2);
  });
});
