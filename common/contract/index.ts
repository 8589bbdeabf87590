/**
 * THE contract between main and the popover renderer, in one import: the domain types it carries
 * (common/domain.ts), settings, the view model, the requests and responses, the channels and the bridge.
 * Carried over Electron IPC (preload/index.ts) or a WebSocket (the preview), always through createBridge.
 *
 * Nothing here imports electron, node, the DOM, main/, preload/ or renderer/ (eslint.config.js enforces
 * it). Every value is JSON-safe (no Dates, Maps or functions) so both transports carry it unchanged.
 */
export type * from '../domain';
export type * from '../errors';
export * from './settings';
export * from './view-model';
export * from './messages';
export * from './channels';
export * from './bridge';
