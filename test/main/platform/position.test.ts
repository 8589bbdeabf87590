import { describe, expect, it } from 'vitest';
import { pickDisplay, popoverPosition, taskbarEdge, type DisplayArea } from '../../../main/platform/position';

const SIZE = { width: 380, height: 560 };
const GAP = 6;

/** A 1920×1080 display at (x, y) with a 40 px taskbar on `edge` (or none). */
function display(edge: 'top' | 'bottom' | 'left' | 'right' | null, x = 0, y = 0): DisplayArea {
  const bounds = { x, y, width: 1920, height: 1080 };
  const t = 40;
  const workArea = {
    top: { x, y: y + t, width: 1920, height: 1080 - t },
    bottom: { x, y, width: 1920, height: 1080 - t },
    left: { x: x + t, y, width: 1920 - t, height: 1080 },
    right: { x, y, width: 1920 - t, height: 1080 },
    none: { ...bounds },
  }[edge ?? 'none'];
  return { bounds, workArea };
}

function within(point: { x: number; y: number }, area: DisplayArea['workArea']): boolean {
  return (
    point.x >= area.x &&
    point.y >= area.y &&
    point.x + SIZE.width <= area.x + area.width &&
    point.y + SIZE.height <= area.y + area.height
  );
}

describe('popover position', () => {
  it('sits under a tray icon in a top menu bar, centred on the icon (macOS)', () => {
    const d = display('top');
    const icon = { x: 1500, y: 4, width: 24, height: 32 };
    const p = popoverPosition({ anchor: icon, displays: [d], size: SIZE, gap: GAP });
    expect(p.edge).toBe('top');
    expect(p.y).toBe(40 + GAP);
    expect(p.x + SIZE.width / 2).toBe(1512);
  });

  it('sits above a tray icon on a bottom taskbar (Windows)', () => {
    const d = display('bottom');
    const icon = { x: 1700, y: 1044, width: 32, height: 32 };
    const p = popoverPosition({ anchor: icon, displays: [d], size: SIZE, gap: GAP });
    expect(p.edge).toBe('bottom');
    expect(p.y + SIZE.height).toBe(1040 - GAP);
    expect(p.x + SIZE.width / 2).toBe(1716);
  });

  it('sits beside a taskbar on the left, vertically centred on the icon', () => {
    const d = display('left');
    const icon = { x: 4, y: 500, width: 32, height: 32 };
    const p = popoverPosition({ anchor: icon, displays: [d], size: SIZE, gap: GAP });
    expect(p.edge).toBe('left');
    expect(p.x).toBe(40 + GAP);
    expect(p.y + SIZE.height / 2).toBe(516);
  });

  it('sits beside a taskbar on the right', () => {
    const d = display('right');
    const icon = { x: 1884, y: 1000, width: 32, height: 32 };
    const p = popoverPosition({ anchor: icon, displays: [d], size: SIZE, gap: GAP });
    expect(p.edge).toBe('right');
    expect(p.x + SIZE.width).toBe(1880 - GAP);
    // The icon is near the bottom: the popover is pushed up to stay on screen.
    expect(p.y + SIZE.height).toBe(1080);
    expect(within(p, d.workArea)).toBe(true);
  });

  it('is clamped into the work area when the icon is at the very end of the taskbar', () => {
    const d = display('bottom');
    const icon = { x: 1900, y: 1044, width: 20, height: 32 };
    const p = popoverPosition({ anchor: icon, displays: [d], size: SIZE, gap: GAP });
    expect(p.x + SIZE.width).toBe(1920);
    expect(within(p, d.workArea)).toBe(true);
  });

  it('opens on the second monitor when the tray is there, even at negative coordinates', () => {
    const primary = display('bottom');
    const left = display('top', -1920, -200);
    const icon = { x: -300, y: -196, width: 24, height: 32 };
    const p = popoverPosition({ anchor: icon, displays: [primary, left], size: SIZE, gap: GAP });
    expect(p.display).toBe(left);
    expect(p.edge).toBe('top');
    expect(p.y).toBe(-200 + 40 + GAP);
    expect(within(p, left.workArea)).toBe(true);
  });

  it('opens on the monitor to the right of the primary one', () => {
    const primary = display('bottom');
    const right = display('bottom', 1920, 0);
    const icon = { x: 3800, y: 1044, width: 32, height: 32 };
    const p = popoverPosition({ anchor: icon, displays: [primary, right], size: SIZE, gap: GAP });
    expect(p.display).toBe(right);
    expect(p.x).toBeGreaterThanOrEqual(1920);
    expect(within(p, right.workArea)).toBe(true);
  });

  it('without a visible taskbar uses the edge nearest the icon (auto-hide)', () => {
    const d = display(null);
    const icon = { x: 1800, y: 1060, width: 20, height: 20 };
    const p = popoverPosition({ anchor: icon, displays: [d], size: SIZE, gap: GAP });
    expect(p.edge).toBe('bottom');
    expect(within(p, d.workArea)).toBe(true);
  });

  it('without an anchor (Linux tray, shortcut) goes to the taskbar corner of the primary display', () => {
    const d = display('top');
    const second = display('top', 1920, 0);
    const p = popoverPosition({
      anchor: { x: 0, y: 0, width: 0, height: 0 },
      displays: [d, second],
      size: SIZE,
      gap: GAP,
    });
    expect(p.display).toBe(d);
    expect(p).toMatchObject({ edge: 'top', x: 1920 - SIZE.width - GAP, y: 40 + GAP });
  });

  it('keeps the top-left corner on screen when the work area is smaller than the popover', () => {
    const tiny: DisplayArea = {
      bounds: { x: 0, y: 0, width: 300, height: 400 },
      workArea: { x: 0, y: 20, width: 300, height: 380 },
    };
    const p = popoverPosition({
      anchor: { x: 280, y: 0, width: 20, height: 20 },
      displays: [tiny],
      size: SIZE,
      gap: GAP,
    });
    expect(p).toMatchObject({ x: 0, y: 20 });
  });

  it('returns whole pixels', () => {
    const d = display('top');
    const p = popoverPosition({
      anchor: { x: 1000.5, y: 3, width: 23, height: 31 },
      displays: [d],
      size: SIZE,
      gap: GAP,
    });
    expect(Number.isInteger(p.x) && Number.isInteger(p.y)).toBe(true);
  });
});

describe('display and edge helpers', () => {
  it('picks the display nearest an icon that sits just outside every display', () => {
    const a = display('bottom');
    const b = display('bottom', 1920, 0);
    expect(pickDisplay([a, b], { x: 3850, y: 1085, width: 10, height: 10 })).toBe(b);
  });

  it('reads the taskbar edge from the work area', () => {
    expect(taskbarEdge(display('top'), null)).toBe('top');
    expect(taskbarEdge(display('bottom'), null)).toBe('bottom');
    expect(taskbarEdge(display('left'), null)).toBe('left');
    expect(taskbarEdge(display('right'), null)).toBe('right');
    expect(taskbarEdge(display(null), null, 'top')).toBe('top');
  });

  it('refuses an empty display list', () => {
    expect(() => pickDisplay([], null)).toThrow(RangeError);
  });
});
