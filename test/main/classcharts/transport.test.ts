// Transport behaviour that needs no server: the timeout through the injected clock, the envelope check,
// the cap on an answer's size, and excerpts that never carry a secret.
import { describe, expect, it } from 'vitest';
import { ClassChartsClient } from '../../../main/classcharts/client';
import {
  BadResponseError,
  NetworkError,
  ServiceRefusedError,
  SessionExpiredError,
} from '../../../main/classcharts/errors';
import { timetableSchema } from '../../../main/classcharts/schemas';
import { excerptOf, MAX_ANSWER_BYTES, Transport } from '../../../main/classcharts/transport';
import { silentLogger } from '../../../main/ports';
import { FakeClock } from '../../support/clock';
import { jsonResponse } from './helpers';

const BASE = 'http://127.0.0.1:9';
/** The fake clock's fixed instant (its timers fire only when the test says so). */
const MORNING = '2026-06-15T08:00:00Z';
const cookie = `student_session_credentials=${encodeURIComponent('{"remember_me":true,"session_id":"tok123456"}')}; path=/`;

/** A client signed in through a stub login, whose later requests `answer`. */
async function signedIn(answer: (signal: AbortSignal) => Promise<Response>, clock = new FakeClock(MORNING)) {
  const fetchStub: typeof fetch = async (input, init) => {
    const path = new URL(String(input)).pathname;
    if (path === '/student/login')
      return new Response('', { status: 302, headers: { 'set-cookie': cookie, location: '/student' } });
    return answer(init!.signal!);
  };
  const client = new ClassChartsClient({
    fetch: fetchStub,
    baseUrl: BASE,
    clock,
    logger: silentLogger,
    timeoutMs: 5000,
  });
  await client.login({ kind: 'student', code: 'demo2026', dateOfBirth: '14/05/2012' });
  return { client, clock };
}

describe('transport', () => {
  it('gives up when the clock says the timeout passed: NetworkError with timedOut', async () => {
    const { client, clock } = await signedIn(
      (signal) =>
        new Promise<Response>((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error)),
        ),
    );
    const pending = client.timetable('2026-06-15');
    await Promise.resolve();
    expect(clock.pending).toBe(1);
    clock.fireAll();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ timedOut: true, code: 'offline' });
    expect((error as NetworkError).userMessage).toMatch(/too long/);
  });

  it('clears its timer once an answer arrived', async () => {
    const { client, clock } = await signedIn(async () => jsonResponse({ success: 1, data: [], meta: [] }));
    await client.timetable('2026-06-15');
    expect(clock.pending).toBe(0);
  });

  it.each([
    [{ success: 0, expired: 1, error: 'You are not logged in. [1]', meta: [] }, SessionExpiredError],
    [{ success: 0, expired: 0, error: 'You are not logged in. [1]', meta: [] }, SessionExpiredError],
    [
      { success: 0, error: 'You have reached the daily limit awarding this behaviour', meta: [] },
      ServiceRefusedError,
    ],
    [{ success: 1, data: { nope: true }, meta: [] }, BadResponseError],
    [[1, 2, 3], BadResponseError],
  ])('answer %j → %o', async (body, kind) => {
    const { client } = await signedIn(async () => jsonResponse(body));
    await expect(client.timetable('2026-06-15')).rejects.toBeInstanceOf(kind);
  });

  it('ServiceRefusedError carries the service’s own message', async () => {
    const { client } = await signedIn(async () =>
      jsonResponse({ success: 0, error: 'Pupil archived', meta: [] }),
    );
    await expect(client.badges()).rejects.toMatchObject({
      serviceMessage: 'Pupil archived',
      code: 'service',
    });
  });

  it('an expired answer drops the session it was sent with', async () => {
    const { client } = await signedIn(async () =>
      jsonResponse({ success: 0, expired: 1, error: 'x', meta: [] }),
    );
    expect(client.hasSession()).toBe(true);
    await expect(client.detentions()).rejects.toBeInstanceOf(SessionExpiredError);
    expect(client.hasSession()).toBe(false);
  });

  it('excerpts fold whitespace, cut long bodies and redact tokens and session ids', () => {
    const body = `<html>\n\n  <p>token tok123456 here</p> {"session_id":"abcdef0123"} ${'x'.repeat(400)}`;
    const excerpt = excerptOf(body, ['tok123456']);
    expect(excerpt).not.toContain('tok123456');
    expect(excerpt).not.toContain('abcdef0123');
    expect(excerpt.length).toBeLessThanOrEqual(161);
    expect(excerpt.startsWith('<html> <p>token [redacted] here</p>')).toBe(true);
  });

  it('a truncated answer is a BadResponseError whose excerpt hides the token it was sent with', () => {
    const transport = new Transport({
      fetch,
      baseUrl: BASE,
      clock: new FakeClock(MORNING),
      logger: silentLogger,
    });
    transport.token = 'tok123456';
    const error = (() => {
      try {
        transport.check(timetableSchema, '/apiv2student/ping', {
          status: 200,
          headers: new Headers(),
          body: '{"success":1,"data":{"user":{"id":1}},"meta":{"session_id":"tok123456","ver',
        });
      } catch (e) {
        return e as BadResponseError;
      }
    })();
    expect(error).toBeInstanceOf(BadResponseError);
    expect(`${error?.message} ${error?.excerpt}`).not.toContain('tok123456');
  });

  it('refuses an API answer past 64 MB with a clear error, and reads no further', async () => {
    const MB = 1_048_576;
    const spaces = new TextEncoder().encode(' '.repeat(MB));
    let pulled = 0;
    let cancelled = false;
    const { client } = await signedIn(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start: (controller) => controller.enqueue(new TextEncoder().encode('{"success":1,"data":[')),
            pull: (controller) => {
              if (pulled >= 100 * MB) return controller.close();
              pulled += spaces.byteLength;
              controller.enqueue(spaces);
            },
            cancel: () => {
              cancelled = true;
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    const error = await client.timetable('2026-06-15').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadResponseError);
    expect((error as BadResponseError).message).toMatch(/the answer was larger than 64 MB/);
    expect((error as BadResponseError).userMessage).toMatch(/larger than 64 MB/);
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(MAX_ANSWER_BYTES + 2 * MB);
  });

  it('refuses an answer whose Content-Length is past the cap without reading it', async () => {
    let read = false;
    const { client } = await signedIn(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>(
            {
              pull: (controller) => {
                read = true;
                controller.enqueue(new TextEncoder().encode('{"success":1,"data":[],"meta":[]}'));
                controller.close();
              },
            },
            { highWaterMark: 0 },
          ),
          { headers: { 'content-length': String(MAX_ANSWER_BYTES + 1) } },
        ),
    );
    const error = await client.timetable('2026-06-15').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadResponseError);
    expect((error as BadResponseError).message).toMatch(/the answer was larger than 64 MB/);
    expect(read).toBe(false);
  });
});
