// Attachments as the real service serves them: homework files are GCS V2 signed links that expire about a
// day after the list was read (GingerGigiCat/ClassChartsAndroid@27ba119819 RequestMaker.kt:399), and
// announcement files need the session (funfairlabs-incubator/classcharts-orc@93b7b34515
// poller/src/archive.ts:69-77). Opening a stored link later in a browser (the old behaviour) fails.
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNED_URL_LIFETIME_S } from '../../../dev/fake-classcharts/attachments';
import { startFakeClassCharts, type FakeClassCharts } from '../../../dev/fake-classcharts/index';
import {
  arr,
  call,
  loginParent,
  loginStudent,
  obj,
  type TestSession,
} from '../../../dev/fake-classcharts/test-client';

let fake: FakeClassCharts | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const START = Date.parse('2026-06-15T07:30:00+01:00');

/** A fake on a clock the test moves, and the demo student signed in. */
async function start(): Promise<{ f: FakeClassCharts; s: TestSession; clock: { now: number } }> {
  const clock = { now: START };
  fake = await startFakeClassCharts({ clock: () => clock.now, sessionTtlSeconds: 10 * 86_400 });
  return { f: fake, s: await loginStudent(fake), clock };
}

/** The first teacher's file link of the student's homework list, as served now. */
async function homeworkFileUrl(f: FakeClassCharts, s: TestSession): Promise<string> {
  const answer = await call(f, '/apiv2student/homeworks', s);
  for (const homework of arr(obj(answer.body)['data']))
    for (const file of arr(obj(homework)['validated_attachments']))
      return String(obj(file)['validated_file']);
  throw new Error('no homework file in the demo data');
}

/** The demo student's announcement file link, as served now. */
async function announcementFileUrl(
  f: FakeClassCharts,
  s: TestSession,
  path = '/apiv2student/announcements',
): Promise<string> {
  const answer = await call(f, path, s);
  for (const announcement of arr(obj(answer.body)['data']))
    for (const file of arr(obj(announcement)['attachments'])) return String(obj(file)['url']);
  throw new Error('no announcement file in the demo data');
}

describe('homework files: signed links that expire', () => {
  it('are signed for about a day from when the list was read, on the storage host path', async () => {
    const { f, s } = await start();
    const url = new URL(await homeworkFileUrl(f, s));
    expect(url.pathname).toMatch(/^\/storage\/attachments\.classcharts\.com\/h\/\d+\//);
    expect(url.searchParams.get('GoogleAccessId')).toMatch(/@classcharts\.iam\.gserviceaccount\.com$/);
    expect(Number(url.searchParams.get('Expires'))).toBe(START / 1000 + SIGNED_URL_LIFETIME_S);
    expect(url.searchParams.get('Signature')).not.toBe('');
  });

  it('answer the file to anyone while valid, no session needed', async () => {
    const { f, s } = await start();
    const response = await fetch(await homeworkFileUrl(f, s));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(await response.text()).toMatch(/^%PDF-/);
  });

  it('a link kept and opened a day later (the old behaviour) answers 400 ExpiredToken', async () => {
    const { f, s, clock } = await start();
    const kept = await homeworkFileUrl(f, s);
    clock.now += (SIGNED_URL_LIFETIME_S + 60) * 1000;
    const response = await fetch(kept);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const body = await response.text();
    expect(body).toContain('<Code>ExpiredToken</Code>');
    expect(body).toContain('The provided token has expired.');
    // Reading the list again gives a link that works.
    expect((await fetch(await homeworkFileUrl(f, s))).status).toBe(200);
  });

  it('a changed signature or expiry answers 403 SignatureDoesNotMatch; an unknown object 404 NoSuchKey', async () => {
    const { f, s } = await start();
    const url = new URL(await homeworkFileUrl(f, s));
    const longer = new URL(url);
    longer.searchParams.set('Expires', String(Number(url.searchParams.get('Expires')) + 86_400));
    const forged = await fetch(longer);
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const other = new URL(url);
    other.pathname = url.pathname.replace(/\/[^/]+$/, '/missing.pdf');
    expect((await fetch(other)).status).toBe(403); // signed for another object
  });
});

describe('announcement files: need the session', () => {
  it('answer the file with the session token', async () => {
    const { f, s } = await start();
    const url = await announcementFileUrl(f, s);
    expect(url.startsWith(`${f.url}/announcement-files/`)).toBe(true);
    const response = await fetch(url, { headers: { authorization: `Basic ${s.token}`, cookie: s.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('Science Museum trip letter.pdf');
    expect(await response.text()).toMatch(/^%PDF-/);
  });

  it('a parent session may read its pupil\u2019s file', async () => {
    const { f } = await start();
    const parent = await loginParent(f);
    const pupilId = f.accounts.parent.pupilIds[0]!;
    const url = await announcementFileUrl(f, parent, `/apiv2parent/announcements/${pupilId}`);
    const response = await fetch(url, { headers: { authorization: `Basic ${parent.token}` } });
    expect(response.status).toBe(200);
  });

  it('without a session (a browser opening the link) redirect to the sign-in page, which is HTML', async () => {
    const { f, s } = await start();
    const url = await announcementFileUrl(f, s);
    const bare = await fetch(url, { redirect: 'manual' });
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe('/student/login');
    const followed = await fetch(url);
    expect(followed.headers.get('content-type')).toMatch(/^text\/html/);
    f.expireSessions();
    const expired = await fetch(url, { headers: { authorization: `Basic ${s.token}` }, redirect: 'manual' });
    expect(expired.status).toBe(302);
  });

  it('another account\u2019s file, or one not there, is a 404 page', async () => {
    const { f, s } = await start();
    const url = new URL(await announcementFileUrl(f, s));
    url.pathname = url.pathname.replace(/\/\d+\/(\d+)\//, '/999999/$1/');
    const response = await fetch(url, { headers: { authorization: `Basic ${s.token}` } });
    expect(response.status).toBe(404);
  });
});
