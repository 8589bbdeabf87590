/**
 * The contract's channels: what the renderer may invoke and the events main sends, each with its request
 * and response type, the bridge's method names, and the handler table main implements. Carried over
 * Electron IPC (preload/index.ts) or a WebSocket (the preview), always through createBridge (./bridge.ts).
 */
import type {
  AnnouncementBody,
  AnnouncementReadRequest,
  AttachmentOutcome,
  AttachmentRequest,
  CalendarUrlRequest,
  DayRequest,
  HomeworkTickRequest,
  LoginRequest,
  LoginResult,
  NavigateTarget,
  NotificationHistory,
  RecordsRequest,
  RecordsResult,
} from './messages';
import type { Settings, SettingsPatch } from './settings';
import type { AppState, DayView, HomeworkBody, HomeworkRequest, HomeworkSummary } from './view-model';

/**
 * Request/response channels (renderer → main). Each entry: the single argument (`void` for none)
 * and the resolved value. A rejected promise carries an Error whose message is fit to show.
 */
export interface InvokeChannels {
  'state:get': { request: void; response: AppState };
  'auth:login': { request: LoginRequest; response: LoginResult };
  'auth:logout': { request: void; response: void };
  'pupil:select': { request: number; response: void };
  'sync:refresh': { request: void; response: void };
  'day:get': { request: DayRequest; response: DayView };
  'records:get': { request: RecordsRequest; response: RecordsResult };
  'homework:tick': { request: HomeworkTickRequest; response: HomeworkSummary };
  'homework:get': { request: HomeworkRequest; response: HomeworkBody };
  'settings:update': { request: SettingsPatch; response: Settings };
  'shell:open-external': { request: string; response: void };
  'attachment:open': { request: AttachmentRequest; response: AttachmentOutcome };
  /** Shows the copy `attachment:open` saved to Downloads in the file manager; rejects when there is none. */
  'attachment:reveal': { request: AttachmentRequest; response: void };
  'announcement:read': { request: AnnouncementReadRequest; response: void };
  'announcement:get': { request: AnnouncementReadRequest; response: AnnouncementBody };
  'popover:hide': { request: void; response: void };
  /**
   * Shows a save dialog for the calendar file, keeps the path in the settings and writes the feed at once;
   * resolves with the settings (unchanged when cancelled). Rejects where there is no dialog (the preview).
   */
  'calendar:choose-file': { request: void; response: Settings };
  /** Copies the calendar feed's URL to the clipboard in main (the URL never crosses IPC). */
  'calendar:copy-url': { request: CalendarUrlRequest; response: void };
  /** Makes a new secret for the feed's URL: the old URL stops answering at once. */
  'calendar:renew-secret': { request: void; response: void };
  /** The notification history, newest first; marks every entry seen (messages.ts `NotificationHistory`). */
  'notifications:history': { request: void; response: NotificationHistory };
}

/** Event channels (main → renderer) and their payloads. */
export interface EventChannels {
  'state:changed': AppState;
  'ui:navigate': NavigateTarget;
}

/** The name of a request/response channel (renderer → main), e.g. `day:get`. */
export type InvokeChannel = keyof InvokeChannels;
/** The name of an event channel (main → renderer), e.g. `state:changed`. */
export type EventChannel = keyof EventChannels;
/** The single argument channel `C` takes (`void` for none). */
export type RequestOf<C extends InvokeChannel> = InvokeChannels[C]['request'];
/** What channel `C` resolves with. */
export type ResponseOf<C extends InvokeChannel> = InvokeChannels[C]['response'];

/** Every invoke channel, for registering handlers and the exhaustiveness checks. */
export const INVOKE_CHANNELS = [
  'state:get',
  'auth:login',
  'auth:logout',
  'pupil:select',
  'sync:refresh',
  'day:get',
  'records:get',
  'homework:tick',
  'homework:get',
  'settings:update',
  'shell:open-external',
  'attachment:open',
  'attachment:reveal',
  'announcement:read',
  'announcement:get',
  'popover:hide',
  'calendar:choose-file',
  'calendar:copy-url',
  'calendar:renew-secret',
  'notifications:history',
] as const satisfies readonly InvokeChannel[];

