// The counters of `/apiv2parent/pupils` (docs/classcharts-api.md §5.3) agree with each child's own records as
// the other endpoints serve them, and follow a change to those records, as the real service's do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeClassCharts, type FakeClassCharts } from '../../../dev/fake-classcharts/index';
import type { Json } from '../../../dev/fake-classcharts/shape';
import {
  arr,
  call,
  loginParent,
  loginStudent,
  obj,
  type TestSession,
} from '../../../dev/fake-classcharts/test-client';

let fake: FakeClassCharts;
let parent: TestSession;
beforeAll(async () => {
  fake = await startFakeClassCharts({ today: '2026-06-17' });
  parent = await loginParent(fake);
});
afterAll(() => fake.close());

const list = async (path: string, session = parent) =>
  arr(obj((await call(fake, path, session)).body)['data']).map(obj);
const countersOf = async (id: number) =>
  (await list('/apiv2parent/pupils')).find((p) => p['id'] === id) as Record<string, Json>;

describe('pupil counters', () => {
  it('each child’s counters are counted from the records the other endpoints serve', async () => {
    for (const id of fake.accounts.parent.pupilIds) {
      const counters = await countersOf(id);
      const homework = await list(`/apiv2parent/homeworks/${id}`);
      const status = (h: Record<string, Json>) => obj(h['status']);
      const toDo = homework.filter((h) => status(h)['ticked'] === 'no' && status(h)['state'] === null);
      expect(counters['homework_todo_count']).toBe(toDo.length);
      expect(counters['homework_late_count']).toBe(
        homework.filter((h) => status(h)['state'] === 'late').length,
      );
      const detentions = await list(`/apiv2parent/detentions/${id}`);
      expect(counters['detention_pending_count']).toBe(
        detentions.filter((d) => d['attended'] === 'pending').length,
      );
      const announcements = await list(`/apiv2parent/announcements/${id}`);
      expect(counters['announcements_count']).toBe(announcements.filter((a) => a['state'] === 'new').length);
    }
    // The demo data has something to count for the first child.
    const first = await countersOf(fake.accounts.parent.pupilIds[0]!);
    expect(first['homework_todo_count']).toBeGreaterThan(0);
    expect(first['detention_pending_count']).toBe(1);
  });

  it('follow the records: a homework ticked, an announcement read, a detention sat', async () => {
    const id = fake.accounts.parent.pupilIds[0]!;
    const data = fake.dataset.pupils.find((p) => p.pupil.id === id)!;
    const before = await countersOf(id);
    const open = data.homeworks.find((h) => h.status.ticked === 'no' && h.status.state === null)!;
    const unread = data.announcements.find((a) => a.state === 'new')!;
    const pending = data.detentions.find((d) => d.attended === 'pending')!;
    open.status.ticked = 'yes';
    unread.state = 'viewed';
    pending.attended = 'yes';
    const after = await countersOf(id);
    expect(after['homework_todo_count']).toBe(Number(before['homework_todo_count']) - 1);
    expect(after['announcements_count']).toBe(Number(before['announcements_count']) - 1);
    expect(after['detention_pending_count']).toBe(0);
    // A student's own /ping counts its announcements the same way.
    const student = await loginStudent(fake);
    const ping = await call(fake, '/apiv2student/ping', student);
    expect(obj(obj(obj(ping.body)['data'])['user'])['announcements_count']).toBe(
      after['announcements_count'],
    );
  });
});
