/**
 * What `cli doctor` (./doctor.ts) reads from the answers the probe already fetched (./probe.ts), without
 * another request, for issue 25 §5 (docs/live-check.md):
 * - {@link encodedNames}: how many plain-text fields (names, subjects, rooms, titles, reasons) hold an HTML
 *   character reference (`&amp;`, `&#39;`), and how many hold one encoded twice (`&amp;amp;`). Several
 *   clients decode them (skeffling/timetable-plus `extension/timetable.js`: "ClassCharts sends names
 *   HTML-encoded ('Pure &amp; Applied'); decode once"; itsnotrin/BetterClasscharts `StringExtension.swift`;
 *   funfairlabs-incubator/classcharts-orc `shared/src/classcharts.ts`);
 * - {@link timetableShapes}: whether `/timetable`'s `data` is a list, an object keyed by date
 *   (skeffling/timetable-plus `extension/common.js` `lessonsOf`; C-HBZ `classcharts_sync.py`) or else.
 * Only counts, field paths (from the fixed table here, never from the service) and shape names come out: no
 * value of the account.
 */
import type { ProbeCall } from './probe';

/** How many values of one field were seen, and how many held a character reference (once, or twice). */
export interface EncodedField {
  /** The endpoint's name (`timetable`, `homeworks`, `ping`, …), as in the doctor's checks. */
  endpoint: string;
  /** The field's JSON path in the answer (`data[].subject_name`; `{}` = the keys of a map). */
  field: string;
  /** Non-empty string values seen, over every pupil checked. */
  values: number;
  /** Values holding at least one character reference (`&amp;`, `&#39;`, `&quot;`, `&#x27;`, `&eacute;`). */
  encoded: number;
  /** Values holding a reference encoded twice (`&amp;amp;`, `&amp;#39;`): decoding once leaves one. */
  doubleEncoded: number;
}

/**
 * The encoded-names finding: totals over every text field of {@link TEXT_FIELDS} seen, then one entry per
 * field that had a value. `verdict`: `encoded` (at least one reference), `plain` (none), `no-text` (no field
 * had a value: nothing to tell).
 */
export interface EncodedNamesFinding {
  /** Non-empty text values seen. */
  fields: number;
  encoded: number;
  doubleEncoded: number;
  byField: EncodedField[];
  verdict: 'encoded' | 'plain' | 'no-text';
}

/**
 * The plain-text fields counted, by endpoint, as paths: `name` a key, `name[]` every element of that list
 * (or every value of that map, a nested list flattened: a timetable keyed by date reads as one list),
 * `name{}` the keys of that map, `*` every value. HTML fields (descriptions, notes) are left out: they are
 * HTML on purpose.
 */
export const TEXT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  ping: ['data.user.name', 'data.user.first_name', 'data.user.last_name', 'data.user.school_name'],
  pupils: ['data[].name', 'data[].first_name', 'data[].last_name', 'data[].school_name'],
  timetable: ['data[].subject_name', 'data[].teacher_name', 'data[].room_name', 'data[].lesson_name'],
  homeworks: ['data[].title', 'data[].subject', 'data[].teacher', 'data[].lesson'],
  activity: ['data[].reason', 'data[].teacher_name', 'data[].lesson_name', 'data[].room_name'],
  behaviour: ['data.positive_reasons{}', 'data.negative_reasons{}'],
  eventbadges: [
    'data[].name',
    'data[].pupil_badges[].pupil_event.lesson_pupil_behaviour.reason',
    'data[].pupil_badges[].lesson_pupil_behaviour.reason',
  ],
  announcements: ['data[].title', 'data[].teacher_name', 'data[].school_name'],
  detentions: [
    'data[].lesson.name',
    'data[].lesson.subject.name',
    'data[].lesson_pupil_behaviour.reason',
    'data[].teacher.first_name',
    'data[].teacher.last_name',
    'data[].detention_type.name',
    'data[].location',
  ],
  attendance: ['data.*.*.lesson_name', 'data.*.*.room_name'],
};

