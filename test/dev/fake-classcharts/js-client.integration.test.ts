// "Faithful": the published JS client `classcharts-api` (written by others against the real service) works
// against the fake UNCHANGED except for its host — globalThis.fetch is wrapped to send
// https://www.classcharts.com to the fake's loopback URL, and anything else is refused.
import { ParentClient, StudentClient } from 'classcharts-api';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../common/dates';
import { startFakeClassCharts, type FakeClassCharts } from '../../../dev/fake-classcharts/index';

const REAL_HOST = 'https://www.classcharts.com';
const TODAY = '2026-06-17';
const realFetch = globalThis.fetch;

/** Points fetch at `fake` for the real host; throws for any other host so no traffic leaves loopback. */
function routeTo(fake: FakeClassCharts): void {
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(`${REAL_HOST}/`)) throw new Error(`unexpected request to ${url}`);
    return realFetch(fake.url + url.slice(REAL_HOST.length), init);
  });
}

let fake: FakeClassCharts;
beforeAll(async () => {
  fake = await startFakeClassCharts({ today: TODAY });
});
afterAll(() => fake.close());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('classcharts-api StudentClient', () => {
  it('logs in (form login, two pings) and reads every kind of record', async () => {
    routeTo(fake);
    const client = new StudentClient(
      fake.accounts.student.code.toLowerCase(),
      fake.accounts.student.dateOfBirth,
    );
    await client.login();
    expect(client.studentId).toBe(fake.accounts.student.pupilId);

    const info = await client.getStudentInfo();
    expect(info.data.user.name).toBe('Amelia Hughes');

    const lessons = await client.getLessons({ date: '2026-06-16' });
    expect(lessons.data.length).toBeGreaterThan(0);
    expect(lessons.data.every((l) => l.start_time.endsWith('+01:00'))).toBe(true);

    const homeworks = await client.getHomeworks({
      displayDate: 'due_date',
      from: addDays(TODAY, -21),
      to: addDays(TODAY, 21),
    });
    expect(homeworks.data.length).toBeGreaterThan(10);
    expect(homeworks.meta.display_type).toBe('due_date');

    const page = await client.getActivity({});
    expect(page.data).toHaveLength(50);
    const from = addDays(TODAY, -70);
    // The JS client pages until an empty page and trusts `from`, which the service ignores (api-docs-legacy
    // source/index.html.md): it gets every point up to today, older ones too.
    const all = await client.getFullActivity({ from, to: TODAY });
    const expected = fake.dataset.pupils[0]?.activity.filter((p) => p.timestamp.slice(0, 10) <= TODAY) ?? [];
    expect(all).toHaveLength(expected.length);
    expect(all.some((p) => p.timestamp.slice(0, 10) < from)).toBe(true);
    expect(all.length).toBeGreaterThan(100);

    const behaviour = await client.getBehaviour({ from: addDays(TODAY, -28), to: TODAY });
    expect(behaviour.data.timeline.length).toBeGreaterThan(0);

    const badges = await client.getBadges();
    expect(badges.data.length).toBeGreaterThan(0);
    const announcements = await client.getAnnouncements();
    expect(announcements.data.some((a) => a.requires_consent === 'yes')).toBe(true);
    const detentions = await client.getDetentions();
    expect(detentions.data.some((d) => d.attended === 'pending')).toBe(true);
  });

  it('rejects a wrong date of birth the way it rejects the real service', async () => {
    routeTo(fake);
    const client = new StudentClient(fake.accounts.student.code, '01/01/2000');
    await expect(client.login()).rejects.toThrow(
      "Unauthenticated: ClassCharts didn't return authentication cookies",
    );
  });

  it('keeps working across its own renewal after three minutes', async () => {
    // The JS client keeps the token of its first login ping, which its second ping already rotated, until
    // it pings again after 3 minutes: the default grace window (= the TTL) must cover that.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(`${TODAY}T09:00:00Z`) });
    const patient = await startFakeClassCharts({ today: TODAY });
    try {
      routeTo(patient);
      const client = new StudentClient(patient.accounts.student.code, patient.accounts.student.dateOfBirth);
      await client.login();
      vi.setSystemTime(Date.now() + 170_000);
      expect((await client.getDetentions()).success).toBe(1);
      vi.setSystemTime(Date.now() + 10_000); // past its PING_INTERVAL (less 5 s): it renews first
      const before = patient.requests.length;
      expect((await client.getDetentions()).success).toBe(1);
      expect(patient.requests.slice(before).map((r) => r.path)).toEqual([
        '/apiv2student/ping',
        `/apiv2student/detentions/${patient.accounts.student.pupilId}`,
      ]);
    } finally {
      await patient.close();
    }
  });
});

describe('classcharts-api ParentClient', () => {
  it('logs in, lists both pupils and reads each one’s records', async () => {
    routeTo(fake);
    const client = new ParentClient(fake.accounts.parent.email, fake.accounts.parent.password);
    await client.login();
    const pupils = await client.getPupils();
    expect(pupils.map((p) => p.id)).toEqual(fake.accounts.parent.pupilIds);
    expect(client.studentId).toBe(pupils[0]?.id);

    const mine = await client.getLessons({ date: '2026-12-15' });
    expect(mine.data.every((l) => l.start_time.endsWith('+00:00'))).toBe(true);
    client.selectPupil(fake.accounts.parent.pupilIds[1] ?? 0);
    const sibling = await client.getLessons({ date: '2026-12-15' });
    expect(sibling.data.map((l) => l.lesson_name)).not.toEqual(mine.data.map((l) => l.lesson_name));

    expect((await client.getHomeworks()).data.length).toBeGreaterThan(0);
    expect((await client.getFullActivity({ from: addDays(TODAY, -60), to: TODAY })).length).toBeGreaterThan(
      0,
    );
    expect((await client.getBehaviour()).data.negative_reasons).toEqual([]);
    expect((await client.getBadges()).data.length).toBeGreaterThan(0);
    expect((await client.getAnnouncements()).data.length).toBeGreaterThan(0);
    expect((await client.getDetentions()).data).toEqual([]);

    // Its Cookie header is the raw Set-Cookie string, attributes and all (docs/classcharts-api.md §2.4).
    const cookie = fake.requests.at(-1)?.headers['cookie'] ?? '';
    expect(cookie).toContain('parent_session_credentials=');
    expect(cookie).toContain('Max-Age=');
  });

  it('rejects a wrong password', async () => {
    routeTo(fake);
    const client = new ParentClient(fake.accounts.parent.email, 'wrong');
    await expect(client.login()).rejects.toThrow('Unauthenticated');
  });
});
