// The fake's `homeworkticked/<status id>`: a GET that TOGGLES the pupil's tick (classchartsapi/api-docs@70803adfa6
// openapi/studentclientapi.yaml; GingerGigiCat/ClassChartsAndroid@27ba119819 RequestMaker.kt:547;
// kgstorm/classcharts-api-python@5fb41cd8cb student_client.py:121), seen by the next `/homeworks` read; the
// error envelope for a status id that is not the pupil's; students only; logged; failing by fault injection.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOMEWORK_NOT_FOUND } from '../../../dev/fake-classcharts/api';
import { startFakeClassCharts, type FakeClassCharts } from '../../../dev/fake-classcharts/index';
import { PUPIL_FORBIDDEN } from '../../../dev/fake-classcharts/routes';
import {
  arr,
  call,
  loginParent,
  loginStudent,
  obj,
  type TestSession,
} from '../../../dev/fake-classcharts/test-client';

let fake: FakeClassCharts;
let student: TestSession;

beforeEach(async () => {
  fake = await startFakeClassCharts({ today: '2026-11-24' });
  student = await loginStudent(fake);
});
afterEach(() => fake.close());

/** The `status.ticked` the next `/homeworks` read shows for the homework with this status id. */
async function tickedOf(statusId: number, session = student): Promise<string> {
  const list = arr(obj((await call(fake, '/apiv2student/homeworks', session)).body)['data']).map(obj);
  const homework = list.find((h) => obj(h['status'])['id'] === statusId);
  return String(obj(homework?.['status'])['ticked']);
}

/** A homework of the demo pupil that is neither ticked nor completed. */
function openHomework() {
  const pupilId = fake.accounts.student.pupilId;
  const pupil = fake.dataset.pupils.find((p) => p.pupil.id === pupilId)!;
  return pupil.homeworks.find((h) => h.status.ticked === 'no' && h.status.state !== 'completed')!;
}

describe('homeworkticked', () => {
  it('toggles the tick: yes after the first GET, no after the second, with the empty success envelope', async () => {
    const { id: statusId } = openHomework().status;
    const pupilId = fake.accounts.student.pupilId;
    expect(await tickedOf(statusId)).toBe('no');

    const first = await call(fake, `/apiv2student/homeworkticked/${statusId}?pupil_id=${pupilId}`, student);
    expect(first).toEqual({ status: 200, body: { success: 1, data: [], meta: [] } });
    expect(await tickedOf(statusId)).toBe('yes');

    await call(fake, `/apiv2student/homeworkticked/${statusId}?pupil_id=${pupilId}`, student);
    expect(await tickedOf(statusId)).toBe('no');
  });

  it('toggles whatever `value` says, and without pupil_id too (kgstorm sends none)', async () => {
    const { id: statusId } = openHomework().status;
    await call(fake, `/apiv2student/homeworkticked/${statusId}?value=no`, student);
    expect(await tickedOf(statusId)).toBe('yes');
  });

  it('is in the request log as the GET the client sent', async () => {
    const { id: statusId } = openHomework().status;
    await call(
      fake,
      `/apiv2student/homeworkticked/${statusId}?pupil_id=${fake.accounts.student.pupilId}`,
      student,
    );
    const logged = fake.requests.filter((r) => r.path.startsWith('/apiv2student/homeworkticked/'));
    expect(logged).toMatchObject([
      {
        method: 'GET',
        path: `/apiv2student/homeworkticked/${statusId}`,
        query: { pupil_id: String(fake.accounts.student.pupilId) },
        status: 200,
      },
    ]);
  });

  it("an unknown status id, a homework id, or another pupil's status id: the error envelope, nothing changes", async () => {
    const sibling = fake.dataset.pupils.find((p) => p.pupil.id !== fake.accounts.student.pupilId)!;
    const theirs = sibling.homeworks[0]!;
    const homework = openHomework();
    for (const part of ['999999999', 'abc', String(homework.id), String(theirs.status.id)]) {
      const answer = await call(fake, `/apiv2student/homeworkticked/${part}`, student);
      expect(answer).toEqual({
        status: 200,
        body: { success: 0, expired: 0, error: HOMEWORK_NOT_FOUND, meta: [] },
      });
    }
    expect(theirs.status.ticked).toBe(sibling.homeworks[0]!.status.ticked);
    expect(await tickedOf(homework.status.id)).toBe('no');
  });

  it("a pupil_id that is not the signed-in pupil's is refused and changes nothing", async () => {
    const { id: statusId } = openHomework().status;
    const answer = await call(fake, `/apiv2student/homeworkticked/${statusId}?pupil_id=1234567`, student);
    expect(obj(answer.body)).toMatchObject({ success: 0, error: PUPIL_FORBIDDEN });
    expect(await tickedOf(statusId)).toBe('no');
  });

  it('needs a session, and a parent cannot tick (no such endpoint on the parent API)', async () => {
    const { id: statusId } = openHomework().status;
    const anonymous = await call(fake, `/apiv2student/homeworkticked/${statusId}`, null);
    expect(obj(anonymous.body)).toMatchObject({ success: 0, expired: 0 });
    const parent = await loginParent(fake);
    const response = await fetch(`${fake.url}/apiv2parent/homeworkticked/${statusId}`, {
      headers: { authorization: `Basic ${parent.token}`, cookie: parent.cookie },
    });
    expect(response.status).toBe(404);
    expect(await tickedOf(statusId)).toBe('no');
  });

  it('fails by fault injection without toggling (http-500), or toggles with its answer lost (truncated-json)', async () => {
    const { id: statusId } = openHomework().status;
    fake.faults.inject({ path: '/apiv2student/homeworkticked', kind: 'http-500' });
    const failed = await fetch(`${fake.url}/apiv2student/homeworkticked/${statusId}`, {
      headers: { authorization: `Basic ${student.token}`, cookie: student.cookie },
    });
    expect(failed.status).toBe(500);
    expect(await tickedOf(statusId)).toBe('no');

    fake.faults.inject({ path: '/apiv2student/homeworkticked', kind: 'truncated-json' });
    const cut = await fetch(`${fake.url}/apiv2student/homeworkticked/${statusId}`, {
      headers: { authorization: `Basic ${student.token}`, cookie: student.cookie },
    });
    const text = await cut.text();
    expect(() => JSON.parse(text) as unknown).toThrow();
    expect(await tickedOf(statusId)).toBe('yes');
  });
});
