import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL, serviceEnvironment, userDataFolder } from '../../../main/platform/environment';

describe('service environment', () => {
  it('uses the real service by default', () => {
    expect(serviceEnvironment({})).toEqual({ baseUrl: DEFAULT_BASE_URL, demo: false });
  });

  it('follows CLASSCHARTS_BASE_URL to the fake server on this machine in demo mode', () => {
    expect(
      serviceEnvironment({ CLASSCHARTS_BASE_URL: 'http://127.0.0.1:43123/', CLASSCHARTS_DEMO: '1' }),
    ).toEqual({
      baseUrl: 'http://127.0.0.1:43123',
      demo: true,
    });
  });

  it('never sends credentials in clear over a network: plain http elsewhere is ignored', () => {
    expect(serviceEnvironment({ CLASSCHARTS_BASE_URL: 'http://school-proxy.example/' }).baseUrl).toBe(
      DEFAULT_BASE_URL,
    );
    expect(serviceEnvironment({ CLASSCHARTS_BASE_URL: 'https://mirror.example/' }).baseUrl).toBe(
      'https://mirror.example',
    );
    expect(serviceEnvironment({ CLASSCHARTS_BASE_URL: 'not a url' }).baseUrl).toBe(DEFAULT_BASE_URL);
  });
});

describe('data folder', () => {
  const folder = '/home/pupil/.config/ClassCharts Tray';

  it('is the normal one for the real service', () => {
    expect(userDataFolder(folder, serviceEnvironment({}))).toBe(folder);
  });

  it('is a separate one for the demo, whatever port the fake server took', () => {
    for (const port of [43123, 51999]) {
      const demo = serviceEnvironment({
        CLASSCHARTS_BASE_URL: `http://127.0.0.1:${port}`,
        CLASSCHARTS_DEMO: '1',
      });
      expect(userDataFolder(folder, demo)).toBe(`${folder} (demo)`);
    }
  });

  it('is a separate one, named after the host, for another server', () => {
    const other = serviceEnvironment({ CLASSCHARTS_BASE_URL: 'https://mirror.example:8443/' });
    expect(userDataFolder(folder, other)).toBe(`${folder} (mirror.example)`);
  });
});