/** Every event channel. */
export const EVENT_CHANNELS = ['state:changed', 'ui:navigate'] as const satisfies readonly EventChannel[];

// Compile-time: the lists above name every channel of the interfaces.
type Missing<All, Listed> = Exclude<All, Listed>;
const _allInvokeListed: Missing<InvokeChannel, (typeof INVOKE_CHANNELS)[number]> extends never
  ? true
  : never = true;
const _allEventsListed: Missing<EventChannel, (typeof EVENT_CHANNELS)[number]> extends never ? true : never =
  true;
void _allInvokeListed;
void _allEventsListed;

/** Bridge method name → invoke channel. One function per message on `window.classcharts`. */
export const BRIDGE_METHODS = {
  getState: 'state:get',
  login: 'auth:login',
  logout: 'auth:logout',
  selectPupil: 'pupil:select',
  refresh: 'sync:refresh',
  getDay: 'day:get',
  getRecords: 'records:get',
  tickHomework: 'homework:tick',
  getHomework: 'homework:get',
  updateSettings: 'settings:update',
  openExternal: 'shell:open-external',
  openAttachment: 'attachment:open',
  revealAttachment: 'attachment:reveal',
  markAnnouncementRead: 'announcement:read',
  getAnnouncement: 'announcement:get',
  hidePopover: 'popover:hide',
  chooseCalendarFile: 'calendar:choose-file',
  copyCalendarUrl: 'calendar:copy-url',
  renewCalendarSecret: 'calendar:renew-secret',
  getNotificationHistory: 'notifications:history',
} as const satisfies Record<string, InvokeChannel>;

/** Bridge subscription name → event channel. */
export const BRIDGE_EVENTS = {
  onStateChanged: 'state:changed',
  onNavigate: 'ui:navigate',
} as const satisfies Record<string, EventChannel>;

// Compile-time: every channel has a bridge method / subscription.
const _everyChannelBridged: Missing<
  InvokeChannel,
  (typeof BRIDGE_METHODS)[keyof typeof BRIDGE_METHODS]
> extends never
  ? true
  : never = true;
const _everyEventBridged: Missing<
  EventChannel,
  (typeof BRIDGE_EVENTS)[keyof typeof BRIDGE_EVENTS]
> extends never
  ? true
  : never = true;
void _everyChannelBridged;
void _everyEventBridged;

/** The API object the renderer sees as `window.classcharts`. */
export type ClassChartsApi = {
  [M in keyof typeof BRIDGE_METHODS]: RequestOf<(typeof BRIDGE_METHODS)[M]> extends void
    ? () => Promise<ResponseOf<(typeof BRIDGE_METHODS)[M]>>
    : (request: RequestOf<(typeof BRIDGE_METHODS)[M]>) => Promise<ResponseOf<(typeof BRIDGE_METHODS)[M]>>;
} & {
  [E in keyof typeof BRIDGE_EVENTS]: (
    listener: (payload: EventChannels[(typeof BRIDGE_EVENTS)[E]]) => void,
  ) => () => void;
};

/**
 * What main implements (createApp) and the transports call: one handler per invoke channel, plus an event
 * subscription. Implemented by main/app/channel-handlers.ts; served by main/platform/ipc.ts and
 * dev/preview/.
 */
export type ContractHandlers = {
  [C in InvokeChannel]: (request: RequestOf<C>) => Promise<ResponseOf<C>>;
};

/** The transport a bridge runs over: Electron IPC in preload, a WebSocket in preview, direct in tests. */
export interface BridgeTransport {
  invoke<C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>;
  on<E extends EventChannel>(channel: E, listener: (payload: EventChannels[E]) => void): () => void;
}
