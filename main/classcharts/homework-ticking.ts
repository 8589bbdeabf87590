/**
 * Ticking homework off for ./client.ts: the service's toggle, sent only when the homework's state differs
 * from the one asked for, between a read of the homework before and a read-back after (./reads.ts).
 */
import type { Homework } from '../../common/domain';
import type { ClientSession } from './client-session';
import { HomeworkTickError, InvalidInputError } from './errors';
import { type HomeworkOptions, homeworks } from './reads';
import { homeworkTickedSchema } from './schemas';
import { checkPupilId } from './validate';

/**
 * The homework a tick is for: its id, and the dates that find it again in a homework read (any `Homework`
 * from `ClassChartsClient.homeworks` will do). With neither date the whole list is read.
 */
export type HomeworkTickTarget = Pick<Homework, 'id'> & Partial<Pick<Homework, 'dueDate' | 'issueDate'>>;

/** Statuses a pupil may tick or untick: the others are the teacher's (completed, late, …). */
const TICKABLE: ReadonlySet<Homework['status']> = new Set(['todo', 'ticked']);

/**
 * Ticks a homework off (`ticked: true`) or unticks it, as a pupil does in the ClassCharts app, and returns
 * the homework as a fresh read shows it afterwards. Students only.
 *
 * The service's `GET /apiv2student/homeworkticked/<status id>?pupil_id=<pupil id>` TOGGLES the tick and
 * answers an empty success (docs/classcharts-api.md §4, §7 item 14; classchartsapi/api-docs@70803adfa6
 * `openapi/studentclientapi.yaml`), so: (1) read the homework now; (2) send the toggle only when its state
 * differs from `ticked`; (3) read it again and check. Every call starts from a fresh read, so running it
 * again after a failure (the session keeper retries once after signing in again) never toggles twice:
 * the second run finds the state already set and sends nothing. `pupil_id` is sent when `pupilId` is
 * given (BetterClasscharts `StudentClient.swift:446` and other GET clients send it; see
 * docs/notes/client.md decision 20).
 * @throws InvalidInputError on a parent account, or a malformed id or date.
 * @throws HomeworkTickError `not-found`, `not-tickable` (status not `todo`/`ticked`, or no status id),
 *   `not-confirmed` (the read after the toggle shows another state).
 * @throws the transport's errors (SessionExpiredError, NetworkError, BadResponseError, ServiceRefusedError).
 */
export async function setHomeworkTicked(
  session: ClientSession,
  target: HomeworkTickTarget,
  ticked: boolean,
  pupilId?: number,
): Promise<Homework> {
  if (session.kind === 'parent')
    throw new InvalidInputError(
      'setHomeworkTicked() is for student accounts',
      'Only the pupil can tick homework off.',
    );
  if (!Number.isSafeInteger(target.id) || target.id <= 0)
    throw new InvalidInputError('homework id is not a positive integer', 'That homework could not be found.');
  if (pupilId !== undefined) checkPupilId(pupilId);
  const current = await homeworkNow(session, target, pupilId);
  if (current === undefined) throw new HomeworkTickError(target.id, 'not-found', ticked);
  if (!TICKABLE.has(current.status) || current.statusId === null)
    throw new HomeworkTickError(target.id, 'not-tickable', ticked);
  if ((current.status === 'ticked') === ticked) return current;
  await session.call(homeworkTickedSchema, {
    method: 'GET',
    path: `/apiv2student/homeworkticked/${current.statusId}`,
    query: { pupil_id: pupilId },
  });
  session.logger.info('classcharts homework toggled', { homeworkId: current.id, ticked });
  const confirmed = await homeworkNow(session, current, pupilId);
  if (confirmed === undefined || (confirmed.status === 'ticked') !== ticked)
    throw new HomeworkTickError(target.id, 'not-confirmed', ticked);
  return confirmed;
}

/**
 * The homework as the service shows it now: the list due on its due date (else issued on its issue date,
 * else the whole list), searched for its id.
 */
async function homeworkNow(
  session: ClientSession,
  target: HomeworkTickTarget,
  pupilId?: number,
): Promise<Homework | undefined> {
  const options: HomeworkOptions = target.dueDate
    ? { displayDate: 'due_date', from: target.dueDate, to: target.dueDate }
    : target.issueDate
      ? { displayDate: 'issue_date', from: target.issueDate, to: target.issueDate }
      : {};
  return (await homeworks(session, options, pupilId)).find((h) => h.id === target.id);
}
