import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL, serviceEnvironment } from '../../main/platform/environment';

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
