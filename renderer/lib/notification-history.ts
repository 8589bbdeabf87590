/**
 * The words of the notification history (views/Notifications.svelte, issue 28 §4): a short label of each
 * notification kind and when it came, in Europe/London. Imported by the history's chunk only.
 */
import type { Instant, NotificationKind } from '../../common/contract';
import { addDays, londonDate, londonTime, parseInstant } from '../../common/dates';
import { formatDayShort } from './format';

/** A short label of each kind, shown above the notification's title. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  'homework-new': 'Homework',
  'homework-due': 'Homework',
  'detention-new': 'Detention',
  'detention-today': 'Detention',
  announcement: 'Announcement',
  'behaviour-positive': 'Behaviour',
  'behaviour-negative': 'Behaviour',
  badge: 'Badge',
  'lesson-soon': 'Lesson',
  'lesson-change': 'Timetable',
};

/**
 * When a notification came, relative to `now` (epoch ms), Europe/London: `Today 16:05`, `Yesterday 16:05`,
 * else the day, `Mon 23 Nov`. A malformed instant gives `''`.
 */
export function historyTime(at: Instant, now: number): string {
  const ms = parseInstant(at);
  if (ms === null) return '';
  const day = londonDate(ms);
  const today = londonDate(now);
  if (day === today) return `Today ${londonTime(ms)}`;
  if (day === addDays(today, -1)) return `Yesterday ${londonTime(ms)}`;
  return formatDayShort(day);
}
