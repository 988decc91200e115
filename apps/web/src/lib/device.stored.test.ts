import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fingerprint library that answers, counting how often the page computes the visitor id.
const computed = vi.hoisted(() => ({ count: 0 }));
vi.mock('@fingerprintjs/fingerprintjs', () => ({
  load: async () => ({
    get: async () => {
      computed.count += 1;
      return { visitorId: 'f1ngerpr1nt' };
    },
  }),
}));

beforeEach(() => {
  computed.count = 0;
  localStorage.clear();
  vi.resetModules();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('device id kept between visits', () => {
  it('computes the fingerprint once per browser: the next page reads it from local storage', async () => {
    expect(await (await import('./device')).getDevice()).toBe('f1ngerpr1nt');
    expect(localStorage.getItem('koi_device')).toBe('f1ngerpr1nt');
    vi.resetModules();
    expect(await (await import('./device')).getDevice()).toBe('f1ngerpr1nt');
    expect(computed.count).toBe(1);
  });

  it('answers a sign-in link at once with the browser’s own id, without computing the fingerprint', async () => {
    const { deviceNow, getDevice } = await import('./device');
    const first = deviceNow();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem('koi_device_fallback')).toBe(first);
    expect(deviceNow()).toBe(first);
    await new Promise((r) => setTimeout(r, 20));
    expect(computed.count).toBe(0);
    // Once a later call (the sign-in dialog) has computed it, the fingerprint is what every call sends.
    expect(await getDevice()).toBe('f1ngerpr1nt');
    expect(deviceNow()).toBe('f1ngerpr1nt');
  });
});
