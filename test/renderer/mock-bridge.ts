/**
 * A hand-written bridge for component tests: the real createBridge (common/contract/bridge.ts) over a direct
 * transport into handlers a test can replace, with every call recorded and main's events emitted on demand.
 */
import { announcementSummary } from '../../main/sync/read-announcements';
import { createBridge } from '../../common/contract/bridge';
import type {
  Announcement,
  AppState,
  ClassChartsApi,
  ContractHandlers,
  DayView,
  EventChannel,
  HomeworkSummary,
  EventChannels,
  InvokeChannel,
  NavigateTarget,
  RecordsRequest,
  RecordsResult,
  Settings,
  SettingsPatch,
} from '../../common/contract';
import { november } from '../support/fixtures';

/** One recorded invoke. */
export interface Call {
  channel: InvokeChannel;
  request: unknown;
}

/** The mock: the API for the store, plus controls for the test. */
export interface MockBridge {
  api: ClassChartsApi;
  calls: Call[];
  /** Handlers by channel; replace one to change an answer. */
  handlers: ContractHandlers;
  /** The snapshot `state:get` answers with. */
  state: AppState;
  /** Replaces the snapshot and emits `state:changed`. */
  emitState(state: AppState): void;
  /** Emits `ui:navigate`. */
  navigate(target: NavigateTarget): void;
  /** Requests sent on one channel. */
  requestsOf(channel: InvokeChannel): unknown[];
}

/** Applies a settings patch the way main would (nested objects merge). */
export function mergeSettings(settings: Settings, patch: SettingsPatch): Settings {
  const { kinds, quietHours, ...notifications } = patch.notifications ?? {};
  return {
    ...settings,
    ...(patch.refreshIntervalMinutes !== undefined
      ? { refreshIntervalMinutes: patch.refreshIntervalMinutes }
      : {}),
    ...(patch.launchAtLogin !== undefined ? { launchAtLogin: patch.launchAtLogin } : {}),
    ...(patch.shortcut !== undefined ? { shortcut: patch.shortcut } : {}),
    ...(patch.calendar !== undefined ? { calendar: { ...settings.calendar, ...patch.calendar } } : {}),
    notifications: {
      ...settings.notifications,
      ...notifications,
      kinds: { ...settings.notifications.kinds, ...kinds },
      quietHours: { ...settings.notifications.quietHours, ...quietHours },
    },
  };
}

/** Default records for More. */
export function defaultRecords(request: RecordsRequest): RecordsResult {
  const pupilId = request.pupilId ?? 4102571;
  const fetchedAt = new Date(november.NOW).toISOString();
  switch (request.kind) {
    case 'behaviour':
    case 'activity':
      return {
        kind: 'behaviour',
        pupilId,
        fetchedAt,
        summary: {
          weeks: [
            { start: '2026-11-16', end: '2026-11-22', positive: 9, negative: 2 },
            { start: '2026-11-23', end: '2026-11-29', positive: 4, negative: 1 },
          ],
          positiveReasons: { 'Great work': 3 },
          negativeReasons: { 'Late to lesson': 1 },
          totalPositive: 13,
          totalNegative: 3,
        },
        recent: [
          {
            id: 1,
            type: 'behaviour',
            polarity: 'positive',
            reason: 'Great work',
            score: 2,
            timestamp: '2026-11-23T09:30:00+00:00',
            teacher: 'Mr J Doe',
            className: '10C/Ma1',
            room: 'U07',
            note: null,
          },
          {
            id: 2,
            type: 'behaviour',
            polarity: 'negative',
            reason: 'Late to lesson',
            score: -1,
            timestamp: '2026-11-20T13:10:00+00:00',
            teacher: 'Mrs B Patel',
            className: '10C/En1',
            room: 'E12',
            note: null,
          },
        ],
      };
    case 'detentions':
      return {
        kind: 'detentions',
        pupilId,
        fetchedAt,
        items: [
          {
            id: 77,
            status: 'pending',
            date: '2026-11-25',
            time: '15:30',
            start: '2026-11-25T15:30:00+00:00',
            lengthMinutes: 30,
            location: 'Room H2',
            reason: 'Homework not handed in',
            teacher: 'Mr J Doe',
            subject: 'Mathematics',
            type: 'After school',
          },
        ],
      };
    case 'badges':
      return {
        kind: 'badges',
        pupilId,
        fetchedAt,
        items: [
          {
            id: 5,
            name: 'Star Reader',
            iconUrl: 'https://example.org/badge.png',
            colour: '#f5a623',
            createdAt: '2026-11-10T00:00:00+00:00',
            events: [
              { timestamp: null, reason: 'Reading challenge', label: 'Reading', teacher: 'Ms A Khan' },
            ],
          },
        ],
      };
    case 'announcements':
      return {
        kind: 'announcements',
        pupilId,
        fetchedAt,
        items: MOCK_ANNOUNCEMENTS.map(announcementSummary),
      };
    case 'attendance':
      return {
        kind: 'attendance',
        pupilId,
        fetchedAt,
        from: '2026-11-23',
        to: '2026-11-23',
        attendance: {
          days: [
            {
              date: '2026-11-23',
              marks: [
                { session: 'AM', code: 'L', status: 'late', lateMinutes: 8, lesson: null, room: null },
                { session: 'PM', code: '', status: 'unknown', lateMinutes: null, lesson: null, room: null },
              ],
            },
          ],
          sessions: ['AM', 'PM'],
          percentage: 50,
          percentageSinceAugust: 95.2,
        },
      };
  }
}

