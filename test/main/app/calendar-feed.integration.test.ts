// The calendar feed's loopback URL (issue 28 §2), with the app on the fake ClassCharts server: a calendar
// app on this computer reads the pupil's timetable at http://127.0.0.1:PORT/<secret>/calendar.ics; nothing
// else answers, other Host names are refused, the URL goes away at sign-out, renewing it kills the old one,
// the port survives a restart, and the URL reaches the clipboard without crossing IPC.
import { createServer } from 'node:http';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../main/adapters/memory-store';
import { createMemoryVault } from '../../../main/adapters/memory-vault';
import { NO_KEYCHAIN_NOTICE } from '../../../main/app/calendar-feed';
import type { Store, Vault } from '../../../main/ports';
import { type Harness, startHarness, studentLogin } from '../../support/app-harness';
import { requestWithHost } from '../../support/host-request';

const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

/** Signs in the demo student with the URL on; resolves with the harness and the URL copied. */
async function servingStudent(options: { store?: Store; vault?: Vault } = {}) {
  const h = await startHarness(options);
  harnesses.push(h);
  await h.app.start();
  expect(await h.app.handlers['auth:login'](studentLogin())).toEqual({ ok: true });
  await h.app.whenIdle();
  await h.app.handlers['settings:update']({ calendar: { serve: true } });
  await h.app.whenIdle();
  await expect(h.app.handlers['calendar:copy-url']({})).resolves.toBeUndefined();
  const url = h.ports.clipboard.text;
  if (url === null) throw new Error('nothing was copied');
  return { h, url: new URL(url) };
}

/** The VEVENTs of an iCalendar text, parsed strictly by ical.js. */
function events(text: string): ICAL.Component[] {
  return new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents('vevent');
}

describe('the calendar URL', () => {
  it('answers the feed, and nothing else', async () => {
    const { h, url } = await servingStudent();
    expect(url.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url.pathname).toMatch(/^\/[A-Za-z0-9_-]{43}\/calendar\.ics$/);
    expect(h.app.state().calendar).toMatchObject({ serving: true, port: Number(url.port), error: null });

    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const lessons = events(await answer.text()).filter(
      (event) => event.getFirstPropertyValue('categories') === 'Lesson',
    );
    expect(lessons.length).toBeGreaterThan(20);
    expect(lessons[0]?.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/London');

    expect((await fetch(new URL('/calendar.ics', url))).status).toBe(404);
    expect((await fetch(new URL(`/${'A'.repeat(43)}/calendar.ics`, url))).status).toBe(404);
    expect((await fetch(url, { method: 'POST' })).status).toBe(404);
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
  });

  it('refuses a foreign Host and a Host with another port', async () => {
    const { url } = await servingStudent();
    const port = Number(url.port);
    expect((await requestWithHost(url.href, `evil.example:${port}`)).status).toBe(403);
    expect((await requestWithHost(url.href, `127.0.0.1:${port + 1}`)).status).toBe(403);
    expect((await requestWithHost(url.href, `localhost:${port}`)).status).toBe(200);
  });

  it('stops answering at sign-out', async () => {
    const { h, url } = await servingStudent();
    await h.app.handlers['auth:logout']();
    await h.app.whenIdle();
    await expect(requestWithHost(url.href, url.host)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(h.app.state().calendar).toMatchObject({ serving: false, port: null });
  });

  it('a renewed secret makes the old URL 404 at once', async () => {
    const { h, url } = await servingStudent();
    await h.app.handlers['calendar:renew-secret']();
    expect((await fetch(url)).status).toBe(404);
    await h.app.handlers['calendar:copy-url']({});
    const renewed = new URL(h.ports.clipboard.text!);
    expect(renewed.pathname).not.toBe(url.pathname);
    expect((await fetch(renewed)).status).toBe(200);
  });

  it('keeps its port and its secret across a restart', async () => {
    const store = createMemoryStore();
    const vault = createMemoryVault();
    const first = await servingStudent({ store, vault });
    const port = first.url.port;
    await first.h.close();
    harnesses.splice(harnesses.indexOf(first.h), 1);

    const h = await startHarness({ store, vault });
    harnesses.push(h);
    await h.app.start();
    expect(await h.app.handlers['auth:login'](studentLogin())).toEqual({ ok: true });
    await h.app.whenIdle();
    expect(h.app.state().calendar).toMatchObject({ serving: true, port: Number(port), notice: null });
    await h.app.handlers['calendar:copy-url']({});
    expect(h.ports.clipboard.text).toBe(first.url.href); // same port, same secret (in the vault)
    expect(store.get('calendar.secret')).toBeUndefined();
  });

  it('never writes its secret down without a keychain: the address lasts for the run, and says so', async () => {
    const store = createMemoryStore();
    const vault = createMemoryVault({ status: 'basic-text' });
    const first = await servingStudent({ store, vault });
    const secret = first.url.pathname.split('/')[1]!;
    expect(first.h.app.state().calendar?.notice).toBe(NO_KEYCHAIN_NOTICE);
    expect(JSON.stringify(store.dump())).not.toContain(secret);
    expect(await vault.get('calendar.secret')).toBeNull();
    await first.h.close();
    harnesses.splice(harnesses.indexOf(first.h), 1);

    const second = await servingStudent({ store, vault });
    expect(second.url.port).toBe(first.url.port); // the port is kept
    expect(second.url.pathname).not.toBe(first.url.pathname);
  });

  it('says so when its kept port is taken at start, and serves on another', async () => {
    const store = createMemoryStore();
    const vault = createMemoryVault();
    const first = await servingStudent({ store, vault });
    const port = Number(first.url.port);
    await first.h.close();
    harnesses.splice(harnesses.indexOf(first.h), 1);
    // Another program takes the port while the app is not running.
    const squatter = createServer((_request, response) => response.end('not ours'));
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const h = await startHarness({ store, vault });
      harnesses.push(h);
      await h.app.start();
      expect(await h.app.handlers['auth:login'](studentLogin())).toEqual({ ok: true });
      await h.app.whenIdle();
      const calendar = h.app.state().calendar;
      expect(calendar?.serving).toBe(true);
      expect(calendar?.port).not.toBe(port);
      expect(calendar?.notice).toBe(
        `Port ${port} was in use, so the calendar's address now uses port ${calendar?.port}. ` +
          'Copy the address again and subscribe to it in your calendar app.',
      );
      await h.app.handlers['calendar:copy-url']({});
      expect((await fetch(h.ports.clipboard.text!)).status).toBe(200);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('takes a new file path only from its own save dialog, never from settings:update', async () => {
    const { h } = await servingStudent();
    await expect(
      h.app.handlers['settings:update']({ calendar: { filePath: '/home/someone/.bashrc.ics' } }),
    ).rejects.toThrow();
    expect(h.app.state().settings.calendar.filePath).toBeNull();
    // Stopping the file (null) is allowed.
    await expect(h.app.handlers['settings:update']({ calendar: { filePath: null } })).resolves.toMatchObject({
      calendar: { filePath: null, serve: true },
    });
  });

  it('copies the URL in main: neither the answer nor the state holds the secret', async () => {
    const { h, url } = await servingStudent();
    const secret = url.pathname.split('/')[1]!;
    const answer = await h.app.handlers['calendar:copy-url']({});
    expect(answer).toBeUndefined();
    expect(JSON.stringify(h.app.state())).not.toContain(secret);
    expect(JSON.stringify(h.states)).not.toContain(secret);
  });
});
