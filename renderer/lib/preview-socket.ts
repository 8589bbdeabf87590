/**
 * The browser preview's bridge socket, opened as soon as the page's script starts: main.ts imports this
 * module first, so in the preview (no `window.classcharts`, a page served over http:) the WebSocket
 * handshake runs while the rest of the bundle is still being evaluated (about 15 ms on the bench
 * machine) rather than after it. Messages that arrive before bridge.ts attaches the transport are held.
 *
 * In Electron `window.classcharts` is set by the preload before any script runs, so nothing is opened
 * (the popover's CSP, `connect-src 'none'`, would refuse it anyway) and no preview chunk is loaded.
 */
import { PREVIEW_BRIDGE_PATH, PREVIEW_HELLO_ID } from './preview-path';

/** An open (or opening) bridge socket and the `data` of the messages it received so far, oldest first. */
export interface HeldSocket {
  socket: WebSocket;
  /** Stops holding messages and returns those held; the caller must listen from now on. */
  release(): unknown[];
}

/** Whether this page needs the preview's bridge: no Electron preload, and a page from a web server. */
export function isPreviewPage(): boolean {
  return !window.classcharts && location.protocol === 'http:';
}

/** The `hello` frame the server put in the page (text), taken once; `null` when there is none. */
function servedHello(): string | null {
  const block = document.getElementById(PREVIEW_HELLO_ID);
  block?.remove();
  return block?.textContent || null;
}

function openPreviewSocket(): HeldSocket {
  const socket = new WebSocket(`ws://${location.host}${PREVIEW_BRIDGE_PATH}`);
  // The served hello goes first: the socket's own hello, newer, follows it as a state change.
  const hello = servedHello();
  const received: unknown[] = hello === null ? [] : [hello];
  const hold = (event: MessageEvent) => received.push(event.data);
  socket.addEventListener('message', hold);
  return {
    socket,
    release() {
      socket.removeEventListener('message', hold);
      return received;
    },
  };
}

let opened: HeldSocket | null = isPreviewPage() ? openPreviewSocket() : null;

/**
 * The socket opened when this module was evaluated (or a new one when it was already taken); each call
 * hands a socket over once. Call only when {@link isPreviewPage}.
 */
export function takePreviewSocket(): HeldSocket {
  const held = opened ?? openPreviewSocket();
  opened = null;
  return held;
}
