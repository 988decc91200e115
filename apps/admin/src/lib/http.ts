import { ERRORS, SUCCESS_CODE, type Envelope } from '@koi/contract';
import { requestHeaders } from '@koi/contract/client';
import i18n from '../i18n';
import { getToken, setToken } from './session';

/**
 * The console's one HTTP client, the same rules as the player app's (`apps/web/src/lib/http.ts`): every call
 * goes to the same origin under `/api`, reads the envelope, and fails with an ApiError carrying the server's
 * own message from the one error catalogue. Unlike the player app it does not toast by itself: the console
 * shows errors where the operator is looking (inside the form or table that failed), through `useApiError`.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    /** Envelope code for business failures, HTTP status for protocol failures, 0 for network/cancel. */
    readonly code: number,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Params = Record<string, string | number | boolean | null | undefined>;
type Body = Record<string, unknown>;

/** Codes after which the operator must sign in again, or first change their password. */
export const UNAUTHORIZED = ERRORS.UNAUTHORIZED.code;

type CatalogueEntry = { code: number; http: number; zh: string; en: string };
const catalogue = ERRORS as Record<string, CatalogueEntry>;

/** Until the one-time password is changed, every other admin call answers this code. */
export const PASSWORD_CHANGE_REQUIRED = ERRORS.OPERATOR_PASSWORD_CHANGE_REQUIRED.code;

/** The catalogue's text for a protocol status, in the console's language, when the server gave none. */
export function statusMessage(status: number): string {
  const entry = Object.values(catalogue).find((e) => e.code === status && e.http === status);
  if (entry) return i18n.language === 'en' ? entry.en : entry.zh;
  return i18n.t('error.network');
}

type Handlers = { onUnauthorized: () => void; onMustChangePassword: () => void };
let handlers: Handlers = { onUnauthorized: () => undefined, onMustChangePassword: () => undefined };

/** The app wires navigation here once (sign-in page, password page); tests may leave the defaults. */
export function setHttpHandlers(next: Handlers) {
  handlers = next;
}

function toSearch(params: Params | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

export async function request<T>(
  url: string,
  options: { method?: 'GET' | 'POST'; params?: Params; body?: Body | FormData; signal?: AbortSignal } = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = requestHeaders(i18n.language, getToken());
  let body: BodyInit | undefined;
  if (method === 'POST') {
    if (options.body instanceof FormData) body = options.body;
    else {
      // JSON keeps numbers, booleans and nested objects as they are (decision 6 accepts it).
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body ?? {});
    }
  }
  let response: Response;
  try {
    response = await fetch(`${url}${toSearch(options.params)}`, {
      method,
      headers,
      body,
      signal: options.signal,
    });
  } catch {
    if (options.signal?.aborted) throw new ApiError('cancelled', 0, 0);
    throw new ApiError(i18n.t('error.network'), 0, 0);
  }
  // A proxy's HTML error page or an empty body is no envelope; the status then speaks for itself.
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  const code = envelope?.code ?? response.status;
  const serverText = envelope?.error?.message || envelope?.message || '';
  if (response.status === 401 || code === UNAUTHORIZED) {
    // The session ended (timeout, revoked, signed out elsewhere): forget it and ask for a new sign-in.
    if (getToken()) setToken(null);
    handlers.onUnauthorized();
    throw new ApiError(serverText || statusMessage(401), UNAUTHORIZED, response.status);
  }
  if (code === PASSWORD_CHANGE_REQUIRED) handlers.onMustChangePassword();
  if (!response.ok || !envelope || envelope.code !== SUCCESS_CODE) {
    throw new ApiError(serverText || statusMessage(response.status), code, response.status);
  }
  return envelope.result as T;
}

export const http = {
  get: <T>(url: string, params?: Params, signal?: AbortSignal) =>
    request<T>(url, { method: 'GET', params, signal }),
  post: <T>(url: string, body?: Body | FormData) => request<T>(url, { method: 'POST', body }),
};
