/**
 * A busy school year at a scale (issue 30): the demo dataset (./dataset.ts) grown to a parent of 1, 3 or 6
 * pupils (scale 1, 10, 100), each with 50 × scale homeworks, 200 × scale behaviour points and 20 × scale
 * announcements of about 5 KB of HTML, spread over the school year from 1 September to three weeks after
 * `today`. The bench's scale group (test/bench/scale.ts) and `fake-server --busy-year N` serve it.
 *
 * Each pupil is the demo student (timetable, badges, detentions, attendance) under its own id and name;
 * records are the demo's, repeated with new ids and dates. The demo student's and the demo parent's logins
 * stay as they are: the student sees the first pupil, the parent every one. Deterministic: the same
 * arguments give the same data.
 */
import { addDays } from '../../common/dates';
import { generateDataset } from './dataset';
import { pupilCounters } from './dataset-pupil-records';
import type { FakeDataset, FakePupilData, IsoDate } from './types';

/** Options of {@link busyYearDataset}. */
export interface BusyYearOptions {
  /** 1, 10 or 100 (any whole number ≥ 1: pupils 1 below 10, 3 below 100, else 6). */
  scale: number;
  /** The `YYYY-MM-DD` (Europe/London) the data is built around. */
  today: IsoDate;
  /** PRNG seed of the demo dataset it grows; default 2026. */
  seed?: number;
}

/** How many pupils the parent has at a scale: 1, 3, 6 (a family at 1×, 10×, 100×; issue 30). */
export function busyYearPupils(scale: number): number {
  return scale >= 100 ? 6 : scale >= 10 ? 3 : 1;
}

const FIRST_NAMES = ['Amelia', 'Oliver', 'Isla', 'Noah', 'Ava', 'Leo'];
/** About 5 KB of announcement HTML: a letter home of a few paragraphs and a list. */
const LETTER = [
  '<p>Dear parents and carers,</p>',
  ...Array.from(
    { length: 15 },
    (_, i) =>
      `<p>Paragraph ${i + 1}: the school would like to share some news about the coming weeks. Please read ` +
      'this letter carefully, note the dates below and speak to your child about what they need to bring. ' +
      'If you have any questions, contact the school office or your child’s tutor.</p>',
  ),
  '<ul>',
  ...Array.from({ length: 12 }, (_, i) => `<li>Item ${i + 1}: a date, a place and what to bring.</li>`),
  '</ul>',
  '<p>Thank you for your support.</p>',
].join('');

/**
 * Dates spread evenly from `from` to `to` for `count` records, the first at `from` (YYYY-MM-DD).
 * `index` is the record's place (0 … count − 1).
 */
function spread(from: IsoDate, to: IsoDate, count: number, index: number): IsoDate {
  const days = Math.max(1, Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000));
  return addDays(from, Math.floor((index * days) / count));
}

/**
 * The busy-year dataset at `scale` around `today` (see the module comment). A fresh copy each call.
 * @throws RangeError as {@link generateDataset} for a `today` outside the demo years.
 */
export function busyYearDataset(options: BusyYearOptions): FakeDataset {
  const { scale, today } = options;
  if (!Number.isInteger(scale) || scale < 1) throw new RangeError('scale: a whole number ≥ 1');
  const base = generateDataset({ seed: options.seed ?? 2026, today });
  const template = base.pupils.find((p) => p.pupil.id === base.students[0]!.pupilId)!;
  const year = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) < 9 ? 1 : 0);
  const from: IsoDate = `${year}-09-01`;
  const to = addDays(today, 21);

  const pupils: FakePupilData[] = Array.from({ length: busyYearPupils(scale) }, (_, p) => {
    const id = template.pupil.id + p * 1000;
    const first = FIRST_NAMES[p % FIRST_NAMES.length]!;
    const data: FakePupilData = structuredClone(template);
    data.pupil = { ...data.pupil, id, first_name: first, name: `${first} ${data.pupil.last_name}` };
    const homeworks = 50 * scale;
    data.homeworks = Array.from({ length: homeworks }, (_, i) => {
      const source = template.homeworks[i % template.homeworks.length]!;
      const issued = spread(from, to, homeworks, i);
      return {
        ...structuredClone(source),
        id: id * 100_000 + i,
        issue_date: issued,
        due_date: addDays(issued, 7),
      };
    });
    const points = 200 * scale;
    data.activity = Array.from({ length: points }, (_, i) => {
      const source = template.activity[i % template.activity.length]!;
      return {
        ...structuredClone(source),
        id: id * 1_000_000 + i,
        timestamp: `${spread(from, today, points, i)} ${source.timestamp.slice(11)}`,
      };
    });
    const announcements = 20 * scale;
    data.announcements = Array.from({ length: announcements }, (_, i) => {
      const source = template.announcements[i % template.announcements.length]!;
      return {
        ...structuredClone(source),
        id: id * 10_000 + i,
        title: `${source.title} (${i + 1})`,
        description: LETTER,
        timestamp: `${spread(from, today, announcements, i)}T08:30:00+00:00`,
      };
    });
    Object.assign(data.pupil, pupilCounters(data));
    return data;
  });

  return {
    ...base,
    students: [{ ...base.students[0]!, pupilId: pupils[0]!.pupil.id }],
    parents: [{ ...base.parents[0]!, pupilIds: pupils.map((p) => p.pupil.id) }],
    pupils,
  };
}
