// Where a remembered sign-in's data lives (issue 30): apart from the settings, in pieces per pupil and kind
// (main/adapters/folder-store.ts, main/sync/known-data.ts), each written when it changed; and the move out
// of the settings file that versions before kept it in, with the notification ledger, so nothing repeats.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { createFolderStore } from '../../../main/adapters/folder-store';
import { createJsonFileStore } from '../../../main/adapters/json-file-store';
import { createMemoryStore } from '../../../main/adapters/memory-store';
import { createMemoryVault } from '../../../main/adapters/memory-vault';
import { LEDGER_STORE_KEY, openLedger } from '../../../main/notify/ledger';
import { KNOWN_DATA_STORE_KEY, loadKnownData } from '../../../main/sync/known-data';
import { tempFolder } from '../../support/temp-folders';
import { setFreshEssay, startHarness, studentLogin, type Harness } from '../../support/app-harness';

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

/** The demo parent (two pupils), remembered, with the settings in one JSON file and the data in a folder. */
async function rememberedParent() {
  const root = tempFolder('remembered-data-');
  const settingsFile = join(root, 'classcharts-tray.json');
  const folder = join(root, 'remembered-data');
  const cache = createFolderStore(folder);
  const h = (harness = await startHarness({ store: createJsonFileStore(settingsFile), cache }));
  await h.app.start();
  await h.app.whenIdle();
  const login = { kind: 'parent', email: 'parent@example.com', password: 'demo-parent', remember: true };
  expect(await h.app.handlers['auth:login'](login as never)).toEqual({ ok: true });
  await h.app.whenIdle();
  await cache.flush();
  return { h, settingsFile, folder, cache };
}

/** Per file, its inode and modification time: a file rewritten (a new file renamed over it) changes both or one. */
const inodes = (folder: string) =>
  Object.fromEntries(
    readdirSync(folder).map((name) => {
      const stat = statSync(join(folder, name), { bigint: true });
      return [name, `${stat.ino}:${stat.mtimeNs}`];
    }),
  );

describe('remembered data, apart from the settings', () => {
  it('the settings file holds the settings only: reading a setting never parses the cached data', async () => {
    const { h, settingsFile, folder } = await rememberedParent();
    await h.app.handlers['settings:update']({ refreshIntervalMinutes: 30 });
    const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(settings).sort()).toEqual(['settings', 'settings.defaultsFor']);
    expect(statSync(settingsFile).size).toBeLessThan(2_000);
    const [first, second] = h.app.state().pupils;
    // Per pupil: the day, homework and each background kind in a file of its own.
    expect(readdirSync(folder).sort()).toEqual(
      [
        'cache.account.json',
        ...[first!.id, second!.id].flatMap((id) =>
          ['', '.activity', '.announcements', '.badges', '.detentions', '.homework'].map(
            (part) => `cache.pupil.${id}${part}.json`,
          ),
        ),
        'notify.ledger.json',
      ].sort(),
    );
  });

  it('a refresh rewrites what changed: the times and a list with new items, not the background kinds', async () => {
    const { h, folder, cache } = await rememberedParent();
    const before = inodes(folder);
    const [first, second] = h.app.state().pupils;
    const pupil = h.fake.dataset.pupils.find((p) => p.pupil.id === first!.id)!;
    pupil.homeworks.push({ ...pupil.homeworks[0]!, id: 9_999_002, title: 'New worksheet' });
    await h.clock.advance(10 * 60_000); // the lists fetched again are ten minutes newer
    await h.app.handlers['sync:refresh']();
    await h.app.whenIdle();
    await cache.flush();
    const after = inodes(folder);
    const rewritten = Object.keys(after)
      .filter((name) => after[name] !== before[name])
      .sort();
    expect(rewritten).toEqual(
      expect.arrayContaining([
        'cache.account.json', // updatedAt
        `cache.pupil.${first!.id}.homework.json`, // a new homework
        `cache.pupil.${first!.id}.json`, // when each list was fetched
        `cache.pupil.${second!.id}.json`,
      ]),
    );
    // The background kinds were not fetched again. (A homework list with files changes at every fetch:
    // its signed links carry a new Expires, dev/fake-classcharts/attachments.ts.)
    expect(
      rewritten.filter((name) => /\.(activity|announcements|badges|detentions)\.json$/.test(name)),
    ).toEqual([]);
  });

  it('a background kind fetched again unchanged is not written again (the hourly announcements)', async () => {
    const { h, folder, cache } = await rememberedParent();
    const before = inodes(folder);
    await h.clock.advance(61 * 60_000); // past the hourly background fetch
    await h.app.whenIdle();
    await cache.flush();
    const announcements = h.fake.requests.filter((r) => r.path.includes('/announcements'));
    expect(announcements.length, 'fetched again').toBeGreaterThan(2);
    const after = inodes(folder);
    const id = h.app.state().pupils[0]!.id;
    expect(after[`cache.pupil.${id}.announcements.json`]).toBe(
      before[`cache.pupil.${id}.announcements.json`],
    );
    expect(after[`cache.pupil.${id}.json`]).not.toBe(before[`cache.pupil.${id}.json`]); // its new time
  });

  it('an upgrade moves the cache and the ledger out of the settings file; nothing is notified again', async () => {
    // The first run, as the version before kept it: everything in the one settings store.
    const vault = createMemoryVault();
    const old = createMemoryStore();
    const first = (harness = await startHarness({ store: old, vault }));
    await first.app.start();
    await first.app.whenIdle();
    await first.app.handlers['auth:login'](studentLogin(true));
    await first.app.whenIdle();
    const { notificationId } = setFreshEssay(first);
    await first.app.handlers['sync:refresh']();
    expect(first.ports.notifier.shown.map((n) => n.id)).toEqual([notificationId]);
    const known = loadKnownData(old)!;
    const fake = first.fake;
    onTestFinished(() => fake.close());
    await first.app.stop();
    // The settings file of the version before: the cache as one value (version 1, taken before the new
    // homework, so only the ledger knows it was told), the ledger beside it.
    const legacy = createMemoryStore({
      settings: old.get('settings'),
      [KNOWN_DATA_STORE_KEY]: {
        version: 1,
        data: {
          ...known,
          pupils: known.pupils.map((p) => ({
            ...p,
            homework: p.homework && {
              ...p.homework,
              items: p.homework.items.filter((i) => i.id !== 9_999_001),
            },
          })),
        },
      },
      [LEDGER_STORE_KEY]: old.get(LEDGER_STORE_KEY),
    });

    const folder = join(tempFolder('remembered-data-'), 'remembered-data');
    const cache = createFolderStore(folder);
    const second = (harness = await startHarness({ store: legacy, cache, vault, fake, clock: first.clock }));
    fake.faults.inject({ path: '/student/login', kind: 'hang' });
    await second.app.start();
    expect(second.app.state().today?.lessons.length, 'the cached day shows at once').toBeGreaterThan(0);
    expect(legacy.get(KNOWN_DATA_STORE_KEY)).toBeUndefined();
    expect(legacy.get(LEDGER_STORE_KEY)).toBeUndefined();
    expect(createFolderStore(folder).get('cache.account')).toBeDefined(); // on disk before the keys went
    fake.faults.clear();
    await second.app.whenIdle();
    expect(second.app.state().freshness.stale).toBe(false);
    expect(second.ports.notifier.shown).toEqual([]); // the ledger moved: "Fresh essay" is not told again
    expect(openLedger(cache).has(notificationId)).toBe(true);
  });
});
