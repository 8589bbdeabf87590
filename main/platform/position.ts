/**
 * Where the popover goes: a pure function of the tray icon's bounds, the displays' bounds and work areas
 * and the popover size. Handles a taskbar (or menu bar) at any edge, several monitors (including ones at
 * negative coordinates) and clamps the result into the work area, so the popover is never off screen
 * (docs/design.md "Tray and popover behaviour", and "clamp the popover to the work area" among its
 * complaints to design against).
 *
 * No electron import: the shapes below are structurally compatible with Electron's `Rectangle` and
 * `Display`, so main/platform/popover.ts passes `screen.getAllDisplays()` and `tray.getBounds()` straight in.
 * All values are in DIP (device-independent pixels), like every Electron screen API.
 */

/** A rectangle in DIP; `x`/`y` is the top-left corner. Same shape as Electron's `Rectangle`. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The part of Electron's `Display` this module reads: full bounds and the work area (minus taskbars). */
export interface DisplayArea {
  bounds: Rect;
  workArea: Rect;
}

/** The screen edge a taskbar / menu bar sits on. */
export type Edge = 'top' | 'bottom' | 'left' | 'right';

/** Input of {@link popoverPosition}. */
export interface PopoverPlacement {
  /**
   * The tray icon's bounds, or a 1×1 rect at the cursor when the platform cannot tell (Linux
   * StatusNotifierItem reports zeros), or `null` when neither is known (e.g. opened by the shortcut).
   */
  anchor: Rect | null;
  /** Every display (Electron `screen.getAllDisplays()`); at least one. */
  displays: readonly DisplayArea[];
  /** The popover's outer size in DIP. */
  size: { width: number; height: number };
  /** Space between the taskbar (or tray icon) and the popover, DIP. Default 6. */
  gap?: number;
  /** Edge assumed when no taskbar is visible and there is no anchor. Default `bottom`. */
  fallbackEdge?: Edge;
}

/** Result of {@link popoverPosition}: the top-left corner (integers) and the edge it was placed against. */
export interface PopoverPoint {
  x: number;
  y: number;
  edge: Edge;
  /** The display the popover is on (one of `displays`). */
  display: DisplayArea;
}

/** True when the rect has no area (Linux tray icons report `{0,0,0,0}`). */
export function isEmptyRect(rect: Rect | null | undefined): boolean {
  return !rect || rect.width <= 0 || rect.height <= 0;
}

function centre(rect: Rect): { x: number; y: number } {
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

function contains(rect: Rect, point: { x: number; y: number }): boolean {
  return (
    point.x >= rect.x && point.x < rect.x + rect.width && point.y >= rect.y && point.y < rect.y + rect.height
  );
}

function distanceToRect(rect: Rect, point: { x: number; y: number }): number {
  const dx = Math.max(rect.x - point.x, 0, point.x - (rect.x + rect.width));
  const dy = Math.max(rect.y - point.y, 0, point.y - (rect.y + rect.height));
  return Math.hypot(dx, dy);
}

/**
 * The display an anchor belongs to: the one containing its centre, else the nearest one (a tray icon can
 * sit on a display edge). Without an anchor: the first display (callers pass the primary one first).
 * Throws a RangeError when `displays` is empty.
 */
export function pickDisplay(displays: readonly DisplayArea[], anchor: Rect | null): DisplayArea {
  const first = displays[0];
  if (!first) throw new RangeError('pickDisplay: no displays');
  if (!anchor) return first;
  const c = centre(anchor);
  const inside = displays.find((d) => contains(d.bounds, c));
  if (inside) return inside;
  let best = first;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const d of displays) {
    const distance = distanceToRect(d.bounds, c);
    if (distance < bestDistance) {
      best = d;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The edge of `display` the taskbar is on, read from the gap between bounds and work area (the largest
 * one wins). With an auto-hidden taskbar (no gap) the edge nearest the anchor is used, else `fallback`.
 */
export function taskbarEdge(display: DisplayArea, anchor: Rect | null, fallback: Edge = 'bottom'): Edge {
  const { bounds: b, workArea: w } = display;
  const gaps: Record<Edge, number> = {
    top: w.y - b.y,
    bottom: b.y + b.height - (w.y + w.height),
    left: w.x - b.x,
    right: b.x + b.width - (w.x + w.width),
  };
  const widest = (Object.keys(gaps) as Edge[]).reduce((a, e) => (gaps[e] > gaps[a] ? e : a), 'top');
  if (gaps[widest] > 0) return widest;
  if (!anchor) return fallback;
  const c = centre(anchor);
  const distances: Record<Edge, number> = {
    top: c.y - b.y,
    bottom: b.y + b.height - c.y,
    left: c.x - b.x,
    right: b.x + b.width - c.x,
  };
  return (Object.keys(distances) as Edge[]).reduce((a, e) => (distances[e] < distances[a] ? e : a), 'bottom');
}

function clamp(value: number, min: number, max: number): number {
  // A popover larger than the work area is pinned to its top/left edge (the header stays reachable).
  return max < min ? min : Math.min(Math.max(value, min), max);
}

/**
 * The popover's top-left corner: next to the tray icon on the taskbar's side, centred on the icon along
 * the taskbar, then clamped into the display's work area. Without an anchor the popover goes into the
 * work-area corner at the taskbar's end (where tray icons live: right end, bottom end).
 */
export function popoverPosition(placement: PopoverPlacement): PopoverPoint {
  const gap = placement.gap ?? 6;
  const { width, height } = placement.size;
  const anchor = isEmptyRect(placement.anchor) ? null : placement.anchor;
  const display = pickDisplay(placement.displays, anchor);
  const edge = taskbarEdge(display, anchor, placement.fallbackEdge ?? 'bottom');
  const w = display.workArea;
  const right = w.x + w.width;
  const bottom = w.y + w.height;

  let x: number;
  let y: number;
  if (edge === 'top' || edge === 'bottom') {
    x = anchor ? centre(anchor).x - width / 2 : right - width - gap;
    if (edge === 'top') y = Math.max(w.y, anchor ? anchor.y + anchor.height : w.y) + gap;
    else y = Math.min(bottom, anchor ? anchor.y : bottom) - height - gap;
  } else {
    y = anchor ? centre(anchor).y - height / 2 : bottom - height - gap;
    if (edge === 'left') x = Math.max(w.x, anchor ? anchor.x + anchor.width : w.x) + gap;
    else x = Math.min(right, anchor ? anchor.x : right) - width - gap;
  }

  return {
    x: Math.round(clamp(x, w.x, right - width)),
    y: Math.round(clamp(y, w.y, bottom - height)),
    edge,
    display,
  };
}
