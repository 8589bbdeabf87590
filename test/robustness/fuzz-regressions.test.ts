// The smallest cases the fuzzer (fuzz-parsing.test.ts) found, kept as plain tests so they stay fixed.
//
// 1. A session token that cannot be sent back. The service hands out the token twice: in the sign-in's
//    `*_session_credentials` cookie (percent-encoded JSON, docs/classcharts-api.md §2.1) and in `/ping`'s
//    `meta.session_id` (§2.5). Either could decode to characters an HTTP header cannot carry (NUL, "€",
//    a line break); the transport then threw undici's TypeError from `Headers.set` on the next request —
//    not a ClassChartsError, so the keeper could not tell what happened.
// 2. Ids sent as long digit strings (`"99999999999999999999"`) came out rounded, so two different
//    homeworks could share an id (the notification ledger and the list keys rely on ids).
// 3. Counts beyond 2^53 (`positive: 1e308` in two weeks) summed to `Infinity`, which JSON (IPC, the
//    store) turns into `null`.
// 4. A week starting `0001-01-01T00:00:00+00:00` (a .NET `DateTime.MinValue` placeholder) came out as
//    the date `0001-01-01`, which `isIsoDate` then called unreal (JS reads years 0–99 as 1900–1999).
import { describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../common/demo-accounts';
import { ClassChartsClient } from '../../main/classcharts/client';
import { BadResponseError } from '../../main/classcharts/errors';
import { silentLogger } from '../../main/ports';
import { FakeClock } from '../support/clock';

/** Never advanced: frozen at this instant, its timers never fire (every stub answers at once). */
const frozenClock = new FakeClock('2026-06-17T08:00:00Z');

function credentialsCookie(sessionId: string): string {
  return `student_session_credentials=${encodeURIComponent(JSON.stringify({ remember_me: true, session_id: sessionId }))}; path=/`;
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const emptyDay = { success: 1, data: [], meta: [] };

/** A client whose sign-in sets `cookie` and whose later answers come from `answer`; records Authorization. */
function clientWith(cookie: string, answer: (path: string) => Response) {
  const sent: string[] = [];
  const stub: typeof fetch = async (input, init) => {
    const path = new URL(String(input)).pathname;
    if (path === '/student/login')
      return new Response(null, { status: 302, headers: { 'set-cookie': cookie, location: '/student/' } });
    sent.push(new Headers(init?.headers).get('authorization') ?? '');
    return answer(path);
  };
  const client = new ClassChartsClient({
    fetch: stub,
    baseUrl: 'http://127.0.0.1:9',
    clock: frozenClock,
    logger: silentLogger,
  });
  return { client, sent };
}

const student = DEMO_CREDENTIALS.student;

describe('a session token that cannot go in an HTTP header', () => {
  it.each(['\u0000', '€', 'abc\ndef'])(
    'in the sign-in cookie (%j): a typed BadResponseError, no session',
    async (id) => {
      const { client } = clientWith(credentialsCookie(id), () => json(emptyDay));
      await expect(client.login(student)).rejects.toBeInstanceOf(BadResponseError);
      expect(client.hasSession()).toBe(false);
    },
  );

  it.each(['\u0000', '€', 'abc\ndef'])(
    'from a renewal (%j): the current token is kept and still works',
    async (id) => {
      const { client, sent } = clientWith(credentialsCookie('goodtoken123'), (path) =>
        path.endsWith('/ping')
          ? json({ success: 1, data: { user: null }, meta: { session_id: id } })
          : json(emptyDay),
      );
      await client.login(student);
      await client.renew();
      await expect(client.timetable('2026-06-17')).resolves.toEqual([]);
      expect(sent.at(-1)).toBe('Basic goodtoken123');
    },
  );
});

describe('numbers beyond what the service can mean', () => {
  it('an id too long to be exact fails the answer instead of colliding with another', async () => {
    const { client } = clientWith(credentialsCookie('goodtoken123'), () =>
      json({ success: 1, data: [{ id: '99999999999999999999' }, { id: '99999999999999999998' }], meta: [] }),
    );
    await client.login(student);
    await expect(client.homeworks({})).rejects.toBeInstanceOf(BadResponseError);
  });

  it('absurd weekly counts become unknown (0), so the totals stay finite', async () => {
    const week = (start: string) => ({ positive: 1e308, negative: '1e400', name: '', start, end: start });
    const { client } = clientWith(credentialsCookie('goodtoken123'), () =>
      json({ success: 1, data: { timeline: [week('2026-06-01'), week('2026-06-08')] }, meta: [] }),
    );
    await client.login(student);
    const summary = await client.behaviour({});
    expect(summary.totalPositive).toBe(0);
    expect(summary.totalNegative).toBe(0);
    expect(JSON.parse(JSON.stringify(summary))).toEqual(summary);
  });
});

describe('placeholder dates', () => {
  it('a week starting 0001-01-01 (.NET DateTime.MinValue) is read from its name, never as year 1', async () => {
    const week = (name: string, start: string, end: string) => ({
      positive: 2,
      negative: 1,
      name,
      start,
      end,
    });
    const { client } = clientWith(credentialsCookie('goodtoken123'), () =>
      json({
        success: 1,
        data: {
          timeline: [
            week('5/25/2026', '0001-01-01T00:00:00+00:00', '2026-05-31'),
            week('', '0001-01-01T00:00:00+00:00', '0001-01-01'),
          ],
        },
        meta: [],
      }),
    );
    await client.login(student);
    const summary = await client.behaviour({});
    expect(summary.weeks).toEqual([{ start: '2026-05-25', end: '2026-05-31', positive: 2, negative: 1 }]);
  });
});
