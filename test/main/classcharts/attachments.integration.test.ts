// ClassChartsClient.downloadAttachment against the fake over loopback HTTP, whose files behave like the
// real ones: homework files are GCS V2 signed links valid about a day (GingerGigiCat/ClassChartsAndroid@
// 27ba119819 RequestMaker.kt:399), announcement files need the session (funfairlabs-incubator/
// classcharts-orc@93b7b34515 poller/src/archive.ts:69-77). Plus stubs for another host, the size cap and
// the timeout.
import { afterEach, describe, expect, it } from 'vitest';
import {
  ATTACHMENT_TIMEOUT_MS,
  ClassChartsClient,
  MAX_ATTACHMENT_BYTES,
  type ClientOptions,
} from '../../../main/classcharts/client';
import {
  AttachmentLinkExpiredError,
  AttachmentNotFoundError,
  AttachmentTooBigError,
  InvalidInputError,
  NetworkError,
  ServiceRefusedError,
  SessionExpiredError,
} from '../../../main/classcharts/errors';
import { systemClock } from '../../../main/ports';
import { startFakeClassCharts, type FakeClassCharts } from '../../../dev/fake-classcharts/index';
import { FakeClock } from '../../support/clock';
import { recordingLogger } from './helpers';

let fake: FakeClassCharts | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A foreign host the session must never reach. */
const OTHER_HOST = 'files.example.org';

/** Requests that went to {@link OTHER_HOST}, with their headers; everything else goes to the fake. */
function withOtherHost(answer: () => Response = () => new Response('%PDF-1.4\n')): {
  fetch: typeof fetch;
  seen: Headers[];
} {
  const seen: Headers[] = [];
  return {
    seen,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.host !== OTHER_HOST) return fetch(input, init);
      seen.push(new Headers(init?.headers));
      return answer();
    },
  };
}

/** The fake on a clock the test moves, and a client signed in as the demo student. */
async function signedIn(options: Partial<ClientOptions> = {}): Promise<{
  f: FakeClassCharts;
  client: ClassChartsClient;
  clock: { now: number };
}> {
  const clock = { now: Date.parse('2026-06-15T07:30:00+01:00') };
  fake = await startFakeClassCharts({ clock: () => clock.now, sessionTtlSeconds: 10 * 86_400 });
  const client = new ClassChartsClient({
    fetch,
    baseUrl: fake.url,
    clock: systemClock,
    logger: recordingLogger(),
    ...options,
  });
  const { code, dateOfBirth } = fake.accounts.student;
  await client.login({ kind: 'student', code, dateOfBirth });
  return { f: fake, client, clock };
}

async function homeworkFile(client: ClassChartsClient): Promise<string> {
  const file = (await client.homeworks({})).flatMap((h) => h.attachments)[0];
  if (!file) throw new Error('no homework file in the demo data');
  return file.url;
}

async function announcementFile(client: ClassChartsClient): Promise<string> {
  const file = (await client.announcements()).flatMap((a) => a.attachments)[0];
  if (!file) throw new Error('no announcement file in the demo data');
  return file.url;
}

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

describe('homework files (signed storage links)', () => {
  it('downloads a fresh link without sending the session, though it is on the service origin here', async () => {
    const { f, client } = await signedIn();
    const file = await client.downloadAttachment(await homeworkFile(client), 'homework');
    expect(text(file.bytes)).toMatch(/^%PDF-/);
    expect(file.contentType).toBe('application/pdf');
    const request = f.requests.at(-1)!;
    expect(request.path).toMatch(/^\/storage\//);
    expect(request.headers['authorization']).toBeUndefined();
    expect(request.headers['cookie']).toBeUndefined();
  });

  it('a link a day old is a typed "expired" error (GCS 400 ExpiredToken), and a re-read link works', async () => {
    const { client, clock } = await signedIn();
    const kept = await homeworkFile(client);
    clock.now += 25 * 3_600_000;
    const error = await client.downloadAttachment(kept, 'homework').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AttachmentLinkExpiredError);
    expect((error as AttachmentLinkExpiredError).userMessage).toBe("This file's link has expired.");
    await expect(client.downloadAttachment(await homeworkFile(client), 'homework')).resolves.toBeTruthy();
  });
});

