/**
 * Builds the renderer for the preview with renderer/vite.config.ts (Vite's own API, no Electron), into
 * out/renderer-web. Returns the output folder and the gzip size of the JS and CSS it wrote.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { DEFAULT_RENDERER_DIR } from './server';
import { MANIFEST, staticImportFiles } from './static-files';

const CONFIG = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../renderer/vite.config.ts');

/**
 * Size of the built assets, bytes: raw and gzip (level 9), JS and CSS together, and per file.
 * `firstLoad` is what the popover loads before its first screen: the assets index.html names and the
 * chunks they import statically (not the on-demand ones: DOMPurify, the preview's WebSocket transport).
 */
export interface BundleSize {
  raw: number;
  gzip: number;
  firstLoad: { raw: number; gzip: number; files: string[] };
  files: { name: string; raw: number; gzip: number }[];
}

/** Asset names (under assets/) the entry loads before the first screen, from the build's Vite manifest. */
function firstLoadFiles(dir: string): Set<string> {
  const manifest = readFileSync(path.join(dir, MANIFEST), 'utf8');
  return new Set(staticImportFiles(manifest, 'entries', { css: true }).map((file) => path.basename(file)));
}

/** Runs the Vite build of the renderer; rejects with Vite's error when it fails. */
export async function buildRenderer(options: { quiet?: boolean } = {}): Promise<string> {
  await build({ configFile: CONFIG, logLevel: options.quiet ? 'warn' : 'info' });
  return DEFAULT_RENDERER_DIR;
}

/** Measures the JS and CSS under `dir`/assets. */
export function measureBundle(dir: string = DEFAULT_RENDERER_DIR): BundleSize {
  const assets = path.join(dir, 'assets');
  const files = readdirSync(assets)
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => {
      const body = readFileSync(path.join(assets, name));
      return { name, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    });
  const first = firstLoadFiles(dir);
  const initial = files.filter((f) => first.has(f.name));
  return {
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    firstLoad: {
      raw: initial.reduce((sum, f) => sum + f.raw, 0),
      gzip: initial.reduce((sum, f) => sum + f.gzip, 0),
      files: initial.map((f) => f.name),
    },
    files,
  };
}
