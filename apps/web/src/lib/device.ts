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
    .catch(() => fallbackId());
  return pending;
}

/**
 * A blocked or failing fingerprint must not lock the player out: a per-browser random id instead, kept in
 * local storage. Storage itself may be unusable (disabled cookies and site data, some private modes throw on
 * access, or the page is being torn down), and then the id lasts for this page only rather than failing.
 */
function fallbackId(): string {
  const key = 'koi_device_fallback';
  const fresh = () => crypto.randomUUID().replaceAll('-', '');
  try {
    let id = localStorage.getItem(key);
    if (!id) {
      id = fresh();
      localStorage.setItem(key, id);
    }
    return id;
  } catch {
    return fresh();
  }
}
