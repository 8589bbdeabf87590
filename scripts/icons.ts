// `npm run icons`: renders every icon the app ships from ONE source — the timetable glyph below — with
// resvg (@resvg/resvg-js). Writes:
//   build/icon.svg, build/icon.png (1024) and build/icons/<n>x<n>.png — the app icon for electron-builder
//   resources/icon.png (256)                — window / notification icon at run time
//   resources/tray/tray-<state>Template.png (16, @2x 32) — macOS menu bar (black + alpha, tinted by macOS)
//   resources/tray/tray-<state>.png (16, @2x 32)         — Windows notification area (colour)
//   resources/tray/tray-<state>-linux.png (32)           — Linux panels (colour; panels scale it)
// for the tray states normal, new (something new), signed-out (signed out / needs sign-in), offline.
// The outputs are committed, so building and packaging never need this script (or resvg).
import { Resvg } from '@resvg/resvg-js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TrayIconState } from '../main/platform/tray-text';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Tray states, in the order the tests and docs list them. */
export const TRAY_STATES: readonly TrayIconState[] = ['normal', 'new', 'signed-out', 'offline'];

/** Brand and state colours (colour variants only). */
const BLUE = '#1d4ed8';
const GREY = '#6b7280';
const RED = '#dc2626';
const AMBER = '#f59e0b';

/**
 * THE source: a timetable page on a 32×32 grid — binder rings, a header band and three lesson bars.
 * `ink` is the glyph colour.
 */
function glyph(ink: string): string {
  return `
    <g fill="none" stroke="${ink}" stroke-linecap="round" stroke-linejoin="round">
      <rect x="4.5" y="6.5" width="23" height="21" rx="3.5" stroke-width="2.6"/>
      <path d="M10.5 3.5v5M21.5 3.5v5" stroke-width="2.6"/>
      <path d="M9.5 16h13M9.5 20.5h9M9.5 25h5" stroke-width="2.4"/>
    </g>
    <rect x="4.5" y="6.5" width="23" height="5" rx="2" fill="${ink}"/>`;
}

/** The corner badges; each comes with a knock-out so it stays legible at 16 px. */
const BADGE = { cx: 25, cy: 7, r: 5.2 } as const;
const SLASH = 'M4 29L29 4';

/** One tray icon as SVG (32×32 user units). `template`: black glyph for macOS, else the colour variant. */
export function traySvg(state: TrayIconState, template: boolean): string {
  const dim = state === 'signed-out' || state === 'offline';
  const parts: string[] = [];
  let knockout = '';
  if (state === 'new')
    knockout = `<circle cx="${BADGE.cx}" cy="${BADGE.cy}" r="${BADGE.r + 1.6}" fill="black"/>`;
  if (state === 'signed-out') knockout = `<circle cx="24" cy="24" r="${BADGE.r + 1.8}" fill="black"/>`;
  if (state === 'offline')
    knockout = `<path d="${SLASH}" stroke="black" stroke-width="6" stroke-linecap="round"/>`;

  if (template) {
    parts.push(`<g mask="url(#cut)" opacity="${dim ? 0.55 : 1}">${glyph('#000')}</g>`);
  } else {
    const tile = dim ? GREY : BLUE;
    parts.push(
      `<g mask="url(#cut)"><rect x="1" y="1" width="30" height="30" rx="7" fill="${tile}"/>` +
        `<g transform="translate(3.2 3.6) scale(0.8)">${glyph('#fff')}</g></g>`,
    );
  }
  if (state === 'new') {
    parts.push(
      `<circle cx="${BADGE.cx}" cy="${BADGE.cy}" r="${BADGE.r}" fill="${template ? '#000' : RED}"/>`,
    );
  }
  if (state === 'signed-out') {
    // The "!" is cut out of the badge (not painted white): macOS template images keep only alpha.
    parts.push(
      `<circle cx="24" cy="24" r="${BADGE.r + 0.6}" fill="${template ? '#000' : AMBER}" mask="url(#bang)"/>`,
    );
  }
  if (state === 'offline') {
    parts.push(
      `<path d="${SLASH}" stroke="${template ? '#000' : '#fff'}" stroke-width="2.6" stroke-linecap="round"/>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">` +
    `<defs><mask id="cut" maskUnits="userSpaceOnUse" x="0" y="0" width="32" height="32">` +
    `<rect width="32" height="32" fill="white"/>${knockout}</mask>` +
    `<mask id="bang" maskUnits="userSpaceOnUse" x="0" y="0" width="32" height="32">` +
    `<rect width="32" height="32" fill="white"/>` +
    `<path d="M24 20.6v3.8" stroke="black" stroke-width="2.3" stroke-linecap="round"/>` +
    `<circle cx="24" cy="27.5" r="1.25" fill="black"/></mask></defs>` +
    parts.join('') +
    `</svg>`
  );
}

/** The app icon as SVG (1024×1024): a blue rounded tile (macOS-style margins) with the white glyph. */
export function appIconSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024" width="1024" height="1024">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#3b82f6"/><stop offset="1" stop-color="${BLUE}"/></linearGradient></defs>` +
    `<rect x="100" y="100" width="824" height="824" rx="185" fill="url(#bg)"/>` +
    `<g transform="translate(224 224) scale(18)">${glyph('#fff')}</g>` +
    `</svg>`
  );
}

/** Renders SVG to a PNG `size` pixels wide. */
export function renderPng(svg: string, size: number): Buffer {
  return new Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    font: { loadSystemFonts: false },
    shapeRendering: 2,
  })
    .render()
    .asPng();
}

function write(path: string, data: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
}

/** Writes every icon (see the header). Returns the paths written, relative to the repository. */
export function generateIcons(outRoot: string = root): string[] {
  const written: string[] = [];
  const out = (rel: string, data: string | Buffer) => {
    write(join(outRoot, rel), data);
    written.push(rel);
  };
  const app = appIconSvg();
  out('build/icon.svg', app);
  out('build/icon.png', renderPng(app, 1024));
  for (const size of [16, 24, 32, 48, 64, 128, 256, 512])
    out(`build/icons/${size}x${size}.png`, renderPng(app, size));
  out('resources/icon.png', renderPng(app, 256));
  for (const state of TRAY_STATES) {
    const template = traySvg(state, true);
    const colour = traySvg(state, false);
    out(`resources/tray/tray-${state}Template.png`, renderPng(template, 16));
    out(`resources/tray/tray-${state}Template@2x.png`, renderPng(template, 32));
    out(`resources/tray/tray-${state}.png`, renderPng(colour, 16));
    out(`resources/tray/tray-${state}@2x.png`, renderPng(colour, 32));
    out(`resources/tray/tray-${state}-linux.png`, renderPng(colour, 32));
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const written = generateIcons();
  console.log(`icons: wrote ${written.length} files (build/, resources/)`);
}