/** A character reference: decimal, hexadecimal or named (`&#39;`, `&#x27;`, `&amp;`). */
const REFERENCE = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;
/** A reference whose `&` was itself encoded: `&amp;amp;`, `&amp;#39;`. */
const DOUBLE_REFERENCE = /&amp;(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;

/** Is `value` a plain object (not a list, not `null`)? */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The elements of a list, or the values of a map; an element that is itself a list is flattened once. */
function elementsOf(value: unknown): unknown[] {
  const items = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
  return items.flatMap((item) => (Array.isArray(item) ? (item as unknown[]) : [item]));
}

/** The non-empty strings at `path` (syntax of {@link TEXT_FIELDS}) in `json`. */
export function textsAt(json: unknown, path: string): string[] {
  let nodes: unknown[] = [json];
  for (const segment of path.split('.')) {
    const [, key = '', mark] = /^(\*|[A-Za-z0-9_]+)(\[\]|\{\})?$/.exec(segment) ?? [];
    const next: unknown[] = [];
    for (const node of nodes) {
      const children =
        key === '*' ? (isRecord(node) ? Object.values(node) : []) : isRecord(node) ? [node[key]] : [];
      for (const child of children) {
        if (mark === '[]') next.push(...elementsOf(child));
        else if (mark === '{}') next.push(...(isRecord(child) ? Object.keys(child) : []));
        else next.push(child);
      }
    }
    nodes = next;
  }
  return nodes.filter((node): node is string => typeof node === 'string' && node.trim() !== '');
}

/** The parsed body of a call's answer, or `undefined` when none came or it is not JSON. */
function bodyOf(call: ProbeCall): unknown {
  if (call.exchange === null || call.exchange.body === '') return undefined;
  try {
    return JSON.parse(call.exchange.body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Counts the text fields of {@link TEXT_FIELDS} in the probe's answers that hold a character reference
 * (see {@link EncodedNamesFinding}). The values themselves are never kept.
 */
export function encodedNames(calls: readonly ProbeCall[]): EncodedNamesFinding {
  const counts = new Map<string, EncodedField>();
  for (const call of calls) {
    const paths = TEXT_FIELDS[call.endpoint];
    const json = paths ? bodyOf(call) : undefined;
    if (!paths || json === undefined) continue;
    for (const field of paths) {
      const key = `${call.endpoint} ${field}`;
      const entry = counts.get(key) ?? {
        endpoint: call.endpoint,
        field,
        values: 0,
        encoded: 0,
        doubleEncoded: 0,
      };
      for (const text of textsAt(json, field)) {
        entry.values += 1;
        if (REFERENCE.test(text)) entry.encoded += 1;
        if (DOUBLE_REFERENCE.test(text)) entry.doubleEncoded += 1;
      }
      counts.set(key, entry);
    }
  }
  const byField = [...counts.values()].filter((entry) => entry.values > 0);
  const sum = (pick: (entry: EncodedField) => number) => byField.reduce((total, e) => total + pick(e), 0);
  const fields = sum((e) => e.values);
  const encoded = sum((e) => e.encoded);
  return {
    fields,
    encoded,
    doubleEncoded: sum((e) => e.doubleEncoded),
    byField,
    verdict: fields === 0 ? 'no-text' : encoded > 0 ? 'encoded' : 'plain',
  };
}

/**
 * The shape of one `/timetable` answer's `data`: `list` (lessons, as the app reads it), `empty-list` (`[]`: a
 * day without lessons, which tells nothing), `by-date` (an object whose keys are all `YYYY-MM-DD`), `other`
 * (anything else: an object with other keys, `null`, a string), `no-answer` (no JSON success came).
 */
export type TimetableShape = 'list' | 'empty-list' | 'by-date' | 'other' | 'no-answer';

/**
 * The timetable-shape finding: one shape per timetable asked (pupil 1-based), and the verdict over them:
 * `list`, `by-date` or `other` when every conclusive answer agrees, `mixed` when they do not, `empty` when
 * every answer was `[]` (ask again on a school day), `unknown` when none came.
 */
export interface TimetableShapeFinding {
  shapes: { pupil: number | null; shape: TimetableShape }[];
  verdict: 'list' | 'by-date' | 'other' | 'mixed' | 'empty' | 'unknown';
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The shape of one timetable answer's body (see {@link TimetableShape}). */
export function timetableShapeOf(json: unknown): TimetableShape {
  if (!isRecord(json) || json.success === 0 || json.success === '0' || json.success === false)
    return 'no-answer';
  const data = json.data;
  if (Array.isArray(data)) return data.length === 0 ? 'empty-list' : 'list';
  if (isRecord(data)) {
    const keys = Object.keys(data);
    return keys.length > 0 && keys.every((key) => ISO_DATE.test(key)) ? 'by-date' : 'other';
  }
  return 'other';
}

/** The shapes of the probe's `/timetable` answers (see {@link TimetableShapeFinding}). */
export function timetableShapes(calls: readonly ProbeCall[]): TimetableShapeFinding {
  const shapes = calls
    .filter((call) => call.endpoint === 'timetable' && call.date === undefined)
    .map((call) => ({ pupil: call.pupil, shape: timetableShapeOf(bodyOf(call)) }));
  const kinds = new Set(
    shapes
      .map((s) => s.shape)
      .filter((shape) => shape === 'list' || shape === 'by-date' || shape === 'other'),
  );
  const [only] = kinds;
  const verdict =
    kinds.size > 1
      ? 'mixed'
      : only !== undefined
        ? (only as 'list' | 'by-date' | 'other')
        : shapes.some((s) => s.shape === 'empty-list')
          ? 'empty'
          : 'unknown';
  return { shapes, verdict };
}
