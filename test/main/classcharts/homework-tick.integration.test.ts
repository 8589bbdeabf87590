// ClassChartsClient.setHomeworkTicked against the fake ClassCharts server, whose homeworkticked TOGGLES
// (classchartsapi/api-docs@70803adfa6 openapi/studentclientapi.yaml): tick, untick, nothing sent when the
// homework is already in the wanted state, a retry through the session keeper after the session ended never
// toggles twice, and each failure as a typed error.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClassChartsClient } from '../../../main/classcharts/client';
import {
  BadResponseError,
  HomeworkTickError,
  InvalidInputError,
  SessionExpiredError,
} from '../../../main/classcharts/errors';
import type { Homework } from '../../../common/domain';
import { createMemoryVault } from '../../../main/adapters/memory-vault';
import { systemClock } from '../../../main/ports';
import { SessionKeeper } from '../../../main/session/keeper';
import { type FakeClassCharts, startFakeClassCharts } from '../../../dev/fake-classcharts/index';
import { pathOf, recordingLogger } from './helpers';

const TODAY = '2026-11-24';
let fake: FakeClassCharts;

beforeEach(async () => {
  fake = await startFakeClassCharts({ today: TODAY });
});
afterEach(() => fake.close());

function client(fetchImpl: typeof fetch = fetch): ClassChartsClient {
  return new ClassChartsClient({
    fetch: fetchImpl,
    baseUrl: fake.url,
    clock: systemClock,
    logger: recordingLogger(),
  });
}

async function student(fetchImpl?: typeof fetch): Promise<ClassChartsClient> {
  const c = client(fetchImpl);
  await c.login({ kind: 'student', ...fake.accounts.student });
  return c;
}

/** The demo pupil's homework with this status (`todo`: not ticked; `ticked`), as the client reads it. */
async function homeworkWith(c: ClassChartsClient, status: Homework['status']): Promise<Homework> {
  const found = (await c.homeworks({})).find((h) => h.status === status);
  if (!found) throw new Error(`no ${status} homework in the demo data`);
  return found;
}

/** The toggle requests the fake answered with HTTP 200 (an `expired` fault answers 200 too), in order. */
function toggles() {
  return fake.requests.filter((r) => r.path.startsWith('/apiv2student/homeworkticked/') && r.status === 200);
}

const pupilId = () => fake.accounts.student.pupilId;

