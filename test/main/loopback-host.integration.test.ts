// Every loopback server answers only to this machine's names (issue 26 §1, DNS rebinding; Vite's
// server.allowedHosts defence, GHSA-vg6x-rcgg-rjx6): the rule, the fake ClassCharts and the self-test's
// sign-in stand-in. The preview's page and bridge: test/dev/preview/preview.integration.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { isAllowedHost, isAllowedOrigin } from '../../main/loopback-host';
import { startSignInStandIn } from '../../main/self-test/stand-in-server';
import { startFakeClassCharts, type FakeClassCharts } from '../../dev/fake-classcharts/index';
import { requestWithHost } from '../support/host-request';

describe('isAllowedHost', () => {
  it("accepts this machine's names on the server's port, in any case", () => {
    for (const host of ['127.0.0.1:5174', 'localhost:5174', 'LocalHost:5174', '[::1]:5174'])
      expect({ host, allowed: isAllowedHost(host, 5174) }).toEqual({ host, allowed: true });
    expect(isAllowedHost('localhost', 80)).toBe(true);
  });

  it('refuses other names, other ports, tricks and a missing header', () => {
    const refused = [
      'rebind.attacker.example:5174',
      '127.0.0.1.nip.io:5174',
      'localhost.attacker.example:5174',
      'localhost:5175',
      'localhost',
      'user@localhost:5174',
      'localhost:5174/path',
      'localhost:5174 ',
      '127.0.0.2:5174',
      '192.168.1.20:5174',
      '',
      undefined,
    ];
    for (const host of refused)
      expect({ host, allowed: isAllowedHost(host, 5174) }).toEqual({ host, allowed: false });
  });

  it('accepts any IP address (never a rebound name) only when asked', () => {
    expect(isAllowedHost('192.168.1.20:5174', 5174, { ipAddresses: true })).toBe(true);
    expect(isAllowedHost('[fe80::1]:5174', 5174, { ipAddresses: true })).toBe(true);
    expect(isAllowedHost('attacker.example:5174', 5174, { ipAddresses: true })).toBe(false);
  });

  it('takes as origins only http pages of the same names and port', () => {
    expect(isAllowedOrigin('http://localhost:5174', 5174)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:5174', 5174)).toBe(true);
    expect(isAllowedOrigin('https://localhost:5174', 5174)).toBe(false);
    expect(isAllowedOrigin('http://attacker.example:5174', 5174)).toBe(false);
    expect(isAllowedOrigin('null', 5174)).toBe(false);
    expect(isAllowedOrigin(undefined, 5174)).toBe(false);
  });
});

describe('the loopback servers refuse a foreign Host', () => {
  let fake: FakeClassCharts | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it('the fake ClassCharts: a rebound name gets 403 and no sign-in, and is not even logged', async () => {
    fake = await startFakeClassCharts();
    const port = new URL(fake.url).port;
    const form = 'code=DEMO1234&dob=01%2F01%2F2012&remember_me=1&recaptcha-token=no-token-needed';
    const refused = await requestWithHost(
      `${fake.url}/student/login`,
      `rebind.attacker.example:${port}`,
      'POST',
      form,
    );
    expect(refused.status).toBe(403);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
    const own = await requestWithHost(`${fake.url}/apiv2student/ping`, `localhost:${port}`, 'POST');
    expect(own.status).toBe(200);
  });

  it('the fake bound beyond loopback on purpose also answers to IP addresses, still not to names', async () => {
    fake = await startFakeClassCharts({ host: '0.0.0.0' });
    const port = new URL(fake.url).port;
    expect((await requestWithHost(`${fake.url}/`, `192.168.1.20:${port}`)).status).not.toBe(403);
    expect((await requestWithHost(`${fake.url}/`, `rebind.attacker.example:${port}`)).status).toBe(403);
  });

  it("the self-test's sign-in stand-in", async () => {
    const standIn = await startSignInStandIn();
    try {
      const port = new URL(standIn.url).port;
      expect(
        (await requestWithHost(`${standIn.url}/student/login`, `attacker.example:${port}`, 'POST')).status,
      ).toBe(403);
      expect((await requestWithHost(`${standIn.url}/nothing`, `127.0.0.1:${port}`)).status).toBe(404);
    } finally {
      await standIn.close();
    }
  });
});
