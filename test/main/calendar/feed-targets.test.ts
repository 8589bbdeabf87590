// Where the app's calendar feed goes (main/calendar/feed-targets.ts) and which paths the settings take
// (main/settings.ts): a parent's per-child files are named after each child, a clash of first names adds
// the pupil id, only an absolute path to an .ics file is kept, and only main's own dialog sets it.
import { describe, expect, it } from 'vitest';
import { pupilSlugs } from '../../../common/pupil-slugs';
import { feedTargets, feedUrlPath, targetFilePath } from '../../../main/calendar/feed-targets';
import { DEFAULT_SETTINGS } from '../../../common/contract';
import { parseRequest } from '../../../main/contract-schemas';
import { mergeSettings } from '../../../main/settings';
import { pupil } from '../../support/fixtures';

const amelie = pupil({ id: 11, firstName: 'Amélie Rose' });
const sam = pupil({ id: 12, firstName: 'Sam' });
const otherSam = pupil({ id: 13, firstName: 'sam' });

describe('per-child calendars', () => {
  it('are named after each child, with the pupil id only where two names clash', () => {
    const slugs = pupilSlugs([amelie, sam, otherSam]);
    const files = feedTargets([amelie, sam, otherSam], true).map((t) =>
      targetFilePath('/home/a/classcharts.ics', t, slugs),
    );
    expect(files).toEqual([
      '/home/a/classcharts-amelie-rose.ics',
      '/home/a/classcharts-sam-12.ics',
      '/home/a/classcharts-sam-13.ics',
    ]);
  });

  it('a family calendar is the chosen file and the plain URL', () => {
    const [family] = feedTargets([amelie, sam], false);
    expect(targetFilePath('/home/a/classcharts.ics', family!, pupilSlugs([amelie, sam]))).toBe(
      '/home/a/classcharts.ics',
    );
    expect(feedUrlPath('s3cr3t', null)).toBe('/s3cr3t/calendar.ics');
    expect(feedUrlPath('s3cr3t', 12)).toBe('/s3cr3t/12/calendar.ics');
  });
});

describe('the calendar file in the settings', () => {
  // What main keeps from its own save dialog (`calendar:choose-file` merges it into the settings).
  const kept = (filePath: string) => () =>
    mergeSettings(DEFAULT_SETTINGS, { calendar: { filePath } }).calendar.filePath;

  it('keeps an absolute path to an .ics file', () => {
    expect(kept('/home/a/cal.ics')()).toBe('/home/a/cal.ics');
    expect(kept('C:\\Users\\a\\cal.ICS')()).toBe('C:\\Users\\a\\cal.ICS');
  });

  it('refuses a relative path or another kind of file, saying why', () => {
    expect(kept('cal.ics')).toThrow('Choose the calendar file with its full path (from the top folder).');
    expect(kept('/home/a/cal.txt')).toThrow('The calendar file\u2019s name must end in .ics.');
    expect(kept('/home/a/.ics')).toThrow('must end in .ics');
  });

  it('takes no path from the popover: settings:update may only stop the file', () => {
    const update = (filePath: string | null) => () =>
      parseRequest('settings:update', { calendar: { filePath } });
    expect(update('/home/a/cal.ics')).toThrow();
    expect(update(null)()).toEqual({ calendar: { filePath: null } });
  });
});
