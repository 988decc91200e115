/**
 * Visitor id from @fingerprintjs/fingerprintjs, sent as `device` (spec §3). The library is loaded on first
 * use so it stays out of the initial bundle; the promise is shared so the id is computed once per page, and
 * the id is kept in local storage so that a returning browser does not compute it again: the computation is
 * one long task of a third of a second on a mid-range phone, and the id of one browser does not change
 * between visits. (It is no secret: the server treats `device` as a label and a rate-limit key, never as a
 * credential, so a copied id gains nothing.)
 */
const VISITOR_KEY = 'koi_device';
const FALLBACK_KEY = 'koi_device_fallback';

let pending: Promise<string> | null = null;

export function getDevice(): Promise<string> {
  pending ??= Promise.resolve(stored(VISITOR_KEY) ?? computeVisitorId());
  return pending;
}

function computeVisitorId(): Promise<string> {
  return import('@fingerprintjs/fingerprintjs')
    .then((fp) => fp.load())
    .then((agent) => agent.get())
    .then((result) => {
      store(VISITOR_KEY, result.visitorId);
      return result.visitorId;
    })
    .catch(() => fallbackId());
}

/**
 * The id at once, for a call that must not wait for the fingerprint: a sign-in link opened in a browser that
 * never computed it (a chat app's first tap) is traded for a session straight away with this browser's own
 * random id. The fingerprint is left for the next call that needs it (the sign-in dialog starts it when it
 * opens): computed in the background it would still be a third of a second of blocked main thread in the
 * seconds the player first uses the page.
 */
export function deviceNow(): string {
  return stored(VISITOR_KEY) ?? fallbackId();
}

/**
 * A blocked or failing fingerprint must not lock the player out: a per-browser random id instead, kept in
 * local storage. Storage itself may be unusable (disabled cookies and site data, some private modes throw on
 * access, or the page is being torn down), and then the id lasts for this page only rather than failing.
 */
let pageFallback: string | null = null;
function fallbackId(): string {
  const kept = stored(FALLBACK_KEY);
  if (kept) return kept;
  pageFallback ??= crypto.randomUUID().replaceAll('-', '');
  store(FALLBACK_KEY, pageFallback);
  return pageFallback;
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key) || null;
  } catch {
    return null;
  }
}

function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the id lasts for this page.
  }
}
