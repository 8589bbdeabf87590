/**
 * The page Electron loads (out/renderer-web/index.html, built by the global setup with the same Vite
 * config as Electron's renderer) names none of the preview's own chunks: the WebSocket bridge is loaded
 * only by the preview, never by the app. Reads files only, so it uses no browser.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { measureBundle } from '../../../dev/preview/build';
import { DEFAULT_RENDERER_DIR } from '../../../dev/preview/server';
import { chunksToPreload, PREVIEW_BRIDGE_MODULES } from '../../../dev/preview/static-files';

test('the page Electron loads names no preview chunk', () => {
  const html = readFileSync(path.join(DEFAULT_RENDERER_DIR, 'index.html'), 'utf8');
  const manifest = readFileSync(path.join(DEFAULT_RENDERER_DIR, '.vite/manifest.json'), 'utf8');
  const previewOnly = chunksToPreload(manifest, PREVIEW_BRIDGE_MODULES);
  expect(previewOnly.length, `preview chunks: ${previewOnly.join(', ')}`).toBeGreaterThanOrEqual(1);
  for (const file of previewOnly) expect(html, `${file} is not in the built index.html`).not.toContain(file);
  const firstLoad = measureBundle().firstLoad.files;
  for (const file of previewOnly)
    expect(firstLoad, `${file} not loaded first`).not.toContain(path.basename(file));
});
