/**
 * Visitor id from @fingerprintjs/fingerprintjs, sent as `device` (spec §3). The library is loaded on first
 * use so it stays out of the initial bundle; the promise is shared so the id is computed once per page.
 */
let pending: Promise<string> | null = null;

export function getDevice(): Promise<string> {
  pending ??= import('@fingerprintjs/fingerprintjs')
    .then((fp) => fp.load())
    .then((agent) => agent.get())
    .then((result) => result.visitorId)
    .catch(() => {
      // A blocked or failing fingerprint must not lock the player out: fall back to a per-browser random id.
      const key = 'koi_device_fallback';
      let id = localStorage.getItem(key);
      if (!id) {
        id = crypto.randomUUID().replaceAll('-', '');
        localStorage.setItem(key, id);
      }
      return id;
    });
  return pending;
}
