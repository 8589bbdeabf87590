// Settings (merge, validation, lenient loading) and the contract schemas every transport validates with.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, INVOKE_CHANNELS } from '../../common/contract';
import { WEB_LINK_MAX_LENGTH } from '../../common/text';
import { createMemoryStore } from '../../main/adapters/memory-store';
import { InvalidRequestError, parseRequest, REQUEST_SCHEMAS } from '../../main/contract-schemas';
import {
  isAccelerator,
  loadSettings,
  mergeSettings,
  SETTINGS_STORE_KEY,
  settingsPatchSchema,
} from '../../main/settings';

describe('settings', () => {
  it('merges nested objects without losing siblings', () => {
    const next = mergeSettings(DEFAULT_SETTINGS, {
      notifications: { kinds: { badge: false }, quietHours: { enabled: true } },
      refreshIntervalMinutes: 30,
    });
    expect(next.notifications.kinds).toEqual({ ...DEFAULT_SETTINGS.notifications.kinds, badge: false });
    expect(next.notifications.quietHours).toEqual({ enabled: true, start: '21:00', end: '07:00' });
    expect(next.refreshIntervalMinutes).toBe(30);
    expect(DEFAULT_SETTINGS.notifications.kinds.badge).toBe(true); // not mutated
  });

  it('null clears the shortcut; undefined keeps it', () => {
    const set = mergeSettings(DEFAULT_SETTINGS, { shortcut: 'CommandOrControl+Shift+C' });
    expect(mergeSettings(set, {}).shortcut).toBe('CommandOrControl+Shift+C');
    expect(mergeSettings(set, { shortcut: null }).shortcut).toBeNull();
  });

  it.each([
    [{ refreshIntervalMinutes: 4 }],
    [{ refreshIntervalMinutes: 121 }],
    [{ refreshIntervalMinutes: 7.5 }],
    [{ notifications: { lessonReminderMinutes: 61 } }],
    [{ notifications: { homeworkDueHour: 24 } }],
    [{ notifications: { quietHours: { start: '25:00' } } }],
    [{ notifications: { kinds: { 'homework-old': true } } }],
    [{ theme: 'dark' }],
    [{ shortcut: 'C' }],
  ])('rejects an invalid patch %j', (patch) => {
    expect(settingsPatchSchema.safeParse(patch).success).toBe(false);
  });

  it.each([
    ['CommandOrControl+Shift+C', true],
    ['Alt+F5', true],
    ['Ctrl+Plus', true],
    ['Shift+Shift+C', false],
    ['C', false],
    ['Ctrl+', false],
    ['Ctrl+Banana', false],
  ])('accelerator %s valid = %s', (value, valid) => {
    expect(isAccelerator(value)).toBe(valid);
  });

  it('loads stored settings field by field: bad or unknown fields fall back to defaults', () => {
    const store = createMemoryStore({
      [SETTINGS_STORE_KEY]: {
        notifications: { enabled: false, homeworkDueHour: 99, kinds: { badge: false, future: true } },
        refreshIntervalMinutes: 45,
        shortcut: 12,
        unknown: 'x',
      },
    });
    const settings = loadSettings(store);
    expect(settings.notifications.enabled).toBe(false);
    expect(settings.notifications.homeworkDueHour).toBe(DEFAULT_SETTINGS.notifications.homeworkDueHour);
    expect(settings.notifications.kinds.badge).toBe(false);
    expect(settings.refreshIntervalMinutes).toBe(45);
    expect(settings.shortcut).toBeNull();
    expect(loadSettings(createMemoryStore({ [SETTINGS_STORE_KEY]: 'garbage' }))).toEqual(DEFAULT_SETTINGS);
    expect(loadSettings(createMemoryStore())).toEqual(DEFAULT_SETTINGS);
  });
});

