import { afterEach, describe, expect, it, vi } from 'vitest';

// The fingerprint library fails here (as when a blocker stops it), so the fallback id is what is tested.
vi.mock('@fingerprintjs/fingerprintjs', () => ({
  load: () => Promise.reject(new Error('blocked')),
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('device id when the fingerprint fails', () => {
  it('falls back to a random id kept in local storage, the same on the next page', async () => {
    const first = await (await import('./device')).getDevice();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem('koi_device_fallback')).toBe(first);
    vi.resetModules();
    expect(await (await import('./device')).getDevice()).toBe(first);
  });

  it('still answers an id when local storage throws (storage disabled), without an unhandled error', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const { getDevice } = await import('./device');
    const id = await getDevice();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    // One id per page: later calls share it.
    expect(await getDevice()).toBe(id);
  });
});