/** The announcements the mock lists (`records:get` sends their summaries, `announcement:get` a body). */
export const MOCK_ANNOUNCEMENTS: Announcement[] = [
  {
    id: 900,
    title: 'School trip to the museum',
    descriptionHtml: '<p>Please give consent.</p><script>window.__pwned = true</script>',
    teacher: 'Mrs D Head',
    school: 'Demo Academy',
    timestamp: '2026-11-18T08:00:00+00:00',
    unread: true,
    pinned: true,
    requiresConsent: true,
    consentGiven: null,
    attachments: [{ name: 'letter.pdf', url: 'https://example.org/letter.pdf' }],
  },
  {
    id: 901,
    title: 'Early closing on Friday',
    descriptionHtml: '<p>School closes at 13:00.</p>',
    teacher: 'Mrs D Head',
    school: 'Demo Academy',
    timestamp: '2026-11-19T08:00:00+00:00',
    unread: false,
    pinned: false,
    requiresConsent: false,
    consentGiven: null,
    attachments: [],
  },
];

/**
 * `homework:tick` as main answers it: the homework (from the snapshot's groups) with its new status, and a
 * `state:changed` showing it. @throws Error "That homework is not in the list any more." for an unknown id.
 */
export function tickInState(mock: MockBridge, homeworkId: number, ticked: boolean): HomeworkSummary {
  const found = mock.state.homework.flatMap((g) => g.items).find((h) => h.id === homeworkId);
  if (!found) throw new Error('That homework is not in the list any more.');
  const updated: HomeworkSummary = { ...found, status: ticked ? 'ticked' : 'todo' };
  mock.emitState({
    ...mock.state,
    homework: mock.state.homework.map((g) => ({
      ...g,
      items: g.items.map((h) => (h.id === homeworkId ? updated : h)),
    })),
  });
  return structuredClone(updated);
}

/** Creates a mock bridge answering from `state`; handlers may be overridden through `handlers`. */
export function createMockBridge(initial: AppState): MockBridge {
  const listeners = new Map<EventChannel, Set<(payload: never) => void>>();
  const calls: Call[] = [];
  const emit = <E extends EventChannel>(channel: E, payload: EventChannels[E]) => {
    for (const listener of listeners.get(channel) ?? []) (listener as (p: EventChannels[E]) => void)(payload);
  };

  const mock: MockBridge = {
    api: undefined as unknown as ClassChartsApi,
    calls,
    state: initial,
    handlers: {
      'state:get': async () => structuredClone(mock.state),
      'auth:login': async () => ({ ok: true }),
      'auth:logout': async () => undefined,
      'pupil:select': async (id) => {
        mock.emitState({ ...mock.state, selectedPupilId: id });
      },
      'sync:refresh': async () => undefined,
      'day:get': async ({ date }): Promise<DayView> => ({
        date,
        lessons: [],
        minutesToNext: null,
        rotaWeek: null,
      }),
      'records:get': async (request) => defaultRecords(request),
      'homework:tick': async ({ homeworkId, ticked }) => tickInState(mock, homeworkId, ticked),
      'settings:update': async (patch) => {
        const settings = mergeSettings(mock.state.settings, patch);
        mock.state = { ...mock.state, settings };
        return structuredClone(settings);
      },
      'shell:open-external': async () => undefined,
      'attachment:open': async () => ({ action: 'opened' }),
      'attachment:reveal': async () => undefined,
      'announcement:read': async () => undefined,
      'homework:get': async ({ homeworkId }) => {
        const listed = mock.state.homework.some((g) => g.items.some((h) => h.id === homeworkId));
        const descriptionHtml = november.HOMEWORK_DESCRIPTIONS.get(homeworkId);
        if (!listed || descriptionHtml === undefined)
          throw new Error('That homework is not in the list any more.');
        return { id: homeworkId, descriptionHtml };
      },
      'announcement:get': async ({ announcementId }) => {
        const found = MOCK_ANNOUNCEMENTS.find((a) => a.id === announcementId);
        if (!found) throw new Error('That announcement is no longer listed. Refresh and try again.');
        return { id: found.id, descriptionHtml: found.descriptionHtml };
      },
      'popover:hide': async () => undefined,
      'calendar:choose-file': async () => {
        const settings = mergeSettings(mock.state.settings, {
          calendar: { filePath: '/home/pupil/Calendars/classcharts.ics' },
        });
        mock.state = { ...mock.state, settings };
        return structuredClone(settings);
      },
      'calendar:copy-url': async () => undefined,
      'calendar:renew-secret': async () => undefined,
      'notifications:history': async () => ({ entries: [], unseen: 0 }),
    },
    emitState(state) {
      mock.state = state;
      emit('state:changed', structuredClone(state));
    },
    navigate(target) {
      emit('ui:navigate', target);
    },
    requestsOf(channel) {
      return calls.filter((c) => c.channel === channel).map((c) => c.request);
    },
  };

  mock.api = createBridge({
    invoke(channel, request) {
      calls.push({ channel, request });
      const handler = mock.handlers[channel] as (r: unknown) => Promise<never>;
      return handler(request);
    },
    on(channel, listener) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
  });
  return mock;
}
