/**
 * Words notifications: title, body and where a click leads, for each fact the rules find (./rules.ts).
 * Privacy mode uses generic wording that names no subject, reason, teacher, room or score ("New behaviour
 * update"), for a screen others can see. On a parent account each title starts with the pupil's first
 * name — except in privacy mode, which names no pupil either (first or full name, title or body): the
 * notification's `pupilId` still tells the app which child it is about, and a click opens the popover on
 * that child (docs/notes/core.md, Decisions). Pure; Europe/London dates.
 */
import type { NavigateTarget } from '../../common/contract';
import { addDays, londonDate } from '../../common/dates';
import type { IsoDate } from '../../common/domain';
import type { AppNotification } from '../ports';
import type { Candidate, NotifyFact } from './rules';

/** Options of {@link wordNotification}. */
export interface WordingOptions {
  /** Generic wording: no subject, title, reason, teacher, room, score — and no pupil's name. */
  privacy: boolean;
  /** Prefix titles with the pupil's first name (parent accounts); ignored in privacy mode. */
  namePupil: boolean;
  now: number;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** `today`, `tomorrow`, or e.g. `Mon 15 Jun` for a `YYYY-MM-DD` date relative to `now` (Europe/London). */
export function dayLabel(date: IsoDate | null, now: number): string {
  if (date === null) return 'soon';
  const today = londonDate(now);
  if (date === today) return 'today';
  if (date === addDays(today, 1)) return 'tomorrow';
  const [y, m, d] = date.split('-').map(Number);
  return DAY_FORMAT.format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
}

function joinParts(parts: (string | null | undefined)[], separator = ' · '): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(separator);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

interface Words {
  title: string;
  body: string;
  target: NavigateTarget;
}

function detailed(fact: NotifyFact, now: number): Words {
  switch (fact.kind) {
    case 'homework-new': {
      const h = fact.homework;
      return {
        title: 'New homework',
        body: `${joinParts([h.subject ?? h.className, h.title], ': ')} — due ${dayLabel(h.dueDate, now)}`,
        target: { view: 'homework', homeworkId: h.id },
      };
    }
    case 'homework-due': {
      const h = fact.homework;
      return {
        title: 'Homework due tomorrow',
        body: joinParts([h.subject ?? h.className, h.title], ': '),
        target: { view: 'homework', homeworkId: h.id },
      };
    }
    case 'detention-new': {
      const d = fact.detention;
      return {
        title: 'New detention',
        body: joinParts([
          joinParts([dayLabel(d.date, now), d.time], ' '),
          d.location,
          d.lengthMinutes === null ? null : `${d.lengthMinutes} min`,
          d.reason,
        ]),
        target: { view: 'more', kind: 'detentions', itemId: d.id },
      };
    }
    case 'detention-today': {
      const d = fact.detention;
      return {
        title: 'Detention today',
        body:
          joinParts([d.time, d.location, d.lengthMinutes === null ? null : `${d.lengthMinutes} min`]) ||
          'Check the time and place with your school.',
        target: { view: 'more', kind: 'detentions', itemId: d.id },
      };
    }
    case 'detention-soon': {
      const d = fact.detention;
      return {
        title: `Detention in ${plural(fact.minutes, 'minute', 'minutes')}`,
        body: joinParts([
          d.location ?? 'Check the place with your school',
          d.time,
          d.lengthMinutes === null ? null : `${d.lengthMinutes} min`,
        ]),
        target: { view: 'more', kind: 'detentions', itemId: d.id },
      };
    }
    case 'announcement':
      return {
        title: 'New announcement',
        body: joinParts([fact.announcement.title, fact.announcement.teacher], ' — '),
        target: { view: 'more', kind: 'announcements', itemId: fact.announcement.id },
      };
    case 'behaviour-positive':
    case 'behaviour-negative': {
      const p = fact.point;
      const score = p.score > 0 ? `+${p.score}` : String(p.score);
      return {
        title: fact.kind === 'behaviour-positive' ? 'Positive behaviour point' : 'Behaviour point',
        body: joinParts([`${p.reason} (${score})`, p.teacher, p.className]),
        target: { view: 'more', kind: 'activity', itemId: p.id },
      };
    }
    case 'badge':
      return {
        title: 'New badge',
        body: fact.badge.name,
        target: { view: 'more', kind: 'badges', itemId: fact.badge.id },
      };
    case 'lesson-soon': {
      const l = fact.lesson;
      return {
        title: `${l.subject} in ${plural(fact.minutes, 'minute', 'minutes')}`,
        body: joinParts([l.room ? `Room ${l.room}` : null, l.teacher, l.period]),
        target: { view: 'today' },
      };
    }
    case 'lesson-change': {
      const l = fact.lesson;
      const moved = `${l.subject} (${l.period}) is now in ${l.room}${fact.previousRoom ? `, not ${fact.previousRoom}` : ''}`;
      if (fact.change === 'room') return { title: 'Room change', body: moved, target: { view: 'today' } };
      // A cover lesson that also moved room says both, in one notification.
      return fact.previousRoom === null
        ? {
            title: 'Cover lesson',
            body: joinParts([`${l.subject} (${l.period})`, l.room ? `Room ${l.room}` : null, l.teacher]),
            target: { view: 'today' },
          }
        : {
            title: 'Cover lesson, room change',
            body: joinParts([moved, l.teacher]),
            target: { view: 'today' },
          };
    }
  }
}

function generic(fact: NotifyFact, now: number): Words {
  const words = detailed(fact, now);
  switch (fact.kind) {
    case 'homework-new': {
      // The due day is no secret (the due reminder says it too), and it is why this one matters now.
      const due = dayLabel(fact.homework.dueDate, now);
      const urgent = due === 'today' || due === 'tomorrow';
      return {
        ...words,
        title: 'New homework',
        body: `New homework has been set${urgent ? `, due ${due}` : ''}.`,
      };
    }
    case 'homework-due':
      return { ...words, title: 'Homework due tomorrow', body: 'Some homework is due tomorrow.' };
    case 'detention-new':
    case 'behaviour-positive':
    case 'behaviour-negative':
      return { ...words, title: 'New behaviour update', body: 'Open ClassCharts Tray for details.' };
    case 'detention-today':
      return { ...words, title: 'Reminder for today', body: 'Open ClassCharts Tray for details.' };
    case 'detention-soon':
      return {
        ...words,
        title: 'Reminder',
        body: `Starts in ${plural(fact.minutes, 'minute', 'minutes')}. Open ClassCharts Tray for details.`,
      };
    case 'announcement':
      return { ...words, title: 'New announcement', body: 'The school posted an announcement.' };
    case 'badge':
      return { ...words, title: 'New achievement', body: 'Open ClassCharts Tray for details.' };
    case 'lesson-soon':
      return {
        ...words,
        title: 'Lesson starting soon',
        body: `The next lesson starts in ${plural(fact.minutes, 'minute', 'minutes')}.`,
      };
    case 'lesson-change':
      return { ...words, title: 'Timetable change', body: 'A lesson today has changed.' };
  }
}

/** `title`, prefixed with the pupil's first name when the options ask for it and privacy mode is off. */
function titleFor(title: string, pupil: Candidate['pupil'], options: WordingOptions): string {
  return options.namePupil && !options.privacy ? `${pupil.firstName}: ${title}` : title;
}

/** The notification for one candidate, worded per the options. */
export function wordNotification(candidate: Candidate, options: WordingOptions): AppNotification {
  const words = options.privacy
    ? generic(candidate.fact, options.now)
    : detailed(candidate.fact, options.now);
  return {
    id: candidate.id,
    kind: candidate.kind,
    pupilId: candidate.pupil.id,
    title: titleFor(words.title, candidate.pupil, options),
    body: words.body,
    target: words.target,
  };
}

/** Titles of the summary that stands for several notifications of one kind at once. */
const SUMMARY_TITLES: Record<NotifyFact['kind'], (n: number) => string> = {
  'homework-new': (n) => `${plural(n, 'new homework', 'new homework tasks')}`,
  'homework-due': (n) => `${plural(n, 'homework task', 'homework tasks')} due tomorrow`,
  'detention-new': (n) => `${plural(n, 'new detention', 'new detentions')}`,
  'detention-today': (n) => `${plural(n, 'detention', 'detentions')} today`,
  'detention-soon': (n) => `${plural(n, 'detention', 'detentions')} starting soon`,
  announcement: (n) => `${plural(n, 'new announcement', 'new announcements')}`,
  'behaviour-positive': (n) => `${plural(n, 'positive behaviour point', 'positive behaviour points')}`,
  'behaviour-negative': (n) => `${plural(n, 'behaviour point', 'behaviour points')}`,
  badge: (n) => `${plural(n, 'new badge', 'new badges')}`,
  'lesson-soon': (n) => `${plural(n, 'lesson', 'lessons')} starting soon`,
  'lesson-change': (n) => `${plural(n, 'timetable change', 'timetable changes')}`,
};

/**
 * One notification standing for several candidates of the same kind and pupil (so a burst after a long
 * sleep is one line, not ten). Its id is the first candidate's id plus `:summary:<count>`. In privacy mode
 * the title is the generic one with the count.
 */
export function wordSummary(candidates: readonly Candidate[], options: WordingOptions): AppNotification {
  const first = candidates[0];
  if (first === undefined) throw new RangeError('wordSummary needs at least one candidate');
  const words = detailed(first.fact, options.now);
  const titleText = options.privacy
    ? `${generic(first.fact, options.now).title} (${candidates.length})`
    : SUMMARY_TITLES[first.kind](candidates.length);
  const title = titleText.charAt(0).toUpperCase() + titleText.slice(1);
  const generalTarget: NavigateTarget =
    words.target.view === 'more'
      ? { view: 'more', kind: words.target.kind }
      : words.target.view === 'homework'
        ? { view: 'homework' }
        : words.target;
  return {
    id: `${first.id}:summary:${candidates.length}`,
    kind: first.kind,
    pupilId: first.pupil.id,
    title: titleFor(title, first.pupil, options),
    body: options.privacy ? 'Open ClassCharts Tray for details.' : 'Open ClassCharts Tray to see them.',
    target: generalTarget,
  };
}
