// Unread announcements: `state` is `"new"`, `"viewed"` or `null` (docs/classcharts-api.md §5.9;
// classcharts-api-js 2.12.3 src/types.ts `Announcement.state: string | null`; the recorded fixture
// test/support/fixtures/classcharts/announcements.json has `"viewed"`). Only `"new"` is unread.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClassChartsClient } from '../../../main/classcharts/client';
import { isUnread, mapAnnouncement } from '../../../main/classcharts/map';
import { announcementSchema, announcementsSchema } from '../../../main/classcharts/schemas';
import { silentLogger, systemClock } from '../../../main/ports';
import { type FakeClassCharts, startFakeClassCharts } from '../../../dev/fake-classcharts/index';

const here = dirname(fileURLToPath(import.meta.url));

describe('unread announcements', () => {
  it('the recorded announcement ("viewed") is read', () => {
    const body: unknown = JSON.parse(
      readFileSync(join(here, '../../support/fixtures/classcharts', 'announcements.json'), 'utf8'),
    );
    const [announcement] = announcementsSchema.parse(body).data.map(mapAnnouncement);
    expect(announcement?.unread).toBe(false);
  });

  it('"new" (any case) is unread; "viewed", null, absent and anything else are not', () => {
    expect(['new', ' NEW ', 'viewed', '', 'unread?'].map(isUnread)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(isUnread(null)).toBe(false);
    const unread = (state: unknown) => mapAnnouncement(announcementSchema.parse({ id: 1, state })).unread;
    expect([unread('new'), unread(null), unread(undefined), unread(7)]).toEqual([true, false, false, false]);
  });

  describe('against the fake', () => {
    let fake: FakeClassCharts;
    beforeAll(async () => {
      fake = await startFakeClassCharts({ today: '2026-06-17' });
    });
    afterAll(() => fake.close());

    it('each announcement is unread exactly when the service says "new"', async () => {
      const client = new ClassChartsClient({
        fetch,
        baseUrl: fake.url,
        clock: systemClock,
        logger: silentLogger,
      });
      await client.login({ kind: 'student', code: 'DEMO2026', dateOfBirth: '14/05/2012' });
      const items = await client.announcements();
      const stored = fake.dataset.pupils.find(
        (p) => p.pupil.id === fake.accounts.student.pupilId,
      )!.announcements;
      expect(items.map((a) => [a.id, a.unread])).toEqual(
        expect.arrayContaining(stored.map((a) => [a.id, a.state === 'new'])),
      );
      expect(items.filter((a) => a.unread).length).toBeGreaterThan(0);
      expect(items.filter((a) => !a.unread).length).toBeGreaterThan(0);
    });
  });
});
