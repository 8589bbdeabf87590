/**
 * The built main (out/main/index.js, every package bundled in: electron.vite.config.ts) booted under the
 * shared electron mock, as the packaged app would start it: the bundled zod, date-fns, set-cookie-parser
 * and electron-store must work as they do from node_modules. The source is booted the same way by
 * composition.test.ts; this file proves the bundle, which is what ships (app.asar holds no node_modules).
 * What a user would notice: the app starts, signs in with the demo pupil's code, fetches today, and keeps
 * the remembered sign-in encrypted on disk (electron-store + safeStorage).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_CREDENTIALS } from '../../common/demo-accounts';
import type { FakeClassCharts } from '../../dev/fake-classcharts/index';
import { bootMain, invoke, type BootedMain, currentState } from '../support/booted-main';
import { acquireOutDirLock } from './out-dir-lock';
import { ROOT, buildApp } from './pack';

vi.mock('electron', () => import('../mocks/electron'));

const electron = await import('../mocks/electron');
const { app } = electron;

const bundle = join(ROOT, 'out/main/index.js');
let fake: FakeClassCharts;
let booted: BootedMain;
let releaseOutDir: () => void = () => undefined;

beforeAll(async () => {
  releaseOutDir = await acquireOutDirLock();
  await buildApp();
  // A file URL: an absolute path is no import specifier on Windows (`D:` would read as a URL scheme).
  booted = await bootMain(() => import(/* @vite-ignore */ pathToFileURL(bundle).href));
  fake = booted.fake;
}, 300_000);

afterAll(async () => {
  await booted.quit();
  releaseOutDir();
});

describe('the built main (out/main/index.js, packages bundled)', () => {
  it('imports nothing but electron and Node built-ins', () => {
    const imported = [...readFileSync(bundle, 'utf8').matchAll(/^import\s[^;\n]*?["']([^'"\n]+)["']/gm)].map(
      (m) => m[1]!,
    );
    expect(imported.length).toBeGreaterThan(1);
    expect(imported.filter((name) => name !== 'electron' && !name.startsWith('node:'))).toEqual([]);
  });

  it('signs in to the demo over IPC and shows today, the bundled client and schemas at work', async () => {
    const login = { ...DEMO_CREDENTIALS.student, remember: true };
    await expect(invoke('auth:login', login)).resolves.toEqual({ ok: true });
    await vi.waitFor(async () => expect((await currentState()).auth).toBe('signed-in'), { timeout: 10_000 });
    const state = await currentState();
    expect(state.account?.kind).toBe('student');
    expect(fake.requests.some((r) => r.path === '/student/login')).toBe(true);
    expect(fake.requests.some((r) => r.path.startsWith('/apiv2student/timetable'))).toBe(true);
  });

  it('keeps the remembered sign-in encrypted in its electron-store file (the bundled electron-store)', async () => {
    const vault = join(app.getPath('userData'), 'vault.json');
    await vi.waitFor(() => expect(existsSync(vault)).toBe(true), { timeout: 10_000 });
    const stored = readFileSync(vault, 'utf8');
    expect(Object.keys(JSON.parse(stored) as object).length).toBeGreaterThan(0);
    expect(stored).not.toContain(DEMO_CREDENTIALS.student.code);
    expect(stored).not.toContain(DEMO_CREDENTIALS.student.dateOfBirth);
  });
});
