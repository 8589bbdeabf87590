// The calendar feed's iCalendar text (main/calendar/ics.ts), read back with a strict parser (ical.js) as a
// calendar app would: lessons at the right London time on a BST day and a GMT day, with the zone's
// VTIMEZONE; homework all-day on its due date with its state; breaks left out; cover marked; the child's
// name in a family calendar; and the same data giving the same bytes and UIDs, a cancelled lesson vanishing.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Homework, Lesson } from '../../../common/domain';
import { buildCalendar, buildCalendarWithCounts, type PupilCalendarData } from '../../../main/calendar/ics';
import { homework, lesson, pupil } from '../../support/fixtures';

const STAMP = Date.parse('2026-06-08T00:00:00Z');
const jane = pupil();
const amelia = pupil({ id: 4102999, name: 'Amelia Smith', firstName: 'Amelia' });

/** A BST Monday and a GMT Monday, each with a lesson at 08:45, a break and (in June) a cover lesson. */
function janeLessons(): Lesson[] {
  return [
    lesson('2026-06-15', '08:45', '09:45', { room: 'U07', period: '1', periodName: 'AMon:1' }),
    lesson('2026-06-15', '10:45', '11:05', { subject: 'Break', isBreak: true, room: '', teacher: '' }),
    lesson('2026-06-15', '11:05', '12:05', {
      subject: 'Science',
      className: '10C/Sc1',
      room: 'S02',
      teacher: 'Ms A Lee',
      isAlternative: true,
    }),
    lesson('2026-11-23', '08:45', '09:45', { room: 'U08' }),
  ];
}

function janeHomework(): Homework[] {
  return [
    homework(5001, { title: 'Cell diagram', dueDate: '2026-06-18', status: 'todo' }),
    homework(5002, {
      title: 'Essay',
      subject: 'English',
      teacher: 'Mr B Cole',
      dueDate: '2026-06-19',
      status: 'late',
    }),
  ];
}

const janeData = (): PupilCalendarData => ({ pupil: jane, lessons: janeLessons(), homework: janeHomework() });

