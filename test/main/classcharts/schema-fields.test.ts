// compareFields: the field names a raw answer has that a schema lacks, and the reverse, as JSON paths,
// walked through the schemas' real structure (objects, arrays, unions, PHP's [] for empty maps).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareFields } from '../../../main/classcharts/schema-fields';
import {
  badgesSchema,
  behaviourSchema,
  homeworksSchema,
  timetableSchema,
} from '../../../main/classcharts/schemas';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(__dirname, '../../support/fixtures/classcharts', name), 'utf8'));
}

describe('compareFields', () => {
  it('names a homework field the schema does not know, in every element, once', () => {
    const body = {
      success: 1,
      data: [
        { id: 1, title: 'A', status: { id: 3, state: null, ticked: 'no', mark_relative: 'B+' } },
        { id: 2, title: 'B', status: { id: 4, state: 'late', ticked: 'yes', mark_relative: null } },
      ],
      meta: [],
    };
    const report = compareFields(homeworksSchema, body, { alsoKnown: ['success'] });
    expect(report.unknown).toEqual(['data[].status.mark_relative']);
    // What the schema declares and the answer lacks, required or not; no values anywhere.
    expect(report.missing).toContainEqual({ path: 'data[].due_date', required: false });
    expect(report.missing).not.toContainEqual(expect.objectContaining({ path: 'data[].id' }));
    expect(JSON.stringify(report)).not.toContain('B+');
  });

  it('marks a missing id as required: the schema cannot parse without it', () => {
    const report = compareFields(homeworksSchema, { data: [{ title: 'no id' }] });
    expect(report.missing).toContainEqual({ path: 'data[].id', required: true });
  });

  it('the envelope success flag is unknown unless declared known', () => {
    expect(compareFields(homeworksSchema, { success: 1, data: [] }).unknown).toEqual(['success']);
    expect(
      compareFields(homeworksSchema, { success: 1, data: [] }, { alsoKnown: ['success'] }).unknown,
    ).toEqual([]);
  });

  it('reads PHP [] as an empty map and never prints map keys (reason names)', () => {
    const empty = compareFields(behaviourSchema, { data: [], meta: [] });
    expect(empty).toEqual({ unknown: [], missing: [] });
    const body = {
      data: {
        timeline: [],
        positive_reasons: { 'Jane Doe helped': 2 },
        negative_reasons: [],
        other_positive: [],
      },
      meta: [],
    };
    const report = compareFields(behaviourSchema, body);
    expect(report.unknown).toEqual(['data.other_positive']);
    expect(JSON.stringify(report)).not.toContain('Jane');
  });

  it('a key that is not an identifier is shown as <key>', () => {
    const report = compareFields(homeworksSchema, { data: [{ id: 1, 'Amelia Hughes': 1 }] });
    expect(report.unknown).toEqual(['data[].<key>']);
  });

  it('takes the union option that parses: badges with and without the pupil_event wrapper', () => {
    const wrapped = {
      data: [{ id: 1, pupil_badges: [{ pupil_event: { timestamp: 't', extra_event: 1 } }] }],
    };
    expect(compareFields(badgesSchema, wrapped).unknown).toEqual([
      'data[].pupil_badges[].pupil_event.extra_event',
    ]);
    const bare = { data: [{ id: 1, pupil_badges: [{ timestamp: 't', extra_bare: 1 }] }] };
    expect(compareFields(badgesSchema, bare).unknown).toEqual(['data[].pupil_badges[].extra_bare']);
  });

  it('on the real-shaped timetable fixture, lists the fields the app does not read', () => {
    const report = compareFields(timetableSchema, fixture('timetable.json'), { alsoKnown: ['success'] });
    expect(report.unknown).toContain('data[].pupil_note');
    expect(report.unknown).not.toContain('data[].room_name');
    for (const path of report.unknown) expect(path).toMatch(/^(data\[\]|meta)\.[a-z_]+$/);
  });
});