describe('announcement files (need the session)', () => {
  it('sends Authorization and the login cookies to the ClassCharts host', async () => {
    const { f, client } = await signedIn();
    const file = await client.downloadAttachment(await announcementFile(client), 'announcement');
    expect(text(file.bytes)).toMatch(/^%PDF-/);
    const request = f.requests.at(-1)!;
    expect(request.path).toMatch(/^\/announcement-files\//);
    expect(request.headers['authorization']).toMatch(/^Basic [a-z0-9]{32}$/);
    expect(request.headers['cookie']).toContain('student_session_credentials=');
  });

  it('never sends the session to another host', async () => {
    const { fetch: spy, seen } = withOtherHost();
    const { client } = await signedIn({ fetch: spy });
    await client.downloadAttachment(`https://${OTHER_HOST}/letters/trip.pdf`, 'announcement');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.has('authorization')).toBe(false);
    expect(seen[0]!.has('cookie')).toBe(false);
  });

  it('an expired session (302 to the sign-in page) is SessionExpiredError, for the keeper to sign in again', async () => {
    const { f, client } = await signedIn();
    const url = await announcementFile(client);
    f.expireSessions();
    await expect(client.downloadAttachment(url, 'announcement')).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it('the sign-in page answered with HTTP 200 is SessionExpiredError too, not a file', async () => {
    const { f, client } = await signedIn();
    const url = await announcementFile(client);
    f.faults.inject({ path: '/announcement-files/', kind: 'html' });
    await expect(client.downloadAttachment(url, 'announcement')).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it('a Cloudflare challenge (403, cf-mitigated) is "try later", not an ended session', async () => {
    const { f, client } = await signedIn();
    const url = await announcementFile(client);
    f.faults.inject({ path: '/announcement-files/', kind: 'challenge' });
    await expect(client.downloadAttachment(url, 'announcement')).rejects.toBeInstanceOf(ServiceRefusedError);
  });

  it('a file that is not there is a typed "not found" error', async () => {
    const { client } = await signedIn();
    const url = (await announcementFile(client)).replace(/\/\d+\/(\d+)\//, '/999999/$1/');
    await expect(client.downloadAttachment(url, 'announcement')).rejects.toBeInstanceOf(
      AttachmentNotFoundError,
    );
  });

  it('signed out, nothing is sent', async () => {
    const { f, client } = await signedIn();
    const url = await announcementFile(client);
    client.signOut();
    const count = f.requests.length;
    await expect(client.downloadAttachment(url, 'announcement')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(f.requests.length).toBe(count);
  });
});

describe('limits', () => {
  it(`refuses a file over ${MAX_ATTACHMENT_BYTES / 1_048_576} MB by its Content-Length, without reading it`, async () => {
    let pulled = 0;
    const { fetch: spy } = withOtherHost(
      () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              pulled += 1;
              controller.enqueue(new Uint8Array(16));
            },
          }),
          { headers: { 'content-length': String(MAX_ATTACHMENT_BYTES + 1) } },
        ),
    );
    const { client } = await signedIn({ fetch: spy });
    const error = await client
      .downloadAttachment(`https://${OTHER_HOST}/big.pdf`, 'homework')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AttachmentTooBigError);
    expect((error as AttachmentTooBigError).userMessage).toMatch(/larger than 50 MB/);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('stops reading a body without Content-Length once it passes the cap', async () => {
    let sent = 0;
    const chunk = new Uint8Array(1_048_576);
    const { fetch: spy } = withOtherHost(
      () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              sent += chunk.byteLength;
              controller.enqueue(chunk);
            },
          }),
        ),
    );
    const { client } = await signedIn({ fetch: spy });
    await expect(
      client.downloadAttachment(`https://${OTHER_HOST}/endless.pdf`, 'homework'),
    ).rejects.toBeInstanceOf(AttachmentTooBigError);
    expect(sent).toBeLessThan(MAX_ATTACHMENT_BYTES + 4 * chunk.byteLength);
  });

  it(`gives up after ${ATTACHMENT_TIMEOUT_MS / 1000} s with a timed-out NetworkError`, async () => {
    const clock = new FakeClock('2026-06-15T08:00:00Z');
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const client = new ClassChartsClient({
      fetch: hanging,
      baseUrl: 'https://www.classcharts.com',
      clock,
      logger: recordingLogger(),
    });
    const pending = client.downloadAttachment(`https://${OTHER_HOST}/slow.pdf`, 'homework');
    await Promise.resolve();
    clock.fireAll();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(true);
  });

  it('refuses a link that is not http(s) before sending anything', async () => {
    const { fetch: spy, seen } = withOtherHost();
    const client = new ClassChartsClient({
      fetch: spy,
      baseUrl: 'https://www.classcharts.com',
      clock: systemClock,
      logger: recordingLogger(),
    });
    await expect(client.downloadAttachment('file:///etc/passwd', 'homework')).rejects.toBeInstanceOf(
      InvalidInputError,
    );
    expect(seen).toHaveLength(0);
  });

  it('never logs a signed link\u2019s signature', async () => {
    const logger = recordingLogger();
    const { client } = await signedIn({ logger });
    const url = await homeworkFile(client);
    await client.downloadAttachment(url, 'homework');
    const signature = new URL(url).searchParams.get('Signature')!;
    expect(logger.text()).not.toContain(signature);
    expect(logger.text()).not.toContain('Signature=');
  });
});