/** The parsed calendar: its VEVENTs by summary, and the VTIMEZONEs registered so times convert to UTC. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent');
  const bySummary = (summary: string) => {
    const found = events.filter((e) => e.getFirstPropertyValue('summary') === summary);
    expect(found, summary).toHaveLength(1);
    return found[0]!;
  };
  return { calendar, events, bySummary };
}

const text = (event: ICAL.Component, name: string) => String(event.getFirstPropertyValue(name));
const uids = (events: ICAL.Component[]) => events.map((e) => text(e, 'uid'));

describe('buildCalendar', () => {
  it('writes lessons in Europe/London local time with its VTIMEZONE, right on a BST and on a GMT day', () => {
    const { calendar, events } = parse(
      buildCalendar({ pupils: [janeData()], combined: false, stamp: STAMP }),
    );
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/London']);

    const maths = events.filter((e) => text(e, 'summary') === 'Mathematics');
    expect(maths).toHaveLength(2);
    const [june, november] = maths.map((e) => {
      const start = e.getFirstProperty('dtstart')!;
      const event = new ICAL.Event(e);
      return {
        tzid: start.getParameter('tzid'),
        local: event.startDate.toString(),
        utc: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toString(),
        location: text(e, 'location'),
      };
    });
    expect(june).toEqual({
      tzid: 'Europe/London',
      local: '2026-06-15T08:45:00',
      utc: '2026-06-15T07:45:00.000Z',
      end: '2026-06-15T09:45:00',
      location: 'U07',
    });
    expect(november).toEqual({
      tzid: 'Europe/London',
      local: '2026-11-23T08:45:00',
      utc: '2026-11-23T08:45:00.000Z',
      end: '2026-11-23T09:45:00',
      location: 'U08',
    });
  });

  it('puts period, class and teacher in the description, leaves breaks out and marks cover lessons', () => {
    const built = buildCalendarWithCounts({ pupils: [janeData()], combined: false, stamp: STAMP });
    const { events, bySummary } = parse(built.text);
    expect(built.counts).toEqual({ lessons: 3, homework: 2 });
    expect(events.some((e) => text(e, 'summary').includes('Break'))).toBe(false);

    const maths = events.find((e) => text(e, 'location') === 'U07')!;
    expect(text(maths, 'description')).toBe('Period: 1 (AMon:1)\nClass: 10C/Ma1\nTeacher: Mr J Doe');

    const cover = bySummary('Science (cover)');
    expect(text(cover, 'location')).toBe('S02');
    expect(text(cover, 'description')).toContain('Teacher: Ms A Lee');
    expect(text(cover, 'description')).toContain('Cover lesson');
    expect(text(maths, 'description')).not.toContain('Cover');
  });

  it('writes homework as all-day events on the due date with its state, subject and teacher', () => {
    const { bySummary } = parse(buildCalendar({ pupils: [janeData()], combined: false, stamp: STAMP }));
    const todo = bySummary('Science homework: Cell diagram (to do)');
    const start = todo.getFirstPropertyValue('dtstart') as ICAL.Time;
    const end = todo.getFirstPropertyValue('dtend') as ICAL.Time;
    expect([start.isDate, start.toString(), end.toString()]).toEqual([true, '2026-06-18', '2026-06-19']);
    expect(text(todo, 'description')).toContain('Subject: Science\nTeacher: Ms A Lee');
    expect(text(todo, 'transp')).toBe('TRANSPARENT');

    const late = bySummary('English homework: Essay (handed in late)');
    expect((late.getFirstPropertyValue('dtstart') as ICAL.Time).toString()).toBe('2026-06-19');
    expect(text(late, 'description')).toContain('State: handed in late');
  });

  it("names the calendar after the child, or the family with the child's name on each event", () => {
    const single = parse(buildCalendar({ pupils: [janeData()], combined: false, stamp: STAMP }));
    expect(single.calendar.getFirstPropertyValue('x-wr-calname')).toBe('ClassCharts – Jane');
    expect(single.calendar.getFirstPropertyValue('prodid')).toContain('ClassCharts Tray');

    const ameliaData = {
      pupil: amelia,
      lessons: [lesson('2026-06-15', '08:45', '09:45', { subject: 'Maths', className: '7A/Ma2' })],
      homework: [homework(5001, { subject: 'Art', title: 'Sketch' })],
    };
    const family = parse(buildCalendar({ pupils: [janeData(), ameliaData], combined: true, stamp: STAMP }));
    expect(family.calendar.getFirstPropertyValue('x-wr-calname')).toBe('ClassCharts – family');
    const maths = family.bySummary('Amelia: Maths');
    expect(text(maths, 'description')).toContain('Pupil: Amelia Smith');
    family.bySummary('Jane: Science (cover)');
    family.bySummary('Amelia: Art homework: Sketch (to do)');
    // The same homework id for two children (a class-wide task) stays two events.
    expect(new Set(uids(family.events)).size).toBe(family.events.length);
  });

  it('gives the same bytes and UIDs for the same data, in any order and any host time zone', () => {
    const first = buildCalendar({ pupils: [janeData()], combined: false, stamp: STAMP });
    const shuffled = { ...janeData(), lessons: janeLessons().reverse(), homework: janeHomework().reverse() };
    const hostZone = process.env.TZ;
    let second: string;
    try {
      process.env.TZ = 'Pacific/Auckland';
      second = buildCalendar({ pupils: [shuffled], combined: false, stamp: STAMP });
    } finally {
      if (hostZone === undefined) delete process.env.TZ;
      else process.env.TZ = hostZone;
    }
    expect(second).toBe(first);
    const { events } = parse(first);
    expect(uids(events)).toEqual([
      `lesson-${jane.id}-2026-06-15-${encodeURIComponent(janeLessons()[0]!.id)}@classcharts-tray`,
      `lesson-${jane.id}-2026-06-15-${encodeURIComponent(janeLessons()[2]!.id)}@classcharts-tray`,
      `lesson-${jane.id}-2026-11-23-${encodeURIComponent(janeLessons()[3]!.id)}@classcharts-tray`,
      `homework-${jane.id}-5001@classcharts-tray`,
      `homework-${jane.id}-5002@classcharts-tray`,
    ]);
    expect(events.map((e) => String(e.getFirstPropertyValue('dtstamp')))).toEqual(
      Array(5).fill('2026-06-08T00:00:00Z'),
    );
  });

  it('drops a cancelled lesson from the next text while every other event keeps its UID', () => {
    const before = parse(buildCalendar({ pupils: [janeData()], combined: false, stamp: STAMP })).events;
    const cancelled = janeLessons().filter((l) => l.subject !== 'Science');
    const after = parse(
      buildCalendar({ pupils: [{ ...janeData(), lessons: cancelled }], combined: false, stamp: STAMP }),
    ).events;
    expect(after.some((e) => text(e, 'summary').startsWith('Science ('))).toBe(false);
    const removed = before.find((e) => text(e, 'summary') === 'Science (cover)')!;
    expect(uids(after)).toEqual(uids(before).filter((uid) => uid !== text(removed, 'uid')));
  });

  it('leaves out what cannot be placed: a lesson without times, homework without a due date', () => {
    const built = buildCalendarWithCounts({
      pupils: [
        {
          pupil: jane,
          lessons: [{ ...lesson('2026-06-15', '08:45', '09:45'), start: null }],
          homework: [homework(5003, { dueDate: null })],
        },
      ],
      combined: false,
      stamp: STAMP,
    });
    expect(built.counts).toEqual({ lessons: 0, homework: 0 });
    expect(parse(built.text).events).toHaveLength(0);
  });
});