describe('setHomeworkTicked', () => {
  it('ticks a to-do homework off: one GET homeworkticked/<status id>?pupil_id, then the confirmed homework', async () => {
    const c = await student();
    const homework = await homeworkWith(c, 'todo');
    const mark = fake.requests.length;

    const result = await c.setHomeworkTicked(homework, true, pupilId());

    expect(result).toMatchObject({ id: homework.id, status: 'ticked' });
    expect(fake.requests.slice(mark).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /apiv2student/homeworks/${pupilId()}`,
      `GET /apiv2student/homeworkticked/${homework.statusId}`,
      `GET /apiv2student/homeworks/${pupilId()}`,
    ]);
    expect(toggles()[0]?.query).toEqual({ pupil_id: String(pupilId()) });
    expect((await c.homeworks({})).find((h) => h.id === homework.id)?.status).toBe('ticked');
  });

  it('unticks a ticked homework', async () => {
    const c = await student();
    const homework = await homeworkWith(c, 'ticked');
    const result = await c.setHomeworkTicked(homework, false);
    expect(result).toMatchObject({ id: homework.id, status: 'todo' });
    expect(toggles()).toHaveLength(1);
    expect(toggles()[0]?.query).toEqual({});
  });

  it('sends no toggle when the homework is already in the wanted state (it would flip it back)', async () => {
    const c = await student();
    const ticked = await homeworkWith(c, 'ticked');
    const todo = await homeworkWith(c, 'todo');
    expect(await c.setHomeworkTicked(ticked, true)).toMatchObject({ id: ticked.id, status: 'ticked' });
    expect(await c.setHomeworkTicked(todo, false)).toMatchObject({ id: todo.id, status: 'todo' });
    expect(toggles()).toEqual([]);
  });

  it('finds the homework by its id alone (whole list) and refuses a completed or late one', async () => {
    const c = await student();
    const todo = await homeworkWith(c, 'todo');
    expect(await c.setHomeworkTicked({ id: todo.id }, true)).toMatchObject({ status: 'ticked' });
    for (const status of ['completed', 'late'] as const) {
      const done = await homeworkWith(c, status);
      const error = await c.setHomeworkTicked(done, true).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HomeworkTickError);
      expect(error).toMatchObject({ failure: 'not-tickable', homeworkId: done.id });
    }
    expect(toggles()).toHaveLength(1);
  });

  it('an unknown homework: not-found, nothing sent', async () => {
    const c = await student();
    const error = await c.setHomeworkTicked({ id: 42, dueDate: TODAY }, true).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HomeworkTickError);
    expect((error as HomeworkTickError).failure).toBe('not-found');
    expect((error as HomeworkTickError).userMessage).toMatch(/no longer in your ClassCharts homework/);
    expect(toggles()).toEqual([]);
  });

  it('a service that accepts the toggle but does not change the state: not-confirmed', async () => {
    const c = await student(async (input, init) => {
      // A service that answers success and changes nothing.
      if (pathOf(input).startsWith('/apiv2student/homeworkticked/'))
        return new Response('{"success":1,"data":[],"meta":[]}', { status: 200 });
      return fetch(input, init);
    });
    const homework = await homeworkWith(c, 'todo');
    const error = await c.setHomeworkTicked(homework, true).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HomeworkTickError);
    expect(error).toMatchObject({ failure: 'not-confirmed', code: 'service' });
    expect((error as HomeworkTickError).userMessage).toBe(
      'ClassCharts did not tick off this homework. Try again in a moment.',
    );
  });

  it('a failed toggle (HTTP 500) is a BadResponseError and the state is unchanged', async () => {
    const c = await student();
    const homework = await homeworkWith(c, 'todo');
    fake.faults.inject({ path: '/apiv2student/homeworkticked', kind: 'http-500' });
    await expect(c.setHomeworkTicked(homework, true)).rejects.toBeInstanceOf(BadResponseError);
    expect((await c.homeworks({})).find((h) => h.id === homework.id)?.status).toBe('todo');
  });

  it('a parent cannot tick (refused before any request), nor can a bad id be sent', async () => {
    const c = client();
    await c.login({
      kind: 'parent',
      email: fake.accounts.parent.email,
      password: fake.accounts.parent.password,
    });
    const mark = fake.requests.length;
    await expect(c.setHomeworkTicked({ id: 5 }, true, pupilId())).rejects.toBeInstanceOf(InvalidInputError);
    const s = await student();
    await expect(s.setHomeworkTicked({ id: -1 }, true)).rejects.toThrow(/homework id/);
    expect(fake.requests.slice(mark).filter((r) => !r.path.endsWith('/login'))).toEqual([]);
  });
});

describe('setHomeworkTicked through the session keeper (retry after the session ended)', () => {
  async function keeper(fetchImpl: typeof fetch) {
    const k = new SessionKeeper<ClassChartsClient>({
      createClient: () => client(fetchImpl),
      clock: systemClock,
      vault: createMemoryVault(),
      logger: recordingLogger(),
    });
    await k.signIn({ kind: 'student', ...fake.accounts.student }, { remember: false });
    return k;
  }

  it('the toggle went through but the confirming read found the session ended: the retry re-reads and does not toggle again', async () => {
    let armed = true;
    const k = await keeper(async (input, init) => {
      const response = await fetch(input, init);
      // The service ends the session right after accepting the toggle.
      if (armed && pathOf(input).startsWith('/apiv2student/homeworkticked/')) {
        armed = false;
        fake.expireSessions();
      }
      return response;
    });
    const homework = await k.run((c) => homeworkWith(c, 'todo'));

    const result = await k.run((c) => c.setHomeworkTicked(homework, true, pupilId()));

    expect(result).toMatchObject({ id: homework.id, status: 'ticked' });
    expect(toggles()).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/student/login')).toHaveLength(2);
    expect(await k.run(async (c) => (await c.homeworks({})).find((h) => h.id === homework.id)?.status)).toBe(
      'ticked',
    );
  });

  it('the toggle itself met the ended session: the retry signs in again and toggles once', async () => {
    const k = await keeper(fetch);
    const homework = await k.run((c) => homeworkWith(c, 'todo'));
    fake.faults.inject({ path: '/apiv2student/homeworkticked', kind: 'expired' });

    const result = await k.run((c) => c.setHomeworkTicked(homework, true));

    expect(result.status).toBe('ticked');
    // Two requests: the first answered "not logged in" (so nothing toggled), the second after signing in.
    expect(toggles()).toHaveLength(2);
    expect(await k.run(async (c) => (await c.homeworks({})).find((h) => h.id === homework.id)?.status)).toBe(
      'ticked',
    );
  });

  it('a session that ends again after signing in: SessionExpiredError, nothing toggled', async () => {
    const k = await keeper(fetch);
    const homework = await k.run((c) => homeworkWith(c, 'todo'));
    fake.faults.inject({ path: '/apiv2student/homeworkticked', kind: 'expired', count: 2 });
    await expect(k.run((c) => c.setHomeworkTicked(homework, true))).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    expect(toggles()).toHaveLength(2); // both answered "not logged in"
    expect(await k.run(async (c) => (await c.homeworks({})).find((h) => h.id === homework.id)?.status)).toBe(
      'todo',
    );
  });
});