describe('contract schemas', () => {
  it('has a schema for every invoke channel', () => {
    expect(Object.keys(REQUEST_SCHEMAS).sort()).toEqual([...INVOKE_CHANNELS].sort());
  });

  it.each([
    ['state:get', undefined],
    ['state:get', null],
    ['auth:login', { kind: 'student', code: ' demo2026 ', dateOfBirth: '14/05/2012', remember: true }],
    ['auth:login', { kind: 'parent', email: 'parent@example.com', password: 'demo-parent', remember: false }],
    ['auth:login', { kind: 'demo', as: 'parent' }],
    // Issue 25 §1: empty for a code-only pupil, and YYYY-MM-DD as the JSON login takes it.
    ['auth:login', { kind: 'student', code: 'NODOB2026', dateOfBirth: '', remember: true }],
    ['auth:login', { kind: 'student', code: 'DEMO2026', dateOfBirth: '2012-05-14', remember: true }],
    ['pupil:select', 4102571],
    ['day:get', { date: '2026-06-16' }],
    ['records:get', { kind: 'badges', pupilId: 4102571 }],
    ['homework:tick', { homeworkId: 5489177, ticked: true }],
    ['homework:tick', { homeworkId: 5489177, pupilId: 4102571, ticked: false }],
    ['records:get', { kind: 'attendance' }],
    ['settings:update', { launchAtLogin: true }],
    ['shell:open-external', 'https://www.classcharts.com/'],
  ] as const)('%s accepts %j', (channel, value) => {
    expect(() => parseRequest(channel, value)).not.toThrow();
  });

  it.each([
    ['state:get', { sneaky: true }],
    ['auth:login', { kind: 'student', code: '', dateOfBirth: '14/05/2012', remember: true }],
    ['auth:login', { kind: 'student', code: 'A', dateOfBirth: '14 May 2012', remember: true }],
    ['auth:login', { kind: 'parent', email: 'nobody', password: 'x', remember: true }],
    ['auth:login', { kind: 'demo', as: 'teacher' }],
    ['auth:login', { kind: 'student', code: 'A', dateOfBirth: '14/05/2012', remember: true, extra: 1 }],
    ['pupil:select', '4102571'],
    ['pupil:select', -1],
    ['day:get', { date: '2026-02-30' }],
    ['homework:tick', { homeworkId: 5489177 }],
    ['homework:tick', { homeworkId: '5489177', ticked: true }],
    ['homework:tick', { homeworkId: 0, ticked: true }],
    ['homework:tick', { homeworkId: 5489177, ticked: 'yes' }],
    ['homework:tick', { homeworkId: 5489177, ticked: true, statusId: 38416632 }],
    ['records:get', { kind: 'rewards' }],
    ['settings:update', { refreshIntervalMinutes: 1 }],
    ['shell:open-external', 'file:///etc/passwd'],
    ['shell:open-external', 'javascript:alert(1)'],
    ['shell:open-external', 'https://user:pw@example.com/'],
    ['popover:hide', 1],
  ] as const)('%s rejects %j with a message fit to show', (channel, value) => {
    expect(() => parseRequest(channel, value)).toThrow(InvalidRequestError);
  });

  // Issue 15 §3: a refused link says why. `https://school.example@evil.example/` goes to evil.example (the
  // part before `@` is a user name, WHATWG URL §4.4 "authority state"), so "only web links" would be wrong.
  it.each([
    ['javascript:alert(1)', 'Only web links (http or https) can be opened.'],
    ['https://school.example@evil.example/', 'This link was not opened: it hides its real address.'],
    ['https://user:pw@example.com/', 'This link was not opened: it hides its real address.'],
    [
      `https://example.org/?q=${'a'.repeat(100_000)}`,
      'This link was not opened: its address is too long (over 2,048 characters).',
    ],
  ])('shell:open-external refuses %s saying why', (url, message) => {
    expect(() => parseRequest('shell:open-external', url)).toThrow(message);
  });

  it('shell:open-external takes an address of exactly the longest length', () => {
    const url = `https://example.org/${'a'.repeat(WEB_LINK_MAX_LENGTH - 'https://example.org/'.length)}`;
    expect(url).toHaveLength(WEB_LINK_MAX_LENGTH);
    expect(parseRequest('shell:open-external', url)).toBe(url);
    expect(() => parseRequest('shell:open-external', `${url}a`)).toThrow(/too long/);
  });

  it('trims sign-in fields and never echoes the password in the error', () => {
    expect(
      parseRequest('auth:login', {
        kind: 'student',
        code: ' ab12 ',
        dateOfBirth: '1/5/2012 ',
        remember: false,
      }),
    ).toEqual({ kind: 'student', code: 'ab12', dateOfBirth: '1/5/2012', remember: false });
    try {
      parseRequest('auth:login', { kind: 'parent', email: 'x', password: 'hunter2-secret', remember: false });
      expect.unreachable();
    } catch (error) {
      expect(JSON.stringify(error) + String(error)).not.toContain('hunter2-secret');
      expect((error as InvalidRequestError).issues[0]?.path).toBe('email');
    }
  });
});
