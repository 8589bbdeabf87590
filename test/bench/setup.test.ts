// The bench's own arithmetic (not speed): round trips counted from a request log, and goal judging.
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../dev/fake-classcharts/index';
import { figure, median, waves } from './setup';

const request = (path: string, at: number): RecordedRequest => ({
  method: 'GET',
  path,
  query: {},
  headers: {},
  body: '',
  status: 200,
  at,
});

describe('bench arithmetic', () => {
  it('requests sent together are one round trip; one that waited for an answer starts the next', () => {
    const log = [
      request('/apiv2student/ping', 1_103),
      request('/student/login', 1_000),
      request('/apiv2student/timetable', 1_101),
      request('/apiv2student/homeworks', 1_102),
      request('/apiv2student/activity/1', 1_206),
      request('/apiv2student/eventbadges/1', 999), // before sign-in: not on this path
    ];
    expect(waves(log, 1_000, 1_150, 100)).toEqual([
      ['/student/login'],
      ['/apiv2student/timetable', '/apiv2student/homeworks', '/apiv2student/ping'],
    ]);
    expect(waves(log, 1_000, 1_300, 100)).toHaveLength(3);
  });

  it('a goal is met at or under it, judged on the rounded value', () => {
    expect(figure(230.04, 'ms', 230, '≤ 2.3 × RTT', {})).toMatchObject({ value: 230, met: true });
    expect(figure(230.06, 'ms', 230, '≤ 2.3 × RTT', {})).toMatchObject({ value: 230.1, met: false });
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
